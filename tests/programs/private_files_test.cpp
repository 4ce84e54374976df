// Who can read what at one computer (docs/trust.md): a journal that holds sealed games and the
// seeds kept beside it are the Head Judge's account's alone whatever the umask; a name planted
// beside them is never followed; a store or journal others can read is refused with exit 1
// until it is closed; an account that may not read the seeds is told so, not that none is kept;
// kept analyses are private; a dry run of a sealed throw tells only that it is legal. Through
// the real referee, on real files.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/build_paths.h"
#include "journal/journal.h"
#include "support/cli.h"

namespace deedlog {
namespace {
using testing::quote;
using testing::referee;
using testing::run;
using testing::RunResult;
using testing::slurp;
using testing::temp_dir;
using json = nlohmann::json;
namespace fs = std::filesystem;

constexpr int kExitOk = 0, kExitFailure = 1;
constexpr uid_t kOtherAccount = 65534;  // nobody: a table's account, not the Head Judge's

mode_t mode_of(const fs::path& p) {
  struct stat st{};
  EXPECT_EQ(::lstat(p.c_str(), &st), 0) << p;
  return st.st_mode & 07777;
}

// The umask a test runs the referee under; the one it found is put back.
struct UmaskFor {
  explicit UmaskFor(mode_t m) : before(::umask(m)) {}
  ~UmaskFor() { ::umask(before); }
  mode_t before;
};

json new_game(const fs::path& db, const std::string& args) {
  const RunResult r = referee(db, "--json new --ruleset uk-1972 " + args);
  EXPECT_EQ(r.code, kExitOk) << r.out << r.err;
  return r.code == kExitOk ? json::parse(r.out) : json::object();
}

std::size_t events_recorded(const fs::path& db) {
  const RunResult r = referee(db, "--json log");
  EXPECT_EQ(r.code, kExitOk) << r.err;
  return r.code == kExitOk ? json::parse(r.out).at("events").size() : 0;
}

TEST(PrivateFiles, ASealedJournalAndItsSeedsAreTheOwnersAloneWhateverTheUmask) {
  for (const mode_t mask : {mode_t{022}, mode_t{000}}) {
    const fs::path dir = temp_dir("private-umask-" + std::to_string(mask));
    const fs::path db = dir / "round.db";
    const UmaskFor umask(mask);
    new_game(db, "--players \"Ann, Ben\" --sealed");
    // A reader holds the journal open, so that its -wal and -shm are there after the throw.
    std::unique_ptr<Journal> reader;
    ASSERT_TRUE(Journal::open(db.string(), &reader, false).is_ok());
    std::vector<GameRow> games;
    ASSERT_TRUE(reader->games(&games).is_ok());
    const RunResult thrown = referee(db, "play \"Ann rolls\"");
    EXPECT_EQ(thrown.code, kExitOk) << thrown.out << thrown.err;
    for (const std::string suffix : {"", "-wal", "-shm", ".seals", ".seals.lock"}) {
      const fs::path file = db.string() + suffix;
      ASSERT_TRUE(fs::exists(file)) << file;
      EXPECT_EQ(mode_of(file), 0600) << file << " under umask " << mask;
    }
    reader.reset();
    fs::remove_all(dir);
  }
}

TEST(PrivateFiles, AnOrdinaryJournalFollowsTheUmask) {
  for (const mode_t mask : {mode_t{022}, mode_t{077}}) {
    const fs::path dir = temp_dir("private-ordinary-" + std::to_string(mask));
    const fs::path db = dir / "club.db";
    const UmaskFor umask(mask);
    new_game(db, "--players \"Ann, Ben\"");
    EXPECT_EQ(mode_of(db), 0644 & ~mask) << "under umask " << mask;  // SQLite makes a file 0644, less the umask
    fs::remove_all(dir);
  }
}

TEST(PrivateFiles, ALinkPlantedAtTheOldTemporaryNameOfTheSeedsIsNotFollowed) {
  const fs::path dir = temp_dir("private-planted-tmp");
  const fs::path db = dir / "round.db";
  const fs::path victim = dir / "judges-notes.txt";
  std::ofstream(victim) << "the Head Judge's own file\n";
  fs::create_symlink(victim, db.string() + ".seals.tmp");
  const json made = new_game(db, "--players \"Ann, Ben\" --sealed");
  EXPECT_EQ(slurp(victim), "the Head Judge's own file\n");  // not truncated, no seed written there
  EXPECT_TRUE(fs::is_symlink(db.string() + ".seals.tmp"));
  // The seed was kept where it belongs, and the referee throws from it.
  EXPECT_NE(slurp(db.string() + ".seals").find(made.value("commitment", std::string("?"))), std::string::npos);
  EXPECT_EQ(referee(db, "play \"Ann rolls\"").code, kExitOk);
  fs::remove_all(dir);
}

TEST(PrivateFiles, ALinkPlantedAtTheSeedsLockIsRefusedAndCreatesNothing) {
  const fs::path dir = temp_dir("private-planted-lock");
  const fs::path db = dir / "round.db";
  const fs::path target = dir / "made-through-the-link";
  fs::create_symlink(target, db.string() + ".seals.lock");
  const RunResult r = referee(db, "--json new --ruleset uk-1972 --players \"Ann, Ben\" --sealed");
  EXPECT_EQ(r.code, kExitFailure) << r.out << r.err;
  EXPECT_FALSE(fs::exists(target));
  EXPECT_FALSE(fs::exists(db.string() + ".seals"));
  fs::remove_all(dir);
}

TEST(PrivateFiles, AJournalOrStoreOthersCanReadIsRefusedUntilItIsClosed) {
  const fs::path dir = temp_dir("private-open-modes");
  const fs::path db = dir / "round.db";
  new_game(db, "--players \"Ann, Ben\" --sealed");
  const std::size_t before = events_recorded(db);
  // A sealed journal left readable (as the last version made it under umask 022).
  fs::permissions(db, static_cast<fs::perms>(0644));
  EXPECT_EQ(referee(db, "play \"Ann rolls\"").code, kExitFailure);
  EXPECT_EQ(referee(db, "play --dry-run \"Ann rolls\"").code, kExitFailure);
  // Reading and checking use no secret: they go on, the chance checked as recorded.
  EXPECT_EQ(referee(db, "verify").code, kExitOk);
  EXPECT_EQ(referee(db, "dispute \"Ann rolls\"").code, kExitOk);
  fs::permissions(db, static_cast<fs::perms>(0600));
  // The seeds made readable by hand.
  fs::permissions(db.string() + ".seals", static_cast<fs::perms>(0644));
  EXPECT_EQ(referee(db, "play \"Ann rolls\"").code, kExitFailure);
  EXPECT_EQ(referee(db, "verify").code, kExitOk);
  fs::permissions(db.string() + ".seals", static_cast<fs::perms>(0600));
  // A folder others may write: they could put their own store in the place of the judge's.
  fs::permissions(dir, static_cast<fs::perms>(0777));
  EXPECT_EQ(referee(db, "play \"Ann rolls\"").code, kExitFailure);
  EXPECT_EQ(events_recorded(db), before);
  // With the sticky bit (as /tmp) nobody may rename or remove another's file there: accepted.
  fs::permissions(dir, static_cast<fs::perms>(01777));
  EXPECT_EQ(referee(db, "play --dry-run \"Ann rolls\"").code, kExitOk);
  fs::permissions(dir, static_cast<fs::perms>(0755));
  EXPECT_EQ(referee(db, "play \"Ann rolls\"").code, kExitOk);
  EXPECT_GT(events_recorded(db), before);
  fs::remove_all(dir);
}

// Runs the referee as another account (a table's, not the Head Judge's): as root, under the
// account nobody; otherwise as this account with the seeds closed even to it (mode 000).
RunResult referee_as_a_table(const fs::path& db, const std::string& args) {
  if (::geteuid() != 0) return referee(db, args);
  return run("setpriv --reuid=" + std::to_string(kOtherAccount) + " --regid=" + std::to_string(kOtherAccount) +
                 " --clear-groups " + deedlog::testing::referee_program(),
             "--db " + quote(db.string()) + " " + args);
}

TEST(PrivateFiles, AnAccountThatMayNotReadTheSeedsIsToldSoNotThatNoneIsKept) {
  const fs::path dir = temp_dir("private-other-account");
  const fs::path db = dir / "round.db";
  new_game(db, "--players \"Ann, Ben\" --sealed");
  // The program must be one the other account may run: a build under a folder only root may
  // enter (a clone under /root) is not, and then there is no other account to test with.
  if (::geteuid() == 0 && referee_as_a_table(db, "--version").code != kExitOk)
    GTEST_SKIP() << "the account nobody cannot run " << deedlog::testing::referee_program() << " where it was built";
  if (::geteuid() == 0) {
    // The table's account has the journal (its own copy of the folder and file) but not the seeds.
    ASSERT_EQ(::chown(dir.c_str(), kOtherAccount, kOtherAccount), 0);
    ASSERT_EQ(::chown(db.c_str(), kOtherAccount, kOtherAccount), 0);
  } else {
    fs::permissions(db.string() + ".seals", fs::perms::none);
  }
  const std::size_t before = events_recorded(db);
  const RunResult r = referee_as_a_table(db, "--json play \"Ann rolls\"");
  // Exit 1, the seeds unreadable: not exit 3, the ruling that this journal keeps no seed.
  EXPECT_EQ(r.code, kExitFailure) << r.out << r.err;
  EXPECT_EQ(events_recorded(db), before);
  fs::remove_all(dir);
}

TEST(PrivateFiles, AKeptAnalysisIsTheOwnersAloneUnderUmask000) {
  const fs::path dir = temp_dir("private-analysis");
  const fs::path db = dir / "club.db";
  const UmaskFor umask(000);
  new_game(db, "--players \"Ann, Ben\"");
  ASSERT_EQ(referee(db, "play \"Ann rolls 3 4\"").code, kExitOk);
  const RunResult analysed = referee(db, "--json analyse --games 2 --seed 1");
  ASSERT_EQ(analysed.code, kExitOk) << analysed.err;
  const fs::path folder = db.string() + ".analysis";
  EXPECT_EQ(mode_of(folder), 0700);
  EXPECT_EQ(mode_of(folder / "game-1.json"), 0600);
  // A folder an older deedlog left open to all is closed when an analysis is kept in it.
  fs::permissions(folder, static_cast<fs::perms>(0777));
  ASSERT_EQ(referee(db, "--json analyse --games 2 --seed 2").code, kExitOk);
  EXPECT_EQ(mode_of(folder), 0700);
  fs::remove_all(dir);
}

// The dice and landing of a throw as the journal records them, to look for in what a dry run said.
struct Landing {
  std::string dice;    // "3 4"
  std::string square;  // where the token ended, by name
};

TEST(PrivateFiles, ADryRunOfASealedThrowIsWithheldAndRecordsNothing) {
  const fs::path dir = temp_dir("private-dry-run");
  const fs::path db = dir / "round.db";
  new_game(db, "--players \"Ann, Ben\" --sealed");
  const std::size_t before = events_recorded(db);

  const RunResult as_json = referee(db, "--json play --dry-run \"Ann rolls\"");
  ASSERT_EQ(as_json.code, kExitOk) << as_json.err;
  const json doc = json::parse(as_json.out);
  EXPECT_TRUE(doc.at("accepted").get<bool>());
  EXPECT_TRUE(doc.value("withheld", false));
  EXPECT_TRUE(doc.at("events").empty());

  const RunResult as_words = referee(db, "play --dry-run \"Ann rolls\"");
  ASSERT_EQ(as_words.code, kExitOk) << as_words.err;

  const fs::path requests = dir / "requests.jsonl";
  std::ofstream(requests) << R"({"cmd": "play", "game": 1, "move": "Ann rolls", "dry_run": true, "id": 1})" << "\n"
                          << R"({"cmd": "quit"})" << "\n";
  const RunResult engine = run(deedlog::testing::referee_program(), "--db " + quote(db.string()) + " engine", requests.string());
  ASSERT_EQ(engine.code, kExitOk) << engine.err;
  const json answer = json::parse(engine.out.substr(0, engine.out.find('\n')));
  EXPECT_TRUE(answer.at("accepted").get<bool>()) << engine.out;
  EXPECT_TRUE(answer.value("withheld", false)) << engine.out;
  EXPECT_TRUE(answer.at("events").empty()) << engine.out;

  EXPECT_EQ(events_recorded(db), before);  // nothing recorded by any dry run

  // The throw itself is made and recorded; its landing was in none of the dry runs' words.
  const RunResult played = referee(db, "--json play \"Ann rolls\"");
  ASSERT_EQ(played.code, kExitOk) << played.err;
  const json thrown = json::parse(played.out);
  EXPECT_TRUE(thrown.at("accepted").get<bool>());
  EXPECT_FALSE(thrown.value("withheld", false));
  Landing landing;
  for (const json& e : thrown.at("events"))
    if (e.at("type") == "DiceThrown")
      landing.dice = std::to_string(e.at("die1").get<int>()) + " " + std::to_string(e.at("die2").get<int>());
  ASSERT_FALSE(landing.dice.empty()) << played.out;
  const json status = json::parse(referee(db, "--json status").out);
  landing.square = status.at("players").at(0).at("square_name").get<std::string>();
  EXPECT_EQ(as_words.out.find(landing.square), std::string::npos) << as_words.out;
  EXPECT_EQ(as_json.out.find(landing.square), std::string::npos) << as_json.out;
  EXPECT_EQ(engine.out.find(landing.square), std::string::npos) << engine.out;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace deedlog
