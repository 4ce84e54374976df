// referee moves: over whole sample games, every move the journal records was among the legal
// moves at its point, and every listed move is accepted by `play --dry-run`.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "service/game_session.h"
#include "deedlog/legal_moves.h"
#include "deedlog/game_file.h"
#include "deedlog/ruleset_catalog.h"
#include "support/cli.h"

namespace deedlog {
namespace {
namespace fs = std::filesystem;

// The same move up to what the list leaves to the player (the dice, the amount, the card's
// wording, how many houses at once).
bool same_kind(const Command& listed, const Command& played) {
  if (listed.verb != played.verb || listed.actor != played.actor) return false;
  switch (played.verb) {
    case Verb::Build:
    case Verb::Sell:
      return listed.square == played.square && listed.hotel == played.hotel;
    case Verb::Mortgage:
    case Verb::Unmortgage:
      return listed.square == played.square;
    case Verb::AuctionBuilding:
      return listed.hotel == played.hotel;
    default:
      return true;
  }
}

class SampleMoves : public ::testing::TestWithParam<fs::path> {};

TEST_P(SampleMoves, EveryRecordedMoveWasListed) {
  const std::string text = testing::slurp(GetParam());
  GameHeader header;
  ParseError perr;
  ASSERT_TRUE(parse_header(text, &header, &perr));
  Ruleset r;
  ASSERT_TRUE(load_ruleset(header.ruleset, &r).is_ok());
  GameFile gf;
  ASSERT_TRUE(parse_game(text, r, &gf, &perr)) << perr.message;
  std::unique_ptr<Journal> j;
  ASSERT_TRUE(Journal::open(":memory:", &j).is_ok());
  std::int64_t id = 0;
  std::optional<Violation> refused;
  ASSERT_TRUE(create_game(*j, gf.header, gf.setup, &id, &refused).is_ok());
  if (refused) GTEST_SKIP() << "setup refused on purpose";
  Game g;
  ASSERT_TRUE(load_game(*j, id, 0, &g).is_ok());
  if (gf.moves.empty()) GTEST_SKIP() << "a position only (a dispute's setup): no moves to check";
  int checked = 0;
  for (const MoveLine& m : gf.moves) {
    const std::vector<LegalMove> legal = legal_moves(g.ruleset, g.state);
    PlayOutcome po;
    ASSERT_TRUE(play_move(*j, g, m.command, false, &po).is_ok());
    if (!po.decision.accepted) break;  // the sample's deliberate refusal ends it
    if (m.command.verb == Verb::Offer || m.command.verb == Verb::Deal) continue;  // forms, not listed
    // The referee's corrections are rulings on the game, not moves in it: moves lists neither.
    if (m.command.verb == Verb::Award || m.command.verb == Verb::TakeBack) continue;
    bool found = false;
    for (const LegalMove& l : legal) found = found || same_kind(l.command, m.command);
    EXPECT_TRUE(found) << GetParam().filename() << " line " << m.line << ": " << m.text << " was not listed";
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

INSTANTIATE_TEST_SUITE_P(Samples, SampleMoves, ::testing::ValuesIn(testing::all_sample_games()),
                         [](const ::testing::TestParamInfo<fs::path>& p) { return testing::sample_test_name(p.param); });

TEST(MovesCommand, EveryListedMoveIsAcceptedByADryRun) {
  const auto db = testing::temp_dir("moves") / "g.db";
  ASSERT_EQ(testing::referee(db, "import " + testing::quote(testing::sample("uk-1972/long-game.game"))).code, 0);
  const auto listed = testing::referee(db, "--json moves");
  ASSERT_EQ(listed.code, 0) << listed.err;
  const auto doc = nlohmann::json::parse(listed.out);
  ASSERT_GT(doc["moves"].size(), 10u);
  for (const auto& move : doc["moves"]) {
    const auto r = testing::referee(db, "play --dry-run " + testing::quote(move.get<std::string>()));
    EXPECT_EQ(r.code, 0) << move << ": " << r.out << r.err;
  }
}

}  // namespace
}  // namespace deedlog
