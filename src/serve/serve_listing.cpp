#include "serve/serve_listing.h"

#include <fmt/format.h>
#include <httplib.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "serve/serve_reply.h"
#include "commands/games_listing.h"
#include "journal/journal.h"
#include "present/game_json.h"
#include "service/game_session.h"

namespace deedlog {
namespace {

using ojson = nlohmann::ordered_json;

// A page of the list holds this many games unless `limit` says otherwise, and never more than
// kMostListed: each game listed is loaded (from its last snapshot) to say its moves and state.
constexpr std::int64_t kListedByDefault = 100;
constexpr std::int64_t kMostListed = 1000;

// A whole number from `low` up, or false (the answer given).
bool number_param(const httplib::Request& req, httplib::Response& res, const char* name, std::int64_t low,
                  std::int64_t high, std::int64_t* out) {
  if (!req.has_param(name)) return true;
  const std::string text = req.get_param_value(name);
  try {
    std::size_t used = 0;
    const std::int64_t v = std::stoll(text, &used);
    if (used == text.size() && !text.empty() && text.front() != '-' && text.front() != '+' && v >= low && v <= high) {
      *out = v;
      return true;
    }
  } catch (const std::exception&) {
  }
  send_json(res, 400, ojson{{"error", fmt::format("{} is a whole number from {} to {}", name, low, high)}});
  return false;
}

std::string state_of(const GameSummary& g) { return g.over ? "over" : "in-play"; }

// GET /api/games: the games in id order from `after` on, `limit` at most, those in `state` only;
// `next` (the last id listed) when more may follow: the next page is ?after=NEXT.
void list_games(Journal& j, const httplib::Request& req, httplib::Response& res, const SendFailure& fail) {
  std::string state;
  if (req.has_param("state")) {
    state = req.get_param_value("state");
    if (state != "in-play" && state != "over")
      return send_json(res, 400, ojson{{"error", "state is in-play or over"}});
  }
  std::int64_t limit = kListedByDefault, after = 0;
  if (!number_param(req, res, "limit", 1, kMostListed, &limit)) return;
  if (!number_param(req, res, "after", 0, INT64_MAX, &after)) return;
  std::vector<GameRow> rows;
  if (Status s = j.games(&rows); !s.is_ok()) return fail(res, s);
  ojson games = ojson::array();
  std::int64_t last = 0;
  bool more = false;
  for (const GameRow& row : rows) {
    if (row.game_id <= after) continue;
    if (static_cast<std::int64_t>(games.size()) == limit) {
      more = true;
      break;
    }
    GameSummary g;
    if (Status s = summarize_game(j, row.game_id, &g); !s.is_ok()) return fail(res, s);
    last = row.game_id;
    if (!state.empty() && state_of(g) != state) continue;
    // Never a key: the keys are not in the journal's rows, and nothing here reads them.
    ojson one{{"game", g.id}, {"ruleset", g.ruleset}, {"players", g.players}, {"moves", g.moves},
              {"events", g.events}, {"state", state_of(g)}};
    if (!g.winner.empty()) one["winner"] = g.winner;
    games.push_back(one);
  }
  ojson doc{{"games", games}};
  if (more) doc["next"] = last;
  send_json(res, 200, doc);
}

}  // namespace

void add_listing_routes(httplib::Server& http, LendJournal lend, SendFailure fail, ReadGate gate) {
  http.Get("/api/games", [lend, fail](const httplib::Request& req, httplib::Response& res) {
    const Status s = lend([&](Journal& j) { list_games(j, req, res, fail); });
    if (!s.is_ok()) fail(res, s);
  });
  http.Get(R"(/api/games/(\d+)/value)", [lend, fail, gate](const httplib::Request& req, httplib::Response& res) {
    const std::int64_t id = path_number(req);
    if (id <= 0) return send_error(res, 404, "no such game");
    const Status s = lend([&](Journal& j) {
      Game g;
      if (Status loaded = load_game(j, id, 0, &g); !loaded.is_ok()) return fail(res, loaded);
      if (gate && !gate(j, g, req, res)) return;
      send_json(res, 200, value_json(g));
    });
    if (!s.is_ok()) fail(res, s);
  });
}

}  // namespace deedlog
