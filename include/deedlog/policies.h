#pragma once
// Policies: where the editions (and the house rules a table plays) differ in the shape of a
// rule rather than in a number, the question is asked in one place, and the rule files ask the
// policy. A newcomer looking for "what does the no-auctions house rule change" finds every
// place by finding the callers of one function. Each structural setting is read in one file:
//   house rules, auctions, jailed owners' rent   engine/policies.cpp (this header)
//   building groups or Conglomerates             engine/building_group.cpp (owners_form_groups)
//   one currency or regional exchange            engine/currency.cpp (regions, conversion)
//   windows closed by the dice or by the clock   engine/windows.cpp (rent_window, timed)
// tests/engine_policies_read_once_test.cpp holds the engine to it.
#include "deedlog/ruleset.h"
#include "deedlog/state.h"

namespace deedlog::policy {

// LANDING ON UNOWNED PROPERTY: a declined property is auctioned at once (uk-1972), or stays with
// the Bank for the next lander (regional-currency; the no-auctions house rule).
bool declined_property_auctioned(const Ruleset& r);

// The edition auctions a declined property, but the table plays the no-auctions house rule: the
// refusal cites the house rule rather than the rule book.
bool auctions_lifted_by_house_rule(const Ruleset& r);

// LANDING ON "FREE PARKING": the free-parking-jackpot house rule (taxes and fines wait there).
bool free_parking_jackpot(const Ruleset& r);

// The salary for a move that reaches or passes the start square: twice it when the token lands
// exactly there under the double-salary-on-go house rule.
Money salary_for(const Ruleset& r, bool lands_on_start);

// LANDING ON OWNED PROPERTY: whether the owner collects rent now (computer, and the
// no-rent-while-owner-in-jail house rule: not while he is in jail).
bool owner_collects_rent(const Ruleset& r, const State& s, PlayerId owner);
// Whether it is the house rule, not the edition, that keeps a jailed owner from his rent (the
// rule a refused claim cites).
bool jailed_owner_barred_by_house_rule(const Ruleset& r);

// HOUSES: whether a group must be built up and sold down evenly (the no-even-building house
// rule lifts it).
bool even_building(const Ruleset& r);

}  // namespace deedlog::policy
