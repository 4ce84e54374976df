#include "journal/sqlite_db.h"

#include <fmt/format.h>

#include <utility>

namespace deedlog::sqlite {

Status error_status(sqlite3* db, int rc, std::string_view doing) {
  // sqlite3_errmsg describes the connection's latest error, which is this one as long as no
  // other call came between; without a connection, the generic text for the code.
  const char* words = db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
  std::string message = fmt::format("{}: {}", doing, words);
  switch (rc & 0xFF) {
    case SQLITE_CONSTRAINT: return Status::invalid_argument(std::move(message));
    case SQLITE_NOTADB:
    case SQLITE_CORRUPT: return Status::corrupt(std::move(message));
    default: return Status::io_error(std::move(message));
  }
}

Query::Query(sqlite3* db, sqlite3_stmt* stmt, bool* in_use, StmtPtr owned)
    : db_(db), stmt_(stmt), in_use_(in_use), owned_(std::move(owned)) {}

Query::Query(Query&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)),
      stmt_(std::exchange(other.stmt_, nullptr)),
      in_use_(std::exchange(other.in_use_, nullptr)),
      owned_(std::move(other.owned_)) {}

Query& Query::operator=(Query&& other) noexcept {
  if (this != &other) {
    release();
    db_ = std::exchange(other.db_, nullptr);
    stmt_ = std::exchange(other.stmt_, nullptr);
    in_use_ = std::exchange(other.in_use_, nullptr);
    owned_ = std::move(other.owned_);
  }
  return *this;
}

Query::~Query() { release(); }

void Query::release() {
  if (stmt_ == nullptr) return;
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
  if (in_use_ != nullptr) *in_use_ = false;
  owned_.reset();
  stmt_ = nullptr;
  in_use_ = nullptr;
}

// Binding errors can only come from a wrong index or out of memory; both show up as the
// statement's step() failing, so they are not checked here.
Query& Query::bind(int index, std::int64_t value) {
  sqlite3_bind_int64(stmt_, index, value);
  return *this;
}

Query& Query::bind(int index, std::string_view text) {
  sqlite3_bind_text64(stmt_, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
  return *this;
}

Query& Query::bind_unchanged(int index, std::string_view text) {
  sqlite3_bind_text64(stmt_, index, text.data(), text.size(), SQLITE_STATIC, SQLITE_UTF8);
  return *this;
}

Query& Query::bind_blob(int index, std::string_view bytes) {
  sqlite3_bind_blob64(stmt_, index, bytes.data(), bytes.size(), SQLITE_TRANSIENT);
  return *this;
}

int Query::step() { return sqlite3_step(stmt_); }

Status Query::run(std::string_view doing) {
  const int rc = step();
  if (rc == SQLITE_DONE || rc == SQLITE_ROW) return Status::ok();
  return error_status(db_, rc, doing);
}

std::int64_t Query::int64(int column) const { return sqlite3_column_int64(stmt_, column); }

std::string Query::text(int column) const {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
  if (p == nullptr) return {};
  return std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)));
}

std::string_view Query::text_view(int column) const {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
  if (p == nullptr) return {};
  return std::string_view(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)));
}

std::string Query::blob(int column) const {
  const auto* p = static_cast<const char*>(sqlite3_column_blob(stmt_, column));
  if (p == nullptr) return {};
  return std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)));
}


static Status compile(sqlite3* db, std::string_view sql, StmtPtr* out, const char** tail,
                      std::string_view doing) {
  sqlite3_stmt* raw = nullptr;
  const int rc = sqlite3_prepare_v3(db, sql.data(), static_cast<int>(sql.size()),
                                    SQLITE_PREPARE_PERSISTENT, &raw, tail);
  out->reset(raw);
  if (rc != SQLITE_OK) return error_status(db, rc, doing);
  return Status::ok();
}

// A statement of ours fails to compile only when the file's tables are not the ones our schema
// made (a table dropped or altered by another program): say that, not the SQL.
constexpr std::string_view kUnpreparable =
    "the journal's tables are not as deedlog made them (a table or column is missing or changed)";

Status StatementCache::prepare(const char* sql, Query* out) {
  auto found = entries_.find(std::string_view(sql));
  if (found == entries_.end()) {
    StmtPtr stmt;
    if (Status s = compile(db_, sql, &stmt, nullptr, kUnpreparable);
        !s.is_ok()) {
      return s;
    }
    found = entries_.emplace(sql, Entry{std::move(stmt), false}).first;
  }
  Entry& entry = found->second;
  if (!entry.in_use) {
    entry.in_use = true;
    *out = Query(db_, entry.stmt.get(), &entry.in_use, nullptr);
    return Status::ok();
  }
  StmtPtr one_off;
  if (Status s = compile(db_, sql, &one_off, nullptr, kUnpreparable);
      !s.is_ok()) {
    return s;
  }
  sqlite3_stmt* raw = one_off.get();
  *out = Query(db_, raw, nullptr, std::move(one_off));
  return Status::ok();
}

Status run_script(sqlite3* db, std::string_view script, std::string_view doing) {
  while (!script.empty()) {
    StmtPtr stmt;
    const char* tail = nullptr;
    if (Status s = compile(db, script, &stmt, &tail, doing); !s.is_ok()) return s;
    if (stmt != nullptr) {  // null for trailing whitespace and comments
      int rc;
      while ((rc = sqlite3_step(stmt.get())) == SQLITE_ROW) {
      }
      if (rc != SQLITE_DONE) return error_status(db, rc, doing);
    }
    script.remove_prefix(static_cast<std::size_t>(tail - script.data()));
  }
  return Status::ok();
}

Transaction::Transaction(StatementCache* cache, Kind kind) : cache_(cache), kind_(kind) {
  const char* sql = kind == Kind::Immediate   ? "BEGIN IMMEDIATE"
                    : kind == Kind::Savepoint ? "SAVEPOINT deedlog_nested"
                                              : "BEGIN";
  Query begin;
  begun_ = cache_->prepare(sql, &begin);
  if (begun_.is_ok()) begun_ = begin.run("starting a transaction");
  open_ = begun_.is_ok();
}

Transaction::~Transaction() {
  if (!open_) return;
  Query rollback;
  // A failed ROLLBACK leaves nothing to do: SQLite has already rolled back on the errors
  // that make ROLLBACK fail.
  if (kind_ == Kind::Savepoint) {
    // ROLLBACK TO undoes the savepoint's writes but keeps it open; RELEASE then closes it.
    if (cache_->prepare("ROLLBACK TO deedlog_nested", &rollback).is_ok()) (void)rollback.run("rolling back");
    Query release;
    if (cache_->prepare("RELEASE deedlog_nested", &release).is_ok()) (void)release.run("rolling back");
    return;
  }
  if (cache_->prepare("ROLLBACK", &rollback).is_ok()) (void)rollback.run("rolling back");
}

Status Transaction::commit() {
  Query commit;
  const char* sql = kind_ == Kind::Savepoint ? "RELEASE deedlog_nested" : "COMMIT";
  if (Status s = cache_->prepare(sql, &commit); !s.is_ok()) return s;
  Status s = commit.run("committing");
  if (s.is_ok()) open_ = false;
  return s;
}

}  // namespace deedlog::sqlite
