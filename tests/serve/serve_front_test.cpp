// referee serve behind the front of its documented deployment (nginx with
// deploy/nginx/deedlog-serve.conf, docs/serve.md "Deployment: a front for slow clients"), under
// the attacks that stalled it alone: 70 connections sending one header byte every 2 s, from one
// address, and 3,000 idle connections from another. Honest reads and moves from a third address
// are answered all through, a game's event stream opened before the attacks stays open through
// them and carries the move made after, and the front has cut every slow and idle connection.
// nginx runs unprivileged on loopback ports, from a folder and a configuration of this test's own;
// every loop is bounded and everything stops by itself. Without nginx the test says it skips.
//
// The "before" figures (the same attacks straight at referee serve) come from the disabled case
// below: --gtest_also_run_disabled_tests --gtest_filter='*Without*'.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <httplib.h>

#include "support/build_paths.h"
#include "support/cli.h"
#include "support/pipe_process.h"
#include "support/serve_process.h"
#include "support/stream_watcher.h"

namespace deedlog {
namespace {

using nlohmann::json;
using testing::PipeProcess;
using Clock = std::chrono::steady_clock;

constexpr const char* kNginx = "/usr/sbin/nginx";
// The addresses of the attackers; honest clients come from 127.0.0.1. All of 127/8 is loopback.
constexpr const char* kSlowFrom = "127.0.0.2";
constexpr const char* kIdleFrom = "127.0.0.3";
constexpr const char* kGreedyFrom = "127.0.0.4";
constexpr int kSlow = 70;
constexpr int kIdle = 3000;

// A port no one listens on now (the kernel's choice).
int free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  int port = 0;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0)
    port = ntohs(a.sin_port);
  ::close(fd);
  return port;
}

// A non-blocking connection from source to 127.0.0.1:port, begun (not necessarily made); -1 when
// no socket could be had.
int connect_from(const char* source, int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  sockaddr_in from{};
  from.sin_family = AF_INET;
  ::inet_pton(AF_INET, source, &from.sin_addr);
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(static_cast<std::uint16_t>(port));
  to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::bind(fd, reinterpret_cast<sockaddr*>(&from), sizeof from) != 0 ||
      (::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) != 0 && errno != EINPROGRESS)) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// Whether the other end has closed fd (a read finds its end, or a reset).
bool closed_by_peer(int fd) {
  pollfd p{fd, POLLIN, 0};
  if (::poll(&p, 1, 0) <= 0) return false;
  char buf[512];
  const ssize_t n = ::recv(fd, buf, sizeof buf, MSG_DONTWAIT);
  return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK);
}

// The attackers: kSlow connections that send the request line one byte at a time every 2 s, and
// kIdle that send nothing, for as long as the attack lasts (on a thread of its own).
class Attack {
 public:
  Attack(int port, std::chrono::seconds length) {
    for (int i = 0; i < kSlow; ++i) slow_.push_back(connect_from(kSlowFrom, port));
    for (int i = 0; i < kIdle; ++i) idle_.push_back(connect_from(kIdleFrom, port));
    thread_ = std::thread([this, length] {
      static const std::string request = "GET /api/games/1 HTTP/1.1\r\nHost: club\r\nX-Slow: ";
      const auto end = Clock::now() + length;
      for (std::size_t at = 0; Clock::now() < end && !stop_; ++at) {
        for (const int fd : slow_) {
          if (fd < 0) continue;
          const char byte = at < request.size() ? request[at] : 'x';
          ::send(fd, &byte, 1, MSG_NOSIGNAL | MSG_DONTWAIT);
        }
        for (int tick = 0; tick < 20 && !stop_; ++tick) std::this_thread::sleep_for(std::chrono::milliseconds(100));
      }
    });
  }
  ~Attack() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
    for (const int fd : slow_) ::close(fd);
    for (const int fd : idle_) ::close(fd);
  }
  void wait() {
    if (thread_.joinable()) thread_.join();
  }
  int opened_slow() const { return static_cast<int>(std::count_if(slow_.begin(), slow_.end(), [](int fd) { return fd >= 0; })); }
  int opened_idle() const { return static_cast<int>(std::count_if(idle_.begin(), idle_.end(), [](int fd) { return fd >= 0; })); }
  int closed_slow() const { return count_closed(slow_); }
  int closed_idle() const { return count_closed(idle_); }

 private:
  static int count_closed(const std::vector<int>& fds) {
    int n = 0;
    for (const int fd : fds)
      if (fd >= 0 && closed_by_peer(fd)) ++n;
    return n;
  }
  std::vector<int> slow_;
  std::vector<int> idle_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

// Enough file descriptors for the attack, the front and the server (children inherit the limit).
void raise_open_files() {
  rlimit r{};
  ::getrlimit(RLIMIT_NOFILE, &r);
  r.rlim_cur = r.rlim_max;
  ::setrlimit(RLIMIT_NOFILE, &r);
}

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void replace_once(std::string* text, const std::string& from, const std::string& to) {
  const std::size_t at = text->find(from);
  ASSERT_NE(at, std::string::npos) << "the shipped configuration no longer has " << from;
  text->replace(at, from.size(), to);
}

// `referee serve` over a new SQLite journal on a free port of 127.0.0.1; stopped with SIGTERM.
using Referee = testing::ServeProcess;

// nginx with the shipped site file, listening on 127.0.0.1:port and passing to upstream_port.
class Front {
 public:
  Front(const std::filesystem::path& dir, int port, int upstream_port) {
    std::string site = slurp(std::filesystem::path(deedlog::testing::source_dir()) / "deploy/nginx/deedlog-serve.conf");
    replace_once(&site, "listen 80;", "listen 127.0.0.1:" + std::to_string(port) + ";");
    replace_once(&site, "server 127.0.0.1:8080;", "server 127.0.0.1:" + std::to_string(upstream_port) + ";");
    std::ofstream(dir / "deedlog-serve.conf") << site;
    const std::string d = dir.string();
    std::ofstream conf(dir / "nginx.conf");
    // Run as root (a container's tests), nginx's workers drop to nobody.
    if (::geteuid() == 0) conf << "user nobody nogroup;\n";
    conf << "daemon off;\nworker_processes 1;\nworker_rlimit_nofile 16384;\n"
         << "pid " << d << "/nginx.pid;\nerror_log " << d << "/error.log warn;\n"
         << "events { worker_connections 8192; }\n"
         << "http {\n  access_log off;\n"
         << "  client_body_temp_path " << d << "/body;\n  proxy_temp_path " << d << "/proxy;\n"
         << "  fastcgi_temp_path " << d << "/fastcgi;\n  uwsgi_temp_path " << d << "/uwsgi;\n"
         << "  scgi_temp_path " << d << "/scgi;\n"
         << "  include " << d << "/deedlog-serve.conf;\n}\n";
    conf.close();
    std::filesystem::permissions(dir, std::filesystem::perms::owner_all | std::filesystem::perms::group_read |
                                          std::filesystem::perms::group_exec | std::filesystem::perms::others_read |
                                          std::filesystem::perms::others_exec);
    process_ = std::make_unique<PipeProcess>(
        std::vector<std::string>{kNginx, "-p", d, "-e", d + "/error.log", "-c", d + "/nginx.conf"});
    // Up when it accepts a connection: 20 s at most.
    for (int i = 0; i < 200 && !up_; ++i) {
      httplib::Client c("127.0.0.1", port);
      c.set_connection_timeout(1, 0);
      auto r = c.Get("/api/games/0");
      up_ = static_cast<bool>(r);
      if (!up_) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
  ~Front() {
    // SIGTERM to the master, which stops its workers (a SIGKILL would leave them running).
    process_->send_signal(SIGTERM);
    process_->wait();
  }
  bool up() const { return up_; }

 private:
  bool up_ = false;
  std::unique_ptr<PipeProcess> process_;
};

// An honest client from 127.0.0.1: generous timeouts (a stalled server fails them, a busy one not).
httplib::Client honest(int port) {
  httplib::Client c("127.0.0.1", port);
  c.set_connection_timeout(20, 0);
  c.set_read_timeout(20, 0);
  c.set_write_timeout(20, 0);
  return c;
}

struct Made {
  int game = 0;
  std::string key;
};

Made create(int port) {
  auto r = honest(port).Post("/api/games", R"({"ruleset": "uk-1972", "players": ["Ann", "Ben", "Cat"], "seed": 5})",
                             "application/json");
  if (!r || r->status != 201) return {};
  const json doc = json::parse(r->body);
  return {doc["game"].get<int>(), doc["key"].get<std::string>()};
}

// One honest read of the game and one move (the first the API lists): true when both answered 200.
bool read_and_move(int port, const Made& g, std::string* why) {
  httplib::Client c = honest(port);
  const std::string path = "/api/games/" + std::to_string(g.game);
  auto state = c.Get(path.c_str());
  if (!state || state->status != 200) {
    *why = state ? "read answered " + std::to_string(state->status) : "read: " + httplib::to_string(state.error());
    return false;
  }
  auto moves = c.Get((path + "/moves").c_str());
  if (!moves || moves->status != 200) {
    *why = moves ? "moves answered " + std::to_string(moves->status) : "moves: " + httplib::to_string(moves.error());
    return false;
  }
  const json listed = json::parse(moves->body)["moves"];
  const json body{{"move", listed.at(0)}, {"expect_seq", json::parse(state->body)["seq"]}};
  auto played = c.Post((path + "/moves").c_str(), httplib::Headers{{"Authorization", "Bearer " + g.key}}, body.dump(),
                       "application/json");
  if (!played || played->status != 200) {
    *why = played ? "move answered " + std::to_string(played->status) + ": " + played->body
                  : "move: " + httplib::to_string(played.error());
    return false;
  }
  return true;
}

// Opens n streams of game from source at once and reads each answer's status line: the codes.
std::vector<int> open_streams(const char* source, int port, int game, int n, std::vector<int>* fds) {
  const std::string request = "GET /api/games/" + std::to_string(game) + "/stream HTTP/1.1\r\nHost: club\r\n\r\n";
  for (int i = 0; i < n; ++i) {
    const int fd = connect_from(source, port);
    pollfd p{fd, POLLOUT, 0};
    if (fd >= 0 && ::poll(&p, 1, 10000) == 1) ::send(fd, request.data(), request.size(), MSG_NOSIGNAL);
    fds->push_back(fd);
  }
  std::vector<int> codes;
  for (const int fd : *fds) {
    std::string head;
    const auto end = Clock::now() + std::chrono::seconds(20);
    while (head.find("\r\n") == std::string::npos && Clock::now() < end) {
      pollfd p{fd, POLLIN, 0};
      if (::poll(&p, 1, 1000) != 1) continue;
      char buf[256];
      const ssize_t got = ::recv(fd, buf, sizeof buf, MSG_DONTWAIT);
      if (got <= 0) break;
      head.append(buf, static_cast<std::size_t>(got));
    }
    codes.push_back(head.rfind("HTTP/1.1 ", 0) == 0 ? std::atoi(head.c_str() + 9) : -1);
  }
  return codes;
}

TEST(ServeBehindItsFront, SlowAndIdleConnectionsStallNoOne) {
  if (!std::filesystem::exists(kNginx)) GTEST_SKIP() << "nginx is not installed (scripts/setup.sh installs nginx-light)";
  ::signal(SIGPIPE, SIG_IGN);
  raise_open_files();
  const auto dir = testing::temp_dir("serve-front");
  {
    Referee referee(dir / "club.db");
    ASSERT_GT(referee.port(), 0);
    const int port = free_port();
    Front front(dir, port, referee.port());
    ASSERT_TRUE(front.up()) << slurp(dir / "error.log");

    const Made played = create(port);
    const Made watched = create(port);
    ASSERT_GT(played.game, 0);
    ASSERT_GT(watched.game, 0);
    // Opened before the attack; quiet through it (nothing is played in its game until after).
    testing::StreamWatcher watcher(port, watched.game);

    // The attack lasts longer than the front's header timeout (10 s), so it must cut them all.
    Attack attack(port, std::chrono::seconds(24));
    EXPECT_EQ(attack.opened_slow(), kSlow);
    EXPECT_EQ(attack.opened_idle(), kIdle);
    int answered = 0;
    std::vector<std::string> failures;
    for (int round = 0; round < 10; ++round) {
      std::string why;
      if (read_and_move(port, played, &why))
        ++answered;
      else
        failures.push_back(why);
      std::this_thread::sleep_for(std::chrono::seconds(2));
    }
    attack.wait();
    EXPECT_EQ(answered, 10) << (failures.empty() ? "" : failures.front());
    // Every attacking connection was ended by the front, none by this test.
    EXPECT_EQ(attack.closed_slow(), kSlow);
    EXPECT_EQ(attack.closed_idle(), kIdle);

    // One address holds 16 requests at once at most (limit_conn): the 17th to 20th streams it asks
    // for are refused with 429 while the first 16 stay open.
    std::vector<int> greedy;
    const std::vector<int> codes = open_streams(kGreedyFrom, port, watched.game, 20, &greedy);
    EXPECT_EQ(std::count(codes.begin(), codes.end(), 200), 16);
    EXPECT_EQ(std::count(codes.begin(), codes.end(), 429), 4);
    for (const int fd : greedy) ::close(fd);

    // The stream stayed open through the quiet and carries the move made now.
    std::string why;
    ASSERT_TRUE(read_and_move(port, watched, &why)) << why;
    const std::string data = watcher.first_event();
    ASSERT_FALSE(data.empty()) << watcher.received();
    EXPECT_EQ(json::parse(data)["type"], "MovePlayed");
    // Closed by the watcher once it had the move, not before.
    EXPECT_LT(watcher.received().find("\"MovePlayed\""), watcher.received().find("[closed]")) << watcher.received();
  }
  std::filesystem::remove_all(dir);
}

// The same attacks straight at referee serve, without its front: figures for docs/serve.md, not
// a test (a stalled server is what it shows; how long it stalls is a timing).
TEST(ServeBehindItsFront, DISABLED_WithoutTheFrontTheAttacksStallTheServer) {
  ::signal(SIGPIPE, SIG_IGN);
  raise_open_files();
  const auto dir = testing::temp_dir("serve-direct");
  {
    Referee referee(dir / "club.db");
    const Made played = create(referee.port());
    ASSERT_GT(played.game, 0);
    Attack attack(referee.port(), std::chrono::seconds(40));
    int answered = 0;
    for (int round = 0; round < 5; ++round) {
      const auto start = Clock::now();
      std::string why;
      const bool ok = read_and_move(referee.port(), played, &why);
      answered += ok ? 1 : 0;
      std::cout << "direct, round " << round << ": " << (ok ? "answered" : why) << " after "
                << std::chrono::duration<double>(Clock::now() - start).count() << " s\n";
    }
    std::cout << "direct: " << answered << " of 5 read-and-move rounds answered under " << kSlow << " slow and "
              << kIdle << " idle connections\n";
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace deedlog
