#include "bots/evaluation_model.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <set>

#include <fmt/format.h>

#include "bots/model_file.h"
#include "deedlog/ruleset_catalog.h"

namespace deedlog {

namespace embedded {
std::pair<const std::pair<std::string_view, std::string_view>*, std::size_t> models_all();
}  // namespace embedded

std::string_view variant_name(ModelVariant v) { return v == ModelVariant::ShortGame ? "short-game" : "plain"; }

void EvaluationModel::set_weights(ModelVariant v, const Features& weights, HiddenLayer hidden) {
  weights_[static_cast<std::size_t>(v)] = weights;
  hidden_[static_cast<std::size_t>(v)] = std::move(hidden);
  has_[static_cast<std::size_t>(v)] = true;
}

double EvaluationModel::score(const Ruleset& r, const State& s, PlayerId p, ModelVariant v) const {
  const Features f = reader_.read(r, s, p);
  const Features& w = weights_[static_cast<std::size_t>(v)];
  double x = 0;
  for (std::size_t i = 0; i < f.size(); ++i) x += w[i] * f[i];
  return x + hidden_score(hidden_[static_cast<std::size_t>(v)], f);
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
    x[i] = score(r, s, p, v);
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

// Whether `r` plays as the built-in edition `builtin` does, as far as a model fitted on it can
// tell: the same house rules (none), board and money. A user's edition that kept a built-in id
// but changed the prices or rents is its own game, and no model fitted on another fits it.
bool plays_as(const Ruleset& r, const Ruleset& builtin) {
  if (!(r.house == builtin.house) || r.starting_cash != builtin.starting_cash || r.salary != builtin.salary ||
      r.squares.size() != builtin.squares.size() || r.groups.size() != builtin.groups.size() ||
      r.auctions != builtin.auctions || r.houses_per_hotel != builtin.houses_per_hotel ||
      r.station_rent != builtin.station_rent || r.utility_multiplier != builtin.utility_multiplier ||
      r.jail_square != builtin.jail_square || r.building_groups != builtin.building_groups)
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
  std::unique_ptr<EvaluationModel> model;
};

struct ShippedModels {
  std::map<std::string, Shipped> by_edition;
  Status status;
};

// A shipped file's name says what it holds: EDITION.model (plain) or EDITION.short-game.model.
bool split_file_name(std::string_view name, std::string* edition, ModelVariant* v) {
  constexpr std::string_view kSuffix = ".model";
  constexpr std::string_view kShort = ".short-game";
  if (name.size() <= kSuffix.size() || name.substr(name.size() - kSuffix.size()) != kSuffix) return false;
  name.remove_suffix(kSuffix.size());
  *v = ModelVariant::Plain;
  if (name.size() > kShort.size() && name.substr(name.size() - kShort.size()) == kShort) {
    name.remove_suffix(kShort.size());
    *v = ModelVariant::ShortGame;
  }
  *edition = std::string(name);
  return !edition->empty();
}

const ShippedModels& shipped_models() {
  static const ShippedModels models = [] {
    ShippedModels m;
    std::set<std::string> refused;
    const auto [files, count] = embedded::models_all();
    for (std::size_t i = 0; i < count; ++i) {
      const std::string name = fmt::format("data/models/{}", files[i].first);
      std::string edition;
      ModelVariant v{};
      ModelFile file;
      Status s = split_file_name(files[i].first, &edition, &v)
                     ? parse_model_file(files[i].second, name, edition, &file)
                     : Status::corrupt(fmt::format("model file {}: not named EDITION.model or EDITION.short-game.model", name));
      if (s.is_ok() && file.variant != variant_name(v))
        s = Status::corrupt(fmt::format("model file {}: holds the variant {}, its name says {}", name, file.variant, variant_name(v)));
      Ruleset r;
      if (s.is_ok() && !load_ruleset(edition, &r).is_ok())
        s = Status::corrupt(fmt::format("model file {}: no built-in edition {}", name, edition));
      if (!s.is_ok()) {
        if (m.status.is_ok()) m.status = s;
        refused.insert(edition);  // an edition with a file refused has no model at all
        continue;
      }
      auto it = m.by_edition.find(edition);
      if (it == m.by_edition.end()) {
        auto model = std::make_unique<EvaluationModel>(r);
        it = m.by_edition.emplace(edition, Shipped{std::move(r), std::move(model)}).first;
      }
      it->second.model->set_weights(v, file.weights, file.hidden);
    }
    for (const std::string& e : refused) m.by_edition.erase(e);
    return m;
  }();
  return models;
}

}  // namespace

const EvaluationModel* shipped_model(const Ruleset& r) {
  const ShippedModels& models = shipped_models();
  const auto it = models.by_edition.find(r.id);
  if (it == models.by_edition.end() || !plays_as(r, it->second.ruleset)) return nullptr;
  return it->second.model.get();
}

Status shipped_models_status() { return shipped_models().status; }

Status load_model_file(const std::string& path, const Ruleset& ruleset, std::unique_ptr<EvaluationModel>* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::io_error(fmt::format("model file {}: cannot be read", path));
  // A model file is a few hundred bytes; one far larger is not a model, and is not read whole.
  std::string text(kMaxModelFileBytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (in.bad()) return Status::io_error(fmt::format("model file {}: cannot be read", path));
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (text.size() > kMaxModelFileBytes)
    return Status::corrupt(fmt::format("model file {}: larger than {} bytes, not a model", path, kMaxModelFileBytes));
  ModelFile file;
  if (Status s = parse_model_file(text, path, ruleset.id, &file); !s.is_ok()) return s;
  auto m = std::make_unique<EvaluationModel>(ruleset);
  m->set_weights(file.variant == "short-game" ? ModelVariant::ShortGame : ModelVariant::Plain, file.weights, file.hidden);
  *out = std::move(m);
  return Status::ok();
}

}  // namespace deedlog
