#pragma once
// The open record of a tournament (docs/tournament-record.md): the whole event as one JSON
// document of our own format, written by `tournament export --record FILE` and read back by
// `tournament check FILE`, which makes the record again from the journal and names every figure
// that differs. The format's name and version are the document's first fields; every field is
// documented there.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "deedlog/status.h"
#include "service/tournament.h"
#include "service/tournament_export.h"

namespace deedlog {

inline constexpr std::string_view kTournamentRecordFormat = "deedlog-tournament-record";
inline constexpr int kTournamentRecordVersion = 1;
// No record this version writes comes near these: a file beyond them is not one of ours.
inline constexpr std::size_t kTournamentRecordMostBytes = 64u << 20;
inline constexpr int kTournamentRecordMostDepth = 16;

// The record of t as the journal holds it now.
nlohmann::ordered_json tournament_record_json(const Tournament& t, const TournamentExport& e);

// A record given, read as untrusted text: InvalidArgument, saying why, for text that is not JSON,
// is larger or nested deeper than any record, or is not a record of a version this program
// reads (format, version, tournament.id). *tournament: the record's tournament id.
Status read_tournament_record(std::string_view text, nlohmann::ordered_json* out, std::int64_t* tournament);

// A figure of the record that differs from the journal's: its place (a JSON Pointer, RFC 6901,
// "/rounds/0/tables/1/seats/2/net_worth"), and the two values (null where one has none).
struct RecordDifference {
  std::string path;
  nlohmann::ordered_json record;
  nlohmann::ordered_json journal;
};

// Every difference between a record given and the one made from the journal, in the journal's
// order (a field the record has and the journal's has not comes after the journal's fields).
std::vector<RecordDifference> compare_tournament_records(const nlohmann::ordered_json& record,
                                                         const nlohmann::ordered_json& journal);

// `tournament check --json`: {"ok", "tournament", "differences": [{"path", "record", "journal"}]}.
nlohmann::ordered_json record_check_json(std::int64_t tournament, const std::vector<RecordDifference>& differences);
// The same in words.
std::string record_check_words(std::int64_t tournament, const std::vector<RecordDifference>& differences);

// An export written to a file: {"tournament", "file", "head", "head_record", "hidden_rounds"}
// (how many rounds' results it leaves out, hidden until they end), and the same in words.
nlohmann::ordered_json export_written_json(const Tournament& t, const std::string& file, int hidden_rounds);
std::string export_written_words(const Tournament& t, const std::string& what, const std::string& file, int hidden_rounds);

}  // namespace deedlog
