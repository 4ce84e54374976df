#pragma once
// A referee serve on 127.0.0.1 and headless Chromium sessions on its page, through WebDriver
// (support/webdriver.h): the fixture of the page's tests (tests/serve/serve_browser_test.cpp,
// serve_dice_pad_test.cpp). A test starts chromedriver itself (driver_.start(dir_)), so it can
// skip when none is installed.
#include <gtest/gtest.h>
#include <httplib.h>

#include <csignal>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/build_paths.h"
#include "support/cli.h"
#include "support/pipe_process.h"
#include "support/webdriver.h"

namespace deedlog::testing {

class ServeWithBrowsers : public ::testing::Test {
 protected:
  explicit ServeWithBrowsers(std::string folder) : folder_(std::move(folder)) {}

  void SetUp() override {
    dir_ = temp_dir(folder_);
    // The browsers and the test all come from 127.0.0.1, one address for the rate limit: a
    // rate no page reaches, so no request of the test is ever a 429.
    server_ = std::make_unique<PipeProcess>(std::vector<std::string>{
        deedlog::testing::referee_program(), "--db", (dir_ / "club.db").string(), "serve", "--listen", "127.0.0.1:0", "--rate", "1000"});
    const std::string line = server_->read_line();  // "listening on http://127.0.0.1:PORT"
    const std::size_t colon = line.rfind(':');
    ASSERT_NE(colon, std::string::npos) << line;
    port_ = std::stoi(line.substr(colon + 1));
  }

  // Sessions first (chromedriver closes their browsers), then chromedriver's whole process
  // group, then the server: whatever failed before.
  void TearDown() override {
    browsers_.clear();
    driver_.stop();
    if (server_) {
      server_->send_signal(SIGTERM);
      EXPECT_EQ(server_->wait(), 0);
    }
    if (!dir_.empty()) std::filesystem::remove_all(dir_);
  }

  Browser& browser(const std::string& name) {
    browsers_.push_back(std::make_unique<Browser>(driver_.port(), dir_ / ("profile-" + name)));
    EXPECT_TRUE(browsers_.back()->ok()) << "no WebDriver session; chromedriver said:\n" << driver_.log().substr(0, 2000);
    return *browsers_.back();
  }

  std::string page(const std::string& query = "") const {
    return "http://127.0.0.1:" + std::to_string(port_) + "/" + query;
  }

  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(30, 0);
    return c;
  }

  nlohmann::json get(const std::string& path, int code = 200) {
    auto r = client().Get(path.c_str());
    EXPECT_TRUE(r) << path;
    if (!r) return nlohmann::json();
    EXPECT_EQ(r->status, code) << path << ": " << r->body;
    return nlohmann::json::parse(r->body, nullptr, false);
  }

  std::string folder_;
  std::filesystem::path dir_;
  std::unique_ptr<PipeProcess> server_;
  int port_ = 0;
  ChromeDriver driver_;
  std::vector<std::unique_ptr<Browser>> browsers_;
};

}  // namespace deedlog::testing
