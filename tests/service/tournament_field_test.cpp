// The score against the field (docs/tournaments.md, "Duplicate rounds"), against a hand
// computation: each seat's net worth against the same seat's at the round's other tables of the
// same size, 2 a seat beaten, 1 a tie, out of 2 a seat compared, as a percentage.
#include <gtest/gtest.h>

#include "service/tournament.h"

namespace deedlog {
namespace {

SeatResult at(const std::string& player, std::size_t size, std::size_t seat, std::int64_t worth) {
  return {player, size, seat, Money{worth}};
}

TEST(FieldScore, ComparesTheSameSeatAtTablesOfTheSameSizeOnly) {
  // Three tables of 4 and one of 3, seat 1 and seat 2 shown (the rest alike).
  const std::vector<SeatResult> seats = {
      at("A1", 4, 0, 1500), at("B1", 4, 0, 1500), at("C1", 4, 0, 900),  // seat 1 at the tables of 4
      at("A2", 4, 1, 0),    at("B2", 4, 1, 700),  at("C2", 4, 1, 300),   // seat 2
      at("D1", 3, 0, 9999), at("D2", 3, 1, 1),                           // the table of 3: no counterpart
  };
  const std::map<std::string, double> f = field_scores(seats);
  // A1: ties B1 (1), beats C1 (2): 3 of 4 = 75%. B1 alike. C1: beaten twice: 0%.
  EXPECT_DOUBLE_EQ(f.at("A1"), 75.0);
  EXPECT_DOUBLE_EQ(f.at("B1"), 75.0);
  EXPECT_DOUBLE_EQ(f.at("C1"), 0.0);
  // A2 (bankrupt: 0) beaten by both: 0%; B2 beats both: 100%; C2 beats A2 only: 50%.
  EXPECT_DOUBLE_EQ(f.at("A2"), 0.0);
  EXPECT_DOUBLE_EQ(f.at("B2"), 100.0);
  EXPECT_DOUBLE_EQ(f.at("C2"), 50.0);
  // The table of 3's seats are not compared with the tables of 4's: left out, not 0.
  EXPECT_EQ(f.count("D1"), 0u);
  EXPECT_EQ(f.count("D2"), 0u);
  EXPECT_EQ(f.size(), 6u);
}

TEST(FieldScore, ASeatAloneHasNoScore) {
  EXPECT_TRUE(field_scores({at("A", 4, 0, 100), at("B", 4, 1, 200), at("C", 4, 2, 50), at("D", 4, 3, 0)}).empty());
  EXPECT_TRUE(field_scores({}).empty());
}

}  // namespace
}  // namespace deedlog
