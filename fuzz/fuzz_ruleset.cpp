// Fuzz target: the edition loader (include/deedlog/ruleset_catalog.h).
// Input: the text of an edition data file (the format of src/rules/data/*.json, also what
// --ruleset-file reads from a user), including an overlay that "extends" a built-in edition.
// Anything that is not a valid edition must be refused with a Status, never crash.
#include <cstddef>
#include <cstdint>
#include <string>

#include "deedlog/ruleset_catalog.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  deedlog::Ruleset ruleset;
  const deedlog::Status status = deedlog::parse_ruleset(text, &ruleset);
  (void)status.message();
  // What --ruleset-file keeps in a game's header, and the reading of it back.
  std::string whole;
  if (deedlog::resolve_edition_text(text, &whole).is_ok()) (void)deedlog::parse_stored_ruleset(whole, &ruleset);
  return 0;
}
