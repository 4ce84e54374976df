#include "bots/model_file.h"

#include <charconv>
#include <optional>
#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "journal/sha256.h"

namespace deedlog {

namespace {

constexpr std::string_view kMagic = "deedlog-evaluation-model";

std::string sha256_hex(std::string_view text) {
  Sha256 h;
  h.update(text);
  return h.hex();
}

// The lines of text, without their '\n'; *ends_in_newline says whether the last one had one.
std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t nl = text.find('\n', at);
    if (nl == std::string_view::npos) {
      lines.push_back(text.substr(at));
      break;
    }
    lines.push_back(text.substr(at, nl - at));
    at = nl + 1;
  }
  return lines;
}

// "key value": the value after the key and one space, or nothing when the line is another key's.
std::optional<std::string_view> value_of(std::string_view line, std::string_view key) {
  if (line.size() <= key.size() || line.substr(0, key.size()) != key || line[key.size()] != ' ') return std::nullopt;
  return line.substr(key.size() + 1);
}

bool parse_double(std::string_view s, double* out) {
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
  return ec == std::errc() && end == s.data() + s.size();
}

bool parse_count(std::string_view s, long long* out) {
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
  return ec == std::errc() && end == s.data() + s.size() && *out >= 0;
}

}  // namespace

std::string model_file_text(const ModelFile& m) {
  std::string body =
      fmt::format("{} {}\n", kMagic, m.hidden.empty() ? kLinearModelFormatVersion : kModelFormatVersion);
  body += fmt::format("edition {}\n", m.edition);
  body += fmt::format("variant {}\n", m.variant);
  body += fmt::format("command {}\n", m.command);
  body += fmt::format("games {}\n", m.games);
  body += fmt::format("positions {}\n", m.positions);
  body += fmt::format("log-likelihood {:.6f}\n", m.log_likelihood);
  for (int i = 0; i < kFeatureCount; ++i)
    body += fmt::format("weight {} {:.9g}\n", feature_names()[static_cast<std::size_t>(i)], m.weights[static_cast<std::size_t>(i)]);
  if (!m.hidden.empty()) {
    body += fmt::format("hidden {}\n", m.hidden.size());
    for (std::size_t h = 0; h < m.hidden.size(); ++h) {
      const HiddenUnit& u = m.hidden[h];
      body += fmt::format("unit {} {:.9g} {:.9g}\n", h + 1, u.bias, u.output);
      for (int i = 0; i < kFeatureCount; ++i)
        body += fmt::format("input {} {} {:.9g}\n", h + 1, feature_names()[static_cast<std::size_t>(i)],
                            u.input[static_cast<std::size_t>(i)]);
    }
  }
  return body + fmt::format("sha256 {}\n", sha256_hex(body));
}

Status parse_model_file(std::string_view text, const std::string& name, const std::string& edition, ModelFile* out) {
  const auto bad = [&](const std::string& what) { return Status::corrupt(fmt::format("model file {}: {}", name, what)); };
  const std::vector<std::string_view> lines = split_lines(text);
  // The last line holds the SHA-256 of everything before it; checked first, so nothing of an
  // altered file is read as if it were sound.
  if (lines.empty()) return bad("empty");
  if (text.back() != '\n') return bad("does not end with a line break (cut short?)");
  const std::string_view last = lines.back();
  const auto sum = value_of(last, "sha256");
  if (!sum) return bad("its last line is not its sha256 (cut short, or something written after it?)");
  const std::string_view body = text.substr(0, text.size() - last.size() - 1);
  if (*sum != sha256_hex(body)) return bad("its sha256 does not match its content (edited or damaged)");
  ModelFile m;
  std::size_t at = 0;
  const auto next = [&](std::string_view key) -> std::optional<std::string_view> {
    if (at + 1 >= lines.size()) return std::nullopt;
    return value_of(lines[at++], key);
  };
  const auto version = next(kMagic);
  if (!version) return bad(fmt::format("not an evaluation model (its first line is not \"{} N\")", kMagic));
  if (*version != std::to_string(kLinearModelFormatVersion) && *version != std::to_string(kModelFormatVersion))
    return bad(fmt::format("format version {}, this program reads versions {} and {}", std::string(version->substr(0, 20)),
                           kLinearModelFormatVersion, kModelFormatVersion));
  const bool has_units = *version == std::to_string(kModelFormatVersion);
  const auto e = next("edition");
  if (!e || e->empty()) return bad("line 2 must be \"edition ID\"");
  m.edition = std::string(*e);
  const auto v = next("variant");
  if (!v || (*v != "plain" && *v != "short-game")) return bad("line 3 must be \"variant plain\" or \"variant short-game\"");
  m.variant = std::string(*v);
  const auto c = next("command");
  if (!c) return bad("line 4 must be \"command ...\", the command that made it");
  m.command = std::string(*c);
  const auto g = next("games");
  if (!g || !parse_count(*g, &m.games)) return bad("line 5 must be \"games N\"");
  const auto p = next("positions");
  if (!p || !parse_count(*p, &m.positions)) return bad("line 6 must be \"positions N\"");
  const auto ll = next("log-likelihood");
  if (!ll || !parse_double(*ll, &m.log_likelihood) || !std::isfinite(m.log_likelihood))
    return bad("line 7 must be \"log-likelihood X\"");
  for (int i = 0; i < kFeatureCount; ++i) {
    const std::string_view want = feature_names()[static_cast<std::size_t>(i)];
    const auto w = next("weight");
    if (!w) return bad(fmt::format("line {} must be \"weight {} X\" (the program reads {} features)", at, want, kFeatureCount));
    const std::size_t space = w->find(' ');
    const std::string_view feature = w->substr(0, space);
    if (space == std::string_view::npos || feature != want)
      return bad(fmt::format("weight {} is for feature \"{}\", the program's is \"{}\" (fitted to other features)", i + 1,
                             std::string(feature.substr(0, 40)), want));
    double x = 0;
    if (!parse_double(w->substr(space + 1), &x)) return bad(fmt::format("the weight of {} is not a number", want));
    if (!std::isfinite(x) || std::fabs(x) > kMaxModelWeight)
      return bad(fmt::format("the weight of {} is {}, beyond the bound of {}", want, x, kMaxModelWeight));
    m.weights[static_cast<std::size_t>(i)] = x;
  }
  // A weight of a unit: "NUMBER" (a finite one within the bound), or why not.
  const auto unit_weight = [&](std::string_view figure, const std::string& what, double* x) -> std::optional<Status> {
    if (!parse_double(figure, x)) return bad(fmt::format("{} is not a number", what));
    if (!std::isfinite(*x) || std::fabs(*x) > kMaxModelWeight)
      return bad(fmt::format("{} is {}, beyond the bound of {}", what, *x, kMaxModelWeight));
    return std::nullopt;
  };
  if (has_units) {
    const std::size_t hidden_line = at + 1;
    const auto h = next("hidden");
    long long units = 0;
    if (!h || !parse_count(*h, &units) || units < 1 || units > kMaxHiddenUnits)
      return bad(fmt::format("line {} must be \"hidden N\", N from 1 to {} (the units of a version 2 model)", hidden_line,
                             kMaxHiddenUnits));
    m.hidden.resize(static_cast<std::size_t>(units));
    for (long long u = 1; u <= units; ++u) {
      HiddenUnit& unit = m.hidden[static_cast<std::size_t>(u - 1)];
      const std::string number = std::to_string(u);
      const std::size_t unit_line = at + 1;
      const auto head = next("unit");
      const std::size_t s1 = head ? head->find(' ') : std::string_view::npos;
      const std::size_t s2 = s1 == std::string_view::npos ? s1 : head->find(' ', s1 + 1);
      if (!head || s2 == std::string_view::npos || head->substr(0, s1) != number)
        return bad(fmt::format("line {} must be \"unit {} BIAS OUTPUT\" (the units in order)", unit_line, number));
      if (auto refused = unit_weight(head->substr(s1 + 1, s2 - s1 - 1), fmt::format("the bias of unit {}", u), &unit.bias)) return *refused;
      if (auto refused = unit_weight(head->substr(s2 + 1), fmt::format("the output weight of unit {}", u), &unit.output)) return *refused;
      for (int i = 0; i < kFeatureCount; ++i) {
        const std::string_view want = feature_names()[static_cast<std::size_t>(i)];
        const std::size_t input_line = at + 1;
        const auto w = next("input");
        const std::size_t a = w ? w->find(' ') : std::string_view::npos;
        const std::size_t b = a == std::string_view::npos ? a : w->find(' ', a + 1);
        if (!w || b == std::string_view::npos || w->substr(0, a) != number)
          return bad(fmt::format("line {} must be \"input {} {} X\" (the program reads {} features a unit)", input_line, number,
                                 want, kFeatureCount));
        const std::string_view feature = w->substr(a + 1, b - a - 1);
        if (feature != want)
          return bad(fmt::format("input {} of unit {} is for feature \"{}\", the program's is \"{}\" (fitted to other features)",
                                 i + 1, u, std::string(feature.substr(0, 40)), want));
        if (auto refused = unit_weight(w->substr(b + 1), fmt::format("the weight of {} in unit {}", want, u),
                                 &unit.input[static_cast<std::size_t>(i)]))
          return *refused;
      }
    }
  }
  const std::size_t expected_lines =
      7 + kFeatureCount + (has_units ? 1 + m.hidden.size() * (1 + kFeatureCount) : 0) + 1;
  if (lines.size() != expected_lines)
    return bad(fmt::format("{} lines where a model of {} features and {} units has {} (features other than the program's?)",
                           lines.size(), kFeatureCount, m.hidden.size(), expected_lines));
  if (!edition.empty() && m.edition != edition)
    return bad(fmt::format("fitted for the edition {}, not {}", m.edition, edition));
  *out = std::move(m);
  return Status::ok();
}

}  // namespace deedlog
