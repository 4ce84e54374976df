#pragma once
// The journal's schema versions: the numbered files of schema/ (embedded in the binary),
// applied in order to a file whose PRAGMA user_version is behind, each in the same
// transaction as the version bump, so a file is always at exactly one version.
#include <sqlite3.h>

#include <cstdint>
#include <string>

#include "deedlog/status.h"
#include "journal/sqlite_db.h"

namespace deedlog::migrations {

// PRAGMA application_id of every deedlog journal: "deed" in ASCII. It is what tells a
// journal from any other SQLite file, before any table is looked at.
inline constexpr std::int32_t kApplicationId = 0x64656564;

// A build with misnumbered schema files must not open any journal: its idea of what
// user_version N means would be wrong.
Status check_numbering();

// The newest schema version this program can write: the number of the last schema file.
int latest_version();

// What the file's header and catalogue say, read without writing anything.
struct FileState {
  std::int64_t application_id = 0;
  std::int64_t user_version = 0;
  std::int64_t schema_objects = 0;  // rows of sqlite_schema: 0 for a new, empty file
};
Status inspect(sqlite::StatementCache* cache, FileState* out);

// Brings the file to latest_version(). Safe when another process migrates at the same time:
// the version is read again under the write lock and nothing is done twice.
Status migrate(sqlite3* db, sqlite::StatementCache* cache);

}  // namespace deedlog::migrations
