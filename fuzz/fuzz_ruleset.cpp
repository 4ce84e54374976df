// Fuzz target: the edition loader (src/rules/ruleset_catalog.h).
// Input: the text of an edition data file (the format of src/rules/data/*.json, also what
// --ruleset-file reads from a user). Anything that is not a valid edition must be refused
// with a Status, never crash.
#include <cstddef>
#include <cstdint>
#include <string>

#include "rules/ruleset_catalog.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  deedlog::Ruleset ruleset;
  const deedlog::Status status = deedlog::parse_ruleset(text, &ruleset);
  (void)status.message();
  return 0;
}
