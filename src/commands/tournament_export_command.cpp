#include "commands/tournament_export_command.h"

#include <fmt/format.h>

#include <array>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "commands/tournament_command.h"
#include "core/exit_code.h"
#include "journal/private_file.h"
#include "present/tournament_csv.h"
#include "present/tournament_record.h"
#include "service/tournament_export.h"

namespace deedlog {
namespace {

using ojson = nlohmann::ordered_json;

int fail(std::ostream& err, const Status& s) { return tournament_failed(err, s); }
int usage(std::ostream& err, const std::string& message) { return tournament_usage(err, message); }

// A file the user names: made private, never over one there. A name taken is the user's to
// change (exit 2, as a bad option is), nothing written.
int write_new_file(const std::string& path, const std::string& text, std::ostream& err) {
  const Status s = create_private_file(path, text);
  if (s.is_ok()) return kExitOk;
  err << "referee tournament: " << (s.is_conflict() ? "refused: " : "") << s.message() << "\n";
  return s.is_conflict() ? kExitUsage : kExitFailure;
}

}  // namespace

int run_tournament_export(Journal& j, const Tournament& t, const CommonOptions& o, const TournamentOptions& opt,
                          std::ostream& out, std::ostream& err) {
  if (opt.csv.empty() == opt.record.empty())
    return usage(err, "export takes --csv standings|results [--out FILE] or --record FILE");
  if (!opt.csv.empty() && opt.csv != "standings" && opt.csv != "results")
    return usage(err, fmt::format("--csv takes standings or results, not '{}'", opt.csv));
  if (!opt.record.empty() && !opt.out.empty()) return usage(err, "--record names its file itself: --out is for --csv");
  if (!opt.words.empty()) return usage(err, "export takes no arguments");
  TournamentExport e;
  if (Status s = gather_tournament_export(j, t, &e); !s.is_ok()) return fail(err, s);
  int hidden = 0;
  for (const ExportedRound& r : e.rounds) hidden += r.hidden ? 1 : 0;
  if (!opt.csv.empty()) {
    const std::string text = opt.csv == "standings" ? standings_csv(e) : results_csv(e);
    if (opt.out.empty()) {
      out << text;
      return kExitOk;
    }
    if (const int code = write_new_file(opt.out, text, err); code != kExitOk) return code;
    if (o.json) out << export_written_json(t, opt.out, hidden).dump() << "\n";
    else out << export_written_words(t, "The " + opt.csv, opt.out, hidden);
    return kExitOk;
  }
  const std::string text = tournament_record_json(t, e).dump(1) + "\n";
  if (const int code = write_new_file(opt.record, text, err); code != kExitOk) return code;
  if (o.json) out << export_written_json(t, opt.record, hidden).dump() << "\n";
  else out << export_written_words(t, "The record", opt.record, hidden);
  return kExitOk;
}

int run_tournament_check(Journal& j, const CommonOptions& o, const TournamentOptions& opt, std::ostream& out,
                         std::ostream& err) {
  if (opt.words.size() != 1) return usage(err, "check takes the record's file: check FILE");
  const std::string& path = opt.words[0];
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    err << "referee tournament: cannot read " << path << "\n";
    return kExitFailure;
  }
  // Read no more than a record can be, and one byte to tell a larger file.
  std::string text;
  std::array<char, 1 << 16> chunk{};
  while (text.size() <= kTournamentRecordMostBytes && file.read(chunk.data(), chunk.size()).gcount() > 0)
    text.append(chunk.data(), static_cast<std::size_t>(file.gcount()));
  if (file.bad()) {
    err << "referee tournament: cannot read " << path << "\n";
    return kExitFailure;
  }
  ojson record;
  std::int64_t id = 0;
  if (Status s = read_tournament_record(text, &record, &id); !s.is_ok()) {
    err << "referee tournament: " << path << ": " << s.message() << "; nothing was checked\n";
    return kExitUsage;
  }
  if (opt.tournament) id = *opt.tournament;
  Tournament t;
  if (Status s = load_tournament(j, id, &t); !s.is_ok()) return fail(err, s);
  TournamentExport e;
  if (Status s = gather_tournament_export(j, t, &e); !s.is_ok()) return fail(err, s);
  const std::vector<RecordDifference> differences = compare_tournament_records(record, tournament_record_json(t, e));
  if (o.json) out << record_check_json(t.id, differences).dump() << "\n";
  else out << record_check_words(t.id, differences);
  return differences.empty() ? kExitOk : kExitFailure;
}

}  // namespace deedlog
