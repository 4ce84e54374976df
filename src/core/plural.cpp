#include "core/plural.h"

namespace deedlog {

std::string_view noun_for(std::int64_t n, std::string_view singular, std::string_view plural) {
  return n == 1 || n == -1 ? singular : plural;
}

std::string count_of(std::int64_t n, std::string_view singular, std::string_view plural) {
  return std::to_string(n) + " " + std::string(noun_for(n, singular, plural));
}

std::string count_of(std::int64_t n, std::string_view singular) {
  return count_of(n, singular, std::string(singular) + "s");
}

}  // namespace deedlog
