// uk-1972, MORTGAGES and BANKRUPTCY: what a debtor could still raise counts only what the rules
// would let him do. A site whose colour group holds another owner's buildings (a position set
// up so, or a group split by the Bank's auctions) cannot be mortgaged until those are sold, and
// its owner cannot sell them: he is not sent to a mortgage the referee would refuse.
#include "deedlog/money_raising.h"
#include "support/economy.h"

namespace deedlog {
namespace {
using namespace testing;

// rule uk-1972/mortgage/unbuilt-only, rule uk-1972/bankruptcy/only-when-insolvent
TEST(MoneyRaising, ASiteBesideAnotherOwnersHousesIsNotCounted) {
  // Ben holds the greens with houses; Ann stands on Liverpool Street Station, three squares
  // short of Super Tax (£100), with £10, and owes the £100 after her throw.
  Table t(std::vector<std::string>{"Ann", "Ben", "Cat"},
          setup_with({holder(0, 10, {}, kLiverpoolSt), holder(1, 1500, {prop(kRegent, 4), prop(kOxford, 4), prop(kBond, 3)})}));
  t.roll(0, 1, 2);
  ASSERT_EQ(owes(t, 0, kBank), Money{100});
  // Bond Street has come to Ann without its houses (as from the Bank's auction of a bankrupt's
  // estate), Ben's houses staying on Regent and Oxford Street. A [Setup] cannot state it.
  State s = t.state();
  s.holdings[kBond] = Holding{0, 0, false};
  s.bank_houses += 3;
  EXPECT_EQ(decide(t.ruleset(), s, mortgage_cmd(0, kBond)).violation.rule, rule_id("mortgage/unbuilt-only"));
  const RaisingPlan plan = money_raisable(t.ruleset(), s, 0);
  EXPECT_EQ(plan.total, Money{10});
  EXPECT_TRUE(plan.steps.empty());
  // So she owes more than she can raise, and may declare herself bankrupt.
  EXPECT_TRUE(decide(t.ruleset(), s, bankruptcy_cmd(0)).accepted);
}

// Her own buildings on the group are sold first, so her site still counts.
TEST(MoneyRaising, ASiteBesideHerOwnHousesStillCounts) {
  Table t(std::vector<std::string>{"Ann", "Ben", "Cat"},
          setup_with({holder(0, 10, {prop(kBond, 1), prop(kRegent, 1), prop(kOxford, 1)}, kLiverpoolSt),
                      holder(1, 1500, {})}));
  t.roll(0, 1, 2);
  ASSERT_EQ(owes(t, 0, kBank), Money{100});
  const RaisingPlan plan = money_raisable(t.ruleset(), t.state(), 0);
  // £10, three houses at £100 each, and the three mortgages of £160, £150, £150.
  EXPECT_EQ(plan.total, Money{10 + 300 + 160 + 150 + 150});
  EXPECT_EQ(t.refuse(bankruptcy_cmd(0)).rule, rule_id("bankruptcy/only-when-insolvent"));
}

}  // namespace
}  // namespace deedlog
