// Kept analyses on PostgreSQL: a table in the journal's database, beside the journal's own
// tables and not one of them (a cache, not the record: it is not hashed, `verify` and `copy` do
// not read it). Made by the first keep, under an advisory lock, closed to PUBLIC as the folder
// beside an SQLite journal is closed to other accounts; until then a read finds none. The store
// has a connection of its own, shared by its users' threads under a mutex.
#include <fmt/format.h>

#include <mutex>
#include <string_view>
#include <vector>

#include "journal/analysis_store.h"
#include "journal/postgres_side_connection.h"

namespace deedlog {
namespace {

constexpr const char* kAnalysesTable = R"sql(
CREATE TABLE IF NOT EXISTS deedlog_kept_analyses (
  game_id  bigint PRIMARY KEY REFERENCES games (game_id),
  document text NOT NULL CONSTRAINT document_is_json CHECK (document::jsonb IS NOT NULL),
  kept     timestamptz NOT NULL DEFAULT now()
);
REVOKE ALL ON deedlog_kept_analyses FROM PUBLIC)sql";

// SQLSTATE undefined_table: no analysis was ever kept in this database.
constexpr std::string_view kNoSuchTable = "42P01";

class PostgresAnalyses final : public AnalysisStore {
 public:
  explicit PostgresAnalyses(std::string uri) : db_(std::move(uri), "its kept analyses") {}

  Status keep(std::int64_t game, const std::string& document) override {
    std::lock_guard<std::mutex> lock(mutex_);
    if (Status s = db_.connected(); !s.is_ok()) return s;
    if (!has_table_) {
      // Two keepers at once: the advisory lock lets one make the table, the other find it.
      if (Status s = db_.make_table("deedlog kept analyses", kAnalysesTable, "kept analyses"); !s.is_ok()) return s;
      has_table_ = true;
    }
    PostgresJournal::ResultPtr r = db_.run(
        "INSERT INTO deedlog_kept_analyses (game_id, document) VALUES ($1, $2)"
        " ON CONFLICT (game_id) DO UPDATE SET document = excluded.document, kept = now()",
        {std::to_string(game), document});
    if (PQresultStatus(r.get()) != PGRES_COMMAND_OK)
      return Status::io_error(fmt::format("keeping the analysis of game {}: {}", game, PQresultErrorMessage(r.get())));
    return Status::ok();
  }

  Status read(std::int64_t game, std::optional<std::string>* out) override {
    std::lock_guard<std::mutex> lock(mutex_);
    out->reset();
    if (Status s = db_.connected(); !s.is_ok()) return s;
    PostgresJournal::ResultPtr r =
        db_.run("SELECT document FROM deedlog_kept_analyses WHERE game_id = $1", {std::to_string(game)});
    if (PQresultStatus(r.get()) != PGRES_TUPLES_OK) {
      const char* state = PQresultErrorField(r.get(), PG_DIAG_SQLSTATE);
      if (state != nullptr && std::string_view(state) == kNoSuchTable) return Status::ok();
      return Status::io_error(fmt::format("reading the analysis of game {}: {}", game, PQresultErrorMessage(r.get())));
    }
    if (PQntuples(r.get()) == 1) *out = std::string(PQgetvalue(r.get(), 0, 0), PQgetlength(r.get(), 0, 0));
    return Status::ok();
  }

  std::string where(std::int64_t) const override { return ""; }

 private:
  std::mutex mutex_;
  PostgresSideConnection db_;
  bool has_table_ = false;  // made (or found) by this store's first keep
};

}  // namespace

std::unique_ptr<AnalysisStore> postgres_analysis_store(std::string uri) {
  return std::make_unique<PostgresAnalyses>(std::move(uri));
}

}  // namespace deedlog
