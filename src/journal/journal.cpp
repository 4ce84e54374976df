#include "journal/journal.h"

#include <fmt/format.h>

#include <filesystem>
#include <vector>

#include "journal/chained_journal.h"
#include "journal/postgres_uri.h"
#include "journal/private_file.h"
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

std::unique_ptr<KeyStore> Journal::open_key_store() const {
  if (location_.empty() || location_ == ":memory:") return memory_key_store();
  return file_key_store(location_ + ".keys");
}

std::unique_ptr<AnalysisStore> Journal::open_analysis_store() const {
  if (location_.empty() || location_ == ":memory:") return memory_analysis_store();
  return folder_analysis_store(location_ + ".analysis");
}

std::unique_ptr<AppendListener> Journal::listen_for_appends(AppendHeard) const { return nullptr; }

namespace {

// The files an SQLite journal is made of: the file, its write-ahead log and its shared memory.
std::vector<std::string> journal_files(const std::string& location) {
  if (location.empty() || location == ":memory:" || is_postgres_uri(location)) return {};
  return {location, location + "-wal", location + "-shm"};
}

}  // namespace

Status Journal::make_private() const {
  for (const std::string& file : journal_files(location_))
    if (Status s = make_file_private(file); !s.is_ok())
      return reworded(s, fmt::format("a journal that holds sealed games is its owner's alone, and {}", s.message()));
  return Status::ok();
}

Status Journal::check_private() const {
  const std::vector<std::string> files = journal_files(location_);
  for (const std::string& file : files) {
    if (Status s = check_private_file(file); !s.is_ok()) {
      if (!s.is_not_private()) return s;
      // A journal written by an older deedlog (0644 under the usual umask): the judge closes it,
      // knowing that others could read the throws made so far (docs/trust.md). The chmod named
      // covers the side files there too, which SQLite made with the journal's mode.
      std::string all;
      std::error_code ec;
      for (const std::string& f : files)
        if (std::filesystem::exists(std::filesystem::symlink_status(f, ec))) all += " " + f;
      std::string message = s.message();
      if (const auto at = message.find("`chmod 600 " + file + "`"); at != std::string::npos)
        message.replace(at, file.size() + 12, "`chmod 600" + all + "`");
      return reworded(s, fmt::format("this journal holds sealed games in play, whose throws others could read: {}",
                                     message));
    }
  }
  return Status::ok();
}

bool journal_may_exist(const std::string& path) {
  std::error_code ignored;
  return is_postgres_uri(path) || std::filesystem::exists(path, ignored);
}

}  // namespace deedlog
