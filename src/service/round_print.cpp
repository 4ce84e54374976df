#include "service/round_print.h"

#include <fmt/format.h>

#include "service/table_keys.h"

namespace deedlog {

Status print_round(Journal& journal, const Tournament& t, int n, const std::string& judge_key, PrintedRound* out) {
  if (!judge_key_matches(t, judge_key)) return Status::invalid_argument("printing a round needs the Head Judge's key");
  const TournamentRound* round = t.round(n);
  if (round == nullptr) return Status::invalid_argument(fmt::format("round {} is not seated", n));
  PrintedRound printed;
  printed.round = *round;
  for (const TournamentTable& table : round->tables) {
    PrintedTable p;
    p.table = table;
    p.table.key = reprinted_table_key(judge_key, t.id, n, table);
    if (Status s = table_result(journal, t, n, table.table, &p.result); !s.is_ok()) return s;
    printed.tables.push_back(std::move(p));
  }
  *out = std::move(printed);
  return Status::ok();
}

}  // namespace deedlog
