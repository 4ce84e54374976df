#pragma once
// Where the write keys of the games created through referee serve are kept (docs/serve.md,
// "Keys"): only their SHA-256 digests, never the keys, so a copy of the store opens no game.
// Which store a journal has is its kind's choice (Journal::open_key_store()): a file beside an
// SQLite journal (`<file>.keys`), a table of its own in a PostgreSQL journal's database
// (deedlog_serve_keys), this store's memory for an in-memory journal. Every server over the same
// journal sees the same keys. A store moves digests and checks what it reads back (each is 64
// characters, as a SHA-256 in hex is) but knows nothing of what a key may do (serve/serve_keys.h).
//
// Unlike a journal, one store may be used by many threads at once (a server's requests), and it
// may outlive the journal that made it: it holds its own file name or connection.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "deedlog/status.h"

namespace deedlog {

// The digests a game's keys are checked against: the referee's key's, and the table's (""
// for a game made before tables had keys of their own).
struct GameKeyDigests {
  std::string referee;
  std::string table;
};

class KeyStore {
 public:
  virtual ~KeyStore() = default;
  // Reads (or makes) the store before it is used: the file read and checked, the table made. A
  // failure here stops a server before it listens.
  virtual Status prepare() = 0;
  // Keeps the digests of game's keys, once, when the game is made: a game's keys are never
  // replaced (a second keep of a game is refused, the first keys kept).
  virtual Status keep(std::int64_t game, const GameKeyDigests& digests) = 0;
  // The digests kept for game, or nullopt when none are. A failure (the file unreadable, the
  // database away) is an error, never nullopt: the caller must not take it for "no keys".
  virtual Status read(std::int64_t game, std::optional<GameKeyDigests>* out) = 0;
};

// `path`, JSON: {"games": {"ID": {"referee": "<sha-256 hex>", "table": "<sha-256 hex>"}}}
// (a file written before tables had keys, {"ID": "<hex>"}, is read as the referee's key
// alone), written whole under `<path>.lock` and renamed into place, mode 0600 whatever the
// umask (journal/private_file.h). Two servers may share it: a game this store does not know is
// looked for in the file again, and a write re-reads the file first, so neither loses the
// other's keys.
std::unique_ptr<KeyStore> file_key_store(std::string path);
// This store's memory, for the life of the store.
std::unique_ptr<KeyStore> memory_key_store();

}  // namespace deedlog
