#pragma once
// Thin RAII over the SQLite C API, just what the journal needs: a connection, statements
// prepared once and reused, a transaction that rolls back unless committed, and SQLite
// result codes turned into Statuses a user can read.
#include <sqlite3.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "deedlog/status.h"

namespace deedlog::sqlite {

struct CloseDb {
  void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
using DbPtr = std::unique_ptr<sqlite3, CloseDb>;

struct FinalizeStmt {
  void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using StmtPtr = std::unique_ptr<sqlite3_stmt, FinalizeStmt>;

// A Status for a failed call: what we were doing, then SQLite's own words.
Status error_status(sqlite3* db, int rc, std::string_view doing);

// One use of a prepared statement. Resets it when done so that a read never holds its
// snapshot (and the WAL) open longer than the loop that reads it.
class Query {
 public:
  Query() = default;
  Query(sqlite3* db, sqlite3_stmt* stmt, bool* in_use, StmtPtr owned);
  Query(Query&& other) noexcept;
  Query& operator=(Query&& other) noexcept;
  Query(const Query&) = delete;
  Query& operator=(const Query&) = delete;
  ~Query();

  Query& bind(int index, std::int64_t value);
  Query& bind(int index, std::string_view text);
  Query& bind_blob(int index, std::string_view bytes);
  // Text SQLite reads where it is, without a copy: it must stay as it is until the Query is
  // done (reset), which the caller's own row outlives.
  Query& bind_unchanged(int index, std::string_view text);

  // SQLITE_ROW, SQLITE_DONE or an error code.
  int step();
  // Runs a statement that returns no rows; Status names what was being done.
  Status run(std::string_view doing);

  std::int64_t int64(int column) const;
  std::string text(int column) const;
  // The column's text in SQLite's own buffer: valid until the next step() or reset.
  std::string_view text_view(int column) const;
  std::string blob(int column) const;
  // The row's columns, from the first, into the fields given in the SELECT's order: a whole
  // number read as one, text as text (copied into the field's own buffer). One call a row, so
  // a reader never numbers the columns by hand.
  template <class... Field>
  void read(Field&... fields) const {
    int column = 0;
    (read_column(column++, fields), ...);
  }

  sqlite3* db() const { return db_; }

 private:
  void read_column(int column, std::int64_t& field) const { field = int64(column); }
  void read_column(int column, std::string& field) const { field.assign(text_view(column)); }
  void release();

  sqlite3* db_ = nullptr;
  sqlite3_stmt* stmt_ = nullptr;
  bool* in_use_ = nullptr;  // the cache's flag for this statement; null for a one-off statement
  StmtPtr owned_;           // set for a one-off statement, finalised with the Query
};

// Statements keyed by their SQL text, prepared on first use and kept until the connection
// closes. A statement already in use (a scan whose callback reads the journal again) gets a
// fresh one-off copy instead of being reset under the outer loop.
class StatementCache {
 public:
  explicit StatementCache(sqlite3* db) : db_(db) {}
  StatementCache(const StatementCache&) = delete;
  StatementCache& operator=(const StatementCache&) = delete;

  // Fails only on SQL the connection cannot compile, which is a bug or a damaged schema.
  Status prepare(const char* sql, Query* out);

 private:
  struct Entry {
    StmtPtr stmt;
    bool in_use = false;
  };
  sqlite3* db_;
  std::map<std::string, Entry, std::less<>> entries_;
};

// Runs every statement of a script in turn (a migration file: several statements).
Status run_script(sqlite3* db, std::string_view script, std::string_view doing);

// BEGIN on construction (IMMEDIATE takes the write lock at once, so a writer never fails
// half-way for want of it); ROLLBACK on destruction unless commit() succeeded. A Savepoint
// nests inside a transaction already open: it undoes only its own writes.
class Transaction {
 public:
  enum class Kind { Deferred, Immediate, Savepoint };
  Transaction(StatementCache* cache, Kind kind);
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  ~Transaction();

  const Status& begun() const { return begun_; }
  Status commit();

 private:
  StatementCache* cache_;
  Kind kind_;
  Status begun_;
  bool open_ = false;
};

}  // namespace deedlog::sqlite
