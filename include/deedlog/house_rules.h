#pragma once
// House rules: the changes to the printed rules that tables play most, each a named switch a
// user's edition file ("house_rules": [...]) or a game's [HouseRules "..."] tag turns on. The
// engine reads each in one place and cites it as a house rule (house/<name>) wherever it decides
// a ruling. docs/rules.md, "House rules", describes each.
#include <string>
#include <string_view>
#include <vector>

namespace deedlog {

struct HouseRules {
  bool free_parking_jackpot = false;         // taxes and fines wait on Free Parking for whoever lands there
  bool no_auctions = false;                  // a property the lander declines stays with the Bank
  bool double_salary_on_go = false;          // landing exactly on the start square pays twice the salary
  bool no_rent_while_owner_in_jail = false;  // an owner in jail collects no rent
  bool unlimited_buildings = false;          // the Bank's houses and hotels never run out
  bool no_even_building = false;             // houses go up and come down in any order within a group
  bool operator==(const HouseRules&) const = default;
};

struct HouseRuleName {
  std::string_view name;     // as users write it: "no-auctions"
  bool HouseRules::*flag;
  std::string_view summary;  // one line, for lists and errors
};

// Every house rule, in the order documented.
const std::vector<HouseRuleName>& house_rule_names();

// Turns on the house rule named (ASCII case ignored); false when there is none of that name.
bool turn_on_house_rule(std::string_view name, HouseRules* rules);
// The canonical name of a house rule, "" when unknown.
std::string_view canonical_house_rule(std::string_view name);
// "free-parking-jackpot, no-auctions, ...": for messages.
std::string house_rules_list();
// The names of the house rules on, in the documented order.
std::vector<std::string> house_rules_on(const HouseRules& rules);

}  // namespace deedlog
