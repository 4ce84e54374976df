// A whole event through the real command line, as a Head Judge runs it (docs/tournaments.md,
// "Start to finish"): 16 players over 3 duplicate rounds of 4 tables of 4. Each round is seated
// (nobody meets anyone twice, who throws first rotates, every table sealed with the round's
// commitment), played on by the built-in players, time called, the games finished; the seed is
// revealed after the call and is the one committed, nowhere readable before it, every table's
// dice check against it, the k-th throw and the deal of deeds are the same at every table; each
// table's score sheet gives `referee value`'s figures and the game's head; one appeal is upheld,
// its correction played into the game, the standings changed and the sheet superseded; the
// standings are the hand's sum of each game's value.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "support/cli.h"
#include "support/tournament.h"

namespace deedlog {
namespace {

using json = nlohmann::json;
using testing::Event;
using testing::json_of;
using testing::quote;
using testing::referee;
using testing::RunResult;
using testing::slurp;

constexpr int kOk = 0, kRefused = 3;

const char* const kSixteen = "Ann, Ben, Cat, Dan, Eve, Fay, Gus, Hal, Ivy, Jon, Kim, Lee, Max, Ned, Oli, Pam";

std::string str(std::int64_t n) { return std::to_string(n); }

json status_of(const std::filesystem::path& db, std::int64_t game) {
  return json_of(referee(db, "--game " + str(game) + " --json status"));
}

json value_of(const std::filesystem::path& db, std::int64_t game) {
  return json_of(referee(db, "--game " + str(game) + " --json value"));
}

// Writes table T's sheet of round N and checks it: value's figures, status's head, and the head
// verify accepts. Returns the sheet's document.
json sheet_checked(const Event& ev, int round, int table, std::int64_t game) {
  static int written = 0;  // each sheet its own file, as a judge keeps each printed one
  const auto file = ev.dir / ("r" + str(round) + "t" + str(table) + "-" + str(++written) + ".html");
  std::string args = "--json tournament sheet --round ";
  args += str(round);
  args += " --table ";
  args += str(table);
  args += " --html ";
  args += quote(file.string());
  const json sheet = json_of(ev.judge(args));
  const json status = status_of(ev.db, game);
  EXPECT_EQ(sheet["game"], game);
  EXPECT_EQ(sheet["head"], status["head"]);
  EXPECT_EQ(sheet["seq"], status["seq"]);
  EXPECT_TRUE(sheet["over"].get<bool>());
  const std::string page = slurp(file);
  EXPECT_NE(page.find(status["head"].get<std::string>()), std::string::npos);
  testing::expect_sheet_is_value(sheet, page, value_of(ev.db, game));
  EXPECT_EQ(referee(ev.db, "--game " + str(game) + " verify --expect-head " + sheet["head"].get<std::string>()).code, kOk);
  return sheet;
}

TEST(TournamentEvent, SixteenPlayersThreeDuplicateRoundsTimeCalledAnAppealAndTheStandingsByHand) {
  Event ev("tournament-event", kSixteen, 3, 4, "--duplicate");
  ASSERT_EQ(ev.key.size(), 64u);

  std::set<std::pair<std::string, std::string>> met;
  std::map<std::string, int> first;
  std::map<int, std::vector<json>> seats;  // round -> its tables as seat gave them
  std::map<int, std::string> commitments;
  json appealed_sheet;  // the sheet the appeal supersedes
  std::int64_t appealed_game = 0;
  std::string appealed_player;
  double appealed_points = 0;  // the appealed player's points at that table before the appeal

  for (int round = 1; round <= 3; ++round) {
    SCOPED_TRACE("round " + str(round));
    const json seat = json_of(ev.judge("--json tournament seat --round " + str(round)));
    ASSERT_EQ(seat["round"], round);
    ASSERT_EQ(seat["tables"].size(), 4u);

    // The seating: all 16 seated once, at tables of 4; nobody meets anyone a second time (16 in
    // fours over 3 rounds allows none), and nobody throws first twice.
    EXPECT_EQ(seat["repeat_meetings"], 0);
    std::set<std::string> seated;
    for (const json& t : seat["tables"]) {
      ASSERT_EQ(t["players"].size(), 4u);
      EXPECT_EQ(t["key"].get<std::string>().size(), 64u);
      ++first[t["players"][0].get<std::string>()];
      for (std::size_t a = 0; a < 4; ++a) {
        seated.insert(t["players"][a].get<std::string>());
        for (std::size_t b = a + 1; b < 4; ++b)
          EXPECT_TRUE(met.insert(std::minmax(t["players"][a].get<std::string>(), t["players"][b].get<std::string>())).second)
              << t["players"][a] << " and " << t["players"][b] << " meet again";
      }
      seats[round].push_back(t);
    }
    EXPECT_EQ(seated.size(), 16u);

    // Sealed: one commitment for the round, in every table's header, a new one each round.
    const std::string commitment = seat["commitment"];
    ASSERT_EQ(commitment.size(), 64u);
    for (const auto& [r, c] : commitments) EXPECT_NE(c, commitment) << "round " << r;
    commitments[round] = commitment;
    for (const json& t : seat["tables"]) {
      const std::int64_t game = t["game"].get<std::int64_t>();
      const RunResult setup = referee(ev.db, "--game " + str(game) + " status --setup");
      EXPECT_NE(setup.out.find("[Sealed \"" + commitment + "\"]"), std::string::npos) << setup.out;
      EXPECT_NE(setup.out.find("[Event \"Club Open\"]"), std::string::npos);
      EXPECT_NE(setup.out.find("[Round \"" + str(round) + "\"]"), std::string::npos);
      EXPECT_NE(setup.out.find("[Table \"" + str(t["table"].get<int>()) + "\"]"), std::string::npos);
    }
    // Nobody types the dice of a sealed game: the referee throws them.
    {
      const json& t = seat["tables"][0];
      const std::string who = t["players"][0];
      const RunResult typed = referee(ev.db, "--game " + str(t["game"].get<std::int64_t>()) + " --json play " + quote(who + " rolls 3 4"));
      EXPECT_EQ(typed.code, kRefused) << typed.out << typed.err;
      EXPECT_EQ(json::parse(typed.out, nullptr, false)["violation"]["rule"], "uk-1972/referee/sealed-dice") << typed.out;
    }

    // The tables play on by the built-in players, each at its own pace.
    for (const json& t : seat["tables"]) {
      const int moves = 20 + 6 * t["table"].get<int>();
      ASSERT_EQ(referee(ev.db, "--game " + str(t["game"].get<std::int64_t>()) + " autoplay --moves " + str(moves) + " --seed " +
                                   str(round * 10 + t["table"].get<int>()))
                    .code,
                kOk);
    }
    // Before time is called: every table verifies (the dice as thrown; nothing yet to check them
    // against), and what anyone can read of a game is kept, to look for the seed in once revealed.
    std::vector<std::string> readable;
    for (const json& t : seat["tables"]) {
      const std::string game = "--game " + str(t["game"].get<std::int64_t>());
      const json verified = json_of(referee(ev.db, game + " --json verify"));
      EXPECT_TRUE(verified["games"][0]["sealed"].get<bool>()) << verified;
      EXPECT_FALSE(verified["games"][0]["chance_checked"].get<bool>()) << verified;
      for (const char* what : {" --json log", " --json status", " status --setup", " log"})
        readable.push_back(referee(ev.db, game + what).out);
    }
    readable.push_back(referee(ev.db, "--json tournament log").out);
    // Before time is called the seed is nobody's, and the round counts for nothing.
    RunResult early = referee(ev.db, "--json tournament reveal --round " + str(round));
    EXPECT_EQ(early.code, kRefused) << early.out << early.err;
    EXPECT_EQ(json::parse(early.out, nullptr, false)["violation"]["rule"], "tournament/reveal-after-time");
    EXPECT_EQ(json_of(referee(ev.db, "--json tournament standings"))["rounds"], round - 1);

    // Time called in every game of the round; each completes its move (the built-in players finish).
    const json called = json_of(ev.judge("--json tournament call-time --round " + str(round)));
    ASSERT_EQ(called["games"].size(), 4u);
    for (const json& t : seat["tables"]) {
      const std::int64_t game = t["game"].get<std::int64_t>();
      ASSERT_EQ(referee(ev.db, "--game " + str(game) + " autoplay --seed " + str(round)).code, kOk);
      EXPECT_TRUE(status_of(ev.db, game)["over"].get<bool>()) << game;
      EXPECT_TRUE(value_of(ev.db, game)["final"].get<bool>()) << game;
    }

    // The reveal: the seed whose SHA-256 is the commitment seat printed; every table's dice
    // check against it, and the k-th throw was the same at every table.
    const json revealed = json_of(referee(ev.db, "--json tournament reveal --round " + str(round)));
    EXPECT_EQ(revealed["round"], round);
    EXPECT_EQ(revealed["commitment"], commitment);
    const std::string seed = revealed["seed"];
    EXPECT_GE(seed.size(), 32u);  // at least 128 bits, in hex
    EXPECT_EQ(testing::sha256_hex(seed), commitment);
    for (const std::string& text : readable) EXPECT_EQ(text.find(seed), std::string::npos) << "the seed was readable before";
    std::vector<testing::SeatThrows> throws;
    std::vector<json> deals;  // the deeds dealt, seat by seat, at each table
    for (const json& t : seat["tables"]) {
      const std::int64_t game = t["game"].get<std::int64_t>();
      const json verified = json_of(referee(ev.db, "--game " + str(game) + " --json verify"));
      EXPECT_TRUE(verified["ok"].get<bool>()) << verified;
      EXPECT_TRUE(verified["games"][0]["sealed"].get<bool>()) << verified;
      EXPECT_TRUE(verified["games"][0]["chance_checked"].get<bool>()) << verified;
      EXPECT_EQ(referee(ev.db, "--game " + str(game) + " verify --seed " + quote(seed)).code, kOk);
      throws.push_back(testing::throws_by_seat_of(ev.db, game));
      const json log = json_of(referee(ev.db, "--game " + str(game) + " --json log"));
      json deal = json::array();
      for (const json& e : log["events"])
        if (e["type"] == "TitleDealt") deal.push_back(json{e["player"], e["square"]});
      deals.push_back(deal);
    }
    // The same deal of deeds at every table (the time-limited game deals them), seat by seat.
    EXPECT_FALSE(deals[0].empty());
    for (const json& deal : deals) EXPECT_EQ(deal, deals[0]);
    EXPECT_GE(testing::expect_same_throws_by_seat(throws), 5u);  // something compared: 5 throws at least

    // Each table's sheet: value's figures, the game's head.
    for (const json& t : seat["tables"]) {
      const json sheet = sheet_checked(ev, round, t["table"].get<int>(), t["game"].get<std::int64_t>());
      if (round == 2 && t["table"] == 3) {
        appealed_sheet = sheet;
        appealed_game = t["game"].get<std::int64_t>();
        // The last still in (an award to a bankrupt player is refused).
        for (const json& placing : sheet["placings"])
          if (!placing["bankrupt"].get<bool>()) {
            appealed_player = placing["player"].get<std::string>();
            appealed_points = placing["points"].get<double>();
          }
      }
    }
  }
  EXPECT_EQ(met.size(), 3u * 4u * 6u);
  EXPECT_EQ(first.size(), 12u);  // 12 first seats, 12 players: nobody threw first twice
  for (const auto& [p, n] : first) EXPECT_EQ(n, 1) << p;

  // The standings before the appeal are the hand's.
  testing::HandStandings before;
  for (const auto& [round, tables] : seats)
    for (const json& t : tables) before.add(value_of(ev.db, t["game"].get<std::int64_t>()));
  const json standings_before = json_of(referee(ev.db, "--json tournament standings"));
  EXPECT_EQ(standings_before["tournament"], ev.id);
  EXPECT_EQ(standings_before["rounds"], 3);
  before.check(standings_before["standings"]);

  // One appeal, upheld: round 2 table 3's last player was not paid; the correction is played into
  // the game as the referee's move, commented with the appeal.
  ASSERT_NE(appealed_game, 0);
  const json status_before = status_of(ev.db, appealed_game);
  const std::string award = "Referee awards " + appealed_player + " 5000 for \"a payment the table missed\"";
  const json appeal = json_of(ev.judge("--game " + str(appealed_game) + " --json tournament appeal " +
                                       quote(appealed_player + " was not paid") + " --upheld --correction " + quote(award)));
  EXPECT_EQ(appeal["appeal"], 1);
  EXPECT_TRUE(appeal["upheld"].get<bool>());
  EXPECT_EQ(appeal["round"], 2);
  EXPECT_EQ(appeal["table"], 3);
  const json status_after = status_of(ev.db, appealed_game);
  EXPECT_NE(status_after["head"], status_before["head"]);
  EXPECT_EQ(appeal["head"], status_after["head"]);
  EXPECT_EQ(appeal["game_seq"].get<long long>(), status_before["seq"].get<long long>() + 1);
  {
    const json log = json_of(referee(ev.db, "--game " + str(appealed_game) + " --json log"));
    bool played = false, ruled = false;
    for (const json& e : log["events"]) {
      if (e["seq"].get<long long>() <= status_before["seq"].get<long long>()) continue;
      if (e["type"] == "MovePlayed") {
        played = true;
        EXPECT_NE(e["text"].get<std::string>().find("# appeal 1 upheld by the Head Judge"), std::string::npos) << e;
      }
      if (e["type"] == "RulingRecorded") {
        ruled = true;
        EXPECT_EQ(e["amount"], 5000) << e;
      }
    }
    EXPECT_TRUE(played);
    EXPECT_TRUE(ruled);
  }
  // The game still verifies, its dice against the round's seed too.
  const std::string seed2 = json_of(referee(ev.db, "--json tournament reveal --round 2"))["seed"];
  EXPECT_EQ(referee(ev.db, "--game " + str(appealed_game) + " verify --seed " + quote(seed2)).code, kOk);

  // The standings change with the game, and are still the hand's; the new sheet supersedes the old.
  testing::HandStandings after;
  for (const auto& [round, tables] : seats)
    for (const json& t : tables) after.add(value_of(ev.db, t["game"].get<std::int64_t>()));
  EXPECT_EQ(after.worth[appealed_player], before.worth[appealed_player] + 5000);
  EXPECT_DOUBLE_EQ(after.points[appealed_player], before.points[appealed_player] - appealed_points + 6);
  const json standings_after = json_of(referee(ev.db, "--json tournament standings"));
  after.check(standings_after["standings"]);
  EXPECT_NE(standings_after["standings"], standings_before["standings"]);
  const json resheet = sheet_checked(ev, 2, 3, appealed_game);
  EXPECT_EQ(resheet["placings"][0]["player"], appealed_player);
  EXPECT_EQ(resheet["supersedes"]["sheet"], appealed_sheet["sheet"]);
  EXPECT_EQ(resheet["supersedes"]["why"], "appeal 1 upheld");

  // The log: three rounds, time called in each with its commitment, the appeal and its outcome,
  // 13 sheets of which the appealed table's first is superseded.
  const json log = json_of(referee(ev.db, "--json tournament log"));
  ASSERT_EQ(log["rounds"].size(), 3u);
  for (const json& r : log["rounds"]) {
    EXPECT_TRUE(r["time_called"].get<bool>()) << r;
    EXPECT_EQ(r["commitment"], commitments[r["round"].get<int>()]) << r;
  }
  ASSERT_EQ(log["appeals"].size(), 1u);
  EXPECT_EQ(log["appeals"][0]["outcome"], "upheld");
  EXPECT_EQ(log["appeals"][0]["game"], appealed_game);
  ASSERT_EQ(log["sheets"].size(), 13u);
  int superseded = 0;
  for (const json& s : log["sheets"]) {
    if (!s["superseded"].get<bool>()) continue;
    ++superseded;
    EXPECT_EQ(s["sheet"], appealed_sheet["sheet"]);
    EXPECT_EQ(s["superseded_by"], resheet["sheet"]);
    EXPECT_EQ(s["why"], "appeal 1 upheld");
  }
  EXPECT_EQ(superseded, 1);
  // Every game of the journal verifies, each against its round's seed.
  const json all = json_of(referee(ev.db, "--json verify"));
  ASSERT_EQ(all["games"].size(), 12u);
  for (const json& g : all["games"]) EXPECT_TRUE(g["chance_checked"].get<bool>()) << g;
  // And the tournament's records: every round, the appeal, the sheets, against those games.
  ASSERT_EQ(all["tournaments"].size(), 1u);
  EXPECT_TRUE(all["tournaments"][0]["ok"].get<bool>()) << all["tournaments"][0];
  EXPECT_EQ(all["tournaments"][0]["games"], 12);
}

}  // namespace
}  // namespace deedlog
