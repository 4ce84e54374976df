#pragma once
// Running the real programs from tests: a command line in, exit code and output back.
#include <sys/wait.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <vector>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

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
  return run(DEEDLOG_REFEREE, "--db " + quote(db.string()) + " " + args);
}

inline RunResult replay(const std::filesystem::path& db, const std::string& args) {
  return run(DEEDLOG_REPLAY, "--db " + quote(db.string()) + " " + args);
}

inline std::string sample(const std::string& rel) { return std::string(DEEDLOG_SOURCE_DIR) + "/samples/" + rel; }

// A folder of fixtures shared by the tests of one program, removed when it ends.
struct RemovedAtExit {
  std::filesystem::path dir;
  ~RemovedAtExit() { std::filesystem::remove_all(dir); }
};

// Every sample game under samples/, in a stable order.
inline std::vector<std::filesystem::path> all_sample_games() {
  std::vector<std::filesystem::path> games;
  for (const auto& e : std::filesystem::recursive_directory_iterator(std::filesystem::path(DEEDLOG_SOURCE_DIR) / "samples"))
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
