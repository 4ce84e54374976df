#include "deedlog/currency.h"

namespace deedlog {

int region_of(const Ruleset& r, SquareId square) {
  for (std::size_t i = 0; i < r.regions.size(); ++i)
    if (r.regions[i].contains(square)) return static_cast<int>(i);
  return kNoRegion;
}

int region_of_player(const Ruleset& r, PlayerId p) {
  return p >= 0 && p < static_cast<int>(r.regions.size()) ? p : kNoRegion;
}

int exchange_rate(const Ruleset& r, const State& s, int region) {
  if (region == kNoRegion) return 0;
  const CurrencyRegion& reg = r.regions[static_cast<std::size_t>(region)];
  // A region nobody represents (fewer than four players): every owner counts against it.
  const bool represented = region < s.player_count;
  int rate = 0;
  for (int sq = reg.first; sq <= reg.last; ++sq) {
    const PlayerId owner = s.holdings[static_cast<std::size_t>(sq)].owner;
    if (owner == kBank || !r.squares[static_cast<std::size_t>(sq)].is_property()) continue;
    rate += represented && owner == region ? 1 : -1;
  }
  return rate;
}

int player_rate(const Ruleset& r, const State& s, PlayerId p) {
  return exchange_rate(r, s, region_of_player(r, p));
}

int square_rate(const Ruleset& r, const State& s, SquareId square) {
  return exchange_rate(r, s, region_of(r, square));
}

namespace {

std::int64_t percent_for(const CurrencyConversion& table, int payer_rate, int payee_rate) {
  int spread = payer_rate - payee_rate;
  // The parser makes the table cover every spread the board allows; clamp for safety.
  if (spread < table.min_spread) spread = table.min_spread;
  if (spread > table.max_spread()) spread = table.max_spread();
  return table.percent[static_cast<std::size_t>(spread - table.min_spread)];
}

}  // namespace

Money convert(const Ruleset& r, Money amount, int payer_rate, int payee_rate) {
  const CurrencyConversion& table = r.currency_conversion;
  if (table.empty() || amount.units == 0) return amount;
  // Rounded up, in the Bank's favour: with a table whose percents for s and -s multiply to at
  // least 10000 (the parser's check), no two players gain by passing money back and forth.
  const std::int64_t paid = (amount.units * percent_for(table, payer_rate, payee_rate) + 99) / 100;
  return Money{paid < 1 ? 1 : paid};
}

Money convert_received(const Ruleset& r, Money amount, int receiver_rate, int from_rate) {
  const CurrencyConversion& table = r.currency_conversion;
  if (table.empty() || amount.units == 0) return amount;
  return Money{amount.units * percent_for(table, receiver_rate, from_rate) / 100};
}

Money value_across(const Ruleset& r, Money amount, int from_rate, int to_rate) {
  const CurrencyConversion& table = r.currency_conversion;
  if (table.empty() || amount.units == 0) return amount;
  return Money{(amount.units * percent_for(table, from_rate, to_rate) + 50) / 100};
}

Money cost_for(const Ruleset& r, const State& s, PlayerId p, SquareId square, Money face) {
  return convert(r, face, player_rate(r, s, p), square_rate(r, s, square));
}

Money receipt_for(const Ruleset& r, const State& s, PlayerId p, SquareId square, Money face) {
  // The Bank pays `face` in the region's currency; p receives what that is worth in his own,
  // read from the same line of the table as what he would pay for it (so buying and selling back
  // agree), rounded down: the Bank's rounding never pays out more than it takes in.
  return convert_received(r, face, player_rate(r, s, p), square_rate(r, s, square));
}

Money cost_to_player(const Ruleset& r, const State& s, PlayerId payer, PlayerId payee, Money face) {
  return convert(r, face, player_rate(r, s, payer), player_rate(r, s, payee));
}

}  // namespace deedlog
