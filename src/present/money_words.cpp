#include "present/money_words.h"

#include <fmt/format.h>

namespace deedlog {

std::string money_words(const Ruleset& r, Money m) { return fmt::format("{}{}", r.words.currency, m.units); }

std::string money_in(const Ruleset& r, Money m, const std::string& currency) {
  return currency.empty() ? money_words(r, m) : fmt::format("{} {}", money_words(r, m), currency);
}

std::string money_grouped(const Ruleset& r, Money m) {
  const std::string digits = std::to_string(m.units < 0 ? -m.units : m.units);
  std::string grouped;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) grouped += ',';
    grouped += digits[i];
  }
  return (m.units < 0 ? "-" : "") + r.words.currency + grouped;
}

std::string currency_of_player(const Ruleset& r, PlayerId p) {
  return p >= 0 && p < static_cast<int>(r.regions.size()) ? r.regions[static_cast<std::size_t>(p)].currency : "";
}

std::string currency_of_square(const Ruleset& r, SquareId s) {
  for (const CurrencyRegion& region : r.regions)
    if (region.contains(s)) return region.currency;
  return "";
}

}  // namespace deedlog
