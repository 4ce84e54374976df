#pragma once
// An evaluation model's file (docs/evaluation-model.md, "The model file"): plain text, one item a
// line, ending in the SHA-256 of everything before its last line, so an edit, a truncation or a
// damaged copy is refused rather than used.
//
//   deedlog-evaluation-model 1              the format's version
//   edition uk-1972                         the edition fitted (its id)
//   variant plain                           plain | short-game
//   command referee train-model ...         the command that made the file (reproducible)
//   games 20000                             self-play games, positions and mean log-likelihood
//   positions 512345                        of the fit (figures for the reader; not read back)
//   log-likelihood -1.0123
//   weight cash 0.812345678                 one line a feature, in the program's order and names
//   ...
//   hidden 16                               version 2 only: the hidden units (bots/model_network.h),
//   unit 1 -0.123 0.456                     each its bias and output weight, then its weight on
//   input 1 cash 0.0123                     each feature, in the program's order and names
//   ...
//   sha256 <64 lowercase hex digits>        of every byte before this line
//
// A linear model is written as version 1, as before the units; one with units as version 2.
#include <cstddef>
#include <string>
#include <string_view>

#include "bots/model_features.h"
#include "bots/model_network.h"
#include "deedlog/status.h"

namespace deedlog {

// The versions of the format this program reads: 1, a linear model; 2, one with hidden units.
inline constexpr int kLinearModelFormatVersion = 1;
inline constexpr int kModelFormatVersion = 2;
// The largest weight a file may hold: a fit of scaled figures stays far below it, and a larger
// one is a damaged or hand-made file whose shares would be all or nothing.
inline constexpr double kMaxModelWeight = 100.0;

// The most a model file may hold: a model of any features this program reads is far smaller.
inline constexpr std::size_t kMaxModelFileBytes = 64 * 1024;

struct ModelFile {
  std::string edition;
  std::string variant = "plain";   // "plain" or "short-game"
  std::string command;             // the command that made it
  long long games = 0;
  long long positions = 0;
  double log_likelihood = 0;       // mean per position
  Features weights{};
  HiddenLayer hidden;              // none: a linear model (version 1)
};

// The file's text, its sha256 line last. The same model gives the same bytes.
std::string model_file_text(const ModelFile& model);

// Reads a model file's text; `name` (the file's name) goes in every message. Refused as corrupt,
// saying what is wrong: another version, a line missing or out of place, features other than the
// program's (names and order), a weight not finite or beyond kMaxModelWeight, a SHA-256 that
// does not match; in version 2, a count of units not 1 to kMaxHiddenUnits, a unit's lines
// missing, misnumbered or out of place. `edition` non-empty: refused too when the file is for another edition.
Status parse_model_file(std::string_view text, const std::string& name, const std::string& edition, ModelFile* out);

}  // namespace deedlog
