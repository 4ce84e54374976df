// referee analyse on positions a person can work by hand (docs/analysis.md): a throw onto an
// opponent's hotel is the game's unluckiest; letting the last site of one's group go at auction
// for a tenth of its price, and a trade that hands an opponent a complete group for a utility,
// are marked bad or very bad. The same seed gives the same document on any number of threads;
// the figures add up; games as tables type them analyse; bad input exits as the contract says.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <map>

#include <nlohmann/json.hpp>

#include "support/analysed_game.h"
#include "support/cli.h"

namespace deedlog {
namespace {

using nlohmann::json;

struct Fixture {
  std::filesystem::path dir = testing::temp_dir("analysis-positions");
  testing::RemovedAtExit cleanup{dir};
};

std::filesystem::path imported(const Fixture& f, const std::string& name, const std::string& text) {
  return testing::imported_game(f.dir, name, text);
}

using testing::analysed;

const json& move_at(const json& doc, const std::string& starts) { return testing::analysed_move(doc, starts); }

// Ann has hotels on the greens and £2,500; Ben has hotels on the dark blues. Her throw of 5 from
// Bond Street puts her on Mayfair: £2,000 rent. Her first throw (3 from Regent Street) missed
// both his hotels (6 and 8 would have found them).
constexpr const char* kHotelGame = R"(# Typed at the table: no seed, the dice as thrown.
[Ruleset "uk-1972"]
[Players "Ann, Ben"]
[Setup]
Ann: cash 2500; at "Regent Street"; owns "Regent Street" (hotel), "Oxford Street" (hotel), "Bond Street" (hotel)
Ben: cash 1500; at "Free Parking"; owns "Park Lane" (hotel), Mayfair (hotel)
Turn: Ann
[Moves]
Ann rolls 1 2   # Bond Street, her own
Ben rolls 3 4   # Coventry Street
Ben buys        # he can afford it
Ann rolls 2 3   # Mayfair, with a hotel: 2000
)";

TEST(AnalysisPositions, ThrowOntoAHotelIsTheUnluckiest) {
  Fixture f;
  const json doc = analysed(imported(f, "hotel", kHotelGame), "--games 200 --seed 3 --threads 2");
  const json& hotel = move_at(doc, "Ann rolls 2 3");
  ASSERT_TRUE(hotel.contains("luck"));
  int throws = 0;
  for (const json& m : doc["moves"]) {
    if (!m.contains("luck")) continue;
    ++throws;
    if (m["seq"] != hotel["seq"]) {
      EXPECT_LT(hotel["luck"].get<double>(), m["luck"].get<double>()) << m["move"];
    }
  }
  EXPECT_EQ(throws, 3);
  // Unlucky beyond doubt: the whole interval below zero, and Ann's unluckiest moment.
  EXPECT_LT(hotel["luck_interval"][1].get<double>(), 0.0);
  EXPECT_EQ(hotel["outcomes"], 21);  // every distinct throw of two dice
  EXPECT_EQ(doc["players"][0]["unluckiest"]["seq"], hotel["seq"]);
}

TEST(AnalysisPositions, LastSiteOfAGroupLetGoAtAuctionForATenth) {
  Fixture f;
  const auto db = imported(f, "auction", R"([Ruleset "uk-1972"]
[Players "Ann, Ben"]
[Setup]
Ann: cash 1500; at "Liverpool Street Station"; owns "Park Lane"
Ben: cash 1500; at Go
Turn: Ann
[Moves]
Ann rolls 1 3   # Mayfair, the last of her dark blues
Ann declines    # she means to get it cheaper at auction
Ben bids 40
Ann passes      # and lets it go for a tenth of its price
)");
  const json doc = analysed(db, "--games 200 --seed 5 --threads 2");
  const json& pass = move_at(doc, "Ann passes");
  ASSERT_TRUE(pass.contains("mark")) << pass.dump();
  const std::string mark = pass["mark"];
  EXPECT_TRUE(mark == "bad" || mark == "very_bad") << pass.dump();
  EXPECT_GE(pass["error"].get<double>(), 0.04);
  EXPECT_EQ(pass["best"].get<std::string>().rfind("Ann bids", 0), 0u) << pass["best"];
  EXPECT_GE(pass["alternatives"].get<int>(), 3);  // passing, and bids up to the price
  EXPECT_GE(doc["players"][0]["marks"]["bad"].get<int>() + doc["players"][0]["marks"]["very_bad"].get<int>(), 1);
}

TEST(AnalysisPositions, CompleteGroupTradedForAUtility) {
  Fixture f;
  // Accepting: Ann's Park Lane completes Ben's dark blues; she gets the Electric Company.
  const json accepted = analysed(imported(f, "accept", R"([Ruleset "uk-1972"]
[Players "Ann, Ben"]
[Setup]
Ann: cash 1500; at "Jail"; owns "Park Lane"
Ben: cash 1500; at Go; owns Mayfair, "Electric Company"
Turn: Ben
[Moves]
Ben offers Ann: "Electric Company" for "Park Lane"
Ann accepts     # the dark blues go to Ben for a utility
)"),
                                 "--games 200 --seed 2 --threads 2");
  const json& accept = move_at(accepted, "Ann accepts");
  const std::string mark = accept.value("mark", "");
  EXPECT_TRUE(mark == "bad" || mark == "very_bad") << accept.dump();
  EXPECT_EQ(accept["best"], "Ann rejects");
  // Offering it: against no trade (the offer not made), answered as the built-in player answers.
  const json offered = analysed(imported(f, "offer", R"([Ruleset "uk-1972"]
[Players "Ann, Ben"]
[Setup]
Ann: cash 1500; at "Jail"; owns "Park Lane"
Ben: cash 1500; at Go; owns Mayfair, "Electric Company"
Turn: Ann
[Moves]
Ann offers Ben: "Park Lane" for "Electric Company"
Ben accepts
)"),
                                "--games 200 --seed 2 --threads 2");
  const json& offer = move_at(offered, "Ann offers");
  const std::string offer_mark = offer.value("mark", "");
  EXPECT_TRUE(offer_mark == "bad" || offer_mark == "very_bad") << offer.dump();
  EXPECT_EQ(offer["best"], "Ann makes no trade");
}

TEST(AnalysisPositions, SameSeedSameDocumentOnAnyThreads) {
  Fixture f;
  const auto db = f.dir / "long.db";
  ASSERT_EQ(testing::referee(db, "import " + testing::quote(testing::sample("uk-1972/long-game.game"))).code, 0);
  const auto one = testing::referee(db, "--json analyse --games 6 --seed 11 --threads 1 --to 60");
  const auto two = testing::referee(db, "--json analyse --games 6 --seed 11 --threads 2 --to 60");
  ASSERT_EQ(one.code, 0) << one.err;
  EXPECT_EQ(one.out, two.out);
  const auto other = testing::referee(db, "--json analyse --games 6 --seed 12 --threads 2 --to 60");
  EXPECT_NE(one.out, other.out);
}

// The document's shape (INTERFACE.md section 5) and its sums.
TEST(AnalysisPositions, FiguresAddUp) {
  Fixture f;
  const auto db = f.dir / "long.db";
  ASSERT_EQ(testing::referee(db, "import " + testing::quote(testing::sample("uk-1972/long-game.game"))).code, 0);
  const json doc = analysed(db, "--games 6 --seed 4 --threads 2 --from 140 --to 240");
  EXPECT_EQ(doc["games"], 6);
  EXPECT_EQ(doc["seed"], 4);
  ASSERT_EQ(doc["players"].size(), 4u);
  std::map<std::string, double> luck;
  std::map<std::string, int> decisions;
  int throws = 0, cards = 0;
  for (const json& m : doc["moves"]) {
    EXPECT_GE(m["seq"].get<int>(), 140);
    EXPECT_LE(m["seq"].get<int>(), 240);
    double sum = 0;
    for (const auto& [name, share] : m["win"].items()) {
      EXPECT_GE(share.get<double>(), 0.0);
      EXPECT_LE(share.get<double>(), 1.0);
      sum += share.get<double>();
    }
    EXPECT_NEAR(sum, 1.0, 1e-3) << m["move"];
    const std::string text = m["move"];
    const bool chance = text.find(" rolls") != std::string::npos || text.find(" draws") != std::string::npos;
    if (m.contains("luck")) {
      EXPECT_TRUE(chance) << text;
    }
    if (text.find(" rolls") != std::string::npos) {
      EXPECT_TRUE(m.contains("luck")) << text;  // 21 throws could come
    }
    if (m.contains("luck")) {
      const double l = m["luck"];
      EXPECT_GE(l, -1.0);
      EXPECT_LE(l, 1.0);
      EXPECT_LE(m["luck_interval"][0].get<double>(), l + 1e-4);
      EXPECT_GE(m["luck_interval"][1].get<double>(), l - 1e-4);
      luck[m["player"]] += l;
      (text.find(" rolls") != std::string::npos ? throws : cards) += 1;
      // A throw in jail is the one decision that is also luck (throwing rather than paying).
      if (m.contains("error")) {
        EXPECT_NE(text.find(" rolls"), std::string::npos) << text;
      }
    }
    if (m.contains("error")) {
      EXPECT_GE(m["error"].get<double>(), 0.0);
      EXPECT_TRUE(m.contains("best"));
      ++decisions[m["player"]];
      if (m.contains("mark")) {
        const std::string mark = m["mark"];
        EXPECT_TRUE(mark == "doubtful" || mark == "bad" || mark == "very_bad" || mark == "uncertain") << mark;
      }
    }
  }
  EXPECT_GT(throws, 10);
  EXPECT_GT(cards, 0);
  for (const json& p : doc["players"]) {
    EXPECT_NEAR(p["luck"].get<double>(), luck[p["name"]], 1e-3) << p["name"];
    EXPECT_EQ(p["decisions"].get<int>(), decisions[p["name"]]) << p["name"];
    EXPECT_TRUE(p["marks"].contains("doubtful") && p["marks"].contains("bad") && p["marks"].contains("very_bad"));
    EXPECT_TRUE(p.contains("error_rate") && p.contains("rating"));
  }
}

TEST(AnalysisPositions, SeededGameAndTableGameAnalyse) {
  Fixture f;
  // A seeded game: the referee threw; the play-outs still draw the unseen cards themselves.
  const auto seeded = f.dir / "seeded.db";
  ASSERT_EQ(testing::referee(seeded, "simulate --ruleset uk-1972 --games 1 --seed 9 --players 3").code, 0);
  const json doc = analysed(seeded, "--games 6 --to 120 --threads 2");
  EXPECT_FALSE(doc["moves"].empty());
  // A game typed as a scorekeeper types it: comments, natural forms, cards named by words.
  const auto table = f.dir / "table.db";
  const auto r = testing::referee(table, "import " + testing::quote(testing::sample("uk-1972/table-speech.game")));
  ASSERT_TRUE(r.code == 0 || r.code == 3) << r.err;
  const auto a = testing::referee(table, "analyse --games 4 --threads 2");
  EXPECT_EQ(a.code, 0) << a.err;
  EXPECT_NE(a.out.find("Ann"), std::string::npos);
}

// A seeded game's recorded order of the cards to come is never used: two games alike but for
// their seed (the dice written as thrown, no card turned up yet) analyse alike, although a throw
// of 7 or 2 from GO, weighed for the luck of the 3 that came, turns up a card inside the move
// (the referee turns it in a seeded game), which each seed would have put in its own place.
TEST(AnalysisPositions, SeededCardOrderNeverUsed) {
  Fixture f;
  std::string docs[2];
  for (int seed : {1, 2}) {
    const auto db = imported(f, "seeded-" + std::to_string(seed),
                             "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n[Seed \"" + std::to_string(seed) +
                                 "\"]\n\nAnn rolls 1 2\n");
    const auto r = testing::referee(db, "--json analyse --games 30 --threads 2");
    ASSERT_EQ(r.code, 0) << r.err;
    // The game's head differs with its seed (the header is hashed); the analysis must not.
    json doc = json::parse(r.out);
    doc.erase("head");
    docs[seed - 1] = doc.dump();
  }
  EXPECT_EQ(docs[0], docs[1]);
  EXPECT_EQ(json::parse(docs[0])["moves"][0]["outcomes"], 21);
}

TEST(AnalysisPositions, BadInputExitCodes) {
  Fixture f;
  const auto db = imported(f, "hotel", kHotelGame);
  EXPECT_EQ(testing::referee(db, "--game 7 analyse").code, 1);          // no such game
  EXPECT_EQ(testing::referee(db, "analyse --from 9999").code, 2);       // beyond the game's end
  EXPECT_EQ(testing::referee(db, "analyse --games 1").code, 2);         // no spread to measure
  EXPECT_EQ(testing::referee(db, "analyse --threads -1").code, 2);
  EXPECT_EQ(testing::referee(db, "analyse extra").code, 2);
  // Play-out counts that would exhaust the memory before anything is said: refused at once.
  EXPECT_EQ(testing::referee(db, "analyse --games 2000000000").code, 2);
  EXPECT_EQ(testing::referee(db, "analyse --max-games 2000000000").code, 2);
  EXPECT_EQ(testing::referee(db, "analyse --trade \"Ann offers Ben: 10 for nothing\" --games 2000000000").code, 2);
  EXPECT_EQ(testing::referee(db, "chances --games 2000000000").code, 2);
  EXPECT_EQ(testing::referee(db, "train-model --ruleset uk-1972 --out x.model --games 2000000000").code, 2);
  EXPECT_EQ(testing::referee(f.dir / "missing.db", "analyse").code, 1);  // no game at all
  // The journal is as it was.
  EXPECT_EQ(testing::referee(db, "verify").code, 0);
}

}  // namespace
}  // namespace deedlog
