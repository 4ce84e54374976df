// Tournament records as stored are read the same by every later version (docs/tournaments.md,
// "In the journal"): a journal written by deedlog at commit e528e0c, the last version before the
// record kinds were declared once with typed payloads (tests/data/README.md), folds to the same
// standings, the same log and the same verdict of verify as that version printed, and the event
// goes on in it.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <nlohmann/json.hpp>
#include <string>

#include "support/build_paths.h"
#include "support/cli.h"
#include "support/tournament.h"

namespace deedlog {
namespace {

using json = nlohmann::json;
using testing::json_of;
using testing::referee;
using testing::RunResult;

// now, less what was added since then: each object's fields that then has (the standings' entries
// element by element), so what that version answered must be answered the same.
json as_then(const json& now, const json& then) {
  if (now.is_object() && then.is_object()) {
    json out = json::object();
    for (const auto& [key, value] : then.items())
      if (now.contains(key)) out[key] = as_then(now[key], value);
    return out;
  }
  if (now.is_array() && then.is_array() && now.size() == then.size()) {
    json out = json::array();
    for (std::size_t i = 0; i < now.size(); ++i) out.push_back(as_then(now[i], then[i]));
    return out;
  }
  return now;
}

TEST(TournamentRecordsWritten, AJournalOfE528e0cFoldsToTheSameStandingsLogAndVerdict) {
  const auto dir = testing::temp_dir("tournament-records-e528e0c");
  const auto db = dir / "club.db";
  std::filesystem::copy_file(std::string(deedlog::testing::source_dir()) + "/tests/data/tournaments-written-by-e528e0c.db", db);
  const json then =
      json::parse(testing::slurp(std::string(deedlog::testing::source_dir()) + "/tests/data/tournaments-written-by-e528e0c.json"));

  // Every record kind is in it: seated (a final and a duplicate round's among them), time_called,
  // appeal (rejected and upheld), sheet (superseded twice), late_entry, withdrawal, no_show.
  for (const std::string id : {"1", "2"}) {
    const json standings = json_of(referee(db, "--json tournament standings --tournament " + id));
    EXPECT_EQ(as_then(standings, then["standings_" + id]), then["standings_" + id]) << id;
    // Made before the tie-breaks and the final's rule could be chosen: ranked as then, and so said.
    EXPECT_EQ(standings["tie_breaks"], (json{"net-worth", "head-to-head", "entry"})) << id;
    EXPECT_EQ(standings["final_rule"], "points") << id;
    for (const auto& s : standings["standings"]) {
      EXPECT_EQ(s["tie_breaks"]["net-worth"], s["net_worth"]) << s;
    }
    // The log as then, less what was added since (its entries' list).
    EXPECT_EQ(as_then(json_of(referee(db, "--json tournament log --tournament " + id)), then["log_" + id]),
              then["log_" + id])
        << id;
  }
  std::set<std::string> kinds;
  for (const auto& r : then["log_1"]["records"]) kinds.insert(r["kind"].get<std::string>());
  EXPECT_EQ(kinds, (std::set<std::string>{"seated", "time_called", "appeal", "sheet", "late_entry", "withdrawal", "no_show"}));
  const json verdict = json_of(referee(db, "--json verify"));
  EXPECT_EQ(verdict, then["verify"]);
  ASSERT_EQ(verdict["tournaments"].size(), 2u);
  for (const auto& t : verdict["tournaments"]) EXPECT_TRUE(t["ok"].get<bool>()) << t;

  // The event goes on: time called in the final (round 3) with the key that version printed, and
  // the final's points are counted; the chain grows by one record and still verifies.
  const std::string key = then["judge_keys"][0].get<std::string>();
  const RunResult called =
      referee(db, "tournament call-time --round 3 --tournament 1 " + testing::key_file_option(key));
  ASSERT_EQ(called.code, testing::kTournamentOk) << called.out << called.err;
  // The final is counted as that version counted it: its points added, the first on points
  // champion, ties on points by total net worth, the ranks 1, 2, ... in that order.
  const json final = json_of(referee(db, "--json tournament standings --tournament 1"));
  EXPECT_EQ(final["rounds"], 3);
  ASSERT_FALSE(final["champion"].is_null()) << final;
  EXPECT_EQ(final["champion"]["decided_by"], "points");
  EXPECT_EQ(final["champion"]["player"], final["standings"][0]["player"]);
  for (std::size_t i = 0; i < final["standings"].size(); ++i) {
    const json& s = final["standings"][i];
    EXPECT_EQ(s["rank"], static_cast<int>(i) + 1);
    double summed = 0;
    for (const auto& t : s["tables"]) summed += t["points"].get<double>();
    EXPECT_DOUBLE_EQ(s["points"].get<double>(), summed) << s;
    if (s.contains("final")) {
      EXPECT_EQ(s["tables"].back(), s["final"]) << s;  // counted as a round
    }
    if (i == 0) continue;
    const json& above = final["standings"][i - 1];
    EXPECT_GE(above["points"].get<double>(), s["points"].get<double>());
    if (above["points"] == s["points"]) {
      EXPECT_GE(above["net_worth"].get<long long>(), s["net_worth"].get<long long>());
    }
  }
  const json after = json_of(referee(db, "--json verify --tournament 1"));
  EXPECT_TRUE(after["tournaments"][0]["ok"].get<bool>()) << after;
  EXPECT_EQ(after["tournaments"][0]["records"], 15);

  // Its rounds' keys were drawn at random: printed again, the cards say so and carry none, and
  // printing records nothing.
  const auto page = dir / "round1.html";
  const json printed =
      json_of(referee(db, "--json tournament print --round 1 --tournament 1 --html " + page.string() + " " +
                              testing::key_file_option(key)));
  ASSERT_FALSE(printed["tables"].empty()) << printed;
  for (const auto& t : printed["tables"]) EXPECT_FALSE(t["key_printed"].get<bool>()) << t;
  EXPECT_EQ(json_of(referee(db, "--json verify --tournament 1"))["tournaments"][0]["records"], 15);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace deedlog
