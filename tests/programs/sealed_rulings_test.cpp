// dispute, explain and audit on a sealed game (a duplicate round's table, docs/trust.md "Sealed
// chance"): a throw the journal records is ruled with what it recorded; a throw it does not
// record is ruled on legality alone before the reveal, its dice never shown; explain says whose
// a throw or a card is and, after the reveal, whether it is the seed's; audit checks a
// scorekeeper's file of a sealed game with the seed, or takes its dice as written without it.
// Through the real referee, on a real journal.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/build_paths.h"
#include "support/cli.h"

namespace deedlog {
namespace {
using testing::quote;
using testing::referee;
using testing::RunResult;
using testing::slurp;
using testing::temp_dir;
using json = nlohmann::json;
namespace fs = std::filesystem;

constexpr int kExitOk = 0, kExitFailure = 1, kExitUsage = 2, kExitRefused = 3;

std::string game_opt(std::int64_t g) { return "--game " + std::to_string(g) + " "; }

std::int64_t new_game(const fs::path& db, const std::string& args) {
  const RunResult r = referee(db, "--json new --ruleset uk-1972 " + args);
  EXPECT_EQ(r.code, kExitOk) << r.out << r.err;
  return json::parse(r.out).at("game").get<std::int64_t>();
}

json events_of(const fs::path& db, std::int64_t g) {
  const RunResult r = referee(db, game_opt(g) + "--json log");
  EXPECT_EQ(r.code, kExitOk) << r.err;
  return json::parse(r.out).at("events");
}

std::int64_t head_of(const fs::path& db, std::int64_t g) {
  const json events = events_of(db, g);
  return events.empty() ? 0 : events.back().at("seq").get<std::int64_t>();
}

bool is_throw(const std::string& move) { return move.size() > 6 && move.compare(move.size() - 6, 6, " rolls") == 0; }

// A legal move by a simple policy: buy what is offered (decline what cannot be paid), pass in
// auctions, throw otherwise; in debt, the first way of raising money listed.
std::string pick(const json& moves) {
  for (const std::string w : {" buys", " passes", " declines", " pays fine", " rolls", " ends turn"})
    for (const auto& mv : moves) {
      const std::string text = mv.get<std::string>();
      if (text.find(w) != std::string::npos && text.find("rolls ") == std::string::npos) return text;
    }
  for (const auto& mv : moves) {
    const std::string text = mv.get<std::string>();
    if (text.rfind("Referee", 0) != 0 && text.find(" offers ") == std::string::npos) return text;
  }
  return "";
}

// Plays on until `throws` throws were made and the next move is a throw, which is returned
// unplayed.
std::string play_to_next_throw(const fs::path& db, std::int64_t g, int throws) {
  int thrown = 0;
  for (int guard = 0; guard < 400; ++guard) {
    const RunResult m = referee(db, game_opt(g) + "--json moves");
    EXPECT_EQ(m.code, kExitOk) << m.err;
    const std::string chosen = pick(json::parse(m.out).at("moves"));
    EXPECT_FALSE(chosen.empty()) << m.out;
    if (chosen.empty()) return "";
    if (is_throw(chosen) && thrown >= throws) return chosen;
    const RunResult p = referee(db, game_opt(g) + "--json play " + quote(chosen));
    EXPECT_EQ(p.code, kExitOk) << chosen << "\n" << p.out << p.err;
    if (p.code != kExitOk) return "";
    if (is_throw(chosen)) ++thrown;
  }
  return "";
}

const json* first_of(const json& events, const std::string& type) {
  for (const json& e : events)
    if (e.at("type") == type) return &e;
  return nullptr;
}

std::string reasoning_of(const json& ruling) {
  std::string all;
  for (const auto& line : ruling.at("reasoning")) {
    all += line.get<std::string>();
    all += '\n';
  }
  return all;
}

// A sealed game played to a point where the next move is a throw: the db, the game, the head
// before that throw and the throw's line.
struct SealedAtAThrow {
  fs::path db;
  std::int64_t game = 0;
  std::int64_t head = 0;
  std::string next_throw;
};

// A short game, so that time can be called and the seed revealed.
SealedAtAThrow sealed_game_at_a_throw(const std::string& name, int throws) {
  SealedAtAThrow s;
  s.db = temp_dir(name) / "club.db";
  s.game = new_game(s.db, "--players \"Ann, Ben\" --variant short-game --sealed");
  s.next_throw = play_to_next_throw(s.db, s.game, throws);
  s.head = head_of(s.db, s.game);
  return s;
}

// Plays the game's next throw and returns its events.
json play_throw(const SealedAtAThrow& s) {
  const RunResult p = referee(s.db, game_opt(s.game) + "--json play " + quote(s.next_throw));
  EXPECT_EQ(p.code, kExitOk) << p.out << p.err;
  return json::parse(p.out).at("events");
}

// rule uk-1972/referee/sealed-dice: a throw the journal records, claimed as played, is ruled
// with the dice it recorded: upheld, and the ruling shows what happened.
TEST(SealedRulings, TheThrowRecordedNextIsRuledWithTheDiceItRecorded) {
  SealedAtAThrow s = sealed_game_at_a_throw("sealed-rulings-recorded", 2);
  ASSERT_FALSE(s.next_throw.empty());
  const json played = play_throw(s);
  const json* thrown = first_of(played, "DiceThrown");
  ASSERT_NE(thrown, nullptr) << played.dump();
  const std::string threw_words = thrown->at("words").get<std::string>();

  // Asked at the end of the move before it, and at that move's own line (inside the move): both
  // rule on the position the throw was made from.
  std::int64_t line_before = 0;
  for (const json& e : events_of(s.db, s.game))
    if (e.at("type") == "MovePlayed" && e.at("seq").get<std::int64_t>() <= s.head) line_before = e.at("seq").get<std::int64_t>();
  ASSERT_GT(line_before, 0);
  for (const std::int64_t at : {s.head, line_before}) {
    const RunResult r = referee(s.db, game_opt(s.game) + "--json dispute " + quote(s.next_throw) + " --at " + std::to_string(at));
    ASSERT_EQ(r.code, kExitOk) << r.out << r.err;
    const json d = json::parse(r.out);
    EXPECT_TRUE(d.at("upheld").get<bool>()) << r.out;
    EXPECT_EQ(d.at("at").get<std::int64_t>(), s.head);
    EXPECT_EQ(d.at("sealed_chance"), "recorded");
    EXPECT_FALSE(d.contains("rule")) << r.out;
    // The ruling's events are the ones recorded: the throw's words among them.
    EXPECT_NE(reasoning_of(d).find(threw_words), std::string::npos) << r.out;
  }
  // In words too, never the refusal of a seed not at hand.
  const RunResult words = referee(s.db, game_opt(s.game) + "dispute " + quote(s.next_throw) + " --at " + std::to_string(s.head));
  EXPECT_EQ(words.code, kExitOk);
  EXPECT_NE(words.out.find("UPHELD"), std::string::npos) << words.out;
  EXPECT_NE(words.out.find(threw_words), std::string::npos) << words.out;
  // A copy of the journal carried elsewhere, without the seed beside it, rules it the same.
  const fs::path copy = temp_dir("sealed-rulings-recorded-copy") / "copy.db";
  fs::copy_file(s.db, copy);
  const RunResult elsewhere = referee(copy, game_opt(s.game) + "--json dispute " + quote(s.next_throw) + " --at " + std::to_string(s.head));
  ASSERT_EQ(elsewhere.code, kExitOk) << elsewhere.err;
  EXPECT_TRUE(json::parse(elsewhere.out).at("upheld").get<bool>()) << elsewhere.out;
  EXPECT_EQ(json::parse(elsewhere.out).at("sealed_chance"), "recorded");
}

// rule uk-1972/referee/sealed-dice: dice written into a claim are refused in a sealed game, even
// the dice the journal records for that throw: the table never writes the referee's dice.
TEST(SealedRulings, AClaimWithItsDiceWrittenStaysRefused) {
  SealedAtAThrow s = sealed_game_at_a_throw("sealed-rulings-typed", 1);
  ASSERT_FALSE(s.next_throw.empty());
  const json played = play_throw(s);
  const json* thrown = first_of(played, "DiceThrown");
  ASSERT_NE(thrown, nullptr);
  const std::string typed = s.next_throw + " " + std::to_string(thrown->at("die1").get<int>()) + " " +
                            std::to_string(thrown->at("die2").get<int>());
  const RunResult r = referee(s.db, game_opt(s.game) + "--json dispute " + quote(typed) + " --at " + std::to_string(s.head));
  ASSERT_EQ(r.code, kExitOk) << r.err;
  const json d = json::parse(r.out);
  EXPECT_FALSE(d.at("upheld").get<bool>());
  EXPECT_EQ(d.at("rule"), "uk-1972/referee/sealed-dice");
  EXPECT_FALSE(d.contains("sealed_chance"));
}

// rule uk-1972/referee/sealed-dice: a throw the journal does not record, before the reveal, is
// ruled on legality alone: no output of dispute or explain at the head shows the dice the seed
// gives next (found by playing that throw afterwards), nor where they would take the token.
// A sealed game's seed is drawn anew on every run: the checks need a throw that moves the token,
// so a game whose fourth throw is a jailed player's failed one (about 1 run in 20) is replaced by
// another, as many as it takes, ten at most.
TEST(SealedRulings, AThrowNotRecordedIsRuledOnLegalityAloneAndItsDiceAreNotShown) {
  // One game; *moved_token says whether its throw moved the token (and so was checked whole).
  auto attempt = [](int k, bool* moved_token) {
    *moved_token = false;
    SealedAtAThrow s = sealed_game_at_a_throw("sealed-rulings-withheld-" + std::to_string(k), 3);
    ASSERT_FALSE(s.next_throw.empty());
    const std::string other = s.next_throw.rfind("Ann", 0) == 0 ? "Ben rolls" : "Ann rolls";
    const std::string g = game_opt(s.game);
    std::vector<std::string> outputs;
    // The throw due: upheld, its dice withheld.
    RunResult r = referee(s.db, g + "--json dispute " + quote(s.next_throw));
    ASSERT_EQ(r.code, kExitOk) << r.err;
    json d = json::parse(r.out);
    EXPECT_TRUE(d.at("upheld").get<bool>()) << r.out;
    EXPECT_EQ(d.at("sealed_chance"), "withheld");
    EXPECT_FALSE(d.contains("rule"));
    outputs.push_back(r.out);
    outputs.push_back(referee(s.db, g + "dispute " + quote(s.next_throw)).out);
    // A throw out of turn: rejected by the turn's rule, and nothing thrown shown either.
    r = referee(s.db, g + "--json dispute " + quote(other));
    ASSERT_EQ(r.code, kExitOk) << r.err;
    d = json::parse(r.out);
    EXPECT_FALSE(d.at("upheld").get<bool>());
    EXPECT_EQ(d.at("rule"), "uk-1972/turn/order");
    EXPECT_EQ(d.at("sealed_chance"), "withheld");
    outputs.push_back(r.out);
    outputs.push_back(referee(s.db, g + "dispute " + quote(other)).out);
    // explain of the head's last events.
    for (std::int64_t seq = s.head; seq > s.head - 3 && seq > 0; --seq) {
      outputs.push_back(referee(s.db, g + "--json explain " + std::to_string(seq)).out);
      outputs.push_back(referee(s.db, g + "explain " + std::to_string(seq)).out);
    }

    // What the journal shows already (an earlier throw may have had the same dice).
    const std::string shown_before = referee(s.db, g + "log").out;
    // Now the throw is played: its dice and landing are what the outputs above must not hold.
    const json played = play_throw(s);
    const json* thrown = first_of(played, "DiceThrown");
    const json* moved = first_of(played, "TokenMoved");
    ASSERT_NE(thrown, nullptr);
    // A jailed player's throw without a double moves no token: that game is set aside for another.
    if (moved == nullptr) return;
    *moved_token = true;
    const std::string dice_words = std::to_string(thrown->at("die1").get<int>()) + " and " + std::to_string(thrown->at("die2").get<int>());
    const std::string moved_words = moved->at("words").get<std::string>();
    for (const std::string& out : outputs) {
      if (shown_before.find("threw " + dice_words) == std::string::npos) {
        EXPECT_EQ(out.find("threw " + dice_words), std::string::npos) << out;
      }
      if (shown_before.find(moved_words) == std::string::npos) {
        EXPECT_EQ(out.find(moved_words), std::string::npos) << out;
      }
      EXPECT_EQ(out.find("\"die1\""), std::string::npos) << out;
    }
    for (std::size_t i = 0; i < 4; ++i) {
      EXPECT_EQ(outputs[i].find("threw"), std::string::npos) << outputs[i];
      EXPECT_EQ(outputs[i].find("moved"), std::string::npos) << outputs[i];
    }
  };
  int games = 0;
  bool moved = false;
  while (!moved && games < 10 && !::testing::Test::HasFatalFailure()) attempt(games++, &moved);
  EXPECT_TRUE(moved) << games << " sealed games, none of whose fourth throws moved the token";
}

// rule uk-1972/referee/sealed-dice: after the reveal, a throw the journal does not record is
// ruled with the seed's dice: those the seed gave that throw when it was played.
TEST(SealedRulings, AfterTheRevealAThrowNotRecordedIsRuledWithTheSeedsDice) {
  SealedAtAThrow s = sealed_game_at_a_throw("sealed-rulings-revealed", 2);
  ASSERT_FALSE(s.next_throw.empty());
  const std::string g = game_opt(s.game);
  // The referee notes a ruling first: the throw is then not the move recorded next.
  ASSERT_EQ(referee(s.db, g + "play 'Referee notes \"no appeal\"'").code, kExitOk);
  const json played = play_throw(s);
  const json* thrown = first_of(played, "DiceThrown");
  ASSERT_NE(thrown, nullptr);
  const std::string claim = "--json dispute " + quote(s.next_throw) + " --at " + std::to_string(s.head);
  RunResult r = referee(s.db, g + claim);
  ASSERT_EQ(r.code, kExitOk) << r.err;
  EXPECT_EQ(json::parse(r.out).at("sealed_chance"), "withheld") << "before the reveal";
  EXPECT_EQ(r.out.find(thrown->at("words").get<std::string>()), std::string::npos) << r.out;

  ASSERT_EQ(referee(s.db, g + "play \"Referee calls time\"").code, kExitOk);
  ASSERT_EQ(referee(s.db, g + "--json reveal").code, kExitOk);
  r = referee(s.db, g + claim);
  ASSERT_EQ(r.code, kExitOk) << r.err;
  const json d = json::parse(r.out);
  EXPECT_TRUE(d.at("upheld").get<bool>()) << r.out;
  EXPECT_EQ(d.at("sealed_chance"), "seed");
  EXPECT_NE(reasoning_of(d).find(thrown->at("words").get<std::string>()), std::string::npos) << r.out;
}

// rule uk-1972/referee/sealed-dice: explain of a sealed game's throw and card: the throw's number,
// the rule, and once the seed is revealed, that each is the seed's.
TEST(SealedRulings, ExplainOfASealedThrowAndCardSaysWhoseTheyAre) {
  const fs::path db = temp_dir("sealed-rulings-explain") / "club.db";
  const std::int64_t game = new_game(db, "--players \"Ann, Ben\" --variant short-game --sealed");
  const std::string g = game_opt(game);
  // Played until a card has been turned up and a throw that is not a double made: the seed is
  // new each run, and the first throw may be a double that lands on a card (1 and 1, the Chest).
  const json* card = nullptr;
  const json* plain_throw = nullptr;
  int throw_number = 0;
  json events;
  for (int round = 0; round < 40 && (card == nullptr || plain_throw == nullptr); ++round) {
    ASSERT_FALSE(play_to_next_throw(db, game, 1).empty());
    events = events_of(db, game);
    card = first_of(events, "CardDrawn");
    plain_throw = nullptr;
    throw_number = 0;
    for (const json& e : events) {
      if (e.at("type") == "DiceThrown" || e.at("type") == "CardDiceThrown") ++throw_number;
      if (e.at("type") == "DiceThrown" && e.at("die1") != e.at("die2")) {
        plain_throw = &e;
        break;
      }
    }
  }
  ASSERT_NE(card, nullptr) << "no card turned up in 40 throws";
  ASSERT_NE(plain_throw, nullptr);
  const std::string throw_seq = std::to_string(plain_throw->at("seq").get<std::int64_t>());
  const std::string card_seq = std::to_string(card->at("seq").get<std::int64_t>());

  RunResult r = referee(db, g + "--json explain " + throw_seq);
  ASSERT_EQ(r.code, kExitOk) << r.err;
  json e = json::parse(r.out);
  EXPECT_EQ(e.at("rule"), "uk-1972/referee/sealed-dice");
  EXPECT_EQ(e.at("sealed").at("throw").get<int>(), throw_number);
  EXPECT_TRUE(e.at("sealed").at("seed_agrees").is_null()) << "not revealed yet";
  r = referee(db, g + "--json explain " + card_seq);
  ASSERT_EQ(r.code, kExitOk) << r.err;
  e = json::parse(r.out);
  EXPECT_EQ(e.at("rule"), "uk-1972/cards/pack-order");
  EXPECT_TRUE(e.at("sealed").at("seed_agrees").is_null());

  ASSERT_EQ(referee(db, g + "play \"Referee calls time\"").code, kExitOk);
  ASSERT_EQ(referee(db, g + "--json reveal").code, kExitOk);
  e = json::parse(referee(db, g + "--json explain " + throw_seq).out);
  EXPECT_TRUE(e.at("sealed").at("seed_agrees").get<bool>()) << e.dump();
  e = json::parse(referee(db, g + "--json explain " + card_seq).out);
  EXPECT_TRUE(e.at("sealed").at("seed_agrees").get<bool>()) << e.dump();
}

// analyse weighs a sealed game's throws as at a table (each alternative's dice its own, never
// the seed's): before, the engine refused every alternative throw and no throw was weighed.
TEST(SealedRulings, AnalyseWeighsTheLuckOfASealedGamesThrows) {
  SealedAtAThrow s = sealed_game_at_a_throw("sealed-rulings-analyse", 6);
  ASSERT_FALSE(s.next_throw.empty());
  const RunResult r = referee(s.db, game_opt(s.game) + "--json analyse --games 8");
  ASSERT_EQ(r.code, kExitOk) << r.err;
  const json analysis = json::parse(r.out);
  int weighed = 0;
  for (const json& p : analysis.at("players")) weighed += p.at("chance_events").get<int>();
  EXPECT_GT(weighed, 0) << r.out;
}

// The table of a duplicate round as its scorekeeper wrote it (tests/data/README.md).
const fs::path kTableFile = fs::path(deedlog::testing::source_dir()) / "tests/data/sealed-duplicate-table.game";
const std::string kTableSeed = "d0e5ca11ab1e5eedd0e5ca11ab1e5eedd0e5ca11ab1e5eedd0e5ca11ab1e5eed";

// The table's file with one line changed (the first line starting with `from`), written aside.
fs::path table_file_with(const std::string& name, const std::string& from, const std::string& to) {
  std::string text = slurp(kTableFile);
  const std::size_t at = text.find("\n" + from);
  EXPECT_NE(at, std::string::npos) << from;
  const std::size_t end = text.find('\n', at + 1);
  text.replace(at + 1, end - at - 1, to);
  const fs::path out = temp_dir(name) / "table.game";
  std::ofstream(out) << text;
  return out;
}

int line_of(const fs::path& file, const std::string& start) {
  std::ifstream in(file);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n)
    if (line.rfind(start, 0) == 0) return n;
  return 0;
}

json audit(const fs::path& file, const std::string& options, int expected_exit) {
  const RunResult r = referee(fs::path("/nonexistent/unused.db"), "--json audit " + options + " " + quote(file.string()));
  EXPECT_EQ(r.code, expected_exit) << r.out << r.err;
  return r.out.empty() ? json() : json::parse(r.out);
}

// A sealed game's file with its dice written: clean with its seed and without it.
TEST(SealedAudit, AScorekeepersFileIsCleanWithTheSeedAndWithout) {
  json a = audit(kTableFile, "--seed " + kTableSeed, kExitOk);
  EXPECT_TRUE(a.at("breaches").empty()) << a.dump();
  EXPECT_TRUE(a.at("sealed").at("seed_checked").get<bool>());
  EXPECT_TRUE(a.at("complete").get<bool>());
  EXPECT_EQ(a.at("moves").get<int>(), a.at("accepted").get<int>());
  a = audit(kTableFile, "", kExitOk);
  EXPECT_TRUE(a.at("breaches").empty()) << a.dump();
  EXPECT_FALSE(a.at("sealed").at("seed_checked").get<bool>());
  EXPECT_TRUE(a.at("complete").get<bool>());
}

// rule uk-1972/referee/sealed-dice: with the seed, a throw written with dice the seed did not
// give is a breach; the referee plays the seed's throw. Without it, the dice are taken as written.
TEST(SealedAudit, AForgedThrowIsFoundWithTheSeed) {
  // 5 and 2 for the seed's 6 and 1: the same square, so the rest of the file stays legal.
  const fs::path forged = table_file_with("sealed-audit-forged", "Ben rolls 6 1          # Marylebone", "Ben rolls 5 2");
  json a = audit(forged, "--seed " + kTableSeed, kExitRefused);
  ASSERT_EQ(a.at("breaches").size(), 1u) << a.dump();
  const json& b = a.at("breaches").at(0);
  EXPECT_EQ(b.at("kind"), "chance");
  EXPECT_EQ(b.at("rule"), "uk-1972/referee/sealed-dice");
  EXPECT_EQ(b.at("line").get<int>(), line_of(forged, "Ben rolls 5 2"));
  EXPECT_FALSE(b.at("skipped").get<bool>());
  a = audit(forged, "", kExitOk);
  EXPECT_TRUE(a.at("breaches").empty()) << a.dump();
}

// A table of a round dealt by seat, as its scorekeeper wrote it (tests/data/README.md): each
// player's throws are his seat's own, so the file checks clean with the seed; a throw changed
// (the same square, other dice) is a breach on its line; and the same moves read as dealt by the
// table's throws (the tag changed) are not the seed's.
TEST(SealedAudit, ATableDealtBySeatIsCheckedSeatBySeat) {
  const fs::path file = fs::path(deedlog::testing::source_dir()) / "tests/data/sealed-by-seat-table.game";
  json a = audit(file, "--seed " + kTableSeed, kExitOk);
  EXPECT_TRUE(a.at("breaches").empty()) << a.dump();
  EXPECT_TRUE(a.at("sealed").at("seed_checked").get<bool>());
  EXPECT_EQ(a.at("moves").get<int>(), a.at("accepted").get<int>());
  const auto changed = [&](const std::string& name, const std::string& from, const std::string& to) {
    std::string text = slurp(file);
    const std::size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
    const fs::path out = temp_dir(name) / "table.game";
    std::ofstream(out) << text;
    return out;
  };
  const fs::path forged = changed("sealed-by-seat-forged", "Cat rolls 5 6", "Cat rolls 6 5");
  a = audit(forged, "--seed " + kTableSeed, kExitRefused);
  ASSERT_EQ(a.at("breaches").size(), 1u) << a.dump();
  EXPECT_EQ(a.at("breaches").at(0).at("kind"), "chance");
  EXPECT_EQ(a.at("breaches").at(0).at("rule"), "uk-1972/referee/sealed-dice");
  EXPECT_EQ(a.at("breaches").at(0).at("line").get<int>(), line_of(forged, "Cat rolls 6 5"));
  const fs::path by_throw = changed("sealed-by-seat-read-by-throw", "[SealedDice \"by-seat\"]", "[SealedDice \"by-throw\"]");
  a = audit(by_throw, "--seed " + kTableSeed, kExitRefused);
  EXPECT_FALSE(a.at("breaches").empty()) << a.dump();
}

// rule uk-1972/referee/sealed-dice: with the seed, a card written that the seed's order does not
// turn up there is a breach; the referee plays the seed's card, and the positions differ.
TEST(SealedAudit, AForgedCardIsFoundWithTheSeed) {
  const fs::path forged = table_file_with("sealed-audit-card", "Ben draws \"Advance to GO\"", "Ben draws \"Go to Jail\"");
  const json a = audit(forged, "--seed " + kTableSeed, kExitRefused);
  ASSERT_FALSE(a.at("breaches").empty()) << a.dump();
  const json& b = a.at("breaches").at(0);
  EXPECT_EQ(b.at("kind"), "chance");
  EXPECT_EQ(b.at("rule"), "uk-1972/referee/sealed-dice");
  EXPECT_EQ(b.at("line").get<int>(), line_of(forged, "Ben draws \"Go to Jail\""));
  EXPECT_FALSE(a.at("differences").empty());
}

// A throw written without its dice and no seed: nothing from there on can be checked. Reported
// (complete false, the line), exit 1, no breach; with the seed the same file is checked whole.
TEST(SealedAudit, AThrowWithoutItsDiceCannotBeCheckedWithoutTheSeed) {
  const fs::path file = table_file_with("sealed-audit-undiced", "Ann rolls 4 5", "Ann rolls          # the dice not written");
  json a = audit(file, "", kExitFailure);
  EXPECT_TRUE(a.at("breaches").empty()) << a.dump();
  EXPECT_FALSE(a.at("complete").get<bool>());
  EXPECT_EQ(a.at("unchecked").at("line").get<int>(), line_of(file, "Ann rolls  "));
  EXPECT_GT(a.at("unchecked").at("lines").get<int>(), 1);
  a = audit(file, "--seed " + kTableSeed, kExitOk);
  EXPECT_TRUE(a.at("breaches").empty()) << a.dump();
  EXPECT_TRUE(a.at("complete").get<bool>());
  // In words too: exit 1, not a crash.
  const RunResult words = referee(fs::path("/nonexistent/unused.db"), "audit " + quote(file.string()));
  EXPECT_EQ(words.code, kExitFailure) << words.err;
  EXPECT_NE(words.out.find(std::to_string(line_of(file, "Ann rolls  "))), std::string::npos) << words.out;
}

// A seed that is not the game's, one that is no seed, and a seed for a file not sealed: usage.
TEST(SealedAudit, AWrongSeedIsAUsageError) {
  std::string wrong = kTableSeed;
  wrong[0] = wrong[0] == '0' ? '1' : '0';
  audit(kTableFile, "--seed " + wrong, kExitUsage);
  audit(kTableFile, "--seed nothex", kExitUsage);
  audit(fs::path(deedlog::testing::source_dir()) / "tests/data/audit-notation-errors.game", "--seed " + kTableSeed, kExitUsage);
}

}  // namespace
}  // namespace deedlog
