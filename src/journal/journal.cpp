#include "journal/journal.h"

#include "journal/sqlite_journal.h"

namespace deedlog {

// SQLite is the only store today; a server database would be chosen here by the path's form.
Status Journal::open(const std::string& path, std::unique_ptr<Journal>* out, bool read_only) {
  return SqliteJournal::open(path, read_only, out);
}

}  // namespace deedlog
