#include "commands/engine_session.h"

#include "commands/new_game_edition.h"
#include "commands/request_fields.h"

#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <string>

#include "core/exit_code.h"
#include "deedlog/clock_stamp.h"
#include "deedlog/game_file.h"
#include "deedlog/legal_moves.h"
#include "deedlog/ruleset_catalog.h"
#include "deedlog/valuation.h"
#include "journal/journal.h"
#include "present/game_json.h"
#include "present/narration.h"
#include "present/refusal_words.h"
#include "service/agreed_hour.h"
#include "service/game_log.h"
#include "service/game_session.h"

namespace deedlog {
namespace {

using ojson = nlohmann::ordered_json;

// A request that cannot be answered: its words go back as {"ok": false, "error": ...}.
struct RequestError {
  std::string message;
  bool conflict = false;
};

// A game the session holds: the position kept up to date move by move, and the rulings recorded
// so far (status gives them), so no request reads the journal back.
struct HeldGame {
  Game game;
  RecordedRulings rulings;
};

// "Ann, Ben" or ["Ann", "Ben"]: the header tag's comma-separated text.
std::string list_text(const ojson& v, const char* field) {
  if (v.is_string()) return v.get<std::string>();
  if (!v.is_array()) throw RequestError{fmt::format("\"{}\" is a list of strings or one comma-separated string", field)};
  std::string text;
  for (const auto& item : v) {
    if (!item.is_string()) throw RequestError{fmt::format("\"{}\" is a list of strings", field)};
    text += (text.empty() ? "" : ", ") + item.get<std::string>();
  }
  return text;
}

std::int64_t integer_field(const ojson& req, const char* field) {
  const ojson& v = req.at(field);
  if (!v.is_number_integer()) throw RequestError{fmt::format("\"{}\" is a whole number", field)};
  return v.get<std::int64_t>();
}

// The fields each cmd takes, besides "cmd" and "id" (any JSON value, echoed), each of its type
// (commands/request_fields.h). Checked for every field of a request before anything is done: a
// "dry_run" of "yes" is an error, never a move recorded (nor taken for false).
const std::map<std::string, std::vector<FieldRule>, std::less<>>& request_fields() {
  static const std::map<std::string, std::vector<FieldRule>, std::less<>> fields = {
      {"new",
       {{"ruleset", FieldType::String}, {"players", FieldType::StringList}, {"variant", FieldType::StringList},
        {"house_rules", FieldType::StringList}, {"seed", FieldType::Seed}, {"setup", FieldType::String}}},
      {"moves", {{"game", FieldType::Integer}, {"now", FieldType::String}}},
      {"play",
       {{"game", FieldType::Integer}, {"move", FieldType::String}, {"expect_seq", FieldType::Integer},
        {"dry_run", FieldType::Boolean}}},
      {"status", {{"game", FieldType::Integer}, {"at", FieldType::Integer}}},
      {"value", {{"game", FieldType::Integer}, {"at", FieldType::Integer}}},
      {"quit", {}},
  };
  return fields;
}

// Every field of the request is one its cmd takes, of its type: a field misspelt ("dryrun")
// or of another type is an error before anything is read or written.
void check_fields(const ojson& req) {
  if (!req.contains("cmd") || !req["cmd"].is_string()) throw RequestError{"every request has \"cmd\" (a string)"};
  const std::string& cmd = req["cmd"].get_ref<const std::string&>();
  const auto rules = request_fields().find(cmd);
  if (rules == request_fields().end())
    throw RequestError{fmt::format("unknown cmd '{}' (new, moves, play, status, value, quit)", cmd.substr(0, 40))};
  if (const auto problem = field_problem(req, rules->second, cmd, {"cmd", "id"})) throw RequestError{problem->message};
}

// The deepest nesting of arrays and objects a request may have. A request is a flat object;
// an "id" may be a small structure of the client's. Deeper text is refused before it is parsed
// (the JSON library's reading, copying and writing of a value recurse on its depth).
constexpr int kMaxRequestDepth = 32;

bool nested_too_deep(const std::string& line) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxRequestDepth) return true;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return false;
}

std::string string_field(const ojson& req, const char* field) {
  if (!req.contains(field)) throw RequestError{fmt::format("\"{}\" is missing", field)};
  const ojson& v = req.at(field);
  if (!v.is_string()) throw RequestError{fmt::format("\"{}\" is a string", field)};
  return v.get<std::string>();
}

}  // namespace

Status new_game_header(const ojson& req, const std::string& ruleset_file, GameHeader* header, Ruleset* edition) {
  try {
    // Through the notation's own header checks, as `referee new` does. With --ruleset-file the
    // request may leave the edition out: the file's is taken. A file that is not there is
    // named in the command line's words, not as an empty [Ruleset] tag.
    if (const std::string why = unreadable_ruleset_file(ruleset_file); !why.empty()) throw RequestError{why};
    const std::string ruleset = !ruleset_file.empty() && !req.contains("ruleset") ? edition_id_in(ruleset_file)
                                                                                : string_field(req, "ruleset");
    if (!req.contains("players")) throw RequestError{"\"players\" is missing"};
    std::string text = fmt::format("[Ruleset \"{}\"]\n[Players \"{}\"]\n", ruleset, list_text(req["players"], "players"));
    if (req.contains("variant")) text += fmt::format("[Variant \"{}\"]\n", list_text(req["variant"], "variant"));
    if (req.contains("house_rules"))
      text += fmt::format("[HouseRules \"{}\"]\n", list_text(req["house_rules"], "house_rules"));
    if (req.contains("seed")) {
      const ojson& seed = req["seed"];
      if (!seed.is_number_unsigned() && !(seed.is_string() && !seed.get<std::string>().empty()))
        throw RequestError{"\"seed\" is a whole number of 0 or more"};
      text += fmt::format("[Seed \"{}\"]\n", seed.is_string() ? seed.get<std::string>() : std::to_string(seed.get<std::uint64_t>()));
    }
    // Each field is one tag's value: a line break or a quote in it would start another tag.
    if (std::count(text.begin(), text.end(), '\n') != std::count(text.begin(), text.end(), ']') ||
        text.find('\r') != std::string::npos)
      throw RequestError{"a field of new holds a line break or a ']'"};
    ParseError perr;
    if (!parse_header(text, header, &perr)) throw RequestError{perr.message};
    if (Status s = edition_for_new_game(ruleset_file, header, edition); !s.is_ok()) throw RequestError{s.message()};
    if (edition->referee_throws && !header->seed) {
      // As `referee new`: the computer edition's program throws, so a game gets a seed of its own.
      std::random_device device;
      header->seed = (std::uint64_t{device()} << 32) | device();
    }
  } catch (const RequestError& e) {
    return Status::invalid_argument(e.message);
  } catch (const std::exception& e) {  // a field of the wrong type (nlohmann's words)
    return Status::invalid_argument(e.what());
  }
  return Status::ok();
}

namespace {

class EngineSession {
 public:
  EngineSession(std::unique_ptr<Journal> journal, const CommonOptions& o, bool in_file)
      : journal_(std::move(journal)),
        in_file_(in_file),
        snapshot_every_(in_file ? o.snapshot_every : 0),
        ruleset_file_(o.ruleset_file) {
    current_ = o.game;
  }

  // The answer to one line; *quit set when the session ends.
  ojson answer(const std::string& line, bool* quit) {
    if (nested_too_deep(line))
      return error(fmt::format("the request nests arrays or objects more than {} deep", kMaxRequestDepth));
    const ojson req = ojson::parse(line, nullptr, false);
    if (req.is_discarded() || !req.is_object()) return error("not a JSON object: one request a line, {\"cmd\": ...}");
    ojson doc;
    try {
      doc = handle(req, quit);
    } catch (const RequestError& e) {
      doc = error(e.message);
      if (e.conflict) doc["conflict"] = true;
    } catch (const std::exception& e) {  // a field of the wrong type (nlohmann's words)
      doc = error(e.what());
    }
    if (req.contains("id")) doc["id"] = req["id"];
    return doc;
  }

 private:
  static ojson error(const std::string& message) { return ojson{{"ok", false}, {"error", message}}; }

  ojson handle(const ojson& req, bool* quit) {
    check_fields(req);
    const std::string cmd = req["cmd"].get<std::string>();
    if (cmd == "quit") {
      *quit = true;
      return ojson{{"ok", true}};
    }
    if (cmd == "new") return new_game(req);
    if (cmd == "moves") {
      HeldGame& h = pick(req);
      std::int64_t now = kNoTime;
      if (req.contains("now")) {
        now = clock_seconds(string_field(req, "now"));
        if (now == kNoTime) throw RequestError{"bad \"now\": expected HH:MM:SS or an ISO-8601 time"};
      }
      return moves_json(h.game, legal_moves(h.game.ruleset, h.game.state, now));
    }
    if (cmd == "play") return play(req);
    if (cmd == "status") {
      HeldGame& h = pick(req);
      const std::int64_t at = req.contains("at") ? integer_field(req, "at") : 0;
      if (at == 0) return status_json(h.game, h.rulings, agreed_hour(h.game));
      HeldGame then = load(h.game.id, checked_at(h.game, at));
      return status_json(then.game, then.rulings, agreed_hour(then.game));
    }
    if (cmd == "value") {
      HeldGame& h = pick(req);
      const std::int64_t at = req.contains("at") ? integer_field(req, "at") : 0;
      const Game& g = at == 0 ? h.game : load(h.game.id, checked_at(h.game, at)).game;
      return value_json(g, value_estates(g.ruleset, g.state));
    }
    throw RequestError{fmt::format("unknown cmd '{}' (new, moves, play, status, value, quit)", cmd)};
  }

  // "at" names an event of the game, as the command line's --at does (which exits 1 past the
  // last): the position after it.
  static std::int64_t checked_at(const Game& g, std::int64_t at) {
    if (at < 0 || at > g.state.seq)
      throw RequestError{fmt::format("game {} has no event {}: its events run from 1 to {}", g.id, at, g.state.seq)};
    return at;
  }

  AgreedHour agreed_hour(const Game& g) {
    AgreedHour hour;
    if (Status s = agreed_hour_of(*journal_, g, &hour); !s.is_ok()) throw RequestError{s.message()};
    return hour;
  }

  HeldGame load(std::int64_t id, std::int64_t to_seq) {
    HeldGame h;
    if (Status s = load_game(*journal_, id, to_seq, &h.game); !s.is_ok()) throw RequestError{s.message()};
    h.game.snapshot_every = snapshot_every_;
    Status scan = GameLog(*journal_, h.game).read(1, h.game.state.seq, [&](const LoggedEvent& r) {
      if (r.event.type == EventType::RulingRecorded)
        h.rulings.emplace_back(r.seq, narrate(h.game.ruleset, h.game.header.players, r.event));
      return true;
    });
    if (!scan.is_ok()) throw RequestError{scan.message()};
    return h;
  }

  // The game a request names ("game"), else the last one created or picked.
  HeldGame& pick(const ojson& req) {
    std::optional<std::int64_t> id = current_;
    if (req.contains("game")) id = integer_field(req, "game");
    if (!id) throw RequestError{"no game yet: start one with {\"cmd\": \"new\", ...}"};
    auto it = games_.find(*id);
    if (it == games_.end()) {
      // A game of the --db file not yet held: read once, then held like the others.
      if (!in_file_) throw RequestError{fmt::format("no game {} in this session", *id)};
      it = games_.emplace(*id, load(*id, 0)).first;
    }
    current_ = *id;
    return it->second;
  }

  ojson new_game(const ojson& req) {
    GameHeader header;
    Ruleset edition;
    if (Status s = new_game_header(req, ruleset_file_, &header, &edition); !s.is_ok()) throw RequestError{s.message()};
    ParseError perr;
    std::optional<SetupPosition> setup;
    if (req.contains("setup")) {
      SetupPosition position;
      if (!parse_setup_text(string_field(req, "setup"), edition, header.players, &position, &perr))
        throw RequestError{"setup: " + format_error(perr)};
      setup = std::move(position);
    }
    std::int64_t id = 0;
    std::optional<Violation> refused;
    if (Status s = create_game(*journal_, header, setup, &id, &refused); !s.is_ok()) throw RequestError{s.message()};
    if (refused) {
      const Ruling words = ruling_of(edition, *refused, header.players);
      ojson doc = error("the setup is refused: " + words.message);
      doc["violation"] = violation_json(words);
      return doc;
    }
    games_[id] = load(id, 0);
    current_ = id;
    return ojson{{"ok", true}, {"game", id}};
  }

  ojson play(const ojson& req) {
    HeldGame& h = pick(req);
    Game& g = h.game;
    const std::string move = string_field(req, "move");
    if (req.contains("expect_seq")) {
      const std::int64_t expected = integer_field(req, "expect_seq");
      if (expected != g.state.seq)
        throw RequestError{fmt::format("conflict: game {} is at event {}, not {} as expected; nothing was written", g.id,
                                       g.state.seq, expected),
                           true};
    }
    const bool dry_run = req.contains("dry_run") && req["dry_run"].get<bool>();  // a boolean (check_fields)
    Command command;
    ParseError perr;
    if (!parse_move(move, g.ruleset, g.header.players, &command, &perr)) throw RequestError{perr.message};
    PlayOutcome po;
    if (dry_run) {
      // play_move moves the position on even on a dry run: it rules on a copy.
      Game copy = g;
      if (Status s = play_move(*journal_, copy, command, true, &po); !s.is_ok()) throw RequestError{s.message()};
      return play_json(copy, po, true);
    }
    if (Status s = play_move(*journal_, g, command, false, &po); !s.is_ok()) {
      // Another writer of the --db file got in first: the position held is stale; read it again.
      if (in_file_) h = load(g.id, 0);
      throw RequestError{(s.is_conflict() ? "conflict: " : "") + s.message(), s.is_conflict()};
    }
    for (const LoggedEvent& r : po.events)
      if (r.event.type == EventType::RulingRecorded)
        h.rulings.emplace_back(r.seq, narrate(g.ruleset, g.header.players, r.event));
    return play_json(g, po, false);
  }

  std::unique_ptr<Journal> journal_;
  bool in_file_ = false;
  std::int64_t snapshot_every_ = 0;
  std::string ruleset_file_;  // --ruleset-file: the edition of games started with no "ruleset"
  std::map<std::int64_t, HeldGame> games_;
  std::optional<std::int64_t> current_;
};

}  // namespace

int run_engine(const CommonOptions& o, bool in_file, std::istream& in, std::ostream& out, std::ostream& err) {
  // In memory, the journal is SQLite's own ":memory:" database: the same appends, hashes and
  // checks as a file's, so every answer is the one the command line gives for the same game.
  std::unique_ptr<Journal> journal;
  if (Status s = Journal::open(in_file ? o.db : ":memory:", &journal, false); !s.is_ok()) {
    err << "referee: " << s.message() << "\n";
    return kExitFailure;
  }
  EngineSession session(std::move(journal), o, in_file);
  std::string line;
  bool quit = false;
  while (!quit && std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;  // blank lines are no requests
    const std::string text = session.answer(line, &quit).dump();
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.put('\n');
    out.flush();
  }
  return kExitOk;
}

}  // namespace deedlog
