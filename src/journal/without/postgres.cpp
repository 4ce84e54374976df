// A build without PostgreSQL journals (-DDEEDLOG_POSTGRES=OFF: no libpq, no postgres_journal.cpp):
// a postgresql:// journal is refused with the reason and the way to a build that has them, and
// nothing is written anywhere.
#include "journal/journal.h"
#include "journal/postgres_uri.h"

namespace deedlog {

Status open_postgres_journal(const std::string&, bool, std::unique_ptr<Journal>*) {
  return Status::io_error(
      "this build has no PostgreSQL journals: it was configured with DEEDLOG_POSTGRES off "
      "(build again with -DDEEDLOG_POSTGRES=ON and libpq's headers, Debian's libpq-dev, to open postgresql:// journals)");
}

}  // namespace deedlog
