// The audit's account of what a table did when it broke a rule (app/table_version.h) is built
// from the engine's own effects, so it charges what the rules charge.
#include <gtest/gtest.h>

#include "deedlog/table_version.h"
#include "deedlog/currency.h"
#include "support/table.h"

namespace deedlog {
namespace {
using testing::prop;
using testing::seat;
using testing::setup_with;
using testing::Table;

constexpr PlayerId kAnn = 0, kBen = 1;

// The regression: under the regional currency the table's illegal purchase was charged the
// printed price ($120), where the same purchase made legally costs its worth in the buyer's
// own currency ($164 pink, say).
TEST(TableVersion, AnIllegalPurchaseCostsWhatALegalOneWouldInTheRegionalCurrency) {
  const Ruleset& r = testing::edition("regional-currency");
  const SquareId connecticut = testing::square_named(r, "Connecticut Avenue");  // South, printed $120
  // Ben (West, pink) owns three West sites, so pink and green differ; he stands on Connecticut
  // Avenue from the setup, with no offer open: buying it now is against the rules.
  PlayerSetup ben = seat(kBen, 1000, connecticut);
  ben.owns = {prop(testing::square_named(r, "St. Charles Place")), prop(testing::square_named(r, "States Avenue")),
              prop(testing::square_named(r, "Virginia Avenue"))};
  Table t({"Ann", "Ben", "Cat", "Dan"}, setup_with({seat(kAnn), ben}), std::nullopt, r);
  const Money legal = cost_for(r, t.state(), kBen, connecticut, r.square(connecticut).price);
  ASSERT_NE(legal, r.square(connecticut).price) << "the test needs rates that differ";

  const auto events = table_version(r, t.state(), TableMemory{}, Table::cmd(Verb::Buy, kBen));
  ASSERT_TRUE(events.has_value());
  const Event& bought = events->front();
  ASSERT_EQ(bought.type, EventType::PropertyBought);
  EXPECT_EQ(bought.amount, legal);
  EXPECT_EQ(bought.amount2, r.square(connecticut).price);
}

TEST(TableVersion, AFinePaidWhenNotDueLeavesJailAsTheRulesWould) {
  PlayerSetup ann = seat(kAnn, 500);
  ann.jail_turns = 2;  // his last turn: the rules make him throw first
  Table t({"Ann", "Ben", "Cat"}, setup_with({ann}));
  const auto events = table_version(t.ruleset(), t.state(), TableMemory{}, Table::cmd(Verb::PayFine, kAnn));
  ASSERT_TRUE(events.has_value());
  ASSERT_EQ(events->size(), 2u);
  EXPECT_EQ((*events)[0].type, EventType::FinePaid);
  EXPECT_EQ((*events)[1].type, EventType::LeftJail);
}

}  // namespace
}  // namespace deedlog
