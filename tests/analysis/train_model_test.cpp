// referee train-model and model files (docs/evaluation-model.md): the same options write the
// same bytes, the file is read back by `chances --model`, and a file edited, damaged, for another
// edition or for other features is refused (exit 1, Status::corrupt naming the file), never used.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include <nlohmann/json.hpp>

#include "bots/evaluation_model.h"
#include "bots/model_file.h"
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

}  // namespace
}  // namespace deedlog
