// The commands agree with one another and say what a new user needs: dispute rules as play
// does, status says what the game waits on, settle knows a bankrupt player, the words name the
// players and count properly, and a sum reads the same in every command. Each test asserts on
// values, exit codes, JSON fields and rule ids, or on single words, never on whole sentences.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <regex>

#include "present/narration.h"
#include "replay/svg_board.h"
#include "replay/timeline.h"
#include "core/plural.h"
#include "journal/journal.h"
#include "support/cli.h"

namespace deedlog {
namespace {
using json = nlohmann::json;
using testing::quote;
using testing::referee;
using testing::replay;
namespace fs = std::filesystem;

// A journal holding one game imported from the text given (a .game file's contents).
fs::path game_from(const std::string& name, const std::string& text) {
  const fs::path dir = testing::temp_dir("agree-" + name);
  const fs::path file = dir / "g.game";
  std::ofstream(file) << text;
  const fs::path db = dir / "g.db";
  const auto r = referee(db, "import " + quote(file.string()));
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  return db;
}

json json_of(const testing::RunResult& r) {
  const json j = json::parse(r.out, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << r.out << r.err;
  return j;
}

bool has_word(const std::string& text, const std::string& word) {
  return (" " + text + " ").find(" " + word + " ") != std::string::npos;
}

// A debt: Ben lands on Ann's hotel and cannot pay (samples/uk-1972/bankruptcy-to-player.game,
// cut short before he declares bankruptcy).
const char* kDebtGame = R"([Ruleset "uk-1972"]
[Players "Ann, Ben, Cat"]
[Setup]
Ann: cash 300; owns "Park Lane" (hotel), Mayfair (hotel)
Ben: cash 150; at "Liverpool Street Station"; owns "Old Kent Road" (2 houses), "Whitechapel Road" (2 houses)
Turn: Ben
[Moves]
Ben rolls 1 3
Ann claims rent
)";

// 1. `Referee calls time` in a game without a time limit: play refuses it, so dispute does too.
TEST(DisputeAgreesWithPlay, CallingTimeWithoutATimeLimitIsRejectedAsPlayRefusesIt) {
  const fs::path db = game_from("calltime", "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n[Moves]\nAnn rolls 3 4\n");
  const auto played = referee(db, "--json play --dry-run 'Referee calls time'");
  EXPECT_EQ(played.code, 3) << played.out;
  const json refusal = json_of(played);
  const auto disputed = referee(db, "--json dispute 'Referee calls time'");
  ASSERT_EQ(disputed.code, 0) << disputed.err;
  const json ruling = json_of(disputed);
  EXPECT_FALSE(ruling["upheld"].get<bool>()) << disputed.out;
  EXPECT_EQ(ruling["rule"], refusal["violation"]["rule"]) << disputed.out;
}

TEST(DisputeAgreesWithPlay, CallingTimeInAShortGameIsUpheld) {
  const fs::path db = game_from("calltime-short",
                                "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n[Variant \"short-game\"]\n[Moves]\n"
                                "Referee deals Ann: \"Pall Mall\", Whitehall\nReferee deals Ben: Strand, \"Bond Street\"\n"
                                "Ann rolls 3 4\n");
  EXPECT_EQ(referee(db, "play --dry-run 'Referee calls time'").code, 0);
  const json ruling = json_of(referee(db, "--json dispute 'Referee calls time'"));
  EXPECT_TRUE(ruling["upheld"].get<bool>()) << ruling.dump();
}

// 2. An event inside a move stands for the position after the whole move.
TEST(DisputeAgreesWithPlay, AnEventInsideAMoveMeansAfterThatWholeMove) {
  const std::string sample = testing::sample("disputes/rent-asked-in-time.game");
  const fs::path db = testing::temp_dir("agree-inside") / "g.db";
  ASSERT_EQ(referee(db, "import " + quote(sample)).code, 0);
  // The throw that closed the rent window: its MovePlayed line, and the move's last event.
  const json log = json_of(referee(db, "--json log"));
  std::int64_t throw_seq = 0, forfeited = 0;
  for (const json& e : log["events"]) {
    if (e["type"] == "RentForfeited") forfeited = e["seq"];
  }
  ASSERT_GT(forfeited, 0) << log.dump();
  for (const json& e : log["events"])
    if (e["type"] == "MovePlayed" && e["seq"].get<std::int64_t>() < forfeited) throw_seq = e["seq"];
  std::int64_t move_end = 0;
  for (const json& e : log["events"]) {
    const std::int64_t seq = e["seq"];
    if (seq > throw_seq && e["type"] == "MovePlayed") break;
    if (seq >= throw_seq) move_end = seq;
  }
  const auto r = referee(db, fmt::format("--json dispute 'Ben claims rent' --at {}", throw_seq));
  ASSERT_EQ(r.code, 0) << r.err;
  const json ruling = json_of(r);
  EXPECT_FALSE(ruling["upheld"].get<bool>()) << r.out;
  EXPECT_EQ(ruling["at"], move_end) << r.out;
  EXPECT_EQ(ruling["asked_at"], throw_seq) << r.out;
  EXPECT_TRUE(ruling.contains("note")) << r.out;
  EXPECT_EQ(ruling["rule"], "uk-1972/rent/ask-before-next-throw") << r.out;
  // The text says so too.
  const auto text = referee(db, fmt::format("dispute 'Ben claims rent' --at {}", throw_seq));
  EXPECT_NE(text.out.find("Note:"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find(fmt::format("after event {}", move_end)), std::string::npos) << text.out;
  // At a move's last event nothing changes: no note.
  const json at_end = json_of(referee(db, fmt::format("--json dispute 'Ben claims rent' --at {}", move_end)));
  EXPECT_EQ(at_end["at"], move_end);
  EXPECT_FALSE(at_end.contains("note")) << at_end.dump();
}

// 2b. status, value and settle --at an event inside a move show the position after the whole
// move: in the middle of a trade Ben has paid but holds no deed, which never stood on the table.
TEST(PositionsAgree, StatusValueAndSettleAtAnEventInsideAMoveShowTheWholeMove) {
  const fs::path db = testing::temp_dir("agree-inside-status") / "g.db";
  ASSERT_EQ(referee(db, "import " + quote(testing::sample("uk-1972/mortgage-traded-lifted-at-once.game"))).code, 0);
  // Ann's acceptance: MovePlayed 7, Ben pays £90 at 9, the deed moves at 10, interest at 11.
  const json log = json_of(referee(db, "--json log"));
  std::int64_t accepted = 0, paid = 0, last = 0;
  for (const json& e : log["events"]) {
    if (e["type"] == "TradeAccepted") accepted = e["seq"].get<std::int64_t>() - 1;
    if (e["type"] == "PaidToPlayer" && accepted) paid = e["seq"];
    if (e["type"] == "InterestPaid") last = e["seq"];
  }
  ASSERT_GT(accepted, 0);
  ASSERT_GT(paid, accepted);
  ASSERT_GT(last, paid);
  const json whole = json_of(referee(db, fmt::format("--json status --at {}", last)));
  EXPECT_FALSE(whole.contains("note")) << whole.dump();
  for (const std::int64_t inside : {accepted, paid}) {
    const json st = json_of(referee(db, fmt::format("--json status --at {}", inside)));
    EXPECT_EQ(st["seq"], last) << st.dump();
    EXPECT_EQ(st["asked_at"], inside) << st.dump();
    EXPECT_TRUE(st.contains("note")) << st.dump();
    EXPECT_EQ(st["players"], whole["players"]) << st.dump();
    const json val = json_of(referee(db, fmt::format("--json value --at {}", inside)));
    EXPECT_EQ(val["seq"], last) << val.dump();
    EXPECT_EQ(val["asked_at"], inside) << val.dump();
    const json settle = json_of(referee(db, fmt::format("--json settle Ben --at {}", inside)));
    EXPECT_EQ(settle["asked_at"], inside) << settle.dump();
  }
  const auto text = referee(db, fmt::format("status --at {}", paid));
  EXPECT_EQ(text.code, 0);
  EXPECT_EQ(text.out.rfind("Note:", 0), 0u) << text.out;
  EXPECT_NE(text.out.find(fmt::format("after event {}", last)), std::string::npos) << text.out;
  // An event the game does not have is an error, not the last position.
  EXPECT_EQ(referee(db, "status --at 999").code, 1);
}

// 3. settle on a player who already went bankrupt.
TEST(SettleAgrees, ABankruptPlayerIsSaidToBeBankruptAlready) {
  const fs::path db = testing::temp_dir("agree-settle") / "g.db";
  ASSERT_EQ(referee(db, "import " + quote(testing::sample("uk-1972/bankruptcy-to-player.game"))).code, 0);
  const auto r = referee(db, "--json settle Ben");
  ASSERT_EQ(r.code, 0) << r.err;
  const json j = json_of(r);
  EXPECT_TRUE(j["bankrupt"].get<bool>()) << r.out;
  EXPECT_TRUE(j["left_game"].get<bool>()) << r.out;
  EXPECT_EQ(j["creditor"], "Ann") << r.out;
  EXPECT_GT(j["bankrupt_at"].get<std::int64_t>(), 0) << r.out;
  EXPECT_EQ(j["rule"], "uk-1972/bankruptcy/to-a-player") << r.out;
  const auto text = referee(db, "settle Ben");
  EXPECT_NE(text.out.find("already bankrupt"), std::string::npos) << text.out;
  EXPECT_EQ(text.out.find("not bankrupt"), std::string::npos) << text.out;
  EXPECT_FALSE(has_word(text.out, "he") || has_word(text.out, "He")) << text.out;
}

// 4. status says what the game waits on.
TEST(StatusAgrees, ADebtIsWhatTheGameWaitsOn) {
  const fs::path db = game_from("debt", kDebtGame);
  const json j = json_of(referee(db, "--json status"));
  const std::string now = j["turn"]["words"];
  EXPECT_NE(now.find("debt"), std::string::npos) << now;
  EXPECT_EQ(now.find("move is over"), std::string::npos) << now;
  EXPECT_FALSE(j["over"].get<bool>());
  EXPECT_FALSE(j["time_called"].get<bool>());
  EXPECT_FALSE(j.contains("offer"));
  const auto text = referee(db, "status");
  EXPECT_NE(text.out.find("Now: the game waits for Ben"), std::string::npos) << text.out;
}

TEST(StatusAgrees, AnOpenOfferIsShown) {
  const fs::path db = game_from("offer", R"([Ruleset "uk-1972"]
[Players "Ann, Ben"]
[Setup]
Ann: owns Mayfair
Ben: owns "Park Lane"; cards 1
Turn: Ann
[Moves]
Ann offers Ben: Mayfair, 100 for "Park Lane", card
)");
  const json j = json_of(referee(db, "--json status"));
  ASSERT_TRUE(j.contains("offer")) << j.dump();
  EXPECT_EQ(j["offer"]["from"], "Ann");
  EXPECT_EQ(j["offer"]["to"], "Ben");
  EXPECT_EQ(j["offer"]["gives"]["properties"], json::array({"Mayfair"}));
  EXPECT_EQ(j["offer"]["gives"]["cash"], 100);
  EXPECT_EQ(j["offer"]["asks"]["properties"], json::array({"Park Lane"}));
  EXPECT_EQ(j["offer"]["asks"]["cards"], 1);
  EXPECT_NE(referee(db, "status").out.find("Offer open: Ann offers Ben"), std::string::npos);
}

TEST(StatusAgrees, TimeCalledEndsTheGameOnceTheMoveIsDone) {
  const fs::path db = testing::temp_dir("agree-time") / "g.db";
  ASSERT_EQ(referee(db, "import " + quote(testing::sample("uk-1972/short-game-called.game"))).code, 0);
  const json j = json_of(referee(db, "--json status"));
  EXPECT_TRUE(j["time_called"].get<bool>()) << j.dump();
  EXPECT_TRUE(j["over"].get<bool>()) << j.dump();
  EXPECT_TRUE(j.contains("winner") || j.contains("tied")) << j.dump();
  const std::string now = j["turn"]["words"];
  EXPECT_EQ(now.find("to throw"), std::string::npos) << now;
  EXPECT_NE(now.find("over"), std::string::npos) << now;
  const json value = json_of(referee(db, "--json value"));
  if (value.contains("winner")) {
    EXPECT_EQ(j["winner"], value["winner"]);
  }
  // games says the same.
  const json games = json_of(referee(db, "--json games"));
  EXPECT_TRUE(games["games"][0]["over"].get<bool>()) << games.dump();
  EXPECT_EQ(games["games"][0].value("winner", ""), j.value("winner", "")) << games.dump();
}

TEST(StatusAgrees, ABankruptPlayerIsShownOutAndTheWinnerOfAnEndedGame) {
  const fs::path db = testing::temp_dir("agree-out") / "g.db";
  ASSERT_EQ(referee(db, "import " + quote(testing::sample("uk-1972/bankruptcy-to-player.game"))).code, 0);
  const std::string text = referee(db, "status").out;
  std::string ben_line;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (line.find(" Ben ") != std::string::npos) ben_line = line;
  EXPECT_NE(ben_line.find("bankrupt"), std::string::npos) << text;
  EXPECT_EQ(ben_line.find(" on "), std::string::npos) << text;
  EXPECT_EQ(ben_line.find("£0"), std::string::npos) << text;

  const fs::path over = testing::temp_dir("agree-over") / "g.db";
  ASSERT_EQ(referee(over, "import " + quote(testing::sample("uk-1972/last-player-standing.game"))).code, 0);
  const json j = json_of(referee(over, "--json status"));
  EXPECT_TRUE(j["over"].get<bool>());
  EXPECT_TRUE(j.contains("winner"));
  EXPECT_FALSE(j["time_called"].get<bool>());
}

// 5. The net-worth chart has points only where a move is complete.
TEST(WorthChart, PlotsOnlyAtMoveBoundaries) {
  const fs::path db = testing::temp_dir("agree-worth") / "g.db";
  ASSERT_EQ(referee(db, "import " + quote(testing::sample("uk-1972/long-game.game"))).code, 0);
  std::unique_ptr<Journal> j;
  ASSERT_TRUE(Journal::open(db.string(), &j, true).is_ok());
  Timeline t;
  ASSERT_TRUE(Timeline::load(*j, 1, &t).is_ok());
  for (int points : {kWorthChartPoints, 40}) {
    const WorthSeries w = net_worth_series(t, points);
    ASSERT_FALSE(w.seqs.empty());
    EXPECT_LE(static_cast<int>(w.seqs.size()), points);
    EXPECT_EQ(w.seqs.back(), t.last());
    for (std::int64_t seq : w.seqs)
      EXPECT_TRUE(seq == t.last() || t.event(seq + 1).type == EventType::MovePlayed) << "a point inside a move: " << seq;
  }
}

// 6. The HTML page shows a move's @TIME as a time.
TEST(ReplayPage, ShowsStampsAsTimes) {
  const fs::path dir = testing::temp_dir("agree-stamps");
  const fs::path db = dir / "g.db";
  ASSERT_EQ(referee(db, "import " + quote(testing::sample("uk-1972/long-game.game"))).code, 0);
  const fs::path html = dir / "g.html";
  ASSERT_EQ(replay(db, "--html " + quote(html.string())).code, 0);
  const std::string page = testing::slurp(html);
  EXPECT_EQ(page.find("@21:47:55"), std::string::npos);
  EXPECT_NE(page.find("21:47:55"), std::string::npos);
  EXPECT_EQ(page.find("turn(s)"), std::string::npos);
}

// 9. Words: players are named or "they"; counts agree with their nouns.
TEST(Words, CountsAgreeWithTheirNouns) {
  EXPECT_EQ(count_of(1, "move"), "1 move");
  EXPECT_EQ(count_of(0, "turn"), "0 turns");
  EXPECT_EQ(count_of(2, "utility", "utilities"), "2 utilities");
  const fs::path dir = testing::temp_dir("agree-plural");
  std::ofstream(dir / "one.game") << "[Ruleset \"uk-1972\"]\n[Players \"Ann, Ben\"]\n[Moves]\nAnn rolls 3 4\n";
  const auto r = referee(dir / "g.db", "import " + quote((dir / "one.game").string()));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("1 move recorded"), std::string::npos) << r.out;
  const fs::path jailed = game_from("jail", R"([Ruleset "uk-1972"]
[Players "Ann, Ben"]
[Setup]
Ann: in jail 1
Turn: Ben
)");
  const std::string status = referee(jailed, "status").out;
  EXPECT_EQ(status.find("(s)"), std::string::npos) << status;
  EXPECT_NE(status.find("1 turn used"), std::string::npos) << status;
  // An edition with one turn in jail: "of 1 turn", in the log and in explain.
  const fs::path one = testing::temp_dir("agree-one-turn") / "g.db";
  ASSERT_EQ(referee(one, "import " + quote(testing::sample("us-short/one-turn-in-jail.game"))).code, 0);
  std::string told = referee(one, "log").out;
  const json log = json_of(referee(one, "--json log"));
  for (const json& e : log["events"])
    if (e["type"] == "LeftJail" || e["type"] == "FinePaid" || e["type"] == "JailTurnFailed")
      told += referee(one, fmt::format("explain {}", e["seq"].get<std::int64_t>())).out;
  EXPECT_EQ(told.find("1 turns"), std::string::npos) << told;
}

TEST(Words, NoPlayerIsHeInTheNarrationOrTheReports) {
  const fs::path db = game_from("words", kDebtGame);
  std::string all = referee(db, "log").out + referee(db, "status").out + referee(db, "settle Ben").out +
                    referee(db, "settle Ann").out + referee(db, "moves").out +
                    referee(db, "dispute 'Ben declares bankruptcy'").out + replay(db, "--turns").out;
  for (int seq = 1; seq <= 12; ++seq) all += referee(db, fmt::format("explain {}", seq)).out;
  for (const char* word : {"he", "He", "his", "His", "him"}) EXPECT_FALSE(has_word(all, word)) << word << ":\n" << all;
  EXPECT_EQ(all.find("(s)"), std::string::npos) << all;
  EXPECT_EQ(all.find(" of ?"), std::string::npos) << all;
}

// 10. A sum reads the same in explain as in the narration (regional-currency names currencies).
TEST(Money, ExplainSaysASumAsTheNarrationDoes) {
  const fs::path db = testing::temp_dir("agree-money") / "g.db";
  ASSERT_EQ(referee(db, "import " + quote(testing::sample("regional-currency/converted-rent-and-purchase.game"))).code, 0);
  const json log = json_of(referee(db, "--json log"));
  const std::regex sum_with_currency(R"(\$[0-9]+ [a-z]+)");
  int checked = 0;
  for (const json& e : log["events"]) {
    if (e["type"] != "RentPaid" && e["type"] != "PropertyBought") continue;
    const json ex = json_of(referee(db, fmt::format("--json explain {}", e["seq"].get<std::int64_t>())));
    std::string reasoning;
    for (const json& line : ex["reasoning"]) reasoning += line.get<std::string>() + "\n";
    // Every sum the narration says with its currency ("$40 green") explain says alike.
    const std::string words = e["words"];
    for (auto m = std::sregex_iterator(words.begin(), words.end(), sum_with_currency); m != std::sregex_iterator(); ++m) {
      EXPECT_NE(reasoning.find(m->str()), std::string::npos) << m->str() << " not in:\n" << reasoning;
      ++checked;
    }
  }
  EXPECT_GE(checked, 4) << log.dump();
}

}  // namespace
}  // namespace deedlog
