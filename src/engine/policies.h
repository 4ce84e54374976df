#pragma once
// Policies: where the editions (and the house rules a table plays) differ in the shape of a
// rule rather than in a number, the question is asked here, once, and the rule files ask the
// policy. A newcomer looking for "what does the no-auctions house rule change" finds every
// place by finding the callers of one function.
#include "engine/state.h"
#include "rules/ruleset.h"

namespace deedlog::policy {

// LANDING ON UNOWNED PROPERTY: a declined property is auctioned at once (uk-1972), or stays with
// the Bank for the next lander (regional-currency; the no-auctions house rule).
bool declined_property_auctioned(const Ruleset& r);

// The salary for a move that reaches or passes the start square: twice it when the token lands
// exactly there under the double-salary-on-go house rule.
Money salary_for(const Ruleset& r, bool lands_on_start);

// LANDING ON OWNED PROPERTY: whether the owner collects rent now (computer, and the
// no-rent-while-owner-in-jail house rule: not while he is in jail).
bool owner_collects_rent(const Ruleset& r, const State& s, PlayerId owner);

// HOUSES: whether a group must be built up and sold down evenly (the no-even-building house
// rule lifts it).
bool even_building(const Ruleset& r);

}  // namespace deedlog::policy
