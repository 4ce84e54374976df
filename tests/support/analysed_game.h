#pragma once
// A game typed as a table types it, imported into a journal of its own, then analysed through
// the real command line: the analysis's tests (positions worked by hand, precision) share it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "support/cli.h"

namespace deedlog::testing {

// The game text written to DIR/NAME.game and imported into DIR/NAME.db, which is returned.
inline std::filesystem::path imported_game(const std::filesystem::path& dir, const std::string& name,
                                           const std::string& text) {
  const auto game = dir / (name + ".game");
  std::ofstream(game) << text;
  const auto db = dir / (name + ".db");
  const auto r = referee(db, "import " + quote(game.string()));
  EXPECT_EQ(r.code, 0) << name << ": " << r.out << r.err;
  return db;
}

// `referee --json analyse OPTIONS` on the journal's game, its document parsed.
inline nlohmann::json analysed(const std::filesystem::path& db, const std::string& options) {
  const auto r = referee(db, "--json analyse " + options);
  EXPECT_EQ(r.code, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

// The first entry of the document's moves[] whose move begins with `starts`.
inline const nlohmann::json& analysed_move(const nlohmann::json& doc, const std::string& starts) {
  for (const nlohmann::json& m : doc["moves"])
    if (m["move"].get<std::string>().rfind(starts, 0) == 0) return m;
  ADD_FAILURE() << "no move " << starts;
  static const nlohmann::json none;
  return none;
}

}  // namespace deedlog::testing
