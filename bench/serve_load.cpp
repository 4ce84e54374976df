// serve_load: many games played at once through referee serve's HTTP API, as a club's tables
// would, and the figures printed as one JSON object (docs/scaling.md; scripts/bench.sh --serve).
//
//   serve_load --referee PATH --db DB [options]   starts `referee --db DB serve` on 127.0.0.1
//   serve_load --port PORT [options]               uses a server already listening on 127.0.0.1
//
//   --games N            games to create and play at once (default 100)
//   --moves-per-game M   moves each game is played for, at most (default 20; a game that ends
//                        sooner stops there)
//   --threads T          clients playing (default 16): each takes the next game that is waiting
//                        and plays one move of it, so every game moves on at once
//
// Each move is one of the legal moves the API lists for the position (GET .../moves), picked by
// a generator seeded by the game's number, and posted with the game's key and the seq it was
// chosen at (expect_seq). Latency is the post's, from request to answer. A post answered 503 (the
// journal takes no writes now) is asked again after Retry-After; one answered 504 or not at all has
// an unknown outcome, and the game is read to learn it (docs/serve.md, "Unknown outcomes"). An
// error is any other answer but 200 to a post or a read. Output: {"games", "moves", "seconds",
// "moves_per_second", "p50_ms", "p99_ms", "errors", "unavailable", "unknown", "unknown_kept",
// "recorded"}, where recorded is the moves the journal holds at the end (the MovePlayed events of
// GET /api/games/ID/events, summed over the games).
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <iostream>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace {

using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

struct Options {
  std::string referee;
  std::string db;
  int port = 0;
  int games = 100;
  int moves_per_game = 20;
  int threads = 16;
};

[[noreturn]] void usage(const std::string& why) {
  std::cerr << "serve_load: " << why << "\n"
            << "usage: serve_load (--referee PATH --db DB | --port PORT) [--games N] [--moves-per-game M] [--threads T]\n";
  std::exit(2);
}

int whole(const std::string& text, const char* what) {
  try {
    std::size_t used = 0;
    const int n = std::stoi(text, &used);
    if (used == text.size() && n >= 1) return n;
  } catch (const std::exception&) {
  }
  usage(std::string(what) + " takes a whole number of 1 or more");
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) usage(a + " needs a value");
    const std::string v = argv[++i];
    if (a == "--referee") o.referee = v;
    else if (a == "--db") o.db = v;
    else if (a == "--port") o.port = whole(v, "--port");
    else if (a == "--games") o.games = whole(v, "--games");
    else if (a == "--moves-per-game") o.moves_per_game = whole(v, "--moves-per-game");
    else if (a == "--threads") o.threads = whole(v, "--threads");
    else usage("unknown option " + a);
  }
  if (o.port == 0 && (o.referee.empty() || o.db.empty())) usage("give --referee and --db, or --port");
  return o;
}

// `referee --db DB serve` on a free port of 127.0.0.1, without a rate limit worth the name (the
// load comes from one address); its port is read from the line it prints.
struct StartedServer {
  pid_t pid = -1;
  int port = 0;

  bool start(const Options& o) {
    int out[2];
    if (::pipe(out) != 0) return false;
    pid = ::fork();
    if (pid == 0) {
      ::dup2(out[1], 1);
      ::close(out[0]);
      ::execl(o.referee.c_str(), o.referee.c_str(), "--db", o.db.c_str(), "serve", "--listen", "127.0.0.1:0", "--rate",
              "1000000", static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ::close(out[1]);
    std::string line;
    char c = 0;
    while (::read(out[0], &c, 1) == 1 && c != '\n') line += c;
    ::close(out[0]);  // the server writes nothing more
    const std::size_t colon = line.rfind(':');
    if (colon == std::string::npos) return false;
    port = std::atoi(line.c_str() + colon + 1);
    return port > 0;
  }
  ~StartedServer() {
    if (pid > 0) {
      ::kill(pid, SIGTERM);
      ::waitpid(pid, nullptr, 0);
    }
  }
};

struct Game {
  int id = 0;
  std::string key;
  int played = 0;
  std::mt19937_64 pick;
};

class Load {
 public:
  Load(const Options& o, int port) : o_(o), port_(port) {}

  void run() {
    games_.resize(static_cast<std::size_t>(o_.games));
    for (int i = 0; i < o_.games; ++i) waiting_.push_back(i);
    // Each client connects (one request) before the next is started, and all start playing
    // together: httplib's server listens with an accept queue of 5, and sixteen connections at
    // once overflowed it now and then on a busy machine (a lost request: no answer at all). The
    // connections are kept alive after that, so this is about the start only.
    std::vector<std::unique_ptr<httplib::Client>> connected;
    for (int t = 0; t < o_.threads; ++t) {
      auto c = std::make_unique<httplib::Client>("127.0.0.1", port_);
      c->set_keep_alive(true);
      // A request's headers and body are separate writes: without this, Nagle holds the body
      // back until the server's delayed ACK, and every post would measure that wait.
      c->set_tcp_nodelay(true);
      c->set_read_timeout(60, 0);
      c->Get("/api/games/0");  // a 404, to open the connection
      connected.push_back(std::move(c));
    }
    const auto start = Clock::now();
    std::vector<std::thread> clients;
    for (auto& c : connected) clients.emplace_back([this, &c] { client(*c); });
    for (std::thread& t : clients) t.join();
    seconds_ = std::chrono::duration<double>(Clock::now() - start).count();
  }

  json figures() {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(60, 0);
    long recorded = 0;
    for (const Game& g : games_) {
      if (g.id == 0) continue;
      auto r = c.Get(("/api/games/" + std::to_string(g.id) + "/events").c_str());
      if (!r || r->status != 200) {
        ++errors_;
        continue;
      }
      const json doc = json::parse(r->body);
      for (const json& e : doc["events"])
        if (e["type"] == "MovePlayed" && !e.contains("voided_by")) ++recorded;
    }
    std::sort(latencies_.begin(), latencies_.end());
    auto at = [&](double q) {
      if (latencies_.empty()) return 0.0;
      const std::size_t i = std::min(latencies_.size() - 1, static_cast<std::size_t>(q * static_cast<double>(latencies_.size())));
      return latencies_[i];
    };
    const long moves = static_cast<long>(latencies_.size()) - static_cast<long>(refused_);
    auto round2 = [](double x) { return static_cast<double>(static_cast<long>(x * 100 + 0.5)) / 100; };
    return json{{"games", o_.games},
                {"moves", moves},
                {"seconds", round2(seconds_)},
                {"moves_per_second", round2(static_cast<double>(moves) / std::max(seconds_, 1e-9))},
                {"p50_ms", round2(at(0.50))},
                {"p99_ms", round2(at(0.99))},
                {"errors", errors_.load()},
                {"unavailable", unavailable_.load()},
                {"unknown", unknown_.load()},
                {"unknown_kept", unknown_kept_.load()},
                {"recorded", recorded}};
  }

 private:
  // Takes the next waiting game, makes one step of it (its creation, or one move), and puts it
  // back at the end of the queue unless it is done: every game moves on a little at a time.
  void client(httplib::Client& c) {
    for (;;) {
      int index = 0;
      {
        std::lock_guard<std::mutex> lock(mutex_);
        if (waiting_.empty()) return;
        index = waiting_.front();
        waiting_.pop_front();
      }
      Game& g = games_[static_cast<std::size_t>(index)];
      const bool more = g.id == 0 ? create(c, g, index) : move(c, g);
      if (more) {
        std::lock_guard<std::mutex> lock(mutex_);
        waiting_.push_back(index);
      }
    }
  }

  bool create(httplib::Client& c, Game& g, int index) {
    const json body{{"ruleset", "uk-1972"}, {"players", {"Ann", "Ben", "Cat"}}, {"seed", index + 1}};
    auto r = c.Post("/api/games", body.dump(), "application/json");
    if (!r || r->status != 201) return failed(r, "POST /api/games");
    const json doc = json::parse(r->body);
    g.id = doc["game"].get<int>();
    g.key = doc["key"].get<std::string>();
    g.pick.seed(static_cast<std::uint64_t>(index) + 1);
    return o_.moves_per_game > 0;
  }

  bool move(httplib::Client& c, Game& g) {
    const std::string path = "/api/games/" + std::to_string(g.id);
    auto status = c.Get(path.c_str());
    if (status && status->status == 503) return wait_retry_after(*status), true;
    if (!status || status->status != 200) return failed(status, "GET " + path);
    const json position = json::parse(status->body);
    if (position.value("over", false)) return false;
    auto listed = c.Get((path + "/moves").c_str());
    if (listed && listed->status == 503) return wait_retry_after(*listed), true;
    if (!listed || listed->status != 200) return failed(listed, "GET " + path + "/moves");
    const json moves = json::parse(listed->body)["moves"];
    if (!moves.is_array() || moves.empty()) return false;
    const std::string chosen = moves[g.pick() % moves.size()].get<std::string>();
    const json body{{"move", chosen}, {"expect_seq", position["seq"]}};
    const httplib::Headers headers{{"Authorization", "Bearer " + g.key}};
    const auto sent = Clock::now();
    auto r = c.Post((path + "/moves").c_str(), headers, body.dump(), "application/json");
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - sent).count();
    // The journal takes no writes just now (a failover): nothing was written; ask again after
    // the pause the server names.
    if (r && r->status == 503) {
      ++unavailable_;
      wait_retry_after(*r);
      return true;
    }
    // No answer, or "outcome unknown" (504 from the server or a front before it, or a front's 502
    // for a server that went away mid-answer): the move may
    // have been kept. As docs/serve.md advises: read the game; it moved past expect_seq only if
    // the move was kept (this game has one client). Otherwise decide again: the position is the
    // same, and expect_seq makes any retry safe.
    if (!r || r->status == 504 || r->status == 502) {
      ++unknown_;
      for (int tries = 0; tries < 120; ++tries) {
        auto again = c.Get(path.c_str());
        if (again && again->status == 200) {
          if (json::parse(again->body)["seq"].get<std::int64_t>() > position["seq"].get<std::int64_t>()) {
            ++unknown_kept_;
            return ++g.played < o_.moves_per_game;
          }
          return true;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
      }
      return failed(r, "POST " + path + "/moves " + chosen + " (outcome unknown, and the game cannot be read)");
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      latencies_.push_back(ms);
    }
    // A listed move refused is the server contradicting itself: an error too.
    if (!r || r->status != 200) {
      std::lock_guard<std::mutex> lock(mutex_);
      ++refused_;
      return failed(r, "POST " + path + "/moves " + chosen);
    }
    return ++g.played < o_.moves_per_game;
  }

  static void wait_retry_after(const httplib::Response& r) {
    const int seconds = r.has_header("Retry-After") ? std::atoi(r.get_header_value("Retry-After").c_str()) : 1;
    std::this_thread::sleep_for(std::chrono::seconds(std::clamp(seconds, 1, 10)));
  }

  bool failed(const httplib::Result& r, const std::string& what) {
    if (errors_++ < 5)  // the first few, to see what went wrong; the count says the rest
      std::cerr << "serve_load: " << what << ": " << (r ? std::to_string(r->status) + " " + r->body : httplib::to_string(r.error()))
                << "\n";
    return false;
  }

  Options o_;
  int port_;
  std::mutex mutex_;
  std::deque<int> waiting_;
  std::vector<Game> games_;
  std::vector<double> latencies_;
  std::size_t refused_ = 0;
  std::atomic<long> errors_{0};
  std::atomic<long> unavailable_{0};   // 503: the journal took no writes; asked again
  std::atomic<long> unknown_{0};       // 504 or no answer to a move: read the game to learn
  std::atomic<long> unknown_kept_{0};  // ... and the game showed the move kept
  double seconds_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  StartedServer started;
  int port = o.port;
  if (port == 0) {
    if (!started.start(o)) {
      std::cerr << "serve_load: " << o.referee << " serve did not start\n";
      return 1;
    }
    port = started.port;
  }
  // The server prints its port once bound, a moment before it accepts: one answered request
  // first, so that sixteen clients do not all knock during that moment (a full accept queue).
  {
    httplib::Client probe("127.0.0.1", port);
    bool up = false;
    for (int i = 0; i < 100 && !up; ++i) {
      up = static_cast<bool>(probe.Get("/api/games/0"));
      if (!up) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    if (!up) {
      std::cerr << "serve_load: no answer from 127.0.0.1:" << port << "\n";
      return 1;
    }
  }
  Load load(o, port);
  load.run();
  const json figures = load.figures();
  std::cout << figures.dump() << "\n";
  return figures["errors"].get<long>() == 0 ? 0 : 1;
}
