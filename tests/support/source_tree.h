#pragma once
// For the tests that read the project's own sources (the layers, the public face, the rule
// ids): a file's text, and which files are C++ sources.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace deedlog::testing {

inline std::string read_source(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline bool is_cpp_source(const std::filesystem::path& p) {
  const auto e = p.extension();
  return e == ".h" || e == ".cpp" || e == ".cc";
}

}  // namespace deedlog::testing
