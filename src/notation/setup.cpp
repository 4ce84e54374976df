// The [Setup] section: "NAME: cash N; at SQUARE; owns P (hotel), ...; cards N; in jail N" and
// "Turn: NAME" (docs/notation.md, "Setup"). Names and syntax only: whether the position keeps
// the rules (even building, the bank's stock) is the engine's to rule.
#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "notation/internal.h"

namespace deedlog::notation {
namespace {

// Bound on counts written in a setup (houses in "(4 houses)", cards), far above any stock.
constexpr int kMaxCount = 99;

std::string word_at(const std::vector<Token>& tokens, std::size_t k) {
  if (k >= tokens.size() || tokens[k].punct) return "";
  return lower_ascii(tokens[k].text);
}

// "(hotel)", "(4 houses)", "(mortgaged)", "(1 house, mortgaged)" between tokens [first, last),
// the parentheses excluded.
std::string parse_modifiers(const std::vector<Token>& tokens, std::size_t first, std::size_t last,
                            const Ruleset& ruleset, PropertySetup* p) {
  bool houses_seen = false, hotel_seen = false, mortgaged_seen = false;
  std::size_t a = first;
  while (a <= last) {
    std::size_t b = a;
    while (b < last && tokens[b].punct != ',') ++b;
    std::vector<std::string> w;
    for (std::size_t i = a; i < b; ++i) w.push_back(tokens[i].punct ? std::string(1, tokens[i].punct) : lower_ascii(tokens[i].text));
    const std::string usage = "expected '(hotel)', '(N houses)' or '(mortgaged)' after a property";
    if (w.empty()) return usage;
    // "hotel" or "house" alone, or a count and "houses" (the edition's words too: "2 Ammo Stores").
    std::size_t end = a;
    const auto alone = building_word(tokens, a, b, ruleset.words, &end);
    const bool whole = alone && end == b;
    const auto counted = b - a >= 2 ? building_word(tokens, a + 1, b, ruleset.words, &end) : std::nullopt;
    const bool houses_counted = counted && end == b && (*counted == BuildingWord::House || *counted == BuildingWord::Houses);
    if (whole && *alone == BuildingWord::Hotel) {
      if (hotel_seen) return "hotel named twice";
      hotel_seen = true;
      p->hotel = true;
    } else if (w.size() == 1 && w[0] == "mortgaged") {
      if (mortgaged_seen) return "mortgaged named twice";
      mortgaged_seen = true;
      p->mortgaged = true;
    } else if ((whole && *alone == BuildingWord::House) || houses_counted) {
      if (houses_seen) return "houses named twice";
      houses_seen = true;
      int n = 1;
      if (houses_counted) {
        auto v = (w[0] == "a" || w[0] == "an" || w[0] == "one") ? std::optional<int>(1) : parse_small(w[0], kMaxCount);
        if (!v) return fmt::format("expected a number of houses, got '{}'", w[0]);
        n = *v;
      }
      if (n > ruleset.houses_per_hotel)
        return fmt::format("at most {} houses on a site; write '(hotel)' for a hotel", ruleset.houses_per_hotel);
      p->houses = n;
    } else {
      return usage;
    }
    a = b + 1;
  }
  if (hotel_seen && houses_seen && p->houses > 0) return "a site has houses or a hotel, not both";
  return "";
}

// "owns Mayfair (hotel), "Park Lane" (4 houses)" from tokens [first, last).
std::string parse_owns(std::string_view line, const std::vector<Token>& tokens, std::size_t first, std::size_t last,
                       const Context& ctx, std::vector<PropertySetup>* owns) {
  if (first == last) return "expected properties after 'owns', like 'owns Mayfair (hotel), \"Park Lane\"'";
  for (auto [a, b] : split_list(line, tokens, first, last, ctx)) {
    if (a == b) return "empty item after 'owns' (two commas in a row?)";
    std::size_t open = a;
    while (open < b && tokens[open].punct != '(') ++open;
    PropertySetup p;
    std::string err = resolve_square_tokens(line, tokens, a, open, ctx, /*properties_first=*/true, &p.square);
    if (!err.empty()) return err;
    if (open < b) {
      if (tokens[b - 1].punct != ')') return "expected ')' to close the '(' after a property";
      err = parse_modifiers(tokens, open + 1, b - 1, ctx.ruleset, &p);
      if (!err.empty()) return err;
    }
    for (const auto& q : *owns)
      if (q.square == p.square)
        return fmt::format("{} is listed twice", square_notation_name(ctx.ruleset, p.square));
    owns->push_back(p);
  }
  return "";
}

std::string parse_item(std::string_view line, const std::vector<Token>& tokens, std::size_t a, std::size_t b,
                       const Context& ctx, PlayerSetup* ps) {
  std::string w = word_at(tokens, a);
  auto twice = [](std::string_view what) { return fmt::format("'{}' given twice for one player", what); };
  if (w == "cash") {
    if (ps->cash) return twice("cash");
    if (a + 1 == b) return "expected an amount after 'cash'";
    std::int64_t v = 0;
    std::string err = parse_amount(span_text(line, tokens, a + 1, b), ctx.ruleset.words.currency, &v);
    if (!err.empty()) return err;
    ps->cash = Money{v};
    return "";
  }
  if (w == "at") {
    if (ps->at) return twice("at");
    SquareId s = kNoSquare;
    std::string err = resolve_square_tokens(line, tokens, a + 1, b, ctx, /*properties_first=*/false, &s);
    if (!err.empty()) return err;
    ps->at = s;
    return "";
  }
  if (w == "owns") {
    if (!ps->owns.empty()) return twice("owns");
    return parse_owns(line, tokens, a + 1, b, ctx, &ps->owns);
  }
  if (w == "cards" || w == "card") {
    if (ps->jail_cards) return twice("cards");
    auto n = a + 2 == b ? parse_small(word_at(tokens, a + 1), kMaxCount) : std::nullopt;
    if (n) {
      ps->jail_cards = *n;
      return "";
    }
    // "cards Chance, \"Community Chest\"": the packs the cards came from, one name for each card.
    const std::string usage = fmt::format("expected 'cards N', or the pack of each card held: 'cards {}, \"{}\"'",
                                          ctx.ruleset.decks[0].name, ctx.ruleset.decks[1].name);
    if (a + 1 >= b) return usage;
    for (auto [from, to] : split_list(line, tokens, a + 1, b, ctx)) {
      const std::string name = lower_ascii(trim(span_text(line, tokens, from, to)));
      if (from == to) return usage;
      std::optional<DeckId> pack;
      for (int d = 0; d < kDeckCount; ++d) {
        const std::string deck = lower_ascii(ctx.ruleset.decks[static_cast<std::size_t>(d)].name);
        if (!name.empty() && deck.rfind(name, 0) == 0) {
          if (pack) return usage;  // a prefix of both names
          pack = static_cast<DeckId>(d);
        }
      }
      if (!pack) return usage;
      ps->jail_card_packs.push_back(*pack);
    }
    if (static_cast<int>(ps->jail_card_packs.size()) > kMaxCount) return usage;
    ps->jail_cards = static_cast<int>(ps->jail_card_packs.size());
    return "";
  }
  if (w == "conglomerate") {
    std::vector<SquareId> members;
    std::string err = parse_conglomerate(line, tokens, a + 1, b, ctx, &members);
    if (!err.empty()) return err;
    ps->conglomerates.push_back(std::move(members));
    return "";
  }
  if (w == "in" && word_at(tokens, a + 1) == "jail") {
    if (ps->jail_turns) return twice("in jail");
    // computer: "in jail 3" is the player who chose to miss his next go after his last throw.
    const int max_used = ctx.ruleset.jail.max_turns - (ctx.ruleset.jail.last_failure_may_miss_go ? 0 : 1);
    const std::string usage =
        fmt::format("expected 'in jail' or 'in jail N' with N the turns already used, 0 to {}", max_used);
    if (a + 2 == b) {
      ps->jail_turns = 0;
      return "";
    }
    auto n = a + 3 == b ? parse_small(word_at(tokens, a + 2), kMaxCount) : std::nullopt;
    if (!n || *n > max_used) return usage;
    ps->jail_turns = *n;
    return "";
  }
  if (w == "bankrupt") {
    if (ps->bankrupt) return twice("bankrupt");
    if (a + 1 != b) return "expected 'bankrupt' alone";
    ps->bankrupt = true;
    return "";
  }
  if (w == "owes") {
    // "owes 60 to Ben", "owes 100 to Bank": a debt unpaid.
    const std::string usage = "expected 'owes N to PLAYER' or 'owes N to Bank'";
    std::size_t to = a + 1;
    while (to < b && word_at(tokens, to) != "to") ++to;
    if (to == a + 1 || to + 1 >= b) return usage;
    std::int64_t v = 0;
    std::string err = parse_amount(span_text(line, tokens, a + 1, to), ctx.ruleset.words.currency, &v);
    if (!err.empty()) return err;
    if (v <= 0) return "a debt must be more than 0";
    PlayerId creditor = kBank;
    if (!(to + 2 == b && !tokens[to + 1].quoted && word_at(tokens, to + 1) == "bank")) {
      err = resolve_player(span_text(line, tokens, to + 1, b), ctx, /*allow_referee=*/false, &creditor);
      if (!err.empty()) return err;
    }
    for (const auto& [who, amount] : ps->owes)
      if (who == creditor) return "one debt to each creditor: add them up";
    ps->owes.emplace_back(creditor, Money{v});
    return "";
  }
  return fmt::format("unknown setup item '{}': expected cash N, at SQUARE, owns P (...), cards N, in jail N, "
                     "conglomerate A, B, C, owes N to PLAYER or bankrupt",
                     span_text(line, tokens, a, std::min(b, a + 3)));
}

}  // namespace

std::string parse_setup_line(std::string_view line, const Context& ctx, SetupPosition* setup) {
  std::vector<Token> tokens;
  std::string err = tokenize(line, &tokens);
  if (!err.empty()) return err;
  std::size_t colon = 0;
  while (colon < tokens.size() && tokens[colon].punct != ':') ++colon;
  const std::string usage = "expected 'NAME: item; item; ...' or 'Turn: NAME' in [Setup] (or [Moves] to end it)";
  if (colon == tokens.size() || colon == 0) return usage;
  if (mixed_quotes(tokens, 0, colon)) return usage;
  const std::size_t n = tokens.size();

  if (colon == 1 && !tokens[0].quoted && iequals(tokens[0].text, "Time")) {
    // "Time: called": the short game's finishing time was called (rule short-game/time-called).
    if (setup->time_called) return "'Time:' given twice";
    if (colon + 2 != n || !iequals(tokens[colon + 1].text, "called")) return "expected 'Time: called'";
    setup->time_called = true;
    return "";
  }
  // "Winner: Ann": the game is over and Ann has won it. "Turn: Ben": Ben is to move.
  for (auto [label, player] : {std::pair{"Winner", &setup->winner}, std::pair{"Turn", &setup->turn}}) {
    if (colon != 1 || tokens[0].quoted || !iequals(tokens[0].text, label)) continue;
    if (*player) return fmt::format("'{}:' given twice", label);
    if (colon + 1 == n || mixed_quotes(tokens, colon + 1, n)) return fmt::format("expected a player after '{}:'", label);
    PlayerId p = 0;
    err = resolve_player(span_text(line, tokens, colon + 1, n), ctx, /*allow_referee=*/false, &p);
    if (!err.empty()) return err;
    *player = p;
    return "";
  }

  PlayerSetup ps;
  err = resolve_player(span_text(line, tokens, 0, colon), ctx, /*allow_referee=*/false, &ps.player);
  if (!err.empty()) return err;
  for (const auto& other : setup->players)
    if (other.player == ps.player)
      return fmt::format("{} is listed twice in [Setup]", ctx.players[static_cast<std::size_t>(ps.player)]);

  std::size_t a = colon + 1;
  while (a <= n) {
    std::size_t b = a;
    while (b < n && tokens[b].punct != ';') ++b;
    if (a < b) {
      err = parse_item(line, tokens, a, b, ctx, &ps);
      if (!err.empty()) return err;
    }
    a = b + 1;
  }

  // One deed, one owner: a position that gives a property to two players is not a position.
  for (const auto& prop : ps.owns)
    for (const auto& other : setup->players)
      for (const auto& q : other.owns)
        if (q.square == prop.square)
          return fmt::format("{} is owned by {} already", square_notation_name(ctx.ruleset, prop.square),
                             ctx.players[static_cast<std::size_t>(other.player)]);
  setup->players.push_back(ps);
  return "";
}

namespace {

// Whether a player's cards came from other packs than "cards N" would give (Chance's first, seat
// by seat): only then does the printed setup name the packs, so a setup written before packs
// could be named prints as it always did (its text is part of the game's hashed header).
bool packs_matter(const PlayerSetup& player, const SetupPosition& setup, const Ruleset& ruleset) {
  std::array<int, kDeckCount> free{};
  for (int d = 0; d < kDeckCount; ++d)
    for (const Card& c : ruleset.decks[static_cast<std::size_t>(d)].cards)
      free[static_cast<std::size_t>(d)] += c.action == CardAction::GetOutOfJailFree ? 1 : 0;
  std::vector<const PlayerSetup*> seats;
  for (const PlayerSetup& ps : setup.players) seats.push_back(&ps);
  std::sort(seats.begin(), seats.end(), [](const PlayerSetup* a, const PlayerSetup* b) { return a->player < b->player; });
  for (const PlayerSetup* ps : seats) {
    const int held = ps->jail_card_packs.empty() ? ps->jail_cards.value_or(0) : static_cast<int>(ps->jail_card_packs.size());
    for (int k = 0; k < held; ++k) {
      const int deck = free[0] > 0 ? 0 : 1;
      if (free[static_cast<std::size_t>(deck)] > 0) --free[static_cast<std::size_t>(deck)];
      if (ps->player == player.player && static_cast<int>(player.jail_card_packs[static_cast<std::size_t>(k)]) != deck)
        return true;
    }
  }
  return false;
}

}  // namespace

std::string print_setup(const SetupPosition& setup, const Ruleset& ruleset, const std::vector<std::string>& players) {
  std::string out;
  for (const auto& ps : setup.players) {
    std::vector<std::string> items;
    if (ps.cash) items.push_back(fmt::format("cash {}", ps.cash->units));
    if (ps.at) items.push_back("at " + quote_if_needed(square_notation_name(ruleset, *ps.at)));
    if (!ps.owns.empty()) {
      std::string owns = "owns ";
      for (std::size_t i = 0; i < ps.owns.size(); ++i) {
        const PropertySetup& p = ps.owns[i];
        if (i > 0) owns += ", ";
        owns += quote_if_needed(square_notation_name(ruleset, p.square));
        std::vector<std::string> mods;
        if (p.hotel) mods.push_back("hotel");
        if (p.houses == 1) mods.push_back("1 house");
        if (p.houses > 1) mods.push_back(fmt::format("{} houses", p.houses));
        if (p.mortgaged) mods.push_back("mortgaged");
        for (std::size_t m = 0; m < mods.size(); ++m) owns += (m == 0 ? " (" : ", ") + mods[m];
        if (!mods.empty()) owns += ")";
      }
      items.push_back(owns);
    }
    for (const auto& members : ps.conglomerates) {
      std::string item = "conglomerate ";
      for (std::size_t i = 0; i < members.size(); ++i)
        item += (i == 0 ? "" : ", ") + quote_if_needed(square_notation_name(ruleset, members[i]));
      items.push_back(item);
    }
    if (!ps.jail_card_packs.empty() && packs_matter(ps, setup, ruleset)) {
      std::string item = "cards ";
      for (std::size_t i = 0; i < ps.jail_card_packs.size(); ++i)
        item += (i == 0 ? "" : ", ") +
                quote_if_needed(ruleset.decks[static_cast<std::size_t>(ps.jail_card_packs[i])].name);
      items.push_back(item);
    } else if (ps.jail_cards) {
      items.push_back(fmt::format("cards {}", *ps.jail_cards));
    }
    if (ps.jail_turns) items.push_back(*ps.jail_turns == 0 ? std::string("in jail") : fmt::format("in jail {}", *ps.jail_turns));
    for (const auto& [creditor, amount] : ps.owes)
      items.push_back(fmt::format("owes {} to {}", amount.units,
                                  creditor == kBank                                   ? std::string("Bank")
                                  : iequals(player_notation_name(players, creditor), "Bank") ? quote("Bank")
                                                                                      : player_notation_name(players, creditor)));
    if (ps.bankrupt) items = {"bankrupt"};
    // a player called Turn is quoted, or the line would read as the Turn: line
    std::string who = player_notation_name(players, ps.player);
    if (iequals(who, "Turn") || iequals(who, "Time") || iequals(who, "Winner")) who = quote(who);
    out += who + ":";
    for (std::size_t i = 0; i < items.size(); ++i) out += (i == 0 ? " " : "; ") + items[i];
    out += "\n";
  }
  if (setup.turn) out += "Turn: " + player_notation_name(players, *setup.turn) + "\n";
  if (setup.time_called) out += "Time: called\n";
  if (setup.winner) out += "Winner: " + player_notation_name(players, *setup.winner) + "\n";
  return out;
}

}  // namespace deedlog::notation
