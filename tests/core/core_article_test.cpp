// Tests of the article chosen before an edition's words (core/article.h).
#include <gtest/gtest.h>

#include "core/article.h"

namespace deedlog {
namespace {

TEST(Article, ChosenByTheFirstLetter) {
  EXPECT_EQ(indefinite_article("Ammo Store"), "an");
  EXPECT_EQ(indefinite_article("Barracks"), "a");
  EXPECT_EQ(indefinite_article("house"), "a");
  EXPECT_EQ(indefinite_article("hotel"), "a");
  EXPECT_EQ(indefinite_article("outpost"), "an");
  EXPECT_EQ(indefinite_article("Emporium"), "an");
  EXPECT_EQ(indefinite_article(""), "a");
}

TEST(Article, LeadsTheWord) {
  EXPECT_EQ(with_article("Ammo Store"), "an Ammo Store");
  EXPECT_EQ(with_article("Barracks"), "a Barracks");
  EXPECT_EQ(with_article("Ammo Store", /*capital=*/true), "An Ammo Store");
  EXPECT_EQ(with_article("house", /*capital=*/true), "A house");
}

}  // namespace
}  // namespace deedlog
