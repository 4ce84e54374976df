// A whole small tournament through the real command line (docs/tournaments.md): new, seat,
// games played on by the built-in players, time called, standings checked against a hand
// computation from `referee value`, score sheets and their heads, appeals upheld and rejected
// (a rejected one noted in the game), sheets superseded, the log; and bad input refused with the journal as it was.
#include <gtest/gtest.h>

#include <algorithm>
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
using testing::quote;
using testing::referee;
using testing::RunResult;
using testing::slurp;
using testing::temp_dir;
using testing::Event;
using testing::json_of;
using testing::kUnknown;
using testing::points_by_hand;

constexpr int kOk = 0, kFailure = 1, kUsage = 2, kRefused = 3;

TEST(TournamentCli, ASmallTournamentFromSeatingToStandingsSheetsAndAppeals) {
  Event ev("tournament-whole", "Ann, Ben, Cat, Dan, Eve, Fay", 2, 3);
  ASSERT_EQ(ev.key.size(), 64u);

  // Round 1: two tables of three, tagged, each with its key.
  const json seat1 = json_of(ev.judge("--json tournament seat --round 1"));
  ASSERT_EQ(seat1["round"], 1);
  ASSERT_EQ(seat1["tables"].size(), 2u);
  std::set<std::string> seated;
  for (const auto& t : seat1["tables"]) {
    EXPECT_EQ(t["players"].size(), 3u);
    EXPECT_EQ(t["key"].get<std::string>().size(), 64u);
    for (const auto& p : t["players"]) seated.insert(p.get<std::string>());
    const std::string game = std::to_string(t["game"].get<int>());
    const RunResult setup = referee(ev.db, "--game " + game + " status --setup");
    EXPECT_NE(setup.out.find("[Event \"Club Open\"]"), std::string::npos) << setup.out;
    EXPECT_NE(setup.out.find("[Round \"1\"]"), std::string::npos);
    EXPECT_NE(setup.out.find("[Table \"" + std::to_string(t["table"].get<int>()) + "\"]"), std::string::npos);
  }
  EXPECT_EQ(seated.size(), 6u);

  // The games are played partway by the built-in players, then time is called in the round.
  std::vector<int> games;
  for (const auto& t : seat1["tables"]) games.push_back(t["game"].get<int>());
  for (int g : games) ASSERT_EQ(referee(ev.db, "--game " + std::to_string(g) + " autoplay --moves 120 --seed 3").code, kOk);
  // Before time is called the round counts for nothing.
  EXPECT_EQ(json_of(referee(ev.db, "--json tournament standings"))["rounds"], 0);
  const json called = json_of(ev.judge("--json tournament call-time --round 1"));
  ASSERT_EQ(called["games"].size(), 2u);
  // Each game completes its move as its rules say; the built-in players finish it.
  for (int g : games) {
    ASSERT_EQ(referee(ev.db, "--game " + std::to_string(g) + " autoplay --seed 3").code, kOk);
    EXPECT_TRUE(json_of(referee(ev.db, "--game " + std::to_string(g) + " --json status"))["over"].get<bool>());
  }

  // Standings against the hand computation from `referee value`.
  std::map<std::string, double> expected_points;
  std::map<std::string, long long> expected_worth;
  for (int g : games) {
    const json value = json_of(referee(ev.db, "--game " + std::to_string(g) + " --json value"));
    for (const auto& [p, pts] : points_by_hand(value)) expected_points[p] += pts;
    for (const auto& p : value["players"])
      expected_worth[p["name"]] += p["in_game"].get<bool>() ? p["total"].get<long long>() : 0;
  }
  const json standings = json_of(referee(ev.db, "--json tournament standings"));
  EXPECT_EQ(standings["tournament"], ev.id);
  EXPECT_EQ(standings["rounds"], 1);
  ASSERT_EQ(standings["standings"].size(), 6u);
  double last_points = 1e9;
  for (std::size_t i = 0; i < 6; ++i) {
    const json& s = standings["standings"][i];
    EXPECT_EQ(s["rank"], static_cast<int>(i) + 1);
    const std::string p = s["player"];
    if (expected_points[p] > kUnknown / 2) {
      EXPECT_DOUBLE_EQ(s["points"].get<double>(), expected_points[p]) << p;
    }
    EXPECT_EQ(s["net_worth"].get<long long>(), expected_worth[p]) << p;
    EXPECT_LE(s["points"].get<double>(), last_points);
    last_points = s["points"].get<double>();
    EXPECT_EQ(s["tables"].size(), 1u);
  }

  // The sheet of table 1: its figures are value's, and it carries the game's head.
  const std::string game1 = std::to_string(games[0]);
  const auto sheet1 = ev.dir / "r1t1.html";
  const json sheet = json_of(ev.judge("--json tournament sheet --round 1 --table 1 --html " + quote(sheet1.string())));
  const json status1 = json_of(referee(ev.db, "--game " + game1 + " --json status"));
  EXPECT_EQ(sheet["head"], status1["head"]);
  const std::string page = slurp(sheet1);
  EXPECT_NE(page.find(status1["head"].get<std::string>()), std::string::npos);
  // Its figures are value's: cash, sites at price, mortgaged at half, buildings at cost, net worth.
  testing::expect_sheet_is_value(sheet, page, json_of(referee(ev.db, "--game " + game1 + " --json value")));
  EXPECT_EQ(referee(ev.db, "--game " + game1 + " verify --expect-head " + sheet["head"].get<std::string>()).code, kOk);

  // A rejected appeal: recorded, and noted in the game (rule referee/note) after its end, a line
  // that changes nothing: the standings stand, the game still verifies.
  const json rejected = json_of(ev.judge("--game " + game1 + " --json tournament appeal 'Ann says Ben owes her rent'"));
  EXPECT_FALSE(rejected["upheld"].get<bool>());
  const json status_noted = json_of(referee(ev.db, "--game " + game1 + " --json status"));
  EXPECT_NE(status_noted["head"], status1["head"]);
  EXPECT_EQ(rejected["head"], status_noted["head"]);
  EXPECT_EQ(status_noted["seq"].get<long long>(), status1["seq"].get<long long>() + 2);  // its line and its note
  EXPECT_EQ(rejected["game_seq"].get<long long>(), status1["seq"].get<long long>() + 1);
  const RunResult noted_log = referee(ev.db, "--game " + game1 + " log");
  EXPECT_NE(noted_log.out.find("Referee notes \"appeal 1 rejected by the Head Judge: Ann says Ben owes her rent\""),
            std::string::npos)
      << noted_log.out;
  EXPECT_EQ(referee(ev.db, "--game " + game1 + " verify").code, kOk);
  EXPECT_EQ(json_of(referee(ev.db, "--json tournament standings"))["standings"], standings["standings"]);

  // An upheld appeal: the correction is a new move of the game, the standings change, and the
  // new sheet supersedes the old.
  const std::string last = sheet["placings"].back()["player"];
  const std::string award = "Referee awards " + last + " 5000 for \"a payment the table missed\"";
  const RunResult upheld_run = ev.judge("--game " + game1 + " --json tournament appeal " + quote(last + " was not paid") +
                                        " --upheld --correction " + quote(award));
  ASSERT_EQ(upheld_run.code, kOk) << upheld_run.out << upheld_run.err;
  const json upheld = json::parse(upheld_run.out);
  EXPECT_TRUE(upheld["upheld"].get<bool>());
  const json status_after = json_of(referee(ev.db, "--game " + game1 + " --json status"));
  EXPECT_NE(status_after["head"], status1["head"]);
  EXPECT_EQ(upheld["head"], status_after["head"]);
  EXPECT_EQ(referee(ev.db, "--game " + game1 + " verify").code, kOk);
  const json standings_after = json_of(referee(ev.db, "--json tournament standings"));
  for (const auto& s : standings_after["standings"])
    if (s["player"] == last) {
      EXPECT_DOUBLE_EQ(s["points"].get<double>(), expected_points[last] - sheet["placings"].back()["points"].get<double>() + 6);
      EXPECT_EQ(s["net_worth"].get<long long>(), expected_worth[last] + 5000);
    }
  const auto sheet2 = ev.dir / "r1t1-again.html";
  const json second = json_of(ev.judge("--json tournament sheet --round 1 --table 1 --html " + quote(sheet2.string())));
  EXPECT_EQ(second["head"], status_after["head"]);
  EXPECT_EQ(second["supersedes"]["sheet"], sheet["sheet"]);
  EXPECT_EQ(second["supersedes"]["why"], "appeal 2 upheld");
  EXPECT_NE(slurp(sheet2).find(status_after["head"].get<std::string>()), std::string::npos);

  // The log: the round, time called, both appeals with their outcomes, the sheets.
  const json log = json_of(referee(ev.db, "--json tournament log"));
  ASSERT_EQ(log["appeals"].size(), 2u);
  EXPECT_EQ(log["appeals"][0]["outcome"], "rejected");
  EXPECT_EQ(log["appeals"][1]["outcome"], "upheld");
  ASSERT_EQ(log["sheets"].size(), 2u);
  EXPECT_TRUE(log["sheets"][0]["superseded"].get<bool>());
  EXPECT_FALSE(log["sheets"][1]["superseded"].get<bool>());
  EXPECT_TRUE(log["rounds"][0]["time_called"].get<bool>());
  for (const auto& r : log["records"]) {
    EXPECT_EQ(r.dump().find("key"), std::string::npos) << r;
  }

  // Round 2 seats after round 1, with its own games; the final from the standings after it.
  const json seat2 = json_of(ev.judge("--json tournament seat --round 2"));
  EXPECT_EQ(seat2["tables"].size(), 2u);
  EXPECT_EQ(ev.judge("tournament seat --round 3 --final").code, kFailure);  // round 2 still in play
  // The appeals, the superseded sheet and both rounds agree with the games.
  const RunResult verified = referee(ev.db, "--json verify --tournament " + std::to_string(ev.id));
  EXPECT_EQ(verified.code, kOk) << verified.out << verified.err;
}

// The Head Judge's key comes from a file only its owner may read (--key-file), or the
// environment's DEEDLOG_JUDGE_KEY; on the command line every account reads it (ps), so there it
// is refused (exit 2), as is a key file others may read; nothing written either way.
TEST(TournamentCli, TheHeadJudgesKeyIsNeverTakenFromTheCommandLine) {
  Event ev("tournament-key", "Ann, Ben, Cat, Dan", 2, 4);
  const std::string before = ev.state();
  EXPECT_EQ(referee(ev.db, "tournament seat --round 1 --key " + ev.key).code, kUsage);
  EXPECT_EQ(referee(ev.db, "tournament seat --round 1 --key=" + ev.key).code, kUsage);
  EXPECT_EQ(referee(ev.db, "tournament seat --round 1 --key " + ev.key + " " + testing::key_file_option(ev.key)).code,
            kUsage);
  for (const mode_t mode : {0644, 0640, 0604, 0600 | 0020}) {
    const auto path = ev.dir / ("judge-" + std::to_string(mode) + ".key");
    testing::write_private_file(path, ev.key + "\n", mode);
    EXPECT_EQ(referee(ev.db, "tournament seat --round 1 --key-file " + quote(path.string())).code, kUsage) << mode;
  }
  EXPECT_EQ(referee(ev.db, "tournament seat --round 1 --key-file " + quote((ev.dir / "missing.key").string())).code,
            kUsage);
  EXPECT_EQ(ev.state(), before);
  // The completion offers the file, never the refused option.
  const std::string offered = referee(ev.db, "__complete options tournament").out;
  EXPECT_NE(offered.find("--key-file\n"), std::string::npos) << offered;
  EXPECT_EQ(offered.find("--key\n"), std::string::npos) << offered;
  // What reads only needs no key, and asks for none.
  EXPECT_EQ(referee(ev.db, "tournament standings").code, kOk);
  // The environment: the file given wins over it.
  ::setenv("DEEDLOG_JUDGE_KEY", ev.key.c_str(), 1);
  EXPECT_EQ(referee(ev.db, "tournament seat --round 1 " + testing::key_file_option("00ff")).code, kFailure);
  EXPECT_EQ(ev.state(), before);
  const RunResult seated = referee(ev.db, "--json tournament seat --round 1");
  ::unsetenv("DEEDLOG_JUDGE_KEY");
  EXPECT_EQ(seated.code, kOk) << seated.err;
  EXPECT_NE(ev.state(), before);
}

TEST(TournamentCli, BadInputIsRefusedWithTheJournalAsItWas) {
  Event ev("tournament-bad", "Ann, Ben, Cat, Dan", 2, 4);
  const std::string before = ev.state();
  // The judge's key: missing (usage), wrong (refused); nothing written either way.
  EXPECT_EQ(referee(ev.db, "tournament seat --round 1").code, kUsage);
  EXPECT_EQ(referee(ev.db, "tournament seat --round 1 " + testing::key_file_option("00ff")).code, kFailure);
  EXPECT_EQ(ev.state(), before);
  // Unknown rounds.
  EXPECT_EQ(ev.judge("tournament seat --round 2").code, kUsage);
  EXPECT_EQ(ev.judge("tournament call-time --round 1").code, kUsage);
  EXPECT_EQ(ev.judge("tournament sheet --round 4 --table 1 --html x.html").code, kUsage);
  EXPECT_EQ(ev.state(), before);

  ASSERT_EQ(ev.judge("tournament seat --round 1").code, kOk);
  const std::string seated = ev.state();
  // Seating twice, seating the next round before time is called: refused, nothing written.
  EXPECT_EQ(ev.judge("tournament seat --round 1").code, kFailure);
  EXPECT_EQ(ev.judge("tournament seat --round 2").code, kFailure);
  EXPECT_EQ(ev.judge("tournament sheet --round 1 --table 2 --html x.html").code, kUsage);
  EXPECT_EQ(ev.state(), seated);

  ASSERT_EQ(ev.judge("tournament call-time --round 1").code, kOk);
  const std::string called = ev.state();
  EXPECT_EQ(ev.judge("tournament call-time --round 1").code, kFailure);
  // A sheet that cannot be written is not recorded.
  EXPECT_EQ(ev.judge("tournament sheet --round 1 --table 1 --html " + quote((ev.dir / "no-such-folder" / "s.html").string())).code,
            kFailure);
  // An appeal in a game not of the tournament, a correction the rules refuse.
  EXPECT_EQ(ev.judge("--game 99 tournament appeal 'a claim'").code, kUsage);
  EXPECT_EQ(ev.judge("--game 1 tournament appeal 'Ann was robbed' --upheld --correction 'Referee takes back 9 for \"too far\"'").code,
            kRefused);
  EXPECT_EQ(ev.state(), called);
  // A tournament that cannot be: names twice, no rounds, tables too large.
  const auto other = ev.dir / "other.db";
  EXPECT_EQ(referee(other, "tournament new --name X --players 'Ann, ann' --rounds 1").code, kUsage);
  EXPECT_EQ(referee(other, "tournament new --name X --players 'Ann, Ben' --rounds 0").code, kUsage);
  EXPECT_EQ(referee(other, "tournament new --name X --players 'Ann, Ben' --rounds 1 --table-size 9").code, kUsage);
  EXPECT_EQ(referee(ev.db, "tournament frobnicate").code, kUsage);
}

TEST(TournamentCli, SixteenPlayersOverThreeRoundsMeetNobodyTwiceAndTheStandingsAreTheHandsSum) {
  Event ev("tournament-sixteen",
           "Ann, Ben, Cat, Dan, Eve, Fay, Gus, Hal, Ivy, Jon, Kim, Lee, Max, Ned, Oli, Pam", 3, 4);
  std::set<std::pair<std::string, std::string>> met;
  std::map<std::string, int> first;
  std::map<std::string, double> points;
  std::map<std::string, long long> worth;
  for (int round = 1; round <= 3; ++round) {
    const json seat = json_of(ev.judge("--json tournament seat --round " + std::to_string(round)));
    EXPECT_EQ(seat["repeat_meetings"], 0);
    ASSERT_EQ(seat["tables"].size(), 4u);
    for (const auto& t : seat["tables"]) {
      ASSERT_EQ(t["players"].size(), 4u);
      ++first[t["players"][0].get<std::string>()];
      for (std::size_t a = 0; a < 4; ++a)
        for (std::size_t b = a + 1; b < 4; ++b)
          EXPECT_TRUE(met.insert(std::minmax(t["players"][a].get<std::string>(), t["players"][b].get<std::string>())).second);
      const std::string game = std::to_string(t["game"].get<int>());
      ASSERT_EQ(referee(ev.db, "--game " + game + " autoplay --moves 40 --seed " + std::to_string(round)).code, kOk);
    }
    ASSERT_EQ(ev.judge("tournament call-time --round " + std::to_string(round)).code, kOk);
    for (const auto& t : seat["tables"]) {
      const std::string game = std::to_string(t["game"].get<int>());
      ASSERT_EQ(referee(ev.db, "--game " + game + " autoplay").code, kOk);
      const json value = json_of(referee(ev.db, "--game " + game + " --json value"));
      EXPECT_TRUE(value["final"].get<bool>());
      for (const auto& [p, pts] : points_by_hand(value)) points[p] += pts;
      for (const auto& p : value["players"]) worth[p["name"]] += p["in_game"].get<bool>() ? p["total"].get<long long>() : 0;
    }
  }
  EXPECT_EQ(met.size(), 3u * 4u * 6u);
  for (const auto& [p, n] : first) EXPECT_EQ(n, 1) << p;  // 12 first seats, nobody twice
  const json standings = json_of(referee(ev.db, "--json tournament standings"));
  EXPECT_EQ(standings["rounds"], 3);
  double total = 0;
  for (const auto& s : standings["standings"]) {
    if (points[s["player"]] > kUnknown / 2) {
      EXPECT_DOUBLE_EQ(s["points"].get<double>(), points[s["player"]]) << s;
    }
    EXPECT_EQ(s["net_worth"].get<long long>(), worth[s["player"]]) << s;
    EXPECT_EQ(s["tables"].size(), 3u);
    total += s["points"].get<double>();
  }
  EXPECT_DOUBLE_EQ(total, 3.0 * 16 * 3);  // every seat worth 3 on average
}

TEST(TournamentCli, LateEntryWithdrawalNoShowAndAFinalSeededFromTheStandings) {
  Event ev("tournament-entries", "Ann, Ben, Cat, Dan, Eve", 2, 4);
  const json r1 = json_of(ev.judge("--json tournament seat --round 1"));
  ASSERT_EQ(r1["tables"].size(), 2u);  // 5 in fours: 3 and 2
  EXPECT_EQ(r1["tables"][0]["players"].size(), 3u);
  EXPECT_EQ(r1["tables"][1]["players"].size(), 2u);
  for (const auto& t : r1["tables"])
    ASSERT_EQ(referee(ev.db, "--game " + std::to_string(t["game"].get<int>()) + " autoplay --moves 60 --seed 9").code, kOk);
  ASSERT_EQ(ev.judge("tournament call-time --round 1").code, kOk);
  for (const auto& t : r1["tables"])
    ASSERT_EQ(referee(ev.db, "--game " + std::to_string(t["game"].get<int>()) + " autoplay --seed 9").code, kOk);

  // Before round 2: Fay enters late, Ann withdraws, Ben does not show up.
  EXPECT_EQ(ev.judge("tournament enter Fay").code, kOk);
  EXPECT_EQ(ev.judge("tournament enter fay").code, kUsage);  // entered already
  EXPECT_EQ(ev.judge("tournament withdraw Ann").code, kOk);
  EXPECT_EQ(ev.judge("tournament withdraw Ann").code, kUsage);  // not playing any more
  EXPECT_EQ(ev.judge("tournament no-show Ben").code, kOk);
  const json r2 = json_of(ev.judge("--json tournament seat --round 2"));
  std::set<std::string> playing;
  for (const auto& t : r2["tables"])
    for (const auto& p : t["players"]) playing.insert(p.get<std::string>());
  EXPECT_EQ(playing, (std::set<std::string>{"Cat", "Dan", "Eve", "Fay"}));
  ASSERT_EQ(ev.judge("tournament call-time --round 2").code, kOk);

  // The standings: everyone who played, the withdrawn marked; Fay's missed round counts nothing.
  const json standings = json_of(referee(ev.db, "--json tournament standings"));
  EXPECT_EQ(standings["rounds"], 2);
  ASSERT_EQ(standings["standings"].size(), 6u);
  std::vector<std::string> in_order;
  for (const auto& s : standings["standings"]) {
    if (s["player"] == "Fay") {
      EXPECT_EQ(s["tables"].size(), 1u);
    }
    if (s["player"] == "Ann" || s["player"] == "Ben") {
      EXPECT_TRUE(s.value("withdrawn", false)) << s;
    }
    if (!s.value("withdrawn", false)) in_order.push_back(s["player"]);
  }
  // The final: the four leaders still in, the leader first to throw; no round after it.
  EXPECT_EQ(ev.judge("tournament seat --round 3").code, kUsage);  // the tournament has 2 rounds
  const json final = json_of(ev.judge("--json tournament seat --round 3 --final"));
  EXPECT_TRUE(final["final"].get<bool>());
  ASSERT_EQ(final["tables"].size(), 1u);
  EXPECT_EQ(final["tables"][0]["players"], json(std::vector<std::string>(in_order.begin(), in_order.begin() + 4)));
  ASSERT_EQ(ev.judge("tournament call-time --round 3").code, kOk);
  EXPECT_EQ(ev.judge("tournament seat --round 4 --final").code, kFailure);
  // Every record agrees with the entries, the final and the games (tournament_verify_test.cpp).
  const RunResult verified = referee(ev.db, "verify --tournament " + std::to_string(ev.id));
  EXPECT_EQ(verified.code, kOk) << verified.out << verified.err;
}

TEST(TournamentCli, BankruptPlayersArePlacedByTheOrderOfGoingOut) {
  Event ev("tournament-bankrupt", "Ann, Ben, Cat", 1, 3);
  const json seat = json_of(ev.judge("--json tournament seat --round 1"));
  const std::string game = std::to_string(seat["tables"][0]["game"].get<int>());
  // Cat goes out first, then Ann: Ben wins, Ann is second, Cat last, whatever the seats.
  for (const std::string move : {"Referee awards Ben 5000 from Cat for \"a ruling\"", "Cat declares bankruptcy",
                                 "Referee awards Ben 5000 from Ann for \"a ruling\"", "Ann declares bankruptcy"})
    ASSERT_EQ(referee(ev.db, "--game " + game + " play " + quote(move)).code, kOk) << move;
  const json called = json_of(ev.judge("--json tournament call-time --round 1"));
  EXPECT_FALSE(called["games"][0]["called"].get<bool>());  // over before time was called
  EXPECT_TRUE(called["games"][0]["over"].get<bool>());
  const json standings = json_of(referee(ev.db, "--json tournament standings"));
  ASSERT_EQ(standings["standings"].size(), 3u);
  EXPECT_EQ(standings["standings"][0]["player"], "Ben");
  EXPECT_EQ(standings["standings"][0]["points"], 6);
  EXPECT_EQ(standings["standings"][1]["player"], "Ann");
  EXPECT_EQ(standings["standings"][1]["points"], 3);
  EXPECT_EQ(standings["standings"][1]["net_worth"], 0);
  EXPECT_EQ(standings["standings"][2]["player"], "Cat");
  EXPECT_EQ(standings["standings"][2]["points"], 0);
  const auto file = ev.dir / "sheet.html";
  const json sheet = json_of(ev.judge("--json tournament sheet --round 1 --table 1 --html " + quote(file.string())));
  EXPECT_EQ(sheet["placings"][1]["player"], "Ann");
  EXPECT_EQ(sheet["placings"][1]["out_order"], 2);
  EXPECT_EQ(sheet["placings"][2]["out_order"], 1);
  EXPECT_NE(slurp(file).find("Cat (bankrupt, out 1)"), std::string::npos);
}

}  // namespace
}  // namespace deedlog

namespace deedlog {
namespace {

// A round printed (docs/tournaments.md, "Printing a round"): one page a table, each card with the
// key its seating handed out, made again from the Head Judge's key (so a lost card is printed
// again); the file readable by its owner alone; the judge's key needed; nothing recorded.
TEST(TournamentCli, APrintedRoundCarriesTheKeysTheSeatingGaveInAPrivateFile) {
  Event ev("tournament-print", "Ann, Ben, Cat, Dan, Eve, Fay, Gus, Hal", 2, 4);
  const json seat = json_of(ev.judge("--json tournament seat --round 1"));
  ASSERT_EQ(seat["tables"].size(), 2u);
  const std::string log_before = referee(ev.db, "--json tournament log").out;
  const auto page = ev.dir / "round1.html";
  const json printed = json_of(ev.judge("--json tournament print --round 1 --html " + quote(page.string())));
  EXPECT_EQ(printed["round"], 1);
  ASSERT_EQ(printed["tables"].size(), 2u);
  for (const auto& t : printed["tables"]) EXPECT_TRUE(t["key_printed"].get<bool>()) << t;
  EXPECT_EQ((std::filesystem::status(page).permissions() & std::filesystem::perms::all),
            std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  const std::string html = testing::slurp(page.string());
  for (const auto& t : seat["tables"]) {
    EXPECT_NE(html.find("class=key>" + t["key"].get<std::string>() + "<"), std::string::npos) << t;
    for (const auto& p : t["players"]) EXPECT_NE(html.find("<li>" + p.get<std::string>()), std::string::npos) << p;
  }
  // The JSON says which cards carry a key, never the keys: they are in the file alone.
  EXPECT_EQ(printed.dump().find(seat["tables"][0]["key"].get<std::string>()), std::string::npos);
  EXPECT_EQ(referee(ev.db, "--json tournament log").out, log_before);  // nothing recorded
  // Without the judge's key, or with a table's, no page.
  const auto other = ev.dir / "other.html";
  EXPECT_EQ(referee(ev.db, "tournament print --round 1 --html " + quote(other.string())).code, 2);
  EXPECT_EQ(referee(ev.db, "tournament print --round 1 --html " + quote(other.string()) + " " +
                               testing::key_file_option(seat["tables"][0]["key"].get<std::string>()))
                .code,
            1);
  EXPECT_FALSE(std::filesystem::exists(other));
  EXPECT_EQ(ev.judge("tournament print --round 2 --html " + quote(other.string())).code, 2);  // not seated
  // Before the cards, who sits where, by name and by table, for the wall.
  for (const auto& t : seat["tables"])
    for (const auto& p : t["players"])
      EXPECT_NE(html.find("<tr data-player=\"" + p.get<std::string>() + "\"><td>" + p.get<std::string>() + "</td><td class=n>" +
                          std::to_string(t["table"].get<int>()) + "</td>"),
                std::string::npos)
          << p;
  // The standings as a wall chart: every entrant, in rank order.
  ASSERT_EQ(ev.judge("tournament call-time --round 1").code, 0);
  const auto wall = ev.dir / "wall.html";
  ASSERT_EQ(ev.judge("tournament print --standings --html " + quote(wall.string())).code, 0);
  const std::string chart = testing::slurp(wall.string());
  const json standings = json_of(referee(ev.db, "--json tournament standings"))["standings"];
  std::size_t at = 0;
  for (const auto& st : standings) {
    const std::size_t found = chart.find("data-player=\"" + st["player"].get<std::string>() + "\"", at);
    ASSERT_NE(found, std::string::npos) << st;
    at = found;
  }
  EXPECT_EQ(ev.judge("tournament print --standings --round 1 --html " + quote(wall.string())).code, 2);  // one or the other
}

// The actions are declared once (the table in commands/tournament_command.cpp): the message for a
// missing action and help's synopsis name every one that runs, reveal included (the message once
// left it out).
TEST(TournamentCli, TheUsageAndTheSynopsisNameEveryAction) {
  const auto dir = testing::temp_dir("tournament-actions");
  const RunResult none = testing::referee(dir / "club.db", "tournament");
  EXPECT_EQ(none.code, 2) << none.err;
  const RunResult help = testing::referee(dir / "club.db", "help tournament");
  EXPECT_EQ(help.code, 0) << help.err;
  const std::size_t at = help.out.find("tournament new|");
  ASSERT_NE(at, std::string::npos) << help.out;
  const std::string synopsis = help.out.substr(at, help.out.find('\n', at) - at);
  for (const std::string action :
       {"new", "seat", "call-time", "standings", "sheet", "appeal", "log", "enter", "withdraw", "no-show", "reveal",
        "print", "export", "check"}) {
    EXPECT_NE(none.err.find(" " + action), std::string::npos) << action << ": " << none.err;
    EXPECT_TRUE(synopsis.find("|" + action + "|") != std::string::npos ||
                synopsis.find("|" + action + " ") != std::string::npos || action == "new")
        << action << ": " << synopsis;
    // Each is taken as an action: refused for what it lacks, never as an unknown command.
    const RunResult ran = testing::referee(dir / "club.db", "tournament " + action);
    EXPECT_EQ(ran.err.find("is not a tournament command"), std::string::npos) << action << ": " << ran.err;
  }
  std::filesystem::remove_all(dir);
}

// Seating at scale (docs/tournaments.md, "Seating"): a tournament made now is seated from a plan
// of all its rounds, and `--apart` keeps two entrants from ever sharing a table. 16 players over
// 3 planned rounds with two pairs kept apart: no repeat in the plan, none in a round, and never a
// pair together. A pair naming no entrant, one name, or one entrant twice is refused and no
// journal is made.
TEST(TournamentCli, PairsKeptApartNeverShareATableAndThePlannedRoundsRepeatNoMeeting) {
  const std::string players = "Ann, Ben, Cat, Dan, Eve, Fay, Gus, Hal, Ivy, Jon, Kim, Lee, Max, Ned, Oli, Pam";
  Event ev("tournament-apart", players, 3, 4, "--apart 'Ann, Ben' --apart 'cat, Dan'");
  std::set<std::pair<std::string, std::string>> met;
  for (int round = 1; round <= 3; ++round) {
    const json seat = json_of(ev.judge("--json tournament seat --round " + std::to_string(round)));
    EXPECT_EQ(seat["repeat_meetings"], 0) << seat;
    EXPECT_EQ(seat["planned_repeat_meetings"], 0) << seat;
    EXPECT_TRUE(seat["apart_together"].empty()) << seat;
    ASSERT_EQ(seat["tables"].size(), 4u);
    for (const auto& t : seat["tables"]) {
      const auto at = t["players"].get<std::vector<std::string>>();
      for (const auto& [a, b] : {std::pair<std::string, std::string>{"Ann", "Ben"}, {"Cat", "Dan"}})
        EXPECT_FALSE(std::count(at.begin(), at.end(), a) && std::count(at.begin(), at.end(), b)) << a << " and " << b;
      for (std::size_t i = 0; i < at.size(); ++i)
        for (std::size_t j = i + 1; j < at.size(); ++j) EXPECT_TRUE(met.insert(std::minmax(at[i], at[j])).second);
      const std::string game = std::to_string(t["game"].get<int>());
      ASSERT_EQ(referee(ev.db, "--game " + game + " autoplay --moves 8 --seed " + std::to_string(round)).code, kOk);
    }
    ASSERT_EQ(ev.judge("tournament call-time --round " + std::to_string(round)).code, kOk);
  }
  const std::filesystem::path dir = testing::temp_dir("tournament-apart-refused");
  const std::filesystem::path db = dir / "club.db";
  for (const char* apart : {"'Ann, Zed'", "'Ann'", "'Ann, ann'"}) {
    const RunResult r = referee(db, std::string("tournament new --name Open --rounds 2 --players 'Ann, Ben, Cat, Dan' --apart ") + apart);
    EXPECT_EQ(r.code, kUsage) << apart << ": " << r.out << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(db));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace deedlog
