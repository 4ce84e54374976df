// best_move (analysis/analysis.h), the analyst's choice that `match --player NAME=analyst` plays: at
// a decision it weighs the alternatives by play-outs and returns the best; any other move comes
// back as proposed. The same key and seed give the same choice on any number of threads.
#include <gtest/gtest.h>

#include <fstream>

#include "analysis/analysis.h"
#include "deedlog/game_file.h"
#include "deedlog/ruleset_catalog.h"
#include "service/game_session.h"
#include "support/cli.h"

namespace deedlog {
namespace {

struct Position {
  std::unique_ptr<Journal> journal;
  Game game;
  CardsSeen seen{};
};

// The auction of Mayfair, Ben's bid of 40 standing, Ann to answer: she holds Park Lane.
void auction_position(const std::filesystem::path& dir, Position* p) {
  const auto file = dir / "auction.game";
  std::ofstream(file) << R"([Ruleset "uk-1972"]
[Players "Ann, Ben"]
[Setup]
Ann: cash 1500; at "Liverpool Street Station"; owns "Park Lane"
Ben: cash 1500; at Go
Turn: Ann
[Moves]
Ann rolls 1 3
Ann declines
Ben bids 40
)";
  const auto db = dir / "auction.db";
  ASSERT_EQ(testing::referee(db, "import " + testing::quote(file.string())).code, 0);
  ASSERT_TRUE(Journal::open(db.string(), &p->journal, true).is_ok());
  ASSERT_TRUE(load_game(*p->journal, 1, 0, &p->game).is_ok());
  ASSERT_TRUE(cards_seen(*p->journal, p->game, &p->seen).is_ok());
  ASSERT_EQ(p->game.state.phase, Phase::Auction);
}

Command parsed(const Game& g, const std::string& line) {
  Command c;
  ParseError e;
  EXPECT_TRUE(parse_move(line, g.ruleset, g.header.players, &c, &e)) << line;
  return c;
}

TEST(AnalysisBestMove, BidsForTheLastSiteOfHerGroup) {
  const auto dir = testing::temp_dir("analysis-best-move");
  testing::RemovedAtExit cleanup{dir};
  Position p;
  auction_position(dir, &p);
  AnalysisOptions o;
  o.games = 120;
  o.seed = 4;
  o.threads = 1;
  Command best;
  const PlayOutPolicy play_outs = analysis_play_outs(p.game.ruleset);
  ASSERT_TRUE(
      best_move(p.game.ruleset, p.game.state, p.seen, parsed(p.game, "Ann passes"), p.game.header.players, o, play_outs, 77, &best)
          .is_ok());
  EXPECT_EQ(best.verb, Verb::Bid);
  EXPECT_GT(best.amount, Money(40));
  EXPECT_TRUE(decide(p.game.ruleset, p.game.state, best).accepted);
  // The same on two threads.
  o.threads = 2;
  Command again;
  ASSERT_TRUE(
      best_move(p.game.ruleset, p.game.state, p.seen, parsed(p.game, "Ann passes"), p.game.header.players, o, play_outs, 77, &again)
          .is_ok());
  EXPECT_EQ(again, best);
}

TEST(AnalysisBestMove, NoDecisionComesBackAsProposed) {
  const auto dir = testing::temp_dir("analysis-best-move-none");
  testing::RemovedAtExit cleanup{dir};
  Position p;
  auction_position(dir, &p);
  // Ben's bid stands: a bid of Ben's own is a decision, but a move the rules refuse is no choice.
  AnalysisOptions o;
  o.games = 4;
  Command best;
  const Command refused = parsed(p.game, "Ben rolls 3 4");
  ASSERT_TRUE(best_move(p.game.ruleset, p.game.state, p.seen, refused, p.game.header.players, o,
                        analysis_play_outs(p.game.ruleset), 1, &best)
                  .is_ok());
  EXPECT_EQ(best, refused);
}

// The analyst's play-outs forecast the rivals it is matched against (the built-in players, who
// bid the spread); the analysis's judge recorded moves against sound bidders. Both stop at the
// same horizon and are scored by the same model.
TEST(AnalysisBestMove, TheAnalystsPlayOutsBidAsTheBuiltInPlayers) {
  Ruleset r;
  ASSERT_TRUE(load_ruleset("uk-1972", &r).is_ok());
  const PlayOutPolicy analysis = analysis_play_outs(r), analyst = analyst_play_outs(r);
  EXPECT_TRUE(analysis.sound_bids);
  EXPECT_FALSE(analyst.sound_bids);
  EXPECT_EQ(analyst.horizon, analysis.horizon);
  EXPECT_EQ(analyst.model, analysis.model);
  EXPECT_NE(analyst.model, nullptr);
}

}  // namespace
}  // namespace deedlog
