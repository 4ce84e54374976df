// House rules (deedlog/house_rules.h, docs/rules.md "House rules"): each named switch changes the
// one rule it names, and rulings it decides cite it as a house rule.
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "support/build_paths.h"
#include "deedlog/legal_moves.h"
#include "deedlog/ruleset_catalog.h"
#include "support/economy.h"

namespace deedlog {
namespace {
using namespace testing;

Ruleset with_house_rule(const char* name) {
  Ruleset r = uk1972();
  const Status s = turn_on_house_rules({name}, &r);
  EXPECT_TRUE(s.is_ok()) << s.message();
  return r;
}

// rule uk-1972/house/no-auctions: the declined property stays with the Bank; bids are refused
// citing the house rule.
TEST(HouseRules, NoAuctionsLeavesADeclinedPropertyWithTheBank) {
  const Ruleset r = with_house_rule("no-auctions");
  Table t({"Ann", "Ben"}, std::nullopt, std::nullopt, r);
  t.roll(0, 1, 2);  // Whitechapel Road, unowned
  t.decline(0);
  EXPECT_FALSE(t.last_has(EventType::AuctionOpened));
  EXPECT_EQ(t.state().phase, Phase::TurnOver);
  EXPECT_EQ(owner(t, kWhitechapel), kBank);
  Command bid = Table::cmd(Verb::Bid, 1);
  bid.amount = Money{10};
  EXPECT_EQ(t.refuse(bid).rule, "uk-1972/house/no-auctions");
}

// rule uk-1972/house/double-salary-on-go: landing exactly on GO pays twice; passing it, once.
TEST(HouseRules, DoubleSalaryOnlyForLandingExactlyOnGo) {
  const Ruleset r = with_house_rule("double-salary-on-go");
  Table exact({"Ann", "Ben"}, setup_with({seat(0, 100, kSuperTax)}), std::nullopt, r);
  exact.roll(0, 1, 1);  // Super Tax (38) + 2: GO
  EXPECT_EQ(exact.last_of(EventType::SalaryPaid).amount, Money{400});
  Table past({"Ann", "Ben"}, setup_with({seat(0, 100, kSuperTax)}), std::nullopt, r);
  past.roll(0, 1, 2);  // + 3: Old Kent Road
  EXPECT_EQ(past.last_of(EventType::SalaryPaid).amount, Money{200});
}

// rule uk-1972/house/no-rent-while-owner-in-jail
TEST(HouseRules, AnOwnerInJailCollectsNoRent) {
  const Ruleset r = with_house_rule("no-rent-while-owner-in-jail");
  PlayerSetup ben = seat(1);
  ben.owns = {prop(kWhitechapel)};
  ben.jail_turns = 0;
  Table t({"Ann", "Ben"}, setup_with({seat(0), ben}, 0), std::nullopt, r);
  t.roll(0, 1, 2);
  EXPECT_FALSE(t.last_has(EventType::RentDue));
  // Asked for all the same, it is refused by the house rule, not by the time to ask.
  EXPECT_EQ(t.refuse(Table::cmd(Verb::ClaimRent, 1)).rule, "uk-1972/house/no-rent-while-owner-in-jail");
  // Without the house rule the jailed owner is owed his rent (uk-1972 VISITING JAIL).
  Table plain({"Ann", "Ben"}, setup_with({seat(0), ben}, 0));
  plain.roll(0, 1, 2);
  EXPECT_TRUE(plain.last_has(EventType::RentDue));
}

// rule uk-1972/house/unlimited-buildings: the Bank never runs short.
TEST(HouseRules, UnlimitedBuildingsLeaveNoShortage) {
  const Ruleset r = with_house_rule("unlimited-buildings");
  EXPECT_GE(r.house_stock, 22 * 4);
  EXPECT_GE(r.hotel_stock, 22);
  PlayerSetup ann = seat(0, 5000);
  ann.owns = {prop(kMayfair, 4), prop(kParkLane, 4)};
  // uk-1972's 32 houses would all be out after 8 sites of 4: here the stock holds more.
  Table t({"Ann", "Ben"}, setup_with({ann}, 0), std::nullopt, r);
  EXPECT_EQ(t.state().bank_houses, r.house_stock - 8);
}

// rule uk-1972/house/no-even-building: a third house on one site of a bare group.
TEST(HouseRules, NoEvenBuildingAllowsUnevenGroups) {
  const Ruleset r = with_house_rule("no-even-building");
  PlayerSetup ann = seat(0, 2000);
  ann.owns = {prop(kMayfair), prop(kParkLane)};
  Table t({"Ann", "Ben"}, setup_with({ann}, 0), std::nullopt, r);
  t.play(build_cmd(0, kMayfair, 3));
  EXPECT_EQ(t.holding("Mayfair").buildings, 3);
  EXPECT_EQ(t.holding("Park Lane").buildings, 0);
  // and sold down in any order
  t.play(sell_cmd(0, kMayfair));
  EXPECT_EQ(t.holding("Mayfair").buildings, 2);
  // Without it, the same build is refused (uk-1972 HOUSES).
  Table plain({"Ann", "Ben"}, setup_with({ann}, 0));
  EXPECT_EQ(plain.refuse(build_cmd(0, kMayfair, 3)).rule, "uk-1972/houses/build-evenly");
}

TEST(HouseRules, AnUnknownNameIsRefusedWithTheList) {
  Ruleset r = uk1972();
  const Status s = turn_on_house_rules({"free-lunch"}, &r);
  ASSERT_FALSE(s.is_ok());
  EXPECT_NE(s.message().find("no-auctions"), std::string::npos) << s.message();
  EXPECT_TRUE(turn_on_house_rules({"No-Auctions"}, &r).is_ok()) << "names match ignoring case";
  EXPECT_TRUE(r.house.no_auctions);
}

TEST(HouseRules, AnEditionFileMayListThem) {
  std::ifstream in(std::string(deedlog::testing::source_dir()) + "/docs/examples/uk-1972-jackpot.json");
  std::stringstream buf;
  buf << in.rdbuf();
  Ruleset jackpot;
  ASSERT_TRUE(parse_ruleset(buf.str(), &jackpot).is_ok());
  EXPECT_TRUE(jackpot.house.free_parking_jackpot);  // turned on the older way, in "settings"
  nlohmann::json j = nlohmann::json::parse(buf.str());
  j["house_rules"] = {"no-auctions", "double-salary-on-go"};
  Ruleset listed;
  ASSERT_TRUE(parse_ruleset(j.dump(), &listed).is_ok());
  EXPECT_TRUE(listed.house.no_auctions);
  EXPECT_TRUE(listed.house.double_salary_on_go);
  EXPECT_FALSE(listed.house.no_even_building);
  j["house_rules"] = {"free-lunch"};
  Ruleset refused;
  const Status s = parse_ruleset(j.dump(), &refused);
  ASSERT_FALSE(s.is_ok());
  EXPECT_NE(s.message().find("house_rules"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace deedlog
