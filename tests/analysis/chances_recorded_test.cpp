// referee chances on games as tables record them: no seed (the dice written as thrown, the cards
// named as turned up), positions in the middle of a move (a debt open, an auction open, a card
// due), short games not yet dealt. Every play-out from every position of every sample game is
// legal; a play-out knows the cards nobody has seen only as a set, never in a recorded order.
#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include <nlohmann/json.hpp>

#include "bots/bot_player.h"
#include "analysis/chances.h"
#include "deedlog/decide.h"
#include "deedlog/evolve.h"
#include "deedlog/game_file.h"
#include "deedlog/position_queries.h"
#include "service/game_log.h"
#include "service/game_session.h"
#include "support/cli.h"

namespace deedlog {
namespace {

using nlohmann::json;

struct Fixture {
  std::filesystem::path dir = testing::temp_dir("chances-recorded");
  testing::RemovedAtExit cleanup{dir};
};

// A game file imported into a journal of its own. A sample that shows a refused line stops
// there (exit 3): the game up to it is what is played out.
// A sample whose [Setup] is refused has no game at all: nothing to play out (nullopt).
std::optional<std::filesystem::path> imported(const Fixture& f, const std::filesystem::path& game,
                                              const std::string& name, bool whole = false) {
  const auto db = f.dir / (name + ".db");
  const auto r = testing::referee(db, "import " + testing::quote(game.string()));
  if (whole) {
    EXPECT_EQ(r.code, 0) << game << ": " << r.err;
  } else {
    EXPECT_TRUE(r.code == 0 || r.code == 3) << game << ": " << r.err;
  }
  if (r.out.find("game 1") == std::string::npos && r.err.find("game 1") == std::string::npos) return std::nullopt;
  return db;
}

std::filesystem::path written(const Fixture& f, const std::string& name, const std::string& text) {
  const auto path = f.dir / (name + ".game");
  std::ofstream(path) << text;
  return path;
}

// What the positions played out from held, across all the games.
struct Seen {
  int positions = 0, debts = 0, auctions = 0, cards_due = 0, unseeded = 0, undealt = 0;
};

// Plays a few games out from the position before each move of game 1 in db, and from its last
// position: every play-out legal, every answer sane.
void play_out_every_position(const std::filesystem::path& db, Seen* seen) {
  std::unique_ptr<Journal> j;
  ASSERT_TRUE(Journal::open(db.string(), &j, true).is_ok()) << db;
  Game last;
  ASSERT_TRUE(load_game(*j, 1, 0, &last).is_ok()) << db;
  std::vector<LoggedEvent> events;
  ASSERT_TRUE(GameLog(*j, last).read_all(1, 0, &events).is_ok()) << db;
  std::vector<std::int64_t> positions;
  for (const LoggedEvent& e : events)
    if (e.event.type == EventType::MovePlayed) positions.push_back(e.seq - 1);
  positions.push_back(last.state.seq);
  for (std::int64_t at : positions) {
    Game g;
    ASSERT_TRUE(load_game(*j, 1, at, &g).is_ok()) << db << " at " << at;
    CardsSeen cards{};
    ASSERT_TRUE(cards_seen(*j, g, &cards).is_ok());
    ChancesOptions o;
    o.games = 3;
    o.max_moves = 300;
    o.threads = 1;
    o.seed = static_cast<std::uint64_t>(at);
    Chances c;
    const Status s = estimate_chances(g.ruleset, g.state, cards, g.header.players, o, &c);
    ASSERT_TRUE(s.is_ok()) << db << " at event " << at << ": " << s.message();
    int wins = 0;
    for (const PlayerChance& p : c.players) {
      wins += p.wins;
      EXPECT_GE(p.share, 0.0);
      EXPECT_LE(p.low, p.share);
      EXPECT_GE(p.high, p.share);
      if (g.state.player(p.player).bankrupt) {
        EXPECT_EQ(p.wins, 0) << db << " at " << at;
      }
    }
    EXPECT_EQ(wins + c.unfinished, o.games) << db << " at " << at;
    ++seen->positions;
    bool debt = false;
    for (PlayerId p = 0; p < g.state.player_count; ++p) debt = debt || g.state.player(p).owes_any();
    seen->debts += debt;
    seen->auctions += g.state.phase == Phase::Auction;
    seen->cards_due += g.state.phase == Phase::AwaitingCard || g.state.phase == Phase::CardChoice;
    seen->unseeded += !g.state.seeded;
    seen->undealt += !dealing_done(g.ruleset, g.state);
  }
}

TEST(ChancesOnRecordedGames, EveryPositionOfEverySampleGamePlaysOutLegally) {
  Fixture f;
  Seen seen;
  for (const auto& game : testing::all_sample_games()) {
    SCOPED_TRACE(game.string());
    if (const auto db = imported(f, game, testing::sample_test_name(game))) play_out_every_position(*db, &seen);
  }
  // The samples hold the positions a table leaves mid-move, and they were played out.
  EXPECT_GT(seen.positions, 500);
  EXPECT_GT(seen.debts, 0);
  EXPECT_GT(seen.auctions, 0);
  EXPECT_GT(seen.cards_due, 0);
  EXPECT_GT(seen.undealt, 0);
  EXPECT_GT(seen.unseeded, seen.positions / 2);
}

// Games typed at the table in each edition, and each edition's new game with no moves yet (a
// short or time-limit game before its deal among them).
TEST(ChancesOnRecordedGames, NewAndHandTypedGamesInEachEditionPlayOut) {
  Fixture f;
  Seen seen;
  const std::vector<std::pair<std::string, std::string>> fresh = {
      {"uk-1972", ""},          {"uk-1972", "--variant short-game"}, {"us-standard", ""},
      {"us-standard", "--variant time-limit"}, {"us-short", ""},     {"bahamas", ""},
      {"military", ""},         {"military", "--variant short-game"}, {"computer", ""},
      {"regional-currency", ""}};
  for (const auto& [edition, variant] : fresh) {
    SCOPED_TRACE(edition + " " + variant);
    const auto db = f.dir / (edition + (variant.empty() ? "" : "-variant") + ".db");
    const auto r = testing::referee(db, "new --ruleset " + edition + " --players \"Ann, Ben, Cat\" " + variant);
    ASSERT_EQ(r.code, 0) << r.err;
    play_out_every_position(db, &seen);
  }
  // Cards named by their printed words, one kept out of its pack, and the game stopped with a
  // card due.
  const auto uk = written(f, "uk-typed", R"([Ruleset "uk-1972"]
[Players "Ann, Ben"]
Ann rolls 3 4    # Chance
Ann draws "Get out of Jail free. This card may be kept until needed or sold"
Ben rolls 1 1    # Community Chest
Ben draws "Income tax refund. Collect £20"
Ben rolls 3 4    # Pentonville Road
Ben buys
Ann rolls 5 5    # Community Chest: the card is due
)");
  play_out_every_position(imported(f, uk, "uk-typed", true).value(), &seen);
  // The US printed words of a card, a debt left open, and an auction open.
  const auto us = written(f, "us-typed", R"([Ruleset "us-standard"]
[Players "Ann, Ben, Cat"]
Ann rolls 3 4      # Chance
Ann draws "Advance to Illinois Ave. If you pass Go, collect $200"
Ann buys
Ben rolls 1 2      # Baltic Avenue
Ben declines
Cat bids 30
)");
  play_out_every_position(imported(f, us, "us-typed", true).value(), &seen);
  EXPECT_GT(seen.undealt, 0);
  EXPECT_GT(seen.cards_due, 0);
  EXPECT_GT(seen.auctions, 0);
}

// The built-in players on a game as the table recorded it, its state untouched (no seed, the
// packs' order unknown): they throw their own dice and name the card they turn up, one not yet
// seen, and the rules take every move.
TEST(ChancesOnRecordedGames, TheBuiltInPlayersPlayOnAGameWithoutASeed) {
  Fixture f;
  int games = 0, named = 0, thrown = 0;
  for (const auto& game : testing::all_sample_games()) {
    SCOPED_TRACE(game.string());
    const auto db = imported(f, game, testing::sample_test_name(game));
    if (!db) continue;
    std::unique_ptr<Journal> j;
    ASSERT_TRUE(Journal::open(db->string(), &j, true).is_ok());
    Game g;
    ASSERT_TRUE(load_game(*j, 1, 0, &g).is_ok());
    if (g.state.seeded) continue;
    ++games;
    BotTable bots(g.ruleset, 17);
    State s = g.state;
    Event played;
    played.type = EventType::MovePlayed;
    for (int m = 0; m < 400; ++m) {
      const std::optional<Command> c = bots.next_move(s);
      if (!c) break;
      std::optional<Decision> asked = bots.take_decision(*c);
      const Decision d = asked ? std::move(*asked) : decide(g.ruleset, s, *c);
      ASSERT_TRUE(d.accepted) << "move " << m << ": " << print_move(*c, g.ruleset, g.header.players);
      named += c->verb == Verb::Draw && !c->card_query.empty();
      thrown += c->verb == Verb::Roll && c->die1 != 0;
      evolve(s, played);
      for (const Event& e : d.events) evolve(s, e);
    }
  }
  EXPECT_GT(games, 40);
  EXPECT_GT(named, 100);
  EXPECT_GT(thrown, 1000);
}

// A seeded game's pack order lies in its journal, but the players never saw it: a play-out
// keeps the cards turned up under the others, in their order, and draws the order of the rest.
TEST(ChancesOnRecordedGames, PlayOutsNeverUseTheRecordedOrderOfCardsNobodySaw) {
  Fixture f;
  const auto db = f.dir / "seeded.db";
  ASSERT_EQ(testing::referee(db, "simulate --games 1 --seed 9 --players 4 --max-moves 60").code, 0);
  std::unique_ptr<Journal> j;
  ASSERT_TRUE(Journal::open(db.string(), &j, true).is_ok());
  Game g;
  ASSERT_TRUE(load_game(*j, 1, 0, &g).is_ok());
  CardsSeen seen{};
  ASSERT_TRUE(cards_seen(*j, g, &seen).is_ok());
  for (int d = 0; d < kDeckCount; ++d) {
    SCOPED_TRACE(d);
    const PackState& recorded = g.state.packs[static_cast<std::size_t>(d)];
    ASSERT_EQ(recorded.unseen, 0u);  // a seeded game: the whole order is in the position
    std::vector<CardIndex> turned_up, never;
    for (int k = 0; k < recorded.size; ++k) {
      const CardIndex c = recorded.known_at(k);
      ((seen[static_cast<std::size_t>(d)] >> c) & 1 ? turned_up : never).push_back(c);
    }
    ASSERT_GT(never.size(), 1u) << "60 moves leave cards of each pack unseen";
    std::set<CardIndex> on_top;
    for (std::uint64_t seed = 1; seed <= 400; ++seed) {
      const State s = play_out_start(g.ruleset, g.state, seen, seed);
      const PackState& pack = s.packs[static_cast<std::size_t>(d)];
      ASSERT_EQ(pack.size, recorded.size);
      ASSERT_EQ(pack.out, recorded.out);
      // The cards nobody saw on top, in some order; those seen under them, as they were.
      std::vector<CardIndex> top, bottom;
      for (int k = 0; k < pack.size; ++k) (k < static_cast<int>(never.size()) ? top : bottom).push_back(pack.known_at(k));
      EXPECT_EQ(bottom, turned_up);
      EXPECT_EQ(std::multiset<CardIndex>(top.begin(), top.end()), std::multiset<CardIndex>(never.begin(), never.end()));
      on_top.insert(top.front());
      EXPECT_TRUE(s.seeded);  // the play-out throws its own dice
    }
    // Any card nobody saw may come next, not only the one the journal has next.
    EXPECT_EQ(on_top.size(), std::set<CardIndex>(never.begin(), never.end()).size());
  }
}

// The README's sample game, as the README runs it: the answer is the same on any number of
// threads, and the shares add up.
TEST(ChancesOnRecordedGames, TheReadmeSampleGameOnAnyNumberOfThreads) {
  Fixture f;
  const auto db = imported(f, testing::sample("uk-1972/long-game.game"), "long", true).value();
  std::vector<json> answers;
  for (const char* threads : {"1", "2"}) {
    const auto r = testing::referee(db, std::string("--json chances --games 60 --seed 4 --threads ") + threads);
    ASSERT_EQ(r.code, 0) << r.err;
    answers.push_back(json::parse(r.out));
  }
  double shares = answers[0]["unfinished_share"].get<double>();
  for (const auto& p : answers[0]["players"]) shares += p["win"].get<double>();
  EXPECT_NEAR(shares, 1.0, 1e-9);
  EXPECT_EQ(answers[0]["players"], answers[1]["players"]);
  EXPECT_EQ(answers[0]["moves"], answers[1]["moves"]);
  // Event 7 is inside Ann's first throw (events 6 to 9): the position after the whole move,
  // and the answer says so.
  const auto mid = testing::referee(db, "--json chances --games 5 --seed 1 --at 7");
  ASSERT_EQ(mid.code, 0) << mid.err;
  const json doc = json::parse(mid.out);
  EXPECT_EQ(doc["asked_at"], 7);
  EXPECT_EQ(doc["seq"], 9);
}

}  // namespace
}  // namespace deedlog
