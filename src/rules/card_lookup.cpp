#include "rules/card_lookup.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "core/article.h"
#include "deedlog/name_match.h"

namespace deedlog {
namespace {

// A number past this cannot be a card (packs hold at most kMaxCards); reading stops here so that
// a long run of digits cannot overflow.
constexpr int kMaxCardNumber = 9999;
// What a query is cut to when a message echoes it: the line it came from may be long.
constexpr std::size_t kMaxEcho = 60;

std::string echo(std::string_view s) {
  std::string out(s.substr(0, std::min(s.size(), kMaxEcho)));
  if (s.size() > kMaxEcho) out += "...";
  return out;
}

std::string_view trim_blanks(std::string_view s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

// Lower case without spaces, hyphens and underscores: "Community-Chest" and "community chest"
// are the same pack word.
std::string squash(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == ' ' || c == '-' || c == '_') continue;
    out.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
  }
  return out;
}

std::vector<NameCandidate> card_names(const Deck& deck) {
  std::vector<NameCandidate> out;
  // Copies of one card (two "nearest railroad" cards) are one name: the text names the card, and
  // the engine takes whichever copy the pack can give.
  for (std::size_t i = 0; i < deck.cards.size(); ++i) {
    bool copy = false;
    for (std::size_t j = 0; j < i && !copy; ++j) copy = deck.cards[j].text == deck.cards[i].text;
    if (!copy) out.push_back({deck.cards[i].text, {}, static_cast<int>(i)});
  }
  return out;
}

const Deck& pack(const Ruleset& ruleset, DeckId deck) { return ruleset.decks[static_cast<int>(deck)]; }

// The numbered form, checked against the length of the pack it names.
CardLookup numbered(std::string_view query, const NumberedCard& n, const Ruleset& ruleset) {
  CardLookup out;
  out.deck = n.deck;
  const Deck& d = pack(ruleset, n.deck);
  if (n.number < 1 || n.number > static_cast<int>(d.cards.size())) {
    out.error = fmt::format("no card '{}': the {} pack has cards 1 to {}", echo(query), d.name, d.cards.size());
    return out;
  }
  out.found = true;
  out.card = static_cast<CardIndex>(n.number - 1);
  return out;
}

// Printed words. A card is often read out as printed ("It is your birthday", "Pay hospital
// £100", "go back 3 spaces") while the edition's data words it otherwise ("Birthday: collect
// £10 from each player"). Such a query is matched by its words in any order: lower case,
// punctuation and currency signs dropped, number words as digits, small words ignored, and a
// word matching another that it begins (of 4 letters or more: "houses" is "house").
std::vector<std::string> content_words(std::string_view text) {
  static const char* const kSmall[] = {"a", "an", "the", "of", "to", "it", "is", "you", "your", "are", "for", "on",
                                       "in", "and", "if", "all", "this", "be", "from", "per", "each", "may", "get"};
  static const std::pair<const char*, const char*> kNumbers[] = {
      {"one", "1"}, {"two", "2"}, {"three", "3"}, {"four", "4"}, {"five", "5"}, {"six", "6"}, {"seven", "7"},
      {"eight", "8"}, {"nine", "9"}, {"ten", "10"}, {"twenty", "20"}, {"fifty", "50"}, {"hundred", "100"}};
  std::vector<std::string> out;
  std::string w;
  auto flush = [&] {
    if (w.empty()) return;
    for (const auto& [word, digits] : kNumbers)
      if (w == word) w = digits;
    bool small = false;
    for (const char* sw : kSmall) small = small || w == sw;
    if (!small && std::find(out.begin(), out.end(), w) == out.end()) out.push_back(w);
    w.clear();
  };
  for (char c : text) {
    const unsigned char u = static_cast<unsigned char>(c);
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) w.push_back(c);
    else if (c >= 'A' && c <= 'Z') w.push_back(static_cast<char>(c - 'A' + 'a'));
    else if (c == '\'' || u >= 0x80) continue;  // apostrophes and currency signs (£ is two bytes) join
    else if (c == ',' && !w.empty() && w.back() >= '0' && w.back() <= '9') continue;  // "1,000"
    else flush();
  }
  flush();
  return out;
}

// Short forms printed on cards and boards ("Illinois Ave.", "St. Charles Place", "Xmas Fund"),
// each with the words it stands for: "St." is Saint or Street, as the board has it.
struct Abbreviation {
  const char* short_form;
  const char* words[2];
};
constexpr Abbreviation kAbbreviations[] = {
    {"ave", {"avenue", nullptr}}, {"av", {"avenue", nullptr}},    {"st", {"street", "saint"}},
    {"rd", {"road", nullptr}},    {"sq", {"square", nullptr}},    {"pl", {"place", nullptr}},
    {"stn", {"station", nullptr}}, {"rr", {"railroad", nullptr}}, {"ry", {"railway", nullptr}},
    {"xmas", {"christmas", nullptr}}};

// a is the short form of b.
bool abbreviates(const std::string& a, const std::string& b) {
  for (const Abbreviation& ab : kAbbreviations)
    if (a == ab.short_form)
      for (const char* w : ab.words)
        if (w && b == w) return true;
  return false;
}

bool word_fits(const std::string& a, const std::string& b) {
  if (a == b) return true;
  if (abbreviates(a, b) || abbreviates(b, a)) return true;
  const bool digits = (a[0] >= '0' && a[0] <= '9') || (b[0] >= '0' && b[0] <= '9');
  if (digits) return false;  // numbers match exactly
  const std::size_t n = std::min(a.size(), b.size());
  return n >= 4 && a.compare(0, n, b, 0, n) == 0;
}

// How well the query's words fit a card's: matched words, and whether a number of the query is
// on the card (when both have numbers): "pay £10" is not the card of £15, but "Advance to
// Pall Mall. If you pass Go collect £200" is the card that says no sum.
struct WordFit {
  int matched = 0;
  bool numbers_ok = true;
};

bool is_number(const std::string& w) { return w[0] >= '0' && w[0] <= '9'; }

WordFit word_fit(const std::vector<std::string>& query, const std::vector<std::string>& card) {
  WordFit f;
  bool any_number = false, number_hit = false;
  for (const std::string& q : query) {
    bool hit = false;
    for (const std::string& c : card) hit = hit || word_fits(q, c);
    if (hit) ++f.matched;
    if (is_number(q)) {
      any_number = true;
      number_hit = number_hit || hit;
    }
  }
  bool card_numbers = false;
  for (const std::string& c : card) card_numbers = card_numbers || is_number(c);
  f.numbers_ok = !any_number || number_hit || !card_numbers;
  return f;
}

// A card's words without a note in brackets ("Get Out of Jail Free (Chance)"): the note tells
// copies apart and is not printed on the card.
std::vector<std::string> card_words(const std::string& text) {
  const std::size_t note = text.rfind(" (");
  return content_words(note != std::string::npos && text.back() == ')' ? std::string_view(text).substr(0, note)
                                                                        : std::string_view(text));
}

// The words that name one square of the board and no other ("Illinois", "Reading", "Mayfair";
// not "Avenue", "Railroad" or "Jail", which several squares share), the first square left out:
// "if you pass Go" is on many cards that do not go there.
std::vector<std::string> square_words(const Ruleset& ruleset) {
  std::vector<std::pair<std::string, int>> counted;
  for (const Square& sq : ruleset.squares)
    for (const std::string& w : content_words(sq.name)) {
      if (is_number(w)) continue;
      auto it = std::find_if(counted.begin(), counted.end(), [&](const auto& c) { return c.first == w; });
      if (it == counted.end()) counted.emplace_back(w, 1);
      else ++it->second;
    }
  const std::vector<std::string> first =
      ruleset.squares.empty() ? std::vector<std::string>{} : content_words(ruleset.squares.front().name);
  std::vector<std::string> out;
  for (const auto& [w, n] : counted)
    if (n == 1 && std::find(first.begin(), first.end(), w) == first.end()) out.push_back(w);
  return out;
}

// How well the query's words fit one card's, when they fit it at all: two thirds of the
// query's words are on the card (all of them for a query of one or two words), or two thirds of
// the card's words, at least two of them words and not sums, are in the query (a printed text
// longer than the edition's words: "Take a ride on the Reading. If you pass Go, collect $200"
// for "A ride on the Reading Railroad"); a number of the query is on the card; and no square
// the query names is missing from it ("Advance to Ventnor Avenue" is not the Illinois Avenue
// card). The score is the number of the query's words on the card; 0 when it does not fit.
int word_score(const std::vector<std::string>& q, const std::vector<std::string>& words,
               const std::vector<std::string>& squares) {
  if (q.empty()) return 0;
  const int need = q.size() <= 2 ? static_cast<int>(q.size()) : static_cast<int>((2 * q.size() + 2) / 3);
  const WordFit f = word_fit(q, words);
  if (!f.numbers_ok) return 0;
  int card_hits = 0, card_word_hits = 0;
  for (const std::string& c : words) {
    bool hit = false;
    for (const std::string& w : q) hit = hit || word_fits(c, w);
    card_hits += hit;
    card_word_hits += hit && !is_number(c);
  }
  const int card_words = static_cast<int>(words.size());
  const bool covers = f.matched >= need || (card_word_hits >= 2 && 3 * card_hits >= 2 * card_words);
  if (!covers) return 0;
  for (const std::string& w : q) {
    if (std::find(squares.begin(), squares.end(), w) == squares.end()) continue;
    bool on_card = false;
    for (const std::string& c : words) on_card = on_card || word_fits(w, c);
    if (!on_card) return 0;
  }
  return f.matched;
}

// The best word score of any card of any pack: a pack's card that fits less well than a card of
// another pack is not the card meant ("Advance to Trafalgar Square. If you pass Go collect
// £200" is not Community Chest's Advance to GO).
int best_word_score(const std::vector<std::string>& q, const Ruleset& ruleset, const std::vector<std::string>& squares) {
  int best = 0;
  for (const Deck& d : ruleset.decks)
    for (const Card& c : d.cards) best = std::max(best, word_score(q, card_words(c.text), squares));
  return best;
}

// The card of a pack whose words the query's fit best (word_score), and better than any other
// card of the pack and no worse than any card of the other pack. -1 when none; *tied lists the
// cards of the pack that fit equally well.
int card_by_words(const std::string& query, const std::vector<NameCandidate>& cards, const Ruleset& ruleset,
                  std::vector<int>* tied) {
  const std::vector<std::string> q = content_words(query);
  if (q.empty()) return -1;
  const std::vector<std::string> squares = square_words(ruleset);
  int best = -1, best_matched = 0;
  std::vector<int> ties;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const int matched = word_score(q, card_words(cards[i].name), squares);
    if (matched == 0) continue;
    if (matched > best_matched) {
      best_matched = matched;
      best = static_cast<int>(i);
      ties.assign(1, best);
    } else if (matched == best_matched) {
      ties.push_back(static_cast<int>(i));
    }
  }
  if (best < 0 || best_matched < best_word_score(q, ruleset, squares)) return -1;
  if (ties.size() > 1) {
    if (tied) *tied = ties;
    return -1;
  }
  return best;
}

// The nearest cards by words, best first, for a query nothing matched: every query gets a
// suggestion (the cards sharing most words, or the pack's first cards when none shares any).
std::vector<std::string> nearest_by_words(const std::string& query, const std::vector<NameCandidate>& cards,
                                          std::size_t most) {
  const std::vector<std::string> q = content_words(query);
  std::vector<std::pair<int, std::size_t>> scored;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const std::vector<std::string> words = card_words(cards[i].name);
    int score = word_fit(q, words).matched * 2;
    // a slip in a word still counts for something ("birthdy")
    for (const std::string& w : q)
      for (const std::string& c : words)
        if (w.size() >= 4 && c.size() >= 4 && edit_distance(w, c) == 1) ++score;
    scored.push_back({score, i});
  }
  std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<std::string> out;
  for (const auto& [score, i] : scored) {
    if (out.size() >= most) break;
    if (std::find(out.begin(), out.end(), cards[i].name) == out.end()) out.push_back(cards[i].name);
  }
  return out;
}

std::string either_of(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  return out;
}

// A message for a text no card fits, always naming the nearest cards.
std::string unknown_card(const std::string& query, const NameMatch& m, const std::vector<NameCandidate>& cards,
                         const std::string& what) {
  if (!m.suggestions.empty() || cards.empty()) return m.error;
  return fmt::format("unknown {} '{}': did you mean {}?", what, echo(query), either_of(nearest_by_words(query, cards, 3)));
}

CardLookup by_text(const std::string& query, const Ruleset& ruleset, DeckId deck) {
  CardLookup out;
  out.deck = deck;
  const Deck& d = pack(ruleset, deck);
  NameMatch m = match_name(query, card_names(d), d.name + " card");
  // A note in brackets after a card's whole text ("... twice the rent (first card)", as games
  // recorded before copies shared their text wrote it) does not change which card it names.
  const std::size_t note = query.rfind(" (");
  if (!m.found && note != std::string::npos && !query.empty() && query.back() == ')') {
    const NameMatch bare = match_name(query.substr(0, note), card_names(d), d.name + " card");
    if (bare.found && d.cards[static_cast<std::size_t>(bare.id)].text == query.substr(0, note)) m = bare;
  }
  if (!m.found && !m.ambiguous) {
    // Not a name or part of one: the printed words, in any order.
    const std::vector<NameCandidate> names = card_names(d);
    std::vector<int> tied;
    const int i = card_by_words(query, names, ruleset, &tied);
    if (i >= 0) {
      m.found = true;
      m.id = names[static_cast<std::size_t>(i)].id;
    } else if (!tied.empty()) {
      std::vector<std::string> fits;
      for (int t : tied) fits.push_back(names[static_cast<std::size_t>(t)].name);
      out.ambiguous = true;
      out.error = fmt::format("ambiguous {} card '{}': could be {}; write more of it", d.name, echo(query), either_of(fits));
      return out;
    } else {
      m.error = unknown_card(query, m, names, d.name + " card");
    }
  }
  out.found = m.found;
  out.ambiguous = m.ambiguous;
  if (m.found)
    out.card = static_cast<CardIndex>(m.id);
  else
    out.error = m.error;
  return out;
}

}  // namespace

std::optional<DeckId> pack_named(std::string_view word, const Ruleset& ruleset) {
  const std::string w = squash(word);
  if (w == "chance") return DeckId::Chance;
  if (w == "chest" || w == "communitychest" || w == "cc") return DeckId::CommunityChest;
  for (int d = 0; d < kDeckCount; ++d)
    if (!ruleset.decks[d].name.empty() && w == squash(ruleset.decks[d].name)) return static_cast<DeckId>(d);
  return std::nullopt;
}

std::optional<NumberedCard> numbered_card(std::string_view query, const Ruleset& ruleset) {
  const std::size_t colon = query.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  const std::string_view digits = trim_blanks(query.substr(colon + 1));
  if (digits.empty() || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  const auto deck = pack_named(trim_blanks(query.substr(0, colon)), ruleset);
  if (!deck) return std::nullopt;
  NumberedCard out{*deck, 0};
  for (char c : digits) {
    out.number = out.number * 10 + (c - '0');
    if (out.number > kMaxCardNumber) return NumberedCard{*deck, 0};
  }
  return out;
}

CardLookup find_card(const std::string& query, const Ruleset& ruleset, DeckId deck) {
  if (const auto n = numbered_card(query, ruleset)) {
    if (n->deck != deck) {
      CardLookup out;
      out.error = fmt::format("'{}' is {} card, but the card due is from {}", echo(query),
                              with_article(pack(ruleset, n->deck).name), pack(ruleset, deck).name);
      return out;
    }
    return numbered(query, *n, ruleset);
  }
  CardLookup out = by_text(query, ruleset, deck);
  if (out.found || out.ambiguous) return out;
  // Words that name a card of the other pack: say so, rather than suggest this pack's cards.
  for (int d = 0; d < kDeckCount; ++d) {
    if (static_cast<DeckId>(d) == deck) continue;
    const CardLookup other = by_text(query, ruleset, static_cast<DeckId>(d));
    if (!other.found) continue;
    out.error = fmt::format("'{}' is {} card (\"{}\"), but the card due is from {}", echo(query),
                            with_article(pack(ruleset, static_cast<DeckId>(d)).name),
                            pack(ruleset, static_cast<DeckId>(d)).cards[static_cast<std::size_t>(other.card)].text,
                            pack(ruleset, deck).name);
    break;
  }
  return out;
}

CardLookup find_card_in_any_pack(const std::string& query, const Ruleset& ruleset) {
  if (const auto n = numbered_card(query, ruleset)) return numbered(query, *n, ruleset);
  std::vector<CardLookup> per_pack;
  for (int d = 0; d < kDeckCount; ++d) {
    per_pack.push_back(by_text(query, ruleset, static_cast<DeckId>(d)));
    if (per_pack.back().found) return per_pack.back();
  }
  // Ambiguous in one pack says which cards fit; otherwise the nearest cards of every pack.
  for (const CardLookup& l : per_pack)
    if (l.ambiguous) return l;
  std::vector<NameCandidate> all;
  for (const Deck& deck : ruleset.decks)
    for (const Card& c : deck.cards) all.push_back({c.text, {}, static_cast<int>(all.size())});
  CardLookup out;
  out.error = unknown_card(query, match_name(query, all, "card"), all, "card");
  return out;
}

std::array<CardIndex, kDeckCount> card_in_each_pack(const std::string& query, const Ruleset& ruleset) {
  std::array<CardIndex, kDeckCount> out{kNoCard, kNoCard};
  // Which pack, if any, has it; the words for a miss (find_card's) are not needed here.
  const auto n = numbered_card(query, ruleset);
  for (int d = 0; d < kDeckCount; ++d) {
    const DeckId deck = static_cast<DeckId>(d);
    if (n && n->deck != deck) continue;
    const CardLookup l = n ? numbered(query, *n, ruleset) : by_text(query, ruleset, deck);
    if (l.found) out[static_cast<std::size_t>(d)] = l.card;
  }
  return out;
}

}  // namespace deedlog
