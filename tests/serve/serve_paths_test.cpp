// What referee serve tells a client about itself, and how it keeps its keys (docs/serve.md,
// "The API" and "Keys"): no answer names a file or folder of the server (the journal's path, as
// given or absolute, its keys file), not a 404 or 409's reason and not a 5xx; the keys file is
// readable by the server's user alone (0600) whatever the umask; and a store of keys that cannot
// be read is the server's trouble, 503 with Retry-After, never 401 to a right key.
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <httplib.h>

#include "support/cli.h"
#include "support/serve_process.h"

namespace deedlog {
namespace {

using nlohmann::json;

// `referee serve` over a journal (support/serve_process.h).
using Serving = testing::ServeProcess;

std::pair<int, std::string> create(const Serving& s) {
  auto r = s.client().Post("/api/games", R"({"ruleset": "uk-1972", "players": ["Ann", "Ben"], "seed": 7})", "application/json");
  if (!r || r->status != 201) return {0, ""};
  const json doc = json::parse(r->body);
  return {doc["game"].get<int>(), doc["key"].get<std::string>()};
}

httplib::Result move(const Serving& s, int game, const std::string& key, const json& body) {
  return s.client().Post(("/api/games/" + std::to_string(game) + "/moves").c_str(),
                         httplib::Headers{{"Authorization", "Bearer " + key}}, body.dump(), "application/json");
}

TEST(ServePaths, NoAnswerNamesTheJournalsFolder) {
  const auto dir = std::filesystem::absolute(testing::temp_dir("serve-paths"));
  const auto db = dir / "club.db";
  {
    Serving s(db);
    ASSERT_GT(s.port(), 0);
    const auto [game, key] = create(s);
    ASSERT_GT(game, 0);
    std::vector<httplib::Result> answers;
    answers.push_back(s.client().Get("/api/games/99"));            // 404: no such game
    answers.push_back(s.client().Get("/api/games/99/events"));     // 404
    answers.push_back(s.client().Get("/api/games/99/board"));      // 404
    answers.push_back(move(s, 99, key, json{{"move", "Ann rolls"}}));  // 404
    answers.push_back(move(s, game, key, json{{"move", "Ann rolls"}, {"expect_seq", 999}}));  // 409
    answers.push_back(s.client().Get(("/api/games/" + std::to_string(game) + "/board?at=9999").c_str()));  // past the end
    for (const auto& r : answers) {
      ASSERT_TRUE(r);
      EXPECT_GE(r->status, 400);
      EXPECT_EQ(r->body.find(dir.string()), std::string::npos) << r->status << " " << r->body;
      EXPECT_EQ(r->body.find("club.db"), std::string::npos) << r->status << " " << r->body;
    }
    EXPECT_EQ(answers[0]->status, 404);
    EXPECT_EQ(answers[4]->status, 409);
  }
  std::filesystem::remove_all(dir);
}

// The journal replaced by something that is not one, after the server started: the server's
// trouble (5xx), said without the path.
TEST(ServePaths, AServerErrorNamesNoPathEither) {
  const auto dir = std::filesystem::absolute(testing::temp_dir("serve-paths-5xx"));
  const auto db = dir / "club.db";
  {
    Serving s(db);
    ASSERT_GT(s.port(), 0);
    for (const char* tail : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + tail);
    std::ofstream(db) << std::string(8192, 'x');
    auto r = s.client().Get("/api/games/1");
    ASSERT_TRUE(r);
    EXPECT_GE(r->status, 500) << r->body;
    EXPECT_EQ(r->body.find(dir.string()), std::string::npos) << r->body;
    EXPECT_EQ(r->body.find("club.db"), std::string::npos) << r->body;
  }
  std::filesystem::remove_all(dir);
}

TEST(ServeKeysFile, IsReadableByTheServersUserAlone) {
  const auto dir = testing::temp_dir("serve-keys-mode");
  const mode_t before = ::umask(022);  // the usual umask, which made it 0644
  {
    Serving s(dir / "club.db");
    ASSERT_GT(create(s).first, 0);
  }
  ::umask(before);
  struct stat st {};
  ASSERT_EQ(::stat((dir / "club.db.keys").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  std::filesystem::remove_all(dir);
}

// Two servers over one journal: a game made through B, whose key A does not know yet; the keys
// file then cannot be read. A right key through A is told the server is in trouble (503), not
// that the key is wrong; once the file is back, the same move is played.
TEST(ServeKeysFile, AnUnreadableStoreIs503NeverA401) {
  const auto dir = testing::temp_dir("serve-keys-unreadable");
  {
    Serving a(dir / "club.db");
    Serving b(dir / "club.db");
    const auto [game, key] = create(b);
    ASSERT_GT(game, 0);
    const auto keys = dir / "club.db.keys";
    std::filesystem::rename(keys, dir / "keys.saved");
    std::ofstream(keys) << "{ not json";
    auto r = move(a, game, key, json{{"move", "Ann rolls"}});
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 503) << r->body;
    EXPECT_TRUE(r->has_header("Retry-After"));
    EXPECT_EQ(json::parse(r->body)["unavailable"], true);
    EXPECT_EQ(r->body.find(dir.string()), std::string::npos) << r->body;
    // A wrong key meets the same trouble: the store decides nothing while it cannot be read.
    EXPECT_EQ(move(a, game, std::string(64, '0'), json{{"move", "Ann rolls"}})->status, 503);
    std::filesystem::rename(dir / "keys.saved", keys);
    r = move(a, game, key, json{{"move", "Ann rolls"}});
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200) << r->body;
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace deedlog
