#include "present/statistics_words.h"
#include "core/plural.h"

#include <fmt/format.h>

#include <algorithm>

namespace deedlog {

nlohmann::ordered_json statistics_json(const JournalStatistics& s) {
  nlohmann::ordered_json j;
  j["games"] = s.games;
  j["throws"] = s.throws;
  j["squares"] = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < s.landings.size(); ++i) {
    nlohmann::ordered_json sq{{"index", i}, {"name", s.square_names[i]}, {"landings", s.landings[i]},
                              {"share", s.throws ? static_cast<double>(s.landings[i]) / s.throws : 0.0}};
    if (static_cast<int>(i) == s.jail_square) {
      sq["in_jail"] = s.landings_in_jail;
      sq["just_visiting"] = s.landings[i] - s.landings_in_jail;
    }
    j["squares"].push_back(sq);
  }
  std::vector<std::int64_t> lengths = s.game_moves;
  std::sort(lengths.begin(), lengths.end());
  std::int64_t total = 0;
  for (auto l : lengths) total += l;
  j["game_moves"] = {{"min", lengths.empty() ? 0 : lengths.front()},
                     {"median", lengths.empty() ? 0 : lengths[lengths.size() / 2]},
                     {"mean", lengths.empty() ? 0.0 : static_cast<double>(total) / lengths.size()},
                     {"max", lengths.empty() ? 0 : lengths.back()}};
  j["wins_by_seat"] = s.wins_by_seat;
  j["skip_throws"] = s.skip_throws;
  j["jail_strategies"] = nlohmann::ordered_json::object();
  for (const auto& [strategy, games] : s.jail_strategies) j["jail_strategies"][strategy] = games;
  j["unfinished"] = s.unfinished;
  return j;
}

std::string statistics_text(const JournalStatistics& s) {
  std::string strategies;
  for (const auto& [strategy, games] : s.jail_strategies)
    strategies += fmt::format("{}{} ({})", strategies.empty() ? "" : ", ", strategy, count_of(games, "game"));
  std::string out = fmt::format("{}, {}{}\njail strategy: {}\n\nwhere throws end:\n", count_of(s.games, "game"),
                                count_of(s.throws, "throw"),
                                s.skip_throws > 0 ? fmt::format(" (each token's first {} left out)", s.skip_throws) : "",
                                strategies.empty() ? "none" : strategies);
  for (std::size_t i = 0; i < s.landings.size(); ++i) {
    out += fmt::format("  {:>2} {:<26} {:>9} {:>7.3f}%{}\n", i, s.square_names[i], s.landings[i],
                       s.throws ? 100.0 * s.landings[i] / s.throws : 0.0,
                       static_cast<int>(i) == s.jail_square
                           ? fmt::format("  (in jail {}, just visiting {})", s.landings_in_jail, s.landings[i] - s.landings_in_jail)
                           : "");
  }
  out += "\nwins by seat:";
  for (std::size_t i = 0; i < s.wins_by_seat.size(); ++i) out += fmt::format(" {}:{}", i + 1, s.wins_by_seat[i]);
  out += fmt::format("\nunfinished (move limit): {}\n", s.unfinished);
  return out;
}

}  // namespace deedlog
