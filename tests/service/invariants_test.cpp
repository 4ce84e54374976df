// Every sample game, replayed event by event: after each event the position is sound (money
// conserved, building stock, even building, owners), and a fold from a snapshot equals a
// fold from the start.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>

#include "service/game_session.h"
#include "deedlog/event_codec.h"
#include "deedlog/evolve.h"
#include "deedlog/invariants.h"
#include "deedlog/game_file.h"
#include "deedlog/ruleset_catalog.h"
#include "support/cli.h"

namespace deedlog {
namespace {
namespace fs = std::filesystem;


// Imports a sample into an in-memory journal as far as it is legal.
std::int64_t import_into(Journal& j, const fs::path& file) {
  const std::string text = testing::slurp(file);
  GameHeader header;
  ParseError perr;
  if (!parse_header(text, &header, &perr)) return 0;
  Ruleset r;
  if (!load_ruleset(header.ruleset, &r).is_ok()) return 0;
  GameFile gf;
  if (!parse_game(text, r, &gf, &perr)) return 0;
  std::int64_t id = 0;
  std::optional<Violation> refused;
  if (!create_game(j, gf.header, gf.setup, &id, &refused).is_ok() || refused) return 0;
  Game g;
  EXPECT_TRUE(load_game(j, id, 0, &g).is_ok());
  for (const MoveLine& m : gf.moves) {
    PlayOutcome po;
    EXPECT_TRUE(play_move(j, g, m.command, false, &po).is_ok());
    if (!po.decision.accepted) break;
  }
  return id;
}

class SampleInvariants : public ::testing::TestWithParam<fs::path> {};

TEST_P(SampleInvariants, HoldAfterEveryEvent) {
  std::unique_ptr<Journal> j;
  ASSERT_TRUE(Journal::open(":memory:", &j).is_ok());
  const std::int64_t id = import_into(*j, GetParam());
  if (id == 0) GTEST_SKIP() << "the sample's setup is refused on purpose";
  Game g;
  ASSERT_TRUE(load_game(*j, id, 1, &g).is_ok());
  State s = initial_state(g.ruleset, g.header);
  std::vector<EventRow> rows;
  ASSERT_TRUE(j->scan(id, 1, 0, [&](const EventRow& row) {
                 rows.push_back(row);
                 return true;
               }).is_ok());
  std::int64_t checked = 0;
  // The position after each event, for a take-back: it returns to the position before the moves
  // it voids (evolve.h), as every reader of the journal folds it.
  std::map<std::int64_t, State> after;
  after[s.seq] = s;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    Event e;
    std::string error;
    ASSERT_TRUE(decode_event(rows[i].type, rows[i].payload, &e, &error)) << error;
    evolve(s, e);
    if (e.type == EventType::MovesTakenBack) {
      const auto before = after.find(first_voided(e, s.seq) - 1);
      ASSERT_NE(before, after.end()) << "after event " << rows[i].seq;
      s = after_take_back(before->second, s.seq);
    }
    after[s.seq] = s;
    // A move (or the opening) is complete when the next event starts another move.
    const bool move_complete = i + 1 == rows.size() || rows[i + 1].type == "MovePlayed";
    const std::string problem = check_invariants(g.ruleset, s, move_complete);
    ASSERT_EQ(problem, "") << "after event " << rows[i].seq << " (" << rows[i].type << ")";
    ++checked;
  }
  EXPECT_GT(checked, 0);
  // Any point of the game folded through the snapshots equals the plain fold.
  Game whole;
  ASSERT_TRUE(load_game(*j, id, 0, &whole).is_ok());
  EXPECT_EQ(whole.state, s);
}

INSTANTIATE_TEST_SUITE_P(Samples, SampleInvariants, ::testing::ValuesIn(testing::all_sample_games()),
                         [](const ::testing::TestParamInfo<fs::path>& p) { return testing::sample_test_name(p.param); });

}  // namespace
}  // namespace deedlog
