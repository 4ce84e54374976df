// Move lines: "[@TIME] ACTOR VERB ..." into a Command and back (docs/notation.md, "Moves").
#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "core/clock_stamp.h"
#include "notation/internal.h"
#include "rules/card_lookup.h"

namespace deedlog {
namespace notation {
namespace {

// The verb words of a move line. Each is written in the third person ("rolls") in canonical
// text; the plain form ("roll") is read too.
enum class Word { Roll, Buy, Decline, Bid, Pass, Claim, Draw, Pay, Use, Build, Sell, Mortgage,
                  Unmortgage, Offer, Accept, Reject, Declare, End, Call, Deal, Auction, Award, Skip, Form, Take };

struct VerbWord {
  std::string_view canonical;
  std::string_view plain;
  Word word;
};

constexpr std::array<VerbWord, 25> kVerbWords = {{
    {"rolls", "roll", Word::Roll},          {"buys", "buy", Word::Buy},
    {"declines", "decline", Word::Decline}, {"bids", "bid", Word::Bid},
    {"passes", "pass", Word::Pass},         {"claims", "claim", Word::Claim},
    {"draws", "draw", Word::Draw},          {"pays", "pay", Word::Pay},
    {"uses", "use", Word::Use},             {"builds", "build", Word::Build},
    {"sells", "sell", Word::Sell},          {"mortgages", "mortgage", Word::Mortgage},
    {"unmortgages", "unmortgage", Word::Unmortgage}, {"offers", "offer", Word::Offer},
    {"accepts", "accept", Word::Accept},    {"rejects", "reject", Word::Reject},
    {"declares", "declare", Word::Declare}, {"ends", "end", Word::End},
    {"forms", "form", Word::Form},
    {"calls", "call", Word::Call},          {"deals", "deal", Word::Deal},
    {"auctions", "auction", Word::Auction}, {"awards", "award", Word::Award},
    {"skips", "skip", Word::Skip},          {"takes", "take", Word::Take},
}};

// The verbs only the referee may use, and what is said to a player who uses one.
std::string_view referee_only(Word w) {
  switch (w) {
    case Word::Call: return "calls time";
    case Word::Deal: return "deals title deeds";
    case Word::Auction: return "calls a building auction";
    case Word::Award: return "awards";
    case Word::Take: return "takes moves back";
    default: return {};
  }
}

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

// Words people use at the table for a verb of the list above ("Ann throws 3 4"). They are read
// as that verb; the canonical text writes the verb's own word.
struct Synonym {
  std::string_view third_person;
  std::string_view plain;
  std::string_view verb;  // the canonical verb it stands for
};
constexpr std::array<Synonym, 1> kSynonyms = {{{"throws", "throw", "rolls"}}};

const VerbWord* find_verb(const Token& t) {
  if (t.quoted || t.punct) return nullptr;
  std::string w = lower_ascii(t.text);
  for (const auto& v : kVerbWords)
    if (w == v.canonical || w == v.plain) return &v;
  for (const auto& syn : kSynonyms)
    if (w == syn.third_person || w == syn.plain)
      for (const auto& v : kVerbWords)
        if (v.canonical == syn.verb) return &v;
  return nullptr;
}

std::string verb_list() {
  std::string out;
  for (const auto& v : kVerbWords) out += (out.empty() ? "" : ", ") + std::string(v.canonical);
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
    for (const auto& v : kVerbWords) {
      int d = std::min(edit_distance(word, std::string(v.canonical)), edit_distance(word, std::string(v.plain)));
      if (d < best) {
        best = d;
        nearest = v.canonical;
      }
    }
  }
  if (!nearest.empty()) msg += fmt::format("; did you mean '{}'?", nearest);
  return msg;
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
    SquareId sq = kNoSquare;
    std::string err = resolve_square_tokens(line, tokens, a, b, ctx, /*properties_first=*/true, &sq);
    if (!err.empty()) return err;
    if (!ctx.ruleset.square(sq).is_property())
      return fmt::format("{} is not a property; only title deeds are dealt", square_notation_name(ctx.ruleset, sq));
    if (std::find(out->begin(), out->end(), sq) != out->end())
      return fmt::format("{} is dealt twice", square_notation_name(ctx.ruleset, sq));
    out->push_back(sq);
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

// The verb's words and arguments, tokens [k, end), into c.
std::string parse_arguments(std::string_view line, const std::vector<Token>& tokens, std::size_t k,
                            const VerbWord& verb, const Context& ctx, Command* c, std::vector<SquareId>* more) {
  const std::size_t n = tokens.size();
  const std::string v(verb.canonical);
  auto end_here = [&](std::size_t at, std::string_view after) -> std::string {
    return at < n ? unexpected(line, tokens, at, after) : "";
  };
  auto keyword = [&](std::string_view expected, std::string_view usage) -> std::string {
    if (word_at(tokens, k) != expected) return fmt::format("expected '{}'", usage);
    return end_here(k + 1, usage);
  };
  switch (verb.word) {
    case Word::Roll: {
      c->verb = Verb::Roll;
      if (k == n) return "";
      if (n - k != 2) return "expected two dice, like 'rolls 3 4' (or 'rolls' alone for the referee's throw)";
      for (int i = 0; i < 2; ++i) {
        const Token& t = tokens[k + i];
        auto d = t.quoted ? std::nullopt : parse_small(t.text, kDieMax);
        if (!d || *d < kDieMin)
          return fmt::format("a die shows {} to {}, got '{}'", kDieMin, kDieMax, echo(t.text));
        (i == 0 ? c->die1 : c->die2) = *d;
      }
      return "";
    }
    case Word::Buy: {
      // "buys "King's Cross Station"": naming what is bought; the engine refuses any other
      // square than the one offered.
      c->verb = Verb::Buy;
      if (k == n) return "";
      return resolve_square_tokens(line, tokens, k, n, ctx, /*properties_first=*/true, &c->square);
    }
    case Word::Decline: c->verb = Verb::Decline; return end_here(k, v);
    case Word::Pass: c->verb = Verb::Pass; return end_here(k, v);
    case Word::Accept: c->verb = Verb::Accept; return end_here(k, v);
    case Word::Reject: c->verb = Verb::Reject; return end_here(k, v);
    case Word::Bid: {
      c->verb = Verb::Bid;
      if (k == n) return "expected an amount, like 'bids 120'";
      if (mixed_quotes(tokens, k, n) || tokens[k].quoted) return "expected an amount, like 'bids 120'";
      std::int64_t amount = 0;
      std::string err = parse_amount(span_text(line, tokens, k, n), ctx.ruleset.words.currency, &amount);
      if (!err.empty()) return err;
      if (amount <= 0) return "a bid must be more than 0";
      c->amount = Money{amount};
      return "";
    }
    case Word::Claim: {
      std::string w = word_at(tokens, k);
      if (w == "rent" || w == "salary") {
        c->verb = w == "rent" ? Verb::ClaimRent : Verb::ClaimSalary;
        return end_here(k + 1, w == "rent" ? "claims rent" : "claims salary");
      }
      return "expected 'claims rent' or 'claims salary'";
    }
    case Word::Use: {
      // "uses card", "uses a card", "uses the card", "uses his card": the Get Out of Jail Free card.
      c->verb = Verb::UseCard;
      const std::string w = word_at(tokens, k);
      if (w == "a" || w == "the" || w == "his" || w == "her" || w == "their" || w == "my") ++k;
      return keyword("card", "uses card");
    }
    case Word::Declare: {
      c->verb = Verb::DeclareBankruptcy;
      std::string w = word_at(tokens, k);
      if (w != "bankruptcy" && w != "bankrupt") return "expected 'declares bankruptcy'";
      return end_here(k + 1, "declares bankruptcy");
    }
    case Word::End: c->verb = Verb::EndTurn; return keyword("turn", "ends turn");
    case Word::Skip: c->verb = Verb::SkipGo; return keyword("go", "skips go");
    case Word::Call: c->verb = Verb::CallTime; return keyword("time", "calls time");
    case Word::Draw: {
      c->verb = Verb::Draw;
      if (k == n) return "";
      if (mixed_quotes(tokens, k, n))
        return "expected the card's text, in quotes or not, like 'draws \"Advance to Mayfair\"'";
      c->card_query = span_text(line, tokens, k, n);
      // Which pack is due is the engine's to know; here it is enough that some pack has the card,
      // and the engine is told which card the words name in each.
      c->card_in_pack = card_in_each_pack(c->card_query, ctx.ruleset);
      // Only words no pack has need the slower search for the nearest cards to suggest.
      if (c->card_in_pack[0] != kNoCard || c->card_in_pack[1] != kNoCard) return "";
      return find_card_in_any_pack(c->card_query, ctx.ruleset).error;
    }
    case Word::Pay: {
      std::string w = word_at(tokens, k);
      if (w == "fine") {
        c->verb = Verb::PayFine;
        return end_here(k + 1, "pays fine");
      }
      if (w == "tax") {
        c->verb = Verb::PayTax;
        const std::string usage = "expected 'pays tax flat' or 'pays tax 10%'";
        if (k + 1 >= n || mixed_quotes(tokens, k + 1, n)) return usage;
        std::string choice;
        for (char ch : lower_ascii(span_text(line, tokens, k + 1, n)))
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
          auto p = parse_small(std::string_view(choice).substr(0, choice.size() - 1), kMaxPercent);
          if (p && *p > 0) {
            c->tax = TaxChoice::Percent;
            return "";
          }
        }
        return usage;
      }
      if (w == "rent")
        return "rent is not paid by the lander's move: the owner claims it, like 'Ben claims rent', and the "
               "referee moves the money";
      return "expected 'pays fine', 'pays tax flat' or 'pays tax 10%'";
    }
    case Word::Build: c->verb = Verb::Build; return parse_building(line, tokens, k, ctx, "builds", c, more);
    case Word::Sell: c->verb = Verb::Sell; return parse_building(line, tokens, k, ctx, "sells", c, more);
    case Word::Mortgage:
    case Word::Unmortgage: {
      c->verb = verb.word == Word::Mortgage ? Verb::Mortgage : Verb::Unmortgage;
      if (k == n) return fmt::format("expected a property, like '{} Mayfair'", v);
      return parse_sites(line, tokens, k, n, ctx, &c->square, more);
    }
    case Word::Offer: {
      c->verb = Verb::Offer;
      const std::string usage = "like 'Ann offers Ben: Mayfair, 100 for \"Park Lane\", card'";
      std::size_t colon = k;
      while (colon < n && tokens[colon].punct != ':') ++colon;
      if (colon == n) return fmt::format("expected ':' after the player offered to, {}", usage);
      if (colon == k) return fmt::format("expected the player offered to before ':', {}", usage);
      if (mixed_quotes(tokens, k, colon)) return fmt::format("expected a player's name before ':', {}", usage);
      std::string err = resolve_player(span_text(line, tokens, k, colon), ctx, /*allow_referee=*/false,
                                       &c->counterparty);
      if (!err.empty()) return err;
      std::vector<std::size_t> fors;
      for (std::size_t i = colon + 1; i < n; ++i)
        if (!tokens[i].quoted && word_at(tokens, i) == "for") fors.push_back(i);
      if (fors.empty()) return fmt::format("expected 'for' between what is given and what is asked, {}", usage);
      if (fors.size() > 1) return "'for' appears twice in the offer; quote a name that holds the word";
      err = parse_side(line, tokens, colon + 1, fors[0], ctx, &c->give);
      if (err.empty()) err = parse_side(line, tokens, fors[0] + 1, n, ctx, &c->get);
      if (!err.empty()) return err;
      if (c->give == TradeSide{} && c->get == TradeSide{}) return "an offer of nothing for nothing";
      return "";
    }
    case Word::Form: {
      c->verb = Verb::FormConglomerate;
      if (word_at(tokens, k) != "conglomerate") return "expected 'forms conglomerate A, B, C'";
      return parse_conglomerate(line, tokens, k + 1, n, ctx, &c->give.properties);
    }
    case Word::Deal: {
      c->verb = Verb::Deal;
      const std::string usage = "like 'Referee deals Ann: Mayfair, \"Park Lane\"'";
      std::size_t colon = k;
      while (colon < n && tokens[colon].punct != ':') ++colon;
      if (colon == n) return fmt::format("expected ':' after the player dealt to, {}", usage);
      if (colon == k) return fmt::format("expected the player dealt to before ':', {}", usage);
      if (mixed_quotes(tokens, k, colon)) return fmt::format("expected a player's name before ':', {}", usage);
      std::string who = span_text(line, tokens, k, colon);
      if (iequals(trim(who), kRefereeWord)) return "the Referee deals to a player, not to himself; expected a player";
      std::string err = resolve_player(who, ctx, /*allow_referee=*/false, &c->counterparty);
      if (!err.empty()) return err;
      return parse_dealt(line, tokens, colon + 1, n, ctx, &c->give.properties);
    }
    case Word::Auction: {
      c->verb = Verb::AuctionBuilding;
      const std::string usage = "expected 'auctions house' or 'auctions hotel'";
      std::string w = word_at(tokens, k);
      std::size_t after = k;
      const auto building = building_word(tokens, k, n, ctx.ruleset.words, &after);
      if (building == BuildingWord::House || building == BuildingWord::Hotel) {
        c->hotel = building == BuildingWord::Hotel;
      } else if (building || (!w.empty() && (w == "a" || w == "an" || w == "one" || is_digit(w.front())))) {
        return fmt::format("{}: one building is auctioned at a time, written without a count", usage);
      } else {
        return fmt::format("{} (a building from the Bank, in a shortage){}", usage,
                           edition_building_words(ctx.ruleset.words));
      }
      return end_here(after, c->hotel ? "auctions hotel" : "auctions house");
    }
    case Word::Take: {
      // "Referee takes back [N] [for REASON | "REASON"]" (docs/notation.md, "Corrections").
      c->verb = Verb::TakeBack;
      const std::string usage = "like 'Referee takes back', 'Referee takes back 3' or 'Referee takes back 2 for \"mistyped dice\"'";
      if (word_at(tokens, k) != "back") return fmt::format("expected 'takes back', {}", usage);
      std::size_t at = k + 1;
      c->count = 1;
      if (at < n && !tokens[at].quoted && !tokens[at].text.empty() && is_digit(tokens[at].text.front())) {
        auto count = parse_small(tokens[at].text, kMaxTakeBack);
        if (!count || *count < 1) return fmt::format("a take-back names 1 to {} moves, got '{}'", kMaxTakeBack, echo(tokens[at].text));
        c->count = *count;
        ++at;
      }
      if (at == n) return "";
      if (word_at(tokens, at) == "for") return parse_reason(line, tokens, at + 1, n, &c->note);
      if (tokens[at].quoted) return parse_reason(line, tokens, at, n, &c->note);
      return fmt::format("{}: the reason goes in quotes, or after 'for'", unexpected(line, tokens, at, "takes back"));
    }
    case Word::Award: {
      // "Referee awards PLAYER (AMOUNT [from PAYER] | DEED) [for REASON]". The reason runs to the
      // end of the line, so it starts at the first 'for' that leaves a well-formed award before it.
      c->verb = Verb::Award;
      std::vector<std::size_t> ends;
      for (std::size_t i = k; i < n; ++i)
        if (!tokens[i].quoted && word_at(tokens, i) == "for") ends.push_back(i);
      ends.push_back(n);
      std::string first_error;
      for (std::size_t e : ends) {
        Command attempt = *c;
        std::string err = parse_award(line, tokens, k, e, ctx, &attempt);
        if (err.empty() && e < n) err = parse_reason(line, tokens, e + 1, n, &attempt.note);
        if (err.empty()) {
          *c = attempt;
          return "";
        }
        if (first_error.empty()) first_error = err;
      }
      return first_error;
    }
  }
  return "unknown verb";
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
    SquareId sq = kNoSquare;
    std::string err = resolve_square_tokens(line, tokens, a, b, ctx, /*properties_first=*/true, &sq);
    if (!err.empty()) return err;
    if (!ctx.ruleset.square(sq).is_property())
      return fmt::format("{} is not a property", square_notation_name(ctx.ruleset, sq));
    if (std::find(out->begin(), out->end(), sq) != out->end())
      return fmt::format("{} is named twice", square_notation_name(ctx.ruleset, sq));
    out->push_back(sq);
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
    const VerbWord* verb = find_verb(tokens[i]);
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
    std::string_view referee_verb = referee_only(verb->word);
    if (!referee_verb.empty() && actor != kReferee)
      who_error = fmt::format("only the Referee {}, not {}", referee_verb,
                              ctx.players[static_cast<std::size_t>(actor)]);
    if (referee_verb.empty() && actor == kReferee)
      who_error = fmt::format("the Referee only calls time, deals title deeds, calls building auctions, "
                              "awards and takes moves back; '{}' is a player's move", verb->canonical);
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

namespace {

// The names a game's lines are matched against, built once for a run of lines of one game
// (verify and replay parse thousands) rather than once a line. Keyed by the edition's content
// and the players, never by address alone.
const notation::Context& context_for(const Ruleset& ruleset, const std::vector<std::string>& players) {
  struct Cached {
    std::string key;
    Ruleset ruleset;
    std::vector<std::string> players;
    std::unique_ptr<notation::Context> context;
  };
  thread_local Cached cache;
  std::string key = ruleset.id + '\n' + ruleset.title + '\n';
  for (const Square& sq : ruleset.squares) key += sq.name + '\n';
  for (const std::string& p : players) key += p + '\t';
  if (!cache.context || cache.key != key) {
    cache.key = std::move(key);
    cache.ruleset = ruleset;
    cache.players = players;
    cache.context = std::make_unique<notation::Context>(cache.ruleset, cache.players);
  }
  return *cache.context;
}

}  // namespace

bool parse_move(const std::string& line, const Ruleset& ruleset, const std::vector<std::string>& players,
                Command* out, ParseError* error) {
  std::string cleaned;
  std::string err = clean_line(line, &cleaned);
  if (err.empty()) err = parse_move_line(cleaned, context_for(ruleset, players), out);
  if (err.empty()) return true;
  if (error) *error = ParseError{0, err};
  return false;
}

bool parse_moves(const std::string& line, const Ruleset& ruleset, const std::vector<std::string>& players,
                 std::vector<Command>* out, ParseError* error) {
  std::string cleaned;
  std::string err = clean_line(line, &cleaned);
  Command first;
  std::vector<Command> more;
  if (err.empty()) err = parse_move_line(cleaned, context_for(ruleset, players), &first, &more);
  if (!err.empty()) {
    if (error) *error = ParseError{0, err};
    return false;
  }
  out->clear();
  out->push_back(first);
  out->insert(out->end(), more.begin(), more.end());
  return true;
}

std::string print_move(const Command& c, const Ruleset& ruleset, const std::vector<std::string>& players) {
  std::string out;
  if (!c.at.empty()) out += "@" + c.at + " ";
  out += player_notation_name(players, c.actor) + " ";
  auto square = [&](SquareId s) { return quote_if_needed(square_notation_name(ruleset, s)); };
  auto building = [&](const char* verb) {
    std::string what = c.hotel ? "hotel" : c.count == 1 ? "house" : fmt::format("{} houses", c.count);
    std::string where = square(c.square);
    for (SquareId more : c.more_sites) where += ", " + square(more);
    return fmt::format("{} {} on {}", verb, what, where);
  };
  switch (c.verb) {
    case Verb::Roll:
      out += (c.die1 == 0 && c.die2 == 0) ? std::string("rolls") : fmt::format("rolls {} {}", c.die1, c.die2);
      break;
    case Verb::Buy: out += c.square == kNoSquare ? std::string("buys") : "buys " + square(c.square); break;
    case Verb::Decline: out += "declines"; break;
    case Verb::Bid: out += fmt::format("bids {}", c.amount.units); break;
    case Verb::Pass: out += "passes"; break;
    case Verb::ClaimRent: out += "claims rent"; break;
    case Verb::Draw: {
      out += "draws";
      if (c.card_query.empty()) break;
      bool bare = numbered_card(c.card_query, ruleset) &&
                  c.card_query.find_first_of(" \t\"#") == std::string::npos;
      out += " " + (bare ? c.card_query : quote(c.card_query));
      break;
    }
    case Verb::PayFine: out += "pays fine"; break;
    case Verb::UseCard: out += "uses card"; break;
    case Verb::Build: out += building("builds"); break;
    case Verb::Sell: out += building("sells"); break;
    case Verb::Mortgage: out += "mortgages " + square(c.square); break;
    case Verb::Unmortgage: out += "unmortgages " + square(c.square); break;
    case Verb::Offer:
      out += fmt::format("offers {}: {} for {}", player_notation_name(players, c.counterparty),
                         print_side(c.give, ruleset), print_side(c.get, ruleset));
      break;
    case Verb::Accept: out += "accepts"; break;
    case Verb::Reject: out += "rejects"; break;
    case Verb::PayTax:
      out += c.tax == TaxChoice::Flat ? "pays tax flat" : c.tax == TaxChoice::Percent ? "pays tax 10%" : "pays tax";
      break;
    case Verb::DeclareBankruptcy: out += "declares bankruptcy"; break;
    case Verb::EndTurn: out += "ends turn"; break;
    case Verb::SkipGo: out += "skips go"; break;
    case Verb::CallTime: out += "calls time"; break;
    case Verb::Deal: {
      out += fmt::format("deals {}:", player_notation_name(players, c.counterparty));
      std::string sep = " ";
      for (SquareId s : c.give.properties) {
        out += sep + square(s);
        sep = ", ";
      }
      break;
    }
    case Verb::AuctionBuilding: out += c.hotel ? "auctions hotel" : "auctions house"; break;
    case Verb::Award: {
      out += "awards " + player_notation_name(players, c.counterparty);
      out += c.square != kNoSquare ? " " + square(c.square) : fmt::format(" {}", c.amount.units);
      if (c.payer != kBank) {
        std::string payer = player_notation_name(players, c.payer);
        out += " from " + (iequals(payer, kBankWord) ? quote(payer) : payer);  // "Bank" alone is the Bank
      }
      if (!c.note.empty()) out += " for " + quote(c.note);
      break;
    }
    case Verb::TakeBack: {
      out += "takes back";
      if (c.count != 1) out += fmt::format(" {}", c.count);
      if (!c.note.empty()) out += " for " + quote(c.note);
      break;
    }
    case Verb::ClaimSalary: out += "claims salary"; break;
    case Verb::FormConglomerate: {
      out += "forms conglomerate";
      std::string sep = " ";
      for (SquareId s : c.give.properties) {
        out += sep + square(s);
        sep = ", ";
      }
      break;
    }
  }
  return out;
}

}  // namespace deedlog
