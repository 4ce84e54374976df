#include "journal/postgres_uri.h"

namespace deedlog {

bool is_postgres_uri(std::string_view path) {
  return path.starts_with("postgresql://") || path.starts_with("postgres://");
}

}  // namespace deedlog
