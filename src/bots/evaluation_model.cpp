#include "bots/evaluation_model.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>

#include "deedlog/ruleset_catalog.h"

namespace deedlog {

const std::array<std::string_view, kFeatureCount>& feature_names() {
  static constexpr std::array<std::string_view, kFeatureCount> names = {"cash", "deeds", "mortgaged", "buildings"};
  return names;
}

std::string_view variant_name(ModelVariant v) { return v == ModelVariant::ShortGame ? "short-game" : ""; }

void EvaluationModel::set_weights(ModelVariant v, const Features& weights) {
  weights_[static_cast<std::size_t>(v)] = weights;
  has_[static_cast<std::size_t>(v)] = true;
}

Features EvaluationModel::features(const Ruleset& r, const State& s, PlayerId p) {
  Features f{};
  const PlayerState& me = s.player(p);
  const double scale = r.starting_cash.units > 0 ? 1.0 / static_cast<double>(r.starting_cash.units) : 1.0 / 1500;
  double deeds = 0, mortgaged = 0, buildings = 0;
  for (int q = 0; q < r.board_size(); ++q) {
    const Holding& h = s.holdings[static_cast<std::size_t>(q)];
    if (h.owner != p) continue;
    const Square& sq = r.square(static_cast<SquareId>(q));
    if (h.mortgaged) mortgaged += static_cast<double>(sq.mortgage_value.units);
    else deeds += static_cast<double>(sq.price.units);
    if (h.buildings == kHotel)
      buildings += static_cast<double>(sq.house_cost.units) * r.houses_per_hotel + static_cast<double>(sq.hotel_cost.units);
    else
      buildings += static_cast<double>(sq.house_cost.units) * h.buildings;
  }
  f[0] = static_cast<double>((me.cash - me.total_owed()).units) * scale;
  f[1] = deeds * scale;
  f[2] = mortgaged * scale;
  f[3] = buildings * scale;
  return f;
}

double EvaluationModel::score(const Features& f, ModelVariant v) const {
  const Features& w = weights_[static_cast<std::size_t>(v)];
  double x = 0;
  for (int i = 0; i < kFeatureCount; ++i) x += w[static_cast<std::size_t>(i)] * f[static_cast<std::size_t>(i)];
  return x;
}

WinShares EvaluationModel::shares(const Ruleset& r, const State& s) const {
  WinShares out{};
  if (s.phase == Phase::GameOver && s.winner != kBank && s.winner < s.player_count) {
    out[static_cast<std::size_t>(s.winner)] = 1.0;
    return out;
  }
  ModelVariant v = s.short_game ? ModelVariant::ShortGame : ModelVariant::Plain;
  if (!has(v)) v = v == ModelVariant::ShortGame ? ModelVariant::Plain : ModelVariant::ShortGame;
  std::array<double, kMaxPlayers> x{};
  double top = -INFINITY;
  for (PlayerId p = 0; p < s.player_count; ++p) {
    if (s.player(p).bankrupt) continue;
    const auto i = static_cast<std::size_t>(p);
    x[i] = score(features(r, s, p), v);
    top = std::max(top, x[i]);
  }
  // Shifted by the largest score, so no exponential overflows.
  double sum = 0;
  for (PlayerId p = 0; p < s.player_count; ++p) {
    if (s.player(p).bankrupt) continue;
    const auto i = static_cast<std::size_t>(p);
    out[i] = std::exp(x[i] - top);
    sum += out[i];
  }
  if (sum > 0)
    for (double& o : out) o /= sum;
  return out;
}

namespace {

// Whether `r` plays as the built-in edition `builtin` does, as far as the model reads it: the
// same house rules (none), board and money. A user's edition that kept a built-in id but
// changed the prices or rents is its own game, and no model fitted on another fits it.
bool plays_as(const Ruleset& r, const Ruleset& builtin) {
  if (!(r.house == builtin.house) || r.starting_cash != builtin.starting_cash || r.salary != builtin.salary ||
      r.squares.size() != builtin.squares.size() || r.groups.size() != builtin.groups.size() ||
      r.auctions != builtin.auctions || r.houses_per_hotel != builtin.houses_per_hotel ||
      r.station_rent != builtin.station_rent || r.utility_multiplier != builtin.utility_multiplier)
    return false;
  for (std::size_t i = 0; i < r.squares.size(); ++i) {
    const Square& a = r.squares[i];
    const Square& b = builtin.squares[i];
    if (a.kind != b.kind || a.group != b.group || a.price != b.price || a.mortgage_value != b.mortgage_value ||
        a.house_cost != b.house_cost || a.hotel_cost != b.hotel_cost || a.rent != b.rent || a.tax != b.tax)
      return false;
  }
  return true;
}

struct Shipped {
  Ruleset ruleset;  // the built-in edition the model was fitted on
  EvaluationModel model;
};

// A crude model, until fitted ones ship: the share follows net worth (cash, deeds at their
// price or mortgage value, buildings at cost), a starting cash's worth more making a player
// about e^2 times as likely to win.
EvaluationModel net_worth_model(const std::string& edition) {
  EvaluationModel m(edition);
  const Features w = {2.0, 2.0, 2.0, 2.0};
  m.set_weights(ModelVariant::Plain, w);
  m.set_weights(ModelVariant::ShortGame, w);
  return m;
}

const std::map<std::string, std::unique_ptr<Shipped>>& shipped_models() {
  static const std::map<std::string, std::unique_ptr<Shipped>> models = [] {
    std::map<std::string, std::unique_ptr<Shipped>> m;
    for (const std::string& id : builtin_ruleset_ids()) {
      Ruleset r;
      if (!load_ruleset(id, &r).is_ok()) continue;
      m.emplace(id, std::make_unique<Shipped>(Shipped{std::move(r), net_worth_model(id)}));
    }
    return m;
  }();
  return models;
}

}  // namespace

const EvaluationModel* shipped_model(const Ruleset& r) {
  const auto& models = shipped_models();
  const auto it = models.find(r.id);
  if (it == models.end() || !plays_as(r, it->second->ruleset)) return nullptr;
  return &it->second->model;
}

}  // namespace deedlog
