// Every reading command on every game people record (docs/corpus.md): each game of
// samples/corpus/ and every sample under samples/ is imported whole and cut at several
// positions (the start, the middle, the end), and at each the programs are asked what a user
// asks: status, value, settle, moves, log, explain, dispute, verify, chances, status --setup
// (imported again), replay in each format, and the engine protocol. Each must answer with its
// documented exit code and agree with the others on the position. The corpus games' late rent
// claims are ruled through dispute, in time and late.
//
// Every test is named Corpus.*: Corpus.corpus_* for the corpus, Corpus.sample_* for the samples,
// Corpus.late_claim_* for the claims, so a script (the sanitizer run) can take a subset with
// --gtest_filter. Python's view of the same games: tests/python/test_corpus.py.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>

#include "support/build_paths.h"
#include "support/cli.h"
#include "support/pipe_process.h"

namespace deedlog {
namespace {
using json = nlohmann::json;
namespace fs = std::filesystem;
using testing::quote;
using testing::referee;
using testing::replay;
using testing::RunResult;

const fs::path kSource = deedlog::testing::source_dir();

// The play-outs of `chances`: few and short, so the whole program takes a minute or two.
constexpr const char* kChances = "chances --games 6 --max-moves 300 --threads 1 --seed 3";

std::string strip(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  return s;
}

json parsed(const RunResult& r, const std::string& what) {
  json j = json::parse(r.out, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << what << ": not JSON: " << r.out << r.err;
  return j;
}

// A game file: the lines before its moves (tags, comments, a [Setup]) and its move lines.
struct GameText {
  std::vector<std::string> head;
  std::vector<std::string> moves;
  bool several_games = false;
};

bool blank_or_comment(const std::string& line) {
  const auto first = line.find_first_not_of(" \t\r");
  return first == std::string::npos || line[first] == '#';
}

GameText split_game(const fs::path& file) {
  GameText g;
  std::ifstream in(file);
  std::string line;
  bool in_setup = false;
  bool in_moves = false;
  int rulesets = 0;
  while (std::getline(in, line)) {
    if (line.rfind("[Ruleset", 0) == 0) ++rulesets;
    if (!in_moves) {
      g.head.push_back(line);
      if (line.rfind("[Setup]", 0) == 0) in_setup = true;
      if (line.rfind("[Moves]", 0) == 0) in_moves = true;
      if (!in_setup && !in_moves && !blank_or_comment(line) && line[0] != '[') {
        g.head.pop_back();
        in_moves = true;
        g.moves.push_back(line);
      }
      continue;
    }
    if (!blank_or_comment(line)) g.moves.push_back(line);
  }
  g.several_games = rulesets > 1;
  return g;
}

// What the corpus list (samples/corpus/corpus.json) says of a game.
struct CorpusEntry {
  std::string settle;
  std::vector<json> late_claims;
};

std::map<std::string, CorpusEntry> corpus_list() {
  std::map<std::string, CorpusEntry> out;
  std::ifstream in(kSource / "samples/corpus/corpus.json");
  const json list = json::parse(in, nullptr, false);
  if (list.is_discarded()) return out;
  for (const auto& g : list["games"]) {
    CorpusEntry e;
    e.settle = g.value("settle", "");
    for (const auto& c : g["late_claims"]) e.late_claims.push_back(c);
    out[g["file"].get<std::string>()] = e;
  }
  return out;
}

std::string path_in_source(const fs::path& file) { return fs::relative(file, kSource).generic_string(); }

// The players as status --json gives them, for comparing two positions: what a [Setup] states.
json players_of(const json& status) {
  json out = json::array();
  for (const auto& p : status["players"]) {
    json q = {{"name", p["name"]}, {"cash", p["cash"]}, {"bankrupt", p["bankrupt"]}};
    if (!p["bankrupt"].get<bool>()) {
      q["square"] = p["square"];
      q["in_jail"] = p["in_jail"];
      q["jail_cards"] = p["jail_cards"];
      q["properties"] = p["properties"];
    }
    out.push_back(q);
  }
  return out;
}

// Who moves next: a finished move hands the turn to the next player still in the game.
std::string next_to_move(const json& status) {
  const std::string who = status["turn"].value("player", "");
  if (status["turn"]["phase"] != "turn-over") return who;
  const auto& ps = status["players"];
  std::size_t i = 0;
  while (i < ps.size() && ps[i]["name"] != who) ++i;
  for (std::size_t k = 1; k <= ps.size(); ++k) {
    const auto& p = ps[(i + k) % ps.size()];
    if (!p["bankrupt"].get<bool>()) return p["name"];
  }
  return who;
}

std::map<std::string, std::int64_t> cash_by_name(const json& doc) {
  std::map<std::string, std::int64_t> out;
  for (const auto& p : doc["players"]) out[p["name"]] = p["cash"].get<std::int64_t>();
  return out;
}

// ----- the commands at one position --------------------------------------------------------------
struct Position {
  std::string label;
  std::size_t moves = 0;  // move lines of the file kept
};

class Battery {
 public:
  Battery(fs::path dir, fs::path db, std::string settle_player, bool no_game)
      : dir_(std::move(dir)), db_(std::move(db)), settle_player_(std::move(settle_player)), no_game_(no_game) {}

  void run() {
    status_checks();
    if (::testing::Test::HasFatalFailure() || status_.is_null()) return;
    value_checks();
    settle_checks();
    moves_checks();
    log_and_explain_checks();
    dispute_checks();
    verify_checks();
    chances_checks();
    setup_checks();
    replay_checks();
    engine_checks();
  }

  const json& status() const { return status_; }

 private:
  RunResult ask(const std::string& args) { return referee(db_, args); }

  void status_checks() {
    const auto r = ask("--json status");
    if (r.code != 0 && no_game_) {
      // A setup the rules refuse creates no game: every command says so, and none crashes.
      EXPECT_EQ(r.code, 1) << r.out << r.err;
      EXPECT_FALSE(r.out.empty() && r.err.empty());
      status_ = json();
      return;
    }
    ASSERT_EQ(r.code, 0) << "status: " << r.err;
    status_ = parsed(r, "status");
    ASSERT_TRUE(status_.contains("players") && status_.contains("seq")) << r.out;
    ruleset_ = status_["ruleset"];
  }

  void value_checks() {
    const auto r = ask("--json value");
    ASSERT_EQ(r.code, 0) << "value: " << r.err;
    const json v = parsed(r, "value");
    EXPECT_EQ(v["seq"], status_["seq"]) << "value and status are of one position";
    // regional-currency values estates in par dollars (docs/editions.md); the others in cash.
    if (v.value("currency", "") != "par") {
      EXPECT_EQ(cash_by_name(v), cash_by_name(status_)) << "value and status agree on the cash";
    }
    // A valuation is final exactly when the game is over (INTERFACE.md section 5).
    EXPECT_EQ(v["final"].get<bool>(), status_["over"].get<bool>()) << r.out;
    if (v.contains("provisional")) {
      EXPECT_TRUE(v["provisional"].is_boolean());
      if (v["provisional"].get<bool>()) {
        EXPECT_TRUE(v.contains("reason")) << r.out;
      }
    }
    // Each estate is the sum of its items (a debt counts against it).
    for (const auto& p : v["players"]) {
      std::int64_t sum = 0;
      for (const auto& item : p["items"]) sum += item["amount"].get<std::int64_t>();
      EXPECT_EQ(sum, p["total"].get<std::int64_t>()) << p.dump();
    }
    value_ = v;
  }

  void settle_checks() {
    std::string who = settle_player_.empty() ? status_["players"][0]["name"].get<std::string>() : settle_player_;
    const auto r = ask("--json settle " + quote(who));
    ASSERT_EQ(r.code, 0) << "settle " << who << ": " << r.err;
    const json s = parsed(r, "settle");
    EXPECT_EQ(s["player"], who);
    bool bankrupt = false;
    for (const auto& p : status_["players"]) bankrupt = bankrupt || (p["name"] == who && p["bankrupt"].get<bool>());
    if (bankrupt) {
      // One who is out: how he went bankrupt, and to whom.
      EXPECT_TRUE(s.value("bankrupt", false)) << r.out;
    } else {
      ASSERT_TRUE(s.contains("cash")) << r.out;
      EXPECT_EQ(s["cash"].get<std::int64_t>(), cash_by_name(status_)[who]) << "settle and status agree on the cash";
    }
    // The player the game waits on may be asked about too, in words (one who is out included).
    const std::string waited = status_["turn"].value("player", "");
    bool seated = false;
    for (const auto& p : status_["players"]) seated = seated || p["name"] == waited;
    if (seated && waited != who) {
      const auto other = ask("settle " + quote(waited));
      EXPECT_EQ(other.code, 0) << "settle " << waited << ": " << other.err;
      EXPECT_FALSE(other.out.empty());
    }
  }

  void moves_checks() {
    const auto r = ask("--json moves");
    ASSERT_EQ(r.code, 0) << "moves: " << r.err;
    const json m = parsed(r, "moves");
    const auto& listed = m["moves"];
    if (status_["over"].get<bool>()) {
      EXPECT_TRUE(listed.empty()) << "a game that is over has no moves: " << r.out;
      return;
    }
    ASSERT_FALSE(listed.empty()) << "a game in play has a move: " << r.out;
    // What moves lists, play accepts (a dry run writes nothing).
    const std::string move = listed.back();
    const auto played = ask("--json play --dry-run " + quote(move));
    EXPECT_EQ(played.code, 0) << "listed by moves but refused by play: " << move << "\n" << played.out;
  }

  void log_and_explain_checks() {
    const auto r = ask("--json log");
    ASSERT_EQ(r.code, 0) << "log: " << r.err;
    const json l = parsed(r, "log");
    const auto seq = status_["seq"].get<std::int64_t>();
    ASSERT_FALSE(l["events"].empty());
    EXPECT_EQ(l["events"].back()["seq"].get<std::int64_t>(), seq) << "log ends where status stands";
    EXPECT_EQ(static_cast<std::int64_t>(l["events"].size()), seq) << "the events are numbered from 1 without a gap";
    events_ = l["events"];
    // explain: the last event, one from the middle, and the first of each kind a user asks
    // about (a take-back and a move it voided, a correction, a rent lost, a bankruptcy, time
    // called, a trade, an auction, interest on a mortgage).
    std::vector<std::int64_t> asked = {seq, (seq + 1) / 2};
    std::set<std::string> kinds = {"MovesTakenBack", "RulingRecorded", "RentForfeited", "PlayerBankrupted",
                                   "TimeCalled", "TradeAccepted", "AuctionWon", "InterestPaid"};
    for (const auto& e : events_) {
      const std::string type = e["type"];
      if (!kinds.erase(type)) continue;
      asked.push_back(e["seq"].get<std::int64_t>());
      if (type == "MovesTakenBack") asked.push_back(e["seq"].get<std::int64_t>() - 2);
      if (type == "RentForfeited") {
        const auto why = ask("--json explain " + std::to_string(e["seq"].get<std::int64_t>()));
        EXPECT_EQ(parsed(why, "explain").value("rule", "").rfind(ruleset_ + "/rent/", 0), 0u)
            << "a rent lost cites the edition's rent rule: " << why.out;
      }
    }
    for (std::int64_t at : asked) {
      const auto e = ask("--json explain " + std::to_string(at));
      EXPECT_EQ(e.code, 0) << "explain " << at << ": " << e.err;
      if (e.code == 0) {
        EXPECT_EQ(parsed(e, "explain")["seq"].get<std::int64_t>(), at) << e.out;
      }
    }
    const auto beyond = ask("explain " + std::to_string(seq + 1));
    EXPECT_NE(beyond.code, 0) << "an event that does not exist is not explained";
    EXPECT_FALSE(beyond.out.empty() && beyond.err.empty()) << "and the answer says why";
  }

  void dispute_checks() {
    // Time called; rent claimed by the owner of the last rent that fell due (or, with none,
    // by the last player seated); salary claimed by the first player.
    const auto& ps = status_["players"];
    std::string owner = ps.back()["name"];
    for (const auto& e : events_) {
      if (e["type"] == "RentDue" && e.contains("other")) owner = ps[e["other"].get<std::size_t>()]["name"];
    }
    const std::vector<std::string> claims = {"Referee calls time", owner + " claims rent",
                                             ps.front()["name"].get<std::string>() + " claims salary"};
    for (const auto& claim : claims) {
      const auto r = ask("--json dispute " + quote(claim));
      EXPECT_EQ(r.code, 0) << "dispute " << claim << ": " << r.out << r.err;
      if (r.code != 0) continue;
      const json d = parsed(r, "dispute");
      EXPECT_TRUE(d["upheld"].is_boolean()) << r.out;
      EXPECT_EQ(d["at"], status_["seq"]) << r.out;
      EXPECT_EQ(d.value("rule", "").rfind(ruleset_ + "/", 0), 0u) << "a ruling cites the edition: " << r.out;
    }
  }

  void verify_checks() {
    const auto r = ask("--json verify");
    EXPECT_EQ(r.code, 0) << "verify: " << r.out << r.err;
    if (r.code == 0) {
      EXPECT_TRUE(parsed(r, "verify")["ok"].get<bool>()) << r.out;
    }
  }

  void chances_checks() {
    const auto r = ask(std::string("--json ") + kChances);
    EXPECT_EQ(r.code, 0) << "chances: " << r.out << r.err;
    if (r.code != 0) return;
    const json c = parsed(r, "chances");
    // Each play-out is won outright, scored by the model at the horizon (counted in no one's
    // wins: docs/interface.md, chances), or unfinished; the shares add up with the unfinished.
    std::int64_t wins = 0;
    double shares = 0;
    for (const auto& p : c["players"]) {
      wins += p["wins"].get<std::int64_t>();
      shares += p["win"].get<double>();
    }
    EXPECT_EQ(wins + c.value("scored", std::int64_t{0}) + c.value("unfinished", std::int64_t{0}),
              c["games"].get<std::int64_t>())
        << r.out;
    EXPECT_NEAR(shares + c["unfinished_share"].get<double>(), 1.0, 1e-9) << r.out;
    EXPECT_EQ(c["players"].size(), status_["players"].size());
  }

  void setup_checks() {
    const auto r = ask("--json status --setup");
    ASSERT_EQ(r.code, 0) << "status --setup: " << r.err;
    const json s = parsed(r, "status --setup");
    const fs::path file = dir_ / "setup.game";
    std::ofstream(file) << s["setup"].get<std::string>();
    const fs::path again = dir_ / "setup.db";
    fs::remove(again);
    const auto imported = referee(again, "import " + quote(file.string()));
    ASSERT_EQ(imported.code, 0) << "the position written by status --setup imports: " << imported.out << imported.err
                                << "\n" << s["setup"].get<std::string>();
    const auto st = referee(again, "--json status");
    ASSERT_EQ(st.code, 0);
    const json other = parsed(st, "status of the setup");
    // The same position: the players, the Bank, and whether (and how) the game has ended.
    EXPECT_EQ(players_of(other), players_of(status_)) << "status --setup gives back other players";
    EXPECT_EQ(other["bank"], status_["bank"]);
    EXPECT_EQ(other["over"], status_["over"]) << "status --setup of a game over (or in play) is not";
    EXPECT_EQ(other["time_called"], status_["time_called"]) << "status --setup loses time called";
    EXPECT_EQ(other.value("winner", ""), status_.value("winner", ""));
    if (s.value("exact", false) && !status_["over"].get<bool>()) {
      EXPECT_EQ(next_to_move(other), next_to_move(status_)) << "an exact setup names who moves next";
    }
  }

  void replay_checks() {
    const auto text = replay(db_, "--format text");
    EXPECT_EQ(text.code, 0) << "replay text: " << text.err;
    EXPECT_FALSE(text.out.empty());
    const auto js = replay(db_, "--format json");
    EXPECT_EQ(js.code, 0) << "replay json: " << js.err;
    if (js.code == 0) {
      const json doc = parsed(js, "replay json");
      EXPECT_EQ(doc["events"].size(), events_.size()) << "replay and log hold the same events";
    }
    // The notation written back imports to the same journal, head for head.
    const auto notation = replay(db_, "--format notation");
    EXPECT_EQ(notation.code, 0) << "replay notation: " << notation.err;
    if (notation.code == 0) {
      const fs::path file = dir_ / "again.game";
      std::ofstream(file) << notation.out;
      const fs::path again = dir_ / "again.db";
      fs::remove(again);
      const auto imported = referee(again, "import " + quote(file.string()));
      EXPECT_EQ(imported.code, 0) << imported.out << imported.err;
      const auto st = referee(again, "--json status");
      if (st.code == 0) {
        EXPECT_EQ(parsed(st, "status")["head"], status_["head"]) << "replay --format notation";
      }
    }
    const fs::path html = dir_ / "game.html";
    const auto page = replay(db_, "--html " + quote(html.string()));
    EXPECT_EQ(page.code, 0) << "replay --html: " << page.err;
    EXPECT_NE(testing::slurp(html).find("<html"), std::string::npos);
    const fs::path svg = dir_ / "board.svg";
    const auto board = replay(db_, "--svg " + quote(svg.string()) + " --at end");
    EXPECT_EQ(board.code, 0) << "replay --svg: " << board.err;
    EXPECT_NE(testing::slurp(svg).find("<svg"), std::string::npos);
  }

  void engine_checks() {
    // The engine protocol on the same journal answers with the command line's bytes.
    testing::PipeProcess engine({deedlog::testing::referee_program(), "engine", "--db", db_.string()});
    const std::string game = std::to_string(status_["game"].get<std::int64_t>());
    const std::string status = strip(engine.ask(R"({"cmd": "status", "game": )" + game + "}"));
    EXPECT_EQ(status, strip(ask("--json status").out)) << "engine status";
    const std::string value = strip(engine.ask(R"({"cmd": "value", "game": )" + game + "}"));
    EXPECT_EQ(value, strip(ask("--json value").out)) << "engine value";
    const std::string moves = strip(engine.ask(R"({"cmd": "moves", "game": )" + game + "}"));
    EXPECT_EQ(moves, strip(ask("--json moves").out)) << "engine moves";
    const std::string at = strip(engine.ask(R"({"cmd": "status", "at": 1, "game": )" + game + "}"));
    EXPECT_EQ(at, strip(ask("--json status --at 1").out)) << "engine status at event 1";
    EXPECT_EQ(json::parse(engine.ask(R"({"cmd": "quit"})"), nullptr, false).value("ok", false), true);
    EXPECT_EQ(engine.wait(), 0);
  }

  fs::path dir_;
  fs::path db_;
  std::string settle_player_;
  bool no_game_ = false;
  std::string ruleset_;
  json status_;
  json value_;
  json events_;
};

// ----- a game at its positions ----------------------------------------------------------------------
void every_command_on(const fs::path& file, const std::string& name, const std::string& settle_player) {
  const GameText text = split_game(file);
  const fs::path dir = testing::temp_dir("corpus-" + name);
  testing::RemovedAtExit cleanup{dir};
  std::vector<Position> positions;
  const std::size_t n = text.moves.size();
  // The corpus at its start, middle and end; a sample (a few moves on one point) at its start
  // and end, which keeps the whole program to a minute or two.
  const bool corpus = name.rfind("corpus_", 0) == 0;
  if (text.several_games) {
    positions.push_back({"end", n});
  } else {
    positions.push_back({"start", 0});
    if (n >= 4 && corpus) positions.push_back({"middle", n / 2});
    if (n > 0) positions.push_back({"end", n});
  }
  // The whole game once, to compare each position's status with status --at on it.
  const fs::path whole = dir / "whole.db";
  const auto whole_import = referee(whole, "--json import " + quote(file.string()));
  ASSERT_TRUE(whole_import.code == 0 || whole_import.code == 3) << whole_import.out << whole_import.err;

  for (const auto& pos : positions) {
    SCOPED_TRACE(name + " at the " + pos.label + " (" + std::to_string(pos.moves) + " move lines of " +
                 std::to_string(n) + ")");
    const fs::path here = dir / pos.label;
    fs::create_directories(here);
    fs::path game = file;
    if (pos.moves != n) {
      game = here / "cut.game";
      std::ofstream out(game);
      for (const auto& l : text.head) out << l << "\n";
      if (std::find(text.head.begin(), text.head.end(), "[Moves]") == text.head.end() &&
          std::none_of(text.head.begin(), text.head.end(), [](const std::string& l) { return l.rfind("[Setup]", 0) == 0; }))
        out << "\n";
      for (std::size_t i = 0; i < pos.moves; ++i) out << text.moves[i] << "\n";
    }
    const fs::path db = here / "g.db";
    const auto imported = referee(db, "--json import " + quote(game.string()));
    // A sample may end on a refused move, on purpose: exit 3, with the ruling.
    ASSERT_TRUE(imported.code == 0 || imported.code == 3) << imported.out << imported.err;
    bool no_game = false;
    if (imported.code == 3) {
      const json refusal = parsed(imported, "import");
      EXPECT_TRUE(refusal.contains("violation")) << imported.out;
      no_game = !refusal.contains("game");
    }

    Battery battery(here, db, settle_player, no_game);
    battery.run();
    if (::testing::Test::HasFatalFailure() || battery.status().is_null()) return;
    // The position is the whole game's at the same event: status --at agrees, byte for byte.
    const auto seq = battery.status()["seq"].get<std::int64_t>();
    const auto at = referee(whole, "--json status --at " + std::to_string(seq));
    EXPECT_EQ(at.code, 0) << at.err;
    if (at.code == 0) {
      EXPECT_EQ(parsed(at, "status --at"), battery.status()) << "status --at " << seq;
    }
  }
}

// ----- the late claims ------------------------------------------------------------------------------
// Each corpus game leaves one landing's rent unasked (samples/corpus/corpus.json names the
// owner): the journal holds the rent falling due and, once the window has closed, lost. The
// claim is ruled just after the landing's move, and again once the rent is lost.
void late_claim(const fs::path& file, const std::string& name, const json& claim) {
  const fs::path dir = testing::temp_dir("late-" + name);
  testing::RemovedAtExit cleanup{dir};
  const fs::path db = dir / "g.db";
  ASSERT_EQ(referee(db, "import " + quote(file.string())).code, 0);
  const auto log = referee(db, "--json log");
  ASSERT_EQ(log.code, 0);
  const json events = parsed(log, "log")["events"];
  const json status = parsed(referee(db, "--json status"), "status");
  const std::string ruleset = status["ruleset"];
  const std::string words = claim["claim"];
  const std::string owner = words.substr(0, words.find(" claims"));
  std::int64_t owner_id = -1;
  for (std::size_t i = 0; i < status["players"].size(); ++i) {
    if (status["players"][i]["name"] == owner) owner_id = static_cast<std::int64_t>(i);
  }
  std::int64_t due = 0, lost = 0;
  for (const auto& e : events) {
    if (e["type"] == "RentDue" && e.value("other", -1) == owner_id) due = e["seq"];
    if (e["type"] == "RentForfeited" && e.value("other", -1) == owner_id && due > 0) {
      lost = e["seq"];
      break;
    }
  }
  ASSERT_GT(lost, 0) << "no rent of " << owner << " fell due and was lost in " << file;
  // The claim made late: at the end of the first move after the loss with no other rent open
  // (a rent of another owner's, open, would be the one a claim is ruled on).
  std::int64_t late = 0;
  int open = 0;
  for (std::size_t i = 0; i < events.size() && late == 0; ++i) {
    const auto& e = events[i];
    if (e["seq"].get<std::int64_t>() <= lost) continue;
    if (e["type"] == "RentDue") ++open;
    if ((e["type"] == "RentPaid" || e["type"] == "RentForfeited") && open > 0) --open;
    const bool move_ends = i + 1 == events.size() || events[i + 1]["type"] == "MovePlayed";
    if (move_ends && open == 0) late = e["seq"];
  }
  ASSERT_GT(late, 0) << "no position after the loss without a rent open in " << file;
  // Asked before anyone threw again (the position after the landing's move): upheld.
  const auto upheld = referee(db, "--json dispute " + quote(words) + " --at " + std::to_string(due));
  ASSERT_EQ(upheld.code, 0) << upheld.out << upheld.err;
  const json u = parsed(upheld, "dispute");
  EXPECT_TRUE(u["upheld"].get<bool>()) << upheld.out;
  EXPECT_EQ(u["rule"], ruleset + "/rent/owner-asks") << upheld.out;
  // Asked once the window has closed: rejected, citing the window.
  const auto rejected = referee(db, "--json dispute " + quote(words) + " --at " + std::to_string(late));
  ASSERT_EQ(rejected.code, 0) << rejected.out << rejected.err;
  const json r = parsed(rejected, "dispute");
  EXPECT_FALSE(r["upheld"].get<bool>()) << rejected.out;
  const std::string rule = r.value("rule", "");
  EXPECT_TRUE(rule == ruleset + "/rent/ask-before-next-throw" || rule == ruleset + "/rent/claim-within-the-window")
      << rejected.out;
  // Asked at the end of the game, the claim played as a move is refused (a refused line would
  // end an import, so the file never holds it).
  const auto played = referee(db, "--json play --dry-run " + quote(words));
  EXPECT_EQ(played.code, 3) << played.out;
}

std::string test_name(const fs::path& file) {
  const bool corpus = path_in_source(file).rfind("samples/corpus/", 0) == 0;
  return (corpus ? "corpus_" : "sample_") + testing::sample_test_name(file);
}

class CommandsTest : public ::testing::Test {
 public:
  CommandsTest(fs::path file, std::string settle) : file_(std::move(file)), settle_(std::move(settle)) {}
  void TestBody() override { every_command_on(file_, test_name(file_), settle_); }

 private:
  fs::path file_;
  std::string settle_;
};

class LateClaimTest : public ::testing::Test {
 public:
  LateClaimTest(fs::path file, json claim) : file_(std::move(file)), claim_(std::move(claim)) {}
  void TestBody() override { late_claim(file_, testing::sample_test_name(file_), claim_); }

 private:
  fs::path file_;
  json claim_;
};

// The tests, one a game, registered before main runs: the list is the folder's.
const bool registered = [] {
  const auto corpus = corpus_list();
  for (const auto& file : testing::all_sample_games()) {
    const auto it = corpus.find(path_in_source(file));
    const std::string settle = it == corpus.end() ? "" : it->second.settle;
    ::testing::RegisterTest("Corpus", test_name(file).c_str(), nullptr, nullptr, __FILE__, __LINE__,
                            [file, settle]() -> ::testing::Test* { return new CommandsTest(file, settle); });
    if (it == corpus.end()) continue;
    int k = 0;
    for (const auto& claim : it->second.late_claims) {
      // Appended a part at a time: GCC 12 at -O3 warns falsely of overlapping copies on `+` chains.
      std::string n = "late_claim_";
      n.append(testing::sample_test_name(file));
      if (k++ > 0) n.append("_").append(std::to_string(k));
      ::testing::RegisterTest("Corpus", n.c_str(), nullptr, nullptr, __FILE__, __LINE__,
                              [file, claim]() -> ::testing::Test* { return new LateClaimTest(file, claim); });
    }
  }
  return true;
}();

// The corpus itself: two games or more in each edition, each of 80 to 200 moves.
TEST(Corpus, TwoGamesOfEightyToTwoHundredMovesInEachEdition) {
  std::map<std::string, int> games;
  std::ifstream in(kSource / "samples/corpus/corpus.json");
  const json list = json::parse(in, nullptr, false);
  ASSERT_FALSE(list.is_discarded());
  for (const auto& g : list["games"]) {
    const fs::path file = kSource / g["file"].get<std::string>();
    ASSERT_TRUE(fs::exists(file)) << file;
    const fs::path db = testing::temp_dir("corpus-count") / "g.db";
    const auto imported = referee(db, "--json import " + quote(file.string()));
    ASSERT_EQ(imported.code, 0) << file << imported.out;
    const auto moves = parsed(imported, "import")["moves_recorded"].get<std::int64_t>();
    EXPECT_GE(moves, 80) << file;
    EXPECT_LE(moves, 200) << file;
    ++games[g["ruleset"].get<std::string>()];
    fs::remove_all(db.parent_path());
  }
  for (const char* e : {"uk-1972", "military", "regional-currency", "computer", "us-standard", "us-short", "bahamas"})
    EXPECT_GE(games[e], 2) << e;
}

}  // namespace
}  // namespace deedlog
