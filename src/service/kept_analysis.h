#pragma once
// A kept analysis: the document `referee analyse --json` gives (INTERFACE.md section 5), with the
// head of the game it analysed (`"head"`: the hash of the game's last event then), kept beside
// the journal so that the viewers (replay --html and --plot, the server's page) show it without
// computing it again. It is a cache: a game whose head has changed (a move played since) has no
// kept analysis, and a document is checked before it is believed (docs/analysis-views.md).
//
// Where it is kept is the journal's choice (Journal::open_analysis_store(), journal/analysis_store.h):
// for an SQLite journal FILE, in FILE.analysis/game-ID.json (written whole and renamed into
// place); for a PostgreSQL journal, in the table deedlog_kept_analyses of its database.
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "deedlog/status.h"
#include "journal/analysis_store.h"

namespace deedlog {

// The shape of an analysis document, checked before it is believed: an object with `players`
// (each with a `name`) and `moves` (each with an integer `seq` of 1 or more, the `move` as text,
// `win` as each player's share from 0 to 1, and `luck`, `error` numbers and `mark` one of
// doubtful, bad, very_bad, uncertain where given); `head`, where given, a 64-digit hex hash.
// InvalidArgument naming what is wrong.
Status check_analysis_shape(const nlohmann::json& doc);

// Reads an analysis document from a file and checks its shape. NotFound when there is no file,
// InvalidArgument when it is not JSON or not of the shape.
Status read_analysis_file(const std::string& path, nlohmann::json* doc);

// Keeps `doc` (which must hold the `head` it analysed) as game `game`'s analysis in the journal's
// store, replacing any kept before.
Status keep_analysis(AnalysisStore& store, std::int64_t game, const nlohmann::json& doc);

// The analysis kept for game `game` at head `head`. NotFound when none is kept, when the one
// kept is of another head (the game has moved on since; the message says so), or of another
// method than this program's (`"method"`, service/analysis_report.h: kAnalysisMethod; a
// document without one is of the first method), so that an old analysis is computed again.
// InvalidArgument when the one kept is not JSON or not of the shape.
Status find_kept_analysis(AnalysisStore& store, std::int64_t game, const std::string& head, nlohmann::json* doc);

}  // namespace deedlog
