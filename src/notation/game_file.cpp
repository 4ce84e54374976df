// A whole .game file: the header tags, an optional [Setup], the move lines; and printing them
// back in canonical form (docs/notation.md).
#include "deedlog/house_rules.h"
#include "deedlog/game_file.h"

#include <fmt/format.h>

#include <functional>

#include <algorithm>
#include <array>
#include <limits>
#include <map>
#include <optional>

#include "core/printable_text.h"
#include "notation/internal.h"

namespace deedlog {
namespace notation {
namespace {

// The tags the notation gives a meaning to, as printed.
constexpr std::string_view kRuleset = "Ruleset";
constexpr std::string_view kPlayers = "Players";
constexpr std::string_view kVariant = "Variant";
constexpr std::string_view kStarted = "Started";
constexpr std::string_view kTimeLimit = "TimeLimit";
constexpr std::string_view kSeed = "Seed";
constexpr std::string_view kHouseRules = "HouseRules";
// A sealed game: the commitment (SHA-256 hex) to the seed the referee keeps apart.
constexpr std::string_view kSealed = "Sealed";
constexpr std::string_view kSealedDice = "SealedDice";
constexpr std::array<std::string_view, 11> kKnownTags = {kRuleset, kPlayers, kVariant, kStarted, kTimeLimit,
                                                         kSeed, kHouseRules, kSealed, kSealedDice, "Title", "Site"};
// Longest player name accepted, in bytes.
constexpr std::size_t kMaxPlayerName = 64;
// Bounds on the parts of a TimeLimit ("1h30m"): a day of hours, a day of minutes.
constexpr int kMaxLimitHours = 24;
constexpr int kMaxLimitMinutes = 24 * 60;
constexpr int kMaxLimitSeconds = 24 * 60 * 60;
// The byte order mark some editors put at the start of a UTF-8 file.
constexpr std::string_view kBom = "\xEF\xBB\xBF";

std::vector<std::string_view> split_lines(std::string_view text) {
  if (text.substr(0, kBom.size()) == kBom) text.remove_prefix(kBom.size());
  std::vector<std::string_view> lines;
  std::size_t i = 0;
  while (i <= text.size()) {
    std::size_t j = text.find('\n', i);
    if (j == std::string_view::npos) j = text.size();
    lines.push_back(text.substr(i, j - i));
    i = j + 1;
  }
  if (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

// A line in brackets: a tag [Name "value"] or a section [Setup].
struct Bracket {
  bool is_tag = false;
  std::string name;   // the tag's name, or the section's
  std::string value;  // the tag's value, escapes undone
};

std::string parse_bracket(std::string_view s, Bracket* out) {
  *out = Bracket{};
  if (s.size() < 2 || s.back() != ']')
    return fmt::format("expected ']' at the end of '{}': tags are written [Name \"value\"]", s.substr(0, 60));
  std::string_view inner = trim(s.substr(1, s.size() - 2));
  std::size_t q = inner.find('"');
  if (q == std::string_view::npos) {
    out->name = std::string(inner);
    return "";
  }
  out->is_tag = true;
  std::size_t i = 0;
  auto name_char = [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  };
  while (i < inner.size() && name_char(inner[i])) ++i;
  out->name = std::string(inner.substr(0, i));
  if (out->name.empty()) return "expected a tag name after '[', like [Ruleset \"uk-1972\"]";
  while (i < inner.size() && (inner[i] == ' ' || inner[i] == '\t')) ++i;
  if (i >= inner.size() || inner[i] != '"')
    return fmt::format("expected a quoted value after the tag name {}, like [{} \"...\"]", out->name, out->name);
  ++i;
  if (!read_quoted(inner, &i, &out->value)) return "unterminated quote in the tag's value";
  if (!trim(inner.substr(i)).empty())
    return fmt::format("unexpected '{}' after the value of tag {}: one tag a line", trim(inner.substr(i)), out->name);
  return "";
}

std::vector<std::string> split_commas(std::string_view value) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (true) {
    std::size_t j = value.find(',', i);
    out.emplace_back(trim(value.substr(i, j == std::string_view::npos ? std::string_view::npos : j - i)));
    if (j == std::string_view::npos) break;
    i = j + 1;
  }
  return out;
}

std::string check_players(const std::vector<std::string>& players) {
  if (players.size() < 2 || players.size() > static_cast<std::size_t>(kMaxPlayers))
    return fmt::format("a game has 2 to {} players; the Players tag names {}", kMaxPlayers, players.size());
  for (std::size_t i = 0; i < players.size(); ++i) {
    const std::string& p = players[i];
    if (p.empty()) return "empty player name in the Players tag (two commas in a row?)";
    if (std::string why = player_name_problem(p); !why.empty()) return why;
    for (std::size_t j = 0; j < i; ++j) {
      if (iequals(players[j], p)) return fmt::format("player '{}' is named twice in the Players tag", p);
      if (names_look_alike(players[j], p))
        return fmt::format("players '{}' and '{}' cannot be told apart (names are matched ignoring case and "
                           "punctuation): give one of them another name",
                           players[j], p);
    }
  }
  return "";
}

std::string check_time_limit(std::string_view v) {
  const std::string bad =
      fmt::format("bad TimeLimit '{}': expected hours, minutes and/or seconds like 90m, 2h, 1h30m or 45s", v);
  std::string s = lower_ascii(trim(v));
  std::size_t i = 0;
  int hours = -1, minutes = -1, seconds = -1;
  while (i < s.size()) {
    std::size_t start = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    if (i == start || i == s.size()) return bad;
    auto n = parse_small(std::string_view(s).substr(start, i - start), kMaxLimitSeconds);
    if (!n) return bad;
    char unit = s[i++];
    // In that order, each once: hours, then minutes, then seconds (a speed event's, or a test's).
    if (unit == 'h' && hours < 0 && minutes < 0 && seconds < 0 && *n <= kMaxLimitHours) hours = *n;
    else if (unit == 'm' && minutes < 0 && seconds < 0 && *n <= kMaxLimitMinutes) minutes = *n;
    else if (unit == 's' && seconds < 0) seconds = *n;
    else return bad;
  }
  if (hours <= 0 && minutes <= 0 && seconds <= 0) return bad;
  return "";
}

std::string check_seed(std::string_view v, std::uint64_t* out) {
  if (v.empty()) return "the Seed tag is empty: expected a whole number";
  std::uint64_t n = 0;
  for (char c : v) {
    if (c < '0' || c > '9') return fmt::format("bad Seed '{}': expected a whole number", v.substr(0, 60));
    std::uint64_t d = static_cast<std::uint64_t>(c - '0');
    if (n > (std::numeric_limits<std::uint64_t>::max() - d) / 10)
      return fmt::format("Seed '{}' is too large (at most {})", v.substr(0, 60), std::numeric_limits<std::uint64_t>::max());
    n = n * 10 + d;
  }
  *out = n;
  return "";
}

// Slips an unknown tag may be from a known one and still be taken for a misspelling of it:
// one for short names (so "Date" is not read as "Site"), two for longer ones.
int tag_slips(std::string_view known) { return known.size() <= 5 ? 1 : 2; }

std::string_view known_tag(std::string_view name) {
  for (auto k : kKnownTags)
    if (iequals(k, name)) return k;
  return {};
}

std::string apply_tag(const Bracket& tag, GameHeader* h) {
  std::string_view known = known_tag(tag.name);
  if (known.empty()) {
    for (auto k : kKnownTags)
      if (edit_distance(tag.name, std::string(k)) <= tag_slips(k))
        return fmt::format("unknown tag '{}': did you mean {}?", tag.name, k);
    h->tags.emplace_back(tag.name, tag.value);
    return "";
  }
  h->tags.emplace_back(std::string(known), tag.value);
  if (known == kRuleset) {
    h->ruleset = std::string(trim(tag.value));
    if (h->ruleset.empty()) return "the Ruleset tag is empty: expected an edition like \"uk-1972\"";
  } else if (known == kPlayers) {
    h->players = split_commas(tag.value);
    return check_players(h->players);
  } else if (known == kVariant) {
    h->variants.clear();
    if (trim(tag.value).empty()) return "";
    h->variants = split_commas(tag.value);
    for (auto& v : h->variants) {
      if (v.empty()) return "empty variant in the Variant tag (two commas in a row?)";
      const std::string_view variant = known_variant(v);
      if (variant.empty())
        return fmt::format("unknown variant '{}' (known variants: {})", v.substr(0, 60), known_variants_list());
      v = std::string(variant);
    }
  } else if (known == kHouseRules) {
    // rule house/*: the house rules the table plays, each named (docs/rules.md, "House rules").
    h->house_rules.clear();
    if (trim(tag.value).empty()) return "";
    for (std::string& name : split_commas(tag.value)) {
      const std::string_view rule = canonical_house_rule(name);
      if (rule.empty())
        return fmt::format("unknown house rule '{}' (known house rules: {})", name.substr(0, 60), house_rules_list());
      h->house_rules.emplace_back(rule);
    }
  } else if (known == kSealed) {
    const std::string value(trim(tag.value));
    bool hex = value.size() == 64;
    for (char c : value) hex = hex && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
    if (!hex) return "Sealed: the commitment is 64 lowercase hex digits (the SHA-256 of the sealed seed)";
    h->sealed = value;
  } else if (known == kSealedDice) {
    const std::string value(trim(tag.value));
    if (value != kSealedDiceByThrow && value != kSealedDiceBySeat)
      return fmt::format("SealedDice: '{}' is not a way to deal a sealed game's dice (by-throw or by-seat)", value.substr(0, 60));
    h->sealed_dice = value;
  } else if (known == kSeed) {
    std::uint64_t seed = 0;
    std::string err = check_seed(trim(tag.value), &seed);
    if (!err.empty()) return err;
    h->seed = seed;
  } else if (known == kStarted) {
    h->started = std::string(trim(tag.value));
    std::string err = check_iso_date_time(h->started);
    if (!err.empty()) return "Started: " + err;
  } else if (known == kTimeLimit) {
    h->time_limit = std::string(trim(tag.value));
    return check_time_limit(h->time_limit);
  }
  return "";
}

// Reads the header from lines [0, ...): stops at [Setup], [Moves] or the first other line.
// *next is the index of that line; *ruleset_line the line of the Ruleset tag. lines[0] is the
// file's line first_line (a game of a file of several starts further down).
bool scan_header(const std::vector<std::string_view>& lines, int first_line, GameHeader* h, std::size_t* next,
                 int* ruleset_line, ParseError* error) {
  *h = GameHeader{};
  std::map<std::string, int> seen;  // tag name in lower case -> its line
  std::size_t i = 0;
  auto fail = [&](int line, std::string message) {
    if (error) *error = ParseError{line, std::move(message)};
    return false;
  };
  for (; i < lines.size(); ++i) {
    const int number = static_cast<int>(i) + first_line;
    std::string line;
    std::string err = clean_line(lines[i], &line);
    if (!err.empty()) return fail(number, err);
    if (line.empty()) continue;
    if (line.front() != '[') break;
    Bracket b;
    err = parse_bracket(line, &b);
    if (!err.empty()) return fail(number, err);
    if (!b.is_tag) {
      // "[Ruleset uk-1972]": a known tag with its value unquoted, not a section.
      const std::string first = lower_ascii(b.name.substr(0, b.name.find_first_of(" \t")));
      if (b.name.find_first_of(" \t") != std::string::npos && (first == "ruleset" || first == "players" ||
                                                                 first == "seed" || first == "variant" ||
                                                                 first == "houserules" || first == "title"))
        return fail(number, fmt::format("the value of tag {} must be in double quotes, like [{} \"...\"]",
                                        b.name.substr(0, b.name.find_first_of(" \t")),
                                        b.name.substr(0, b.name.find_first_of(" \t"))));
      break;
    }
    std::string key = lower_ascii(b.name);
    if (auto it = seen.find(key); it != seen.end())
      return fail(number, fmt::format("tag {} given twice (first on line {})", b.name, it->second));
    seen[key] = number;
    err = apply_tag(b, h);
    if (!err.empty()) return fail(number, err);
  }
  *next = i;
  if (!seen.count("ruleset")) return fail(first_line, "missing [Ruleset \"...\"] tag: which edition is played, like [Ruleset \"uk-1972\"]");
  if (!seen.count("players")) return fail(first_line, "missing [Players \"...\"] tag: the players in seating order, like [Players \"Ann, Ben\"]");
  *ruleset_line = seen["ruleset"];
  return true;
}

std::string escape_tag_value(const std::string& v) {
  std::string out;
  for (char c : v) {
    if (c == '"' || c == '\\') out.push_back('\\');
    out.push_back(c);
  }
  return out;
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : ", ") + i;
  return out;
}

}  // namespace
}  // namespace notation

using namespace notation;

std::string player_name_problem(const std::string& p) {
  // The name is echoed through printable_text: a name refused for a control character must
  // not act on the terminal that shows the refusal.
  if (p.empty()) return "a player's name is empty";
  if (p.size() > kMaxPlayerName)
    return fmt::format("player name '{}...' is too long (at most {} bytes)", printable_text(p.substr(0, 20)), kMaxPlayerName);
  if (iequals(p, kRefereeWord)) return "a player may not be called Referee: the word stands for the referee in move lines";
  std::size_t bad = p.find_first_of(kNameForbidden);
  if (bad != std::string::npos)
    return fmt::format("player name '{}' may not contain '{}' (the characters \" # : @ [ ] mean something in the notation)",
                       printable_text(p), p[bad]);
  if (std::string why = name_characters_problem(p); !why.empty())
    return fmt::format("player name '{}' cannot be used: {}", printable_text(p), why);
  return "";
}

std::string format_error(const ParseError& error) {
  return error.line > 0 ? fmt::format("line {}: {}", error.line, error.message) : error.message;
}

bool parse_header(const std::string& text, GameHeader* header, ParseError* error, int first_line) {
  std::vector<std::string_view> lines = split_lines(text);
  std::size_t next = 0;
  int ruleset_line = 0;
  GameHeader h;
  if (!scan_header(lines, first_line, &h, &next, &ruleset_line, error)) return false;
  *header = std::move(h);
  return true;
}

bool parse_game(const std::string& text, const Ruleset& ruleset, GameFile* out, ParseError* error) {
  return parse_game(text, ruleset, out, error, nullptr);
}

namespace {

bool read_game(const std::string& text, int first_line, const Ruleset& ruleset, GameFile* out, ParseError* error,
               const std::function<bool(const GameFile&, MoveLine&&)>& on_move, std::vector<ParseError>* bad_lines);

}  // namespace

bool parse_game(const std::string& text, const Ruleset& ruleset, GameFile* out, ParseError* error,
                const std::function<bool(const GameFile&, MoveLine&&)>& on_move, int first_line) {
  return read_game(text, first_line, ruleset, out, error, on_move, nullptr);
}

bool parse_game_skipping(const std::string& text, const Ruleset& ruleset, GameFile* out, ParseError* error,
                         std::vector<ParseError>* bad_lines) {
  return read_game(text, 1, ruleset, out, error, nullptr, bad_lines);
}

namespace {

bool read_game(const std::string& text, int first_line, const Ruleset& ruleset, GameFile* out, ParseError* error,
               const std::function<bool(const GameFile&, MoveLine&&)>& on_move, std::vector<ParseError>* bad_lines) {
  std::vector<std::string_view> lines = split_lines(text);
  GameFile game;
  std::size_t next = 0;
  int ruleset_line = 0;
  if (!scan_header(lines, first_line, &game.header, &next, &ruleset_line, error)) return false;
  auto fail = [&](int line, std::string message) {
    if (error) *error = ParseError{line, std::move(message)};
    return false;
  };
  if (game.header.ruleset != ruleset.id)
    return fail(ruleset_line, fmt::format("the game is for the edition '{}', not '{}'", game.header.ruleset, ruleset.id));
  if (game.header.players.size() > static_cast<std::size_t>(ruleset.max_players))
    return fail(first_line, fmt::format("{} is for at most {} players", ruleset.id, ruleset.max_players));

  enum class Part { Header, Setup, Moves } part = Part::Header;
  bool moves_tag = false;
  const Context ctx(ruleset, game.header.players);
  for (std::size_t i = next; i < lines.size(); ++i) {
    const int number = static_cast<int>(i) + first_line;
    std::string line;
    std::string err = clean_line(lines[i], &line);
    if (!err.empty()) return fail(number, err);
    if (line.empty()) continue;
    if (line.front() == '[') {
      Bracket b;
      err = parse_bracket(line, &b);
      if (!err.empty()) return fail(number, err);
      if (b.is_tag) return fail(number, fmt::format("tag {} comes too late: tags go at the top, before [Setup] and the moves", b.name));
      if (iequals(b.name, "Setup")) {
        if (part == Part::Setup || game.setup) return fail(number, "[Setup] given twice");
        if (part == Part::Moves) return fail(number, "[Setup] must come before the moves");
        part = Part::Setup;
        game.setup.emplace();
      } else if (iequals(b.name, "Moves")) {
        if (moves_tag) return fail(number, "[Moves] given twice");
        if (part == Part::Moves) return fail(number, "[Moves] must come before the first move");
        moves_tag = true;
        part = Part::Moves;
      } else {
        return fail(number, fmt::format("unknown section [{}]: expected [Setup] or [Moves]", b.name.substr(0, 60)));
      }
      continue;
    }
    if (part == Part::Setup) {
      err = parse_setup_line(line, ctx, &*game.setup);
      if (!err.empty()) return fail(number, err);
      continue;
    }
    part = Part::Moves;
    MoveLine move;
    move.line = number;
    move.text = line;
    move.comment = line_comment(lines[i]);
    std::vector<Command> more;
    // The line as written up to its comment, its indent kept, so that a column named in an
    // error (a stray mark) counts from the start of the file's line.
    std::string_view written = line;
    const std::size_t indent = lines[i].find_first_not_of(" \t");
    if (indent != std::string::npos && indent > 0 && std::string_view(lines[i]).substr(indent, line.size()) == line)
      written = std::string_view(lines[i]).substr(0, indent + line.size());
    err = parse_move_line(written, ctx, &move.command, &more);
    if (!err.empty() && bad_lines) {  // audit: the line is reported and skipped
      bad_lines->push_back(ParseError{number, err});
      continue;
    }
    if (!err.empty()) return fail(number, err);
    // A line naming several properties is one move for each, in the order written.
    std::vector<MoveLine> each{std::move(move)};
    for (Command& c : more) {
      MoveLine m = each.front();
      m.command = std::move(c);
      m.comment.clear();  // the comment goes with the line's first move only
      each.push_back(std::move(m));
    }
    bool stop = false;
    for (MoveLine& m : each) {
      if (!on_move) {
        game.moves.push_back(std::move(m));
      } else if (!on_move(game, std::move(m))) {
        stop = true;
        break;
      }
    }
    if (stop) break;
  }
  *out = std::move(game);
  return true;
}

}  // namespace

std::string comment_of(const std::string& line) { return line_comment(line); }

std::string print_game(const GameHeader& header, const std::optional<SetupPosition>& setup,
                       const std::vector<Command>& moves, const Ruleset& ruleset,
                       const std::vector<std::string>* comments) {
  std::string out;
  auto tag = [&](std::string_view name, const std::string& value) {
    out += fmt::format("[{} \"{}\"]\n", name, escape_tag_value(value));
  };
  // The header's fields that have a tag of their own, each printed once: where its tag was typed
  // (the header, tags and all, is hashed into the game's chain, so a file printed back re-imports
  // to the same journal only with its tags where they were), or else, for a header built by a
  // program, Ruleset and Players first and the others, when set, after the tags.
  struct Field {
    std::string_view tag;
    std::optional<std::string> value;  // none: not set
    bool first = false;                // printed before the other tags when none names it
    bool kept_unset = false;           // where its tag was typed, printed even when not set
    bool done = false;
  };
  auto when = [](bool is_set, std::string value) { return is_set ? std::optional(std::move(value)) : std::nullopt; };
  std::array<Field, 9> fields = {{
      {kRuleset, header.ruleset, /*first=*/true},
      {kPlayers, join(header.players), /*first=*/true},
      {kVariant, when(!header.variants.empty(), join(header.variants)), false, /*kept_unset=*/true},
      {kSeed, when(header.seed.has_value(), std::to_string(header.seed.value_or(0)))},
      {kSealed, when(!header.sealed.empty(), header.sealed)},
      {kSealedDice, when(!header.sealed_dice.empty(), header.sealed_dice)},
      {kHouseRules, when(!header.house_rules.empty(), join(header.house_rules))},
      {kStarted, when(!header.started.empty(), header.started)},
      {kTimeLimit, when(!header.time_limit.empty(), header.time_limit)},
  }};
  auto field_of = [&](std::string_view known) -> Field* {
    for (Field& f : fields)
      if (!known.empty() && f.tag == known) return &f;
    return nullptr;
  };
  for (Field& f : fields) {
    if (!f.first) continue;
    bool typed = false;
    for (const auto& named : header.tags) typed = typed || known_tag(named.first) == f.tag;
    if (!typed) tag(f.tag, *f.value);
    f.done = !typed;
  }
  for (const auto& [name, value] : header.tags) {
    std::string_view known = known_tag(name);
    if (Field* f = field_of(known)) {
      if (!f->done && (f->value || f->kept_unset)) tag(f->tag, f->value.value_or(""));
      f->done = true;
    } else {
      tag(known.empty() ? std::string_view(name) : known, value);
    }
  }
  for (const Field& f : fields)
    if (!f.done && f.value) tag(f.tag, *f.value);
  out += "\n";
  if (setup) out += "[Setup]\n" + print_setup(*setup, ruleset, header.players);
  out += "[Moves]\n";
  for (std::size_t i = 0; i < moves.size(); ++i) {
    out += print_move(moves[i], ruleset, header.players);
    if (comments && i < comments->size() && !(*comments)[i].empty()) out += "  # " + (*comments)[i];
    out += "\n";
  }
  return out;
}

}  // namespace deedlog
