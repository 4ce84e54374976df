// A card named by the words printed on it reads as that card, in every edition that has it, or
// is refused (ambiguous or unknown, with a suggestion): never read as another card. The printed
// texts are tests/data/printed-cards.json: the UK and US classic packs, in the order of each
// edition's list, and the words the other editions' rule books print.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "support/build_paths.h"
#include "deedlog/ruleset_catalog.h"
#include "rules/card_lookup.h"

namespace deedlog {
namespace {

using nlohmann::json;

json printed_cards() {
  std::ifstream in(std::filesystem::path(deedlog::testing::source_dir()) / "tests" / "data" / "printed-cards.json");
  std::stringstream text;
  text << in.rdbuf();
  return json::parse(text.str());
}

Ruleset edition(const std::string& id) {
  Ruleset r;
  EXPECT_TRUE(load_ruleset(id, &r).is_ok()) << id;
  return r;
}

DeckId deck_named(const std::string& word) { return word == "chance" ? DeckId::Chance : DeckId::CommunityChest; }

// A card's text without the note that tells copies apart ("Get Out of Jail Free (Chance)").
std::string bare(const std::string& text) {
  const std::size_t note = text.rfind(" (");
  return note != std::string::npos && text.back() == ')' ? text.substr(0, note) : text;
}

// The words name card `card` of `deck` in r: found in that pack (that card or a copy of it, the
// same text), and in the other pack nothing or the same card (Advance to GO is in both).
void expect_reads_as(const Ruleset& r, DeckId deck, std::size_t card, const std::string& words) {
  const Deck& d = r.decks[static_cast<int>(deck)];
  const std::string& meant = d.cards[card].text;
  SCOPED_TRACE(r.id + ", " + d.name + ": \"" + words + "\" should be \"" + meant + "\"");
  const CardLookup l = find_card(words, r, deck);
  ASSERT_TRUE(l.found) << l.error;
  EXPECT_EQ(d.cards[static_cast<std::size_t>(l.card)].text, meant);
  const auto each = card_in_each_pack(words, r);
  ASSERT_NE(each[static_cast<std::size_t>(deck)], kNoCard);
  EXPECT_EQ(d.cards[static_cast<std::size_t>(each[static_cast<std::size_t>(deck)])].text, meant);
  for (int other = 0; other < kDeckCount; ++other) {
    if (other == static_cast<int>(deck) || each[static_cast<std::size_t>(other)] == kNoCard) continue;
    const std::string& there = r.decks[other].cards[static_cast<std::size_t>(each[static_cast<std::size_t>(other)])].text;
    EXPECT_EQ(bare(there), bare(meant)) << "read as another card in the other pack";
  }
}

TEST(PrintedCards, EveryEditionsOwnWordsReadAsTheirCard) {
  for (const std::string& id : builtin_ruleset_ids()) {
    const Ruleset r = edition(id);
    for (int d = 0; d < kDeckCount; ++d)
      for (std::size_t i = 0; i < r.decks[d].cards.size(); ++i) expect_reads_as(r, static_cast<DeckId>(d), i, r.decks[d].cards[i].text);
  }
}

// The UK pack in uk-1972 and computer, the US classic pack in us-standard, us-short and
// regional-currency, and bahamas's cards that are the US ones: each printed text reads as the
// card at its place, wherever the edition's card there is the base's.
TEST(PrintedCards, EveryPrintedCardOfThePacksReadsAsItself) {
  const json data = printed_cards();
  int checked = 0;
  for (const auto& pack : data["packs"]) {
    const Ruleset base = edition(pack["edition"]);
    for (const std::string& id : builtin_ruleset_ids()) {
      const Ruleset r = edition(id);
      for (const char* word : {"chance", "community-chest"}) {
        const DeckId deck = deck_named(word);
        const Deck& mine = r.decks[static_cast<int>(deck)];
        const Deck& theirs = base.decks[static_cast<int>(deck)];
        const auto& texts = pack[word];
        ASSERT_EQ(texts.size(), theirs.cards.size()) << "the printed pack lists every card of " << base.id;
        if (mine.cards.size() != theirs.cards.size()) continue;
        for (std::size_t i = 0; i < texts.size(); ++i) {
          if (mine.cards[i].text != theirs.cards[i].text) continue;  // the edition prints its own card there
          expect_reads_as(r, deck, i, texts[i].get<std::string>());
          ++checked;
        }
      }
    }
  }
  EXPECT_GT(checked, 5 * 32);  // two packs in at least five editions
}

TEST(PrintedCards, TheRuleBooksWordsReadAsTheirCards) {
  const json cards = printed_cards();  // held: a range-for over a temporary's member would dangle
  for (const auto& item : cards["rule_books"])
    expect_reads_as(edition(item["edition"]), deck_named(item["deck"]), item["card"].get<std::size_t>(),
                    item["words"].get<std::string>());
}

// The three examples met at a table in us-standard.
TEST(PrintedCards, TheUsPrintedTextsOnceReadWrongOrRefused) {
  const Ruleset us = edition("us-standard");
  CardLookup l = find_card("Advance to Illinois Ave. If you pass Go, collect $200", us, DeckId::Chance);
  ASSERT_TRUE(l.found) << l.error;
  EXPECT_EQ(us.decks[0].cards[static_cast<std::size_t>(l.card)].target, static_cast<SquareId>(24));
  l = find_card("Take a ride on the Reading. If you pass Go, collect $200", us, DeckId::Chance);
  ASSERT_TRUE(l.found) << l.error;
  EXPECT_EQ(us.decks[0].cards[static_cast<std::size_t>(l.card)].text, "A ride on the Reading Railroad");
  l = find_card("Advance token to the nearest Railroad and pay owner twice the rental to which he/she is otherwise "
                "entitled. If Railroad is unowned, you may buy it from the Bank.",
                us, DeckId::Chance);
  ASSERT_TRUE(l.found) << l.error;
  EXPECT_EQ(us.decks[0].cards[static_cast<std::size_t>(l.card)].rent_multiplier, 2);
  // The short forms of the board: Saint for St., Ave for Avenue.
  l = find_card("Advance to Saint Charles Place", us, DeckId::Chance);
  ASSERT_TRUE(l.found) << l.error;
  EXPECT_EQ(l.card, 2);
  // Printed on the Chance card, it is no Community Chest card (whose Advance to GO it is not).
  EXPECT_FALSE(find_card("Advance to Illinois Ave. If you pass Go, collect $200", us, DeckId::CommunityChest).found);
  const Ruleset uk = edition("uk-1972");
  l = find_card("Advance to Trafalgar Square. If you pass \"Go\" collect £200", uk, DeckId::CommunityChest);
  EXPECT_FALSE(l.found);
  EXPECT_NE(l.error.find("is a Chance card"), std::string::npos) << l.error;
}

// The short forms people type keep working.
TEST(PrintedCards, ShortFormsStillWork) {
  const Ruleset uk = edition("uk-1972");
  CardLookup l = find_card("Advance to Mayfair", uk, DeckId::Chance);
  ASSERT_TRUE(l.found) << l.error;
  EXPECT_EQ(l.card, 0);
  l = find_card("Go to jail", uk, DeckId::CommunityChest);
  ASSERT_TRUE(l.found) << l.error;
  EXPECT_EQ(l.card, 10);
  l = find_card("chance:7", uk, DeckId::Chance);
  ASSERT_TRUE(l.found) << l.error;
  EXPECT_EQ(l.card, 6);
  l = find_card("Mayfair", uk, DeckId::Chance);
  ASSERT_TRUE(l.found) << l.error;
  EXPECT_EQ(l.card, 0);
}

// Words that fit several cards equally are refused, naming them; words that fit none are
// refused with the nearest cards; never a guess.
TEST(PrintedCards, AmbiguousAndUnknownWordsAreRefusedWithASuggestion) {
  const Ruleset us = edition("us-standard");
  CardLookup l = find_card("collect $100", us, DeckId::CommunityChest);
  EXPECT_FALSE(l.found);
  EXPECT_TRUE(l.ambiguous);
  EXPECT_NE(l.error.find("could be"), std::string::npos) << l.error;
  l = find_card("Advance to Illinois Ave. If you pass Go", us, DeckId::Chance);  // fine: Illinois
  EXPECT_TRUE(l.found) << l.error;
  l = find_card("You have won a crossword competition. Collect $100", us, DeckId::Chance);  // a UK card
  EXPECT_FALSE(l.found);
  EXPECT_NE(l.error.find("did you mean"), std::string::npos) << l.error;
  l = find_card("Advance to Ventnor Ave. If you pass Go, collect $200", us, DeckId::Chance);  // no such card
  EXPECT_FALSE(l.found) << "read as card " << l.card;
  l = find_card("Advance to Ventnor Avenue", us, DeckId::Chance);  // not the Illinois Avenue card
  EXPECT_FALSE(l.found) << "read as card " << l.card;
  EXPECT_NE(l.error.find("did you mean"), std::string::npos) << l.error;
}

}  // namespace
}  // namespace deedlog
