// A table's key is derived from the Head Judge's (service/table_keys.h): the same tournament,
// round and table give the same key on any machine, so a lost card is printed again; any other
// table, round or tournament gives another; a round whose keys were drawn at random (seated by
// an earlier version) reprints none.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "journal/secret_key.h"
#include "service/table_keys.h"
#include "service/tournament.h"

namespace deedlog {
namespace {

TEST(DerivedKey, IsHmacSha256) {
  // RFC 4231, test case 2: the key "Jefe" and its message.
  EXPECT_EQ(derived_key("Jefe", "what do ya want for nothing?"),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
}

TEST(TableKey, IsTheSameEachTimeAndDiffersForEveryOtherTable) {
  const std::string judge(64, 'a');
  const std::string key = table_key(judge, 3, 2, 1);
  EXPECT_EQ(key.size(), 64u);
  EXPECT_EQ(key, table_key(judge, 3, 2, 1));
  std::set<std::string> keys{key, table_key(judge, 3, 2, 2), table_key(judge, 3, 1, 1), table_key(judge, 4, 2, 1),
                             table_key(std::string(64, 'b'), 3, 2, 1)};
  EXPECT_EQ(keys.size(), 5u);
  EXPECT_EQ(keys.count(judge), 0u);
}

TEST(TableKey, IsReprintedOnlyWhereTheRoundsKeysWereDerived) {
  const std::string judge(64, 'c');
  TournamentTable derived;
  derived.table = 2;
  derived.key_sha256 = key_digest(table_key(judge, 7, 1, 2));
  EXPECT_EQ(reprinted_table_key(judge, 7, 1, derived), table_key(judge, 7, 1, 2));
  EXPECT_EQ(reprinted_table_key(std::string(64, 'd'), 7, 1, derived), "");  // not this judge's
  EXPECT_EQ(reprinted_table_key(judge, 7, 2, derived), "");                  // not this round's
  TournamentTable drawn;  // seated before keys were derived: a random key's digest
  drawn.table = 2;
  std::string random;
  ASSERT_TRUE(new_secret_key(&random).is_ok());
  drawn.key_sha256 = key_digest(random);
  EXPECT_EQ(reprinted_table_key(judge, 7, 1, drawn), "");
}

}  // namespace
}  // namespace deedlog
