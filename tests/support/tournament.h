#pragma once
// What the tournament tests share (docs/tournaments.md): a tournament made through the real
// command line, the hand's computation of a table's points from `referee value --json`, the
// standings summed by hand over the tables, a score sheet's figures checked against value's, the
// dice a game threw (from `log --json`), and SHA-256 for a revealed seed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "journal/sha256.h"
#include "support/cli.h"

namespace deedlog::testing {

// The tournament tests' exit codes, as the project uses them everywhere.
inline constexpr int kTournamentOk = 0, kTournamentFailure = 1, kTournamentUsage = 2, kTournamentRefused = 3;

inline nlohmann::json json_of(const RunResult& r) {
  EXPECT_EQ(r.code, kTournamentOk) << r.out << r.err;
  return nlohmann::json::parse(r.out, nullptr, false);
}

// A tournament in a fresh journal (its folder removed with it): `tournament new` run, its id and
// the Head Judge's key kept.
// extra: more options for `tournament new` ("--duplicate", ...).
struct Event {
  std::filesystem::path dir;
  std::filesystem::path db;
  std::string key;
  std::string first_head;  // the head `tournament new` printed: the genesis of the tournament's records
  std::int64_t id = 0;

  // extra: more options of `tournament new`; time_limit: its --time-limit (a short one, "4s",
  // for the server's clock to run out in a test).
  Event(const std::string& name, const std::string& players, int rounds, int table_size, const std::string& extra = "",
        const std::string& time_limit = "90m") {
    dir = temp_dir(name);
    db = dir / "club.db";
    std::string args = "--json tournament new --name 'Club Open' --players ";
    args += quote(players);
    args += " --rounds ";
    args += std::to_string(rounds);
    args += " --table-size ";
    args += std::to_string(table_size);
    args += " --time-limit " + time_limit + " ";
    args += extra;
    const nlohmann::json made = json_of(referee(db, args));
    id = made["tournament"].get<std::int64_t>();
    key = made["judge_key"].get<std::string>();
    first_head = made.value("head", std::string());
  }
  ~Event() {
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
  }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;

  RunResult judge(const std::string& args) const { return referee(db, args + " " + key_file_option(key)); }
  // What must not change when a command is refused.
  std::string state() const { return referee(db, "--json tournament log").out + referee(db, "--json games").out; }
};

// A tournament named Cup made through the command line (`tournament new --json` with
// new_options) and its round 1 seated: its id, the Head Judge's key and the seated round
// (`tournament seat --json`, its "tables"). A step that fails fails the test; round is then null.
struct SeatedCup {
  int tournament = 0;
  std::string judge_key;
  nlohmann::json round;
};
inline SeatedCup seat_first_round(const std::filesystem::path& db, const std::string& new_options) {
  SeatedCup cup;
  const RunResult made = referee(db, "--json tournament new --name Cup " + new_options);
  EXPECT_EQ(made.code, kTournamentOk) << made.err;
  if (made.code != kTournamentOk) return cup;
  const nlohmann::json m = nlohmann::json::parse(made.out);
  cup.tournament = m["tournament"].get<int>();
  cup.judge_key = m["judge_key"].get<std::string>();
  const RunResult seated = referee(db, "--json tournament seat --round 1 " + key_file_option(cup.judge_key));
  EXPECT_EQ(seated.code, kTournamentOk) << seated.err;
  if (seated.code == kTournamentOk) cup.round = nlohmann::json::parse(seated.out);
  return cup;
}

// A player's points the hand cannot know (several bankrupt at one table: value's document does not
// say who went out first).
inline constexpr double kUnknown = -1e9;

// The placings of a game by hand, from `referee value --json`: those still in by total (highest
// first), the bankrupt below; points 6 .. 0 evenly, equal totals sharing.
inline std::map<std::string, double> points_by_hand(const nlohmann::json& value) {
  std::vector<std::pair<std::string, long long>> in, out;
  for (const auto& p : value["players"]) {
    if (p["in_game"].get<bool>()) in.emplace_back(p["name"], p["total"].get<long long>());
    else out.emplace_back(p["name"], 0);
  }
  std::stable_sort(in.begin(), in.end(), [](auto& a, auto& b) { return a.second > b.second; });
  const int n = static_cast<int>(value["players"].size());
  std::map<std::string, double> points;
  for (std::size_t i = 0; i < in.size();) {
    std::size_t j = i;
    double sum = 0;
    while (j < in.size() && in[j].second == in[i].second) sum += 6.0 * (n - 1 - static_cast<int>(j)) / (n - 1), ++j;
    for (std::size_t k = i; k < j; ++k) points[in[k].first] = sum / static_cast<double>(j - i);
    i = j;
  }
  // The bankrupt take the places below, the first out last: one alone is last; the order of
  // several is not in value's document, so they are left out of the hand's check (kUnknown).
  for (const auto& [name, worth] : out) points[name] = out.size() == 1 ? 0.0 : kUnknown;
  return points;
}

// The standings by hand: each table's placings, points and net worth (a bankrupt player's counts
// 0), and their sums over the tables, from each game's `value --json`.
struct HandStandings {
  std::map<std::string, double> points;
  std::map<std::string, long long> worth;
  std::map<std::string, int> tables;
  // Each table by its game: a player's points, net worth and place there (players still in, by
  // net worth, equal ones sharing the better place; 0 for a bankrupt player, placed by the order
  // of going out, which value does not give).
  struct Seat {
    double points = 0;
    long long worth = 0;
    int place = 0;
  };
  std::map<std::int64_t, std::map<std::string, Seat>> by_game;

  void add(const nlohmann::json& value) {
    const std::map<std::string, double> table_points = points_by_hand(value);
    auto& seats = by_game[value["game"].get<std::int64_t>()];
    for (const auto& p : value["players"]) {
      Seat& seat = seats[p["name"]];
      seat.points = table_points.at(p["name"]);
      if (!p["in_game"].get<bool>()) continue;
      seat.worth = p["total"].get<long long>();
      seat.place = 1;
      for (const auto& q : value["players"])
        if (q["in_game"].get<bool>() && q["total"].get<long long>() > seat.worth) ++seat.place;
    }
    for (const auto& [p, pts] : points_by_hand(value)) {
      // Once unknown, unknown: kUnknown is far below any sum of real points.
      points[p] = (points[p] < kUnknown / 2 || pts < kUnknown / 2) ? kUnknown : points[p] + pts;
    }
    for (const auto& p : value["players"]) {
      worth[p["name"]] += p["in_game"].get<bool>() ? p["total"].get<long long>() : 0;
      ++tables[p["name"]];
    }
  }

  // A player's share (docs/tournaments.md): the mean, over his tables, of his net worth over the
  // table's total (0 where the total is not above 0).
  double share(const std::string& player) const {
    double sum = 0;
    int n = 0;
    for (const auto& [game, seats] : by_game) {
      if (seats.count(player) == 0) continue;
      long long total = 0;
      for (const auto& [name, seat] : seats) total += seat.worth;
      if (total > 0) sum += static_cast<double>(seats.at(player).worth) / static_cast<double>(total);
      ++n;
    }
    return n == 0 ? 0 : sum / n;
  }

  // standings: the "standings" array of `tournament standings --json` (or the server's view).
  // Each player's points and net worth as the hand has them, the ranks 1.. in order, and the order
  // points then the first tie-break (share for a new tournament; net worth for one ranked by it)
  // where the hand knows both.
  void check(const nlohmann::json& standings) const {
    ASSERT_EQ(standings.size(), worth.size());
    for (std::size_t i = 0; i < standings.size(); ++i) {
      const nlohmann::json& s = standings[i];
      const std::string p = s["player"];
      EXPECT_EQ(s["rank"], static_cast<int>(i) + 1) << s;
      if (points.at(p) > kUnknown / 2) {
        EXPECT_DOUBLE_EQ(s["points"].get<double>(), points.at(p)) << s;
      }
      EXPECT_EQ(s["net_worth"].get<long long>(), worth.at(p)) << s;
      EXPECT_EQ(static_cast<int>(s["tables"].size()), tables.at(p)) << s;
      for (const nlohmann::json& t : s["tables"]) {
        const Seat& seat = by_game.at(t["game"].get<std::int64_t>()).at(p);
        EXPECT_EQ(t["net_worth"].get<long long>(), seat.worth) << p << " " << t;
        if (seat.points > kUnknown / 2) {
          EXPECT_DOUBLE_EQ(t["points"].get<double>(), seat.points) << p << " " << t;
        }
        if (seat.place > 0) {
          EXPECT_EQ(t["place"].get<int>(), seat.place) << p << " " << t;
        }
      }
      const bool by_share = s["tie_breaks"].contains("share");
      if (by_share) {
        EXPECT_NEAR(s["tie_breaks"]["share"].get<double>(), share(p), 0.00005) << s;
      }
      if (i == 0) continue;
      const nlohmann::json& above = standings[i - 1];
      const std::string q = above["player"];
      if (points.at(p) < kUnknown / 2 || points.at(q) < kUnknown / 2) continue;
      // Points first, then share (or net worth); a tie on both goes on to the next tie-break,
      // not checked here.
      EXPECT_GE(points.at(q), points.at(p)) << q << " above " << p;
      if (points.at(q) == points.at(p)) {
        if (by_share) {
          EXPECT_GE(share(q) + 1e-9, share(p)) << q << " above " << p;
        } else {
          EXPECT_GE(worth.at(q), worth.at(p)) << q << " above " << p;
        }
      }
    }
  }
};

// A score sheet (`tournament sheet --json`) and its page against `referee value --json` of the
// same game: each player's cash, sites at price, mortgaged sites at half, buildings at cost and net
// worth, on the page too.
inline void expect_sheet_is_value(const nlohmann::json& sheet, const std::string& page, const nlohmann::json& value) {
  ASSERT_EQ(sheet["placings"].size(), value["players"].size());
  for (const auto& p : value["players"]) {
    bool found = false;
    for (const auto& placing : sheet["placings"]) {
      if (placing["player"] != p["name"]) continue;
      found = true;
      if (!p["in_game"].get<bool>()) continue;  // a bankrupt player's estate is gone
      EXPECT_EQ(placing["net_worth"], p["total"]) << p;
      EXPECT_EQ(placing["cash"], p["cash"]) << p;
      std::map<std::string, long long> by_kind;
      for (const auto& item : p["items"]) by_kind[item["kind"]] += item["amount"].get<long long>();
      EXPECT_EQ(placing["sites"], by_kind["property"]) << p;
      EXPECT_EQ(placing["mortgaged"], by_kind["mortgaged-property"]) << p;
      EXPECT_EQ(placing["buildings"], by_kind["houses"] + by_kind["hotel"]) << p;
      EXPECT_EQ(placing["cash"].get<long long>() + placing["sites"].get<long long>() +
                    placing["mortgaged"].get<long long>() + placing["buildings"].get<long long>() -
                    placing["debts"].get<long long>(),
                p["total"].get<long long>())
          << p;
      EXPECT_NE(page.find("<b>" + std::to_string(p["total"].get<long long>()) + "</b>"), std::string::npos) << p;
      for (const char* figure : {"cash", "sites", "mortgaged", "buildings"})
        EXPECT_NE(page.find("<td class=n>" + std::to_string(placing[figure].get<long long>()) + "</td>"), std::string::npos)
            << figure << " of " << p;
    }
    EXPECT_TRUE(found) << p;
  }
}

// The dice a game threw, in order (a card's throw too), from `log --json`'s events.
inline std::vector<std::pair<int, int>> throws_in(const nlohmann::json& log) {
  std::vector<std::pair<int, int>> dice;
  for (const nlohmann::json& e : log.at("events"))
    if (e.at("type") == "DiceThrown" || e.at("type") == "CardDiceThrown")
      dice.emplace_back(e.at("die1").get<int>(), e.at("die2").get<int>());
  return dice;
}

inline std::vector<std::pair<int, int>> throws_of(const std::filesystem::path& db, std::int64_t game) {
  const RunResult r = referee(db, "--game " + std::to_string(game) + " --json log");
  EXPECT_EQ(r.code, kTournamentOk) << r.err;
  const nlohmann::json doc = nlohmann::json::parse(r.out);  // held: the loop reads into it
  return throws_in(doc);
}

// The dice each seat threw, in order (its turns' throws, re-throws after doubles, jail throws and
// a card's rent throws), from `log --json`'s events: [seat][k].
using SeatThrows = std::vector<std::vector<std::pair<int, int>>>;
inline SeatThrows throws_by_seat_in(const nlohmann::json& log) {
  SeatThrows seats;
  for (const nlohmann::json& e : log.at("events"))
    if (e.at("type") == "DiceThrown" || e.at("type") == "CardDiceThrown") {
      const auto seat = e.at("player").get<std::size_t>();
      if (seat >= seats.size()) seats.resize(seat + 1);
      seats[seat].emplace_back(e.at("die1").get<int>(), e.at("die2").get<int>());
    }
  return seats;
}

inline SeatThrows throws_by_seat_of(const std::filesystem::path& db, std::int64_t game) {
  const RunResult r = referee(db, "--game " + std::to_string(game) + " --json log");
  EXPECT_EQ(r.code, kTournamentOk) << r.err;
  const nlohmann::json doc = nlohmann::json::parse(r.out);  // held: the loop reads into it
  return throws_by_seat_in(doc);
}

// A duplicate round deals by seat: seat s's k-th throw is the same at every table of the round,
// whatever its size (as far as each seat threw at both tables); returns how many throws were
// compared.
inline std::size_t expect_same_throws_by_seat(const std::vector<SeatThrows>& tables) {
  std::size_t compared = 0;
  for (std::size_t i = 1; i < tables.size(); ++i)
    for (std::size_t s = 0; s < std::min(tables[i].size(), tables[0].size()); ++s)
      for (std::size_t k = 0; k < std::min(tables[i][s].size(), tables[0][s].size()); ++k) {
        EXPECT_EQ(tables[i][s][k], tables[0][s][k]) << "table " << i + 1 << ", seat " << s + 1 << ", throw " << k;
        ++compared;
      }
  return compared;
}

// A duplicate round seated through the command line: eight players, one round, two tables of
// four, what `tournament seat --json` printed. `run` runs referee on the journal (a file, or a
// PostgreSQL database) with the arguments given.
struct SeatedDuplicateRound {
  std::string judge_key, commitment;
  std::vector<std::int64_t> games;
  std::vector<std::string> table_keys;  // each table's key, in the order of games
};
inline SeatedDuplicateRound seat_eight_in_a_duplicate_round(const std::function<RunResult(const std::string&)>& run) {
  SeatedDuplicateRound out;
  RunResult r = run("--json tournament new --name \"Duplicate Open\" --players \"Ann, Ben, Cat, Dan, Eve, Fay, Gus, Hal\" "
                    "--rounds 1 --table-size 4 --time-limit 90m --duplicate");
  EXPECT_EQ(r.code, kTournamentOk) << r.out << r.err;
  if (r.code != kTournamentOk) return out;
  out.judge_key = nlohmann::json::parse(r.out).at("judge_key");
  r = run("--json tournament seat --round 1 " + key_file_option(out.judge_key));
  EXPECT_EQ(r.code, kTournamentOk) << r.out << r.err;
  if (r.code != kTournamentOk) return out;
  const nlohmann::json seated = nlohmann::json::parse(r.out);
  out.commitment = seated.at("commitment");
  for (const auto& t : seated.at("tables")) {
    out.games.push_back(t.at("game").get<std::int64_t>());
    out.table_keys.push_back(t.at("key").get<std::string>());
  }
  return out;
}

inline std::string sha256_hex(const std::string& text) {
  Sha256 h;
  h.update(text);
  return h.hex();
}

}  // namespace deedlog::testing
