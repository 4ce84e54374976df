#pragma once
// Where a journal keeps the seeds of its sealed games (service/sealed_seeds.h, docs/trust.md
// "Sealed chance"): always apart from the journal's record, since the record is handed round
// before the reveal and the seed is every sealed table's dice still to come. Which store a
// journal has is the journal's kind's choice (Journal::seals()): a file beside an SQLite
// journal, this process's memory for an in-memory one, a table of its own on PostgreSQL.
// A store moves seeds and checks what it reads back (a seed must be well formed and its SHA-256
// its commitment) but knows nothing of games or reveals.
#include <memory>
#include <optional>
#include <string>

#include "deedlog/status.h"

namespace deedlog {

struct StoredSeal {
  std::string seed;
  bool revealed = false;
};

// A seed as stores hold it: 32 to 128 lowercase hex digits (at least 128 bits).
bool well_formed_sealed_seed(const std::string& seed);

// True when seed is well formed and its SHA-256 (lowercase hex) is commitment: a stored seal
// that is not is refused as corrupt by every store.
bool sound_seal(const std::string& commitment, const std::string& seed);

class SealStore {
 public:
  virtual ~SealStore() = default;
  // Keeps seed under its commitment (the caller has checked they match). A second keep of a
  // commitment already kept changes nothing; two writers keeping seeds at once lose neither.
  virtual Status keep(const std::string& commitment, const std::string& seed) = 0;
  // The seal kept for commitment, or nullopt when none is. Corrupt when the stored seal is not
  // sound (nothing is believed unchecked).
  virtual Status read(const std::string& commitment, std::optional<StoredSeal>* out) = 0;
  // Marks a kept seal revealed (NotFound when none is kept for it).
  virtual Status mark_revealed(const std::string& commitment) = 0;
};

// `path` (JSON, written whole under a lock, mode 0600, renamed into place): beside an SQLite file.
// Checked as a private key is before it is read (journal/private_file.h): not_private when others
// may read it or its folder, permission_denied when this account may not read it.
std::unique_ptr<SealStore> file_seal_store(std::string path);
// The process's memory, shared by its in-memory journals.
std::unique_ptr<SealStore> memory_seal_store();

}  // namespace deedlog
