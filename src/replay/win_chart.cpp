#include "replay/win_chart.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "core/plural.h"
#include "deedlog/game_file.h"
#include "replay/commentary.h"
#include "replay/report.h"

namespace deedlog {
namespace {

// A move's text as the analysis and the journal write it, without the table's comment.
std::string without_comment(const std::string& text) {
  const std::size_t hash = text.find("  # ");
  std::string out = hash == std::string::npos ? text : text.substr(0, hash);
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::string percent(double share) { return fmt::format("{:.0f}%", 100 * share); }

}  // namespace

std::string mark_symbol(const std::string& mark) {
  if (mark == "doubtful") return "?!";
  if (mark == "bad") return "?";
  if (mark == "very_bad") return "??";
  if (mark == "uncertain") return "(?)";
  return "";
}

Status win_series(const Timeline& t, const nlohmann::json& doc, WinSeries* out) {
  auto mismatch = [](const std::string& why) { return Status::invalid_argument("the analysis is not of this game: " + why); };
  const auto& names = t.names();
  const auto& players = doc.at("players");
  if (players.size() != names.size()) return mismatch(fmt::format("{} players, the game has {}", players.size(), names.size()));
  for (std::size_t p = 0; p < names.size(); ++p)
    if (players[p].at("name").get<std::string>() != names[p])
      return mismatch(fmt::format("seat {} is {}, the game's is {}", p + 1, players[p].at("name").get<std::string>(), names[p]));
  if (doc.contains("head") && !t.head_hash().empty() && doc["head"].get<std::string>() != t.head_hash())
    return mismatch("it was made at another head (the game has moved on since, or it is another game)");
  WinSeries series;
  if (doc.contains("games") && doc["games"].is_number_integer()) series.games = doc["games"].get<int>();
  auto shares_of = [&](const nlohmann::json& win) {
    std::vector<double> s(names.size(), 0.0);
    for (std::size_t p = 0; p < names.size(); ++p)
      if (win.contains(names[p]) && win[names[p]].is_number()) s[p] = win[names[p]].get<double>();
    return s;
  };
  if (doc.contains("start") && doc["start"].is_object() && doc["start"].contains("win") && doc["start"]["win"].is_object()) {
    WinPoint start;
    start.seq = 0;
    start.last = 0;
    start.share = shares_of(doc["start"]["win"]);
    series.points.push_back(std::move(start));
  }
  for (const auto& m : doc.at("moves")) {
    const std::int64_t seq = m.at("seq").get<std::int64_t>();
    if (seq > t.last() || t.event(seq).type != EventType::MovePlayed)
      return mismatch(fmt::format("event {} is no move of the game", seq));
    const std::string recorded = without_comment(t.event(seq).text);
    const std::string analysed = without_comment(m.at("move").get<std::string>());
    if (recorded != analysed) return mismatch(fmt::format("event {} is '{}', the analysis has '{}'", seq, recorded, analysed));
    WinPoint w;
    w.seq = seq;
    w.last = t.move_last(seq);
    w.share = shares_of(m.at("win"));
    w.move = recorded;
    if (m.contains("mark") && m["mark"].is_string()) w.mark = m["mark"].get<std::string>();
    if (!series.points.empty()) {
      const auto& before = series.points.back().share;
      for (std::size_t p = 0; p < names.size(); ++p) w.swing = std::max(w.swing, std::fabs(w.share[p] - before[p]));
    }
    series.points.push_back(std::move(w));
  }
  std::vector<std::size_t> order;
  for (std::size_t k = 0; k < series.points.size(); ++k)
    if (series.points[k].swing >= kSwing) order.push_back(k);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return series.points[a].swing > series.points[b].swing; });
  for (std::size_t k = 0; k < order.size() && k < kMaxSwings; ++k) series.points[order[k]].marked_swing = true;
  *out = std::move(series);
  return Status::ok();
}

std::string win_chart_svg(const Timeline& t, const WinSeries& series, const ChartOptions& o) {
  const double left = 46, right = 16, top = 34, bottom = 34;
  const double W = o.width, H = o.height;
  const double pw = W - left - right, ph = H - top - bottom;
  const std::int64_t x_from = series.points.empty() ? 0 : series.points.front().seq;
  const std::int64_t x_to = series.points.empty() ? 1 : std::max(series.points.back().last, x_from + 1);
  auto X = [&](double seq) { return left + (seq - static_cast<double>(x_from)) / static_cast<double>(x_to - x_from) * pw; };
  auto Y = [&](double share) { return top + ph - share * ph; };
  const ChartFrame frame{W, H, left, pw, top, ph, x_from, x_to};
  std::string out = chart_svg_open("win", "Win chances over the game: " + t.title(), frame);
  for (int k = 0; k <= 4; ++k) {
    const double v = k / 4.0;
    out += fmt::format("<line x1=\"{0}\" y1=\"{2}\" x2=\"{1}\" y2=\"{2}\" stroke=\"{3}\"/>", svg_number(left), svg_number(left + pw), svg_number(Y(v)),
                       k == 2 ? "#bbb" : "#e4e4e4");
    out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\" font-size=\"11\" fill=\"#444\">{}</text>", svg_number(left - 6),
                       svg_number(Y(v) + 4), percent(v));
  }
  out += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#444\"/>", svg_number(left), svg_number(top), svg_number(top + ph));
  out += fmt::format("<line x1=\"{0}\" y1=\"{2}\" x2=\"{1}\" y2=\"{2}\" stroke=\"#444\"/>", svg_number(left), svg_number(left + pw), svg_number(top + ph));
  const std::size_t players = t.names().size();
  // A point's x is where its move ends: the chance after the move is the chance at its last event.
  auto x_of = [&](const WinPoint& w) { return X(static_cast<double>(w.seq == 0 ? x_from : w.last)); };
  for (std::size_t p = 0; p < players; ++p) {
    std::string points;
    for (std::size_t k = 0; k < series.points.size(); ++k)
      points += fmt::format("{}{},{}", k ? " " : "", svg_number(x_of(series.points[k])), svg_number(Y(series.points[k].share[p])));
    out += fmt::format("<polyline class=\"win-line\" data-player=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\" "
                       "stroke-linejoin=\"round\" points=\"{}\"><title>{}</title></polyline>",
                       p, player_colour(static_cast<PlayerId>(p)).web, points, xml_escape(t.names()[p]));
  }
  // A point a move and player, each a target to click; a big swing ringed, a decision's mark written over it.
  for (const WinPoint& w : series.points) {
    if (w.seq == 0) continue;
    std::string chances;
    for (std::size_t p = 0; p < players; ++p)
      chances += fmt::format("{}{} {}", p ? ", " : "", t.names()[p], percent(w.share[p]));
    const std::string title = fmt::format("event {}: {}{}{} · {}", w.seq, w.move, w.mark.empty() ? "" : " ",
                                          mark_symbol(w.mark), chances);
    for (std::size_t p = 0; p < players; ++p)
      out += fmt::format("<circle class=\"win-point\" data-seq=\"{}\" data-move=\"{}\" data-player=\"{}\" cx=\"{}\" cy=\"{}\" r=\"2.5\" "
                         "fill=\"{}\"><title>{}</title></circle>",
                         w.last, w.seq, p, svg_number(x_of(w)), svg_number(Y(w.share[p])), player_colour(static_cast<PlayerId>(p)).web,
                         xml_escape(title));
    if (w.marked_swing)
      out += fmt::format("<line class=\"win-swing\" data-seq=\"{0}\" data-move=\"{1}\" x1=\"{2}\" y1=\"{3}\" x2=\"{2}\" y2=\"{4}\" "
                         "stroke=\"#d33\" stroke-width=\"1.5\" stroke-dasharray=\"2 2\"><title>swing: {5}</title></line>",
                         w.last, w.seq, svg_number(x_of(w)), svg_number(top), svg_number(top + ph), xml_escape(title));
    if (!w.mark.empty() && w.mark != "uncertain")
      out += fmt::format("<text class=\"win-mark\" data-seq=\"{}\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"10\" "
                         "fill=\"#b00\">{}</text>",
                         w.last, svg_number(x_of(w)), svg_number(top - 3), xml_escape(mark_symbol(w.mark)));
  }
  double lx = left;
  for (std::size_t p = 0; p < players; ++p) {
    const double last = series.points.empty() ? 0 : series.points.back().share[p];
    const std::string label = fmt::format("{} {}", t.names()[p], percent(last));
    out += fmt::format("<line x1=\"{}\" y1=\"16\" x2=\"{}\" y2=\"16\" stroke=\"{}\" stroke-width=\"3\"/>", svg_number(lx), svg_number(lx + 16),
                       player_colour(static_cast<PlayerId>(p)).web);
    out += fmt::format("<text x=\"{}\" y=\"20\" font-size=\"11\" fill=\"#222\">{}</text>", svg_number(lx + 20), xml_escape(label));
    lx += 28 + 7.0 * text_width(label);
  }
  out += fmt::format("<text x=\"{}\" y=\"20\" text-anchor=\"end\" font-size=\"11\" fill=\"#666\">win chance{}</text>", svg_number(left + pw),
                     series.games > 0 ? fmt::format(" ({} a position)", count_of(series.games, "play-out")) : std::string());
  out += chart_svg_close("win", frame, o.cursor);
  return out;
}

std::string worth_and_win_svg(const Timeline& t, const WorthSeries& worth, const WinSeries& win) {
  const ChartOptions o;
  std::string left = worth_chart_svg(t, worth, o);
  std::string right = win_chart_svg(t, win, o);
  // Each chart keeps its own drawing; the outer picture places them side by side.
  auto placed = [&](std::string svg, int x) {
    const std::string open = "<svg xmlns=\"http://www.w3.org/2000/svg\" ";
    if (svg.rfind(open, 0) == 0) svg = fmt::format("<svg x=\"{}\" y=\"0\" ", x) + svg.substr(open.size());
    return svg;
  };
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {0} {1}\" width=\"{0}\" height=\"{1}\" id=\"worth-and-win\">\n",
      2 * o.width + 20, o.height);
  out += placed(std::move(left), 0);
  out += placed(std::move(right), o.width + 20);
  out += "</svg>\n";
  return out;
}

std::string annotated_notation(const Timeline& t, const nlohmann::json& doc) {
  const std::string plain = game_notation(t, t.last());
  // The moves printed, in order: those whose line parses (game_notation leaves the others out).
  std::vector<std::int64_t> printed;
  for (std::int64_t m : t.moves()) {
    Command c;
    ParseError e;
    if (parse_move(t.event(m).text, t.ruleset(), t.names(), &c, &e)) printed.push_back(m);
  }
  std::map<std::int64_t, const nlohmann::json*> by_seq;
  for (const auto& m : doc.at("moves")) by_seq[m.at("seq").get<std::int64_t>()] = &m;
  const auto& names = t.names();
  auto comment_for = [&](const nlohmann::json& m) {
    std::string c = "#";
    if (m.contains("mark") && m["mark"].is_string()) {
      c += ' ';
      c += mark_symbol(m["mark"].get<std::string>());
    }
    if (m.contains("error") && m["error"].is_number()) {
      c += fmt::format(" error {:.3f}", m["error"].get<double>());
      if (m.contains("best") && m["best"].is_string() && !m["best"].get<std::string>().empty() &&
          m["best"].get<std::string>() != without_comment(m.at("move").get<std::string>()))
        c += fmt::format(" (best: {})", m["best"].get<std::string>());
      c += ";";
    }
    if (m.contains("luck") && m["luck"].is_number()) c += fmt::format(" luck {:+.3f};", m["luck"].get<double>());
    c += " win";
    const auto& win = m.at("win");
    for (std::size_t p = 0; p < names.size(); ++p)
      if (win.contains(names[p]) && win[names[p]].is_number())
        c += fmt::format("{} {} {:.3f}", p ? "," : "", names[p], win[names[p]].get<double>());
    return c;
  };
  std::string head = "# Analysis";
  if (doc.contains("games"))
    head += doc["games"].is_number_integer() ? fmt::format(": {} a position", count_of(doc["games"].get<std::int64_t>(), "play-out"))
                                             : fmt::format(": {} play-outs a position", doc["games"].dump());
  if (doc.contains("seed")) head += fmt::format(", seed {}", doc["seed"].dump());
  head += " (marks: ?! doubtful, ? bad, ?? very bad, (?) uncertain)\n";
  for (const auto& p : doc.at("players")) {
    head += fmt::format("# {}:", p.at("name").get<std::string>());
    if (p.contains("luck") && p["luck"].is_number()) head += fmt::format(" luck {:+.3f},", p["luck"].get<double>());
    if (p.contains("decisions"))
      head += p["decisions"].is_number_integer() ? fmt::format(" {},", count_of(p["decisions"].get<std::int64_t>(), "decision"))
                                                 : fmt::format(" {} decisions,", p["decisions"].dump());
    if (p.contains("error_rate") && p["error_rate"].is_number()) head += fmt::format(" error rate {:.4f},", p["error_rate"].get<double>());
    if (p.contains("marks") && p["marks"].is_object())
      head += fmt::format(" ?! {}, ? {}, ?? {},", p["marks"].value("doubtful", 0), p["marks"].value("bad", 0),
                          p["marks"].value("very_bad", 0));
    if (p.contains("rating") && p["rating"].is_string()) head += fmt::format(" rating {},", p["rating"].get<std::string>());
    if (head.back() == ',') head.pop_back();
    head += "\n";
  }
  // The moves follow [Moves]: one line a move printed, in order.
  std::string out = head;
  std::size_t pos = 0, move_index = 0;
  bool in_moves = false;
  while (pos < plain.size()) {
    const std::size_t end = plain.find('\n', pos);
    const std::string line = plain.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    pos = end == std::string::npos ? plain.size() : end + 1;
    out += line;
    out += '\n';
    if (!in_moves) {
      if (line == "[Moves]") in_moves = true;
      continue;
    }
    if (line.empty() || line[0] == '#' || move_index >= printed.size()) continue;
    const std::int64_t seq = printed[move_index++];
    const auto it = by_seq.find(seq);
    if (it != by_seq.end()) {
      out += comment_for(*it->second);
      out += '\n';
    }
  }
  return out;
}

}  // namespace deedlog
