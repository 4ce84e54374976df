#include "deedlog/policies.h"

namespace deedlog::policy {

bool declined_property_auctioned(const Ruleset& r) {
  // rule house/no-auctions
  return r.auctions && !r.house.no_auctions;
}

Money salary_for(const Ruleset& r, bool lands_on_start) {
  // rule house/double-salary-on-go
  return lands_on_start && r.house.double_salary_on_go ? r.salary * 2 : r.salary;
}

bool auctions_lifted_by_house_rule(const Ruleset& r) { return r.auctions && r.house.no_auctions; }

bool free_parking_jackpot(const Ruleset& r) { return r.house.free_parking_jackpot; }

bool owner_collects_rent(const Ruleset& r, const State& s, PlayerId owner) {
  // rule jail/privileges: in jail a player still collects rent (uk-1972), except in the computer
  // edition and under rule house/no-rent-while-owner-in-jail.
  const bool jailed_collects = r.jailed_owner_collects_rent && !r.house.no_rent_while_owner_in_jail;
  return jailed_collects || !s.player(owner).in_jail;
}

bool jailed_owner_barred_by_house_rule(const Ruleset& r) {
  // rule house/no-rent-while-owner-in-jail, where the edition itself lets him collect.
  return r.jailed_owner_collects_rent && r.house.no_rent_while_owner_in_jail;
}

bool even_building(const Ruleset& r) {
  // rule house/no-even-building
  return !r.house.no_even_building;
}

}  // namespace deedlog::policy
