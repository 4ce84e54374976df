#include "deedlog/house_rules.h"

namespace deedlog {
namespace {

bool same_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const char x = a[i] >= 'A' && a[i] <= 'Z' ? static_cast<char>(a[i] - 'A' + 'a') : a[i];
    if (x != b[i]) return false;
  }
  return true;
}

}  // namespace

const std::vector<HouseRuleName>& house_rule_names() {
  static const std::vector<HouseRuleName> names = {
      {"free-parking-jackpot", &HouseRules::free_parking_jackpot,
       "taxes and fines paid to the Bank wait on Free Parking for the next player to land there"},
      {"no-auctions", &HouseRules::no_auctions, "a property the lander declines stays with the Bank"},
      {"double-salary-on-go", &HouseRules::double_salary_on_go, "landing exactly on GO pays twice the salary"},
      {"no-rent-while-owner-in-jail", &HouseRules::no_rent_while_owner_in_jail, "an owner in jail collects no rent"},
      {"unlimited-buildings", &HouseRules::unlimited_buildings, "the Bank's houses and hotels never run out"},
      {"no-even-building", &HouseRules::no_even_building,
       "houses are built and sold in any order within a group"},
  };
  return names;
}

std::string_view canonical_house_rule(std::string_view name) {
  for (const HouseRuleName& h : house_rule_names())
    if (same_ignoring_case(name, h.name)) return h.name;
  return {};
}

bool turn_on_house_rule(std::string_view name, HouseRules* rules) {
  for (const HouseRuleName& h : house_rule_names())
    if (same_ignoring_case(name, h.name)) {
      rules->*h.flag = true;
      return true;
    }
  return false;
}

std::string house_rules_list() {
  std::string out;
  for (const HouseRuleName& h : house_rule_names()) (out += out.empty() ? "" : ", ") += h.name;
  return out;
}

std::vector<std::string> house_rules_on(const HouseRules& rules) {
  std::vector<std::string> out;
  for (const HouseRuleName& h : house_rule_names())
    if (rules.*h.flag) out.emplace_back(h.name);
  return out;
}

}  // namespace deedlog
