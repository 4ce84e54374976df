#include "present/audit.h"

#include <map>

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <limits>
#include <sstream>

#include "core/article.h"
#include "core/plural.h"
#include "service/game_log.h"
#include "service/game_session.h"
#include "service/input_text.h"
#include "deedlog/sealed_chance.h"
#include "service/sealed_seeds.h"
#include "present/narration.h"
#include "present/legal_move_words.h"
#include "deedlog/table_version.h"
#include "deedlog/decide.h"
#include "deedlog/evolve.h"
#include "deedlog/legal_moves.h"
#include "deedlog/player_ref.h"
#include "deedlog/game_file.h"
#include "deedlog/rule_book.h"
#include "deedlog/ruleset_catalog.h"

namespace deedlog {
namespace {

constexpr std::size_t kLegalShown = 12;

// Line `number` (from 1) of the file as written, without its line end.
std::string_view line_text(std::string_view text, int number) {
  std::size_t begin = 0;
  for (int i = 1; i < number && begin != std::string_view::npos; ++i) {
    begin = text.find('\n', begin);
    if (begin != std::string_view::npos) ++begin;
  }
  if (begin == std::string_view::npos || begin > text.size()) return {};
  std::size_t end = text.find('\n', begin);
  std::string_view line = text.substr(begin, end == std::string_view::npos ? std::string_view::npos : end - begin);
  while (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

void apply(State& s, TableMemory& memory, const Events& events) {
  for (const Event& e : events) {
    evolve(s, e);
    memory.note(e);
  }
}

// The positions before each move's line, by the seq just before it: where a take-back returns.
using PositionsBeforeLines = std::map<std::int64_t, State>;

// One move applied as the journal holds it: its line (MovePlayed) first, then its events. When
// the rules gave them, the position after them is the decision's (apply_decision); the table's
// own version of a refused move, and a take-back, are folded by the one fold of stored events
// (GameLog::fold): a take-back returns to the position before the moves it voids, which the
// audit kept. (The opening has no line: it is applied as it is.)
void apply_move(State& s, TableMemory& memory, PositionsBeforeLines& before_lines, const MoveLine& m,
                const Events& events, const Decision* decided) {
  before_lines[s.seq] = s;
  for (const Event& e : events) memory.note(e);
  const PositionAfter kept = [&](std::int64_t seq, State* out) {
    const auto earlier = before_lines.find(seq);
    if (earlier == before_lines.end()) return Status::not_found("no position kept before that move");
    *out = earlier->second;
    return Status::ok();
  };
  // A take-back whose earlier position was not kept leaves the position as evolve does.
  (void)GameLog::apply_move(&s, decided, move_line(m.command, m.text), events, 0, kept);
}

std::vector<PlayerDifference> compare(const Ruleset& r, const GameHeader& h, const State& ref, const State& table) {
  std::vector<PlayerDifference> out;
  for (PlayerId p = 0; p < ref.player_count; ++p) {
    PlayerDifference d;
    d.player = h.players[static_cast<std::size_t>(p)];
    d.referee_cash = ref.player(p).cash.units;
    d.table_cash = table.player(p).cash.units;
    d.referee_square = r.square(ref.player(p).square).name;
    d.table_square = r.square(table.player(p).square).name;
    auto words = [&](const deedlog::Holding& held) {
      if (held.owner != p) return std::string("not held");
      std::string w = "held";
      if (held.buildings == kHotel) w += ", " + with_article(r.words.hotel);
      else if (held.buildings > 0) w += fmt::format(", {} {}", held.buildings, held.buildings == 1 ? r.words.house : r.words.houses);
      if (held.mortgaged) w += ", mortgaged";
      return w;
    };
    for (int i = 0; i < r.board_size(); ++i) {
      const auto& a = ref.holdings[static_cast<std::size_t>(i)];
      const auto& b = table.holdings[static_cast<std::size_t>(i)];
      if (a.owner != p && b.owner != p) continue;
      const std::string by_rules = words(a), at_table = words(b);
      if (by_rules != at_table) d.holdings.push_back({r.square(static_cast<SquareId>(i)).name, by_rules, at_table});
    }
    if (d.referee_cash != d.table_cash || d.referee_square != d.table_square || !d.holdings.empty())
      out.push_back(std::move(d));
  }
  return out;
}

// A breach of the seed's chance: the throw or card written is not the one the seed gives.
Breach chance_breach(const Ruleset& r, const MoveLine& m, std::string message) {
  Breach b;
  b.kind = "chance";
  b.line = m.line;
  b.move = m.text;
  b.violation.rule = r.id + "/" + std::string(rule::kSealedDice.id);
  b.violation.section = r.section(std::string(rule::kSealedDice.section));
  b.violation.message = std::move(message);
  return b;
}

}  // namespace

Status audit_game_file(const std::string& path, AuditReport* report, const std::optional<std::string>& seed) {
  std::string text;  // "-": standard input
  if (Status s = read_input_text(path, &text); !s.is_ok()) return s;
  GameHeader header;
  ParseError perr;
  if (!parse_header(text, &header, &perr))
    return Status::invalid_argument(fmt::format("{}: line {}: {}", path, perr.line, perr.message));
  Ruleset ruleset;
  if (Status s = load_ruleset(header.ruleset, &ruleset); !s.is_ok()) return Status::invalid_argument(s.message());
  if (Status s = turn_on_house_rules(header.house_rules, &ruleset); !s.is_ok())
    return Status::invalid_argument(s.message());
  GameFile gf;
  std::vector<ParseError> bad_lines;  // notation errors: each a breach of its own, the line skipped
  if (!parse_game_skipping(text, ruleset, &gf, &perr, &bad_lines))
    return Status::invalid_argument(fmt::format("{}: line {}: {}", path, perr.line, perr.message));
  // A sealed game's file (docs/trust.md, "Sealed chance"): checked against its seed when one is
  // given, else its dice are taken as the scorekeeper wrote them.
  const bool sealed = !gf.header.sealed.empty() && !gf.header.seed;
  if (seed && !sealed)
    return Status::invalid_argument(fmt::format("{}: --seed is for a sealed game's file, and this one has no [Sealed] tag", path));
  if (seed && seed_commitment(*seed) != gf.header.sealed)
    return Status::invalid_argument(fmt::format(
        "{}: the seed given is not the one this game is sealed with: its SHA-256 is not the file's [Sealed] commitment", path));
  std::optional<SealedChance> dealt;
  if (seed) dealt = sealed_chance(ruleset, *seed, 0);
  const Decision start = decide_start(ruleset, gf.header, gf.setup, dealt ? &*dealt : nullptr);
  if (!start.accepted)
    return Status::invalid_argument(fmt::format("{}: the [Setup] breaks a rule: {} ({})", path,
                                                render_players(refusal_text(ruleset, start.violation), gf.header.players),
                                                start.violation.rule));
  AuditReport rep;
  rep.file = path;
  rep.sealed = sealed;
  rep.seed_checked = sealed && seed.has_value();
  State referee = initial_state(ruleset, gf.header);
  TableMemory referee_memory, table_memory;
  apply(referee, referee_memory, start.events);
  State table = referee;
  table_memory = referee_memory;
  PositionsBeforeLines referee_lines, table_lines;
  std::size_t next_bad = 0;
  const auto notation_breaches_before = [&](int line) {
    for (; next_bad < bad_lines.size() && bad_lines[next_bad].line < line; ++next_bad) {
      ++rep.moves;
      Breach b;
      b.kind = "notation";
      b.line = bad_lines[next_bad].line;
      b.move = std::string(line_text(text, b.line));
      b.violation.rule = "notation";
      b.violation.section = "docs/notation.md";
      b.violation.message = bad_lines[next_bad].message;
      rep.breaches.push_back(std::move(b));
    }
  };
  for (std::size_t at = 0; at < gf.moves.size(); ++at) {
    const MoveLine& m = gf.moves[at];
    notation_breaches_before(m.line);
    // A sealed game: the referee's chance for the move and the table's. A throw written with its
    // dice ("Ann rolls 3 4", as a duplicate table's scorekeeper writes what the referee threw)
    // is the table's record of it; its cards follow as `draws` lines. A throw written without
    // dice is the referee's own line: thrown from the seed, its card turned up in the move.
    Command ref_cmd = m.command, table_cmd = m.command;
    std::optional<Breach> forged;
    if (sealed && m.command.verb == Verb::Roll) {
      const bool written = m.command.die1 != 0 || m.command.die2 != 0;
      if (!written && !seed) {
        // Nothing from here on can be checked: the position after this throw is not known.
        rep.unchecked_line = m.line;
        rep.unchecked_move = m.text;
        rep.unchecked_lines = static_cast<int>(gf.moves.size() - at);
        break;
      }
      const auto as_written = [&](const State& s) {
        SealedChance c;
        c.first_throw = s.throws;
        c.dice.push_back({m.command.die1, m.command.die2});
        return c;
      };
      if (written) {
        table_cmd.die1 = table_cmd.die2 = 0;
        table_cmd.chance = as_written(table);
        ref_cmd.die1 = ref_cmd.die2 = 0;
        ref_cmd.chance = as_written(referee);
      } else {
        table_cmd.chance = sealed_chance_for_move(ruleset, gf.header, *seed, table, sealed_thrower(table, m.command));
      }
      if (seed) {
        SealedChance c = sealed_chance_for_move(ruleset, gf.header, *seed, referee, sealed_thrower(referee, m.command));
        if (written) {
          // The table writes its cards as lines of their own: the referee checks each there.
          for (auto& order : c.packs) order.clear();
          c.dice.resize(1);
          const auto& thrown = c.dice.front();
          if (thrown[0] != m.command.die1 || thrown[1] != m.command.die2)
            forged = chance_breach(ruleset, m,
                                   fmt::format("the dice written, {} and {}, are not the referee's: the seed gives {} "
                                               "and {} for throw {} of the game; the referee plays the seed's",
                                               m.command.die1, m.command.die2, thrown[0], thrown[1], referee.throws + 1));
        }
        ref_cmd.chance = std::move(c);
      }
    }
    if (sealed && seed && m.command.verb == Verb::Draw &&
        (referee.phase == Phase::AwaitingCard || referee.phase == Phase::CardChoice)) {
      // The card the seed turns up next; one written otherwise is not the referee's.
      const DeckId deck = referee.pending_deck;
      const std::size_t d = static_cast<std::size_t>(deck);
      const auto& cards = ruleset.decks[d].cards;
      if (const auto top = sealed_top_card(referee.packs[d], sealed_chance(ruleset, *seed, 0).packs[d]);
          top && *top < cards.size()) {
        const CardIndex named = m.command.card_in_pack[d];
        if (!m.command.card_query.empty() && (named >= cards.size() || cards[named].text != cards[*top].text))
          forged = chance_breach(ruleset, m,
                                 fmt::format("the card written is not the referee's: the seed's order turns up \"{}\" "
                                             "here; the referee plays the seed's",
                                             cards[*top].text));
        ref_cmd.card_query = cards[*top].text;
        ref_cmd.card_in_pack[d] = *top;
      }
    }
    ++rep.moves;
    const Decision d = decide(ruleset, referee, ref_cmd);
    if (d.accepted) {
      if (forged) rep.breaches.push_back(std::move(*forged));
      else ++rep.accepted;
      apply_move(referee, referee_memory, referee_lines, m, d.events, &d);
    } else {
      Breach b;
      b.line = m.line;
      b.move = m.text;
      b.violation = ruling_of(ruleset, d.violation, gf.header.players);
      // What the player could have done instead comes first, then what moves the game on;
      // raising money (mortgages, sales) is always open and comes last.
      std::vector<LegalMove> legal = legal_moves(ruleset, referee, m.command.clock);
      auto rank = [&](const LegalMove& lm) {
        const bool raising = lm.command.verb == Verb::Mortgage || lm.command.verb == Verb::Unmortgage ||
                             lm.command.verb == Verb::Sell;
        return (raising ? 2 : 0) + (lm.command.actor == m.command.actor ? 0 : 1);
      };
      std::stable_sort(legal.begin(), legal.end(),
                       [&](const LegalMove& a, const LegalMove& b2) { return rank(a) < rank(b2); });
      for (const LegalMove& lm : legal) {
        if (b.legal.size() >= kLegalShown) break;
        b.legal.push_back(print_move(lm.command, ruleset, gf.header.players) + (lm.range.kind == MoveRange::Kind::Exact ? "" : " (" + range_words(lm.range) + ")"));
      }
      rep.breaches.push_back(std::move(b));
    }
    // The table's game went on with the move, legal or not, as far as its effect can be known.
    const Decision t = decide(ruleset, table, table_cmd);
    if (t.accepted) {
      apply_move(table, table_memory, table_lines, m, t.events, &t);
    } else if (auto forced = table_version(ruleset, table, table_memory, table_cmd)) {
      apply_move(table, table_memory, table_lines, m, *forced, nullptr);
      if (!d.accepted) rep.breaches.back().table_version_known = true;
    }
  }
  notation_breaches_before(std::numeric_limits<int>::max());
  rep.differences = compare(ruleset, gf.header, referee, table);
  Game g;
  g.header = gf.header;
  g.ruleset = ruleset;
  g.state = referee;
  rep.referee_position = position_json(g);
  rep.referee_position.erase("game");
  *report = std::move(rep);
  return Status::ok();
}

nlohmann::ordered_json audit_json(const AuditReport& r) {
  nlohmann::ordered_json j;
  j["file"] = r.file;
  j["moves"] = r.moves;
  j["accepted"] = r.accepted;
  j["breaches"] = nlohmann::ordered_json::array();
  for (const Breach& b : r.breaches)
    j["breaches"].push_back({{"line", b.line},
                             {"kind", b.kind},
                             {"move", b.move},
                             {"rule", b.violation.rule},
                             {"section", b.violation.section},
                             {"message", b.violation.message},
                             {"legal_instead", b.legal},
                             {"skipped", b.kind != "chance"},
                             {"table_version_known", b.table_version_known}});
  j["differences"] = nlohmann::ordered_json::array();
  for (const PlayerDifference& d : r.differences)
    j["differences"].push_back({{"player", d.player},
                                {"referee_cash", d.referee_cash},
                                {"table_cash", d.table_cash},
                                {"referee_square", d.referee_square},
                                {"table_square", d.table_square},
                                {"holdings", [&] {
                                   nlohmann::ordered_json h = nlohmann::ordered_json::array();
                                   for (const auto& x : d.holdings)
                                     h.push_back({{"property", x.property}, {"by_rules", x.by_rules}, {"at_table", x.at_table}});
                                   return h;
                                 }()}});
  j["position"] = r.referee_position;
  if (r.sealed) j["sealed"] = {{"seed_checked", r.seed_checked}};
  j["complete"] = r.unchecked_line == 0;
  if (r.unchecked_line != 0)
    j["unchecked"] = {{"line", r.unchecked_line}, {"move", r.unchecked_move}, {"lines", r.unchecked_lines}};
  return j;
}

std::string audit_text(const AuditReport& r) {
  std::string out = fmt::format("Audit of {}: {}, {} legal, {} breach{}.\n", r.file, count_of(r.moves, "move"), r.accepted,
                                r.breaches.size(), r.breaches.size() == 1 ? "" : "es");
  if (r.sealed)
    out += r.seed_checked ? "A sealed game: its dice and cards were checked against the seed given.\n"
                          : "A sealed game: its dice and cards are taken as written (give the revealed seed with --seed "
                            "to check them).\n";
  for (const Breach& b : r.breaches) {
    if (b.kind == "chance") {
      out += fmt::format("\nline {}: {}\n  breach of {} (rule book section {}): {}\n", b.line, b.move, b.violation.rule,
                         b.violation.section, b.violation.message);
      continue;
    }
    if (b.kind == "notation") {
      out += fmt::format("\nline {}: {}\n  not a move of the notation: {}\n  skipped by the referee\n", b.line, b.move,
                         b.violation.message);
      continue;
    }
    out += fmt::format("\nline {}: {}\n  breach of {} (rule book section {}): {}\n  skipped by the referee{}\n", b.line,
                       b.move, b.violation.rule, b.violation.section, b.violation.message,
                       b.table_version_known ? "; the table applied it anyway" : "");
    if (!b.legal.empty()) {
      out += "  legal instead:";
      for (const auto& l : b.legal) out += "\n    " + l;
      out += "\n";
    }
  }
  if (r.unchecked_line != 0)
    out += fmt::format("\nNot checked from line {} on ({} line{}): \"{}\" is a throw of a sealed game written without "
                       "its dice, and no seed was given; the position after it is not known. Write the dice as thrown, "
                       "or give the revealed seed (audit --seed HEX).\n",
                       r.unchecked_line, r.unchecked_lines, r.unchecked_lines == 1 ? "" : "s", r.unchecked_move);
  if (r.differences.empty()) {
    out += r.unchecked_line != 0 ? "\nThe table's position and the referee's agree as far as they were checked.\n"
                                 : "\nThe table's position and the referee's agree at the end.\n";
  } else {
    out += "\nWhere the referee's position differs from what the table believed at the end:\n";
    for (const PlayerDifference& d : r.differences) {
      out += fmt::format("  {}: cash {} by the rules, {} at the table; on {}{}\n", d.player, d.referee_cash, d.table_cash,
                         d.referee_square, d.table_square == d.referee_square ? "" : " (at the table: " + d.table_square + ")");
      for (const auto& h : d.holdings)
        out += fmt::format("    {}: {} by the rules, {} at the table\n", h.property, h.by_rules, h.at_table);
    }
  }
  return out;
}

}  // namespace deedlog
