#include "rules/card_lookup.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "core/article.h"
#include "core/name_match.h"

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
  return by_text(query, ruleset, deck);
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
  out.error = match_name(query, all, "card").error;
  return out;
}

std::array<CardIndex, kDeckCount> card_in_each_pack(const std::string& query, const Ruleset& ruleset) {
  std::array<CardIndex, kDeckCount> out{kNoCard, kNoCard};
  for (int d = 0; d < kDeckCount; ++d) {
    const CardLookup l = find_card(query, ruleset, static_cast<DeckId>(d));
    if (l.found) out[static_cast<std::size_t>(d)] = l.card;
  }
  return out;
}

}  // namespace deedlog
