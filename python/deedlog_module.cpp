// The Python module `deedlog` (docs/library.md): a game a Python program plays in memory,
// answering in the dictionaries the referee's --json gives (INTERFACE.md section 3), built by
// the same code (present/game_json.h). A game is kept in a private in-memory journal, so its
// events, hashes and rulings are those `referee` would record for the same moves.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "deedlog/game_file.h"
#include "deedlog/legal_moves.h"
#include "deedlog/ruleset_catalog.h"
#include "deedlog_version.h"
#include "journal/journal.h"
#include "present/game_json.h"
#include "present/narration.h"
#include "present/refusal_words.h"
#include "service/agreed_hour.h"
#include "service/game_session.h"

namespace py = pybind11;

namespace deedlog {
namespace {

// A game its rules refuse to start (a [Setup] that breaks a rule): Python's deedlog.Refused,
// carrying the ruling.
struct Refused : std::runtime_error {
  using std::runtime_error::runtime_error;
};

py::object to_python(const nlohmann::ordered_json& j) {
  switch (j.type()) {
    case nlohmann::ordered_json::value_t::null: return py::none();
    case nlohmann::ordered_json::value_t::boolean: return py::bool_(j.get<bool>());
    case nlohmann::ordered_json::value_t::number_integer: return py::int_(j.get<std::int64_t>());
    case nlohmann::ordered_json::value_t::number_unsigned: return py::int_(j.get<std::uint64_t>());
    case nlohmann::ordered_json::value_t::number_float: return py::float_(j.get<double>());
    case nlohmann::ordered_json::value_t::string: return py::str(j.get_ref<const std::string&>());
    case nlohmann::ordered_json::value_t::array: {
      py::list out;
      for (const auto& item : j) out.append(to_python(item));
      return out;
    }
    case nlohmann::ordered_json::value_t::object: {
      py::dict out;
      for (const auto& [key, value] : j.items()) out[py::str(key)] = to_python(value);
      return out;
    }
    default: return py::none();  // binary and discarded values: never in our documents
  }
}

// A list of names or one comma-separated string, as the notation's tags take them. The value
// goes inside a tag's quotes, so a quote or a line break, which would end the tag, is refused.
std::string joined(const py::object& value, const char* what) {
  if (value.is_none()) return {};
  std::string out;
  if (py::isinstance<py::str>(value)) {
    out = value.cast<std::string>();
  } else {
    for (const py::handle item : value) {
      if (!py::isinstance<py::str>(item)) throw py::type_error(fmt::format("{}: expected strings", what));
      out += (out.empty() ? "" : ", ") + item.cast<std::string>();
    }
  }
  if (out.find_first_of("\"\r\n") != std::string::npos)
    throw py::value_error(fmt::format("{}: a double quote or a line break cannot be part of a name", what));
  return out;
}

// One tag's text, which goes inside its quotes: a quote or a line break would end the tag.
std::string tag_text(const std::string& value, const char* what) {
  if (value.find_first_of("\"\r\n") != std::string::npos)
    throw py::value_error(fmt::format("{}: a double quote or a line break cannot be part of a tag", what));
  return value;
}

void check(const Status& s) {
  if (s.is_ok()) return;
  if (s.code() == Status::Code::InvalidArgument || s.code() == Status::Code::NotFound) throw py::value_error(s.message());
  throw std::runtime_error(s.message());
}

class PyGame {
 public:
  PyGame(const std::string& ruleset, const py::object& players, std::optional<std::uint64_t> seed,
         const py::object& variant, const std::optional<std::string>& setup, const py::object& house_rules,
         const std::optional<std::string>& started, const std::optional<std::string>& time_limit) {
    // The game is written as the notation's text and read by the notation, so a Game accepts
    // exactly what `referee new` and `referee import` accept.
    std::string text = fmt::format("[Ruleset \"{}\"]\n[Players \"{}\"]\n", ruleset, joined(players, "players"));
    if (const std::string v = joined(variant, "variant"); !v.empty()) text += fmt::format("[Variant \"{}\"]\n", v);
    if (const std::string h = joined(house_rules, "house_rules"); !h.empty()) text += fmt::format("[HouseRules \"{}\"]\n", h);
    if (seed) text += fmt::format("[Seed \"{}\"]\n", *seed);
    // The agreed finishing hour of a short or time-limit game (rule short-game/agreed-hour).
    if (started) text += fmt::format("[Started \"{}\"]\n", tag_text(*started, "started"));
    if (time_limit) text += fmt::format("[TimeLimit \"{}\"]\n", tag_text(*time_limit, "time_limit"));
    GameHeader header;
    ParseError perr;
    if (!parse_header(text, &header, &perr)) throw py::value_error(perr.message);
    Ruleset edition;
    check(load_ruleset(header.ruleset, &edition));
    check(turn_on_house_rules(header.house_rules, &edition));
    if (edition.referee_throws && !header.seed) {
      // As `referee new`: the computer edition's program throws, so a game gets a seed of its own.
      std::random_device device;
      text += fmt::format("[Seed \"{}\"]\n", (std::uint64_t{device()} << 32) | device());
    }
    // The setup's lines are its own: a section tag among them would change what the text says.
    const int setup_first_line = static_cast<int>(std::count(text.begin(), text.end(), '\n')) + 2;
    if (setup) {
      std::size_t at = 0;
      for (int line = 1; at <= setup->size(); ++line) {
        const std::size_t end = std::min(setup->find('\n', at), setup->size());
        const std::size_t first = setup->find_first_not_of(" \t\r", at);
        if (first < end && (*setup)[first] == '[')
          throw py::value_error(fmt::format("setup line {}: a section or tag cannot be part of a setup", line));
        at = end + 1;
      }
      text += "[Setup]\n" + *setup + "\n";
    }
    text += "[Moves]\n";
    GameFile file;
    if (!parse_game(text, edition, &file, &perr)) {
      // Lines of the setup are counted from its own first line.
      if (setup && perr.line >= setup_first_line)
        throw py::value_error(fmt::format("setup line {}: {}", perr.line - setup_first_line + 1, perr.message));
      throw py::value_error(perr.message);
    }
    check(Journal::open(":memory:", &journal_));
    std::int64_t id = 0;
    std::optional<Violation> refused;
    check(create_game(*journal_, file.header, file.setup, &id, &refused));
    if (refused) {
      const Ruling r = ruling_of(edition, *refused, file.header.players);
      throw Refused(fmt::format("{} (rule {}, rule book section {})", r.message, r.rule, r.section));
    }
    check(load_game(*journal_, id, 0, &game_));
    // Snapshots speed up loading a game again from its journal; this one is never loaded again.
    game_.snapshot_every = 0;
  }

  py::object moves() const {
    py::list out;
    for (const LegalMove& m : legal_moves(game_.ruleset, game_.state))
      out.append(py::str(print_move(m.command, game_.ruleset, game_.header.players)));
    return out;
  }

  py::object moves_json() const { return to_python(deedlog::moves_json(game_, kNoTime)); }

  py::object play(const std::string& move) {
    Command command;
    ParseError perr;
    if (!parse_move(move, game_.ruleset, game_.header.players, &command, &perr)) throw py::value_error(perr.message);
    PlayOutcome outcome;
    check(play_move(*journal_, game_, command, false, &outcome));
    for (const LoggedEvent& e : outcome.events) ruled_ = ruled_ || e.event.type == EventType::RulingRecorded;
    return to_python(play_json(game_, outcome, false));
  }

  py::object status() {
    RecordedRulings rulings;
    // The journal is read for rulings only once the referee has made one.
    if (ruled_) check(recorded_rulings(*journal_, game_, &rulings));
    AgreedHour hour;
    check(agreed_hour_of(*journal_, game_, &hour));
    return to_python(status_json(game_, rulings, hour));
  }

  py::object value() const { return to_python(value_json(game_)); }
  bool over() const { return game_end(game_.ruleset, game_.state).over; }
  std::int64_t seq() const { return game_.state.seq; }
  std::string turn() const { return game_.header.players[static_cast<std::size_t>(game_.state.turn)]; }
  std::vector<std::string> players() const { return game_.header.players; }
  std::string ruleset() const { return game_.ruleset.id; }

 private:
  std::unique_ptr<Journal> journal_;
  Game game_;
  bool ruled_ = false;  // a RulingRecorded event was recorded
};

}  // namespace
}  // namespace deedlog

PYBIND11_MODULE(deedlog, m) {
  using deedlog::PyGame;
  m.doc() = "deedlog: a referee for Monopoly-like games, for programs that play (docs/library.md)";
  m.attr("__version__") = DEEDLOG_VERSION;
  py::register_exception<deedlog::Refused>(m, "Refused", PyExc_ValueError);
  m.def("rulesets", &deedlog::builtin_ruleset_ids, "The ids of the built-in editions.");
  py::class_<PyGame>(m, "Game",
                     "A game refereed in memory. Moves are the notation's lines; answers are the dicts of the "
                     "referee's --json.")
      .def(py::init<const std::string&, const py::object&, std::optional<std::uint64_t>, const py::object&,
                    const std::optional<std::string>&, const py::object&, const std::optional<std::string>&,
                    const std::optional<std::string>&>(),
           py::arg("ruleset"), py::arg("players"), py::arg("seed") = py::none(), py::arg("variant") = py::none(),
           py::arg("setup") = py::none(), py::arg("house_rules") = py::none(), py::arg("started") = py::none(),
           py::arg("time_limit") = py::none(),
           "players: a list of 2 to 8 names (or one comma-separated string); variant, house_rules: a name or a "
           "list; setup: the lines of a [Setup] section; started, time_limit: the [Started] and [TimeLimit] tags (the "
           "agreed finishing hour). ValueError for what the notation refuses, "
           "deedlog.Refused for a setup the rules refuse.")
      .def("moves", &PyGame::moves, "Every legal move now, in notation, as `referee moves` lists them.")
      .def("moves_json", &PyGame::moves_json, "As `referee moves --json`: player, phase, moves, forms.")
      .def("play", &PyGame::play, py::arg("move"),
           "Rules on one move and records it when legal: a dict as `referee play --json` (accepted, events, "
           "violation when refused, seq, head). ValueError when the line is not notation.")
      .def("status", &PyGame::status, "The position: a dict as `referee status --json`.")
      .def("value", &PyGame::value, "The estates and the winner: a dict as `referee value --json`.")
      .def_property_readonly("over", &PyGame::over, "True once the game has ended.")
      .def_property_readonly("seq", &PyGame::seq, "The number of the last event.")
      .def_property_readonly("turn", &PyGame::turn, "The name of the player whose turn it is.")
      .def_property_readonly("players", &PyGame::players, "The players' names, in seat order.")
      .def_property_readonly("ruleset", &PyGame::ruleset, "The edition's id.")
      .def("__repr__", [](const PyGame& g) {
        return fmt::format("<deedlog.Game {} after event {}{}>", g.ruleset(), g.seq(), g.over() ? ", over" : "");
      });
}
