// referee analyse at its default precision (docs/analysis.md, "Precision"): positions worked by
// hand are marked alike for every seed; a winning opening bid is no error; a turn let pass
// without building is judged in missed[] with the build as best; every interval reaches its
// target; the share before a throw is the average of its outcomes (the graph agrees with the
// luck); the adaptive sampling gives the same document on any number of threads.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <map>

#include <nlohmann/json.hpp>

#include "support/build_paths.h"
#include "support/analysed_game.h"
#include "support/cli.h"

namespace deedlog {
namespace {

using nlohmann::json;

struct Fixture {
  std::filesystem::path dir = testing::temp_dir("analysis-precision");
  testing::RemovedAtExit cleanup{dir};
};

std::filesystem::path imported(const Fixture& f, const std::string& name, const std::string& text) {
  return testing::imported_game(f.dir, name, text);
}

using testing::analysed;

const json& move_at(const json& doc, const std::string& starts) { return testing::analysed_move(doc, starts); }

double half_width(const json& interval) { return (interval[1].get<double>() - interval[0].get<double>()) / 2; }

// Ann throws onto Ben's hotel on Mayfair (£2,000); Ben lands on nothing of hers.
constexpr const char* kHotelGame = R"([Ruleset "uk-1972"]
[Players "Ann, Ben"]
[Setup]
Ann: cash 2500; at "Regent Street"; owns "Regent Street" (hotel), "Oxford Street" (hotel), "Bond Street" (hotel)
Ben: cash 1500; at "Free Parking"; owns "Park Lane" (hotel), Mayfair (hotel)
Turn: Ann
[Moves]
Ann rolls 1 2
Ben rolls 3 4
Ben buys
Ann rolls 2 3
)";

// Ann holds Park Lane and throws onto Mayfair, the last of her dark blues; she declines, and at
// the auction lets it go to Ben for £40, a tenth of its price.
constexpr const char* kPassGame = R"([Ruleset "uk-1972"]
[Players "Ann, Ben"]
[Setup]
Ann: cash 1500; at "Liverpool Street Station"; owns "Park Lane"
Ben: cash 1500; at Go
Turn: Ann
[Moves]
Ann rolls 1 3
Ann declines
Ben bids 40
Ann passes
)";

TEST(AnalysisPrecision, AThrowOntoAHotelIsUnluckyForFiveSeeds) {
  Fixture f;
  const auto hotel = imported(f, "hotel", kHotelGame);
  for (int seed = 1; seed <= 5; ++seed) {
    const json h = analysed(hotel, "--seed " + std::to_string(seed) + " --threads 2");
    const json& thrown = move_at(h, "Ann rolls 2 3");
    EXPECT_LT(thrown["luck_interval"][1].get<double>(), 0.0) << "seed " << seed << ": " << thrown.dump();
    EXPECT_EQ(h["players"][0]["unluckiest"]["seq"], thrown["seq"]) << "seed " << seed;
  }
}

TEST(AnalysisPrecision, LettingTheLastSiteOfAGroupGoIsBadForFiveSeeds) {
  Fixture f;
  const auto pass = imported(f, "pass", kPassGame);
  for (int seed = 1; seed <= 5; ++seed) {
    const json p = analysed(pass, "--seed " + std::to_string(seed) + " --threads 2");
    const json& passed = move_at(p, "Ann passes");
    const std::string mark = passed.value("mark", "");
    EXPECT_TRUE(mark == "bad" || mark == "very_bad") << "seed " << seed << ": " << passed.dump();
    EXPECT_EQ(passed["best"].get<std::string>().rfind("Ann bids", 0), 0u) << "seed " << seed << ": " << passed.dump();
  }
}

// Declining the last site of one's group (Mayfair, beside her Park Lane, with the cash to buy
// it) is very bad for every seed: at the auction a sound bidder who blocks her group outbids her.
TEST(AnalysisPrecision, DecliningTheLastSiteOfAGroupIsVeryBadForFiveSeeds) {
  Fixture f;
  const auto db = imported(f, "decline", kPassGame);
  for (int seed = 1; seed <= 5; ++seed) {
    const json d = analysed(db, "--seed " + std::to_string(seed) + " --threads 2");
    const json& declined = move_at(d, "Ann declines");
    EXPECT_EQ(declined.value("mark", ""), "very_bad") << "seed " << seed << ": " << declined.dump();
    EXPECT_EQ(declined["best"], "Ann buys") << "seed " << seed;
    EXPECT_GE(declined["error_interval"][0].get<double>(), 0.08) << "seed " << seed;
  }
}

// An opening bid in an open auction may be raised later: Ben's 10 for Whitechapel Road, which
// he won, is no error (the play-outs bid on as sound bidders would, Ben among them).
TEST(AnalysisPrecision, AWinningOpeningBidIsUnmarked) {
  Fixture f;
  const auto db = imported(f, "opening", R"([Ruleset "uk-1972"]
[Players "Ann, Ben"]
[Moves]
Ann rolls 1 2
Ann declines
Ben bids 10
Ann passes
)");
  for (int seed : {1, 2}) {
    const json doc = analysed(db, "--seed " + std::to_string(seed) + " --threads 2");
    const json& bid = move_at(doc, "Ben bids 10");
    ASSERT_TRUE(bid.contains("error")) << bid.dump();
    EXPECT_FALSE(bid.contains("mark")) << "seed " << seed << ": " << bid.dump();
    EXPECT_EQ(bid["alternatives"].get<int>(), 2);  // the bid and passing: no lower bid than the least
  }
}

// The same in a game of three typed at a club (tests/data/analysis-club-evening.game, with a
// take-back): Cat's opening 10 for Whitechapel Road, which she won, has no mark for any seed; a
// higher bid at once is no alternative to it (she could raise when outbid). Ann's two turns
// with the oranges and no house are in missed[], each with a build as best; the move taken
// back is not analysed.
TEST(AnalysisPrecision, AClubEveningTypedByHand) {
  Fixture f;
  const auto db = f.dir / "evening.db";
  ASSERT_EQ(testing::referee(db, "import " + testing::quote(std::string(deedlog::testing::source_dir()) + "/tests/data/analysis-club-evening.game")).code, 0);
  for (int seed : {1, 2, 3}) {
    const json doc = analysed(db, "--seed " + std::to_string(seed) + " --threads 2");
    const json& bid = move_at(doc, "Cat bids 10");
    ASSERT_TRUE(bid.contains("error")) << bid.dump();
    EXPECT_FALSE(bid.contains("mark")) << "seed " << seed << ": " << bid.dump();
    int anns = 0;
    for (const json& m : doc["missed"]) {
      EXPECT_EQ(m["player"], "Ann") << m.dump();
      EXPECT_EQ(m["best"].get<std::string>().rfind("Ann builds", 0), 0u) << m.dump();
      ++anns;
    }
    EXPECT_EQ(anns, 2) << doc["missed"].dump();
    for (const json& m : doc["moves"]) EXPECT_NE(m["move"].get<std::string>().rfind("Ann declines", 0), 0u) << m.dump();
  }
  EXPECT_EQ(testing::referee(db, "verify").code, 0);
}

// Ann, with the oranges and £1,500, ends her turn without building, Ben two to eight squares
// short of them: judged in missed[], the build its best plan; moves[] has no entry for it.
TEST(AnalysisPrecision, AMissedBuildIsMarkedWithTheBuildAsBest) {
  Fixture f;
  const auto db = imported(f, "missed", R"([Ruleset "uk-1972"]
[Players "Ann, Ben"]
[Setup]
Ann: cash 1500; at Go; owns "Bow Street", "Marlborough Street", "Vine Street"
Ben: cash 1500; at "Pall Mall"; owns "Regent Street", "Oxford Street", "Bond Street"
Turn: Ann
[Moves]
Ann rolls 6 4   # Jail, just visiting
Ann ends turn   # without building
)");
  const json doc = analysed(db, "--threads 2");
  ASSERT_EQ(doc["missed"].size(), 1u) << doc["missed"].dump();
  const json& m = doc["missed"][0];
  EXPECT_EQ(m["player"], "Ann");
  // The last event of the turn's last move: after the throw's line, before the end of the turn.
  EXPECT_GT(m["seq"].get<int>(), move_at(doc, "Ann rolls 6 4")["seq"].get<int>());
  EXPECT_LT(m["seq"].get<int>(), move_at(doc, "Ann ends turn")["seq"].get<int>());
  const std::string mark = m.value("mark", "");
  EXPECT_TRUE(mark == "doubtful" || mark == "bad" || mark == "very_bad") << m.dump();
  EXPECT_EQ(m["best"].get<std::string>().rfind("Ann builds", 0), 0u) << m.dump();
  EXPECT_NE(m["best"].get<std::string>().find("\"Bow Street\", \"Marlborough Street\", \"Vine Street\""), std::string::npos)
      << m["best"];
  EXPECT_GE(m["error_interval"][0].get<double>(), 0.02);
  EXPECT_LE(half_width(m["error_interval"]), 0.02 + 1e-3);
  for (const json& mv : doc["moves"]) EXPECT_EQ(mv["move"].get<std::string>().find("builds"), std::string::npos);
}

// The long game's first 120 events at the default: every interval within its target (or the move
// says the cap stopped it), each player's total luck within ±0.05, the shares before each throw
// the average of its outcomes, and the "equivalent" figure as documented.
TEST(AnalysisPrecision, IntervalsWithinTargetAndTheGraphAgreesWithTheLuck) {
  Fixture f;
  const auto db = f.dir / "long.db";
  ASSERT_EQ(testing::referee(db, "import " + testing::quote(testing::sample("uk-1972/long-game.game"))).code, 0);
  const json doc = analysed(db, "--seed 3 --threads 2 --to 120");
  EXPECT_EQ(doc["precision"], 0.02);
  EXPECT_EQ(doc["total_precision"], 0.05);
  EXPECT_EQ(doc["method"], 3);
  double widest = 0;
  int throws = 0, agreeing = 0;
  json before = doc["start"]["win"];
  for (const json& m : doc["moves"]) {
    const bool short_of = m.value("short_of_target", false);
    if (m.contains("luck")) {
      ++throws;
      const double half = half_width(m["luck_interval"]);
      widest = std::max(widest, half);
      if (!short_of) {
        EXPECT_LE(half, 0.02 + 1e-3) << m.dump();
      }
      // after - luck = before: the share before the event is the average of its outcomes, and
      // the share after it (the next event's average, or the outcome's own play-outs) agrees
      // within the two estimates' noise.
      const std::string mover = m["player"];
      if (std::fabs(m["win"][mover].get<double>() - m["luck"].get<double>() - before[mover].get<double>()) <= 0.03) ++agreeing;
    }
    if (m.contains("error")) {
      const double half = half_width(m["error_interval"]);
      widest = std::max(widest, half);
      if (!short_of) {
        EXPECT_LE(half, 0.02 + 1e-3) << m.dump();
      }
      // The mark follows the interval's lower end.
      const double low = m["error_interval"][0];
      const std::string mark = m.value("mark", "");
      const std::string expected = low >= 0.08                        ? "very_bad"
                                   : low >= 0.04                      ? "bad"
                                   : low >= 0.02                      ? "doubtful"
                                   : m["error"].get<double>() >= 0.02 ? "uncertain"
                                                                      : "";
      EXPECT_EQ(mark, expected) << m.dump();
    }
    before = m["win"];
  }
  EXPECT_GT(throws, 10);
  EXPECT_GE(agreeing, 0.95 * throws) << agreeing << " of " << throws;
  EXPECT_NEAR(doc["widest_interval"].get<double>(), widest, 2e-4);
  // (0.98 / widest)², the widest as the document rounds it to 4 decimals.
  EXPECT_NEAR(doc["equivalent_games"].get<double>(), std::pow(0.98 / doc["widest_interval"].get<double>(), 2),
              0.02 * doc["equivalent_games"].get<double>())
      << doc["widest_interval"];
  for (const json& p : doc["players"]) {
    ASSERT_TRUE(p.contains("luck_interval")) << p.dump();
    EXPECT_LE(p["luck_interval"][0].get<double>(), p["luck"].get<double>() + 1e-4);
    EXPECT_GE(p["luck_interval"][1].get<double>(), p["luck"].get<double>() - 1e-4);
    if (doc["short_of_target"] == 0) {
      EXPECT_LE(half_width(p["luck_interval"]), 0.05 + 1e-3) << p.dump();
    }
  }
}

// The batches and the stopping depend on the play-outs' values alone: the same document on one
// thread as on two.
TEST(AnalysisPrecision, AdaptiveSamplingSameOnAnyThreads) {
  Fixture f;
  const auto db = f.dir / "long.db";
  ASSERT_EQ(testing::referee(db, "import " + testing::quote(testing::sample("uk-1972/long-game.game"))).code, 0);
  const auto one = testing::referee(db, "--json analyse --precision 0.04 --seed 8 --threads 1 --to 40");
  const auto two = testing::referee(db, "--json analyse --precision 0.04 --seed 8 --threads 2 --to 40");
  ASSERT_EQ(one.code, 0) << one.err;
  EXPECT_EQ(one.out, two.out);
}

// --games alone keeps its old meaning (that many play-outs a position, one batch); with
// --precision it is the first batch; options out of range are exit 2.
TEST(AnalysisPrecision, GamesAloneIsOneBatch) {
  Fixture f;
  const auto db = imported(f, "hotel", kHotelGame);
  const json fixed = analysed(db, "--games 40 --threads 2");
  EXPECT_EQ(fixed["precision"], 0.0);
  for (const json& m : fixed["moves"]) EXPECT_EQ(m["playouts"], 40) << m.dump();
  const json adaptive = analysed(db, "--games 40 --precision 0.03 --threads 2");
  bool more = false;
  for (const json& m : adaptive["moves"]) more = more || m["playouts"].get<int>() > 40;
  EXPECT_TRUE(more);
  EXPECT_EQ(testing::referee(db, "analyse --precision -1").code, 2);
  EXPECT_EQ(testing::referee(db, "analyse --max-games -5").code, 2);
}

// A target far below what the play-outs can reach (the play-outs it asks for are more than an
// int holds) stops at the cap, every move short of it, without the count overflowing.
TEST(AnalysisPrecision, ATargetBeyondReachStopsAtTheCap) {
  Fixture f;
  const auto db = imported(f, "hotel", kHotelGame);
  const json doc = analysed(db, "--games 20 --max-games 40 --precision 1e-9 --total-precision 1e-9 --threads 2");
  EXPECT_GT(doc["short_of_target"].get<int>(), 0);
  for (const json& m : doc["moves"])
    if (m.contains("luck") || m.contains("error")) {
      EXPECT_EQ(m["playouts"], 40) << m.dump();
      EXPECT_EQ(m.value("short_of_target", false), true) << m.dump();
    }
  EXPECT_GT(doc["equivalent_games"].get<std::int64_t>(), 0);
}

// A decided game (every play-out Ann's): the intervals are a rounding error wide, and the
// "equivalent to N plain play-outs" figure is capped, not converted beyond the integer's range
// (it was -9223372036854775808).
TEST(AnalysisPrecision, ADecidedGameHasAnEquivalentWithinRange) {
  Fixture f;
  const auto db = imported(f, "decided", R"([Ruleset "uk-1972"]
[Players "Ann, Ben"]
[Setup]
Ann: cash 5000; at Go; owns "Old Kent Road", "Whitechapel Road", "The Angel Islington", "Euston Road", "Pentonville Road", "Pall Mall", "Whitehall", "Northumberland Avenue", "Bow Street", "Marlborough Street", "Vine Street", "Strand" (hotel), "Fleet Street" (hotel), "Trafalgar Square" (hotel), "Leicester Square" (hotel), "Coventry Street" (hotel), "Piccadilly" (hotel), "Regent Street" (hotel), "Oxford Street" (hotel), "Bond Street" (hotel), "Park Lane" (hotel), Mayfair (hotel)
Ben: cash 1; at Go
Turn: Ann
[Moves]
Ann rolls 1 2
)");
  const json doc = analysed(db, "--threads 2");
  EXPECT_GE(doc["equivalent_games"].get<std::int64_t>(), 0) << doc["widest_interval"];
  EXPECT_LE(doc["equivalent_games"].get<std::int64_t>(), 1'000'000'000'000'000) << doc["widest_interval"];
}

}  // namespace
}  // namespace deedlog
