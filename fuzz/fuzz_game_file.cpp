// Fuzz target: the .game notation parser (include/deedlog/game_file.h).
// Input: the bytes of a game file. The header is parsed; when it names a built-in edition the
// whole file is parsed against it, and every move that parses must print and parse back to
// the same command (the contract stated beside print_move).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

#include "deedlog/game_file.h"
#include "deedlog/ruleset_catalog.h"

namespace {

const deedlog::Ruleset* builtin(const std::string& id) {
  // Editions are loaded once: parsing the embedded JSON on every input would dominate the run.
  static std::map<std::string, deedlog::Ruleset> cache;
  if (auto it = cache.find(id); it != cache.end()) return &it->second;
  deedlog::Ruleset r;
  if (!deedlog::load_ruleset(id, &r).is_ok()) return nullptr;  // unknown ids are not cached
  return &cache.emplace(id, std::move(r)).first->second;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  deedlog::GameHeader header;
  deedlog::ParseError error;
  if (!deedlog::parse_header(text, &header, &error)) return 0;
  (void)deedlog::format_error(error);
  const deedlog::Ruleset* ruleset = builtin(header.ruleset);
  if (ruleset == nullptr) return 0;
  deedlog::GameFile game;
  if (!deedlog::parse_game(text, *ruleset, &game, &error)) {
    (void)deedlog::format_error(error);
    return 0;
  }
  for (const deedlog::MoveLine& m : game.moves) {
    const std::string printed = deedlog::print_move(m.command, *ruleset, game.header.players);
    deedlog::Command again;
    deedlog::ParseError again_error;
    if (!deedlog::parse_move(printed, *ruleset, game.header.players, &again, &again_error)) {
      std::fprintf(stderr, "line %d: '%s' printed as '%s', which does not parse: %s\n", m.line, m.text.c_str(),
                   printed.c_str(), again_error.message.c_str());
      std::abort();
    }
    if (!(again == m.command)) {
      std::fprintf(stderr, "line %d: '%s' printed as '%s', which parses to another command\n", m.line,
                   m.text.c_str(), printed.c_str());
      std::abort();
    }
  }
  return 0;
}
