#include "commands/serve_tournament.h"

#include <fmt/format.h>
#include <httplib.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "commands/tournament_json.h"
#include "deedlog/clock_stamp.h"
#include "deedlog/valuation.h"
#include "journal/journal.h"
#include "present/game_json.h"
#include "present/refusal_words.h"
#include "service/game_session.h"

namespace deedlog {
namespace {

using ojson = nlohmann::ordered_json;

void send_json(httplib::Response& res, int code, const ojson& doc) {
  res.status = code;
  res.set_content(doc.dump() + "\n", "application/json");
}

std::string tag_of(const GameHeader& h, const std::string& name) {
  for (const auto& [n, v] : h.tags)
    if (n == name) return v;
  return "";
}

bool table_done(const Game& g) { return g.state.time_called || game_is_over(g.ruleset, g.state); }

std::string html_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

// Seconds left before the game's hour: [Started] (dated) plus [TimeLimit]; a tournament's games
// carry no [Started] (docs/tournaments.md), so their clock runs from when the round was seated
// (round_at, its record's time). None when the game has no [TimeLimit] or no start is known.
std::optional<std::int64_t> seconds_left(const Game& g, const std::string& round_at) {
  if (g.header.time_limit.empty()) return std::nullopt;
  const std::optional<std::int64_t> limit = duration_seconds(g.header.time_limit);
  const std::string& from = is_dated(g.header.started) ? g.header.started : round_at;
  const std::int64_t start = is_dated(from) ? clock_seconds(from) : kNoTime;
  if (!limit || start == kNoTime) return std::nullopt;
  const std::int64_t now =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
  return std::max<std::int64_t>(0, start + *limit - now);
}

// The id in the path; 0 when it is no number.
std::int64_t path_id(const httplib::Request& req, std::size_t at = 1) {
  try {
    return std::stoll(req.matches[at].str());
  } catch (const std::exception&) {
    return 0;
  }
}

// The judge's view: the standings as tournament standings --json, and each round's tables. The
// tables of a duplicate round still in play show who leads only to the Head Judge.
Status tournament_view(Journal& j, const Tournament& t, bool judge, ojson* out) {
  ojson standings;
  if (Status s = standings_json(j, t, &standings); !s.is_ok()) return s;
  ojson rounds = ojson::array();
  for (const TournamentRound& r : t.rounds) {
    bool ended = true;
    const bool duplicate = !r.commitment.empty();
    if (duplicate)
      if (Status s = round_ended(j, r, &ended); !s.is_ok()) return s;
    std::string seated_at;
    for (const TournamentLogLine& l : t.log)
      if (l.seq == r.record_seq) seated_at = l.at;
    ojson tables = ojson::array();
    for (const TournamentTable& table : r.tables) {
      Game g;
      if (Status s = load_game(j, table.game, 0, &g); !s.is_ok()) return s;
      ojson tj{{"table", table.table},
               {"game", table.game},
               {"players", table.players},
               {"over", game_is_over(g.ruleset, g.state)},
               {"time_called", g.state.time_called},
               {"page", fmt::format("/?game={}", table.game)}};
      const std::optional<std::int64_t> left = seconds_left(g, seated_at);
      const bool running = !g.state.time_called && !game_is_over(g.ruleset, g.state);
      tj["seconds_left"] = left && running ? ojson(*left) : ojson(nullptr);
      if (duplicate && !ended && !judge) {
        tj["hidden"] = true;
      } else {
        TableResult result;
        if (Status s = table_result(j, t, r.round, table.table, &result); !s.is_ok()) return s;
        tj["seq"] = result.seq;
        tj["leader"] = result.placings.empty() ? ojson(nullptr) : ojson(result.placings.front().player);
        ojson worth = ojson::object();
        for (const Placing& p : result.placings) worth[p.player] = p.net_worth.units;
        tj["net_worth"] = worth;
      }
      tables.push_back(tj);
    }
    ojson rj{{"round", r.round}, {"time_called", r.time_called}, {"duplicate", duplicate}, {"ended", ended},
             {"tables", tables}};
    if (duplicate) rj["commitment"] = r.commitment;
    rounds.push_back(rj);
  }
  *out = standings;
  (*out)["duplicate"] = t.settings.duplicate;
  (*out)["time_limit"] = t.settings.time_limit;
  (*out)["appeals"] = t.appeals.size();
  (*out)["tables"] = rounds;
  return Status::ok();
}

std::string view_page(const ojson& v) {
  const std::string name = html_escape(v["name"].get<std::string>());
  std::string html = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>";
  html += name;
  html += "</title>\n<meta http-equiv=\"refresh\" content=\"30\">\n<style>body{font-family:sans-serif;margin:1em}"
          "table{border-collapse:collapse;margin-bottom:1em}td,th{border:1px solid #999;padding:.2em .5em}"
          "</style></head><body>\n<h1>";
  html += name;
  html += fmt::format("</h1>\n<h2>Standings after {} round(s)</h2>\n<table><tr><th>Rank</th><th>Player</th>"
                      "<th>Points</th><th>Net worth</th></tr>\n",
                      v["rounds"].get<int>());
  for (const auto& s : v["standings"])
    html += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n", s["rank"].get<int>(),
                        html_escape(s["player"].get<std::string>()), s["points"].dump(), s["net_worth"].dump());
  html += "</table>\n";
  for (const auto& r : v["tables"]) {
    html += fmt::format("<h2>Round {}{}</h2>\n", r["round"].get<int>(), r["duplicate"].get<bool>() ? " (duplicate)" : "");
    // A duplicate round's commitment, on the page as in seat's output (docs/tournaments.md).
    if (r.contains("commitment"))
      html += fmt::format("<p>Commitment (the SHA-256 of the round's seed): <code>{}</code></p>\n",
                          html_escape(r["commitment"].get<std::string>()));
    html += "<table><tr><th>Table</th><th>Players</th><th>State</th><th>Leads</th><th>Time left</th></tr>\n";
    for (const auto& t : r["tables"]) {
      std::string players;
      for (const auto& p : t["players"]) (players += players.empty() ? "" : ", ") += p.get<std::string>();
      const std::string state = t["over"].get<bool>() ? "over" : t["time_called"].get<bool>() ? "time called" : "in play";
      std::string leads = "(hidden until the round ends)";
      if (!t.contains("hidden")) leads = t["leader"].is_null() ? "" : html_escape(t["leader"].get<std::string>());
      std::string left;
      if (t["seconds_left"].is_number()) {
        const std::int64_t s = t["seconds_left"].get<std::int64_t>();
        left = fmt::format("{}:{:02}", s / 60, s % 60);
      }
      html += fmt::format("<tr><td><a href=\"{}\">Table {}</a></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                          t["page"].get<std::string>(), t["table"].get<int>(), html_escape(players), state, leads, left);
    }
    html += "</table>\n";
  }
  html += fmt::format("<p>Appeals ruled: {}. <a href=\"/api/tournaments/{}/log\">The log</a>.</p>\n</body></html>\n",
                      v["appeals"].get<std::size_t>(), v["tournament"].get<std::int64_t>());
  return html;
}

}  // namespace

Status round_ended(Journal& j, const TournamentRound& r, bool* ended) {
  *ended = true;
  if (r.time_called) return Status::ok();
  for (const TournamentTable& table : r.tables) {
    Game g;
    if (Status s = load_game(j, table.game, 0, &g); !s.is_ok()) return s;
    if (!table_done(g)) {
      *ended = false;
      return Status::ok();
    }
  }
  return Status::ok();
}

Status find_tournament_seat(Journal& j, const Game& g, TournamentSeat* out) {
  *out = TournamentSeat();
  const std::string event = tag_of(g.header, "Event");
  if (event.empty()) return Status::ok();
  std::vector<TournamentRow> rows;
  if (Status s = j.tournaments(&rows); !s.is_ok()) return s;
  for (const TournamentRow& row : rows) {
    if (row.name != event) continue;
    Tournament t;
    if (Status s = load_tournament(j, row.tournament_id, &t); !s.is_ok()) return s;
    for (const TournamentRound& r : t.rounds)
      for (const TournamentTable& table : r.tables) {
        if (table.game != g.id) continue;
        out->found = true;
        out->round = r.round;
        out->table = table.table;
        if (!r.commitment.empty()) {
          bool ended = true;
          if (Status s = round_ended(j, r, &ended); !s.is_ok()) return s;
          out->hidden = !ended;
        }
        out->tournament = std::move(t);
        return Status::ok();
      }
  }
  return Status::ok();
}

KeyRole tournament_key_role(const TournamentSeat& seat, std::int64_t game, const std::string& key) {
  if (!seat.found || key.empty()) return KeyRole::None;
  if (judge_key_matches(seat.tournament, key)) return KeyRole::Referee;
  if (table_key_game(seat.tournament, key) == game) return KeyRole::Table;
  return KeyRole::None;
}

void add_tournament_routes(httplib::Server& http, LendJournal lend, SendFailure fail,
                           std::function<std::string(const httplib::Request&)> bearer,
                           std::function<void(std::int64_t)> wrote) {
  // Loads the tournament the path names and hands it on; answers 404 itself.
  auto with_tournament = [lend, fail](const httplib::Request& req, httplib::Response& res,
                                      const std::function<void(Journal&, Tournament&)>& then) {
    const std::int64_t id = path_id(req);
    if (id <= 0) return send_json(res, 404, ojson{{"error", "no such tournament"}});
    const Status s = lend([&](Journal& j) {
      Tournament t;
      if (Status ls = load_tournament(j, id, &t); !ls.is_ok()) return fail(res, ls);
      then(j, t);
    });
    if (!s.is_ok()) fail(res, s);
  };
  // The Head Judge's key, or the answer: 401 without a key (or with one that opens nothing of the
  // tournament), 403 with a table's key.
  auto judge_only = [bearer](const Tournament& t, const httplib::Request& req, httplib::Response& res) {
    const std::string key = bearer(req);
    if (!key.empty() && judge_key_matches(t, key)) return true;
    if (!key.empty() && table_key_game(t, key) != 0) {
      send_json(res, 403, ojson{{"error", "this is the Head Judge's: a table's key plays its own game only"}});
      return false;
    }
    send_json(res, 401, ojson{{"error", "this needs the Head Judge's key: Authorization: Bearer KEY"}});
    return false;
  };

  http.Get(R"(/api/tournaments/(\d+))", [with_tournament, fail, bearer](const httplib::Request& req, httplib::Response& res) {
    with_tournament(req, res, [&](Journal& j, Tournament& t) {
      ojson view;
      const std::string key = bearer(req);
      if (Status s = tournament_view(j, t, !key.empty() && judge_key_matches(t, key), &view); !s.is_ok())
        return fail(res, s);
      send_json(res, 200, view);
    });
  });
  http.Get(R"(/api/tournaments/(\d+)/log)", [with_tournament](const httplib::Request& req, httplib::Response& res) {
    with_tournament(req, res, [&](Journal&, Tournament& t) { send_json(res, 200, tournament_log_json(t)); });
  });
  http.Get(R"(/tournaments/(\d+))", [with_tournament, fail](const httplib::Request& req, httplib::Response& res) {
    with_tournament(req, res, [&](Journal& j, Tournament& t) {
      ojson view;
      if (Status s = tournament_view(j, t, false, &view); !s.is_ok()) return fail(res, s);
      res.set_content(view_page(view), "text/html; charset=utf-8");
    });
  });
  http.Post(R"(/api/tournaments/(\d+)/rounds/(\d+)/call-time)",
            [with_tournament, judge_only, fail, wrote](const httplib::Request& req, httplib::Response& res) {
              with_tournament(req, res, [&](Journal& j, Tournament& t) {
                if (!judge_only(t, req, res)) return;
                const int round = static_cast<int>(path_id(req, 2));
                std::vector<CallTimeOutcome> outcomes;
                if (Status s = call_time_in_round(j, t, round, &outcomes); !s.is_ok()) return fail(res, s);
                for (const CallTimeOutcome& c : outcomes) wrote(c.game);
                send_json(res, 200, call_time_json(round, outcomes));
              });
            });
  http.Post(R"(/api/tournaments/(\d+)/appeals)",
            [with_tournament, judge_only, fail, wrote](const httplib::Request& req, httplib::Response& res) {
              with_tournament(req, res, [&](Journal& j, Tournament& t) {
                if (!judge_only(t, req, res)) return;
                const ojson body = ojson::parse(req.body, nullptr, false);
                if (body.is_discarded() || !body.is_object())
                  return send_json(res, 400, ojson{{"error", "the body is one JSON object"}});
                if (!body.contains("game") || !body["game"].is_number_integer() || !body.contains("claim") ||
                    !body["claim"].is_string())
                  return send_json(res, 400, ojson{{"error", "\"game\" (a number) and \"claim\" (a string) are needed"}});
                const bool upheld = body.value("upheld", false);
                const std::string correction = body.contains("correction") && body["correction"].is_string()
                                                   ? body["correction"].get<std::string>()
                                                   : std::string();
                if (upheld && correction.empty())
                  return send_json(res, 400, ojson{{"error", "an upheld appeal needs its \"correction\", a move"}});
                const std::int64_t game = body["game"].get<std::int64_t>();
                TournamentAppeal a;
                std::optional<Violation> refused;
                if (Status s = record_appeal(j, t, game, body["claim"].get<std::string>(), upheld, correction, &a, &refused);
                    !s.is_ok())
                  return fail(res, s);
                if (refused) {
                  Game g;
                  if (Status s = load_game(j, game, 0, &g); !s.is_ok()) return fail(res, s);
                  const Ruling words = ruling_of(g.ruleset, *refused, g.header.players);
                  return send_json(res, 422, ojson{{"accepted", false}, {"error", words.message},
                                                   {"violation", violation_json(words)}});
                }
                wrote(game);  // the correction, or the ruling's note, is in the game
                send_json(res, 201, appeal_json(a));
              });
            });
}

}  // namespace deedlog
