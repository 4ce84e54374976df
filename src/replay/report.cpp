#include "replay/report.h"

#include "present/game_json.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <ostream>

#include "core/plural.h"
#include "core/printable_text.h"
#include "service/game_session.h"
#include "present/narration.h"
#include "replay/commentary.h"
#include "deedlog/event_fields.h"
#include "deedlog/decide.h"
#include "deedlog/evolve.h"
#include "deedlog/game_file.h"
#include "present/money_words.h"

namespace deedlog {
namespace {

using ojson = nlohmann::ordered_json;

Game game_at(const Timeline& t, const State& s) {
  Game g;
  g.id = t.game_id();
  g.header = t.header();
  g.ruleset = t.ruleset();
  g.state = s;
  return g;
}

// One event as `referee log --json` gives it: the row's fields, the payload's, and the words.
ojson event_json(const Timeline& t, const TimelineEvent& te) {
  ojson j = event_json(t.ruleset(), t.names(), te.seq, te.type, te.at, te.actor, te.payload, te.event);
  // An offer's end, said with the position before it: withdrawn by its maker, or turned down.
  if (te.event.type == EventType::TradeRejected) j["words"] = narrate(t.ruleset(), t.names(), te.event, t.state_at(te.seq - 1));
  if (t.voided_by(te.seq) != 0) j["voided_by"] = t.voided_by(te.seq);
  return j;
}


std::string cash_line(const Timeline& t, const State& s) {
  std::string out;
  for (PlayerId p = 0; p < s.player_count; ++p) {
    if (!out.empty()) out += " · ";
    out += fmt::format("{} {}{}", t.names()[static_cast<std::size_t>(p)], money_grouped(t.ruleset(), s.player(p).cash),
                       s.player(p).bankrupt ? " (bankrupt)" : "");
  }
  return out;
}

void write_events_text(const Timeline& t, std::int64_t from, std::int64_t to, std::ostream& out) {
  for (std::int64_t q = from; q <= to; ++q) {
    const TimelineEvent& te = t.at(q);
    if (te.event.type == EventType::MovePlayed)
      out << fmt::format("\n{:>6}  {}\n", q, printable_text(fields::MovePlayed::line(te.event)));
    else
      out << fmt::format("{:>6}    {}\n", q, narrate(t.ruleset(), t.names(), te.event));
  }
}

Status write_turns(const Timeline& t, std::int64_t from, std::int64_t to, bool json, std::ostream& out) {
  ojson turns = ojson::array();
  const int first_turn = t.turn_of(from);
  const int last_turn = t.turn_of(to);
  for (int turn = first_turn; turn <= last_turn; ++turn) {
    const std::int64_t a = std::max(turn == 0 ? std::int64_t{1} : t.turn_first(turn), from);
    const std::int64_t opening_last = t.turn_count() > 0 ? t.turn_first(1) - 1 : t.last();
    const std::int64_t b = std::min(turn == 0 ? opening_last : t.turn_last(turn), to);
    if (a > b) continue;
    State s = t.state_at(a - 1);
    const std::string player =
        turn == 0 ? std::string() : t.names()[static_cast<std::size_t>(t.turn_player(turn))];
    if (json) {
      ojson j;
      j["turn"] = turn;
      if (turn > 0) j["player"] = player;
      j["first"] = a;
      j["last"] = b;
      ojson moves = ojson::array();
      ojson events = ojson::array();
      for (std::int64_t q = a; q <= b; ++q) {
        const TimelineEvent& te = t.at(q);
        if (te.event.type == EventType::MovePlayed) moves.push_back(fields::MovePlayed::line(te.event));
        ojson ej = event_json(t, te);
        ej["commentary"] = commentary(t.ruleset(), t.names(), s, te.event);
        events.push_back(ej);
        t.step(s, q);
      }
      j["moves"] = moves;
      j["events"] = events;
      ojson cash = ojson::array();
      for (PlayerId p = 0; p < s.player_count; ++p)
        cash.push_back({{"name", t.names()[static_cast<std::size_t>(p)]}, {"cash", s.player(p).cash.units}});
      j["cash"] = cash;
      turns.push_back(j);
    } else {
      if (turn == 0)
        out << fmt::format("The opening (events {}-{})\n", a, b);
      else
        out << fmt::format("\nTurn {}: {} (events {}-{})\n", turn, player, a, b);
      for (std::int64_t q = a; q <= b; ++q) {
        const Event& e = t.event(q);
        const std::string voided = t.voided_by(q) != 0 ? fmt::format("  [void: taken back at event {}]", t.voided_by(q)) : "";
        if (e.type == EventType::MovePlayed)
          out << fmt::format("  {:>6}  {}{}\n", q, printable_text(fields::MovePlayed::line(e)), voided);
        else
          out << fmt::format("  {:>6}      {}{}\n", q, commentary(t.ruleset(), t.names(), s, e), voided);
        t.step(s, q);
      }
      out << fmt::format("  After {}: {}\n", turn == 0 ? std::string("the opening") : fmt::format("turn {}", turn),
                         cash_line(t, s));
    }
  }
  const Game g = game_at(t, t.state_at(to));
  if (json)
    out << ojson{{"game", t.game_id()}, {"turns", turns}, {"position", position_json(g)}}.dump() << "\n";
  else
    out << "\n" << position_text(g);
  return Status::ok();
}

}  // namespace

std::string game_notation(const Timeline& t, std::int64_t to) {
  if (to <= 0 || to > t.last()) to = t.last();
  Events opening;
  for (std::int64_t q = 1; q <= t.last() && t.event(q).type != EventType::MovePlayed; ++q)
    opening.push_back(t.event(q));
  std::optional<SetupPosition> setup;
  std::string warning;
  const Decision plain = decide_start(t.ruleset(), t.header(), std::nullopt);
  if (!plain.accepted || plain.events != opening) {
    setup = setup_from_opening(opening);
    const Decision again = decide_start(t.ruleset(), t.header(), setup);
    if (!again.accepted || again.events != opening)
      warning = "# Note: this opening cannot be written as a [Setup] exactly; the one below is the nearest.\n";
  }
  std::vector<Command> moves;
  std::vector<std::string> comments;  // the table's, kept in the MovePlayed text
  std::string unreadable;
  const MoveParser parser(t.ruleset(), t.names());
  for (std::int64_t m : t.moves()) {
    if (m > to) break;
    Command c;
    ParseError perr;
    if (parser.parse(t.event(m).text, &c, &perr)) {
      moves.push_back(c);
      comments.push_back(comment_of(t.event(m).text));
    } else {
      unreadable += fmt::format("# event {}: \"{}\" does not parse: {}\n", m, t.event(m).text, perr.message);
    }
  }
  std::string text = fmt::format("# {}, printed back by deedlog replay from its journal ({}, {}).\n", t.title(),
                                 count_of(to, "event"), count_of(static_cast<std::int64_t>(moves.size()), "move"));
  text += warning + unreadable;
  text += print_game(t.header(), setup, moves, t.ruleset(), &comments);
  return text;
}

Status parse_point(const Timeline& t, const std::string& text, bool end, std::int64_t* seq) {
  if (text.empty()) return Status::invalid_argument("an empty point in the game: give a sequence number or tN");
  if (text == "end") {
    *seq = t.last();
    return Status::ok();
  }
  const bool turn = text[0] == 't' || text[0] == 'T';
  const std::string digits = turn ? text.substr(1) : text;
  if (digits.empty() || !std::all_of(digits.begin(), digits.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return Status::invalid_argument(fmt::format("\"{}\" is not a point in the game: give a sequence number (57), a turn (t12) or end", text));
  std::int64_t n = 0;
  try {
    n = std::stoll(digits);
  } catch (const std::exception&) {
    return Status::invalid_argument(fmt::format("\"{}\" is too large", text));
  }
  if (!turn) {
    *seq = std::min(n, t.last());
    return Status::ok();
  }
  if (n < 1 || n > t.turn_count())
    return Status::invalid_argument(fmt::format("there is no turn {}: the game has {} turn{}", n, t.turn_count(),
                                                t.turn_count() == 1 ? "" : "s"));
  *seq = end ? t.turn_last(static_cast<int>(n)) : t.turn_first(static_cast<int>(n));
  return Status::ok();
}

Status write_replay_report(const Timeline& t, const ReplayReportOptions& o, std::ostream& out) {
  const std::int64_t to = (o.to <= 0 || o.to > t.last()) ? t.last() : o.to;
  const std::int64_t from = std::max<std::int64_t>(o.from, 1);
  if (o.format == ReplayFormat::Notation) {
    out << game_notation(t, to);
    return Status::ok();
  }
  const bool json = o.format == ReplayFormat::Json;
  if (o.turns) return write_turns(t, from, to, json, out);
  const Game g = game_at(t, t.state_at(to));
  if (json) {
    ojson events = ojson::array();
    for (std::int64_t q = from; q <= to; ++q) events.push_back(event_json(t, t.at(q)));
    out << ojson{{"game", t.game_id()}, {"events", events}, {"position", position_json(g)}}.dump() << "\n";
  } else {
    write_events_text(t, from, to, out);
    out << "\n" << position_text(g);
  }
  return Status::ok();
}

}  // namespace deedlog
