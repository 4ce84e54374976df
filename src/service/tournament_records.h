#pragma once
// Every kind of tournament record, declared once (docs/design.md, "Adding a tournament record
// kind"): the kind's name as stored, its payload as a typed value, and the payload's fields,
// each under its stored name. From this one list come the record's JSON as stored (encode_record),
// its reading with checks (decode_record), and what `tournament log --json` shows of it
// (shown_record_fields: the fields marked Secret left out). The fold (tournament.cpp) and verify's
// checks (tournament_verification.cpp) each visit a TournamentRecordPayload with a case a kind,
// so the compiler names either that forgets a new kind; the log's words
// (present/tournament_words.cpp) list a kind by its name until it is given a sentence.
//
// A field's stored name and its place in the list never change: records written by earlier
// versions read as they were, and a record written now is the bytes earlier versions wrote
// (tests/tournament/tournament_records_written_test.cpp).
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <variant>
#include <vector>

#include "deedlog/status.h"
#include "journal/journal.h"

namespace deedlog {

namespace record_fields {

// How a field is written and read.
//   Required:  always written; a record without it is not readable.
//   Defaulted: always written; read as its default where it is missing.
//   Optional:  written only when it is not its default; missing, it reads as the default.
enum class Presence { Required, Defaulted, Optional };
// Public fields are shown by `tournament log --json`; Secret ones (a table's key digest) are not.
enum class Shown { Public, Secret };

template <class Owner, class T>
struct Field {
  std::string_view name;
  T Owner::*member;
  Presence presence;
  Shown shown;
};

template <class Owner, class T>
constexpr Field<Owner, T> field(std::string_view name, T Owner::*member, Presence presence = Presence::Required,
                                Shown shown = Shown::Public) {
  return {name, member, presence, shown};
}

using enum Presence;
using enum Shown;

}  // namespace record_fields

// A table of a seated round, as its record keeps it.
struct SeatedTable {
  int table = 0;  // from 1
  std::int64_t game = 0;
  std::vector<std::string> players;  // seating order: the first throws first
  std::string key_sha256;            // the table's key's digest (the key itself is never stored)

  bool operator==(const SeatedTable&) const = default;

  static constexpr auto fields() {
    using namespace record_fields;
    return std::make_tuple(field("table", &SeatedTable::table), field("game", &SeatedTable::game),
                           field("players", &SeatedTable::players),
                           field("key_sha256", &SeatedTable::key_sha256, Required, Secret));
  }
};

// "seated": a round seated, one new game a table (seat_round).
struct RoundSeated {
  static constexpr std::string_view kKind = "seated";
  int round = 0;  // from 1
  bool final = false;
  std::vector<SeatedTable> tables;
  std::string commitment;          // a duplicate round's: the SHA-256 of its seed ("" for none)
  nlohmann::ordered_json duplicate;  // the duplicate hook's own object (tournament_duplicate.h); null for none

  static constexpr auto fields() {
    using namespace record_fields;
    return std::make_tuple(field("round", &RoundSeated::round), field("final", &RoundSeated::final, Defaulted),
                           field("tables", &RoundSeated::tables), field("commitment", &RoundSeated::commitment, Optional),
                           field("duplicate", &RoundSeated::duplicate, Optional));
  }
};

// "time_called": the Head Judge called time in a round (call_time_in_round).
struct RoundTimeCalled {
  static constexpr std::string_view kKind = "time_called";
  int round = 0;
  std::vector<std::int64_t> games;  // the games time was called in (those over already are not)

  static constexpr auto fields() {
    using namespace record_fields;
    return std::make_tuple(field("round", &RoundTimeCalled::round), field("games", &RoundTimeCalled::games));
  }
};

// "appeal": an appeal ruled (record_appeal).
struct AppealRuled {
  static constexpr std::string_view kKind = "appeal";
  int number = 0;  // from 1
  std::int64_t game = 0;
  int round = 0, table = 0;
  std::string claim;
  bool upheld = false;
  std::int64_t game_seq = 0;  // the ruling's first event in the game
  std::string game_head;      // the game's head after the ruling
  std::string correction;     // the move played into the game when upheld ("" when rejected)

  static constexpr auto fields() {
    using namespace record_fields;
    return std::make_tuple(field("number", &AppealRuled::number), field("game", &AppealRuled::game),
                           field("round", &AppealRuled::round), field("table", &AppealRuled::table),
                           field("claim", &AppealRuled::claim), field("upheld", &AppealRuled::upheld),
                           field("game_seq", &AppealRuled::game_seq), field("game_head", &AppealRuled::game_head),
                           field("correction", &AppealRuled::correction, Optional));
  }
};

// "sheet": a table's score sheet written (record_sheet).
struct SheetWritten {
  static constexpr std::string_view kKind = "sheet";
  int round = 0, table = 0;
  std::int64_t game = 0;
  std::string head;  // the game's head hash the sheet carries
  std::int64_t game_seq = 0;
  std::string file;  // where it was written
  std::int64_t supersedes = 0;  // the record (seq) of the sheet it replaces (0: none)
  std::string why;              // why that sheet no longer holds ("" when it replaces none)

  static constexpr auto fields() {
    using namespace record_fields;
    return std::make_tuple(field("round", &SheetWritten::round), field("table", &SheetWritten::table),
                           field("game", &SheetWritten::game), field("head", &SheetWritten::head),
                           field("game_seq", &SheetWritten::game_seq), field("file", &SheetWritten::file, Defaulted),
                           field("supersedes", &SheetWritten::supersedes, Optional),
                           field("why", &SheetWritten::why, Optional));
  }
};

// A change to who plays, from the next round seated (record_entry): the three kinds below.
struct EntryChange {
  std::string player;
  int from_round = 0;  // the first round it affects

  static constexpr auto fields() {
    using namespace record_fields;
    return std::make_tuple(field("player", &EntryChange::player), field("from_round", &EntryChange::from_round));
  }
};
struct LateEntry : EntryChange {
  static constexpr std::string_view kKind = "late_entry";
};
struct Withdrawal : EntryChange {
  static constexpr std::string_view kKind = "withdrawal";
};
struct NoShow : EntryChange {
  static constexpr std::string_view kKind = "no_show";
};

// A record of a kind not declared here (written by a later version, or by hand): kept in the
// log and listed as it is, folded into nothing; verify fails it (deedlog writes no other).
struct OtherKind {
  std::string kind;
  nlohmann::ordered_json fields;  // the payload as stored (an object)
};

// The list: a new kind is a struct above and a row here (and then a case in each visit).
using TournamentRecordPayload =
    std::variant<RoundSeated, RoundTimeCalled, AppealRuled, SheetWritten, LateEntry, Withdrawal, NoShow, OtherKind>;

// The kind's name as stored ("seated", ...).
std::string_view record_kind(const TournamentRecordPayload& p);

// The payload's JSON as stored: its kind's fields in their declared order, the Optional ones only
// when set. OtherKind's fields as they were.
std::string encode_record(const TournamentRecordPayload& p);

// Record r's payload as its kind's value. Corrupt, naming the record, when the payload is not a
// JSON object, lacks a Required field, holds a field of the wrong type (or a number out of range)
// or a field its kind does not declare. A kind not declared reads as OtherKind.
Status decode_record(std::int64_t tournament, const TournamentRecord& r, TournamentRecordPayload* out);

// What `tournament log --json` shows of a record: its fields as stored, the Secret ones left out.
nlohmann::ordered_json shown_record_fields(const TournamentRecordPayload& p);

}  // namespace deedlog
