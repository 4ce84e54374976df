// `tournament export` and `tournament check` through the command line, on a real journal
// (docs/tournaments.md, "Exports and the record"; docs/tournament-record.md): the CSV's cells
// (a name a spreadsheet would run is written as text), a duplicate round's results left out
// until it ends, the record checked back against the journal (agreeing, one figure edited,
// a file cut short or crafted), and the files written private and never over another.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/cli.h"
#include "support/tournament.h"

namespace deedlog {
namespace {
using testing::Event;
using testing::json_of;
using testing::key_file_option;
using testing::kTournamentFailure;
using testing::kTournamentOk;
using testing::kTournamentUsage;
using testing::quote;
using testing::referee;
using testing::RunResult;
using testing::slurp;
using json = nlohmann::json;

// RFC 4180 read back: lines of cells, quoted cells unquoted (a doubled quote one quote).
std::vector<std::vector<std::string>> csv_rows(const std::string& text) {
  std::vector<std::vector<std::string>> rows(1, std::vector<std::string>(1));
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') rows.back().back() += '"', ++i;
      else if (c == '"') quoted = false;
      else rows.back().back() += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      rows.back().emplace_back();
    } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
      ++i;
      rows.emplace_back(1);
    } else {
      rows.back().back() += c;
    }
  }
  if (rows.back().size() == 1 && rows.back()[0].empty()) rows.pop_back();
  return rows;
}

// A name as the CSV gives it back: one a spreadsheet would run, behind a single quote.
std::string as_text(const std::string& name) {
  return std::string("=+-@").find(name.front()) != std::string::npos ? "'" + name : name;
}

std::size_t column(const std::vector<std::string>& header, const std::string& name) {
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i] == name) return i;
  ADD_FAILURE() << "no column " << name;
  return 0;
}

unsigned mode_of(const std::filesystem::path& p) {
  struct stat st{};
  EXPECT_EQ(::stat(p.c_str(), &st), 0) << p;
  return st.st_mode & 07777;
}

void write_file(const std::filesystem::path& p, const std::string& text) {
  std::ofstream f(p, std::ios::binary | std::ios::trunc);
  f << text;
}

// One round of four at one table, played on and time called: the names begin as formulas do.
struct PlayedRound {
  Event event{"tournament-export", "=SUM(A1), -Ann, +Ben, Cat", 1, 4};
  std::int64_t game = 0;
  PlayedRound() {
    const json seated = json_of(event.judge("--json tournament seat --round 1"));
    game = seated["tables"][0]["game"].get<std::int64_t>();
    EXPECT_EQ(referee(event.db, "--game " + std::to_string(game) + " autoplay --moves 120 --seed 5").code, kTournamentOk);
    EXPECT_EQ(event.judge("tournament call-time --round 1").code, kTournamentOk);
  }
};

TEST(TournamentExport, CsvNamesAreTextAndFiguresAreTheStandings) {
  PlayedRound played;
  const Event& e = played.event;
  RunResult r = referee(e.db, "tournament export --csv standings");
  ASSERT_EQ(r.code, kTournamentOk) << r.err;
  // No cell of the file begins with a character a spreadsheet runs: the names are quoted text.
  EXPECT_NE(r.out.find("\"'=SUM(A1)\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"'-Ann\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"'+Ben\""), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find(",=SUM"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\r\n"), std::string::npos);
  const auto rows = csv_rows(r.out);
  ASSERT_EQ(rows.size(), 5u) << r.out;
  const auto& header = rows[0];
  EXPECT_EQ(header[0], "rank");
  EXPECT_EQ(header[1], "player");
  EXPECT_EQ(header[2], "points");
  // Then the tie-breaks, each under its own name, in the tournament's order.
  const json doc = json_of(referee(e.db, "--json tournament standings"));
  ASSERT_TRUE(doc.contains("tie_breaks")) << doc;
  for (std::size_t k = 0; k < doc["tie_breaks"].size(); ++k)
    EXPECT_EQ(header[3 + k], doc["tie_breaks"][k].get<std::string>()) << k;
  const json standings = doc["standings"];
  ASSERT_EQ(standings.size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) {
    const auto& row = rows[i + 1];
    ASSERT_EQ(row.size(), header.size()) << i;
    const json& s = standings[i];
    EXPECT_EQ(row[column(header, "rank")], std::to_string(s["rank"].get<int>()));
    EXPECT_EQ(row[column(header, "player")], as_text(s["player"].get<std::string>()));
    EXPECT_DOUBLE_EQ(std::stod(row[column(header, "points")]), s["points"].get<double>());
    EXPECT_EQ(row[column(header, "net_worth")], std::to_string(s["net_worth"].get<long long>()));
    EXPECT_EQ(row[column(header, "tables")], "1");
    for (const auto& [name, figure] : s["tie_breaks"].items())
      EXPECT_DOUBLE_EQ(std::stod(row[column(header, name)]), figure.get<double>()) << name;
  }

  // Results: one line a seat, in seat order, the figures the standings' table gives.
  r = referee(e.db, "tournament export --csv results");
  ASSERT_EQ(r.code, kTournamentOk) << r.err;
  const auto results = csv_rows(r.out);
  ASSERT_EQ(results.size(), 5u) << r.out;
  const auto& h = results[0];
  for (const char* name : {"round", "table", "game", "seat", "player", "place", "points", "net_worth", "bankrupt", "out_order"})
    EXPECT_LT(column(h, name), h.size()) << name;
  for (std::size_t i = 1; i < results.size(); ++i) {
    const auto& row = results[i];
    EXPECT_EQ(row[column(h, "round")], "1");
    EXPECT_EQ(row[column(h, "game")], std::to_string(played.game));
    EXPECT_EQ(row[column(h, "seat")], std::to_string(i));
    const std::string name = row[column(h, "player")];
    for (const json& s : standings) {
      if (as_text(s["player"]) != name) continue;
      EXPECT_EQ(row[column(h, "net_worth")], std::to_string(s["tables"][0]["net_worth"].get<long long>())) << name;
      EXPECT_EQ(row[column(h, "place")], std::to_string(s["tables"][0]["place"].get<int>())) << name;
      EXPECT_DOUBLE_EQ(std::stod(row[column(h, "points")]), s["tables"][0]["points"].get<double>()) << name;
    }
  }
}

TEST(TournamentExport, FilesArePrivateAndNeverWrittenOverAnother) {
  PlayedRound played;
  const Event& e = played.event;
  const auto csv = e.dir / "standings.csv";
  const auto record = e.dir / "record.json";
  ASSERT_EQ(referee(e.db, "tournament export --csv standings --out " + quote(csv.string())).code, kTournamentOk);
  ASSERT_EQ(referee(e.db, "tournament export --record " + quote(record.string())).code, kTournamentOk);
  EXPECT_EQ(mode_of(csv), 0600u);
  EXPECT_EQ(mode_of(record), 0600u);
  EXPECT_EQ(csv_rows(slurp(csv)).size(), 5u);
  // A file there already is refused, exit 2, and left as it was.
  const auto mine = e.dir / "mine.txt";
  write_file(mine, "keep me");
  RunResult r = referee(e.db, "tournament export --csv results --out " + quote(mine.string()));
  EXPECT_EQ(r.code, kTournamentUsage) << r.out << r.err;
  r = referee(e.db, "tournament export --record " + quote(mine.string()));
  EXPECT_EQ(r.code, kTournamentUsage) << r.out << r.err;
  EXPECT_EQ(slurp(mine), "keep me");
  // A link there is not followed either.
  const auto link = e.dir / "link.json";
  std::filesystem::create_symlink(mine, link);
  EXPECT_EQ(referee(e.db, "tournament export --record " + quote(link.string())).code, kTournamentUsage);
  EXPECT_EQ(slurp(mine), "keep me");
  // Options that do not make an export.
  EXPECT_EQ(referee(e.db, "tournament export").code, kTournamentUsage);
  EXPECT_EQ(referee(e.db, "tournament export --csv players").code, kTournamentUsage);
}

TEST(TournamentExport, RecordChecksAgainstTheJournalAndNamesAnEditedFigure) {
  PlayedRound played;
  const Event& e = played.event;
  // An appeal ruled and a withdrawal, which the record keeps too.
  ASSERT_EQ(e.judge("--game " + std::to_string(played.game) + " tournament appeal 'Cat claims a rent missed'").code,
            kTournamentOk);
  ASSERT_EQ(e.judge("tournament withdraw Cat").code, kTournamentOk);
  const auto file = e.dir / "record.json";
  ASSERT_EQ(referee(e.db, "tournament export --record " + quote(file.string())).code, kTournamentOk);
  const json record = json::parse(slurp(file));
  ASSERT_EQ(record["appeals"].size(), 1u);
  EXPECT_EQ(record["appeals"][0]["outcome"], "rejected");
  EXPECT_EQ(record["appeals"][0]["game"], played.game);
  EXPECT_EQ(record["appeals"][0]["claim"], "Cat claims a rent missed");
  EXPECT_EQ(record["players"][3]["name"], "Cat");
  EXPECT_EQ(record["players"][3]["withdrawn_round"], 2);
  EXPECT_TRUE(record["players"][0]["withdrawn_round"].is_null());
  EXPECT_EQ(record["format"], "deedlog-tournament-record");
  EXPECT_EQ(record["version"], 1);
  EXPECT_EQ(record["tournament"]["id"], e.id);
  EXPECT_EQ(record["tournament"]["first_head"], e.first_head);
  EXPECT_EQ(record["players"].size(), 4u);
  ASSERT_EQ(record["rounds"].size(), 1u);
  const json& table = record["rounds"][0]["tables"][0];
  EXPECT_EQ(table["game"], played.game);
  EXPECT_EQ(table["seats"].size(), 4u);
  EXPECT_EQ(table["head"].get<std::string>().size(), 64u);
  const json log = json_of(referee(e.db, "--json tournament log"));
  EXPECT_EQ(record["head"]["hash"], log["head"]);

  RunResult r = referee(e.db, "--json tournament check " + quote(file.string()));
  ASSERT_EQ(r.code, kTournamentOk) << r.out << r.err;
  json checked = json::parse(r.out);
  EXPECT_TRUE(checked["ok"].get<bool>());
  EXPECT_TRUE(checked["differences"].empty());
  EXPECT_EQ(referee(e.db, "tournament check " + quote(file.string())).code, kTournamentOk);

  // One net worth edited: check fails naming that figure, with both values.
  json edited = record;
  const long long worth = edited["rounds"][0]["tables"][0]["seats"][1]["net_worth"].get<long long>();
  edited["rounds"][0]["tables"][0]["seats"][1]["net_worth"] = worth + 100;
  const auto bad = e.dir / "edited.json";
  write_file(bad, edited.dump(1));
  r = referee(e.db, "--json tournament check " + quote(bad.string()));
  ASSERT_EQ(r.code, kTournamentFailure) << r.out << r.err;
  checked = json::parse(r.out);
  EXPECT_FALSE(checked["ok"].get<bool>());
  ASSERT_EQ(checked["differences"].size(), 1u) << checked;
  EXPECT_EQ(checked["differences"][0]["path"], "/rounds/0/tables/0/seats/1/net_worth");
  EXPECT_EQ(checked["differences"][0]["record"], worth + 100);
  EXPECT_EQ(checked["differences"][0]["journal"], worth);

  // A player's points in the standings, and a head, edited: each named.
  edited = record;
  edited["standings"]["list"][0]["points"] = edited["standings"]["list"][0]["points"].get<double>() + 1.5;
  edited["head"]["hash"] = std::string(64, '0');
  write_file(bad, edited.dump());
  r = referee(e.db, "--json tournament check " + quote(bad.string()));
  ASSERT_EQ(r.code, kTournamentFailure) << r.out << r.err;
  checked = json::parse(r.out);
  ASSERT_EQ(checked["differences"].size(), 2u) << checked;
  EXPECT_EQ(checked["differences"][0]["path"], "/standings/list/0/points");
  EXPECT_EQ(checked["differences"][1]["path"], "/head/hash");
  // In words too, exit 1.
  r = referee(e.db, "tournament check " + quote(bad.string()));
  EXPECT_EQ(r.code, kTournamentFailure);
  EXPECT_NE(r.out.find("/standings/list/0/points"), std::string::npos) << r.out;
}

TEST(TournamentExport, CheckRefusesAFileThatIsNotARecordWithoutCrashing) {
  PlayedRound played;
  const Event& e = played.event;
  const auto file = e.dir / "record.json";
  ASSERT_EQ(referee(e.db, "tournament export --record " + quote(file.string())).code, kTournamentOk);
  const std::string whole = slurp(file);
  const json record = json::parse(whole);
  const auto bad = e.dir / "bad.json";
  std::vector<std::string> not_records = {
      whole.substr(0, whole.size() / 2),  // cut short
      "",
      std::string("\x00\xff\xfe garbage", 12),
      std::string(200000, '[') + std::string(200000, ']'),  // nested beyond any record
      "[1, 2, 3]",
      R"({"format": "something-else", "version": 1, "tournament": {"id": 1}})",
      R"({"format": "deedlog-tournament-record", "version": 99, "tournament": {"id": 1}})",
      R"({"format": "deedlog-tournament-record", "version": "1", "tournament": {"id": 1}})",
      R"({"format": "deedlog-tournament-record", "version": 1, "tournament": {"id": "one"}})",
      R"({"format": "deedlog-tournament-record", "version": 1})",
  };
  for (const std::string& text : not_records) {
    write_file(bad, text);
    const RunResult r = referee(e.db, "--json tournament check " + quote(bad.string()));
    EXPECT_EQ(r.code, kTournamentUsage) << text.substr(0, 80) << "\n" << r.out << r.err;
    EXPECT_FALSE(r.err.empty());
  }
  // A record of a tournament the journal lacks, and one whose fields are of other kinds: read,
  // compared, and failed (exit 1), naming what differs.
  json other = record;
  other["tournament"]["id"] = 99;
  write_file(bad, other.dump());
  EXPECT_EQ(referee(e.db, "tournament check " + quote(bad.string())).code, kTournamentFailure);
  json crafted = record;
  crafted["rounds"] = "none";
  crafted["players"][0] = json::array({json::array({1})});
  crafted["extra"] = {{"nested", json::array({1, 2})}};
  write_file(bad, crafted.dump());
  const RunResult r = referee(e.db, "--json tournament check " + quote(bad.string()));
  ASSERT_EQ(r.code, kTournamentFailure) << r.out << r.err;
  const json checked = json::parse(r.out);
  std::vector<std::string> paths;
  for (const json& d : checked["differences"]) paths.push_back(d["path"]);
  EXPECT_EQ(paths, (std::vector<std::string>{"/players/0", "/rounds", "/extra"})) << checked;
  // No file at all: it cannot be read (exit 1); no file named: exit 2.
  EXPECT_EQ(referee(e.db, "tournament check " + quote((e.dir / "none.json").string())).code, kTournamentFailure);
  EXPECT_EQ(referee(e.db, "tournament check").code, kTournamentUsage);
}

TEST(TournamentExport, ADuplicateRoundsResultsAreLeftOutUntilItEnds) {
  const auto dir = testing::temp_dir("tournament-export-duplicate");
  const auto db = dir / "club.db";
  const auto round = testing::seat_eight_in_a_duplicate_round([&](const std::string& args) { return referee(db, args); });
  ASSERT_EQ(round.games.size(), 2u);
  // Each table plays a little: neither game is over, time is not called.
  for (std::int64_t g : round.games)
    ASSERT_EQ(referee(db, "--game " + std::to_string(g) + " autoplay --moves 20 --seed 4").code, kTournamentOk);
  RunResult r = referee(db, "tournament export --csv results");
  ASSERT_EQ(r.code, kTournamentOk) << r.err;
  EXPECT_EQ(csv_rows(r.out).size(), 1u) << r.out;  // the header alone
  const auto before = dir / "before.json";
  ASSERT_EQ(referee(db, "tournament export --record " + quote(before.string())).code, kTournamentOk);
  json record = json::parse(slurp(before));
  ASSERT_EQ(record["rounds"].size(), 1u);
  EXPECT_TRUE(record["rounds"][0]["hidden"].get<bool>());
  for (const json& table : record["rounds"][0]["tables"]) {
    EXPECT_EQ(table["players"].size(), 4u);  // who sits where is public
    EXPECT_FALSE(table.contains("seats")) << table;
    EXPECT_FALSE(table.contains("head")) << table;
  }
  EXPECT_EQ(referee(db, "tournament check " + quote(before.string())).code, kTournamentOk);

  ASSERT_EQ(referee(db, "tournament call-time --round 1 " + key_file_option(round.judge_key)).code, kTournamentOk);
  r = referee(db, "tournament export --csv results");
  ASSERT_EQ(r.code, kTournamentOk) << r.err;
  EXPECT_EQ(csv_rows(r.out).size(), 9u) << r.out;
  const auto after = dir / "after.json";
  ASSERT_EQ(referee(db, "tournament export --record " + quote(after.string())).code, kTournamentOk);
  record = json::parse(slurp(after));
  EXPECT_FALSE(record["rounds"][0]["hidden"].get<bool>());
  for (const json& table : record["rounds"][0]["tables"]) EXPECT_EQ(table["seats"].size(), 4u);
  EXPECT_EQ(referee(db, "tournament check " + quote(after.string())).code, kTournamentOk);
  // The record made before time was called no longer agrees: the round has ended since.
  r = referee(db, "--json tournament check " + quote(before.string()));
  EXPECT_EQ(r.code, kTournamentFailure);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace deedlog
