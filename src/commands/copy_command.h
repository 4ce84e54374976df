#pragma once
// referee copy: games from one journal to another (an SQLite file, a PostgreSQL database),
// with their ids, headers and hashes, verified on arrival.
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

namespace deedlog {

struct CopyOptions {
  std::string from;
  std::string to;
  std::optional<std::int64_t> game;  // every game when empty
  bool json = false;
};

int run_copy(const CopyOptions& o, std::ostream& out, std::ostream& err);

}  // namespace deedlog
