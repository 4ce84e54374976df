#include "commands/serve_command.h"

#include <fmt/format.h>
#include <httplib.h>
#include <openssl/crypto.h>
#include <openssl/rand.h>
#include <pthread.h>
#include <signal.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>

#include "commands/engine_session.h"
#include "core/exit_code.h"
#include "deedlog/legal_moves.h"
#include "journal/journal.h"
#include "journal/sha256.h"
#include "notation/game_file.h"
#include "present/game_json.h"
#include "present/refusal_words.h"
#include "service/game_log.h"
#include "service/game_session.h"

namespace deedlog {
namespace {

using ojson = nlohmann::ordered_json;

// A request body larger than this is refused (413) before it is read: a move or a new game
// fits in a few hundred bytes.
constexpr std::size_t kMaxBody = 64 * 1024;
// Each open stream holds one of the server's threads; past this many, a watcher gets 503 and
// the moves and positions are still answered.
constexpr int kMaxStreams = 48;
constexpr int kThreads = kMaxStreams + 16;
// How often a stream looks for new events, and how long it stays quiet before a comment line
// (which also finds a watcher that has gone).
constexpr auto kStreamPoll = std::chrono::milliseconds(200);
constexpr auto kStreamKeepAlive = std::chrono::seconds(15);

std::string sha256_hex(std::string_view text) {
  Sha256 h;
  h.update(text);
  return h.hex();
}

// The games' write keys, hashed: a key is shown once, when its game is created, and only its
// SHA-256 is kept (a copied keys file opens no game). Kept in a file beside the journal rather
// than in it: the journal holds the game's record, hashed and append-only, and the same file
// may be read by people who should not write.
class KeyStore {
 public:
  explicit KeyStore(std::string path) : path_(std::move(path)) {}

  Status load() {
    std::ifstream in(path_);
    if (!in) return Status::ok();  // no game created through the server yet
    const ojson doc = ojson::parse(in, nullptr, false);
    if (doc.is_discarded() || !doc.is_object() || !doc.contains("games") || !doc["games"].is_object())
      return Status::corrupt(fmt::format("{}: not a keys file ({{\"games\": {{ID: SHA-256}}}})", path_));
    for (const auto& [id, hash] : doc["games"].items()) {
      if (!hash.is_string()) return Status::corrupt(fmt::format("{}: game {}'s key is not a hash", path_, id));
      try {
        hashes_[std::stoll(id)] = hash.get<std::string>();
      } catch (const std::exception&) {
        return Status::corrupt(fmt::format("{}: '{}' is not a game id", path_, id));
      }
    }
    return Status::ok();
  }

  // A new random key for the game; the file is written (whole, then renamed) before it is given.
  Status add(std::int64_t game, std::string* key) {
    unsigned char bytes[32];
    if (RAND_bytes(bytes, sizeof bytes) != 1) return Status::io_error("no random bytes for a key");
    std::string hex;
    for (unsigned char b : bytes) hex += fmt::format("{:02x}", b);
    std::lock_guard<std::mutex> lock(mutex_);
    hashes_[game] = sha256_hex(hex);
    ojson games = ojson::object();
    for (const auto& [id, hash] : hashes_) games[std::to_string(id)] = hash;
    const std::string tmp = path_ + ".tmp";
    {
      std::ofstream out(tmp, std::ios::trunc);
      out << ojson{{"games", games}}.dump(1) << "\n";
      if (!out.flush()) return Status::io_error(fmt::format("cannot write {}", tmp));
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path_, ec);
    if (ec) return Status::io_error(fmt::format("cannot write {}: {}", path_, ec.message()));
    *key = hex;
    return Status::ok();
  }

  bool check(std::int64_t game, const std::string& key) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = hashes_.find(game);
    if (it == hashes_.end() || key.empty()) return false;
    const std::string got = sha256_hex(key);
    return got.size() == it->second.size() && CRYPTO_memcmp(got.data(), it->second.data(), got.size()) == 0;
  }

 private:
  std::string path_;
  std::mutex mutex_;
  std::map<std::int64_t, std::string> hashes_;
};

// A token bucket per client address: `rate` requests a second on average, bursts of twice that.
class RateLimit {
 public:
  explicit RateLimit(double rate) : rate_(rate), burst_(std::max(1.0, 2 * rate)) {}

  bool allow(const std::string& who) {
    const auto now = std::chrono::steady_clock::now();
    std::lock_guard<std::mutex> lock(mutex_);
    // Forget the quiet clients now and then, so many addresses cannot grow the table for ever.
    if (buckets_.size() > 10000) buckets_.clear();
    auto [it, fresh] = buckets_.try_emplace(who, Bucket{burst_, now});
    Bucket& b = it->second;
    if (!fresh) {
      const double seconds = std::chrono::duration<double>(now - b.last).count();
      b.tokens = std::min(burst_, b.tokens + seconds * rate_);
      b.last = now;
    }
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

 private:
  struct Bucket {
    double tokens;
    std::chrono::steady_clock::time_point last;
  };
  double rate_;
  double burst_;
  std::mutex mutex_;
  std::unordered_map<std::string, Bucket> buckets_;
};

void send_json(httplib::Response& res, int code, const ojson& doc) {
  res.status = code;
  res.set_content(doc.dump() + "\n", "application/json");
}

void send_error(httplib::Response& res, int code, const std::string& message) {
  send_json(res, code, ojson{{"error", message}});
}

// The HTTP answer a failed service call gets.
int code_of(const Status& s) {
  if (s.is_not_found()) return 404;
  if (s.is_conflict()) return 409;
  if (s.is_corrupt() || s.is_io_error()) return 500;
  return 400;
}

class Server {
 public:
  Server(const CommonOptions& o, const ServeOptions& so, const std::string& keys_path)
      : o_(o), keys_(keys_path), limit_(so.rate) {}

  Status prepare() { return keys_.load(); }

  httplib::Server& http() { return http_; }

  void routes() {
    http_.set_payload_max_length(kMaxBody);
    http_.new_task_queue = [] { return new httplib::ThreadPool(kThreads); };
    http_.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
      if (limit_.allow(req.remote_addr)) return httplib::Server::HandlerResponse::Unhandled;
      res.set_header("Retry-After", "1");
      send_error(res, 429, "too many requests from this address: slow down");
      return httplib::Server::HandlerResponse::Handled;
    });
    // Every error the library answers itself (413, an unknown path) carries a JSON body too.
    http_.set_error_handler([](const httplib::Request&, httplib::Response& res) {
      if (!res.body.empty()) return;
      const char* words = res.status == 404   ? "no such path: the API is under /api/games"
                          : res.status == 413 ? "the body is too large (64 KiB at most)"
                                              : "the request cannot be answered";
      send_json(res, res.status, ojson{{"error", words}});
    });
    http_.Get("/", [](const httplib::Request&, httplib::Response& res) {
      res.set_content(serve_page(), "text/html; charset=utf-8");
    });
    http_.Post("/api/games", [this](const httplib::Request& req, httplib::Response& res) { create(req, res); });
    http_.Get(R"(/api/games/(\d+))", [this](const httplib::Request& req, httplib::Response& res) {
      with_game(req, res, [&](Journal& j, Game& g) {
        RecordedRulings rulings;
        if (Status s = recorded_rulings(j, g, &rulings); !s.is_ok()) return send_error(res, code_of(s), s.message());
        send_json(res, 200, status_json(g, rulings));
      });
    });
    http_.Get(R"(/api/games/(\d+)/moves)", [this](const httplib::Request& req, httplib::Response& res) {
      with_game(req, res, [&](Journal&, Game& g) { send_json(res, 200, moves_json(g, kNoTime)); });
    });
    http_.Get(R"(/api/games/(\d+)/board)", [this](const httplib::Request& req, httplib::Response& res) {
      with_game(req, res, [&](Journal& j, Game& g) {
        std::string svg;
        const Status s = serve_board(j, g.id, req.has_param("at") ? req.get_param_value("at") : "", &svg);
        if (!s.is_ok()) return send_error(res, code_of(s), s.message());
        res.set_content(svg, "image/svg+xml");
      });
    });
    http_.Get(R"(/api/games/(\d+)/events)", [this](const httplib::Request& req, httplib::Response& res) {
      std::int64_t from = 1;
      if (!seq_param(req, res, &from)) return;
      with_game(req, res, [&](Journal& j, Game& g) { send_events(j, g, from, res); });
    });
    http_.Get(R"(/api/games/(\d+)/stream)", [this](const httplib::Request& req, httplib::Response& res) {
      stream(req, res);
    });
    http_.Post(R"(/api/games/(\d+)/moves)", [this](const httplib::Request& req, httplib::Response& res) {
      play(req, res);
    });
  }

 private:
  Status open(std::unique_ptr<Journal>* j) { return Journal::open(o_.db, j, false); }

  // The game the path names, loaded whole; a 404 when the journal has no such game.
  template <class F>
  void with_game(const httplib::Request& req, httplib::Response& res, F&& then) {
    std::int64_t id = 0;
    try {
      id = std::stoll(req.matches[1].str());
    } catch (const std::exception&) {
      return send_error(res, 404, "no such game");
    }
    std::unique_ptr<Journal> j;
    if (Status s = open(&j); !s.is_ok()) return send_error(res, 500, s.message());
    Game g;
    if (Status s = load_game(*j, id, 0, &g); !s.is_ok()) return send_error(res, code_of(s), s.message());
    g.snapshot_every = o_.snapshot_every;
    then(*j, g);
  }

  static bool seq_param(const httplib::Request& req, httplib::Response& res, std::int64_t* from) {
    if (!req.has_param("from")) return true;
    try {
      std::size_t used = 0;
      const std::string text = req.get_param_value("from");
      *from = std::stoll(text, &used);
      if (used == text.size() && *from >= 1) return true;
    } catch (const std::exception&) {
    }
    send_error(res, 400, "from is an event number, 1 or more");
    return false;
  }

  // As log --json: each event with its hash, and the ones a take-back voided marked so.
  static void send_events(Journal& j, const Game& g, std::int64_t from, httplib::Response& res) {
    std::vector<LoggedEvent> events;
    if (Status s = GameLog(j, g).read_all(1, 0, &events); !s.is_ok()) return send_error(res, code_of(s), s.message());
    mark_voided(&events);
    ojson all = ojson::array();
    for (const LoggedEvent& r : events)
      if (r.seq >= from) all.push_back(logged_json(g, r));
    send_json(res, 200, ojson{{"game", g.id}, {"events", all}});
  }

  static ojson logged_json(const Game& g, const LoggedEvent& r) {
    ojson e = event_json(g, r);
    e["hash"] = r.hash;
    if (r.voided_by != 0) e["voided_by"] = r.voided_by;
    return e;
  }

  static std::string bearer(const httplib::Request& req) {
    const std::string auth = req.get_header_value("Authorization");
    const std::string prefix = "Bearer ";
    return auth.rfind(prefix, 0) == 0 ? auth.substr(prefix.size()) : std::string();
  }

  void create(const httplib::Request& req, httplib::Response& res) {
    const ojson body = ojson::parse(req.body, nullptr, false);
    if (body.is_discarded() || !body.is_object()) return send_error(res, 400, "the body is one JSON object");
    GameHeader header;
    Ruleset edition;
    if (Status s = new_game_header(body, &header, &edition); !s.is_ok()) return send_error(res, 400, s.message());
    std::unique_ptr<Journal> j;
    if (Status s = open(&j); !s.is_ok()) return send_error(res, 500, s.message());
    std::int64_t id = 0;
    std::optional<Violation> refused;
    if (Status s = create_game(*j, header, std::nullopt, &id, &refused); !s.is_ok())
      return send_error(res, code_of(s), s.message());
    if (refused) {  // no setup is taken here, so the opening cannot break a rule; said if it ever does
      const Ruling words = ruling_of(edition, *refused, header.players);
      return send_json(res, 422, ojson{{"error", words.message}, {"violation", violation_json(words)}});
    }
    std::string key;
    if (Status s = keys_.add(id, &key); !s.is_ok()) return send_error(res, 500, s.message());
    send_json(res, 201, ojson{{"game", id}, {"key", key}});
  }

  void play(const httplib::Request& req, httplib::Response& res) {
    with_game(req, res, [&](Journal& j, Game& g) {
      if (!keys_.check(g.id, bearer(req)))
        return send_error(res, 401, "writing needs the game's key: Authorization: Bearer KEY");
      const ojson body = ojson::parse(req.body, nullptr, false);
      if (body.is_discarded() || !body.is_object()) return send_error(res, 400, "the body is one JSON object");
      if (!body.contains("move") || !body["move"].is_string()) return send_error(res, 400, "\"move\" is a string");
      if (body.contains("expect_seq")) {
        if (!body["expect_seq"].is_number_integer()) return send_error(res, 400, "\"expect_seq\" is a whole number");
        const std::int64_t expected = body["expect_seq"].get<std::int64_t>();
        if (expected != g.state.seq)
          return send_json(res, 409,
                           ojson{{"error", fmt::format("conflict: game {} is at event {}, not {} as expected; nothing was written",
                                                      g.id, g.state.seq, expected)},
                                 {"conflict", true},
                                 {"seq", g.state.seq}});
      }
      Command command;
      ParseError perr;
      if (!parse_move(body["move"].get<std::string>(), g.ruleset, g.header.players, &command, &perr))
        return send_error(res, 400, perr.message);
      PlayOutcome po;
      if (Status s = play_move(j, g, command, false, &po); !s.is_ok()) {
        if (s.is_conflict()) return send_json(res, 409, ojson{{"error", "conflict: " + s.message()}, {"conflict", true}});
        return send_error(res, code_of(s), s.message());
      }
      send_json(res, po.decision.accepted ? 200 : 422, play_json(g, po, false));
    });
  }

  // Server-sent events: each event recorded from `from` on (default: the next one), as
  // `data: <event JSON>` and a blank line; polls the journal, so moves made by the command
  // line or another server over the same file are seen too.
  void stream(const httplib::Request& req, httplib::Response& res) {
    std::int64_t from = 0;
    if (!seq_param(req, res, &from)) return;
    std::int64_t id = 0;
    with_game(req, res, [&](Journal&, Game& g) {
      id = g.id;
      if (from == 0) from = g.state.seq + 1;
    });
    if (id == 0) return;  // answered already: no such game
    if (streams_.fetch_add(1) >= kMaxStreams) {
      streams_.fetch_sub(1);
      return send_error(res, 503, "too many watchers: try again later");
    }
    struct Watch {
      std::int64_t next;
      std::chrono::steady_clock::time_point quiet_since = std::chrono::steady_clock::now();
      bool opened = false;
    };
    auto watch = std::make_shared<Watch>(Watch{from});
    res.set_header("Cache-Control", "no-cache");
    res.set_chunked_content_provider(
        "text/event-stream",
        [this, id, watch](std::size_t, httplib::DataSink& sink) {
          if (!watch->opened) {
            watch->opened = true;
            const std::string hello = ": game " + std::to_string(id) + "\n\n";
            return sink.write(hello.data(), hello.size());
          }
          std::unique_ptr<Journal> j;
          Game g;
          if (!open(&j).is_ok() || !load_game(*j, id, 0, &g).is_ok()) return false;
          if (g.state.seq >= watch->next) {
            std::vector<LoggedEvent> events;
            if (!GameLog(*j, g).read_all(1, 0, &events).is_ok()) return false;
            mark_voided(&events);
            for (const LoggedEvent& r : events) {
              if (r.seq < watch->next) continue;
              const std::string line = "data: " + logged_json(g, r).dump() + "\n\n";
              if (!sink.write(line.data(), line.size())) return false;
              watch->next = r.seq + 1;
            }
            watch->quiet_since = std::chrono::steady_clock::now();
            return true;
          }
          if (std::chrono::steady_clock::now() - watch->quiet_since > kStreamKeepAlive) {
            watch->quiet_since = std::chrono::steady_clock::now();
            static const std::string ping = ": still here\n\n";
            return sink.write(ping.data(), ping.size());  // false once the watcher has gone
          }
          std::this_thread::sleep_for(kStreamPoll);
          return sink.is_writable();
        },
        [this](bool) { streams_.fetch_sub(1); });
  }

  CommonOptions o_;
  KeyStore keys_;
  RateLimit limit_;
  httplib::Server http_;
  std::atomic<int> streams_{0};
};

bool split_listen(const std::string& listen, std::string* host, int* port) {
  const std::size_t colon = listen.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == listen.size()) return false;
  *host = listen.substr(0, colon);
  if (host->size() > 2 && host->front() == '[' && host->back() == ']') *host = host->substr(1, host->size() - 2);
  const std::string digits = listen.substr(colon + 1);
  if (digits.size() > 5 || digits.find_first_not_of("0123456789") != std::string::npos) return false;
  *port = std::stoi(digits);
  return *port <= 65535;
}

}  // namespace

int run_serve(const CommonOptions& o, const ServeOptions& so, std::ostream& out, std::ostream& err) {
  std::string host;
  int port = 0;
  if (!split_listen(so.listen, &host, &port)) {
    err << "referee serve: --listen takes HOST:PORT, e.g. 127.0.0.1:8080 (port 0: any free port)\n";
    return kExitUsage;
  }
  if (!(so.rate > 0)) {
    err << "referee serve: --rate takes a number of requests a second above 0\n";
    return kExitUsage;
  }
  {
    // The journal is opened (and created) once here, so a bad --db fails now, not per request.
    std::unique_ptr<Journal> j;
    if (Status s = Journal::open(o.db, &j, false); !s.is_ok()) {
      err << "referee: " << s.message() << "\n";
      return kExitFailure;
    }
  }
  std::string keys_path = so.keys;
  if (keys_path.empty()) keys_path = o.db.find("://") == std::string::npos ? o.db + ".keys" : "deedlog-serve.keys";
  Server server(o, so, keys_path);
  if (Status s = server.prepare(); !s.is_ok()) {
    err << "referee: " << s.message() << "\n";
    return kExitFailure;
  }
  server.routes();
  httplib::Server& http = server.http();
  const int bound = port == 0 ? http.bind_to_any_port(host) : (http.bind_to_port(host, port) ? port : -1);
  if (bound < 0) {
    err << fmt::format("referee serve: cannot listen on {}\n", so.listen);
    return kExitFailure;
  }
  // SIGINT and SIGTERM stop the server from a thread of its own: stop() is no signal handler's work.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  ::signal(SIGPIPE, SIG_IGN);  // a watcher that hangs up is a failed write, not the end of the server
  std::thread stopper([&] {
    int sig = 0;
    sigwait(&stop_signals, &sig);
    http.stop();
  });
  out << fmt::format("listening on http://{}:{}\n", host.find(':') == std::string::npos ? host : "[" + host + "]", bound);
  out.flush();
  const bool served = http.listen_after_bind();
  if (stopper.joinable()) {
    // Ended otherwise than by a signal: wake the stopper thread so it can be joined.
    if (!served) pthread_kill(stopper.native_handle(), SIGTERM);
    stopper.join();
  }
  return served ? kExitOk : kExitFailure;
}

}  // namespace deedlog
