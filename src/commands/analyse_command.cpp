#include "commands/analyse_command.h"

#include <ostream>

#include "bots/analysis.h"
#include "core/exit_code.h"
#include "present/analysis_words.h"
#include "service/game_session.h"

namespace deedlog {

int run_analyse(const CommonOptions& o, const AnalyseCommandOptions& c, std::ostream& out, std::ostream& err) {
  auto fail = [&](const Status& s) {
    err << "referee: " << s.message() << "\n";
    return s.code() == Status::Code::InvalidArgument ? kExitUsage : kExitFailure;
  };
  std::unique_ptr<Journal> j;
  if (Status s = Journal::open(o.db, &j, true); !s.is_ok()) return fail(s);
  std::int64_t id = 0;
  if (Status s = resolve_game_id(*j, o.game, &id); !s.is_ok()) return fail(s);
  AnalysisOptions ao;
  ao.games = c.games;
  ao.seed = c.seed;
  ao.threads = c.threads;
  ao.from = c.from;
  ao.to = c.to;
  ao.max_moves = c.max_moves;
  Analysis a;
  if (Status s = analyse_game(*j, id, ao, &a); !s.is_ok()) return fail(s);
  if (o.json) out << analysis_json(a).dump() << "\n";
  else out << analysis_text(a);
  return kExitOk;
}

}  // namespace deedlog
