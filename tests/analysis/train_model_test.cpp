// referee train-model and model files (docs/evaluation-model.md): the same options write the
// same bytes, the file is read back by `chances --model`, and a file edited, damaged, for another
// edition or for other features is refused (exit 1, Status::corrupt naming the file), never used.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bots/evaluation_model.h"
#include "bots/model_file.h"
#include "bots/model_training.h"
#include "deedlog/decide.h"
#include "deedlog/evolve.h"
#include "deedlog/ruleset_catalog.h"
#include "journal/sha256.h"
#include "support/cli.h"

namespace deedlog {
namespace {

using nlohmann::json;

struct Fixture {
  std::filesystem::path dir = testing::temp_dir("train-model");
  testing::RemovedAtExit cleanup{dir};
};

// The text with its sha256 line made anew over what is before it.
std::string resealed(std::string text) {
  text.resize(text.rfind("sha256 "));
  Sha256 h;
  h.update(text);
  return text + "sha256 " + h.hex() + "\n";
}

void write(const std::filesystem::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
}

// A game in play to ask chances about.
std::filesystem::path game(const Fixture& f) {
  const auto db = f.dir / "game.db";
  EXPECT_EQ(testing::referee(db, "simulate --games 1 --seed 9 --players 3 --max-moves 120").code, 0);
  return db;
}

TEST(TrainModel, TheSameOptionsWriteTheSameBytesOnAnyNumberOfThreads) {
  Fixture f;
  const auto a = f.dir / "a.model";
  const auto b = f.dir / "b.model";
  const auto r1 = testing::referee(f.dir / "unused.db", "train-model --ruleset uk-1972 --games 40 --seed 3 --threads 1 --out " + a.string());
  ASSERT_EQ(r1.code, 0) << r1.err;
  const auto r2 = testing::referee(f.dir / "unused.db", "--json train-model --ruleset uk-1972 --games 40 --seed 3 --threads 2 --out " + b.string());
  ASSERT_EQ(r2.code, 0) << r2.err;
  EXPECT_EQ(testing::slurp(a), testing::slurp(b));
  EXPECT_FALSE(std::filesystem::exists(f.dir / "unused.db"));  // no journal is opened
  const json doc = json::parse(r2.out);
  EXPECT_EQ(doc["edition"], "uk-1972");
  EXPECT_EQ(doc["variant"], "plain");
  EXPECT_EQ(doc["command"], "referee train-model --ruleset uk-1972 --games 40 --seed 3");
  EXPECT_EQ(doc["weights"].size(), static_cast<std::size_t>(kFeatureCount));
  // Another seed, other games, another file.
  const auto c = f.dir / "c.model";
  ASSERT_EQ(testing::referee(f.dir / "unused.db", "train-model --ruleset uk-1972 --games 40 --seed 4 --out " + c.string()).code, 0);
  EXPECT_NE(testing::slurp(a), testing::slurp(c));
  // The file reads back, and records the command that made it.
  ModelFile m;
  ASSERT_TRUE(parse_model_file(testing::slurp(a), a.string(), "uk-1972", &m).is_ok());
  EXPECT_EQ(m.command, "referee train-model --ruleset uk-1972 --games 40 --seed 3");
  EXPECT_GT(m.positions, 100);
}

TEST(TrainModel, ChancesScoresByAModelFileOfOnesOwn) {
  Fixture f;
  const auto db = game(f);
  const auto model = f.dir / "own.model";
  ASSERT_EQ(testing::referee(db, "train-model --ruleset uk-1972 --games 30 --seed 1 --out " + model.string()).code, 0);
  const auto r = testing::referee(db, "--json chances --games 40 --seed 2 --horizon 20 --model " + model.string());
  ASSERT_EQ(r.code, 0) << r.err;
  const json doc = json::parse(r.out);
  EXPECT_EQ(doc["horizon"], 20);
  EXPECT_EQ(doc["model"], model.string());
  EXPECT_GT(doc["scored"].get<int>(), 0);
  EXPECT_LE(doc["moves"].get<int>(), 40 * 20);
  double shares = 0;
  for (const auto& p : doc["players"]) shares += p["win"].get<double>();
  EXPECT_NEAR(shares, 1.0, 1e-9);
}

TEST(TrainModel, AFileEditedDamagedForAnotherEditionOrOtherFeaturesIsRefused) {
  Fixture f;
  const auto db = game(f);
  const auto good = f.dir / "good.model";
  ASSERT_EQ(testing::referee(db, "train-model --ruleset uk-1972 --games 30 --seed 1 --out " + good.string()).code, 0);
  const std::string text = testing::slurp(good);
  const auto refused = [&](const std::string& name, const std::string& content) {
    const auto p = f.dir / name;
    write(p, content);
    const auto r = testing::referee(db, "--json chances --games 5 --model " + p.string());
    EXPECT_EQ(r.code, 1) << name << ": " << r.out << r.err;
    EXPECT_NE(r.err.find(p.string()), std::string::npos) << name << ": the message names the file: " << r.err;
    ModelFile m;
    EXPECT_TRUE(parse_model_file(content, name, "uk-1972", &m).is_corrupt()) << name;
  };
  // A weight edited (the SHA-256 no longer matches).
  std::string edited = text;
  const auto at = edited.find("weight cash ");
  ASSERT_NE(at, std::string::npos);
  edited.insert(at + 12, "9");
  refused("edited.model", edited);
  // Cut short, and damaged bytes.
  refused("short.model", text.substr(0, text.size() / 2));
  std::string damaged = text;
  damaged[damaged.size() / 3] ^= 0x20;
  refused("damaged.model", damaged);
  refused("empty.model", "");
  // Files whose SHA-256 is made anew over the edit, so that what refuses them is what is wrong:
  // another edition, a weight out of bounds, other features, another version.
  ModelFile m;
  ASSERT_TRUE(parse_model_file(text, "good", "uk-1972", &m).is_ok());
  ModelFile other = m;
  other.edition = "military";
  refused("military.model", model_file_text(other));
  ModelFile big = m;
  big.weights[0] = 1e6;
  refused("big.model", model_file_text(big));
  ModelFile nan = m;
  nan.weights[1] = std::nan("");
  refused("nan.model", model_file_text(nan));
  // Other features: a weight renamed, and one too many.
  std::string renamed = model_file_text(m);
  renamed.replace(renamed.find("weight cash "), 12, "weight money ");
  refused("renamed.model", resealed(renamed));
  std::string extra = model_file_text(m);
  extra.insert(extra.find("sha256 "), "weight luck 0.5\n");
  refused("extra.model", resealed(extra));
  std::string fewer = model_file_text(m);
  const auto last_weight = fewer.rfind("weight ");
  fewer.erase(last_weight, fewer.find('\n', last_weight) + 1 - last_weight);
  refused("fewer.model", resealed(fewer));
  std::string version = model_file_text(m);
  version.replace(version.find(" 1\n"), 3, " 9\n");
  refused("version.model", resealed(version));
  // The resealing itself makes a sound file of a sound one.
  ModelFile back;
  EXPECT_TRUE(parse_model_file(resealed(model_file_text(m)), "resealed", "uk-1972", &back).is_ok());
  // A missing file is refused too (exit 1), and a bad variant or no --out is a usage error.
  EXPECT_EQ(testing::referee(db, "chances --games 5 --model " + (f.dir / "none.model").string()).code, 1);
  EXPECT_EQ(testing::referee(db, "train-model --ruleset uk-1972 --variant fast --games 5 --out x.model").code, 2);
  EXPECT_EQ(testing::referee(db, "train-model --ruleset uk-1972 --games 5").code, 2);
  EXPECT_EQ(testing::referee(db, "train-model --ruleset no-such --games 5 --out x.model").code, 2);
  EXPECT_EQ(testing::referee(db, "chances --games 5 --to-end --horizon 10").code, 2);
}


// A model with units made from a linear one: weights any fit could give, so the file's checks are
// what is tested.
ModelFile with_units(ModelFile m, int units) {
  for (int h = 0; h < units; ++h) {
    HiddenUnit u;
    u.bias = 0.1 * h - 0.2;
    u.output = 0.5 - 0.25 * h;
    for (int k = 0; k < kFeatureCount; ++k) u.input[static_cast<std::size_t>(k)] = 0.01 * ((k * 7 + h * 3) % 11) - 0.05;
    m.hidden.push_back(u);
  }
  return m;
}

TEST(TrainModel, HiddenUnitsAreFittedTheSameOnAnyNumberOfThreadsAndWrittenAsVersion2) {
  TrainingOptions o;
  o.ruleset = "uk-1972";
  o.games = 30;
  o.seed = 5;
  o.hidden = 4;
  o.epochs = 2;
  o.threads = 1;
  ModelFile one, two;
  ASSERT_TRUE(train_model(o, &one).is_ok());
  o.threads = 2;
  ASSERT_TRUE(train_model(o, &two).is_ok());
  const std::string text = model_file_text(one);
  EXPECT_EQ(text, model_file_text(two));
  EXPECT_EQ(text.substr(0, text.find('\n')), "deedlog-evaluation-model 2");
  ASSERT_EQ(one.hidden.size(), 4u);
  // The units read back whole (to the nine digits the file keeps), and write the same bytes.
  ModelFile back;
  ASSERT_TRUE(parse_model_file(text, "units", "uk-1972", &back).is_ok());
  ASSERT_EQ(back.hidden.size(), 4u);
  for (std::size_t h = 0; h < 4; ++h) {
    EXPECT_NEAR(back.hidden[h].bias, one.hidden[h].bias, 1e-8 * (1 + std::fabs(one.hidden[h].bias)));
    EXPECT_NEAR(back.hidden[h].output, one.hidden[h].output, 1e-8 * (1 + std::fabs(one.hidden[h].output)));
    EXPECT_NE(one.hidden[h].output, 0.0);
    for (std::size_t k = 0; k < one.hidden[h].input.size(); ++k)
      EXPECT_NEAR(back.hidden[h].input[k], one.hidden[h].input[k], 1e-8 * (1 + std::fabs(one.hidden[h].input[k])));
  }
  EXPECT_EQ(model_file_text(back), text);
  // A linear model is still written as version 1.
  o.hidden = 0;
  ModelFile linear;
  ASSERT_TRUE(train_model(o, &linear).is_ok());
  EXPECT_EQ(model_file_text(linear).substr(0, 27), "deedlog-evaluation-model 1\n");
  o.hidden = kMaxHiddenUnits + 1;
  EXPECT_EQ(train_model(o, &linear).code(), Status::Code::InvalidArgument);
}

TEST(TrainModel, AModelWithUnitsScoresByThemAndChancesReadsIt) {
  Fixture f;
  const auto db = game(f);
  const auto linear_file = f.dir / "linear.model";
  ASSERT_EQ(testing::referee(db, "train-model --ruleset uk-1972 --games 30 --seed 1 --out " + linear_file.string()).code, 0);
  ModelFile m;
  ASSERT_TRUE(parse_model_file(testing::slurp(linear_file), "linear", "uk-1972", &m).is_ok());
  const ModelFile units = with_units(m, 3);
  const auto units_file = f.dir / "units.model";
  write(units_file, model_file_text(units));
  const auto r = testing::referee(db, "--json chances --games 40 --seed 2 --horizon 20 --model " + units_file.string());
  ASSERT_EQ(r.code, 0) << r.err;
  const json doc = json::parse(r.out);
  EXPECT_GT(doc["scored"].get<int>(), 0);
  double shares = 0;
  for (const auto& p : doc["players"]) shares += p["win"].get<double>();
  EXPECT_NEAR(shares, 1.0, 1e-9);
  // The score is the linear one plus what the units add.
  Ruleset rules;
  ASSERT_TRUE(load_ruleset("uk-1972", &rules).is_ok());
  std::unique_ptr<EvaluationModel> model;
  ASSERT_TRUE(load_model_file(units_file.string(), rules, &model).is_ok());
  GameHeader h;
  h.ruleset = "uk-1972";
  h.players = {"Ann", "Ben"};
  State s = initial_state(rules, h);
  for (const Event& e : decide_start(rules, h, std::nullopt).events) evolve(s, e);
  const Features x = model->reader().read(rules, s, 0);
  double linear = 0;
  for (std::size_t k = 0; k < x.size(); ++k) linear += m.weights[k] * x[k];
  double added = 0;
  for (const HiddenUnit& u : units.hidden) {
    double z = u.bias;
    for (std::size_t k = 0; k < x.size(); ++k) z += u.input[k] * x[k];
    added += u.output * std::tanh(z);
  }
  EXPECT_NE(added, 0.0);
  EXPECT_NEAR(model->score(rules, s, 0, ModelVariant::Plain), linear + added, 1e-9);
}

TEST(TrainModel, AVersion2FileWithItsUnitsWrongIsRefused) {
  Fixture f;
  const auto db = game(f);
  const auto good = f.dir / "good.model";
  ASSERT_EQ(testing::referee(db, "train-model --ruleset uk-1972 --games 30 --seed 1 --out " + good.string()).code, 0);
  ModelFile m;
  ASSERT_TRUE(parse_model_file(testing::slurp(good), "good", "uk-1972", &m).is_ok());
  const ModelFile units = with_units(m, 2);
  const std::string text = model_file_text(units);
  ModelFile back;
  ASSERT_TRUE(parse_model_file(text, "units", "uk-1972", &back).is_ok());
  const auto refused = [&](const std::string& name, const std::string& content) {
    const auto p = f.dir / name;
    write(p, content);
    const auto r = testing::referee(db, "--json chances --games 5 --model " + p.string());
    EXPECT_EQ(r.code, 1) << name << ": " << r.out << r.err;
    EXPECT_NE(r.err.find(p.string()), std::string::npos) << name << ": the message names the file: " << r.err;
    ModelFile out;
    EXPECT_TRUE(parse_model_file(content, name, "uk-1972", &out).is_corrupt()) << name;
  };
  const auto replaced = [&](std::string from, const std::string& what, const std::string& with) {
    const auto at = from.find(what);
    EXPECT_NE(at, std::string::npos) << what;
    if (at != std::string::npos) from.replace(at, what.size(), with);
    return resealed(from);
  };
  // An edit the SHA-256 catches.
  std::string edited = text;
  edited.insert(edited.find("unit 1 ") + 7, "9");
  refused("edited-unit.model", edited);
  // The count of units: none, too many, not a number, missing (a version 2 file of a linear model).
  refused("no-units.model", replaced(text, "hidden 2\n", "hidden 0\n"));
  refused("many-units.model", replaced(text, "hidden 2\n", fmt::format("hidden {}\n", kMaxHiddenUnits + 1)));
  refused("count.model", replaced(text, "hidden 2\n", "hidden two\n"));
  refused("more-units.model", replaced(text, "hidden 2\n", "hidden 3\n"));
  refused("fewer-units.model", replaced(text, "hidden 2\n", "hidden 1\n"));
  std::string version2_linear = model_file_text(m);
  version2_linear.replace(version2_linear.find(" 1\n"), 3, " 2\n");
  refused("version2-linear.model", resealed(version2_linear));
  // A version 1 file carrying units: its lines beyond the weights are not read as units.
  std::string version1_units = text;
  version1_units.replace(version1_units.find(" 2\n"), 3, " 1\n");
  refused("version1-units.model", resealed(version1_units));
  // A unit misnumbered or out of place, a weight of a unit not a number, not finite or too large.
  refused("misnumbered.model", replaced(text, "unit 2 ", "unit 3 "));
  refused("input-misnumbered.model", replaced(text, "input 2 cash ", "input 1 cash "));
  refused("unit-short.model", replaced(text, "unit 1 ", "unit 1 0.5\nx "));
  refused("bias.model", replaced(text, "unit 1 ", "unit 1 x"));
  refused("output-nan.model", replaced(text, "unit 2 -0.1 0.25\n", "unit 2 -0.1 nan\n"));
  refused("input-big.model", replaced(text, "input 1 deeds 0.02\n", "input 1 deeds 1e6\n"));
  // Other features in a unit: renamed, one more, one fewer.
  refused("input-renamed.model", replaced(text, "input 1 cash ", "input 1 money "));
  refused("input-extra.model", replaced(text, "unit 2 ", "input 1 luck 0.5\nunit 2 "));
  std::string fewer = text;
  const auto last_input = fewer.rfind("input ");
  fewer.erase(last_input, fewer.find('\n', last_input) + 1 - last_input);
  refused("input-fewer.model", resealed(fewer));
}

}  // namespace
}  // namespace deedlog
