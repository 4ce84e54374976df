#include "commands/new_game_edition.h"

#include <fmt/format.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "deedlog/ruleset_catalog.h"

namespace deedlog {

Status edition_for_new_game(const std::string& ruleset_file, GameHeader* header, Ruleset* ruleset) {
  if (ruleset_file.empty()) {
    if (Status s = load_ruleset(header->ruleset, ruleset); !s.is_ok()) return s;
    return turn_on_house_rules(header->house_rules, ruleset);
  }
  std::ifstream in(ruleset_file, std::ios::binary);
  if (!in) return Status::io_error(unreadable_ruleset_file(ruleset_file));
  std::stringstream buf;
  buf << in.rdbuf();
  // The game keeps the whole edition, not an overlay of a built-in one.
  std::string data;
  Status resolved = resolve_edition_text(buf.str(), &data);
  if (resolved.is_ok()) resolved = parse_stored_ruleset(data, ruleset);
  if (!resolved.is_ok()) return Status::invalid_argument(fmt::format("{}: {}", ruleset_file, resolved.message()));
  if (!header->ruleset.empty() && header->ruleset != ruleset->id)
    return Status::invalid_argument(
        fmt::format("{} is the edition '{}', but the game names '{}'", ruleset_file, ruleset->id, header->ruleset));
  header->ruleset = ruleset->id;
  header->ruleset_data = data;
  return turn_on_house_rules(header->house_rules, ruleset);
}

std::string unreadable_ruleset_file(const std::string& ruleset_file) {
  if (ruleset_file.empty() || std::ifstream(ruleset_file, std::ios::binary)) return {};
  return fmt::format("cannot read the --ruleset-file {} (no such file, or not readable)", ruleset_file);
}

std::string edition_id_in(const std::string& ruleset_file) {
  std::ifstream in(ruleset_file, std::ios::binary);
  std::stringstream buf;
  buf << in.rdbuf();
  const auto j = nlohmann::json::parse(buf.str(), nullptr, false);
  return j.is_object() && j.contains("id") && j["id"].is_string() ? j["id"].get<std::string>() : std::string();
}

}  // namespace deedlog
