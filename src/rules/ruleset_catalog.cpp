#include "deedlog/ruleset_catalog.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <utility>

#include "rules/edition_overlay.h"

namespace deedlog::embedded {
std::pair<const std::pair<std::string_view, std::string_view>*, std::size_t> editions_all();
}

namespace deedlog {
namespace {

using nlohmann::json;

// Every mistake in a data file becomes this, with a path to where it is ("board[12].rent").
struct DataError {
  std::string where;
  std::string what;
};

const std::map<std::string, SquareKind> kSquareKinds = {
    {"go", SquareKind::Go},           {"street", SquareKind::Street},
    {"station", SquareKind::Station}, {"utility", SquareKind::Utility},
    {"tax", SquareKind::Tax},         {"chance", SquareKind::Chance},
    {"community-chest", SquareKind::CommunityChest}, {"jail", SquareKind::Jail},
    {"free-parking", SquareKind::FreeParking},       {"go-to-jail", SquareKind::GoToJail},
};

const std::map<std::string, CardAction> kCardActions = {
    {"advance-to", CardAction::AdvanceTo},
    {"move-back-to", CardAction::MoveBackTo},
    {"move-relative", CardAction::MoveRelative},
    {"go-to-jail", CardAction::GoToJail},
    {"collect-from-bank", CardAction::CollectFromBank},
    {"pay-bank", CardAction::PayBank},
    {"collect-from-each-player", CardAction::CollectFromEachPlayer},
    {"pay-each-player", CardAction::PayEachPlayer},
    {"repairs", CardAction::Repairs},
    {"get-out-of-jail-free", CardAction::GetOutOfJailFree},
    {"pay-or-draw", CardAction::PayOrDrawOther},
    {"advance-to-nearest", CardAction::AdvanceToNearest},
};

const std::map<std::string, RentWindow> kRentWindows = {
    {"before-next-throw", RentWindow::BeforeNextThrow},
    {"before-second-following-throw", RentWindow::BeforeSecondFollowingThrow},
    {"timed", RentWindow::Timed},
};

const std::map<std::string, Rounding> kRoundings = {
    {"up", Rounding::Up}, {"down", Rounding::Down}, {"nearest", Rounding::Nearest}};

const std::map<std::string, BuildingGroups> kBuildingGroups = {
    {"colour-groups", BuildingGroups::ColourGroups}, {"conglomerates", BuildingGroups::Conglomerates}};

const std::map<std::string, DeckId> kDeckKeys = {
    {"chance", DeckId::Chance}, {"community-chest", DeckId::CommunityChest}};

template <class T>
T lookup(const std::map<std::string, T>& table, const std::string& key, const std::string& where) {
  auto it = table.find(key);
  if (it == table.end()) {
    std::string known;
    for (const auto& [k, v] : table) known += (known.empty() ? "" : ", ") + k;
    throw DataError{where, fmt::format("unknown value '{}' (known: {})", key, known)};
  }
  return it->second;
}

const json& need(const json& j, const char* key, const std::string& where) {
  if (!j.is_object() || !j.contains(key)) throw DataError{where, fmt::format("missing '{}'", key)};
  return j.at(key);
}

// The largest sum an edition may print (a price, a rent, a fine): the largest amount the
// notation reads, so sums of play stay far from overflowing.
constexpr std::int64_t kMaxEditionAmount = 1'000'000'000;

// A whole number of the file in [lo, hi]. A float, a string or a number out of range is
// refused, never converted (converting 5e120 to an integer is undefined behaviour).
std::int64_t whole(const json& v, std::int64_t lo, std::int64_t hi, const std::string& where) {
  const bool fits = v.is_number_integer() &&
                    (v.is_number_unsigned() ? v.get<std::uint64_t>() <= static_cast<std::uint64_t>(hi)
                                            : v.get<std::int64_t>() >= lo && v.get<std::int64_t>() <= hi);
  if (!fits) throw DataError{where, fmt::format("must be a whole number from {} to {}", lo, hi)};
  return v.get<std::int64_t>();
}

// A whole-number setting with its default when the file leaves it out.
int setting(const json& j, const char* key, int fallback, int lo, int hi, const std::string& where) {
  if (!j.is_object() || !j.contains(key)) return fallback;
  return static_cast<int>(whole(j.at(key), lo, hi, where + "." + key));
}

Money money(const json& j, const char* key, const std::string& where, bool required = false) {
  if (!j.contains(key)) {
    if (required) throw DataError{where, fmt::format("missing '{}'", key)};
    return Money{0};
  }
  return Money{whole(j.at(key), 0, kMaxEditionAmount, where + "." + key)};
}

SquareId square_by_name(const Ruleset& r, const std::string& name, const std::string& where) {
  for (std::size_t i = 0; i < r.squares.size(); ++i)
    if (r.squares[i].name == name) return static_cast<SquareId>(i);
  throw DataError{where, fmt::format("no square named '{}' on the board", name)};
}

void parse_words(const json& j, Words* w) {
  auto str = [&](const char* k, std::string* out) {
    if (j.contains(k)) *out = j.at(k).get<std::string>();
  };
  str("currency", &w->currency);
  str("house", &w->house);
  str("houses", &w->houses);
  str("hotel", &w->hotel);
  // The plural of hotel defaults to the word and an s ("Barracks" says its own).
  w->hotels = w->hotel + "s";
  str("hotels", &w->hotels);
  str("jail", &w->jail);
  str("go", &w->go);
  str("station", &w->station);
  str("salary", &w->salary);
  str("jail_card", &w->jail_card);
}

void parse_board(const json& j, Ruleset* r) {
  const json& groups = need(j, "groups", "edition");
  for (const auto& g : groups) r->groups.push_back(Group{g.get<std::string>(), {}});
  const json& board = need(j, "board", "edition");
  if (!board.is_array() || board.size() < 8 || board.size() > kMaxSquares)
    throw DataError{"board", "must list the squares in order of travel (8 to 64 of them)"};
  for (std::size_t i = 0; i < board.size(); ++i) {
    const json& s = board[i];
    const std::string where = fmt::format("board[{}]", i);
    Square sq;
    sq.name = need(s, "name", where).get<std::string>();
    sq.kind = lookup(kSquareKinds, need(s, "kind", where).get<std::string>(), where + ".kind");
    if (s.contains("aliases"))
      for (const auto& a : s.at("aliases")) sq.aliases.push_back(a.get<std::string>());
    if (sq.is_property()) {
      const std::string g = need(s, "group", where).get<std::string>();
      int gi = -1;
      for (std::size_t k = 0; k < r->groups.size(); ++k)
        if (r->groups[k].name == g) gi = static_cast<int>(k);
      if (gi < 0) throw DataError{where + ".group", fmt::format("'{}' is not in groups", g)};
      sq.group = gi;
      r->groups[gi].members.push_back(static_cast<SquareId>(i));
      sq.price = money(s, "price", where, true);
      sq.mortgage_value = money(s, "mortgage", where, true);
    }
    if (sq.kind == SquareKind::Street) {
      const json& rent = need(s, "rent", where);
      if (!rent.is_array() || rent.size() != 6)
        throw DataError{where + ".rent", "a street lists 6 rents: unimproved, 1 to 4 houses, hotel"};
      for (int k = 0; k < 6; ++k)
        sq.rent[k] = Money{whole(rent[k], 0, kMaxEditionAmount, fmt::format("{}.rent[{}]", where, k))};
      sq.house_cost = money(s, "house_cost", where, true);
      sq.hotel_cost = money(s, "hotel_cost", where, true);
    }
    if (sq.kind == SquareKind::Tax) {
      sq.tax = money(s, "tax", where, true);
      sq.tax_percent = setting(s, "tax_percent", 0, 0, 100, where);
    }
    r->squares.push_back(std::move(sq));
  }
  for (std::size_t k = 0; k < r->groups.size(); ++k)
    if (r->groups[k].members.empty())
      throw DataError{fmt::format("groups[{}]", k), fmt::format("group '{}' has no squares", r->groups[k].name)};
}

void parse_decks(const json& j, Ruleset* r) {
  const json& decks = need(j, "decks", "edition");
  for (const auto& [key, deck_id] : kDeckKeys) {
    const std::string where = "decks." + key;
    const json& d = need(decks, key.c_str(), "decks");
    Deck& deck = r->decks[static_cast<int>(deck_id)];
    deck.name = need(d, "name", where).get<std::string>();
    const json& cards = need(d, "cards", where);
    if (!cards.is_array() || cards.empty() || cards.size() > static_cast<std::size_t>(kMaxCards))
      throw DataError{where + ".cards", "a pack holds 1 to 64 cards"};
    for (std::size_t i = 0; i < cards.size(); ++i) {
      const json& c = cards[i];
      const std::string cw = fmt::format("{}.cards[{}]", where, i);
      Card card;
      card.text = need(c, "text", cw).get<std::string>();
      card.action = lookup(kCardActions, need(c, "action", cw).get<std::string>(), cw + ".action");
      card.amount = money(c, "amount", cw);
      card.per_house = money(c, "per_house", cw);
      card.per_hotel = money(c, "per_hotel", cw);
      card.spaces = setting(c, "spaces", 0, -kMaxSquares, kMaxSquares, cw);
      if (c.contains("target")) card.target = square_by_name(*r, c.at("target").get<std::string>(), cw + ".target");
      if (c.contains("nearest"))
        card.nearest_kind = lookup(kSquareKinds, c.at("nearest").get<std::string>(), cw + ".nearest");
      card.rent_multiplier = setting(c, "rent_multiplier", 1, 0, 100, cw);
      card.dice_rent_multiplier = setting(c, "dice_rent_multiplier", 0, 0, 100, cw);
      if (c.contains("other_deck"))
        card.other_deck = lookup(kDeckKeys, c.at("other_deck").get<std::string>(), cw + ".other_deck");
      const bool needs_target = card.action == CardAction::AdvanceTo || card.action == CardAction::MoveBackTo;
      if (needs_target && card.target == kNoSquare) throw DataError{cw, "this action needs a target square"};
      deck.cards.push_back(std::move(card));
    }
  }
}

// The settings the computer edition brought: each defaults to the table editions' rule.
void parse_computer_settings(const json& s, Ruleset* r) {
  const json& jail = s.at("jail");
  r->jail.may_skip_go = jail.value("may_skip_go", false);
  r->jail.last_failure_may_miss_go = jail.value("last_failure_may_miss_go", false);
  r->jail.jailed_may_bid = jail.value("jailed_may_bid", true);
  r->jail.jailed_may_trade = jail.value("jailed_may_trade", true);
  r->jail.jailed_may_mortgage = jail.value("jailed_may_mortgage", true);
  // 0: no clock; at most a day.
  auto seconds = [](const json& t, const char* key, const std::string& where) { return setting(t, key, 0, 0, 86400, where); };
  if (s.contains("timed_windows")) {
    const json& t = s.at("timed_windows");
    r->timed.buy_seconds = seconds(t, "buy_seconds", "settings.timed_windows");
    r->timed.rent_seconds = seconds(t, "rent_seconds", "settings.timed_windows");
    r->timed.auction_seconds = seconds(t, "auction_seconds", "settings.timed_windows");
  }
  if (s.contains("auction")) {
    const json& a = s.at("auction");
    r->auction.opening_percent = setting(a, "opening_percent", 0, 0, 100, "settings.auction");
    r->auction.step = money(a, "step", "settings.auction");
  }
  if (s.contains("trade")) {
    const json& t = s.at("trade");
    r->trade.only_before_own_throw = t.value("only_before_own_throw", false);
    r->trade.offers_per_turn = setting(t, "offers_per_turn", 0, 0, 100, "settings.trade");  // 0: no limit
  }
  if (s.contains("mortgage")) {
    const json& m = s.at("mortgage");
    r->mortgage.covers_buildings = m.value("covers_buildings", false);
    r->mortgage.lift_at_list_price = m.value("lift_at_list_price", false);
    r->mortgage.before_throw_only = m.value("before_throw_only", false);
  }
  r->build_in_sequence = s.value("build_in_sequence", false);
  r->buildings_sold_back = s.value("buildings_sold_back", true);
  r->insolvency_at_mortgage_value = s.value("insolvency_at_mortgage_value", false);
  r->first_player_drawn = s.value("first_player_drawn", false);
  r->referee_throws = s.value("referee_throws", false);
}

// regions: each a run of squares with its currency; runs may not overlap.
void parse_regions(const json& s, Ruleset* r) {
  if (!s.contains("regions")) return;
  const json& regions = s.at("regions");
  if (!regions.is_array() || regions.empty() || regions.size() > kMaxPlayers)
    throw DataError{"settings.regions", fmt::format("must list 1 to {} regions", kMaxPlayers)};
  for (std::size_t i = 0; i < regions.size(); ++i) {
    const std::string where = fmt::format("settings.regions[{}]", i);
    CurrencyRegion region;
    region.name = need(regions[i], "name", where).get<std::string>();
    region.currency = need(regions[i], "currency", where).get<std::string>();
    region.first = square_by_name(*r, need(regions[i], "from", where).get<std::string>(), where + ".from");
    region.last = square_by_name(*r, need(regions[i], "to", where).get<std::string>(), where + ".to");
    if (region.last < region.first) throw DataError{where, "'from' must come before 'to' on the board"};
    for (const CurrencyRegion& other : r->regions)
      if (region.first <= other.last && other.first <= region.last)
        throw DataError{where, fmt::format("overlaps region '{}'", other.name)};
    r->regions.push_back(std::move(region));
  }
}

// The largest spread the board allows: a region's rate runs from minus to plus the number of
// its properties, so two rates differ by at most twice the largest region.
int widest_spread(const Ruleset& r) {
  int most = 0;
  for (const CurrencyRegion& region : r.regions) {
    int n = 0;
    for (int sq = region.first; sq <= region.last; ++sq) n += r.squares[static_cast<std::size_t>(sq)].is_property();
    most = std::max(most, n);
  }
  return 2 * most;
}

// currency_conversion: {"-16": 1151, ..., "0": 100, ..., "16": 9}, percent by spread, with
// every spread the board allows.
void parse_conversion(const json& s, Ruleset* r) {
  const char* key = "settings.currency_conversion";
  if (!s.contains("currency_conversion")) {
    if (!r->regions.empty()) throw DataError{"settings", "regions need a 'currency_conversion' table"};
    return;
  }
  if (r->regions.empty()) throw DataError{key, "a conversion table needs 'regions'"};
  const json& table = s.at("currency_conversion");
  if (!table.is_object() || table.empty())
    throw DataError{key, "must map each spread to a percent, e.g. {\"0\": 100, \"6\": 40}"};
  std::map<int, int> by_spread;
  for (const auto& [spread_text, percent] : table.items()) {
    std::size_t used = 0;
    int spread = 0;
    try {
      spread = std::stoi(spread_text, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != spread_text.size())
      throw DataError{key, fmt::format("'{}' is not a spread (a whole number such as -3 or 6)", spread_text)};
    if (!percent.is_number_integer() || percent.get<std::int64_t>() < 1 || percent.get<std::int64_t>() > 100000)
      throw DataError{fmt::format("{}.{}", key, spread_text), "must be a whole percent from 1 to 100000"};
    by_spread[spread] = percent.get<int>();
  }
  const int widest = widest_spread(*r);
  for (int spread = -widest; spread <= widest; ++spread)
    if (!by_spread.count(spread))
      throw DataError{key, fmt::format("gives no percent for spread {}: the board allows every spread from {} to {}",
                                       spread, -widest, widest)};
  if (by_spread.at(0) != 100) throw DataError{key + std::string(".0"), "spread 0 is the same value: it must be 100"};
  // Money changed one way and back must not grow, or two players could make it by passing a sum
  // back and forth: the percents for s and -s multiply to 10000 or more.
  for (const auto& [spread, percent] : by_spread)
    if (spread > 0 && by_spread.count(-spread) && static_cast<std::int64_t>(percent) * by_spread.at(-spread) < 10000)
      throw DataError{fmt::format("{}.{}", key, spread),
                      fmt::format("{}% one way and {}% back would let money grow by changing it there and back: "
                                  "the two must multiply to 10000 or more",
                                  percent, by_spread.at(-spread))};
  r->currency_conversion.min_spread = by_spread.begin()->first;
  for (int spread = by_spread.begin()->first; spread <= by_spread.rbegin()->first; ++spread) {
    if (!by_spread.count(spread))
      throw DataError{key, fmt::format("gives no percent for spread {} (the spreads must run without a gap)", spread)};
    r->currency_conversion.percent.push_back(by_spread.at(spread));
  }
}

void parse_settings(const json& j, Ruleset* r) {
  const json& s = need(j, "settings", "edition");
  r->starting_cash = money(s, "starting_cash", "settings", true);
  r->salary = money(s, "salary", "settings", true);
  r->jail_square = square_by_name(*r, need(s, "jail_square", "settings").get<std::string>(), "settings.jail_square");
  r->doubles_to_jail = setting(s, "doubles_to_jail", 3, 1, 10, "settings");
  const json& jail = need(s, "jail", "settings");
  r->jail.fine = money(jail, "fine", "settings.jail", true);
  r->jail.max_turns = setting(jail, "max_turns", 3, 1, 10, "settings.jail");
  r->jail.fine_before_throw_turns = setting(jail, "fine_before_throw_turns", 2, 0, 10, "settings.jail");
  r->jail.doubles_throw_again = jail.value("doubles_throw_again", true);
  r->jail.doubles_count_toward_three = jail.value("doubles_count_toward_three", true);
  r->auctions = s.value("auctions", true);
  r->rent_window = lookup(kRentWindows, s.value("rent_window", std::string("before-next-throw")), "settings.rent_window");
  r->double_rent_needs_unmortgaged_group = s.value("double_rent_needs_unmortgaged_group", true);
  r->jailed_owner_collects_rent = s.value("jailed_owner_collects_rent", true);
  for (const auto& v : need(s, "station_rent", "settings"))
    r->station_rent.push_back(Money{whole(v, 0, kMaxEditionAmount, "settings.station_rent")});
  for (const auto& v : need(s, "utility_multiplier", "settings"))
    r->utility_multiplier.push_back(static_cast<int>(whole(v, 0, 100, "settings.utility_multiplier")));
  r->houses_per_hotel = setting(s, "houses_per_hotel", 4, 1, 4, "settings");
  r->house_stock = setting(s, "house_stock", 32, 0, 1000, "settings");
  r->hotel_stock = setting(s, "hotel_stock", 12, 0, 1000, "settings");
  r->max_players = setting(s, "max_players", 8, 2, kMaxPlayers, "settings");
  r->build_only_in_turn = s.value("build_only_in_turn", true);
  r->house.free_parking_jackpot = s.value("free_parking_jackpot", false);  // the setting older files use
  r->hotel_sells_as_houses = s.value("hotel_sells_as_houses", false);
  r->game_ends_at_first_bankruptcy = s.value("game_ends_at_first_bankruptcy", false);
  r->mortgage_interest_percent = setting(s, "mortgage_interest_percent", 10, 0, 100, "settings");
  r->interest_rounding = lookup(kRoundings, s.value("interest_rounding", std::string("up")), "settings.interest_rounding");
  if (s.contains("short_game")) {
    const json& sg = s.at("short_game");
    r->short_game.deeds_dealt = setting(sg, "deeds_dealt", 2, 0, 40, "settings.short_game");
    r->short_game.deeds_paid = sg.value("deeds_paid", true);
  }
  r->short_game.always = s.value("always_short_game", false);
  parse_computer_settings(s, r);
  r->building_groups =
      lookup(kBuildingGroups, s.value("building_groups", std::string("colour-groups")), "settings.building_groups");
  parse_regions(s, r);
  parse_conversion(s, r);
  if (r->jail.max_turns < 1 || r->jail.fine_before_throw_turns > r->jail.max_turns)
    throw DataError{"settings.jail", "max_turns must be at least 1 and fine_before_throw_turns no more than it"};
  if (r->max_players < 2 || r->max_players > kMaxPlayers)
    throw DataError{"settings.max_players", fmt::format("must be 2 to {}", kMaxPlayers)};
  if (!r->regions.empty() && r->max_players > static_cast<int>(r->regions.size()))
    throw DataError{"settings.max_players", "each player represents a region: no more players than regions"};
}

}  // namespace

namespace {

// "house_rules": ["no-auctions", ...]: the house rules this edition plays (docs/rules.md).
void parse_house_rules(const json& j, Ruleset* r) {
  if (!j.contains("house_rules")) return;
  const json& list = j.at("house_rules");
  if (!list.is_array()) throw DataError{"house_rules", "expected a list of house rules' names"};
  std::vector<std::string> names;
  for (const json& name : list) {
    if (!name.is_string())
      throw DataError{"house_rules", fmt::format("expected a house rule's name, not {}", name.dump().substr(0, 60))};
    names.push_back(name.get<std::string>());
  }
  if (Status s = turn_on_house_rules(names, r); !s.is_ok()) throw DataError{"house_rules", s.message()};
}

}  // namespace

Status turn_on_house_rules(const std::vector<std::string>& names, Ruleset* r) {
  for (const std::string& name : names)
    if (!turn_on_house_rule(name, &r->house))
      return Status::invalid_argument(
          fmt::format("unknown house rule '{}' (known: {})", name.substr(0, 60), house_rules_list()));
  if (r->house.unlimited_buildings) {
    // rule house/unlimited-buildings: a Bank that holds a house for every place a board has, and a
    // hotel for every street, never runs short, so no shortage rule ever applies.
    int streets = 0;
    for (const Square& s : r->squares) streets += s.kind == SquareKind::Street ? 1 : 0;
    r->house_stock = std::max(r->house_stock, streets * r->houses_per_hotel);
    r->hotel_stock = std::max(r->hotel_stock, streets);
  }
  return Status::ok();
}

namespace {

// The built-in editions by id, for "extends".
EditionTexts builtin_edition_texts() {
  EditionTexts texts;
  auto [files, n] = embedded::editions_all();
  for (std::size_t i = 0; i < n; ++i) {
    const std::string name(files[i].first);
    texts.emplace(name.substr(0, name.rfind('.')), files[i].second);
  }
  return texts;
}

// An edition file's JSON; a file that is not JSON is refused as the loader refuses any mistake.
Status read_edition_json(const std::string& json_text, json* out) {
  try {
    *out = json::parse(json_text);
  } catch (const json::exception& e) {
    return Status::invalid_argument(fmt::format("edition data: {}", e.what()));
  }
  return Status::ok();
}

// A whole edition (one that extends nothing) into a Ruleset.
Status parse_whole_edition(const json& j, Ruleset* out) {
  Ruleset r;
  try {
    r.id = need(j, "id", "edition").get<std::string>();
    r.title = j.value("title", r.id);
    if (j.contains("words")) parse_words(j.at("words"), &r.words);
    if (j.contains("sections"))
      for (const auto& [uk_name, name] : j.at("sections").items()) r.section_names[uk_name] = name.get<std::string>();
    parse_board(j, &r);
    parse_decks(j, &r);
    parse_settings(j, &r);
    parse_house_rules(j, &r);
  } catch (const DataError& e) {
    return Status::invalid_argument(fmt::format("edition data, at {}: {}", e.where, e.what));
  } catch (const json::exception& e) {
    return Status::invalid_argument(fmt::format("edition data: {}", e.what()));
  }
  *out = std::move(r);
  return Status::ok();
}

}  // namespace

Status resolve_edition_text(const std::string& json_text, std::string* whole_text) {
  json edition;
  if (Status s = read_edition_json(json_text, &edition); !s.is_ok()) return s;
  if (!edition.is_object() || !edition.contains("extends")) {
    *whole_text = json_text;
    return Status::ok();
  }
  json whole;
  if (Status s = resolve_overlay(edition, builtin_edition_texts(), &whole); !s.is_ok()) return s;
  *whole_text = whole.dump();
  return Status::ok();
}

Status parse_ruleset(const std::string& json_text, Ruleset* out) {
  json edition;
  if (Status s = read_edition_json(json_text, &edition); !s.is_ok()) return s;
  json whole;
  if (Status s = resolve_overlay(edition, builtin_edition_texts(), &whole); !s.is_ok()) return s;
  return parse_whole_edition(whole, out);
}

Status parse_stored_ruleset(const std::string& json_text, Ruleset* out) {
  json edition;
  if (Status s = read_edition_json(json_text, &edition); !s.is_ok()) return s;
  // What a game keeps must not lean on the built-in editions of whichever program reads it.
  if (edition.is_object() && edition.contains("extends"))
    return Status::invalid_argument("edition data, at extends: a game keeps its edition whole, extending nothing");
  return parse_whole_edition(edition, out);
}

std::vector<std::string> builtin_ruleset_ids() {
  std::vector<std::string> ids;
  for (const auto& [id, text] : builtin_edition_texts()) ids.push_back(id);
  return ids;
}

Status load_ruleset(const std::string& id, Ruleset* out) {
  const EditionTexts builtin = builtin_edition_texts();
  if (auto it = builtin.find(id); it != builtin.end()) return parse_ruleset(std::string(it->second), out);
  std::string known;
  for (const auto& k : builtin_ruleset_ids()) known += (known.empty() ? "" : ", ") + k;
  return Status::not_found(fmt::format("unknown ruleset '{}' (editions: {})", id, known));
}

}  // namespace deedlog
