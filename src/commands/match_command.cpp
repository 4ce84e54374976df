#include "commands/match_command.h"

#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <ctime>
#include <iostream>
#include <nlohmann/json.hpp>

#include "analysis/analysis.h"
#include "bots/match.h"
#include "core/exit_code.h"
#include "core/plural.h"
#include "present/game_json.h"

namespace deedlog {

namespace {

using ojson = nlohmann::ordered_json;

std::string trimmed(std::string s) {
  s.erase(0, s.find_first_not_of(' '));
  s.erase(s.find_last_not_of(' ') + 1);
  return s;
}

double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

}  // namespace

int run_match(const CommonOptions& o, const MatchCommandOptions& m, std::ostream& out, std::ostream& err) {
  MatchOptions opts = m;
  opts.snapshot_every = o.snapshot_every;
  opts.analyst = analyst_move;  // the analysis's best move (analysis/analysis.h)
  for (const std::string& p : m.players) {
    const std::size_t eq = p.find('=');
    if (eq == std::string::npos) {
      err << "referee match: --player takes NAME=PROGRAM (builtin, random, analyst, or a command line), not '" << p << "'\n";
      return kExitUsage;
    }
    opts.bots.push_back(MatchBot{trimmed(p.substr(0, eq)), trimmed(p.substr(eq + 1))});
  }
  for (std::size_t at = 0; at < m.variant.size();) {
    const std::size_t comma = std::min(m.variant.find(',', at), m.variant.size());
    if (std::string v = trimmed(m.variant.substr(at, comma - at)); !v.empty()) opts.variants.push_back(v);
    at = comma + 1;
  }
  // Refused before the journal is opened, so a bad option leaves no file behind.
  if (Status s = check_match_options(opts); !s.is_ok()) {
    err << "referee match: " << s.message() << "\n";
    return kExitUsage;
  }
  std::unique_ptr<Journal> j;
  if (m.journal) {
    if (Status s = Journal::open(o.db, &j, false); !s.is_ok()) {
      err << "referee: " << s.message() << "\n";
      return kExitFailure;
    }
  }
  const bool bar = ::isatty(STDERR_FILENO) && m.games >= 20;
  const auto started = std::chrono::steady_clock::now();
  const double cpu_started = cpu_seconds();
  MatchResult result;
  Status s = play_match(opts, j.get(), &result, [&](int done, int total) {
    if (!bar || (done % std::max(1, total / 100) != 0 && done != total)) return;
    const int width = 40, filled = width * done / total;
    err << "\r[" << std::string(static_cast<std::size_t>(filled), '#') << std::string(static_cast<std::size_t>(width - filled), ' ')
        << "] " << done << "/" << total << (done == total ? "\n" : "") << std::flush;
  });
  if (!s.is_ok()) {
    err << "referee: " << s.message() << "\n";
    return s.code() == Status::Code::InvalidArgument ? kExitUsage : kExitFailure;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const double cpu = cpu_seconds() - cpu_started;
  if (o.json) {
    ojson doc{{"ruleset", m.ruleset}, {"games", m.games}, {"seed", m.seed}};
    doc["players"] = ojson::array();
    for (const MatchStanding& st : result.standings)
      doc["players"].push_back({{"name", st.name}, {"program", st.program}, {"games", st.games}, {"wins", st.wins},
                                {"losses", st.losses}, {"ties", st.ties}, {"forfeits", st.forfeits},
                                {"unfinished", st.unfinished}, {"share", st.share}, {"low", st.low}, {"high", st.high},
                                {"rating", std::round(st.rating * 10) / 10}, {"restarts", st.restarts}});
    doc["unfinished"] = result.unfinished;
    doc["decisions"] = result.decisions;
    doc["results"] = ojson::array();
    for (const MatchGame& g : result.games) {
      ojson r{{"game", g.index + 1}, {"seed", std::to_string(g.seed)}, {"seats", g.seats}, {"moves", g.moves},
              {"finished", g.finished}};
      if (g.game_id) r["game_id"] = g.game_id;
      if (!g.winner.empty()) r["winner"] = g.winner;
      if (g.forfeit) {
        ojson f{{"player", g.forfeit->bot}, {"reason", g.forfeit->reason}};
        if (!g.forfeit->move.empty()) f["move"] = g.forfeit->move;
        if (g.forfeit->ruling) f["violation"] = violation_json(*g.forfeit->ruling);
        if (!g.forfeit->detail.empty()) f["detail"] = g.forfeit->detail;
        r["forfeit"] = f;
      }
      doc["results"].push_back(r);
    }
    doc["seconds"] = seconds;
    doc["cpu_seconds"] = cpu;
    out << doc.dump() << "\n";
    return kExitOk;
  }
  for (const MatchGame& g : result.games) {
    std::string seats;
    for (const std::string& n : g.seats) seats += (seats.empty() ? "" : ", ") + n;
    std::string how;
    if (g.forfeit) {
      const Forfeit& f = *g.forfeit;
      how = fmt::format("{} forfeits ({}{}{})", f.bot, f.reason, f.move.empty() ? "" : ": \"" + f.move + "\"",
                        f.ruling ? ", rule " + f.ruling->rule : (f.detail.empty() ? "" : ", " + f.detail));
      if (!g.winner.empty()) how += ", " + g.winner + " wins";
    } else if (!g.finished) {
      how = fmt::format("stopped at the move limit ({})", count_of(m.max_moves, "move"));
    } else {
      how = g.winner.empty() ? "tied" : "won by " + g.winner;
    }
    out << fmt::format("game {} ({}): {}, {}\n", g.index + 1, seats, count_of(g.moves, "move"), how);
  }
  out << fmt::format("{:<12} {:>6} {:>6} {:>8} {:>17} {:>7}\n", "bot", "games", "wins", "share", "95% interval", "rating");
  for (const MatchStanding& st : result.standings)
    out << fmt::format("{:<12} {:>6} {:>6} {:>7.1f}% {:>7.1f}% - {:>5.1f}% {:>7.0f}{}\n", st.name, st.games, st.wins,
                       100 * st.share, 100 * st.low, 100 * st.high, st.rating,
                       st.forfeits ? fmt::format("  ({} forfeited)", st.forfeits) : "");
  out << fmt::format("{}, {} unfinished (move limit), {} in {:.2f} s ({:.2f} s CPU)\n", count_of(m.games, "game"),
                     result.unfinished, count_of(result.decisions, "decision"), seconds, cpu);
  return kExitOk;
}

}  // namespace deedlog
