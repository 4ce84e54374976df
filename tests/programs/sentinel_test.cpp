// A stored event whose player or square field holds a sentinel its type does not admit (-1 the
// Bank, -2 the referee, 255 no square) or an index the game lacks is refused at decoding by
// every reader, as verify refuses it: the readers once let -1, -2 and 255 through and applied
// them as indices (the player table at -1, the square table at 255). Each crafted event is
// chained with a correct hash, as a forger who knows the public hash would write it, into a
// real SQLite journal; every reading command must then exit 1 naming the event, and nothing
// may crash (a sanitizer's report fails the test too). A sentinel the field's type does admit
// (a debt to the Bank, a building auction's missing square) must crash nothing either.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <ostream>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "support/build_paths.h"
#include "deedlog/event.h"
#include "journal/hash_chain.h"
#include "support/cli.h"

namespace deedlog {
namespace {
using testing::quote;
using testing::referee;
using testing::replay;
using testing::RunResult;
using testing::sample;
using testing::temp_dir;

constexpr int kExitOk = 0, kExitFailure = 1;

// The journal every case starts from: a two-player uk-1972 game (seats 0 and 1, squares 0-39,
// packs of 16). Trafalgar Square (24) is a property Ann owns.
constexpr int kPlayers = 2;
constexpr int kSquares = 40;
constexpr int kTrafalgar = 24;

struct Sql {
  explicit Sql(const std::filesystem::path& db) { EXPECT_EQ(sqlite3_open(db.string().c_str(), &h), SQLITE_OK); }
  ~Sql() { sqlite3_close(h); }
  void exec(const std::string& sql) {
    char* err = nullptr;
    EXPECT_EQ(sqlite3_exec(h, sql.c_str(), nullptr, nullptr, &err), SQLITE_OK) << (err ? err : "") << "\n" << sql;
    sqlite3_free(err);
  }
  std::vector<std::string> row(const std::string& sql) {
    std::vector<std::string> out;
    sqlite3_stmt* st = nullptr;
    EXPECT_EQ(sqlite3_prepare_v2(h, sql.c_str(), -1, &st, nullptr), SQLITE_OK) << sql;
    if (sqlite3_step(st) == SQLITE_ROW) {
      for (int c = 0; c < sqlite3_column_count(st); ++c) {
        const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(st, c));
        out.emplace_back(p ? p : "");
      }
    }
    sqlite3_finalize(st);
    return out;
  }
  sqlite3* h = nullptr;
};

// Appends one event as a move of its own, chained with the right hash. Returns its seq.
std::int64_t append_forged(const std::filesystem::path& db, const std::string& type, const std::string& payload) {
  Sql sql(db);
  const auto last = sql.row("SELECT seq + count - 1, hash FROM moves WHERE game_id = 1 ORDER BY seq DESC LIMIT 1");
  EXPECT_EQ(last.size(), 2u);
  MoveRow row;
  row.game_id = 1;
  row.seq = std::stoll(last.at(0)) + 1;
  row.count = 1;
  row.actor = "Ann";
  row.events = move_events_json({NewEvent{"", "Ann", type, payload}}, 0, 1);
  row.prev_hash = last.at(1);
  row.hash = move_hash(row);
  std::string events;
  for (char c : row.events) events += c == '\'' ? std::string("''") : std::string(1, c);
  sql.exec(fmt::format("INSERT INTO moves VALUES (1, {}, 1, '', 'Ann', '{}', '{}', '{}')", row.seq, events,
                       row.prev_hash, row.hash));
  return row.seq;
}

// What a field admits besides its indices: the contract of event_types.h, written out here on
// its own so that the codec is held to it, not to itself.
const std::set<std::pair<std::string, std::string>> kAdmitsBank = {
    {"DebtIncurred", "other"},   {"DebtPaid", "other"},        {"PropertyTransferred", "other"},
    {"PlayerBankrupted", "other"}, {"RulingRecorded", "other"}, {"DebtSettledInKind", "other"},
    {"TaxPaid", "other"},        {"PaidToBank", "other"},      {"FinePaid", "other"},
    {"BankAuctionsQueued", "player"}, {"RentDue", "count"}};
const std::set<std::pair<std::string, std::string>> kAdmitsReferee = {
    {"MovePlayed", "player"},     {"TimeCalled", "player"}, {"MovesTakenBack", "player"}, {"AuctionOpened", "player"},
    {"NoteRecorded", "player"}};
const std::set<std::string> kSquareMayBeNone = {"BidMade", "BidderPassed", "PaidToBank", "PaidToPlayer",
                                                 "FinePaid", "DebtIncurred", "RulingRecorded"};

bool declares(EventType t, EventSlot slot) { return (event_slots(t) & static_cast<std::uint32_t>(slot)) != 0; }

// A payload naming only things the game has: seats 0 and 1, Trafalgar Square, card 0.
nlohmann::ordered_json base_payload(EventType t) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  if (declares(t, EventSlot::player)) j["player"] = 0;
  if (declares(t, EventSlot::other)) j["other"] = 1;
  if (declares(t, EventSlot::square)) j["square"] = kTrafalgar;
  if (declares(t, EventSlot::card)) j["card"] = 0;
  if (declares(t, EventSlot::amount)) j["amount"] = 10;
  if (declares(t, EventSlot::text)) j["text"] = "Ann ends turn";
  return j;
}

struct Case {
  std::string type;
  std::string payload;
  bool refused;  // false: a sentinel the field admits (the readers may read it; nothing crashes)
  std::string name;
  // Refused once folded, not at decoding: explain, which narrates the one event and folds
  // no position, may tell it.
  bool by_position = false;
};

// What ctest prints beside a case's name: the case as a reader would name it, not its bytes.
void PrintTo(const Case& c, std::ostream* os) { *os << c.type << " " << c.payload; }

std::vector<Case> cases() {
  std::vector<Case> out;
  for (int i = 0; i < kEventTypeCount; ++i) {
    const auto t = static_cast<EventType>(i);
    const std::string type = event_type_name(t);
    const auto add = [&](const std::string& key, std::int64_t value, bool refused) {
      nlohmann::ordered_json j = base_payload(t);
      j[key] = value;
      out.push_back(Case{type, j.dump(), refused, fmt::format("{}_{}_{}", type, key, value < 0 ? "minus" + std::to_string(-value) : std::to_string(value))});
    };
    for (const char* key : {"player", "other"}) {
      if (!declares(t, key == std::string("player") ? EventSlot::player : EventSlot::other)) continue;
      add(key, -1, kAdmitsBank.count({type, key}) == 0);
      add(key, -2, kAdmitsReferee.count({type, key}) == 0);
      add(key, kPlayers, true);
    }
    if (declares(t, EventSlot::square)) {
      add("square", 255, kSquareMayBeNone.count(type) == 0);
      add("square", kSquares, true);
    }
    if (declares(t, EventSlot::card)) {
      add("card", 255, true);
      add("card", 16, true);
    }
    if (type == "RentDue") {
      add("count", -1, false);
      add("count", -2, true);
      add("count", kPlayers, true);
    }
    if (type == "AuctionOpened" || type == "AuctionWon" || type == "AuctionUnsold") {
      add("count", 3, true);  // no such lot
      nlohmann::ordered_json j = base_payload(t);
      j["square"] = 255;
      j["count"] = 1;  // a house: no square, as the engine writes it
      out.push_back(Case{type, j.dump(), false, type + "_house_lot_no_square"});
      j["square"] = kTrafalgar;  // a house lot naming a square: lot and square disagree
      out.push_back(Case{type, j.dump(), true, type + "_house_lot_with_square"});
    }
    if (type == "SentToJail") add("count", 3, true);
    if (type == "LeftJail") add("count", 5, true);
    if (type == "DebtIncurred") add("count", 200, true);
    if (type == "PropertyAssigned") add("count", 6, true);
    if (type == "HotelSold") add("count", 5, true);
  }
  // Each field in range, the position they make impossible: a deed on the start square, a
  // house on a site nobody owns. Refused once folded (the check a snapshot gets).
  out.push_back(Case{"PropertyAssigned", R"({"player":0,"square":0})", true, "PropertyAssigned_on_go", true});
  out.push_back(Case{"HouseBuilt", R"({"player":1,"square":1,"amount":50})", true, "HouseBuilt_unowned_site", true});
  // A field left out holds its default (-1, 255): a TurnStarted naming nobody is refused.
  out.push_back(Case{"TurnStarted", "{}", true, "TurnStarted_no_player"});
  out.push_back(Case{"TokenMoved", R"({"player":0})", true, "TokenMoved_no_square"});
  out.push_back(Case{"BidderPassed", R"({"square":24})", true, "BidderPassed_no_player"});
  return out;
}

class Sentinel : public ::testing::TestWithParam<Case> {
 protected:
  static void SetUpTestSuite() {
    dir_ = new std::filesystem::path(temp_dir("sentinel"));
    const RunResult r = referee(*dir_ / "template.db", "import " + quote(sample("uk-1972/mortgage-traded-lifted-at-once.game")));
    ASSERT_EQ(r.code, kExitOk) << r.out << r.err;
  }
  static void TearDownTestSuite() {
    std::filesystem::remove_all(*dir_);
    delete dir_;
  }
  static std::filesystem::path* dir_;
};
std::filesystem::path* Sentinel::dir_ = nullptr;

bool sanitizer_spoke(const RunResult& r) {
  return r.err.find("Sanitizer") != std::string::npos || r.err.find("runtime error") != std::string::npos;
}

TEST_P(Sentinel, EveryReaderRefusesWhatTheFieldDoesNotAdmitAndNothingCrashes) {
  const Case& c = GetParam();
  const auto db = *dir_ / (c.name + ".db");
  std::filesystem::copy_file(*dir_ / "template.db", db, std::filesystem::copy_options::overwrite_existing);
  const std::int64_t seq = append_forged(db, c.type, c.payload);
  const std::string seq_text = std::to_string(seq);
  const auto html = *dir_ / (c.name + ".html");
  const auto copy = *dir_ / (c.name + "-copy.db");
  struct Reader {
    std::string what;
    RunResult result;
  };
  std::vector<Reader> readers;
  for (const std::string& cmd : std::vector<std::string>{"status", "value", "moves", "log", "verify", "explain " + seq_text})
    readers.push_back({cmd, referee(db, cmd)});
  readers.push_back({"replay", replay(db, "")});
  readers.push_back({"replay --html", replay(db, "--html " + quote(html.string()))});
  readers.push_back({"copy", testing::run(deedlog::testing::referee_program(), "copy --from " + quote(db.string()) + " --to " + quote(copy.string()))});
  for (const Reader& r : readers) {
    EXPECT_FALSE(sanitizer_spoke(r.result)) << c.type << " " << c.payload << ", " << r.what << ": " << r.result.err;
    if (c.refused && !(c.by_position && r.what.rfind("explain", 0) == 0)) {
      EXPECT_EQ(r.result.code, kExitFailure) << c.type << " " << c.payload << ", " << r.what << ": " << r.result.out << r.result.err;
      if (r.what != "copy" && r.what != "verify") {
        EXPECT_NE(r.result.err.find(seq_text), std::string::npos) << r.what << " should name event " << seq_text << ": " << r.result.err;
      }
    } else {
      EXPECT_TRUE(r.result.code == kExitOk || r.result.code == kExitFailure)
          << c.type << " " << c.payload << ", " << r.what << " exited " << r.result.code << ": " << r.result.err;
    }
  }
  if (c.refused) {
    EXPECT_FALSE(std::filesystem::exists(copy)) << "copy carried a game verify refuses";
  }
  std::filesystem::remove(db);
  std::filesystem::remove(html);
  std::filesystem::remove(copy);
}

INSTANTIATE_TEST_SUITE_P(Crafted, Sentinel, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& p) { return p.param.name; });

}  // namespace
}  // namespace deedlog
