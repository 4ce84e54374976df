// Sealed chance (duplicate rounds): games sealed with one seed get the same k-th throw and the
// same card orders and deal, whoever throws; the seed and the orders are nowhere a player reads
// them before the reveal; the reveal's commitment is the header's; verify checks the recorded
// chance against the seed once it is revealed. Through the real referee, on a real journal.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "deedlog/game_file.h"
#include "deedlog/ruleset_catalog.h"
#include "journal/journal.h"
#include "journal/sha256.h"
#include "service/game_session.h"
#include "service/sealed_seeds.h"
#include "support/cli.h"

namespace deedlog {
namespace {
using testing::quote;
using testing::referee;
using testing::replay;
using testing::RunResult;
using testing::slurp;
using testing::temp_dir;
using json = nlohmann::json;

constexpr int kExitOk = 0, kExitFailure = 1, kExitRefused = 3;

std::int64_t new_game(const std::filesystem::path& db, const std::string& args) {
  const RunResult r = referee(db, "--json new --ruleset uk-1972 " + args);
  EXPECT_EQ(r.code, kExitOk) << r.out << r.err;
  return json::parse(r.out).at("game").get<std::int64_t>();
}

std::string sealed_tag(const std::string& commitment) {
  std::string tag = "[Sealed \"";
  tag += commitment;
  tag += "\"]";
  return tag;
}

std::string game_opt(std::int64_t g) { return "--game " + std::to_string(g) + " "; }

json events_of(const std::filesystem::path& db, std::int64_t g) {
  const RunResult r = referee(db, game_opt(g) + "--json log");
  EXPECT_EQ(r.code, kExitOk) << r.err;
  return json::parse(r.out).at("events");
}

// Every throw's dice in the game, in order (a turn's and a card's rent throw alike).
std::vector<std::pair<int, int>> throws_of(const std::filesystem::path& db, std::int64_t g) {
  std::vector<std::pair<int, int>> dice;
  for (const json& e : events_of(db, g))
    if (e.at("type") == "DiceThrown" || e.at("type") == "CardDiceThrown")
      dice.emplace_back(e.at("die1").get<int>(), e.at("die2").get<int>());
  return dice;
}

std::vector<std::pair<std::string, int>> draws_of(const std::filesystem::path& db, std::int64_t g) {
  std::vector<std::pair<std::string, int>> cards;
  for (const json& e : events_of(db, g))
    if (e.at("type") == "CardDrawn") cards.emplace_back(e.value("deck", json()).dump(), e.at("card").get<int>());
  return cards;
}

// The move the policy picks among the legal moves: `buyer` buys what it lands on; otherwise it
// declines and passes in the auction, so two tables' moves differ. With stop_at_throw, the
// plain throw is returned unplayed ("" when the game must do something else first).
std::string pick(const json& moves, bool buyer) {
  const std::vector<std::string> wanted = buyer ? std::vector<std::string>{" buys", " pays fine", " rolls", " ends turn"}
                                                : std::vector<std::string>{" passes", " declines", " pays fine", " rolls", " ends turn"};
  for (const std::string& w : wanted)
    for (const auto& mv : moves) {
      const std::string text = mv.get<std::string>();
      if (text.find(w) != std::string::npos && text.find("rolls ") == std::string::npos) return text;
    }
  for (const auto& mv : moves) {
    const std::string text = mv.get<std::string>();
    if (text.find("bankruptcy") == std::string::npos && text.find("offers") == std::string::npos) return text;
  }
  return "";
}

bool is_throw(const std::string& move) { return move.size() > 6 && move.compare(move.size() - 6, 6, " rolls") == 0; }

// Plays the game on by its legal moves until it has thrown `throws` times more (or, with
// until_throw, until the next move is a throw: returned unplayed).
std::string play_on(const std::filesystem::path& db, std::int64_t g, std::size_t throws, bool buyer, bool until_throw = false) {
  std::size_t thrown = 0;
  for (int guard = 0; guard < 600 && thrown < throws; ++guard) {
    const RunResult m = referee(db, game_opt(g) + "--json moves");
    EXPECT_EQ(m.code, kExitOk) << m.err;
    const std::string chosen = pick(json::parse(m.out).at("moves"), buyer);
    EXPECT_FALSE(chosen.empty()) << m.out;
    if (chosen.empty()) return "";
    if (until_throw && is_throw(chosen)) return chosen;
    const RunResult p = referee(db, game_opt(g) + "--json play " + quote(chosen));
    EXPECT_EQ(p.code, kExitOk) << chosen << "\n" << p.out << p.err;
    if (p.code != kExitOk) return "";
    const json logged = json::parse(p.out);  // held: the loop reads into it
    for (const json& e : logged.at("events"))
      if (e.at("type") == "DiceThrown" || e.at("type") == "CardDiceThrown") ++thrown;
  }
  return "";
}

// The seed kept beside the journal for game g (as the judge's machine holds it), by the
// commitment in the game's header.
std::string kept_seed(const std::filesystem::path& db, std::int64_t g) {
  const json seals = json::parse(slurp(db.string() + ".seals"));
  const RunResult notation = replay(db, game_opt(g) + "--format notation");
  for (const auto& [commitment, record] : seals.at("seeds").items())
    if (notation.out.find(sealed_tag(commitment)) != std::string::npos) return record.at("seed").get<std::string>();
  ADD_FAILURE() << "no seed kept for game " << g << ": " << notation.out;
  return "";
}

std::string sha256(const std::string& text) {
  Sha256 h;
  h.update(text);
  return h.hex();
}

TEST(SealedChance, TheKthThrowIsTheSameAtEveryTableSealedWithTheSeedWhoeverThrows) {
  const auto db = temp_dir("sealed-kth") / "club.db";
  const std::int64_t a = new_game(db, "--players \"Ann, Ben\" --sealed");
  const std::int64_t b = new_game(db, "--players \"Cat, Dan, Eve\" --seal-like " + std::to_string(a));
  const std::int64_t c = new_game(db, "--players \"Fay, Gus\" --sealed");  // another seed
  play_on(db, a, 12, /*buyer=*/true);
  play_on(db, b, 12, /*buyer=*/false);
  play_on(db, c, 12, /*buyer=*/true);
  const auto ta = throws_of(db, a), tb = throws_of(db, b), tc = throws_of(db, c);
  ASSERT_GE(ta.size(), 12u);
  ASSERT_GE(tb.size(), 12u);
  for (std::size_t k = 0; k < 12; ++k) EXPECT_EQ(ta[k], tb[k]) << "throw " << k;
  // The tables played different moves in between (one bought, the other declined)...
  EXPECT_NE(events_of(db, a).size(), events_of(db, b).size());
  // ... and a table sealed with another seed threw other dice.
  std::size_t same = 0;
  for (std::size_t k = 0; k < 12; ++k) same += ta[k] == tc[k] ? 1 : 0;
  EXPECT_LT(same, 12u);
  // Each pack turns up its cards in the same order at both tables, as far as both have drawn.
  auto da = draws_of(db, a), dbb = draws_of(db, b);
  for (const std::string& deck : {std::string("0"), std::string("1"), std::string("\"Chance\""), std::string("\"CommunityChest\"")}) {
    std::vector<int> xa, xb;
    for (const auto& [d, card] : da) if (d == deck) xa.push_back(card);
    for (const auto& [d, card] : dbb) if (d == deck) xb.push_back(card);
    for (std::size_t i = 0; i < std::min(xa.size(), xb.size()); ++i) EXPECT_EQ(xa[i], xb[i]) << deck << " draw " << i;
  }
  // Both verify before the reveal, their chance taken as recorded.
  const RunResult v = referee(db, "--json verify");
  EXPECT_EQ(v.code, kExitOk) << v.out;
  const json verified = json::parse(v.out);  // held: the loop reads into it
  for (const auto& g : verified.at("games")) {
    EXPECT_TRUE(g.at("sealed").get<bool>());
    EXPECT_FALSE(g.at("chance_checked").get<bool>());
  }
}

// rule uk-1972/referee/sealed-dice: in a sealed game the referee throws; dice written in are refused.
TEST(SealedChance, AThrowWrittenWithItsDiceIsRefusedInASealedGame) {
  const auto db = temp_dir("sealed-typed") / "club.db";
  const std::int64_t a = new_game(db, "--players \"Ann, Ben\" --sealed");
  const RunResult r = referee(db, game_opt(a) + "--json play \"Ann rolls 3 4\"");
  EXPECT_EQ(r.code, kExitRefused) << r.out << r.err;
  const json j = json::parse(r.out);
  EXPECT_FALSE(j.at("accepted").get<bool>());
  EXPECT_EQ(j.at("violation").at("rule").get<std::string>(), "uk-1972/referee/sealed-dice");
  EXPECT_TRUE(throws_of(db, a).empty());
  EXPECT_EQ(referee(db, game_opt(a) + "play \"Ann rolls\"").code, kExitOk);
  EXPECT_EQ(throws_of(db, a).size(), 1u);
}

TEST(SealedChance, TheSeedAndTheOrdersAreInNoOutputBeforeTheReveal) {
  const auto db = temp_dir("sealed-hidden") / "club.db";
  const std::int64_t a = new_game(db, "--players \"Ann, Ben, Cat\" --variant short-game --sealed");
  play_on(db, a, 10, true);
  const std::string seed = kept_seed(db, a);
  Ruleset r;
  ASSERT_TRUE(load_ruleset("uk-1972", &r).is_ok());
  const SealedChance chance = sealed_chance(r, seed, 0);
  // Each pack's order as a seeded game's DeckShuffled shows one (a JSON list), and its first
  // five cards written as a list's start.
  std::vector<std::string> secrets = {seed, seed.substr(0, 16)};
  for (const auto& pack : chance.packs) {
    json order = json::array();
    for (CardIndex c : pack) order.push_back(static_cast<int>(c));
    secrets.push_back(order.dump());
    std::string head = "[";
    for (std::size_t i = 0; i < 5; ++i) {
      if (i) head += ",";
      head += std::to_string(pack[i]);
    }
    head += ",";
    secrets.push_back(head);
  }
  std::vector<std::pair<std::string, RunResult>> outputs = {
      {"log", referee(db, game_opt(a) + "log")},
      {"log --json", referee(db, game_opt(a) + "--json log")},
      {"status --json", referee(db, game_opt(a) + "--json status")},
      {"status", referee(db, game_opt(a) + "status")},
      {"status --setup", referee(db, game_opt(a) + "status --setup")},
      {"games --json", referee(db, "--json games")},
      {"verify --json", referee(db, "--json verify")},
      {"replay --format json", replay(db, game_opt(a) + "--format json")},
      {"replay --format notation", replay(db, game_opt(a) + "--format notation")},
  };
  for (const auto& [what, out] : outputs) {
    EXPECT_EQ(out.code, kExitOk) << what << ": " << out.err;
    for (const std::string& secret : secrets) {
      EXPECT_EQ(out.out.find(secret), std::string::npos) << what << " shows " << secret;
      EXPECT_EQ(out.err.find(secret), std::string::npos) << what << " shows " << secret;
    }
    EXPECT_EQ(out.out.find("DeckShuffled"), std::string::npos) << what;
  }
  // The journal file itself holds neither the seed nor an order.
  const std::string file = slurp(db);
  for (const std::string& secret : secrets) EXPECT_EQ(file.find(secret), std::string::npos) << secret;
  // The commitment is public: the header's Sealed tag.
  EXPECT_NE(outputs[8].second.out.find(sealed_tag(sha256(seed))), std::string::npos)
      << outputs[8].second.out;
  // The deal of deeds is the seed's: the same order at a table of two sealed with it.
  const std::int64_t b = new_game(db, "--players \"Dan, Eve\" --variant short-game --seal-like " + std::to_string(a));
  std::vector<int> deal_a, deal_b;
  for (const json& e : events_of(db, a)) if (e.at("type") == "TitleDealt") deal_a.push_back(e.at("square").get<int>());
  for (const json& e : events_of(db, b)) if (e.at("type") == "TitleDealt") deal_b.push_back(e.at("square").get<int>());
  ASSERT_EQ(deal_a.size(), 6u);
  ASSERT_EQ(deal_b.size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(deal_a[i], deal_b[i]);
  for (std::size_t i = 0; i < 6; ++i) EXPECT_EQ(deal_a[i], chance.deeds[i]);
}

TEST(SealedChance, RevealWaitsForEveryTableThenMatchesTheCommitment) {
  const auto db = temp_dir("sealed-reveal") / "club.db";
  const std::int64_t a = new_game(db, "--players \"Ann, Ben\" --variant short-game --sealed");
  const std::int64_t b = new_game(db, "--players \"Cat, Dan\" --variant short-game --seal-like " + std::to_string(a));
  play_on(db, a, 6, true);
  play_on(db, b, 3, false);
  RunResult r = referee(db, game_opt(a) + "--json reveal");
  EXPECT_EQ(r.code, kExitRefused) << r.out << r.err;
  EXPECT_EQ(json::parse(r.out).at("violation").at("rule"), "referee/reveal-after-play");
  EXPECT_EQ(r.out.find(kept_seed(db, a)), std::string::npos);
  ASSERT_EQ(referee(db, game_opt(a) + "play \"Referee calls time\"").code, kExitOk);
  r = referee(db, game_opt(a) + "--json reveal");
  EXPECT_EQ(r.code, kExitRefused) << "game " << b << " is still in play: " << r.out;
  ASSERT_EQ(referee(db, game_opt(b) + "play \"Referee calls time\"").code, kExitOk);
  r = referee(db, game_opt(b) + "--json reveal");
  ASSERT_EQ(r.code, kExitOk) << r.out << r.err;
  const json j = json::parse(r.out);
  const std::string seed = j.at("seed");
  EXPECT_GE(seed.size(), 32u);  // at least 128 bits
  EXPECT_EQ(j.at("commitment"), sha256(seed));
  EXPECT_EQ(j.at("games"), json::array({a, b}));
  const RunResult header = replay(db, game_opt(a) + "--format notation");
  EXPECT_NE(header.out.find(sealed_tag(sha256(seed))), std::string::npos);
  // Now verify checks the dice and cards against the seed.
  const RunResult v = referee(db, "--json verify");
  EXPECT_EQ(v.code, kExitOk) << v.out;
  const json verified = json::parse(v.out);  // held: the loop reads into it
  for (const auto& g : verified.at("games")) EXPECT_TRUE(g.at("chance_checked").get<bool>()) << g;
}

// A throw recorded that is not the seed's (written by someone with the journal and the
// program's own service, hashes and all): verify passes it before the reveal, as it must take
// the dice as recorded, and names it once the seed is known.
TEST(SealedChance, VerifyFindsAForgedThrowOnceTheSeedIsRevealed) {
  const auto db = temp_dir("sealed-forged") / "club.db";
  const std::int64_t a = new_game(db, "--players \"Ann, Ben\" --sealed");
  play_on(db, a, 4, true);
  const std::string line = play_on(db, a, 1, true, /*until_throw=*/true);
  ASSERT_TRUE(is_throw(line)) << line;
  const std::string seed = kept_seed(db, a);
  std::int64_t forged_at = 0;
  {
    std::unique_ptr<Journal> j;
    ASSERT_TRUE(Journal::open(db.string(), &j).is_ok());
    Game g;
    ASSERT_TRUE(load_game(*j, a, 0, &g).is_ok());
    Command roll;
    ParseError perr;
    ASSERT_TRUE(parse_move(line, g.ruleset, g.header.players, &roll, &perr)) << perr.message;
    roll.chance = sealed_chance(g.ruleset, seed, g.state.throws);
    auto& d = roll.chance->dice[0];
    d = {d[0] == 6 ? 1 : d[0] + 1, d[1]};  // not the seed's throw
    PlayOutcome po;
    ASSERT_TRUE(play_move(*j, g, roll, false, &po).is_ok());
    ASSERT_TRUE(po.decision.accepted);
    forged_at = po.events.front().seq;
  }
  RunResult v = referee(db, "--json verify");
  EXPECT_EQ(v.code, kExitOk) << "before the reveal the dice are taken as recorded: " << v.out;
  // The seed given by hand (as published) checks them: the forged throw is found.
  v = referee(db, "--json verify --seed " + seed);
  EXPECT_EQ(v.code, kExitFailure) << v.out;
  const json g = json::parse(v.out).at("games").at(0);
  EXPECT_EQ(g.at("first_bad_seq").get<std::int64_t>(), forged_at) << g;
  // A seed that is not the committed one is refused outright.
  std::string other = seed;
  other[0] = other[0] == 'a' ? 'b' : 'a';
  v = referee(db, "--json verify --seed " + other);
  EXPECT_EQ(v.code, kExitFailure);
  EXPECT_EQ(json::parse(v.out).at("games").at(0).at("first_bad_seq").get<std::int64_t>(), 1);
}

TEST(SealedChance, TheSeedsFileIsReadableByItsOwnerAlone) {
  const auto db = temp_dir("sealed-mode") / "club.db";
  new_game(db, "--players \"Ann, Ben\" --sealed");
  const auto perms = std::filesystem::status(db.string() + ".seals").permissions();
  EXPECT_EQ(perms & (std::filesystem::perms::group_all | std::filesystem::perms::others_all), std::filesystem::perms::none);
}

}  // namespace
}  // namespace deedlog
