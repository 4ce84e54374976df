// Move lines: "[@TIME] ACTOR VERB ..." into a Command and back (docs/notation.md, "Moves").
#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "deedlog/clock_stamp.h"
#include "notation/internal.h"
#include "rules/card_lookup.h"

namespace deedlog {
namespace notation {
namespace {

// The lowest and highest face of a die.
constexpr int kDieMin = 1;
constexpr int kDieMax = 6;
// Bound on counts written in a line (cards in a trade), far above any edition's stock.
constexpr int kMaxCount = 99;
// Bound on the moves a take-back names; how many the rules allow is theirs to say.
constexpr int kMaxTakeBack = 9999;
// The percentage a "pays tax N%" may name.
constexpr int kMaxPercent = 100;
// A player's name is looked for in at most this many leading words of a line without a verb.
constexpr std::size_t kMaxNameWords = 8;
// What an echoed stretch of the line is cut to in messages.
constexpr std::size_t kMaxEcho = 60;

std::string echo(std::string_view s) {
  std::string out(s.substr(0, std::min(s.size(), kMaxEcho)));
  if (s.size() > kMaxEcho) out += "...";
  return out;
}

std::string word_at(const std::vector<Token>& tokens, std::size_t k) {
  if (k >= tokens.size() || tokens[k].punct) return "";
  return lower_ascii(tokens[k].text);
}

// "a", "an", "one" or digits: a count of at least 1 and at most max.
std::optional<int> count_word(const std::string& w, int max) {
  if (w == "a" || w == "an" || w == "one") return 1;
  return parse_small(w, max);
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string unexpected(std::string_view line, const std::vector<Token>& tokens, std::size_t k,
                       std::string_view after) {
  return fmt::format("unexpected '{}' after '{}'", echo(span_text(line, tokens, k, tokens.size())), after);
}

// One side of a trade: "Mayfair, 100, "Park Lane", card" / "nothing" / "".
std::string parse_side(std::string_view line, const std::vector<Token>& tokens, std::size_t first, std::size_t last,
                       const Context& ctx, TradeSide* side) {
  *side = TradeSide{};
  if (first == last) return "";
  bool nothing = false, amount = false, cards = false;
  std::size_t items = 0;
  auto parts = split_list(line, tokens, first, last, ctx);
  // "1,000": a comma written tight between digits and three digits is a thousands separator,
  // not the end of an item.
  for (std::size_t i = 0; i + 1 < parts.size();) {
    auto [a, b] = parts[i];
    auto [c2, d] = parts[i + 1];
    const bool tight = b > a && c2 == b + 1 && d == c2 + 1 && !tokens[b - 1].quoted && !tokens[c2].quoted &&
                       tokens[b - 1].end == tokens[b].begin && tokens[b].end == tokens[c2].begin &&
                       tokens[c2].text.size() == 3 && parse_small(tokens[c2].text, 999).has_value() &&
                       !tokens[b - 1].text.empty() && is_digit(tokens[b - 1].text.back());
    if (!tight) {
      ++i;
      continue;
    }
    parts[i].second = d;
    parts.erase(parts.begin() + static_cast<std::ptrdiff_t>(i) + 1);
  }
  for (auto [a, b] : parts) {
    if (a == b) return "empty item in the offer (two commas in a row?)";
    ++items;
    std::string w0 = word_at(tokens, a);
    std::string wl = word_at(tokens, b - 1);
    if (b - a == 1 && !tokens[a].quoted && (w0 == "nothing" || w0 == "none")) {
      nothing = true;
      continue;
    }
    if (!tokens[b - 1].quoted && (wl == "card" || wl == "cards") && b - a <= 2) {
      if (cards) return "Get Out of Jail Free cards named twice on one side of the offer";
      cards = true;
      if (b - a == 1) {
        if (wl == "cards") return "how many cards? write 'card' or '2 cards'";
        side->jail_cards = 1;
      } else {
        auto n = count_word(w0, kMaxCount);
        if (!n || *n < 1) return fmt::format("expected a number of cards, got '{}'", echo(tokens[a].text));
        side->jail_cards = *n;
      }
      continue;
    }
    std::string text = span_text(line, tokens, a, b);
    bool looks_like_money = !tokens[a].quoted && !text.empty() &&
                            (is_digit(text.front()) || text.front() == '$' || text.rfind("£", 0) == 0 ||
                             (!ctx.ruleset.words.currency.empty() && text.rfind(ctx.ruleset.words.currency, 0) == 0));
    if (looks_like_money) {
      if (amount) return "two amounts on one side of the offer; write their sum";
      amount = true;
      std::int64_t v = 0;
      std::string err = parse_amount(text, ctx.ruleset.words.currency, &v);
      if (!err.empty()) return err;
      if (v <= 0) return "an amount in an offer must be more than 0";
      side->cash = Money{v};
      continue;
    }
    SquareId sq = kNoSquare;
    std::string err = resolve_square_tokens(line, tokens, a, b, ctx, /*properties_first=*/true, &sq);
    if (!err.empty()) return err;
    if (std::find(side->properties.begin(), side->properties.end(), sq) != side->properties.end())
      return fmt::format("{} is named twice on one side of the offer", square_notation_name(ctx.ruleset, sq));
    side->properties.push_back(sq);
  }
  if (nothing && items > 1) return "'nothing' stands alone on its side of the offer";
  return "";
}

std::string print_side(const TradeSide& side, const Ruleset& ruleset) {
  std::vector<std::string> items;
  for (SquareId s : side.properties) items.push_back(quote_if_needed(square_notation_name(ruleset, s)));
  if (!side.cash.is_zero()) items.push_back(std::to_string(side.cash.units));
  if (side.jail_cards == 1) items.push_back("card");
  if (side.jail_cards > 1) items.push_back(std::to_string(side.jail_cards) + " cards");
  if (items.empty()) return "nothing";
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : ", ") + i;
  return out;
}

// Item [a, b) of a list of properties each named once (a deal, a Conglomerate), added to out;
// refused when it is not a property, or named before (`not_property` and `twice` follow its name).
std::string add_property_once(std::string_view line, const std::vector<Token>& tokens, std::size_t a, std::size_t b,
                              const Context& ctx, std::string_view not_property, std::string_view twice,
                              std::vector<SquareId>* out) {
  SquareId sq = kNoSquare;
  std::string err = resolve_square_tokens(line, tokens, a, b, ctx, /*properties_first=*/true, &sq);
  if (!err.empty()) return err;
  if (!ctx.ruleset.square(sq).is_property()) return square_notation_name(ctx.ruleset, sq) + std::string(not_property);
  if (std::find(out->begin(), out->end(), sq) != out->end())
    return square_notation_name(ctx.ruleset, sq) + std::string(twice);
  out->push_back(sq);
  return "";
}

// The title deeds dealt in "Referee deals Ann: Mayfair, "Park Lane"", tokens [first, last):
// properties only, at least one, each once.
std::string parse_dealt(std::string_view line, const std::vector<Token>& tokens, std::size_t first, std::size_t last,
                        const Context& ctx, std::vector<SquareId>* out) {
  out->clear();
  if (first == last) return "expected the title deeds dealt after ':', like 'Referee deals Ann: Mayfair, \"Park Lane\"'";
  for (auto [a, b] : split_list(line, tokens, first, last, ctx)) {
    if (a == b) return "empty item in the deal (two commas in a row?)";
    std::string text = span_text(line, tokens, a, b);
    std::string wl = word_at(tokens, b - 1);
    const std::string& currency = ctx.ruleset.words.currency;
    bool money = !text.empty() && (is_digit(text.front()) || text.front() == '$' || text.rfind("£", 0) == 0 ||
                                   (!currency.empty() && text.rfind(currency, 0) == 0));
    bool cards = (wl == "card" || wl == "cards") && b - a <= 2;
    bool nothing = b - a == 1 && (wl == "nothing" || wl == "none");
    if (!tokens[a].quoted && (money || cards || nothing))
      return fmt::format("only title deeds are dealt; expected a property, got '{}'", echo(text));
    std::string err =
        add_property_once(line, tokens, a, b, ctx, " is not a property; only title deeds are dealt", " is dealt twice", out);
    if (!err.empty()) return err;
  }
  return "";
}

// Where an edition names its buildings otherwise, the usage in a message says so too: a player
// of the military edition reads " (or Ammo Store, Ammo Stores, Barracks)".
std::string edition_building_words(const Words& words) {
  std::vector<std::string> own;
  for (const std::string* w : {&words.house, &words.houses, &words.hotel, &words.hotels}) {
    const std::string lower = lower_ascii(*w);
    if (w->empty() || lower == "house" || lower == "houses" || lower == "hotel" || lower == "hotels") continue;
    if (std::find(own.begin(), own.end(), *w) == own.end()) own.push_back(*w);
  }
  if (own.empty()) return "";
  std::string out;
  for (const auto& w : own) out += (out.empty() ? "" : ", ") + w;
  return " (or " + out + ")";
}

// Lower case with each run of blanks one space: "Ammo  Store" written in quotes is the word too.
std::string one_spaced(std::string_view s) {
  std::string out;
  for (char c : lower_ascii(trim(s))) {
    const bool blank = c == ' ' || c == '\t';
    if (blank && !out.empty() && out.back() == ' ') continue;
    out.push_back(blank ? ' ' : c);
  }
  return out;
}

// The properties of a move that may name several ("builds houses on Angel, Euston",
// "mortgages "Park Lane" and Mayfair"), tokens [first, last): the whole run as one name when it
// is one (a name may hold "and"), else a list split at commas and at an unquoted "and". The
// first goes to *first_site, the others to *more; each is its own move (docs/notation.md).
std::string parse_sites(std::string_view line, const std::vector<Token>& tokens, std::size_t first, std::size_t last,
                        const Context& ctx, SquareId* first_site, std::vector<SquareId>* more) {
  std::string whole = resolve_square_tokens(line, tokens, first, last, ctx, /*properties_first=*/true, first_site);
  if (whole.empty()) return "";
  std::vector<std::pair<std::size_t, std::size_t>> items;
  for (auto [a, b] : split_list(line, tokens, first, last, ctx)) {
    std::size_t start = a;
    for (std::size_t i = a; i < b; ++i) {
      if (tokens[i].quoted || lower_ascii(tokens[i].text) != "and") continue;
      items.push_back({start, i});
      start = i + 1;
    }
    items.push_back({start, b});
  }
  if (items.size() < 2) return whole;
  std::vector<SquareId> sites;
  for (std::size_t i = 0; i < items.size(); ++i) {
    auto [a, b] = items[i];
    if (a == b) {
      // "A, B, and C": the comma before the last "and" is not an empty item
      if (i + 1 < items.size() && i > 0) continue;
      return "empty item in the list of properties (two commas in a row?)";
    }
    SquareId sq = kNoSquare;
    std::string err = resolve_square_tokens(line, tokens, a, b, ctx, /*properties_first=*/true, &sq);
    if (!err.empty()) return err;
    if (std::find(sites.begin(), sites.end(), sq) != sites.end())
      return fmt::format("{} is named twice in the list", square_notation_name(ctx.ruleset, sq));
    sites.push_back(sq);
  }
  *first_site = sites.front();
  if (more) more->assign(sites.begin() + 1, sites.end());
  return "";
}

// "house on X", "2 houses on X", "hotel on X" after builds / sells, from token k.
std::string parse_building(std::string_view line, const std::vector<Token>& tokens, std::size_t k,
                           const Context& ctx, std::string_view verb, Command* c, std::vector<SquareId>* more) {
  const std::string usage = fmt::format("'{0} house on X', '{0} 2 houses on X' or '{0} hotel on X'{1}", verb,
                                        edition_building_words(ctx.ruleset.words));
  int count = 1;
  bool count_given = false;
  std::string w = word_at(tokens, k);
  if (!w.empty() && (is_digit(w.front()) || w == "a" || w == "an" || w == "one")) {
    auto n = count_word(w, kMaxCount);
    if (!n) return fmt::format("expected a number of houses, got '{}'", echo(tokens[k].text));
    count = *n;
    count_given = true;
    ++k;
  }
  std::size_t after = k;
  const auto building = building_word(tokens, k, tokens.size(), ctx.ruleset.words, &after);
  if (!building) return fmt::format("expected {}", usage);
  const bool hotel = *building == BuildingWord::Hotel || *building == BuildingWord::Hotels;
  const bool plural = *building == BuildingWord::Houses;
  if (hotel && count != 1) return fmt::format("a site has at most one hotel: write '{} hotel on X'", verb);
  if (!hotel) {
    // "builds houses on A, B, C" is a house on each; on one site the count must be written.
    const std::size_t on = after < tokens.size() ? after + 1 : after;
    if (plural && !count_given &&
        !(word_at(tokens, after) == "on" && on < tokens.size() &&
          [&] {
            SquareId ignored = kNoSquare;
            std::vector<SquareId> others;
            return parse_sites(line, tokens, on, tokens.size(), ctx, &ignored, &others).empty() && !others.empty();
          }()))
      return fmt::format("how many houses? write '{} 2 houses on X'", verb);
    if (count < 1 || count > ctx.ruleset.houses_per_hotel)
      return fmt::format("expected 1 to {} houses, got {}", ctx.ruleset.houses_per_hotel, count);
  }
  k = after;
  if (word_at(tokens, k) != "on") return fmt::format("expected 'on' and a property: {}", usage);
  ++k;
  if (k >= tokens.size()) return fmt::format("expected a property after 'on': {}", usage);
  c->count = count;
  c->hotel = hotel;
  return parse_sites(line, tokens, k, tokens.size(), ctx, &c->square, more);
}

// The word for the Bank as the payer of an award ("from Bank"); a player called Bank is written
// in quotes there.
constexpr std::string_view kBankWord = "Bank";

const std::string kAwardUsage = "like 'Referee awards Ann 50', 'Referee awards Ann 50 from Ben' or "
                                "'Referee awards Ann Mayfair'";
const std::string kOneThingAwarded = "an award is an amount or one title deed, not both; write one line for each";

// A token that starts an amount rather than a name: a digit, a sign or a currency sign.
bool starts_amount(const Token& t, const std::string& currency) {
  if (t.quoted || t.punct || t.text.empty()) return false;
  const std::string& s = t.text;
  return is_digit(s.front()) || s.front() == '-' || s.front() == '+' || s.front() == '$' || s.rfind("£", 0) == 0 ||
         (!currency.empty() && s.rfind(currency, 0) == 0);
}

// What an award gives, tokens [a, b): an amount (more than 0) or the title deed of one property.
std::string parse_award_what(std::string_view line, const std::vector<Token>& tokens, std::size_t a, std::size_t b,
                             const Context& ctx, Command* c) {
  const std::string& currency = ctx.ruleset.words.currency;
  if (a == b) return fmt::format("expected an amount or a title deed after the player, {}", kAwardUsage);
  if (starts_amount(tokens[a], currency)) {
    std::int64_t v = 0;
    std::string err = parse_amount(span_text(line, tokens, a, b), currency, &v);
    if (!err.empty()) {
      for (std::size_t m = a + 1; m < b; ++m) {  // an amount, then more: "50 Mayfair", "50 fro Ben"
        std::int64_t ignored = 0;
        if (!parse_amount(span_text(line, tokens, a, m), currency, &ignored).empty()) continue;
        std::size_t rest = tokens[m].punct == ',' && m + 1 < b ? m + 1 : m;
        SquareId deed = kNoSquare;
        if (resolve_square_tokens(line, tokens, rest, b, ctx, /*properties_first=*/true, &deed).empty())
          return kOneThingAwarded;
        return fmt::format("unexpected '{}' after the amount; expected 'from PLAYER' or 'for REASON'",
                           echo(span_text(line, tokens, m, b)));
      }
      return err;
    }
    if (v <= 0) return "an award must be more than 0";
    c->amount = Money{v};
    return "";
  }
  SquareId sq = kNoSquare;
  std::string err = resolve_square_tokens(line, tokens, a, b, ctx, /*properties_first=*/true, &sq);
  if (!err.empty()) {
    for (std::size_t m = b - 1; m > a; --m) {  // "Mayfair 50" / "Mayfair, 50": a deed, then an amount
      if (!starts_amount(tokens[m], currency)) continue;
      std::size_t name_end = tokens[m - 1].punct == ',' ? m - 1 : m;
      SquareId ignored = kNoSquare;
      if (name_end > a && resolve_square_tokens(line, tokens, a, name_end, ctx, true, &ignored).empty())
        return kOneThingAwarded;
    }
    return err;
  }
  if (!ctx.ruleset.square(sq).is_property())
    return fmt::format("{} is not a property; an award is an amount or a title deed", square_notation_name(ctx.ruleset, sq));
  c->square = sq;
  return "";
}

// Who pays an award, tokens [a, b) after "from": a player, or the Bank.
std::string parse_payer(std::string_view line, const std::vector<Token>& tokens, std::size_t a, std::size_t b,
                        const Context& ctx, PlayerId* out) {
  if (a == b) return "expected a player or the Bank after 'from'";
  if (mixed_quotes(tokens, a, b)) return "expected one player's name or Bank after 'from'";
  std::string who = span_text(line, tokens, a, b);
  if (b - a == 1 && !tokens[a].quoted && iequals(who, kBankWord)) {
    *out = kBank;
    return "";
  }
  if (iequals(trim(who), kRefereeWord)) return "the Referee pays nothing; expected a player or the Bank after 'from'";
  return resolve_player(who, ctx, /*allow_referee=*/false, out);
}

// The award without its reason, tokens [a, b): "PLAYER AMOUNT [from PAYER]" or "PLAYER DEED".
// Every reading of the words is tried (a player's name may have spaces, or hold the word
// 'from'); exactly one must give a well-formed award.
std::string parse_award(std::string_view line, const std::vector<Token>& tokens, std::size_t a, std::size_t b,
                        const Context& ctx, Command* c) {
  if (a == b) return fmt::format("expected the player awarded and what is awarded, {}", kAwardUsage);
  std::vector<std::size_t> froms;
  for (std::size_t i = a + 1; i < b; ++i)
    if (!tokens[i].quoted && word_at(tokens, i) == "from") froms.push_back(i);
  froms.push_back(b);  // no payer named: the Bank
  std::vector<Command> readings;
  std::string first_error;
  for (std::size_t f : froms) {
    std::string error;        // of the longest player's name that resolved, else of the shortest tried
    bool player_found = false;
    std::size_t last_split = tokens[a].quoted ? a + 1 : f - 1;
    for (std::size_t j = a + 1; j <= last_split && j < f; ++j) {
      if (mixed_quotes(tokens, a, j)) break;
      Command attempt = *c;
      std::string who = span_text(line, tokens, a, j);
      std::string err;
      if (iequals(trim(who), kRefereeWord)) {
        err = "an award goes to a player, not to the Referee";
      } else {
        err = resolve_player(who, ctx, /*allow_referee=*/false, &attempt.counterparty);
      }
      if (!err.empty()) {
        if (!player_found && error.empty()) error = err;
        continue;
      }
      player_found = true;
      err = parse_award_what(line, tokens, j, f, ctx, &attempt);
      if (err.empty() && f < b) {
        if (attempt.square != kNoSquare)
          err = "a title deed is taken from whoever holds it; write the award without 'from', like "
                "'Referee awards Ann Mayfair'";
        else
          err = parse_payer(line, tokens, f + 1, b, ctx, &attempt.payer);
        if (err.empty() && attempt.payer == attempt.counterparty)
          err = fmt::format("{0} cannot be awarded money from {0}; name another payer, or leave out 'from' for "
                            "the Bank", ctx.players[static_cast<std::size_t>(attempt.counterparty)]);
      }
      if (!err.empty()) {
        error = err;
        continue;
      }
      if (std::find(readings.begin(), readings.end(), attempt) == readings.end()) readings.push_back(attempt);
    }
    if (f == a + 1) error = fmt::format("expected an amount or a title deed after the player, {}", kAwardUsage);
    if (first_error.empty()) first_error = error;
  }
  if (readings.size() > 1) return "the award can be read more than one way; put the player's name in quotes";
  if (readings.empty()) return first_error.empty() ? fmt::format("expected an award, {}", kAwardUsage) : first_error;
  *c = readings.front();
  return "";
}

// The reason given after "for", tokens [a, b): one quoted text, or the rest of the line as written.
std::string parse_reason(std::string_view line, const std::vector<Token>& tokens, std::size_t a, std::size_t b,
                         std::string* note) {
  if (a == b) return "expected the reason after 'for', like 'for \"rent on Mayfair\"'";
  if (tokens[a].quoted && b - a > 1)
    return fmt::format("unexpected '{}' after the reason \"{}\"", echo(span_text(line, tokens, a + 1, b)),
                       echo(tokens[a].text));
  std::string text = span_text(line, tokens, a, b);
  if (trim(text).empty()) return "the reason after 'for' is empty; leave out 'for' or give the reason";
  *note = text;
  return "";
}

// What a verb's form reads: the line, its tokens, where the verb's arguments begin (the token
// after the verb word), the game's names, and the verb's row of the table.
struct VerbForm;
struct Args {
  std::string_view line;
  const std::vector<Token>& tokens;
  std::size_t k;
  const Context& ctx;
  const VerbForm& verb;
  std::size_t n() const { return tokens.size(); }
  // Nothing more on the line from token `at` on.
  std::string end_here(std::size_t at, std::string_view after) const {
    return at < n() ? unexpected(line, tokens, at, after) : "";
  }
  // The player a move names before its ':' ("offers Ben: ...", "deals Ann: ..."), from token k,
  // into c->counterparty, and where the ':' is. The player is `role` ("offered to") in the
  // refusals' words; `referee_refusal`, when given, refuses the Referee named there.
  std::string counterparty_before_colon(std::string_view role, const std::string& usage,
                                        std::string_view referee_refusal, Command* c, std::size_t* colon) const {
    std::size_t at = k;
    while (at < n() && tokens[at].punct != ':') ++at;
    if (at == n()) return fmt::format("expected ':' after the player {}, {}", role, usage);
    if (at == k) return fmt::format("expected the player {} before ':', {}", role, usage);
    if (mixed_quotes(tokens, k, at)) return fmt::format("expected a player's name before ':', {}", usage);
    *colon = at;
    const std::string who = span_text(line, tokens, k, at);
    if (!referee_refusal.empty() && iequals(trim(who), kRefereeWord)) return std::string(referee_refusal);
    return resolve_player(who, ctx, /*allow_referee=*/false, &c->counterparty);
  }
};

// What a verb's form writes after the actor's name.
struct Printer {
  const Ruleset& ruleset;
  const std::vector<std::string>& players;
  std::string square(SquareId s) const { return quote_if_needed(square_notation_name(ruleset, s)); }
  // " A, B, C": the squares, each after a space, comma-separated ("" for none).
  std::string squares(const std::vector<SquareId>& list) const {
    std::string out;
    for (SquareId s : list) out += (out.empty() ? " " : ", ") + square(s);
    return out;
  }
};

using ParseForm = std::string (*)(const Args&, Command*, std::vector<SquareId>*);
using PrintForm = void (*)(const Printer&, const Command&, std::string*);

// A verb as the notation knows it: a row of the verb list (deedlog/verbs.h).
struct VerbForm {
  Verb verb;
  VerbMaker maker;
  std::string_view name;   // "claims rent"
  std::string_view word;   // "claims": the word a line is read by
  std::string_view plain;  // "claim"
  std::string_view usage;  // "pays tax flat|pays tax 10%"
  std::string_view referee;
  ParseForm parse;
  PrintForm print;
};

constexpr std::string_view first_word(std::string_view name) { return name.substr(0, name.find(' ')); }
constexpr std::string_view after_first_word(std::string_view name) {
  const std::size_t space = name.find(' ');
  return space == std::string_view::npos ? std::string_view() : name.substr(space + 1);
}

// The words of a text, split at spaces.
std::vector<std::string_view> words_of(std::string_view text) {
  std::vector<std::string_view> out;
  while (!text.empty()) {
    const std::size_t space = text.find(' ');
    out.push_back(text.substr(0, space));
    text = space == std::string_view::npos ? std::string_view() : text.substr(space + 1);
  }
  return out;
}

// "'a'", "'a' or 'b'", "'a', 'b' or 'c'": the forms of a usage, `|` between them.
std::string either(const std::vector<std::string_view>& forms) {
  std::string out;
  for (std::size_t i = 0; i < forms.size(); ++i) {
    if (i > 0) out += i + 1 == forms.size() ? " or " : ", ";
    out += "'";
    out += forms[i];
    out += "'";
  }
  return out;
}
void add_forms(std::string_view usage, std::vector<std::string_view>* out) {
  while (!usage.empty()) {
    const std::size_t bar = usage.find('|');
    out->push_back(usage.substr(0, bar));
    usage = bar == std::string_view::npos ? std::string_view() : usage.substr(bar + 1);
  }
}

// The forms: how each verb's arguments are read and written (deedlog/verbs.h, "form").
namespace form {

// The verb's name alone: "declines", "ends turn", "claims rent".
namespace words {
std::string parse(const Args& a, Command*, std::vector<SquareId>*);
void print(const Printer&, const Command& c, std::string* out);
}  // namespace words

namespace dice {
std::string parse(const Args& a, Command* c, std::vector<SquareId>*) {
  const std::size_t n = a.n(), k = a.k;
  if (k == n) return "";
  if (n - k != 2) return "expected two dice, like 'rolls 3 4' (or 'rolls' alone for the referee's throw)";
  for (std::size_t i = 0; i < 2; ++i) {
    const Token& t = a.tokens[k + i];
    auto d = t.quoted ? std::nullopt : parse_small(t.text, kDieMax);
    if (!d || *d < kDieMin) return fmt::format("a die shows {} to {}, got '{}'", kDieMin, kDieMax, echo(t.text));
    (i == 0 ? c->die1 : c->die2) = *d;
  }
  return "";
}
void print(const Printer&, const Command& c, std::string* out) {
  *out += (c.die1 == 0 && c.die2 == 0) ? std::string("rolls") : fmt::format("rolls {} {}", c.die1, c.die2);
}
}  // namespace dice

// "buys", or "buys "King's Cross Station"": naming what is bought; the engine refuses any other
// square than the one offered.
namespace purchase {
std::string parse(const Args& a, Command* c, std::vector<SquareId>*) {
  if (a.k == a.n()) return "";
  return resolve_square_tokens(a.line, a.tokens, a.k, a.n(), a.ctx, /*properties_first=*/true, &c->square);
}
void print(const Printer& p, const Command& c, std::string* out) {
  *out += c.square == kNoSquare ? std::string("buys") : "buys " + p.square(c.square);
}
}  // namespace purchase

namespace bid {
std::string parse(const Args& a, Command* c, std::vector<SquareId>*) {
  const std::size_t n = a.n(), k = a.k;
  if (k == n) return "expected an amount, like 'bids 120'";
  if (mixed_quotes(a.tokens, k, n) || a.tokens[k].quoted) return "expected an amount, like 'bids 120'";
  std::int64_t amount = 0;
  std::string err = parse_amount(span_text(a.line, a.tokens, k, n), a.ctx.ruleset.words.currency, &amount);
  if (!err.empty()) return err;
  if (amount <= 0) return "a bid must be more than 0";
  c->amount = Money{amount};
  return "";
}
void print(const Printer&, const Command& c, std::string* out) { *out += fmt::format("bids {}", c.amount.units); }
}  // namespace bid

namespace card {
std::string parse(const Args& a, Command* c, std::vector<SquareId>*) {
  const std::size_t n = a.n(), k = a.k;
  if (k == n) return "";
  if (mixed_quotes(a.tokens, k, n))
    return "expected the card's text, in quotes or not, like 'draws \"Advance to Mayfair\"'";
  c->card_query = span_text(a.line, a.tokens, k, n);
  // Which pack is due is the engine's to know; here it is enough that some pack has the card,
  // and the engine is told which card the words name in each.
  c->card_in_pack = card_in_each_pack(c->card_query, a.ctx.ruleset);
  // Only words no pack has need the slower search for the nearest cards to suggest.
  if (c->card_in_pack[0] != kNoCard || c->card_in_pack[1] != kNoCard) return "";
  return find_card_in_any_pack(c->card_query, a.ctx.ruleset).error;
}
void print(const Printer& p, const Command& c, std::string* out) {
  *out += "draws";
  if (c.card_query.empty()) return;
  bool bare = numbered_card(c.card_query, p.ruleset) && c.card_query.find_first_of(" \t\"#") == std::string::npos;
  *out += " " + (bare ? c.card_query : quote(c.card_query));
}
}  // namespace card

// "uses card", "uses a card", "uses the card", "uses his card": the Get Out of Jail Free card.
namespace jail_card {
std::string parse(const Args& a, Command*, std::vector<SquareId>*) {
  std::size_t k = a.k;
  const std::string w = word_at(a.tokens, k);
  if (w == "a" || w == "the" || w == "his" || w == "her" || w == "their" || w == "my") ++k;
  if (word_at(a.tokens, k) != "card") return "expected 'uses card'";
  return a.end_here(k + 1, "uses card");
}
void print(const Printer& p, const Command& c, std::string* out) { words::print(p, c, out); }
}  // namespace jail_card

// "builds house on X", "sells 2 houses on X, Y": the verb word is the verb's own.
namespace building {
std::string parse(const Args& a, Command* c, std::vector<SquareId>* more);
void print(const Printer& p, const Command& c, std::string* out);
}  // namespace building

namespace sites {
std::string parse(const Args& a, Command* c, std::vector<SquareId>* more);
void print(const Printer& p, const Command& c, std::string* out);
}  // namespace sites

namespace offer {
std::string parse(const Args& a, Command* c, std::vector<SquareId>*) {
  const std::string usage = "like 'Ann offers Ben: Mayfair, 100 for \"Park Lane\", card'";
  std::size_t colon = 0;
  std::string err = a.counterparty_before_colon("offered to", usage, "", c, &colon);
  if (!err.empty()) return err;
  const std::size_t n = a.n();
  const auto& tokens = a.tokens;
  std::vector<std::size_t> fors;
  for (std::size_t i = colon + 1; i < n; ++i)
    if (!tokens[i].quoted && word_at(tokens, i) == "for") fors.push_back(i);
  if (fors.empty()) return fmt::format("expected 'for' between what is given and what is asked, {}", usage);
  if (fors.size() > 1) return "'for' appears twice in the offer; quote a name that holds the word";
  err = parse_side(a.line, tokens, colon + 1, fors[0], a.ctx, &c->give);
  if (err.empty()) err = parse_side(a.line, tokens, fors[0] + 1, n, a.ctx, &c->get);
  if (!err.empty()) return err;
  if (c->give == TradeSide{} && c->get == TradeSide{}) return "an offer of nothing for nothing";
  return "";
}
void print(const Printer& p, const Command& c, std::string* out) {
  *out += fmt::format("offers {}: {} for {}", player_notation_name(p.players, c.counterparty),
                      print_side(c.give, p.ruleset), print_side(c.get, p.ruleset));
}
}  // namespace offer

// "pays tax flat", "pays tax 10%", from the word "tax".
namespace tax {
std::string parse(const Args& a, Command* c, std::vector<SquareId>*) {
  const std::size_t n = a.n(), k = a.k;
  const std::string usage = "expected 'pays tax flat' or 'pays tax 10%'";
  if (k + 1 >= n || mixed_quotes(a.tokens, k + 1, n)) return usage;
  std::string choice;
  for (char ch : lower_ascii(span_text(a.line, a.tokens, k + 1, n)))
    if (ch != ' ' && ch != '\t') choice.push_back(ch);
  if (choice == "flat") {
    c->tax = TaxChoice::Flat;
    return "";
  }
  if (choice == "percent" || choice == "percentage" || choice == "%") {
    c->tax = TaxChoice::Percent;
    return "";
  }
  if (choice.size() > 1 && choice.back() == '%') {
    auto pct = parse_small(std::string_view(choice).substr(0, choice.size() - 1), kMaxPercent);
    if (pct && *pct > 0) {
      c->tax = TaxChoice::Percent;
      return "";
    }
  }
  return usage;
}
void print(const Printer&, const Command& c, std::string* out) {
  *out += c.tax == TaxChoice::Flat ? "pays tax flat" : c.tax == TaxChoice::Percent ? "pays tax 10%" : "pays tax";
}
}  // namespace tax

namespace bankruptcy {
std::string parse(const Args& a, Command*, std::vector<SquareId>*) {
  std::string w = word_at(a.tokens, a.k);
  if (w != "bankruptcy" && w != "bankrupt") return "expected 'declares bankruptcy'";
  return a.end_here(a.k + 1, "declares bankruptcy");
}
void print(const Printer& p, const Command& c, std::string* out) { words::print(p, c, out); }
}  // namespace bankruptcy

namespace conglomerate {
std::string parse(const Args& a, Command* c, std::vector<SquareId>*) {
  if (word_at(a.tokens, a.k) != "conglomerate") return "expected 'forms conglomerate A, B, C'";
  return parse_conglomerate(a.line, a.tokens, a.k + 1, a.n(), a.ctx, &c->give.properties);
}
void print(const Printer& p, const Command& c, std::string* out) {
  *out += "forms conglomerate" + p.squares(c.give.properties);
}
}  // namespace conglomerate

namespace deal {
std::string parse(const Args& a, Command* c, std::vector<SquareId>*) {
  const std::string usage = "like 'Referee deals Ann: Mayfair, \"Park Lane\"'";
  std::size_t colon = 0;
  std::string err = a.counterparty_before_colon(
      "dealt to", usage, "the Referee deals to a player, not to himself; expected a player", c, &colon);
  if (!err.empty()) return err;
  return parse_dealt(a.line, a.tokens, colon + 1, a.n(), a.ctx, &c->give.properties);
}
void print(const Printer& p, const Command& c, std::string* out) {
  *out += fmt::format("deals {}:", player_notation_name(p.players, c.counterparty)) + p.squares(c.give.properties);
}
}  // namespace deal

namespace building_auction {
std::string parse(const Args& a, Command* c, std::vector<SquareId>*) {
  const std::size_t n = a.n(), k = a.k;
  const std::string usage = "expected 'auctions house' or 'auctions hotel'";
  std::string w = word_at(a.tokens, k);
  std::size_t after = k;
  const auto kind = building_word(a.tokens, k, n, a.ctx.ruleset.words, &after);
  if (kind == BuildingWord::House || kind == BuildingWord::Hotel) {
    c->hotel = kind == BuildingWord::Hotel;
  } else if (kind || (!w.empty() && (w == "a" || w == "an" || w == "one" || is_digit(w.front())))) {
    return fmt::format("{}: one building is auctioned at a time, written without a count", usage);
  } else {
    return fmt::format("{} (a building from the Bank, in a shortage){}", usage,
                       edition_building_words(a.ctx.ruleset.words));
  }
  return a.end_here(after, c->hotel ? "auctions hotel" : "auctions house");
}
void print(const Printer&, const Command& c, std::string* out) { *out += c.hotel ? "auctions hotel" : "auctions house"; }
}  // namespace building_auction

// "Referee takes back [N] [for REASON | "REASON"]" (docs/notation.md, "Corrections").
namespace take_back {
std::string parse(const Args& a, Command* c, std::vector<SquareId>*) {
  const std::size_t n = a.n(), k = a.k;
  const auto& tokens = a.tokens;
  const std::string usage =
      "like 'Referee takes back', 'Referee takes back 3' or 'Referee takes back 2 for \"mistyped dice\"'";
  if (word_at(tokens, k) != "back") return fmt::format("expected 'takes back', {}", usage);
  std::size_t at = k + 1;
  c->count = 1;
  if (at < n && !tokens[at].quoted && !tokens[at].text.empty() && is_digit(tokens[at].text.front())) {
    auto count = parse_small(tokens[at].text, kMaxTakeBack);
    if (!count || *count < 1)
      return fmt::format("a take-back names 1 to {} moves, got '{}'", kMaxTakeBack, echo(tokens[at].text));
    c->count = *count;
    ++at;
  }
  if (at == n) return "";
  if (word_at(tokens, at) == "for") return parse_reason(a.line, tokens, at + 1, n, &c->note);
  if (tokens[at].quoted) return parse_reason(a.line, tokens, at, n, &c->note);
  return fmt::format("{}: the reason goes in quotes, or after 'for'", unexpected(a.line, tokens, at, "takes back"));
}
void print(const Printer&, const Command& c, std::string* out) {
  *out += "takes back";
  if (c.count != 1) *out += fmt::format(" {}", c.count);
  if (!c.note.empty()) *out += " for " + quote(c.note);
}
}  // namespace take_back

// "Referee awards PLAYER (AMOUNT [from PAYER] | DEED) [for REASON]". The reason runs to the end of
// the line, so it starts at the first 'for' that leaves a well-formed award before it.
namespace award {
std::string parse(const Args& a, Command* c, std::vector<SquareId>*) {
  const std::size_t n = a.n();
  std::vector<std::size_t> ends;
  for (std::size_t i = a.k; i < n; ++i)
    if (!a.tokens[i].quoted && word_at(a.tokens, i) == "for") ends.push_back(i);
  ends.push_back(n);
  std::string first_error;
  for (std::size_t e : ends) {
    Command attempt = *c;
    std::string err = parse_award(a.line, a.tokens, a.k, e, a.ctx, &attempt);
    if (err.empty() && e < n) err = parse_reason(a.line, a.tokens, e + 1, n, &attempt.note);
    if (err.empty()) {
      *c = attempt;
      return "";
    }
    if (first_error.empty()) first_error = err;
  }
  return first_error;
}
void print(const Printer& p, const Command& c, std::string* out) {
  *out += "awards " + player_notation_name(p.players, c.counterparty);
  *out += c.square != kNoSquare ? " " + p.square(c.square) : fmt::format(" {}", c.amount.units);
  if (c.payer != kBank) {
    std::string payer = player_notation_name(p.players, c.payer);
    *out += " from " + (iequals(payer, kBankWord) ? quote(payer) : payer);  // "Bank" alone is the Bank
  }
  if (!c.note.empty()) *out += " for " + quote(c.note);
}
}  // namespace award

// "Referee notes "TEXT"" (docs/notation.md, "Corrections"): the text in quotes, or the rest of the
// line as written; printed in quotes.
namespace note {
std::string parse(const Args& a, Command* c, std::vector<SquareId>*) {
  if (a.k == a.n()) return "expected the note, like 'Referee notes \"appeal by Ann rejected\"'";
  if (a.tokens[a.k].quoted && a.n() - a.k > 1)
    return fmt::format("unexpected '{}' after the note \"{}\"", echo(span_text(a.line, a.tokens, a.k + 1, a.n())),
                       echo(a.tokens[a.k].text));
  std::string text = span_text(a.line, a.tokens, a.k, a.n());
  if (trim(text).empty()) return "the note is empty: give its text in quotes";
  c->note = std::move(text);
  return "";
}
void print(const Printer&, const Command& c, std::string* out) { *out += "notes " + quote(c.note); }
}  // namespace note

}  // namespace form

// The notation's table of verbs, one row per verb of the list, in the list's order.
constexpr std::array<VerbForm, kVerbCount> kVerbForms = {{
#define DEEDLOG_VERB_FORM(Name, code, rule, form_name, ...)                                                     \
  {Verb::Name, verb_maker(Verb::Name), verb_name(Verb::Name), first_word(verb_name(Verb::Name)),               \
   verb_words(Verb::Name).plain, verb_words(Verb::Name).usage, verb_words(Verb::Name).referee,                 \
   &form::form_name::parse, &form::form_name::print},
    DEEDLOG_VERBS(DEEDLOG_VERB_FORM)
#undef DEEDLOG_VERB_FORM
}};

const VerbForm& form_of(Verb v) {
  for (const VerbForm& f : kVerbForms)
    if (f.verb == v) return f;
  return kVerbForms.front();  // unreachable: every verb has its row
}

namespace form {
std::string words::parse(const Args& a, Command*, std::vector<SquareId>*) {
  const std::vector<std::string_view> rest = words_of(after_first_word(a.verb.name));
  for (std::size_t i = 0; i < rest.size(); ++i)
    if (word_at(a.tokens, a.k + i) != rest[i]) return fmt::format("expected '{}'", a.verb.usage);
  return a.end_here(a.k + rest.size(), a.verb.name);
}
void words::print(const Printer&, const Command& c, std::string* out) { *out += form_of(c.verb).name; }

std::string building::parse(const Args& a, Command* c, std::vector<SquareId>* more) {
  return parse_building(a.line, a.tokens, a.k, a.ctx, a.verb.word, c, more);
}
void building::print(const Printer& p, const Command& c, std::string* out) {
  std::string what = c.hotel ? "hotel" : c.count == 1 ? "house" : fmt::format("{} houses", c.count);
  std::string where = p.square(c.square);
  for (SquareId more : c.more_sites) where += ", " + p.square(more);
  *out += fmt::format("{} {} on {}", form_of(c.verb).word, what, where);
}

std::string sites::parse(const Args& a, Command* c, std::vector<SquareId>* more) {
  if (a.k == a.n()) return fmt::format("expected a property, like '{} Mayfair'", a.verb.word);
  return parse_sites(a.line, a.tokens, a.k, a.n(), a.ctx, &c->square, more);
}
void sites::print(const Printer& p, const Command& c, std::string* out) {
  *out += form_of(c.verb).word;
  *out += " " + p.square(c.square);
}
}  // namespace form

// What people say at the table that no verb means, and what they are told instead.
struct Hint {
  std::string_view word;  // the verb word
  std::string_view next;  // the word after it
  std::string_view message;
};
constexpr std::array<Hint, 1> kHints = {{{"pays", "rent",
                                          "rent is not paid by the lander's move: the owner claims it, like 'Ben "
                                          "claims rent', and the referee moves the money"}}};

// Words people use at the table for a verb word ("Ann throws 3 4"). They are read as that verb
// word; the canonical text writes the verb's own.
struct Synonym {
  std::string_view third_person;
  std::string_view plain;
  std::string_view verb;  // the verb word it stands for
};
constexpr std::array<Synonym, 1> kSynonyms = {{{"throws", "throw", "rolls"}}};

// The first row of the verb word a token is (its canonical or plain form, or a synonym's).
const VerbForm* find_verb(const Token& t) {
  if (t.quoted || t.punct) return nullptr;
  std::string w = lower_ascii(t.text);
  for (const auto& syn : kSynonyms)
    if (w == syn.third_person || w == syn.plain) w = std::string(syn.verb);
  for (const VerbForm& v : kVerbForms)
    if (w == v.word || w == v.plain) return &v;
  return nullptr;
}

// The verb words, each once, in the list's order.
std::vector<const VerbForm*> verb_words() {
  std::vector<const VerbForm*> out;
  for (const VerbForm& v : kVerbForms)
    if (std::none_of(out.begin(), out.end(), [&](const VerbForm* o) { return o->word == v.word; })) out.push_back(&v);
  return out;
}

std::string verb_list() {
  std::string out;
  for (const VerbForm* v : verb_words()) out += (out.empty() ? "" : ", ") + std::string(v->word);
  return out;
}

// What the referee does, as "the Referee only ..." lists it.
std::string referee_acts() {
  std::vector<std::string_view> acts;
  for (const VerbForm& v : kVerbForms)
    if (v.maker != VerbMaker::Player) acts.push_back(v.referee);
  std::string out;
  for (std::size_t i = 0; i < acts.size(); ++i) {
    if (i > 0) out += i + 1 == acts.size() ? " and " : ", ";
    out += acts[i];
  }
  return out;
}

std::string unknown_verb(const std::string& actor, const std::vector<Token>& tokens, std::size_t at) {
  if (at >= tokens.size())
    return fmt::format("expected a verb after '{}' (one of: {})", echo(actor), verb_list());
  const std::string& word = tokens[at].text;
  std::string msg = fmt::format("unknown verb '{}' after '{}' (expected one of: {})", echo(word), echo(actor),
                                verb_list());
  int best = 3;  // suggest only within two slips
  std::string_view nearest;
  if (word.size() <= kMaxEcho) {
    for (const VerbForm* v : verb_words()) {
      int d = std::min(edit_distance(word, std::string(v->word)), edit_distance(word, std::string(v->plain)));
      if (d < best) {
        best = d;
        nearest = v->word;
      }
    }
  }
  if (!nearest.empty()) msg += fmt::format("; did you mean '{}'?", nearest);
  return msg;
}

// The verb's arguments, tokens [k, end), into c. Verbs that share their verb word ("claims rent",
// "claims salary") are told apart by the word after it.
std::string parse_arguments(std::string_view line, const std::vector<Token>& tokens, std::size_t k,
                            const VerbForm& lead, const Context& ctx, Command* c, std::vector<SquareId>* more) {
  const VerbForm* chosen = nullptr;
  std::size_t sharing = 0;
  for (const VerbForm& f : kVerbForms)
    if (f.word == lead.word) ++sharing;
  if (sharing == 1) {
    chosen = &lead;
  } else {
    const std::string w = word_at(tokens, k);
    for (const VerbForm& f : kVerbForms)
      if (f.word == lead.word && first_word(after_first_word(f.name)) == w) chosen = &f;
    if (!chosen) {
      for (const Hint& h : kHints)
        if (h.word == lead.word && h.next == w) return std::string(h.message);
      std::vector<std::string_view> forms;
      for (const VerbForm& f : kVerbForms)
        if (f.word == lead.word) add_forms(f.usage, &forms);
      return "expected " + either(forms);
    }
  }
  c->verb = chosen->verb;
  return chosen->parse(Args{line, tokens, k, ctx, *chosen}, c, more);
}

}  // namespace

// The three properties of "forms conglomerate A, B, C", tokens [first, last): properties, each
// once. How many there must be is the rules' business (the engine says why three).
std::string parse_conglomerate(std::string_view line, const std::vector<Token>& tokens, std::size_t first,
                               std::size_t last, const Context& ctx, std::vector<SquareId>* out) {
  out->clear();
  if (first == last) return "expected the properties after 'conglomerate', like 'forms conglomerate A, B, C'";
  for (auto [a, b] : split_list(line, tokens, first, last, ctx)) {
    if (a == b) return "empty item in the Conglomerate (two commas in a row?)";
    std::string err = add_property_once(line, tokens, a, b, ctx, " is not a property", " is named twice", out);
    if (!err.empty()) return err;
  }
  return "";
}

Context::Context(const Ruleset& r, const std::vector<std::string>& p) : ruleset(r), players(p) {
  for (std::size_t i = 0; i < p.size(); ++i) player_names.push_back({p[i], {}, static_cast<int>(i)});
  for (int s = 0; s < r.board_size(); ++s) {
    const Square& sq = r.square(static_cast<SquareId>(s));
    NameCandidate c{square_notation_name(r, static_cast<SquareId>(s)), sq.aliases, s};
    if (c.name != sq.name) c.aliases.push_back(sq.name);
    square_names.push_back(c);
    if (sq.is_property()) property_names.push_back(c);
  }
}

std::string player_notation_name(const std::vector<std::string>& players, PlayerId p) {
  if (p == kReferee) return std::string(kRefereeWord);
  if (p < 0 || static_cast<std::size_t>(p) >= players.size()) return "?";
  return quote_if_needed(players[static_cast<std::size_t>(p)]);
}

std::optional<BuildingWord> building_word(const std::vector<Token>& tokens, std::size_t k, std::size_t last,
                                          const Words& words, std::size_t* end) {
  const std::pair<std::string, BuildingWord> names[] = {
      {"house", BuildingWord::House},   {one_spaced(words.house), BuildingWord::House},
      {"houses", BuildingWord::Houses}, {one_spaced(words.houses), BuildingWord::Houses},
      {"hotel", BuildingWord::Hotel},   {one_spaced(words.hotel), BuildingWord::Hotel},
      {"hotels", BuildingWord::Hotels}, {one_spaced(words.hotels), BuildingWord::Hotels}};
  std::size_t longest = 0;
  for (const auto& n : names) longest = std::max(longest, n.first.size());
  // The words from k on, one token more each time; the longest run that is a name wins.
  std::optional<BuildingWord> found;
  std::string written;
  for (std::size_t i = k; i < last && !tokens[i].punct; ++i) {
    written += (i == k ? "" : " ") + one_spaced(tokens[i].text);
    if (written.size() > longest) break;
    for (const auto& [name, kind] : names) {
      if (name.empty() || name != written) continue;
      found = kind;
      *end = i + 1;
      break;
    }
  }
  return found;
}

std::string resolve_player(const std::string& text, const Context& ctx, bool allow_referee, PlayerId* out) {
  if (iequals(trim(text), kRefereeWord)) {
    if (!allow_referee) return "the Referee takes no part in trades; expected a player";
    *out = kReferee;
    return "";
  }
  NameMatch m = match_name(text, ctx.player_names, "player");
  if (!m.found) return m.error;
  *out = static_cast<PlayerId>(m.id);
  return "";
}

std::string resolve_square(const std::string& text, const Context& ctx, bool properties_first, SquareId* out) {
  NameMatch m;
  if (properties_first) {
    m = match_name(text, ctx.property_names, "square");
    if (m.found || m.ambiguous) {
      if (!m.found) return m.error;
      *out = static_cast<SquareId>(m.id);
      return "";
    }
  }
  m = match_name(text, ctx.square_names, "square");
  if (!m.found) return m.error;
  *out = static_cast<SquareId>(m.id);
  return "";
}

std::string resolve_square_tokens(std::string_view line, const std::vector<Token>& tokens, std::size_t first,
                                  std::size_t last, const Context& ctx, bool properties_first, SquareId* out) {
  if (first >= last) return "expected a square's name";
  if (mixed_quotes(tokens, first, last))
    return fmt::format("expected one square's name, got '{}'", echo(span_text(line, tokens, first, last)));
  return resolve_square(span_text(line, tokens, first, last), ctx, properties_first, out);
}

std::vector<std::pair<std::size_t, std::size_t>> split_list(std::string_view line, const std::vector<Token>& tokens,
                                                            std::size_t first, std::size_t last, const Context& ctx) {
  std::vector<std::pair<std::size_t, std::size_t>> parts;
  std::size_t start = first;
  int depth = 0;
  for (std::size_t i = first; i < last; ++i) {
    if (tokens[i].punct == '(') ++depth;
    if (tokens[i].punct == ')') depth = std::max(0, depth - 1);
    if (tokens[i].punct == ',' && depth == 0) {
      parts.push_back({start, i});
      start = i + 1;
    }
  }
  parts.push_back({start, last});
  auto plain = [&](std::pair<std::size_t, std::size_t> r) {
    if (r.first == r.second) return false;
    for (std::size_t i = r.first; i < r.second; ++i)
      if (tokens[i].quoted || tokens[i].punct) return false;
    return true;
  };
  for (std::size_t k = 0; k + 1 < parts.size(); ++k) {
    if (!plain(parts[k]) || parts[k + 1].first == parts[k + 1].second || tokens[parts[k + 1].first].quoted) continue;
    // the second part may carry "(hotel)" after the name: join only the name
    std::size_t name_end = parts[k + 1].first;
    while (name_end < parts[k + 1].second && !tokens[name_end].quoted && !tokens[name_end].punct) ++name_end;
    if (name_end == parts[k + 1].first) continue;
    NameMatch m = match_name(span_text(line, tokens, parts[k].first, name_end), ctx.square_names, "square");
    if (m.found && m.name.find(',') != std::string::npos) {
      parts[k].second = parts[k + 1].second;
      parts.erase(parts.begin() + static_cast<std::ptrdiff_t>(k) + 1);
    }
  }
  return parts;
}

namespace {

// The move's words, once the line is known to carry no mark outside a comment.
std::string parse_move_words(std::string_view line, const Context& ctx, Command* out, std::vector<Command>* more) {
  Command c;
  std::string_view rest = trim(line);
  const std::string usage = "expected a move: [@TIME] ACTOR VERB ..., like 'Ann rolls 3 4'";
  if (rest.empty()) return usage;
  if (rest.front() == '@') {
    std::size_t ws = rest.find_first_of(" \t");
    std::string_view stamp = rest.substr(1, ws == std::string_view::npos ? std::string_view::npos : ws - 1);
    if (stamp.empty()) return "expected a time after '@', like @19:42:10";
    std::string err = check_clock_or_iso_time(stamp);
    if (!err.empty()) return err;
    c.at = std::string(stamp);
    c.clock = clock_seconds(stamp);
    rest = ws == std::string_view::npos ? std::string_view() : trim(rest.substr(ws));
    if (rest.empty()) return "expected a move after the time, like '@19:42:10 Ann rolls 3 4'";
  }
  std::vector<Token> tokens;
  std::string err = tokenize(rest, &tokens);
  if (!err.empty()) return err;
  if (tokens.empty()) return usage;

  // The actor is everything before the verb: one quoted name, or the words up to the first
  // verb word that leaves a known player before it and a well-formed move after it (so that
  // "Ben Rolls rolls 3 4" works for a player called Ben Rolls).
  std::string first_error, first_move_error;
  for (std::size_t i = 1; i < tokens.size(); ++i) {
    const VerbForm* verb = find_verb(tokens[i]);
    if (!verb) {
      if (tokens[0].quoted) break;
      continue;
    }
    if (mixed_quotes(tokens, 0, i)) break;
    std::string actor_text = span_text(rest, tokens, 0, i);
    PlayerId actor = kReferee;
    std::string actor_error = resolve_player(actor_text, ctx, /*allow_referee=*/true, &actor);
    if (!actor_error.empty()) {
      if (first_error.empty()) first_error = actor_error;
      continue;
    }
    c.actor = actor;
    std::string who_error;
    const bool referees = verb->maker != VerbMaker::Player;
    if (referees && actor != kReferee)
      who_error = fmt::format("only the Referee {}, not {}", verb->referee,
                              ctx.players[static_cast<std::size_t>(actor)]);
    if (!referees && actor == kReferee)
      who_error = fmt::format("the Referee only {}; '{}' is a player's move", referee_acts(), verb->word);
    if (!who_error.empty()) {
      if (first_move_error.empty()) first_move_error = who_error;
      continue;
    }
    Command attempt = c;
    std::vector<SquareId> sites;
    err = parse_arguments(rest, tokens, i + 1, *verb, ctx, &attempt, &sites);
    if (err.empty() && (attempt.verb == Verb::Build || attempt.verb == Verb::Sell)) {
      // rule houses/build-evenly, sell/evenly: a line that builds or sells on several sites is one
      // move, ruled whole (evenness judged once every site of the line is done).
      attempt.more_sites = std::move(sites);
      sites.clear();
    }
    if (err.empty() && !sites.empty() && !more)
      err = fmt::format("this line holds {} moves, one for each property; write one move here", sites.size() + 1);
    if (err.empty()) {
      *out = attempt;
      if (more) {
        more->clear();
        for (SquareId s : sites) {
          Command next = attempt;
          next.square = s;
          more->push_back(next);
        }
      }
      return "";
    }
    if (first_move_error.empty()) first_move_error = err;
  }
  if (!first_move_error.empty()) return first_move_error;
  if (!first_error.empty()) return first_error;
  // No verb: take the longest run of words that names a player as the actor, to say which
  // word is not a verb.
  std::size_t actor_end = 1;
  if (!tokens[0].quoted) {
    for (std::size_t j = std::min<std::size_t>(tokens.size(), kMaxNameWords); j > 1; --j) {
      PlayerId ignored = 0;
      if (!mixed_quotes(tokens, 0, j) && resolve_player(span_text(rest, tokens, 0, j), ctx, true, &ignored).empty()) {
        actor_end = j;
        break;
      }
    }
  }
  return unknown_verb(span_text(rest, tokens, 0, actor_end), tokens, actor_end);
}

// A mark as chess's annotators write it ("??", "?!", "!") standing in a move's words: a token of
// `?` and `!` only, or a word that ends in them ("Whitechapel??"). The name matcher ignores
// punctuation, so "mortgages Whitechapel ??" read as a whole move and the mark was lost. A word
// of a player's name is no mark ("Yes!" may be a name). Returns the byte offset of the mark in
// the line, or npos.
std::size_t mark_in_words(const std::vector<Token>& tokens, const Context& ctx) {
  auto is_mark = [](char ch) { return ch == '?' || ch == '!'; };
  for (const Token& t : tokens) {
    if (t.quoted || t.punct || t.text.empty() || !is_mark(t.text.back())) continue;
    bool in_a_name = false;
    for (const std::string& p : ctx.players)
      if (lower_ascii(p).find(lower_ascii(t.text)) != std::string::npos) in_a_name = true;
    if (in_a_name) continue;
    std::size_t from = t.text.size();
    while (from > 0 && is_mark(t.text[from - 1])) --from;
    return t.begin + from;
  }
  return std::string_view::npos;
}

// The column of a byte offset, counted in characters from 1.
std::size_t column_of(std::string_view line, std::size_t offset) {
  std::size_t column = 1;
  for (std::size_t i = 0; i < offset && i < line.size(); ++i)
    if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) ++column;
  return column;
}

}  // namespace

// Stray text after a complete move is refused, never dropped: words the move does not take are
// refused by each verb's own parse ("unexpected 'Mayfair' after 'buys'"), and a mark is refused
// here wherever it stands, since a name or a card's words would otherwise swallow it. A mark
// belongs in the move's comment ("Ann rolls 3 4  # ??"), which import keeps. The reason of an
// award or a take-back is free text and may hold one.
std::string parse_move_line(std::string_view line, const Context& ctx, Command* out, std::vector<Command>* more) {
  std::vector<Token> tokens;
  if (!tokenize(line, &tokens).empty()) return parse_move_words(line, ctx, out, more);
  const std::size_t mark = mark_in_words(tokens, ctx);
  if (mark == std::string_view::npos) return parse_move_words(line, ctx, out, more);
  Command whole;
  std::vector<Command> whole_more;
  std::string_view text = line.substr(mark);
  const std::size_t end = text.find_first_of(" \t");
  if (end != std::string_view::npos) text = text.substr(0, end);
  if (parse_move_words(line, ctx, &whole, more ? &whole_more : nullptr).empty() && !whole.note.empty() &&
      whole.note.find(text) != std::string::npos) {
    *out = std::move(whole);
    if (more) *more = std::move(whole_more);
    return "";
  }
  std::string before(trim(line.substr(0, mark)));
  Command ignored;
  std::vector<Command> ignored_more;
  const bool complete = parse_move_words(before, ctx, &ignored, more ? &ignored_more : nullptr).empty();
  std::string message = fmt::format("stray text '{}' at column {}", text, column_of(line, mark));
  if (complete) {
    message += " after the move '";
    message += before;
    message += "'";
  }
  message += ": a mark or remark goes in a comment, after '#'";
  if (complete) {
    message += " (like '";
    message += before;
    message += "  # ";
    message += text;
    message += "')";
  }
  return message;
}

}  // namespace notation

using namespace notation;

std::string square_notation_name(const Ruleset& ruleset, SquareId square) {
  if (square >= ruleset.board_size()) return "?";
  const std::string& name = ruleset.square(square).name;
  int same = 0, before = 0;
  for (int s = 0; s < ruleset.board_size(); ++s) {
    if (!iequals(ruleset.square(static_cast<SquareId>(s)).name, name)) continue;
    ++same;
    if (s < square) ++before;
  }
  return same > 1 ? fmt::format("{} {}", name, before + 1) : name;
}

NameMatch match_square(const std::string& query, const Ruleset& ruleset, bool properties_first) {
  static const std::vector<std::string> kNoPlayers;
  Context ctx(ruleset, kNoPlayers);
  if (properties_first) {
    NameMatch m = match_name(query, ctx.property_names, "square");
    if (m.found || m.ambiguous) return m;
  }
  return match_name(query, ctx.square_names, "square");
}

MoveParser::MoveParser(const Ruleset& ruleset, const std::vector<std::string>& players)
    : names_(std::make_unique<const notation::Context>(ruleset, players)) {}
MoveParser::~MoveParser() = default;
MoveParser::MoveParser(MoveParser&&) noexcept = default;
MoveParser& MoveParser::operator=(MoveParser&&) noexcept = default;

const Ruleset& MoveParser::ruleset() const { return names_->ruleset; }
const std::vector<std::string>& MoveParser::players() const { return names_->players; }

bool MoveParser::parse(const std::string& line, Command* out, ParseError* error) const {
  std::string cleaned;
  std::string err = clean_line(line, &cleaned);
  if (err.empty()) err = parse_move_line(cleaned, *names_, out);
  if (err.empty()) return true;
  if (error) *error = ParseError{0, err};
  return false;
}

bool MoveParser::parse_all(const std::string& line, std::vector<Command>* out, ParseError* error) const {
  std::string cleaned;
  std::string err = clean_line(line, &cleaned);
  Command first;
  std::vector<Command> more;
  if (err.empty()) err = parse_move_line(cleaned, *names_, &first, &more);
  if (!err.empty()) {
    if (error) *error = ParseError{0, err};
    return false;
  }
  out->clear();
  out->push_back(first);
  out->insert(out->end(), more.begin(), more.end());
  return true;
}

std::string MoveParser::print(const Command& command) const {
  return print_move(command, names_->ruleset, names_->players);
}

bool parse_move(const std::string& line, const Ruleset& ruleset, const std::vector<std::string>& players,
                Command* out, ParseError* error) {
  return MoveParser(ruleset, players).parse(line, out, error);
}

bool parse_moves(const std::string& line, const Ruleset& ruleset, const std::vector<std::string>& players,
                 std::vector<Command>* out, ParseError* error) {
  return MoveParser(ruleset, players).parse_all(line, out, error);
}

std::string print_move(const Command& c, const Ruleset& ruleset, const std::vector<std::string>& players) {
  std::string out;
  if (!c.at.empty()) out += "@" + c.at + " ";
  out += player_notation_name(players, c.actor) + " ";
  form_of(c.verb).print(Printer{ruleset, players}, c, &out);
  return out;
}

}  // namespace deedlog
