#pragma once
// Headless Chromium driven from a test through chromedriver's W3C WebDriver protocol: JSON over
// HTTP, spoken with cpp-httplib's client and nlohmann-json, which the project has already. No
// browser-download tool, no Node, no Selenium: Debian's chromium and chromium-driver packages
// (scripts/setup.sh) and this file.
//
// Every failed call is a test failure (ADD_FAILURE) and answers null, so a test goes on to its
// teardown, which ends the sessions, chromedriver and whatever it started.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace deedlog::testing {

inline std::string chromium_binary() {
  const char* env = std::getenv("DEEDLOG_CHROMIUM");
  return env ? env : "/usr/bin/chromium";
}
inline std::string chromedriver_binary() {
  const char* env = std::getenv("DEEDLOG_CHROMEDRIVER");
  return env ? env : "/usr/bin/chromedriver";
}

// Why a browser test cannot run here ("" when it can).
inline std::string browser_missing() {
  for (const std::string& p : {chromium_binary(), chromedriver_binary()})
    if (::access(p.c_str(), X_OK) != 0)
      return p + " is not installed (scripts/setup.sh installs Debian's chromium and chromium-driver)";
  return {};
}

inline std::string base64_decode(const std::string& in) {
  auto value = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
  };
  std::string out;
  unsigned bits = 0;
  int count = 0;
  for (char c : in) {
    const int v = value(c);
    if (v < 0) continue;  // '=' padding and line breaks
    bits = (bits << 6) | static_cast<unsigned>(v);
    count += 6;
    if (count >= 8) {
      count -= 8;
      out += static_cast<char>((bits >> count) & 0xff);
    }
  }
  return out;
}

// A PNG's width and height from its IHDR chunk; nullopt when the bytes are not a PNG.
inline std::optional<std::pair<std::uint32_t, std::uint32_t>> png_size(const std::string& png) {
  static const std::string signature("\x89PNG\r\n\x1a\n", 8);
  if (png.size() < 24 || png.compare(0, 8, signature) != 0 || png.compare(12, 4, "IHDR") != 0) return std::nullopt;
  auto be32 = [&](std::size_t at) {
    std::uint32_t v = 0;
    for (std::size_t i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(png[at + i]);
    return v;
  };
  return std::make_pair(be32(16), be32(20));
}

// chromedriver on a free port of 127.0.0.1 (--port=0: it prints the one it bound), in a process
// group of its own, so that stop() ends it and every browser it started, even after a failure.
//
// With --port=0 chromedriver takes a port for one address family and then asks for the same
// number in the other; on a machine running tests side by side that number is sometimes taken
// already (a CI run was lost to "bind() failed: Address already in use ... IPv4 port not
// available"). Such a start is tried again with a new process, a few times; any other failure
// is reported at once.
class ChromeDriver {
 public:
  static constexpr int kAttempts = 5;

  // "" when it is listening; otherwise why not.
  std::string start(const std::filesystem::path& dir) {
    for (attempts_ = 1;; ++attempts_) {
      const std::string why = start_once(dir);
      if (why.empty() || !port_was_taken(why) || attempts_ == kAttempts) return why;
    }
  }

  // SIGTERM to the group, and SIGKILL to whatever of it is left after ten seconds.
  void stop() {
    if (pid_ <= 0) return;
    ::kill(-pid_, SIGTERM);
    bool gone = false;
    for (int i = 0; i < 100 && !gone; ++i) {
      gone = ::waitpid(pid_, nullptr, WNOHANG) == pid_;
      if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    ::kill(-pid_, SIGKILL);  // the browsers it started, if any outlived it
    if (!gone) ::waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }
  ~ChromeDriver() { stop(); }

  int port() const { return port_; }
  int attempts() const { return attempts_; }
  std::string log() const {
    std::ifstream in(log_);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }

 private:
  static bool port_was_taken(const std::string& why) {
    return why.find("Address already in use") != std::string::npos ||
           why.find("port not available") != std::string::npos;
  }

  std::string start_once(const std::filesystem::path& dir) {
    log_ = dir / "chromedriver.log";
    port_ = 0;
    pid_ = ::fork();
    if (pid_ < 0) return "fork failed";
    if (pid_ == 0) {
      ::setpgid(0, 0);
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // a test killed outright takes chromedriver with it
      const int fd = ::open(log_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (fd >= 0) {
        ::dup2(fd, 1);
        ::dup2(fd, 2);
      }
      const std::string exe = chromedriver_binary();
      ::execl(exe.c_str(), exe.c_str(), "--port=0", static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ::setpgid(pid_, pid_);  // also here, so the group exists whichever of the two runs first
    const std::string mark = "started successfully on port ";
    for (int i = 0; i < 600; ++i) {  // up to a minute on a loaded machine
      const std::string s = log();
      if (const std::size_t at = s.find(mark); at != std::string::npos) {
        port_ = std::atoi(s.c_str() + at + mark.size());
        if (port_ > 0) return {};
      }
      if (::waitpid(pid_, nullptr, WNOHANG) == pid_) {
        pid_ = -1;
        return "chromedriver ended before listening: " + log().substr(0, 400);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    stop();
    return "chromedriver did not say its port within a minute";
  }

  pid_t pid_ = -1;
  int port_ = 0;
  int attempts_ = 0;
  std::filesystem::path log_;
};

// One browser window: a WebDriver session. Ended (DELETE) when destroyed.
class Browser {
 public:
  using json = nlohmann::json;
  static constexpr const char* kElement = "element-6066-11e4-a52e-4f735466cecf";
  static constexpr const char* kTab = "\xee\x80\x84";    // U+E004, WebDriver's Tab key
  static constexpr const char* kEnter = "\xee\x80\x87";  // U+E007, Enter

  // Headless, with a fresh profile of its own; without the background-networking flags a
  // closed network refuses Chromium's own connections, and the session is slow to start.
  Browser(int driver_port, const std::filesystem::path& profile) : http_("127.0.0.1", driver_port) {
    http_.set_read_timeout(120, 0);
    http_.set_connection_timeout(30, 0);
    std::filesystem::create_directories(profile);
    const json args = {"--headless",
                       "--no-sandbox",
                       "--disable-gpu",
                       "--disable-quic",
                       "--no-first-run",
                       "--disable-background-networking",
                       "--disable-component-update",
                       "--disable-sync",
                       "--hide-scrollbars",
                       "--user-data-dir=" + profile.string()};
    const json caps = {{"capabilities",
                        {{"alwaysMatch", {{"goog:chromeOptions", {{"binary", chromium_binary()}, {"args", args}}}}}}}};
    const json answer = call("POST", "/session", caps);
    if (answer.is_object() && answer.contains("sessionId")) session_ = answer["sessionId"].get<std::string>();
  }
  ~Browser() {
    if (!session_.empty()) raw("DELETE", "/session/" + session_, json());
  }
  Browser(const Browser&) = delete;
  Browser& operator=(const Browser&) = delete;

  bool ok() const { return !session_.empty(); }

  void go(const std::string& url) { command("POST", "/url", {{"url", url}}); }

  void window(int width, int height) { command("POST", "/window/rect", {{"width", width}, {"height", height}}); }

  // The element a CSS selector finds ("" and a failure when none).
  std::string find(const std::string& css) {
    const json v = command("POST", "/element", {{"using", "css selector"}, {"value", css}});
    if (!v.is_object() || !v.contains(kElement)) return {};
    return v[kElement].get<std::string>();
  }
  void click(const std::string& css) {
    const std::string e = find(css);
    if (!e.empty()) command("POST", "/element/" + e + "/click", json::object());
  }
  // Keys typed into the element, as a person would (each fires its key and input events).
  void type(const std::string& css, const std::string& text) {
    const std::string e = find(css);
    if (!e.empty()) command("POST", "/element/" + e + "/value", {{"text", text}});
  }
  void clear(const std::string& css) {
    const std::string e = find(css);
    if (!e.empty()) command("POST", "/element/" + e + "/clear", json::object());
  }

  // A script's value: `body` is a function body ("return ...").
  json script(const std::string& body, const json& args = json::array()) {
    return command("POST", "/execute/sync", {{"script", body}, {"args", args}});
  }

  // Polls the page until the script answers something other than null, false or "" (up to two
  // minutes: a loaded machine is slow, and the wait is for an outcome, not a speed). Answers it,
  // or null and a failure naming `what`.
  json wait_for(const std::string& what, const std::string& body, const json& args = json::array()) {
    json v;
    for (int i = 0; i < 1200; ++i) {
      v = script(body, args);
      if (!v.is_null() && v != false && v != "") return v;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    ADD_FAILURE() << "waited two minutes for " << what << "; last answer " << v.dump();
    return json();
  }

  // The viewport as PNG bytes.
  std::string screenshot() {
    const json v = command("GET", "/screenshot", json());
    return v.is_string() ? base64_decode(v.get<std::string>()) : std::string();
  }

 private:
  json command(const std::string& method, const std::string& path, const json& body) {
    if (session_.empty()) return json();
    return call(method, "/session/" + session_ + path, body);
  }

  // The answer's "value"; a WebDriver error is a test failure.
  json call(const std::string& method, const std::string& path, const json& body) {
    const auto r = raw(method, path, body);
    if (!r) {
      ADD_FAILURE() << method << " " << path << ": no answer from chromedriver";
      return json();
    }
    const json doc = json::parse(r->body, nullptr, false);
    if (doc.is_discarded() || !doc.is_object() || !doc.contains("value")) {
      ADD_FAILURE() << method << " " << path << ": " << r->status << " " << r->body.substr(0, 400);
      return json();
    }
    const json& v = doc["value"];
    if (r->status != 200 || (v.is_object() && v.contains("error"))) {
      ADD_FAILURE() << method << " " << path << " " << body.dump().substr(0, 200) << ": " << r->status << " "
                    << v.dump().substr(0, 600);
      return json();
    }
    return v;
  }

  httplib::Result raw(const std::string& method, const std::string& path, const json& body) {
    if (method == "GET") return http_.Get(path);
    if (method == "DELETE") return http_.Delete(path);
    return http_.Post(path, body.dump(), "application/json");
  }

  httplib::Client http_;
  std::string session_;
};

}  // namespace deedlog::testing
