// How the browser tests start chromedriver (support/webdriver.h), with a stand-in program in its
// place (DEEDLOG_CHROMEDRIVER): a start whose port was taken is tried again with a new process;
// any other failure is reported at once. A CI run was lost to the first kind.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "support/cli.h"
#include "support/webdriver.h"

namespace deedlog {
namespace {

namespace fs = std::filesystem;

// A shell script that counts its runs in dir/runs and behaves as `script` says, $n being the run.
fs::path stand_in(const fs::path& dir, const std::string& script) {
  const fs::path exe = dir / "chromedriver";
  std::ofstream(exe) << "#!/bin/sh\n"
                     << "n=$(( $(cat '" << (dir / "runs").string() << "' 2>/dev/null || echo 0) + 1 ))\n"
                     << "echo $n > '" << (dir / "runs").string() << "'\n"
                     << "echo 'Starting ChromeDriver (stand-in) on port 0'\n"
                     << script;
  ::chmod(exe.c_str(), 0700);
  return exe;
}

int runs(const fs::path& dir) {
  std::ifstream in(dir / "runs");
  int n = 0;
  in >> n;
  return n;
}

class ChromeDriverStart : public ::testing::Test {
 protected:
  void use(const fs::path& exe) { ::setenv("DEEDLOG_CHROMEDRIVER", exe.c_str(), 1); }
  ~ChromeDriverStart() override {
    ::unsetenv("DEEDLOG_CHROMEDRIVER");
    fs::remove_all(dir_);
  }
  fs::path dir_ = testing::temp_dir("chromedriver-start");
};

const char* const kPortTaken =
    "echo '[1.0][SEVERE]: bind() failed: Address already in use (98)'\n"
    "echo 'IPv4 port not available. Exiting...'\n"
    "exit 1\n";
const char* const kListening = "echo 'ChromeDriver was started successfully on port 40123.'\nexec sleep 60\n";

TEST_F(ChromeDriverStart, APortTakenTwiceIsTriedAgainUntilItListens) {
  use(stand_in(dir_, std::string("if [ $n -le 2 ]; then\n") + kPortTaken + "fi\n" + kListening));
  testing::ChromeDriver driver;
  EXPECT_EQ(driver.start(dir_), "");
  EXPECT_EQ(driver.port(), 40123);
  EXPECT_EQ(driver.attempts(), 3);
  EXPECT_EQ(runs(dir_), 3);
}

TEST_F(ChromeDriverStart, APortAlwaysTakenGivesUpAfterItsAttempts) {
  use(stand_in(dir_, kPortTaken));
  testing::ChromeDriver driver;
  const std::string why = driver.start(dir_);
  EXPECT_NE(why.find("port not available"), std::string::npos) << why;
  EXPECT_EQ(runs(dir_), testing::ChromeDriver::kAttempts);
}

TEST_F(ChromeDriverStart, AnyOtherFailureIsReportedAtOnce) {
  use(stand_in(dir_, "echo 'no display, no luck'\nexit 3\n"));
  testing::ChromeDriver driver;
  const std::string why = driver.start(dir_);
  EXPECT_NE(why.find("no display, no luck"), std::string::npos) << why;
  EXPECT_EQ(runs(dir_), 1);
  EXPECT_EQ(driver.port(), 0);
}

}  // namespace
}  // namespace deedlog
