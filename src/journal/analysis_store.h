#pragma once
// Where the analyses of a journal's games are kept (service/kept_analysis.h: the document
// `referee analyse --json` gives, with the head it analysed), so that the viewers show one
// without computing it again. A cache, kept apart from the journal's record: dropping it changes
// no answer. Which store a journal has is its kind's choice (Journal::open_analysis_store()): a
// private folder beside an SQLite journal (`<file>.analysis/game-ID.json`), a table of its own in
// a PostgreSQL journal's database (deedlog_kept_analyses), the store's memory for an in-memory
// journal. A store moves documents as text; what a document must hold is the service's business.
//
// As the key store (journal/key_store.h), one store may be used by many threads at once and may
// outlive the journal that made it.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "deedlog/status.h"

namespace deedlog {

class AnalysisStore {
 public:
  virtual ~AnalysisStore() = default;
  // Keeps document (JSON text) as game's analysis, replacing any kept before.
  virtual Status keep(std::int64_t game, const std::string& document) = 0;
  // The document kept for game, or nullopt when none is.
  virtual Status read(std::int64_t game, std::optional<std::string>* out) = 0;
  // Where game's analysis is kept, for a message ("" where it has no name of its own).
  virtual std::string where(std::int64_t game) const = 0;
};

// `folder`/game-ID.json: the folder made this account's alone (0700), each document written
// whole through a private temporary renamed into place, mode 0600 (journal/private_file.h). A
// document is read as it is (as the server's keys file: what it holds is checked by its reader).
std::unique_ptr<AnalysisStore> folder_analysis_store(std::string folder);
// This store's memory, for the life of the store.
std::unique_ptr<AnalysisStore> memory_analysis_store();

}  // namespace deedlog
