#include "service/kept_analysis.h"

#include <fstream>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "service/analysis_report.h"

namespace deedlog {
namespace {

bool is_hex_hash(const nlohmann::json& j) {
  if (!j.is_string()) return false;
  const std::string& s = j.get_ref<const std::string&>();
  if (s.size() != 64) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

bool is_share(const nlohmann::json& j) { return j.is_number() && j.get<double>() >= 0 && j.get<double>() <= 1; }

}  // namespace

Status check_analysis_shape(const nlohmann::json& doc) {
  auto bad = [](const std::string& what) { return Status::invalid_argument("not an analysis of a game: " + what); };
  if (!doc.is_object()) return bad("not a JSON object");
  if (!doc.contains("players") || !doc["players"].is_array() || doc["players"].empty()) return bad("no players");
  for (const auto& p : doc["players"])
    if (!p.is_object() || !p.contains("name") || !p["name"].is_string()) return bad("a player without a name");
  if (!doc.contains("moves") || !doc["moves"].is_array()) return bad("no moves");
  if (doc.contains("head") && !is_hex_hash(doc["head"])) return bad("a head that is not a hash");
  std::int64_t previous = 0;
  for (const auto& m : doc["moves"]) {
    if (!m.is_object()) return bad("a move that is not an object");
    if (!m.contains("seq") || !m["seq"].is_number_integer() || m["seq"].get<std::int64_t>() < 1)
      return bad("a move without its seq");
    const std::int64_t seq = m["seq"].get<std::int64_t>();
    if (seq <= previous) return bad(fmt::format("move {} out of order", seq));
    previous = seq;
    if (!m.contains("move") || !m["move"].is_string()) return bad(fmt::format("move {} without its text", seq));
    if (!m.contains("win") || !m["win"].is_object()) return bad(fmt::format("move {} without its win chances", seq));
    for (const auto& [name, share] : m["win"].items())
      if (!is_share(share)) return bad(fmt::format("move {}: {}'s win chance is not a share from 0 to 1", seq, name));
    for (const char* key : {"luck", "error"})
      if (m.contains(key) && !m[key].is_number()) return bad(fmt::format("move {}: {} is not a number", seq, key));
    if (m.contains("mark")) {
      const auto& mark = m["mark"];
      if (!mark.is_string() || (mark != "doubtful" && mark != "bad" && mark != "very_bad" && mark != "uncertain"))
        return bad(fmt::format("move {}: an unknown mark", seq));
    }
  }
  return Status::ok();
}

namespace {

// A document's text, parsed and checked; `where` names it in the message.
Status parse_analysis(const std::string& text, const std::string& where, nlohmann::json* doc) {
  nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return Status::invalid_argument(fmt::format("{} is not JSON", where));
  if (Status s = check_analysis_shape(j); !s.is_ok()) return Status::invalid_argument(where + ": " + s.message());
  *doc = std::move(j);
  return Status::ok();
}

}  // namespace

Status read_analysis_file(const std::string& path, nlohmann::json* doc) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::not_found(fmt::format("no analysis file {}", path));
  std::stringstream text;
  text << in.rdbuf();
  return parse_analysis(text.str(), path, doc);
}

Status keep_analysis(AnalysisStore& store, std::int64_t game, const nlohmann::json& doc) {
  if (!doc.is_object() || !doc.contains("head") || !is_hex_hash(doc["head"]))
    return Status::invalid_argument("an analysis is kept with the head it analysed");
  if (Status s = check_analysis_shape(doc); !s.is_ok()) return s;
  // Private wherever it is kept (the folder 0700 and its files 0600, the table closed to PUBLIC:
  // docs/trust.md, "Who can read what at one computer"), and written whole: a reader sees the old
  // document or the new, never half.
  return store.keep(game, doc.dump() + "\n");
}

Status find_kept_analysis(AnalysisStore& store, std::int64_t game, const std::string& head, nlohmann::json* doc) {
  std::optional<std::string> text;
  if (Status s = store.read(game, &text); !s.is_ok()) return s;
  const std::string where = store.where(game);
  if (!text) return Status::not_found(fmt::format("no analysis is kept for game {}", game));
  nlohmann::json j;
  if (Status s = parse_analysis(*text, where.empty() ? fmt::format("the analysis kept for game {}", game) : where, &j);
      !s.is_ok())
    return s;
  if (!j.contains("head") || j["head"] != head)
    return Status::not_found(fmt::format("the analysis kept for game {} is of an earlier head: the game has moved on", game));
  // An analysis of an older method (or of none named: before methods were) is computed again.
  if (!j.contains("method") || !j["method"].is_number_integer() || j["method"].get<int>() != kAnalysisMethod)
    return Status::not_found(fmt::format("the analysis kept for game {} is of an older method: it is computed again", game));
  *doc = std::move(j);
  return Status::ok();
}

}  // namespace deedlog
