#pragma once
// Whether a journal's name is a PostgreSQL URI, and opening such a journal: declared apart
// from postgres_journal.h, which needs libpq's header, so that the code that only asks compiles
// in a build without PostgreSQL journals (-DDEEDLOG_POSTGRES=OFF, docs/design.md "The build").
#include <memory>
#include <string>
#include <string_view>

#include "deedlog/status.h"

namespace deedlog {

class Journal;

// Whether path names a PostgreSQL journal (postgresql:// or postgres://) rather than a file.
bool is_postgres_uri(std::string_view path);

// A journal's name as a message or a log may show it: a URI's password replaced by ***
// (postgresql://user:***@host/db); anything else as it is.
std::string without_password(const std::string& uri);

// The journal at a postgresql:// URI (postgres_open.cpp). In a build without PostgreSQL
// journals (without/postgres.cpp), an I/O error that names the option to build with.
Status open_postgres_journal(const std::string& uri, bool read_only, std::unique_ptr<Journal>* out);

}  // namespace deedlog
