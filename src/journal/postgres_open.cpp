// Built with PostgreSQL journals (DEEDLOG_POSTGRES, the default when libpq's headers are found);
// without/postgres.cpp stands in for this file otherwise.
#include "journal/postgres_journal.h"
#include "journal/postgres_uri.h"

namespace deedlog {

Status open_postgres_journal(const std::string& uri, bool read_only, std::unique_ptr<Journal>* out) {
  return PostgresJournal::open(uri, read_only, out);
}

}  // namespace deedlog
