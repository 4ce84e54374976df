#include "journal/postgres_side_connection.h"

#include <fmt/format.h>

namespace deedlog {
namespace {

void ignore_notice(void*, const char*) {}

}  // namespace

Status PostgresSideConnection::connected() {
  if (conn_ != nullptr && PQstatus(conn_.get()) == CONNECTION_OK) return Status::ok();
  conn_.reset(PQconnectdb(uri_.c_str()));
  if (conn_ == nullptr || PQstatus(conn_.get()) != CONNECTION_OK)
    return Status::io_error(fmt::format("cannot connect to the journal's database for {}: {}", what_,
                                        conn_ ? PQerrorMessage(conn_.get()) : "out of memory"));
  PQsetNoticeProcessor(conn_.get(), ignore_notice, nullptr);
  return Status::ok();
}

PostgresJournal::ResultPtr PostgresSideConnection::run(const char* sql, const std::vector<std::string>& params) {
  std::vector<const char*> values;
  for (const std::string& p : params) values.push_back(p.c_str());
  for (int attempt = 0;; ++attempt) {
    PostgresJournal::ResultPtr r(
        PQexecParams(conn_.get(), sql, static_cast<int>(values.size()), nullptr, values.data(), nullptr, nullptr, 0));
    if (attempt > 0 || PQstatus(conn_.get()) == CONNECTION_OK) return r;
    PQreset(conn_.get());
  }
}

Status PostgresSideConnection::make_table(std::string_view lock, std::string_view ddl, std::string_view table) {
  const std::string sql = fmt::format("BEGIN; SELECT pg_advisory_xact_lock(hashtext('{}')); {}; COMMIT", lock, ddl);
  PostgresJournal::ResultPtr r(PQexec(conn_.get(), sql.c_str()));
  if (PQresultStatus(r.get()) == PGRES_COMMAND_OK) return Status::ok();
  const std::string words = PQresultErrorMessage(r.get());
  PostgresJournal::ResultPtr rollback(PQexec(conn_.get(), "ROLLBACK"));
  return Status::io_error(fmt::format("making the table of {}: {}", table, words));
}

}  // namespace deedlog
