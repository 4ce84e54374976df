#pragma once
// A table playing its game through referee serve's API with its key (docs/serve.md, "The API"):
// one move at a time, chosen from the moves the API lists by a plain policy: ask for rent owed,
// buy what is offered, pay what is asked, throw, end the turn; only then decline, mortgage, or
// declare bankruptcy. Never the referee's moves (a table's key may not make them).
#include <gtest/gtest.h>
#include <httplib.h>

#include <algorithm>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace deedlog::testing {

// Plays one move of game with key. True when a move was accepted; false when the API lists none
// (or, not strict, when the move was refused: time called meanwhile by the clock). strict: a
// listed move refused is a test failure.
inline bool play_one_through_api(httplib::Client& c, std::int64_t game, const std::string& key, bool strict = true) {
  const httplib::Headers auth{{"Authorization", "Bearer " + key}};
  const std::string base = "/api/games/" + std::to_string(game);
  auto listed = c.Get((base + "/moves").c_str(), auth);
  EXPECT_TRUE(listed) << base;
  if (!listed || listed->status != 200) return false;
  const nlohmann::json doc = nlohmann::json::parse(listed->body, nullptr, false);
  std::vector<std::string> moves;
  for (const nlohmann::json& m : doc["moves"])
    if (m.get<std::string>().rfind("Referee", 0) != 0) moves.push_back(m.get<std::string>());
  if (moves.empty()) return false;
  std::string pick = moves.front();
  for (const char* verb : {" claims", " buys", " pays", " rolls", " ends", " declines", " mortgages", " declares"}) {
    auto it = std::find_if(moves.begin(), moves.end(), [&](const std::string& m) { return m.find(verb) != std::string::npos; });
    if (it != moves.end()) {
      pick = *it;
      break;
    }
  }
  auto r = c.Post((base + "/moves").c_str(), auth, nlohmann::json{{"move", pick}}.dump(), "application/json");
  EXPECT_TRUE(r) << pick;
  if (!r) return false;
  const nlohmann::json answer = nlohmann::json::parse(r->body, nullptr, false);
  const bool accepted = r->status == 200 && answer.is_object() && answer.value("accepted", false);
  if (strict) {
    EXPECT_TRUE(accepted) << pick << ": " << r->body;
  }
  return accepted;
}

}  // namespace deedlog::testing
