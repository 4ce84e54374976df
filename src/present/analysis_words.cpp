#include "present/analysis_words.h"
#include "core/plural.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "deedlog/game_file.h"

namespace deedlog {
namespace {

// Shares to 4 decimals: finer than any play-out count the analysis runs can resolve.
double rounded(double x) { return std::round(x * 10000.0) / 10000.0; }

nlohmann::ordered_json win_json(const WinChances& w, const std::vector<PlayerAnalysis>& players) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (std::size_t p = 0; p < w.players.size() && p < players.size(); ++p) j[players[p].name] = rounded(w.players[p].share);
  return j;
}

nlohmann::ordered_json win_interval_json(const WinChances& w, const std::vector<PlayerAnalysis>& players) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (std::size_t p = 0; p < w.players.size() && p < players.size(); ++p)
    j[players[p].name] = {rounded(w.players[p].low), rounded(w.players[p].high)};
  return j;
}

std::string percent(double share) { return fmt::format("{:+.1f}%", 100 * share); }

}  // namespace

std::string mark_name(ErrorMark mark) {
  switch (mark) {
    case ErrorMark::Doubtful: return "doubtful";
    case ErrorMark::Bad: return "bad";
    case ErrorMark::VeryBad: return "very_bad";
    case ErrorMark::Uncertain: return "uncertain";
    case ErrorMark::None: return "";
  }
  return "";
}

std::string alternative_words(AlternativeKind kind, const Command& command, const Ruleset& ruleset,
                              const std::vector<std::string>& players) {
  switch (kind) {
    case AlternativeKind::NoTrade: return players[static_cast<std::size_t>(command.actor)] + " makes no trade";
    case AlternativeKind::BuildsNothing: return players[static_cast<std::size_t>(command.actor)] + " builds nothing";
    case AlternativeKind::Move: break;
  }
  return print_move(command, ruleset, players);
}

std::string mark_symbol(ErrorMark mark) {
  switch (mark) {
    case ErrorMark::Doubtful: return "?!";
    case ErrorMark::Bad: return "?";
    case ErrorMark::VeryBad: return "??";
    case ErrorMark::Uncertain: return "(?)";
    case ErrorMark::None: return "";
  }
  return "";
}

namespace {

// A judged decision's fields, as moves[] and missed[] both give them (MoveAnalysis,
// MissedDecision): the error, its interval, the mark, the best alternative and how many were
// weighed.
template <typename Judged>
void put_judgement(double error, const Judged& m, nlohmann::ordered_json* j) {
  (*j)["error"] = rounded(error);
  (*j)["error_interval"] = {rounded(m.error_low), rounded(m.error_high)};
  if (m.mark != ErrorMark::None) (*j)["mark"] = mark_name(m.mark);
  (*j)["best"] = m.best;
  (*j)["alternatives"] = m.alternatives;
}

// How many play-outs the estimate took, and whether it stopped short of its target.
template <typename Judged>
void put_sampling(const Judged& m, nlohmann::ordered_json* j) {
  (*j)["playouts"] = m.playouts;
  if (m.short_of_target) (*j)["short_of_target"] = true;
}

}  // namespace

nlohmann::ordered_json analysis_json(const Analysis& a) {
  nlohmann::ordered_json doc{{"game", a.game}, {"ruleset", a.ruleset}};
  doc["players"] = nlohmann::ordered_json::array();
  for (const PlayerAnalysis& p : a.players) {
    nlohmann::ordered_json j{{"name", p.name},
                             {"luck", rounded(p.luck)},
                             {"decisions", p.decisions},
                             {"error_rate", rounded(p.error_rate)},
                             {"marks", {{"doubtful", p.doubtful}, {"bad", p.bad}, {"very_bad", p.very_bad}}},
                             {"rating", p.rating.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(p.rating)}};
    j["luck_interval"] = {rounded(p.luck_low), rounded(p.luck_high)};
    j["uncertain"] = p.uncertain;
    j["total_error"] = rounded(p.total_error);
    j["chance_events"] = p.chance_events;
    if (p.luckiest) j["luckiest"] = {{"seq", p.luckiest->seq}, {"luck", rounded(p.luckiest->luck)}};
    if (p.unluckiest) j["unluckiest"] = {{"seq", p.unluckiest->seq}, {"luck", rounded(p.unluckiest->luck)}};
    doc["players"].push_back(std::move(j));
  }
  doc["moves"] = nlohmann::ordered_json::array();
  for (const MoveAnalysis& m : a.moves) {
    nlohmann::ordered_json j{{"seq", m.seq}, {"move", m.move}};
    j["player"] = m.player >= 0 && static_cast<std::size_t>(m.player) < a.players.size()
                      ? nlohmann::ordered_json(a.players[static_cast<std::size_t>(m.player)].name)
                      : nlohmann::ordered_json("Referee");
    j["win"] = win_json(m.win, a.players);
    j["win_interval"] = win_interval_json(m.win, a.players);
    j["unfinished"] = rounded(m.win.unfinished);
    if (m.luck) {
      j["luck"] = rounded(*m.luck);
      j["luck_interval"] = {rounded(m.luck_low), rounded(m.luck_high)};
      j["outcomes"] = m.outcomes;
    }
    if (m.error) put_judgement(*m.error, m, &j);
    put_sampling(m, &j);
    doc["moves"].push_back(std::move(j));
  }
  doc["missed"] = nlohmann::ordered_json::array();
  for (const MissedDecision& m : a.missed) {
    nlohmann::ordered_json j{{"seq", m.seq}};
    j["player"] = m.player >= 0 && static_cast<std::size_t>(m.player) < a.players.size()
                      ? nlohmann::ordered_json(a.players[static_cast<std::size_t>(m.player)].name)
                      : nlohmann::ordered_json("Referee");
    j["win"] = win_json(m.win, a.players);
    put_judgement(m.error, m, &j);
    put_sampling(m, &j);
    doc["missed"].push_back(std::move(j));
  }
  doc["method"] = kAnalysisMethod;
  doc["games"] = a.games;
  doc["precision"] = a.precision;
  doc["total_precision"] = a.total_precision;
  doc["max_games"] = a.max_games;
  doc["horizon"] = a.horizon;
  doc["playouts"] = a.playouts;
  doc["widest_interval"] = rounded(a.widest);
  doc["equivalent_games"] = a.equivalent_games;
  doc["short_of_target"] = a.short_of_target;
  doc["seed"] = a.seed;
  doc["start"] = {{"win", win_json(a.start, a.players)}, {"unfinished", rounded(a.start.unfinished)}};
  doc["from"] = a.from;
  doc["to"] = a.to;
  doc["max_moves"] = a.max_moves;
  doc["thresholds"] = {{"doubtful", 0.02}, {"bad", 0.04}, {"very_bad", 0.08}};
  doc["positions"] = a.positions;
  doc["playout_moves"] = a.playout_moves;
  return doc;
}

std::string analysis_text(const Analysis& a) {
  const std::string sampled = a.precision > 0 ? fmt::format("intervals to +/-{}", a.precision)
                                              : fmt::format("{} a position", count_of(a.games, "play-out"));
  std::string out = fmt::format("Analysis of game {} ({}), {}, seed {}: {}\n", a.game, a.ruleset, sampled, a.seed,
                                count_of(static_cast<std::int64_t>(a.moves.size()), "move"));
  auto name_of = [&](int p) { return p >= 0 && static_cast<std::size_t>(p) < a.players.size() ? a.players[static_cast<std::size_t>(p)].name : std::string("Referee"); };
  for (const PlayerAnalysis& p : a.players) {
    out.append(fmt::format("\n{}\n", p.name));
    out.append(fmt::format("  luck        {} [{} to {}] over {}", percent(p.luck), percent(p.luck_low),
                           percent(p.luck_high), count_of(p.chance_events, "throw or card", "throws and cards")));
    if (p.luckiest && p.unluckiest)
      out.append(fmt::format(" (luckiest {} at event {}, unluckiest {} at event {})", percent(p.luckiest->luck),
                             p.luckiest->seq, percent(p.unluckiest->luck), p.unluckiest->seq));
    out.append("\n");
    out.append(fmt::format("  decisions   {} analysed, error rate {:.1f}% a decision ({:.1f}% in all)\n", p.decisions,
                           100 * p.error_rate, 100 * p.total_error));
    out.append(fmt::format("  marks       {} doubtful, {} bad, {} very bad, {} uncertain\n", p.doubtful, p.bad, p.very_bad,
                           p.uncertain));
    if (!p.rating.empty()) out.append(fmt::format("  rating      {} (our own scale, uncalibrated)\n", p.rating));
  }
  // The moves that matter: every marked decision, and the five biggest swings of luck.
  std::vector<const MoveAnalysis*> marked, lucky;
  for (const MoveAnalysis& m : a.moves) {
    if (m.error && m.mark != ErrorMark::None) marked.push_back(&m);
    if (m.luck) lucky.push_back(&m);
  }
  if (!marked.empty()) {
    out.append("\nDecisions marked (win share lost against the best, 95% interval):\n");
    for (const MoveAnalysis* m : marked)
      out.append(fmt::format("  {:>5}  {:<40} {:<3} {:<10} {} [{} to {}]; best: {}\n", m->seq, m->move, mark_symbol(m->mark),
                             mark_name(m->mark), percent(-*m->error), percent(-m->error_high), percent(-m->error_low),
                             m->best));
  }
  bool any_missed = false;
  for (const MissedDecision& m : a.missed) {
    if (m.mark == ErrorMark::None) continue;
    if (!any_missed) out.append("\nTurns let pass without building (win share lost against the best plan, 95% interval):\n");
    any_missed = true;
    out.append(fmt::format("  {:>5}  {:<10} {:<3} {:<10} {} [{} to {}]; best: {}\n", m.seq, name_of(m.player), mark_symbol(m.mark),
                           mark_name(m.mark), percent(-m.error), percent(-m.error_high), percent(-m.error_low), m.best));
  }
  if (!lucky.empty()) {
    std::sort(lucky.begin(), lucky.end(),
              [](const MoveAnalysis* x, const MoveAnalysis* y) { return std::fabs(*x->luck) > std::fabs(*y->luck); });
    if (lucky.size() > 5) lucky.resize(5);
    out.append("\nThe biggest swings of luck (the mover's win share against the average of what could have come):\n");
    for (const MoveAnalysis* m : lucky)
      out.append(fmt::format("  {:>5}  {:<40} {} [{} to {}] for {}\n", m->seq, m->move, percent(*m->luck),
                             percent(m->luck_low), percent(m->luck_high), name_of(m->player)));
  }
  if (!a.moves.empty()) {
    out.append("\nWin chances after the last move analysed:");
    const WinChances& w = a.moves.back().win;
    for (std::size_t p = 0; p < w.players.size() && p < a.players.size(); ++p)
      out.append(fmt::format(" {} {:.1f}%", a.players[p].name, 100 * w.players[p].share));
    out.append(fmt::format(" (unfinished {:.1f}%)\n", 100 * w.unfinished));
  }
  out.append(fmt::format("{} played out, {} ({}) in {:.1f} s; the widest interval +/-{:.3f}, as "
                         "precise as {} a position\n",
                         count_of(a.positions, "position"), count_of(a.playouts, "play-out"),
                         count_of(a.playout_moves, "move"), a.seconds, a.widest,
                         count_of(a.equivalent_games, "plain play-out")));
  if (a.short_of_target > 0)
    out.append(fmt::format("{} stopped at {} short of {} target\n", count_of(a.short_of_target, "estimate"),
                           count_of(a.max_games, "play-out"), a.short_of_target == 1 ? "its" : "their"));
  return out;
}

}  // namespace deedlog
