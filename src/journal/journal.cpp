#include "journal/journal.h"

#include <filesystem>

#include "journal/postgres_uri.h"
#include "journal/sqlite_journal.h"

namespace deedlog {

// The path's form picks the store: a libpq URI names a PostgreSQL database, anything else a
// file. Both are ChainedJournals, so the chain is checked by the same code whichever it is.
Status Journal::open(const std::string& path, std::unique_ptr<Journal>* out, bool read_only) {
  Status s = is_postgres_uri(path) ? open_postgres_journal(path, read_only, out) : SqliteJournal::open(path, read_only, out);
  if (s.is_ok() && *out) {
    (*out)->location_ = path;
    // Made now, before any thread can share the journal, rather than on first use.
    (*out)->seals_ = (*out)->make_seal_store();
  }
  return s;
}

std::unique_ptr<SealStore> Journal::make_seal_store() const {
  if (location_.empty() || location_ == ":memory:") return memory_seal_store();
  return file_seal_store(location_ + ".seals");
}

bool journal_may_exist(const std::string& path) {
  std::error_code ignored;
  return is_postgres_uri(path) || std::filesystem::exists(path, ignored);
}

}  // namespace deedlog
