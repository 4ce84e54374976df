#include "serve/serve_table.h"

#include <fmt/format.h>
#include <httplib.h>

#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "commands/command_outcome.h"
#include "commands/table_lines.h"
#include "core/exit_code.h"
#include "present/trade_price_words.h"
#include "deedlog/ruleset_catalog.h"
#include "service/game.h"

namespace deedlog {

const bool kServerTableBuilt = true;

namespace {

using json = nlohmann::json;

// The server's address split as the HTTP client takes it: "http://HOST:PORT" and nothing after
// but a "/". False for anything else (a path would be sent nowhere, so it is refused, not dropped).
bool server_address(const std::string& url, std::string* scheme_host_port) {
  std::string rest;
  for (const char* scheme : {"http://", "https://"})
    if (url.rfind(scheme, 0) == 0) rest = url.substr(std::string(scheme).size());
  if (rest.empty()) return false;
  if (rest.back() == '/') rest.pop_back();
  if (rest.empty() || rest.find_first_of("/?#@ ") != std::string::npos) return false;
  *scheme_host_port = url.substr(0, url.size() - (url.back() == '/' ? 1 : 0));
  return true;
}

// A session's connection to the judge's server and what it knows of the game.
class ServerTable {
 public:
  ServerTable(const CommonOptions& o, const ServerTableOptions& t, const std::string& address, std::ostream& out,
              std::ostream& err)
      : o_(o), url_(t.server), key_(t.key), game_(*o.game), http_(address), out_(out), err_(err) {
    // A table waits on a loaded server rather than give up: the server's own limits end a
    // request that hangs (docs/serve.md, "Limits").
    http_.set_connection_timeout(10, 0);
    http_.set_read_timeout(60, 0);
    http_.set_write_timeout(10, 0);
  }

  // Reads the game now (the position, whose turn, the seq the next move is sent at): false when
  // the server cannot say (said on err).
  bool read_game() {
    const httplib::Result r = http_.Get(path("").c_str(), auth());
    if (!r || r->status != 200) return failed(r, "cannot read game");
    const json doc = json::parse(r->body, nullptr, false);
    if (!doc.is_object() || !doc.contains("seq") || !doc.contains("turn")) {
      err_ << "referee table: the server at " << url_ << " did not answer as referee serve does\n";
      return false;
    }
    seq_ = doc["seq"].get<std::int64_t>();
    head_ = doc.value("head", std::string());
    view_.now = doc["turn"].value("words", std::string());
    view_.players.clear();
    const json players = doc.value("players", json::array());
    for (const json& p : players)
      if (p.is_object()) view_.players.push_back(p.value("name", std::string()));
    const std::string edition = doc.value("ruleset", std::string());
    // A built-in edition completes its squares' names; the server's own edition file (serve
    // --ruleset-file) is not the table's to read, so nothing is completed then.
    if (edition != edition_) {
      edition_ = edition;
      view_.ruleset = load_ruleset(edition, &ruleset_).is_ok() ? &ruleset_ : nullptr;
    }
    return true;
  }

  const TableView& view() const { return view_; }
  std::string greeting() const {
    return fmt::format("Game {} ({}) at {}: a move a line; ? lists the legal moves, :price OFFER prices a trade, undo "
                       "asks the referee to take back the last, quit ends.\n",
                       game_, edition_, url_);
  }

  // One line of the session, as commands/table_session.cpp answers it at the journal.
  bool answer(const std::string& line, int* code) {
    if (ends_session(line)) return false;
    if (asks_legal_moves(line)) return legal_moves(code);
    if (const std::optional<std::string> offer = price_asked(line)) return price(*offer, code);
    return play(move_of_line(line), code);
  }

 private:
  std::string path(const std::string& tail) const { return fmt::format("/api/games/{}{}", game_, tail); }
  httplib::Headers auth() const { return {{"Authorization", "Bearer " + key_}}; }

  // The server's words for a failed request: its {"error"} when it answered, else why no answer.
  static std::string words_of(const httplib::Result& r) {
    if (!r) return "no answer (" + httplib::to_string(r.error()) + ")";
    const json doc = json::parse(r->body, nullptr, false);
    if (doc.is_object() && doc.contains("error") && doc["error"].is_string()) return doc["error"].get<std::string>();
    return fmt::format("HTTP {}", r->status);
  }

  // Ends the session: the server cannot go on with it (said already).
  static bool stop(int* code) {
    *code = kExitFailure;
    return false;
  }

  bool failed(const httplib::Result& r, const std::string& what) {
    std::string why = words_of(r);
    if (r && r->status == 401) why += " (the key given does not open this game)";
    if (r && r->status == 403) why += " (the key given is another table's)";
    err_ << "referee table: " << what << " " << game_ << " at " << url_ << ": " << why << "\n";
    if (o_.json) out_ << error_json(what + ": " + why, std::nullopt) << std::flush;
    return false;
  }

  bool legal_moves(int* code) {
    if (!read_game()) return stop(code);
    const httplib::Result r = http_.Get(path("/moves").c_str(), auth());
    if (!r || r->status != 200) {
      failed(r, "cannot read the legal moves of game");
      return stop(code);
    }
    const json doc = json::parse(r->body, nullptr, false);
    if (o_.json) {
      out_ << doc.dump() << "\n" << std::flush;
      return true;
    }
    // As `referee moves` says them: each move, and what a form leaves to fill in.
    out_ << "Now: " << view_.now << "\n";
    for (const json& m : doc.value("moves", json::array())) {
      std::string fill;
      for (const json& f : doc.value("forms", json::array()))
        if (f.value("move", std::string()) == m.get<std::string>()) fill = "   (" + f.value("fill", std::string()) + ")";
      out_ << "  " << m.get<std::string>() << fill << "\n";
    }
    for (const json& f : doc.value("forms", json::array()))
      if (!f.contains("player")) out_ << "  " << f.value("move", std::string()) << "   (" << f.value("fill", std::string()) << ")\n";
    out_ << std::flush;
    return true;
  }

  // The ruling of an accepted or refused move, as `referee play` words it (or its JSON).
  void show_ruling(const json& doc, bool accepted) {
    if (o_.json) {
      out_ << doc.dump() << "\n" << std::flush;
      return;
    }
    const json events = doc.value("events", json::array());
    if (!events.empty()) {
      out_ << "Accepted:\n";
      for (const json& e : events)
        if (e.value("type", std::string()) != "MovePlayed")
          out_ << fmt::format("  {:>5}  {}\n", e.value("seq", std::int64_t{0}), e.value("words", std::string()));
    }
    if (!accepted) {
      const json v = doc.value("violation", json::object());
      out_ << fmt::format("Refused: {}\n  rule {} (rule book section {})\n", v.value("message", std::string()),
                          v.value("rule", std::string()), v.value("section", std::string()));
    } else {
      out_ << "Now: " << view_.now << "\n"
           << fmt::format("Head: event {}, hash {}\n", seq_, head_.substr(0, kShortHash));
    }
    out_ << std::flush;
  }

  // A refusal by the server that is not a ruling (the key's rights, a stale position, the
  // server busy): said, nothing recorded, the session goes on. Under --json, the server's
  // {"error"} with the status.
  void not_recorded(const httplib::Result& r, const std::string& why) {
    if (o_.json) {
      json doc = json::parse(r->body, nullptr, false);
      if (!doc.is_object()) doc = json{{"error", words_of(r)}};
      doc["status"] = r->status;
      out_ << doc.dump() << "\n" << std::flush;
      return;
    }
    out_ << "Not recorded: " << why << "\n" << std::flush;
  }

  httplib::Result post(const std::string& route, const json& body) {
    return http_.Post(path(route).c_str(), auth(), body.dump(), "application/json");
  }

  // 400: the line does not parse. Said as at the journal, and the session reads the next line.
  void bad_line(const httplib::Result& r) {
    const std::string why = words_of(r);
    err_ << "referee: " << why << "\n";
    if (o_.json) out_ << error_json(why, std::nullopt) << std::flush;
  }

  // The price of a trade at the game's head, as the server works it out (POST /api/games/ID/price),
  // in the words of `referee table` at the journal. Nothing is recorded, whatever the answer.
  bool price(const std::string& offer, int* code) {
    const httplib::Result r = post("/price", json{{"offer", offer}});
    if (!r) {
      failed(r, "cannot ask the price of a trade in game");
      return stop(code);
    }
    const json doc = json::parse(r->body, nullptr, false);
    switch (r->status) {
      case 200:
      case 422:
        // A body that is no price (a proxy's page in front of the server) is no answer: the
        // table goes on, nothing recorded, rather than ending on the words it cannot read.
        if (!doc.is_object()) {
          not_recorded(r, "no price: the server's answer is not a price");
          return true;
        }
        if (o_.json) {
          out_ << doc.dump() << "\n";
        } else {
          try {
            out_ << trade_price_text(doc, view_.ruleset);
          } catch (const json::exception&) {
            not_recorded(r, "no price: the server's answer is not a price");
            return true;
          }
        }
        out_ << std::flush;
        return true;
      case 400:
        bad_line(r);
        return true;
      case 403:
      case 429:
      case 503:
        not_recorded(r, "no price: " + words_of(r));
        return true;
      default:
        failed(r, "the price was not given by game");
        return stop(code);
    }
  }

  bool play(const std::string& move, int* code) {
    // Sent with the seq the table saw: a move typed at a position the game has left (the judge
    // wrote in between) is refused 409 rather than ruled at a position nobody looked at.
    const httplib::Result r = post("/moves", json{{"move", move}, {"expect_seq", seq_}});
    if (!r) {
      failed(r, "cannot send the move to game");
      return stop(code);
    }
    const json doc = json::parse(r->body, nullptr, false);
    switch (r->status) {
      case 200:
      case 422:
        if (r->status == 200 && !read_game()) return stop(code);
        show_ruling(doc, r->status == 200);
        return true;
      case 400:
        bad_line(r);
        return true;
      case 403:
        not_recorded(r, words_of(r) + " (a take-back, an award or calling time is the judge's: ask the judge)");
        return true;
      case 409:
        if (!read_game()) return stop(code);
        not_recorded(r, fmt::format("the game moved on since it was shown (it is at event {}); look again: {}", seq_,
                                    view_.now));
        return true;
      case 429:
      case 503:
        not_recorded(r, words_of(r) + "; nothing was written: type the move again");
        return true;
      case 504:  // the outcome is unknown: the game read again says whether the move was kept
        if (!read_game()) return stop(code);
        not_recorded(r, fmt::format("{}; the game is now at event {}: ? shows where it stands", words_of(r), seq_));
        return true;
      default:
        failed(r, "the move was not taken by game");
        return stop(code);
    }
  }

  const CommonOptions& o_;
  std::string url_, key_;
  std::int64_t game_;
  httplib::Client http_;
  std::ostream& out_;
  std::ostream& err_;
  std::int64_t seq_ = 0;
  std::string head_, edition_;
  Ruleset ruleset_;
  TableView view_;
};

}  // namespace

int run_server_table(const CommonOptions& o, const ServerTableOptions& t, std::istream& in, std::ostream& out,
                     std::ostream& err) {
  std::string address;
  if (!server_address(t.server, &address)) {
    err << "referee table: --server takes the judge's server as http://HOST:PORT (or https://), not '" << t.server
        << "'\n";
    return kExitUsage;
  }
  ServerTable table(o, t, address, out, err);
  if (!table.read_game()) return kExitFailure;
  return table_lines(
      in, out, table.greeting(), table.view(), [&](const std::string& line, int* code) { return table.answer(line, code); },
      [&](TableView* view, int* code) {
        if (!table.read_game()) {
          *code = kExitFailure;
          return false;
        }
        *view = table.view();
        return true;
      });
}

}  // namespace deedlog
