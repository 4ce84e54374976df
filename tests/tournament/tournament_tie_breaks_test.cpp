// Who is champion and how ties are broken (docs/tournaments.md, "Placings, points and
// standings" and "Withdrawal, no-show, late entry, the final"), through the real command line:
// a final whose winner was not the points leader is champion under --final crowns and not under
// points; a tie on points broken by share one way and by net worth the other, every tie-break's
// figure against the hand's; head to head deciding a tie between players who met; the
// tie-breaks' list refused at new when it cannot be an order.
// Each table's net worth is made exact by the referee's awards before any throw.
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
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

constexpr int kOk = 0, kUsage = 2;

// The referee's award in a game: `to` takes amount from `from` (net worth moves, the table's total stays).
void award(const Event& ev, std::int64_t game, const std::string& to, int amount, const std::string& from) {
  const std::string move = "Referee awards " + to + " " + std::to_string(amount) + " from " + from + " for \"a ruling\"";
  const RunResult r = referee(ev.db, "--game " + std::to_string(game) + " play " + quote(move));
  ASSERT_EQ(r.code, kOk) << move << r.out << r.err;
}

std::vector<std::string> players_of(const json& table) { return table["players"].get<std::vector<std::string>>(); }

std::vector<std::string> order_of(const json& standings) {
  std::vector<std::string> out;
  for (const auto& s : standings["standings"]) out.push_back(s["player"]);
  return out;
}

const json& standing_of(const json& standings, const std::string& player) {
  for (const auto& s : standings["standings"])
    if (s["player"] == player) return s;
  static const json none;
  ADD_FAILURE() << player << " is not in the standings";
  return none;
}

// Four players at one table of 4, then the final of all four. Round 1: A (the first seated) takes
// 1000 from B: A 2500 (6 points), C and D 1500 each (sharing 2nd and 3rd: 3 points each), B 500
// (0). Then the final, final_moves played in it given the final's game and round 1's seats (A, B,
// C, D). Returns the standings after it.
json play_to_the_final(const Event& ev,
                       const std::function<void(std::int64_t, const std::vector<std::string>&)>& final_moves,
                       std::vector<std::string>* seats) {
  const json r1 = json_of(ev.judge("--json tournament seat --round 1"));
  *seats = players_of(r1["tables"][0]);
  const std::vector<std::string>& p = *seats;
  award(ev, r1["tables"][0]["game"].get<std::int64_t>(), p[0], 1000, p[1]);
  EXPECT_EQ(ev.judge("tournament call-time --round 1").code, kOk);
  const json fin = json_of(ev.judge("--json tournament seat --round 2 --final"));
  EXPECT_EQ(fin["tables"][0]["players"][0], p[0]);  // the leader throws first
  final_moves(fin["tables"][0]["game"].get<std::int64_t>(), p);
  EXPECT_EQ(ev.judge("tournament call-time --round 2").code, kOk);
  return json_of(referee(ev.db, "--json tournament standings"));
}

TEST(TournamentFinal, TheFinalsWinnerIsChampionUnderCrownsAndNotUnderPoints) {
  // The final: C (3 points before it) takes 1000 from B and wins it (6); A (6 points before it)
  // takes 100 from D and is second (4); D third (2), B last (0). On points A has 6 + 4 = 10, C
  // 3 + 6 = 9, D 3 + 2 = 5, B 0.
  const auto final_moves = [](const Event& ev) {
    return [&ev](std::int64_t game, const std::vector<std::string>& p) {
      award(ev, game, p[2], 1000, p[1]);
      award(ev, game, p[0], 100, p[3]);
    };
  };
  for (const std::string rule : {"crowns", "points", "default"}) {
    Event ev("tournament-final-" + rule, "Ann, Ben, Cat, Dan", 1, 4, rule == "default" ? "" : "--final " + rule);
    std::vector<std::string> p;
    const json standings = play_to_the_final(ev, final_moves(ev), &p);
    ASSERT_EQ(p.size(), 4u);
    const std::string &a = p[0], &b = p[1], &c = p[2], &d = p[3];
    EXPECT_EQ(standings["rounds"], 2) << rule;
    for (const std::string& player : p) {
      ASSERT_TRUE(standing_of(standings, player).contains("final")) << rule << " " << player;
    }
    EXPECT_EQ(standing_of(standings, c)["final"]["place"], 1);
    EXPECT_EQ(standing_of(standings, c)["final"]["points"], 6);
    EXPECT_EQ(standing_of(standings, c)["final"]["net_worth"], 2500);
    EXPECT_EQ(standing_of(standings, a)["final"]["place"], 2);
    EXPECT_EQ(standing_of(standings, a)["final"]["net_worth"], 1600);
    if (rule == "points") {
      // The final adds its points: A, the leader on points, is champion.
      EXPECT_EQ(standings["final_rule"], "points");
      EXPECT_EQ(standings["champion"], (json{{"player", a}, {"decided_by", "points"}}));
      EXPECT_EQ(order_of(standings), (std::vector<std::string>{a, c, d, b}));
      EXPECT_EQ(standing_of(standings, a)["points"], 10);
      EXPECT_EQ(standing_of(standings, c)["points"], 9);
      EXPECT_EQ(standing_of(standings, d)["points"], 5);
      EXPECT_EQ(standing_of(standings, a)["tables"].size(), 2u);  // the final counted as a round
    } else {
      // crowns, also new's default: C won the final and is champion; the others by the final.
      EXPECT_EQ(standings["final_rule"], "crowns");
      EXPECT_EQ(standings["champion"], (json{{"player", c}, {"decided_by", "final"}}));
      EXPECT_EQ(order_of(standings), (std::vector<std::string>{c, a, d, b}));
      // The points are the rounds' before it; the final places, it adds nothing.
      EXPECT_EQ(standing_of(standings, a)["points"], 6);
      EXPECT_EQ(standing_of(standings, c)["points"], 3);
      EXPECT_EQ(standing_of(standings, c)["tables"].size(), 1u);
    }
    for (std::size_t i = 0; i < standings["standings"].size(); ++i)
      EXPECT_EQ(standings["standings"][i]["rank"], static_cast<int>(i) + 1);
  }
}

TEST(TournamentFinal, APlaceSharedInTheFinalGoesToTheFinalistRankedHigherBeforeIt) {
  // The final: D takes 1000 from B and wins; A and C are left with 1500 each, sharing 2nd. Before
  // the final A (6 points) was ranked above C (3): A is second, C third.
  Event ev("tournament-final-shared", "Ann, Ben, Cat, Dan", 1, 4, "--final crowns");
  std::vector<std::string> p;
  const json standings = play_to_the_final(
      ev, [&](std::int64_t game, const std::vector<std::string>& seats) { award(ev, game, seats[3], 1000, seats[1]); },
      &p);
  ASSERT_EQ(p.size(), 4u);
  EXPECT_EQ(standing_of(standings, p[0])["final"]["place"], 2);
  EXPECT_EQ(standing_of(standings, p[2])["final"]["place"], 2);
  EXPECT_EQ(order_of(standings), (std::vector<std::string>{p[3], p[0], p[2], p[1]}));
  EXPECT_EQ(standings["champion"]["player"], p[3]);
}

// Five players at tables of 3: a table of 3 and one of 2. At the first, its first seat (A) takes
// 1000 from its second (B): A 2500, C 1500, B 500 of 4500; at the second, D takes 600 from E: D
// 2100, E 900 of 3000. A and D tie on 6 points, C has 3, B and E tie on 0.
struct FiveAtTwoTables {
  std::string a, b, c, d, e;
};
FiveAtTwoTables play_five(const Event& ev) {
  FiveAtTwoTables f;
  const json r1 = json_of(ev.judge("--json tournament seat --round 1"));
  const std::vector<std::string> t1 = players_of(r1["tables"][0]), t2 = players_of(r1["tables"][1]);
  EXPECT_EQ(t1.size(), 3u);
  EXPECT_EQ(t2.size(), 2u);
  if (t1.size() != 3 || t2.size() != 2) return f;
  f = {t1[0], t1[1], t1[2], t2[0], t2[1]};
  award(ev, r1["tables"][0]["game"].get<std::int64_t>(), f.a, 1000, f.b);
  award(ev, r1["tables"][1]["game"].get<std::int64_t>(), f.d, 600, f.e);
  EXPECT_EQ(ev.judge("tournament call-time --round 1").code, kOk);
  return f;
}

TEST(TournamentTieBreaks, ShareAndNetWorthBreakATieOnPointsOppositeWaysEachFigureAsTheHandHasIt) {
  const std::string entrants = "Ann, Ben, Cat, Dan, Eve";
  const std::map<std::string, int> entry{{"Ann", 1}, {"Ben", 2}, {"Cat", 3}, {"Dan", 4}, {"Eve", 5}};

  {  // net worth: A's 2500 beats D's 2100; E's 900 beats B's 500.
    Event ev("tournament-ties-net-worth", entrants, 1, 3, "--tie-breaks 'net-worth, entry'");
    const FiveAtTwoTables f = play_five(ev);
    const json standings = json_of(referee(ev.db, "--json tournament standings"));
    EXPECT_EQ(standings["tie_breaks"], (json{"net-worth", "entry"}));
    EXPECT_EQ(order_of(standings), (std::vector<std::string>{f.a, f.d, f.c, f.e, f.b}));
    const std::map<std::string, long long> worth{{f.a, 2500}, {f.b, 500}, {f.c, 1500}, {f.d, 2100}, {f.e, 900}};
    for (const auto& s : standings["standings"]) {
      EXPECT_EQ(s["tie_breaks"].size(), 2u) << s;
      EXPECT_EQ(s["tie_breaks"]["net-worth"], worth.at(s["player"])) << s;
      EXPECT_EQ(s["tie_breaks"]["entry"], entry.at(s["player"])) << s;
    }
  }
  {  // share, the default: D's 2100 of 3000 (0.7) beats A's 2500 of 4500 (0.5556); E's 900 of
     // 3000 (0.3) beats B's 500 of 4500 (0.1111).
    Event ev("tournament-ties-share", entrants, 1, 3);
    const FiveAtTwoTables f = play_five(ev);
    const json standings = json_of(referee(ev.db, "--json tournament standings"));
    EXPECT_EQ(standings["tie_breaks"], (json{"share", "head-to-head", "opponents", "entry"}));
    EXPECT_EQ(order_of(standings), (std::vector<std::string>{f.d, f.a, f.c, f.e, f.b}));
    const std::map<std::string, double> share{
        {f.a, 2500.0 / 4500}, {f.b, 500.0 / 4500}, {f.c, 1500.0 / 4500}, {f.d, 2100.0 / 3000}, {f.e, 900.0 / 3000}};
    // opponents: the points of those met. A met B (0) and C (3); B met A (6) and C (3); C met A
    // (6) and B (0); D met E (0); E met D (6).
    const std::map<std::string, double> opponents{{f.a, 3}, {f.b, 9}, {f.c, 6}, {f.d, 0}, {f.e, 6}};
    for (const auto& s : standings["standings"]) {
      const std::string p = s["player"];
      EXPECT_EQ(s["tie_breaks"].size(), 4u) << s;
      EXPECT_NEAR(s["tie_breaks"]["share"].get<double>(), share.at(p), 0.00005) << s;
      EXPECT_EQ(s["tie_breaks"]["opponents"].get<double>(), opponents.at(p)) << s;
      // Share separated every tie before head to head was reached: nobody was tied there.
      EXPECT_EQ(s["tie_breaks"]["head-to-head"].get<double>(), 0) << s;
      EXPECT_EQ(s["tie_breaks"]["entry"], entry.at(p)) << s;
    }
  }
  {  // opponents: A met 3 points, D met 0; B met 9, E met 6.
    Event ev("tournament-ties-opponents", entrants, 1, 3, "--tie-breaks 'opponents, entry'");
    const FiveAtTwoTables f = play_five(ev);
    const json standings = json_of(referee(ev.db, "--json tournament standings"));
    EXPECT_EQ(order_of(standings), (std::vector<std::string>{f.a, f.d, f.c, f.b, f.e}));
    EXPECT_EQ(standing_of(standings, f.b)["tie_breaks"]["opponents"], 9);
    EXPECT_EQ(standing_of(standings, f.e)["tie_breaks"]["opponents"], 6);
    EXPECT_FALSE(standing_of(standings, f.a)["tie_breaks"].contains("share"));
  }
}

TEST(TournamentTieBreaks, PlayersTiedWhoSharedEveryTableAreEvenHeadToHeadAndEntryDecides) {
  // Two rounds of four at one table of 4 each round: round 1, A takes 1000 from B; round 2, B
  // takes 1000 from A (the seats as round 1's). A: 6 + 0 = 6, B: 0 + 6 = 6: tied on points and
  // on share; A took 6 - 0 and 0 - 6 against B: head to head 0 each. C and D share 2nd twice.
  // Then entry decides A and B, and C and D.
  Event ev("tournament-ties-head", "Ann, Ben, Cat, Dan", 2, 4, "--tie-breaks 'head-to-head, entry'");
  const json r1 = json_of(ev.judge("--json tournament seat --round 1"));
  const std::vector<std::string> p = players_of(r1["tables"][0]);
  award(ev, r1["tables"][0]["game"].get<std::int64_t>(), p[0], 1000, p[1]);
  ASSERT_EQ(ev.judge("tournament call-time --round 1").code, kOk);
  const json r2 = json_of(ev.judge("--json tournament seat --round 2"));
  award(ev, r2["tables"][0]["game"].get<std::int64_t>(), p[1], 1000, p[0]);
  award(ev, r2["tables"][0]["game"].get<std::int64_t>(), p[2], 100, p[3]);
  ASSERT_EQ(ev.judge("tournament call-time --round 2").code, kOk);
  const json standings = json_of(referee(ev.db, "--json tournament standings"));
  // Round 2: B 6, C (1600) 4, D (1400) 2, A 0. Totals: C 3 + 4 = 7, A 6, B 6, D 3 + 2 = 5.
  // A and B tied: head to head A 6 - 0 (round 1) + 0 - 6 (round 2) = 0, B the same.
  EXPECT_EQ(standing_of(standings, p[2])["points"], 7);
  EXPECT_EQ(standing_of(standings, p[0])["tie_breaks"]["head-to-head"], 0);
  EXPECT_EQ(standing_of(standings, p[1])["tie_breaks"]["head-to-head"], 0);
  const std::map<std::string, int> entry{{"Ann", 1}, {"Ben", 2}, {"Cat", 3}, {"Dan", 4}};
  const bool a_first = entry.at(p[0]) < entry.at(p[1]);
  EXPECT_EQ(order_of(standings),
            (std::vector<std::string>{p[2], a_first ? p[0] : p[1], a_first ? p[1] : p[0], p[3]}));
}

TEST(TournamentTieBreaks, HeadToHeadPutsTheWinnerOfTheTiedPlayersMeetingFirst) {
  // Four at tables of 2 over 2 rounds; a table's winner takes 100 from the other (6 points to 0).
  // Round 1: P beats Q, R beats S. Round 2 (no pair meets twice): P's opponent beats P; at the
  // other table R wins if there, else Q. If P met S: P 6, S 6, R 12, Q 0, and S beat P: S +6, P
  // -6. If P met R: P 6, Q 6, R 12, S 0, and P beat Q in round 1: P +6, Q -6.
  Event ev("tournament-ties-met", "Ann, Ben, Cat, Dan", 2, 2, "--tie-breaks 'head-to-head, entry'");
  const json r1 = json_of(ev.judge("--json tournament seat --round 1"));
  const std::vector<std::string> t1 = players_of(r1["tables"][0]), t2 = players_of(r1["tables"][1]);
  const std::string p = t1[0], q = t1[1], r = t2[0], s = t2[1];
  award(ev, r1["tables"][0]["game"].get<std::int64_t>(), p, 100, q);
  award(ev, r1["tables"][1]["game"].get<std::int64_t>(), r, 100, s);
  ASSERT_EQ(ev.judge("tournament call-time --round 1").code, kOk);
  const json r2 = json_of(ev.judge("--json tournament seat --round 2"));
  std::string met;
  for (const auto& table : r2["tables"]) {
    const std::vector<std::string> seats = players_of(table);
    ASSERT_EQ(seats.size(), 2u);
    const std::int64_t game = table["game"].get<std::int64_t>();
    const bool ps_table = seats[0] == p || seats[1] == p;
    std::string winner;
    if (ps_table) winner = met = seats[0] == p ? seats[1] : seats[0];
    else winner = (seats[0] == r || seats[1] == r) ? r : q;
    const std::string loser = seats[0] == winner ? seats[1] : seats[0];
    award(ev, game, winner, 100, loser);
  }
  ASSERT_TRUE(met == s || met == r) << met;
  ASSERT_EQ(ev.judge("tournament call-time --round 2").code, kOk);
  const json standings = json_of(referee(ev.db, "--json tournament standings"));
  const std::string first = met == s ? s : p, second = met == s ? p : q, last = met == s ? q : s;
  EXPECT_EQ(order_of(standings), (std::vector<std::string>{r, first, second, last}));
  EXPECT_EQ(standing_of(standings, first)["points"], 6);
  EXPECT_EQ(standing_of(standings, second)["points"], 6);
  EXPECT_EQ(standing_of(standings, first)["tie_breaks"]["head-to-head"], 6);
  EXPECT_EQ(standing_of(standings, second)["tie_breaks"]["head-to-head"], -6);
  EXPECT_EQ(standing_of(standings, r)["tie_breaks"]["head-to-head"], 0);  // tied with nobody
}

TEST(TournamentTieBreaks, AListThatIsNoOrderIsRefusedAtNewAndNothingIsMade) {
  const auto dir = testing::temp_dir("tournament-ties-refused");
  const auto db = dir / "club.db";
  const std::string made = "tournament new --name Open --players 'Ann, Ben, Cat' --rounds 1 ";
  for (const std::string bad :
       {"--tie-breaks luck", "--tie-breaks 'share, share'", "--tie-breaks ''", "--tie-breaks 'share,,entry'",
        "--tie-breaks 'share, Share'", "--final maybe", "--final"}) {
    const RunResult r = referee(db, made + bad);
    EXPECT_EQ(r.code, kUsage) << bad << r.out << r.err;
    EXPECT_FALSE(std::filesystem::exists(db)) << bad;
  }
  // A good list makes it, stored as given.
  const RunResult good = referee(db, "--json " + made + "--tie-breaks 'opponents, share' --final points");
  ASSERT_EQ(good.code, kOk) << good.err;
  const json standings = json_of(referee(db, "--json tournament standings"));
  EXPECT_EQ(standings["tie_breaks"], (json{"opponents", "share"}));
  EXPECT_EQ(standings["final_rule"], "points");
  EXPECT_EQ(standings["champion"], nullptr);
  // seat's --final takes no value.
  const std::string key = json::parse(good.out)["judge_key"];
  EXPECT_EQ(referee(db, "tournament seat --round 1 --final crowns " + testing::key_file_option(key)).code, kUsage);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace deedlog
