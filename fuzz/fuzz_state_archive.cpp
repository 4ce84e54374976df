// Fuzz target: the snapshot decoder (src/engine/state_archive.h).
// Input: the bytes of a snapshot (the journal's snapshots.state blob). Damaged bytes must be
// refused, never misread into a crash; bytes that load must save and load back to the same state.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "deedlog/state_archive.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  deedlog::State state;
  if (!deedlog::load_state(bytes, &state)) return 0;
  const std::string saved = deedlog::save_state(state);
  deedlog::State again;
  if (!deedlog::load_state(saved, &again)) {
    std::fprintf(stderr, "a state that loaded was saved as bytes that do not load\n");
    std::abort();
  }
  if (!(again == state)) {
    std::fprintf(stderr, "load(save(state)) differs from the state\n");
    std::abort();
  }
  return 0;
}
