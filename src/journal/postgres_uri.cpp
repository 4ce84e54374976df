#include "journal/postgres_uri.h"

namespace deedlog {

bool is_postgres_uri(std::string_view path) {
  return path.starts_with("postgresql://") || path.starts_with("postgres://");
}

std::string without_password(const std::string& uri) {
  const auto scheme = uri.find("://");
  const auto at = uri.find('@');
  if (scheme == std::string::npos || at == std::string::npos) return uri;
  const auto colon = uri.find(':', scheme + 3);
  if (colon == std::string::npos || colon > at) return uri;
  return uri.substr(0, colon) + ":***" + uri.substr(at);
}

}  // namespace deedlog
