#include "serve/serve_command.h"

#include <fmt/format.h>
#include <httplib.h>
#include <pthread.h>
#include <signal.h>

#include <atomic>
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

#include "analysis/analysis.h"
#include "commands/engine_session.h"
#include "commands/move_stamp.h"
#include "serve/serve_body.h"
#include "serve/serve_clock.h"
#include "serve/serve_keys.h"
#include "serve/serve_listing.h"
#include "serve/serve_price.h"
#include "serve/serve_reply.h"
#include "serve/serve_tournament.h"
#include "serve/serve_wakeups.h"
#include "core/exit_code.h"
#include "deedlog/game_file.h"
#include "deedlog/legal_moves.h"
#include "journal/journal.h"
#include "journal/postgres_uri.h"  // without_password
#include "present/analysis_words.h"
#include "present/game_json.h"
#include "present/narration.h"
#include "present/refusal_words.h"
#include "present/tournament_json.h"
#include "service/agreed_hour.h"
#include "service/game_log.h"
#include "service/game_session.h"
#include "service/kept_analysis.h"

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
// A stream is woken by a write through this server, or (on PostgreSQL) by the database's
// notification of a write through any process; it also looks this often unwoken, for the writes
// nothing announces (another process on an SQLite journal). And how long it stays quiet before a
// comment line (which also finds a watcher that has gone).
constexpr auto kStreamPoll = std::chrono::milliseconds(1000);
constexpr auto kStreamKeepAlive = std::chrono::seconds(15);
// The longest game the server analyses in the background (GET .../analysis): with the default 24
// play-outs a position, a match game of 400 moves took 9.9 CPU seconds on one thread (54 s wall on
// the shared 2-core machine), which a stopping server also waits for (docs/serve.md, "Analysis").
constexpr std::int64_t kMaxAnalysedMoves = 400;

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


// The HTTP answer a failed service call gets (docs/serve.md, "The API"): a client's mistake is
// 4xx with the reason; the server's trouble is 5xx and never the details: the database cannot be
// reached now, nothing was written (503, try again); the record is damaged (500); a write whose
// COMMIT was sent but not answered (504: its outcome is unknown, read the game).
int code_of(const Status& s) {
  if (s.is_not_found()) return 404;
  if (s.is_conflict()) return 409;
  if (s.is_outcome_unknown()) return 504;
  if (s.is_io_error()) return 503;
  if (s.is_corrupt()) return 500;
  // The server's own files refused (open to others, or another account's): its trouble, and
  // the details (paths, modes, the chmod to run) are for its log, not for a table.
  if (s.is_not_private() || s.is_permission_denied()) return 500;
  return 400;
}

// Journal connections kept between requests: opening one per request cost a new PostgreSQL
// backend (or an SQLite open and its schema check) three times a move. A request borrows one and
// gives it back when done; a journal holds no cached rows (only prepared statements), so what
// one request read cannot go stale for the next. A borrowed connection that no longer answers
// (the database restarted) is dropped and a new one opened.
class JournalPool {
 public:
  struct GiveBack {
    JournalPool* pool;
    void operator()(Journal* j) const { pool->give_back(j); }
  };
  using Lease = std::unique_ptr<Journal, GiveBack>;

  explicit JournalPool(std::string db) : db_(std::move(db)) {}
  ~JournalPool() {
    for (Journal* j : idle_) delete j;
  }

  Status lend(Lease* out) {
    for (;;) {
      Journal* j = nullptr;
      {
        std::lock_guard<std::mutex> lock(mutex_);
        if (idle_.empty()) break;
        j = idle_.back();
        idle_.pop_back();
      }
      GameRow none;
      if (j->game(0, &none).is_io_error()) {  // game 0 never exists: a cheap question of the connection
        delete j;
        continue;
      }
      *out = Lease(j, GiveBack{this});
      return Status::ok();
    }
    std::unique_ptr<Journal> fresh;
    if (Status s = Journal::open(db_, &fresh, false); !s.is_ok()) return s;
    *out = Lease(fresh.release(), GiveBack{this});
    return Status::ok();
  }

 private:
  // As many idle as requests usually run at once; the rest are closed.
  static constexpr std::size_t kMaxIdle = 16;

  void give_back(Journal* j) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (idle_.size() < kMaxIdle) {
        idle_.push_back(j);
        return;
      }
    }
    delete j;
  }

  std::string db_;
  std::mutex mutex_;
  std::vector<Journal*> idle_;
};

class Server {
 public:
  Server(const CommonOptions& o, const ServeOptions& so)
      : o_(o), so_keys_(so.keys), journals_(o.db), limit_(so.rate), analysis_games_(so.analysis_games),
        price_games_(so.price_games) {
    // The names of the server's files a message may hold, each as given and absolute, longest
    // first (an absolute path holds the relative one), with the words said instead: a client is
    // never told where the journal, its keys or the server's edition file are kept.
    auto hide = [this](const std::string& name, const char* instead, bool is_file) {
      if (name.empty()) return;
      private_names_.emplace_back(name, instead);
      std::error_code ec;
      const std::filesystem::path full = is_file ? std::filesystem::absolute(name, ec) : std::filesystem::path();
      if (is_file && !ec) private_names_.emplace_back(full.string(), instead);
    };
    const bool on_postgres = is_postgres_uri(o.db);
    hide(o.db, "the journal", !on_postgres);
    hide(without_password(o.db), "the journal", false);
    hide(so.keys.empty() ? (on_postgres ? std::string() : o.db + ".keys") : so.keys, "the keys", true);
    hide(o.ruleset_file, "the server's edition", true);
    std::sort(private_names_.begin(), private_names_.end(),
              [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
  }

  // The stores of keys and of kept analyses, chosen by the journal (the keys' by the --keys file
  // when one is given); the keys' read or made before the server listens.
  Status prepare(const Journal& journal) {
    kept_analyses_ = journal.open_analysis_store();
    keys_ = open_serve_keys(journal, so_keys_);
    return keys_->load();
  }

  Wakeups& wakeups() { return wakeups_; }

  // The tournament clock (serve_clock.h): warnings to the tables, and time called where the
  // event says so; what it cannot read is said on err.
  void start_clock(std::ostream& err) {
    clock_ = std::make_unique<ServerClock>(
        [this](const std::function<void(Journal&)>& then) {
          JournalPool::Lease j;
          if (Status s = open(&j); !s.is_ok()) return s;
          then(*j);
          return Status::ok();
        },
        &clock_warnings_, [this](std::int64_t game) { wakeups_.notify(game); },
        [&err](const std::string& problem) { err << "referee serve: the tournament clock: " << problem << std::endl; });
  }
  void stop_clock() { clock_.reset(); }

  httplib::Server& http() { return http_; }

  void routes() {
    http_.set_payload_max_length(kMaxBody);
    // An answer's headers and body are separate writes: with Nagle's algorithm the body waited for
    // the client's delayed ACK of the headers, 40 ms or more on every answer (serve_load measured
    // about 110 ms a move with one client on an idle journal; docs/scaling.md).
    http_.set_tcp_nodelay(true);
    // The library closes a kept-alive connection after 5 requests by default: a client making
    // a move (three requests) reconnected every other move, and each new connection knocks on
    // an accept queue of 5 (the library's), which a busy machine overflows (serve_load lost a
    // request now and then under 16 clients).
    http_.set_keep_alive_max_count(1000);
    // A request must come whole: each read of it waits 5 s at most, an idle kept-alive connection
    // is closed after 5 s, an answer's write waits 5 s for a client that does not read. These
    // alone do not stop a client that sends a byte every 2 s from holding a thread, nor thousands
    // of idle connections from holding all of them: the documented deployment puts a front that
    // does (nginx, deploy/nginx/deedlog-serve.conf; docs/serve.md) before the server.
    http_.set_read_timeout(5, 0);
    http_.set_write_timeout(5, 0);
    http_.set_keep_alive_timeout(5);
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
    add_post_route(http_, "/api/games", [this](const httplib::Request& req, httplib::Response& res) { create(req, res); });
    // What the routes kept in other files are given: a journal lent from the pool for the one
    // request, and this server's answer to a failure.
    const LendJournal lend = [this](const std::function<void(Journal&)>& then) {
      JournalPool::Lease j;
      if (Status s = open(&j); !s.is_ok()) return s;
      then(*j);
      return Status::ok();
    };
    const SendFailure fail = [this](httplib::Response& res, const Status& s) { send_failure(res, s); };
    // The tournament's routes (serve_tournament.h); the games' own routes below ask may_read.
    add_tournament_routes(http_, lend, fail, [](const httplib::Request& req) { return bearer(req); },
                          [this](std::int64_t game) { wakeups_.notify(game); });
    add_listing_routes(http_, lend, fail,
                       [this](Journal& j, const Game& g, const httplib::Request& req, httplib::Response& res) {
                         return may_read(j, g, req, res);
                       });
    // The price of a trade (serve_price.h): computed one at a time, refused at a tournament's tables.
    TradePriceOptions price;
    price.games = price_games_;
    add_price_routes(
        http_, lend, fail, [this](std::int64_t game, const std::string& key) { return keys_->check(game, key); },
        [](const httplib::Request& req) { return bearer(req); }, price, &prices_);
    http_.Get(R"(/api/games/(\d+))", [this](const httplib::Request& req, httplib::Response& res) {
      with_readable_game(req, res, [&](Journal& j, Game& g) {
        RecordedRulings rulings;
        if (Status s = recorded_rulings(j, g, &rulings); !s.is_ok()) return send_failure(res, s);
        AgreedHour hour;
        if (Status s = agreed_hour_of(j, g, &hour); !s.is_ok()) return send_failure(res, s);
        send_json(res, 200, status_json(g, rulings, hour));
      });
    });
    http_.Get(R"(/api/games/(\d+)/moves)", [this](const httplib::Request& req, httplib::Response& res) {
      with_readable_game(req, res, [&](Journal& j, Game& g) {
        std::vector<LegalMove> moves = legal_moves(g.ruleset, g.state, kNoTime);
        // A key is offered only the moves it may make (docs/serve.md): a table's key, or any key
        // not known as the referee's, the players' moves; the referee's key, and the Head Judge's
        // at a tournament's table, every move. Without a key the list is the game's, to watch.
        const std::string key = bearer(req);
        if (!key.empty()) {
          KeyRole role = KeyRole::None;
          if (Status s = key_role(j, g, key, &role); !s.is_ok()) return send_failure(res, s);
          if (role != KeyRole::Referee)
            std::erase_if(moves, [](const LegalMove& m) { return m.command.actor == kReferee; });
        }
        send_json(res, 200, moves_json(g, moves));
      });
    });
    http_.Get(R"(/api/games/(\d+)/board)", [this](const httplib::Request& req, httplib::Response& res) {
      with_readable_game(req, res, [&](Journal& j, Game& g) {
        std::string svg;
        const Status s = serve_board(j, g.id, req.has_param("at") ? req.get_param_value("at") : "", &svg);
        if (!s.is_ok()) return send_failure(res, s);
        res.set_content(svg, "image/svg+xml");
      });
    });
    http_.Get(R"(/api/games/(\d+)/events)", [this](const httplib::Request& req, httplib::Response& res) {
      std::int64_t from = 1;
      if (!seq_param(req, res, &from)) return;
      with_readable_game(req, res, [&](Journal& j, Game& g) { send_events(j, g, from, res); });
    });
    http_.Get(R"(/api/games/(\d+)/stream)", [this](const httplib::Request& req, httplib::Response& res) {
      stream(req, res);
    });
    add_post_route(http_, R"(/api/games/(\d+)/moves)", [this](const httplib::Request& req, httplib::Response& res) {
      play(req, res);
    });
    http_.Get(R"(/api/games/(\d+)/analysis)", [this](const httplib::Request& req, httplib::Response& res) {
      with_readable_game(req, res, [&](Journal&, Game& g) { analysis(g, res); });
    });
  }

  // The analysis computed in the background is waited for: a stopping server finishes it (its
  // budget keeps that short) rather than leave a thread reading the journal.
  ~Server() {
    if (analysis_thread_.joinable()) analysis_thread_.join();
  }

 private:
  Status open(JournalPool::Lease* j) { return journals_.lend(j); }

  // The words a client is given for s: a 4xx's reason with the server's file names taken out;
  // for a 5xx, only what kind of trouble it is (the details go to the server's standard error).
  std::string public_words(const Status& s) const {
    if (s.is_not_private() || s.is_permission_denied())
      return "the server will not use its files for a sealed game while others may read them (the server's log says "
             "why); nothing was written";
    switch (code_of(s)) {
      case 503: return "the journal cannot be reached just now; nothing was written; try again";
      case 504:
        return "the journal's answer to this write was lost: the outcome is unknown; read the game to learn whether "
               "it was kept (a retry with expect_seq is refused as a conflict if it was)";
      case 500: return "the journal's record cannot be read (the server's log says why; referee verify says more)";
      default: break;
    }
    std::string words = s.message();
    for (const auto& [name, instead] : private_names_)
      for (std::size_t at = words.find(name); at != std::string::npos; at = words.find(name, at + instead.size()))
        words.replace(at, name.size(), instead);
    return words;
  }

  // A failed call's answer (code_of); a 5xx is logged whole, and tells the client when to ask again.
  void send_failure(httplib::Response& res, const Status& s, ojson extra = ojson::object()) const {
    const int code = code_of(s);
    if (code >= 500) {
      std::cerr << fmt::format("referee serve: {} ({})\n", s.message(), code);
      if (code == 503) {
        res.set_header("Retry-After", "1");
        extra["unavailable"] = true;
      }
      if (code == 504) extra["outcome_unknown"] = true;
    }
    ojson doc{{"error", public_words(s)}};
    doc.update(extra);
    send_json(res, code, doc);
  }

  // The game the path names, loaded whole; a 404 when the journal has no such game.
  template <class F>
  void with_game(const httplib::Request& req, httplib::Response& res, F&& then) {
    const std::int64_t id = path_number(req);
    if (id <= 0) return send_error(res, 404, "no such game");
    JournalPool::Lease j;
    if (Status s = open(&j); !s.is_ok()) return send_failure(res, s);
    Game g;
    if (Status s = load_game(*j, id, 0, &g); !s.is_ok()) return send_failure(res, s);
    g.snapshot_every = o_.snapshot_every;
    then(*j, g);
  }

  // A game of a duplicate round still in play is read only with its table's key or the Head
  // Judge's (docs/serve.md, "Tournaments"): false when the request may not read g, answered then
  // (401 without a key, 403 with another's). Every other game is open to anyone.
  bool may_read(Journal& j, const Game& g, const httplib::Request& req, httplib::Response& res) {
    TournamentSeat seat;
    if (Status s = find_tournament_seat(j, g, &seat); !s.is_ok()) {
      send_failure(res, s);
      return false;
    }
    if (!seat.found || !seat.hidden) return true;
    const std::string key = bearer(req);
    if (tournament_key_role(seat, g.id, key) != KeyRole::None) return true;
    if (key.empty()) {
      send_error(res, 401, fmt::format("game {} is at a table of a duplicate round still in play: it is shown to its table "
                                       "and the Head Judge only, until the round ends (Authorization: Bearer KEY)", g.id));
    } else {
      send_error(res, 403, fmt::format("game {} is at a table of a duplicate round still in play: this key does not open it "
                                       "until the round ends", g.id));
    }
    return false;
  }

  // Whom key speaks for at game g: the game's own keys first; at a tournament's table, its
  // table's key plays it and the Head Judge's key is its referee.
  Status key_role(Journal& j, const Game& g, const std::string& key, KeyRole* role) {
    *role = keys_->check(g.id, key);
    if (*role != KeyRole::None) return Status::ok();
    TournamentSeat seat;
    if (Status s = find_tournament_seat(j, g, &seat); !s.is_ok()) return s;
    *role = tournament_key_role(seat, g.id, key);
    return Status::ok();
  }

  template <class F>
  void with_readable_game(const httplib::Request& req, httplib::Response& res, F&& then) {
    with_game(req, res, [&](Journal& j, Game& g) {
      if (may_read(j, g, req, res)) then(j, g);
    });
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
  void send_events(Journal& j, const Game& g, std::int64_t from, httplib::Response& res) const {
    std::vector<LoggedEvent> events;
    if (Status s = GameLog(j, g).read_all(1, 0, &events); !s.is_ok()) return send_failure(res, s);
    mark_voided(&events);
    ojson all = ojson::array();
    // Said in turn from the first event, as `log` says them, so an offer's end is its maker's
    // withdrawal or the other's refusal.
    EventNarrator narrator(g.ruleset, g.header.players);
    for (const LoggedEvent& r : events) {
      std::string words = narrator(r.event);
      if (r.seq >= from) all.push_back(logged_json(g, r, std::move(words)));
    }
    send_json(res, 200, ojson{{"game", g.id}, {"events", all}});
  }

  static ojson logged_json(const Game& g, const LoggedEvent& r, std::string words) {
    ojson e = event_json(g, r);
    e["words"] = std::move(words);
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
    // new_game_header's fields (engine_session.h): no setup here, nor anything else.
    ojson body;
    if (!read_body(req, res,
                   {{"ruleset", FieldType::String}, {"players", FieldType::StringList}, {"variant", FieldType::StringList},
                    {"house_rules", FieldType::StringList}, {"seed", FieldType::Seed}},
                   "a new game", &body))
      return;
    GameHeader header;
    Ruleset edition;
    if (Status s = new_game_header(body, o_.ruleset_file, &header, &edition); !s.is_ok()) return send_error(res, 400, public_words(s));
    JournalPool::Lease j;
    if (Status s = open(&j); !s.is_ok()) return send_failure(res, s);
    std::int64_t id = 0;
    std::optional<Violation> refused;
    if (Status s = create_game(*j, header, std::nullopt, &id, &refused); !s.is_ok())
      return send_failure(res, s);
    if (refused) {  // no setup is taken here, so the opening cannot break a rule; said if it ever does
      const Ruling words = ruling_of(edition, *refused, header.players);
      return send_json(res, 422, ojson{{"error", words.message}, {"violation", violation_json(words)}});
    }
    GameKeys keys;
    if (Status s = keys_->add(id, &keys); !s.is_ok()) return send_failure(res, s);
    send_json(res, 201, ojson{{"game", id}, {"key", keys.referee}, {"table_key", keys.table}});
  }

  void play(const httplib::Request& req, httplib::Response& res) {
    with_game(req, res, [&](Journal& j, Game& g) {
      KeyRole role = KeyRole::None;
      if (Status s = key_role(j, g, bearer(req), &role); !s.is_ok()) return send_failure(res, s);
      // The keys could not be read (no database takes writes, during a failover): the server's
      // trouble, not the key's.
      if (role == KeyRole::Unreadable)
        return send_failure(res, Status::io_error(fmt::format("the keys of game {} cannot be read", g.id)));
      if (role == KeyRole::None) return send_error(res, 401, "writing needs the game's key: Authorization: Bearer KEY");
      // No dry run here (docs/serve.md): a "dry_run", or an "expect_sequence" misspelt, is refused,
      // never ignored and the move recorded.
      ojson body;
      if (!read_body(req, res, {{"move", FieldType::String}, {"expect_seq", FieldType::Integer}}, "a move", &body)) return;
      if (!body.contains("move")) return send_json(res, 400, ojson{{"error", "\"move\" is a string"}, {"field", "move"}});
      if (body.contains("expect_seq")) {
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
      // A game with a time limit is ruled by the hour its moves were made (docs/time-rules.md):
      // a move that comes to the server is stamped with the clock, as `play` and `table` do.
      if (!parse_move(body["move"].get<std::string>(), g.ruleset, g.header.players, &command, &perr))
        return send_error(res, 400, perr.message);
      stamp_as_it_comes(g, &command);
      // The referee's own moves (take-backs, awards, calling time) need the referee's key: a
      // table scores its game but cannot correct it.
      if (command.actor == kReferee && role != KeyRole::Referee)
        return send_error(res, 403, "the referee's moves (take-backs, awards, calling time, deals) need the referee's key, "
                                    "not the table's");
      const std::int64_t decided_at = g.state.seq;
      PlayOutcome po;
      if (Status s = play_move(j, g, command, false, &po); !s.is_ok()) {
        if (s.is_conflict()) return send_json(res, 409, ojson{{"error", "conflict: " + public_words(s)}, {"conflict", true}});
        // The seq this move was decided at: a retry with it is safe (docs/serve.md, "Unknown outcomes").
        if (s.is_outcome_unknown()) return send_failure(res, s, ojson{{"game", g.id}, {"expect_seq", decided_at}});
        return send_failure(res, s);
      }
      if (po.decision.accepted) wakeups_.notify(g.id);
      send_json(res, po.decision.accepted ? 200 : 422, play_json(g, po, false));
    });
  }

  // Server-sent events: each event recorded from `from` on (default: the next one), as
  // `data: <event JSON>` and a blank line. Waits for a wakeup (a write through this server, or a
  // notification from the database) or the slow poll, whichever comes first.
  void stream(const httplib::Request& req, httplib::Response& res) {
    std::int64_t from = 0;
    if (!seq_param(req, res, &from)) return;
    std::int64_t id = 0;
    with_readable_game(req, res, [&](Journal&, Game& g) {
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
      std::uint64_t clock_seen = 0;  // the clock's last warning sent (serve_clock.h)
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
          // The tournament clock's warning, a named event of its own (a page that reads only the
          // journal's events passes it by): the one standing when the stream opens, then each new.
          if (const std::uint64_t clock = clock_warnings_.generation(id); clock != watch->clock_seen) {
            watch->clock_seen = clock;
            if (const std::optional<ClockWarning> w = clock_warnings_.current(id)) {
              const std::string line = "event: clock\ndata: " + clock_warning_json(*w).dump() + "\n\n";
              return sink.write(line.data(), line.size());
            }
          }
          // Taken before the journal is read: a write that lands after the read changes it, so
          // the wait below cannot sleep through that write.
          const std::uint64_t seen = wakeups_.generation(id);
          JournalPool::Lease j;
          Game g;
          if (!open(&j).is_ok() || !load_game(*j, id, 0, &g).is_ok()) return false;
          if (g.state.seq >= watch->next) {
            std::vector<LoggedEvent> events;
            if (!GameLog(*j, g).read_all(1, 0, &events).is_ok()) return false;
            mark_voided(&events);
            EventNarrator narrator(g.ruleset, g.header.players);  // from the first event, as above
            for (const LoggedEvent& r : events) {
              std::string words = narrator(r.event);
              if (r.seq < watch->next) continue;
              const std::string line = "data: " + logged_json(g, r, std::move(words)).dump() + "\n\n";
              if (!sink.write(line.data(), line.size())) return false;
              watch->next = r.seq + 1;
            }
            watch->quiet_since = std::chrono::steady_clock::now();
            return true;
          }
          j.reset();  // not held while waiting: a quiet watcher keeps no connection to the journal
          if (std::chrono::steady_clock::now() - watch->quiet_since > kStreamKeepAlive) {
            watch->quiet_since = std::chrono::steady_clock::now();
            static const std::string ping = ": still here\n\n";
            return sink.write(ping.data(), ping.size());  // false once the watcher has gone
          }
          wakeups_.wait(id, seen, kStreamPoll);
          return sink.is_writable();
        },
        [this](bool) { streams_.fetch_sub(1); });
  }

  // GET /api/games/ID/analysis (docs/serve.md, "Analysis"): the analysis of the game at its head,
  // kept (in the journal's store, or in this server's memory) or computed in the background.
  // One is computed at a time, on one thread, with analysis_games_ play-outs a position, so that
  // asking cannot tie the server up: a request while another game's is computed is told to wait.
  void analysis(const Game& g, httplib::Response& res) {
    const std::string head = g.head_hash;
    {
      std::lock_guard<std::mutex> lock(analysis_mutex_);
      const auto it = analyses_.find(g.id);
      if (it != analyses_.end() && it->second.head == head) {
        if (!it->second.error.empty()) return send_json(res, 500, ojson{{"error", it->second.error}, {"game", g.id}});
        res.set_content(it->second.document, "application/json");
        return;
      }
    }
    nlohmann::json kept;
    if (find_kept_analysis(*kept_analyses_, g.id, head, &kept).is_ok()) {
      res.set_content(kept.dump(), "application/json");
      return;
    }
    if (analysis_games_ <= 0)
      return send_error(res, 404, "no analysis is kept for this game at its head (referee analyse keeps one), "
                                  "and this server computes none");
    if (g.state.moves_played > kMaxAnalysedMoves)
      return send_json(res, 404, ojson{{"error", fmt::format("no analysis is kept for this game at its head, and the server works "
                                                             "one out only for games of {} moves or fewer (referee analyse "
                                                             "keeps one for any game)",
                                                             kMaxAnalysedMoves)},
                                       {"too_long", true}});
    std::lock_guard<std::mutex> lock(analysis_mutex_);
    if (analysing_) {
      const bool same = analysing_->first == g.id && analysing_->second == head;
      res.set_header("Retry-After", "5");
      return send_json(res, 202, ojson{{"game", g.id}, {"head", head}, {"state", same ? "computing" : "waiting"},
                                       {"games", analysis_games_}});
    }
    if (analysis_thread_.joinable()) analysis_thread_.join();  // the last one, finished
    analysing_ = std::make_pair(g.id, head);
    const std::int64_t id = g.id, to = g.state.seq;
    analysis_thread_ = std::thread([this, id, to, head] { compute_analysis(id, to, head); });
    res.set_header("Retry-After", "5");
    send_json(res, 202, ojson{{"game", g.id}, {"head", head}, {"state", "computing"}, {"games", analysis_games_}});
  }

  void compute_analysis(std::int64_t id, std::int64_t to, const std::string& head) {
    KeptInMemory result;
    result.head = head;
    std::unique_ptr<Journal> j;
    Status s = Journal::open(o_.db, &j, true);
    Analysis a;
    if (s.is_ok()) {
      AnalysisOptions ao;
      ao.games = analysis_games_;
      ao.threads = 1;
      ao.to = to;
      s = analyse_game(*j, id, ao, &a);
    }
    if (s.is_ok()) {
      nlohmann::ordered_json doc = analysis_json(a);
      doc["head"] = head;
      result.document = doc.dump();
      const Status kept = keep_analysis(*kept_analyses_, id, nlohmann::json::parse(result.document));
      if (!kept.is_ok())
        std::cerr << fmt::format("referee serve: the analysis of game {} is not kept: {}\n", id, kept.message());
    } else {
      std::cerr << fmt::format("referee serve: the analysis of game {} failed: {}\n", id, s.message());
      result.error = "the analysis failed (the server's log says why)";
    }
    std::lock_guard<std::mutex> lock(analysis_mutex_);
    analyses_[id] = std::move(result);
    analysing_.reset();
  }

  struct KeptInMemory {
    std::string head;
    std::string document;  // the JSON text, as served
    std::string error;     // the analysis failed: said instead
  };

  CommonOptions o_;
  std::string so_keys_;  // --keys: the file of keys, "" for the journal's own store
  std::vector<std::pair<std::string, std::string>> private_names_;  // a name, and the words said instead
  JournalPool journals_;
  std::unique_ptr<ServeKeys> keys_;
  std::unique_ptr<AnalysisStore> kept_analyses_;  // the journal's (journal/analysis_store.h)
  Wakeups wakeups_;
  ClockWarnings clock_warnings_;
  std::unique_ptr<ServerClock> clock_;  // last: stopped before what it uses
  RateLimit limit_;
  httplib::Server http_;
  std::atomic<int> streams_{0};
  int analysis_games_ = 0;
  std::mutex analysis_mutex_;
  std::unordered_map<std::int64_t, KeptInMemory> analyses_;          // the games analysed by this server
  std::optional<std::pair<std::int64_t, std::string>> analysing_;   // the game and head being analysed
  std::thread analysis_thread_;
  int price_games_ = 0;
  OneAtATime prices_{kPricesWaiting};  // the price of a trade, one computed at a time
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
  if (so.analysis_games < 0 || so.analysis_games > 10000) {
    err << "referee serve: --analysis-games takes 0 (none computed) to 10000 play-outs a position\n";
    return kExitUsage;
  }
  if (so.price_games < 0 || so.price_games == 1 || so.price_games > 100000) {
    err << "referee serve: --price-games takes 0 (as precise as the price needs) or 2 to 100000 play-outs a position\n";
    return kExitUsage;
  }
  if (!(so.rate > 0)) {
    err << "referee serve: --rate takes a number of requests a second above 0\n";
    return kExitUsage;
  }
  // The journal is opened (and created) once here, so a bad --db fails now, not per request; it
  // gives the server its stores of keys and of appends heard, then is closed.
  std::unique_ptr<Journal> journal;
  if (Status s = Journal::open(o.db, &journal, false); !s.is_ok()) {
    err << "referee: " << s.message() << "\n";
    return kExitFailure;
  }
  Server server(o, so);
  if (Status s = server.prepare(*journal); !s.is_ok()) {
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
  std::atomic<bool> listen_ended{false};
  std::thread stopper([&] {
    int sig = 0;
    sigwait(&stop_signals, &sig);
    // A signal that comes between the line below and the start of the accept loop would find
    // nothing running to stop, and the server would then serve on, deaf to it (a test that
    // stopped its server at once hung so): wait for the loop to run, or for listen to end.
    while (!listen_ended.load() && !http.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    http.stop();
  });
  // Where the journal announces every append (by any server or command: PostgreSQL), one
  // listener hears them; elsewhere the streams poll.
  Wakeups& wakeups = server.wakeups();
  const std::unique_ptr<AppendListener> listener = journal->listen_for_appends(
      AppendHeard{[&wakeups](std::int64_t game) { wakeups.notify(game); }, [&wakeups] { wakeups.notify_every_game(); }});
  journal.reset();
  out << fmt::format("listening on http://{}:{}\n", host.find(':') == std::string::npos ? host : "[" + host + "]", bound);
  out.flush();
  server.start_clock(err);
  const bool served = http.listen_after_bind();
  listen_ended = true;
  server.stop_clock();
  if (stopper.joinable()) {
    // Ended otherwise than by a signal: wake the stopper thread so it can be joined.
    if (!served) pthread_kill(stopper.native_handle(), SIGTERM);
    stopper.join();
  }
  return served ? kExitOk : kExitFailure;
}

}  // namespace deedlog
