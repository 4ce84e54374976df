#pragma once
// A connection of the test's own to a journal file, as another program (or a forger) would open
// it: the tests that edit a journal behind the referee's back (trust, doubtful snapshots, text
// over the limit, tampered tournament records) share it.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <string>
#include <vector>

namespace deedlog::testing {

struct Sql {
  explicit Sql(const std::filesystem::path& db) { EXPECT_EQ(sqlite3_open(db.string().c_str(), &h), SQLITE_OK); }
  ~Sql() { sqlite3_close(h); }
  Sql(const Sql&) = delete;
  Sql& operator=(const Sql&) = delete;

  void exec(const std::string& sql) {
    char* err = nullptr;
    EXPECT_EQ(sqlite3_exec(h, sql.c_str(), nullptr, nullptr, &err), SQLITE_OK) << (err ? err : "") << "\n" << sql;
    sqlite3_free(err);
  }
  // Every row of a query, each column's bytes as they are (a blob whole, a number as its digits).
  std::vector<std::vector<std::string>> rows(const std::string& sql) {
    std::vector<std::vector<std::string>> out;
    sqlite3_stmt* st = nullptr;
    EXPECT_EQ(sqlite3_prepare_v2(h, sql.c_str(), -1, &st, nullptr), SQLITE_OK) << sql;
    while (sqlite3_step(st) == SQLITE_ROW) {
      std::vector<std::string> row;
      for (int c = 0; c < sqlite3_column_count(st); ++c) {
        const auto* p = static_cast<const char*>(sqlite3_column_blob(st, c));
        row.emplace_back(p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(st, c))) : std::string());
      }
      out.push_back(std::move(row));
    }
    sqlite3_finalize(st);
    return out;
  }
  // Runs a statement with one parameter, ?1, bound to blob.
  void put_blob(const std::string& sql, const std::string& blob) {
    sqlite3_stmt* st = nullptr;
    ASSERT_EQ(sqlite3_prepare_v2(h, sql.c_str(), -1, &st, nullptr), SQLITE_OK) << sql;
    sqlite3_bind_blob(st, 1, blob.data(), static_cast<int>(blob.size()), SQLITE_TRANSIENT);
    EXPECT_EQ(sqlite3_step(st), SQLITE_DONE) << sqlite3_errmsg(h);
    sqlite3_finalize(st);
  }
  // Text as an SQL literal.
  static std::string literal(const std::string& text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
    return out + "'";
  }

  sqlite3* h = nullptr;
};

}  // namespace deedlog::testing
