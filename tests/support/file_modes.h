#pragma once
// What the tests of private files share: a fresh folder of mode 0755 (so a file's own mode is
// what the code under test gave it), a file's permission bits, a file's bytes, and a umask set
// for a scope (to show the code does not lean on the caller's).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace deedlog::testing {

// A new empty folder under the system's temporary folder: deedlog-PREFIX-NAME-PID.
inline std::filesystem::path fresh_dir(const std::string& prefix, const std::string& name) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("deedlog-" + prefix + "-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::permissions(dir, static_cast<fs::perms>(0755));
  return dir;
}

// The permission bits of p itself (a link's own, not its target's).
inline mode_t mode_of(const std::filesystem::path& p) {
  struct stat st{};
  EXPECT_EQ(::lstat(p.c_str(), &st), 0) << p;
  return st.st_mode & 07777;
}

inline std::string file_text(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct UmaskFor {
  explicit UmaskFor(mode_t m) : before(::umask(m)) {}
  ~UmaskFor() { ::umask(before); }
  mode_t before;
};

}  // namespace deedlog::testing
