#pragma once
// Running the real programs from tests: a command line in, exit code and output back.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <vector>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include "support/build_paths.h"

namespace deedlog::testing {

struct RunResult {
  int code = -1;
  std::string out;
  std::string err;
};

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) {
    if (c == '\'') q += "'\\''";
    else q += c;
  }
  return q + "'";
}

// A fresh folder for one test's journal files.
inline std::filesystem::path temp_dir(const std::string& name) {
  auto dir = std::filesystem::temp_directory_path() / ("deedlog-test-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

// args is already shell-quoted where needed; stdin_path is what the program reads as its input.
inline RunResult run(const std::string& program, const std::string& args, const std::string& stdin_path = "/dev/null") {
  static int counter = 0;
  const auto base = std::filesystem::temp_directory_path() /
                    ("deedlog-run-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  const std::string cmd = program + " " + args + " >" + base.string() + ".out 2>" + base.string() + ".err <" + quote(stdin_path);
  const int status = std::system(cmd.c_str());
  RunResult r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(base.string() + ".out");
  r.err = slurp(base.string() + ".err");
  std::filesystem::remove(base.string() + ".out");
  std::filesystem::remove(base.string() + ".err");
  return r;
}

inline RunResult referee(const std::filesystem::path& db, const std::string& args) {
  return run(deedlog::testing::referee_program(), "--db " + quote(db.string()) + " " + args);
}

inline RunResult replay(const std::filesystem::path& db, const std::string& args) {
  return run(deedlog::testing::replay_program(), "--db " + quote(db.string()) + " " + args);
}

inline std::string sample(const std::string& rel) { return std::string(deedlog::testing::source_dir()) + "/samples/" + rel; }

// A folder of fixtures shared by the tests of one program, removed when it ends.
struct RemovedAtExit {
  std::filesystem::path dir;
  ~RemovedAtExit() { std::filesystem::remove_all(dir); }
};

// A file only its owner may read or write (mode 0600, whatever the umask), holding text: how a
// key is handed to a program (--key-file), never on its command line.
inline void write_private_file(const std::filesystem::path& path, const std::string& text, mode_t mode = 0600) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return;
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  ::fchmod(fd, mode);
  ::close(fd);
}

// "--key-file 'PATH'" for key, in a private file of a folder removed when the tests end: how
// the tests give referee the Head Judge's key or a table's (a key on the command line is refused).
inline std::string key_file_option(const std::string& key) {
  static int counter = 0;
  static const RemovedAtExit folder{temp_dir("keys")};
  const std::filesystem::path path = folder.dir / ("key-" + std::to_string(counter++));
  write_private_file(path, key + "\n");
  return "--key-file " + quote(path.string());
}

// Every sample game under samples/, in a stable order.
inline std::vector<std::filesystem::path> all_sample_games() {
  std::vector<std::filesystem::path> games;
  for (const auto& e : std::filesystem::recursive_directory_iterator(std::filesystem::path(deedlog::testing::source_dir()) / "samples"))
    if (e.path().extension() == ".game") games.push_back(e.path());
  std::sort(games.begin(), games.end());
  return games;
}

// A test name from a sample's folder and file name ("uk_1972_long_game").
inline std::string sample_test_name(const std::filesystem::path& game) {
  std::string name = game.parent_path().filename().string() + "_" + game.stem().string();
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

}  // namespace deedlog::testing
