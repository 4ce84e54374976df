#include "commands/analyse_command.h"

#include <ostream>

#include "analysis/analysis.h"
#include "core/exit_code.h"
#include "present/analysis_words.h"
#include "replay/timeline.h"
#include "replay/win_chart.h"
#include "service/game_session.h"
#include "service/kept_analysis.h"

#include <fstream>

namespace deedlog {

int run_analyse(const CommonOptions& o, const AnalyseCommandOptions& c, std::ostream& out, std::ostream& err) {
  auto fail = [&](const Status& s) { return command_failed(err, s); };
  std::unique_ptr<Journal> j;
  std::int64_t id = 0;
  if (Status s = open_game_to_read(o, &j, &id); !s.is_ok()) return fail(s);
  // The game as it stands now: its head is what the analysis is of (a move played while the
  // analysis runs is left out, by analysing to the head's event), and the annotated file's moves.
  Timeline timeline;
  if (Status s = Timeline::load(*j, id, &timeline); !s.is_ok()) return fail(s);
  const bool to_head = c.to == 0 || c.to >= timeline.last();
  AnalysisOptions ao;
  ao.games = c.games;
  ao.seed = c.seed;
  ao.threads = c.threads;
  ao.from = c.from;
  ao.to = to_head ? timeline.last() : c.to;
  ao.max_moves = c.max_moves;
  ao.precision = c.precision;
  ao.total_precision = c.total_precision;
  ao.max_games = c.max_games;
  Analysis a;
  if (Status s = analyse_game(*j, id, ao, &a); !s.is_ok()) return fail(s);
  nlohmann::ordered_json doc = analysis_json(a);
  // Kept in the journal's store when it reaches the head, so the viewers show it without
  // computing it again (docs/analysis-views.md).
  if (to_head) {
    doc["head"] = timeline.head_hash();
    const Status kept = keep_analysis(*j->open_analysis_store(), id, nlohmann::json::parse(doc.dump()));
    if (!kept.is_ok()) err << "referee: the analysis is not kept: " << kept.message() << "\n";
  }
  if (!c.annotate.empty()) {
    std::ofstream file(c.annotate, std::ios::binary | std::ios::trunc);
    file << annotated_notation(timeline, nlohmann::json::parse(doc.dump()));
    file.close();
    if (!file) return fail(Status::io_error("cannot write " + c.annotate));
  }
  if (o.json) out << doc.dump() << "\n";
  else out << analysis_text(a);
  return kExitOk;
}

}  // namespace deedlog
