#pragma once
// A side store's own connection to a PostgreSQL journal's database (the server's keys, kept
// analyses: tables beside the journal's, not of it). Connected on first use; each statement run
// once more on a new connection when the database went away between uses (a restart of the
// database should not need one of every server); a table made under an advisory lock, so that
// two processes starting at once make it once. Not thread-safe: its store holds a mutex.
#include <string>
#include <string_view>
#include <vector>

#include "deedlog/status.h"
#include "journal/postgres_journal.h"

namespace deedlog {

class PostgresSideConnection {
 public:
  // `what` names the store in a message: "the keys", "its kept analyses".
  PostgresSideConnection(std::string uri, std::string what) : uri_(std::move(uri)), what_(std::move(what)) {}

  // Connects unless connected.
  Status connected();
  // One statement of text parameters (connected() first).
  PostgresJournal::ResultPtr run(const char* sql, const std::vector<std::string>& params);
  // Runs `ddl` in a transaction under the advisory lock named `lock`; "making the table of
  // {table}: ..." when it fails (the transaction rolled back).
  Status make_table(std::string_view lock, std::string_view ddl, std::string_view table);

 private:
  std::string uri_, what_;
  PostgresJournal::ConnPtr conn_;
};

}  // namespace deedlog
