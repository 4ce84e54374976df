// A league's journal on PostgreSQL losing its machine (docs/scaling.md, "A standby and a
// failover"): a primary and a synchronous standby (throw-away servers on unix sockets, streaming
// replication), one `referee serve` given both in one libpq URI with target_session_attrs=
// read-write, four clients playing their games through it. At seeded random moments the primary
// is killed (SIGKILL, the postmaster and all its processes), the standby promoted (its
// synchronous_standby_names cleared: it has no standby of its own, and a commit must not wait for
// one), and a new standby made of the lost one's folder, for the next round. Through it all:
//   * every acknowledged move is in the journal, exactly as acknowledged (its seq and chain head),
//     and the journal holds no move that was not acknowledged, except those answered "outcome
//     unknown" (504), each at most once;
//   * a right key is never told it is wrong (no 401) and no answer is a 500: while no database
//     takes writes, the answer is 503 with Retry-After;
//   * play goes on after each failover through the same server process, and the chain verifies.
// Slow (about a minute) and not run under the sanitizers (scripts/sanitize.sh excludes it).
#include <libpq-fe.h>
#include <pwd.h>
#include <signal.h>
#include <sys/types.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <dirent.h>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <httplib.h>

#include "support/build_paths.h"
#include "support/cli.h"
#include "support/postgres_server.h"
#include "support/serve_process.h"

namespace deedlog {
namespace {

using nlohmann::json;
using testing::quote;
using Clock = std::chrono::steady_clock;

constexpr int kRounds = 3;
constexpr int kClients = 4;

int shell(const std::string& command) { return std::system(command.c_str()); }

// One PostgreSQL server: its folder (data/ and the socket), its port.
struct Node {
  std::string dir;
  int port = 0;
  std::string data() const { return dir + "/data"; }
};

// Two nodes, one primary and one synchronous standby at a time, in a temporary folder.
class Pair {
 public:
  Pair() {
    bin_ = testing_pg::server_programs();
    if (bin_.empty()) {
      why_ = "PostgreSQL's server is not installed (scripts/setup.sh installs it)";
      return;
    }
    char tmpl[] = "/tmp/deedlog-failover-XXXXXX";
    if (::mkdtemp(tmpl) == nullptr) {
      why_ = "no temporary folder";
      return;
    }
    root_ = tmpl;
    if (::geteuid() == 0) {
      const passwd* pw = ::getpwnam("postgres");
      if (pw == nullptr) {
        why_ = "running as root and there is no postgres user to run the servers as";
        return;
      }
      as_owner_ = "runuser -u postgres -- ";
      uid_ = pw->pw_uid;
      gid_ = pw->pw_gid;
    }
    nodes_[0] = Node{root_ + "/a", 54351};
    nodes_[1] = Node{root_ + "/b", 54352};
    for (Node& n : nodes_) make_dir(n.dir);
    make_dir(root_);
    Node& first = nodes_[0];
    if (sh(bin_ + "/initdb -D " + first.data() + " -U postgres --auth=trust -E UTF8 --no-sync") != 0) {
      why_ = "initdb failed (" + root_ + "/setup.log)";
      return;
    }
    if (!start(first)) return;
    run_sql(first, "postgres", "CREATE DATABASE league");
    if (!make_standby(0, 1)) return;
    ok_ = true;
  }
  ~Pair() {
    for (const Node& n : nodes_)
      if (std::filesystem::exists(n.data() + "/postmaster.pid")) sh(bin_ + "/pg_ctl -D " + n.data() + " -m immediate -w stop");
    std::error_code ignored;
    if (!root_.empty()) std::filesystem::remove_all(root_, ignored);
  }
  bool ok() const { return ok_; }
  const std::string& why() const { return why_; }
  int primary() const { return primary_; }

  // Both servers, in one URI: libpq tries them in turn and keeps the one that takes writes.
  std::string uri() const {
    return "postgresql:///league?host=" + nodes_[0].dir + "," + nodes_[1].dir + "&port=" + std::to_string(nodes_[0].port) +
           "," + std::to_string(nodes_[1].port) + "&user=postgres&target_session_attrs=read-write&connect_timeout=5";
  }

  // SIGKILL to the primary's postmaster and every process of it, at once.
  void kill_primary() {
    const Node& n = nodes_[primary_];
    std::ifstream in(n.data() + "/postmaster.pid");
    pid_t postmaster = 0;
    in >> postmaster;
    ASSERT_GT(postmaster, 0);
    std::vector<pid_t> victims{postmaster};
    if (DIR* proc = ::opendir("/proc")) {
      while (dirent* e = ::readdir(proc)) {
        const pid_t pid = std::atoi(e->d_name);
        if (pid <= 0) continue;
        std::ifstream stat("/proc/" + std::string(e->d_name) + "/stat");
        std::string line;
        std::getline(stat, line);
        const std::size_t close = line.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream rest(line.substr(close + 2));
        char state = 0;
        pid_t parent = 0;
        rest >> state >> parent;
        if (parent == postmaster) victims.push_back(pid);
      }
      ::closedir(proc);
    }
    for (const pid_t pid : victims) ::kill(pid, SIGKILL);
    // Gone before anything is started in their place: a killed process still exiting holds the
    // socket's lock file and its port, and a server started then refuses to start (seen once on
    // a loaded machine). A minute at most; a zombie counts as gone.
    for (int i = 0; i < 600 && std::any_of(victims.begin(), victims.end(), running); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }

  static bool running(pid_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(stat, line)) return false;
    const std::size_t close = line.rfind(')');
    return close != std::string::npos && close + 2 < line.size() && line[close + 2] != 'Z';
  }

  // The standby takes over: promoted, and told that it has no standby to wait for.
  void promote() {
    const int standby = 1 - primary_;
    ASSERT_EQ(sh(bin_ + "/pg_ctl -D " + nodes_[standby].data() + " -w -t 60 promote"), 0);
    ASSERT_EQ(run_sql(nodes_[standby], "postgres", "ALTER SYSTEM SET synchronous_standby_names = ''"), "");
    ASSERT_EQ(run_sql(nodes_[standby], "postgres", "SELECT pg_reload_conf()"), "");
    primary_ = standby;
  }

  // The lost machine comes back as the new primary's synchronous standby (a fresh copy).
  bool rebuild_standby() { return make_standby(primary_, 1 - primary_); }

  static std::string conninfo(const Node& n, const std::string& database) {
    return "host=" + n.dir + " port=" + std::to_string(n.port) + " user=postgres dbname=" + database;
  }
  std::string run_sql(const Node& n, const std::string& database, const std::string& sql) const {
    return testing_pg::run_sql_at(conninfo(n, database), sql);
  }
  std::string query_value(const Node& n, const std::string& sql) const {
    return testing_pg::query_value_at(conninfo(n, "postgres"), sql);
  }

 private:
  int sh(const std::string& command) const { return shell(as_owner_ + command + " >>" + root_ + "/setup.log 2>&1"); }

  void make_dir(const std::string& dir) {
    std::filesystem::create_directories(dir);
    if (!as_owner_.empty() && ::chown(dir.c_str(), uid_, gid_) != 0) why_ = "cannot give " + dir + " to postgres";
  }

  bool start(const Node& n) {
    // No TCP; fsync off: a process killed leaves its writes in the kernel's cache, which is what
    // this test loses (the machine's power is not cut).
    if (sh(bin_ + "/pg_ctl -D " + n.data() + " -l " + n.dir + "/server.log -w -t 60 -o \"-c listen_addresses='' -k " + n.dir +
           " -p " + std::to_string(n.port) + " -c fsync=off\" start") != 0) {
      why_ = "a server did not start (" + n.dir + "/server.log)";
      return false;
    }
    return true;
  }

  // to, a fresh copy of from (pg_basebackup -R), started as its standby; from then waits for it
  // at every commit (synchronous_standby_names = '*'), from the moment it is streaming.
  bool make_standby(int from, int to) {
    const Node& p = nodes_[from];
    const Node& s = nodes_[to];
    std::error_code ignored;
    std::filesystem::remove_all(s.data(), ignored);
    if (sh(bin_ + "/pg_basebackup -h " + p.dir + " -p " + std::to_string(p.port) + " -U postgres -D " + s.data() +
           " -R -X stream -c fast") != 0) {
      why_ = "pg_basebackup failed (" + root_ + "/setup.log)";
      return false;
    }
    if (!start(s)) return false;
    if (run_sql(p, "postgres", "ALTER SYSTEM SET synchronous_standby_names = '*'") != "" ||
        run_sql(p, "postgres", "SELECT pg_reload_conf()") != "") {
      why_ = "cannot make the standby synchronous";
      return false;
    }
    for (int i = 0; i < 600; ++i) {  // a minute at most
      if (query_value(p, "SELECT count(*) FROM pg_stat_replication WHERE sync_state = 'sync'") == "1") {
        primary_ = from;
        return true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    why_ = "the standby never became synchronous";
    return false;
  }

  std::string bin_;
  std::string root_;
  std::string as_owner_;
  uid_t uid_ = 0;
  gid_t gid_ = 0;
  std::string why_;
  bool ok_ = false;
  Node nodes_[2];
  int primary_ = 0;
};

// What the clients were told, for the check at the end.
struct Tally {
  std::mutex m;
  // Per game: each acknowledged move's (seq after it, chain head after it).
  std::map<int, std::vector<std::pair<std::int64_t, std::string>>> acknowledged;
  std::map<int, int> unknown;  // answers 504 "outcome unknown", per game
  std::atomic<int> unavailable{0};    // 503 with Retry-After
  std::atomic<int> conflicts{0};      // 409 (the move of an unknown outcome had been kept)
  std::atomic<int> unauthorised{0};   // 401: must stay 0
  std::atomic<int> server_errors{0};  // 500 and other 5xx but 503 and 504: must stay 0
  std::atomic<int> unanswered{0};     // no HTTP answer at all from the server
  std::atomic<int> retry_after_missing{0};
  std::atomic<int> total_acked{0};
};

struct ClientGame {
  int id = 0;
  std::string key;
};

bool create_game(httplib::Client& c, ClientGame* g, int seed) {
  const json body{{"ruleset", "uk-1972"}, {"players", {"Ann", "Ben", "Cat"}}, {"seed", seed}};
  auto r = c.Post("/api/games", body.dump(), "application/json");
  if (!r || r->status != 201) return false;
  const json doc = json::parse(r->body);
  g->id = doc["game"].get<int>();
  g->key = doc["key"].get<std::string>();
  return true;
}

// One client: plays its game (a new one when it ends) until told to stop, a move at a time, each
// chosen among the listed ones by its own seeded generator and sent with expect_seq.
void play(int port, int client, Tally* tally, const std::atomic<bool>* stop, std::vector<ClientGame>* games) {
  httplib::Client c("127.0.0.1", port);
  c.set_read_timeout(60, 0);
  std::mt19937 rng(static_cast<unsigned>(1000 + client));
  ClientGame g;
  auto pause = [] { std::this_thread::sleep_for(std::chrono::milliseconds(200)); };
  while (!*stop) {
    if (g.id == 0) {
      if (!create_game(c, &g, 100 + client)) {
        pause();
        continue;
      }
      games->push_back(g);
    }
    const std::string path = "/api/games/" + std::to_string(g.id);
    auto state = c.Get(path.c_str());
    const bool read = state && state->status == 200;
    auto moves = c.Get((path + "/moves").c_str());
    const httplib::Result& failed = read ? moves : state;
    if (!read || !moves || moves->status != 200) {
      if (failed && failed->status != 503) ++tally->server_errors;
      if (!failed) ++tally->unanswered;
      pause();
      continue;
    }
    const json listed = json::parse(moves->body)["moves"];
    const json position = json::parse(state->body);
    if (listed.empty() || position.value("over", false)) {
      g = ClientGame{};  // over: a new game
      continue;
    }
    const std::int64_t seq = position["seq"].get<std::int64_t>();
    const json body{{"move", listed[rng() % listed.size()]}, {"expect_seq", seq}};
    auto r = c.Post((path + "/moves").c_str(), httplib::Headers{{"Authorization", "Bearer " + g.key}}, body.dump(),
                    "application/json");
    if (!r) {
      ++tally->unanswered;
      pause();
      continue;
    }
    const json answer = json::parse(r->body, nullptr, false);
    switch (r->status) {
      case 200: {
        std::lock_guard<std::mutex> lock(tally->m);
        tally->acknowledged[g.id].emplace_back(answer["seq"].get<std::int64_t>(), answer["head"].get<std::string>());
        ++tally->total_acked;
        break;
      }
      case 409: ++tally->conflicts; break;
      case 503:
        ++tally->unavailable;
        if (!r->has_header("Retry-After")) ++tally->retry_after_missing;
        pause();
        break;
      case 504: {
        EXPECT_EQ(answer["outcome_unknown"], true) << r->body;
        EXPECT_EQ(answer["expect_seq"], seq) << r->body;
        std::lock_guard<std::mutex> lock(tally->m);
        ++tally->unknown[g.id];
        break;
      }
      case 401: ++tally->unauthorised; break;
      case 422: break;  // refused by the rules: nothing written (a listed move should not be)
      default: ++tally->server_errors; ADD_FAILURE() << r->status << " " << r->body;
    }
  }
}

TEST(ServeFailover, AcknowledgedMovesSurviveTheLossOfThePrimary) {
  Pair pair;
  if (!pair.ok()) GTEST_SKIP() << "PostgreSQL failover test skipped: " << pair.why();
  const std::string db = pair.uri();
  testing::ServeProcess serve(db);  // stopped (SIGTERM, exit code 0) before the pair is
  const int port = serve.port();
  ASSERT_GT(port, 0);
  const pid_t server_pid = serve.pid();

  Tally tally;
  std::atomic<bool> stop{false};
  std::vector<std::vector<ClientGame>> games(kClients);
  std::vector<std::thread> clients;
  for (int i = 0; i < kClients; ++i)
    clients.emplace_back(play, port, i, &tally, &stop, &games[static_cast<std::size_t>(i)]);

  std::mt19937 rng(20261127);  // the moments of the kills
  int failovers = 0;
  std::vector<int> acked_after;  // acknowledged moves after each failover, before the next
  auto play_on = [&](int moves, int max_seconds) {
    const int from = tally.total_acked;
    const auto end = Clock::now() + std::chrono::seconds(max_seconds);
    while (tally.total_acked - from < moves && Clock::now() < end) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    return tally.total_acked - from;
  };
  play_on(20, 60);
  for (int round = 0; round < kRounds; ++round) {
    std::this_thread::sleep_for(std::chrono::milliseconds(500 + rng() % 3000));
    pair.kill_primary();
    if (HasFatalFailure()) break;
    // The clients meet a journal that takes no writes for a moment: 503s (and perhaps a 504).
    std::this_thread::sleep_for(std::chrono::milliseconds(200 + rng() % 800));
    pair.promote();
    if (HasFatalFailure()) break;
    ++failovers;
    acked_after.push_back(play_on(20, 60));
    if (round + 1 < kRounds && !pair.rebuild_standby()) {
      ADD_FAILURE() << pair.why();
      break;
    }
  }
  stop = true;
  for (std::thread& t : clients) t.join();
  EXPECT_EQ(::kill(server_pid, 0), 0) << "the server process is gone";

  // Every acknowledged move, as acknowledged; nothing else but unknown outcomes.
  httplib::Client c("127.0.0.1", port);
  c.set_read_timeout(60, 0);
  int lost = 0;
  int recorded_moves = 0;
  int kept_unknown = 0;
  int unknown_total = 0;
  for (const auto& list : games) {
    for (const ClientGame& g : list) {
      auto r = c.Get(("/api/games/" + std::to_string(g.id) + "/events").c_str());
      ASSERT_TRUE(r && r->status == 200);
      const json events = json::parse(r->body)["events"];
      std::map<std::int64_t, std::string> hash_at;
      int played = 0;
      for (std::size_t i = 0; i < events.size(); ++i) {
        EXPECT_EQ(events[i]["seq"], static_cast<std::int64_t>(i) + 1);
        hash_at[events[i]["seq"]] = events[i]["hash"];
        if (events[i]["type"] == "MovePlayed") ++played;
      }
      recorded_moves += played;
      const auto& acked = tally.acknowledged[g.id];
      for (const auto& [seq, head] : acked) {
        if (hash_at.count(seq) == 0 || hash_at[seq] != head) ++lost;
      }
      const int unknown = tally.unknown[g.id];
      unknown_total += unknown;
      const int extra = played - static_cast<int>(acked.size());
      EXPECT_GE(extra, 0) << "game " << g.id;
      EXPECT_LE(extra, unknown) << "game " << g.id << ": moves in the journal no one was told were kept";
      kept_unknown += std::max(0, extra);
    }
  }
  const auto verified = testing::run(deedlog::testing::referee_program(), "--db " + quote(db) + " verify");
  EXPECT_EQ(verified.code, 0) << verified.out << verified.err;

  std::cout << "failovers " << failovers << ", acknowledged moves " << tally.total_acked << ", recorded moves "
            << recorded_moves << ", lost " << lost << ", outcome unknown " << unknown_total << " (kept " << kept_unknown
            << "), 503 " << tally.unavailable << ", 409 " << tally.conflicts << ", 401 " << tally.unauthorised
            << ", other 5xx " << tally.server_errors << ", unanswered " << tally.unanswered << "\n";
  EXPECT_EQ(failovers, kRounds);
  EXPECT_EQ(lost, 0);
  EXPECT_EQ(tally.unauthorised, 0);
  EXPECT_EQ(tally.server_errors, 0);
  EXPECT_EQ(tally.unanswered, 0);
  EXPECT_EQ(tally.retry_after_missing, 0);
  for (std::size_t i = 0; i < acked_after.size(); ++i) {
    EXPECT_GE(acked_after[i], 20) << "after failover " << i + 1;
  }
}

}  // namespace
}  // namespace deedlog
