#pragma once
// The write keys of the games created through referee serve (docs/serve.md, "Keys"). A key is
// shown once, when its game is created; only its SHA-256 is kept, and a check compares digests in
// constant time, so a copy of the store opens no game. Where the digests are kept is the
// journal's business (journal/key_store.h): every server over the same journal sees the same
// keys (for a PostgreSQL journal they are kept in its database, so any server behind a proxy
// honours a key another made; for an SQLite journal in a file beside it).
#include <cstdint>
#include <memory>
#include <string>

#include "deedlog/status.h"
#include "journal/journal.h"

namespace deedlog {

// Who a key speaks for (INTERFACE.md section 4, issue "Clubs and leagues"): the referee's key,
// given to whoever creates the game, may make every move, the referee's own included (take-backs,
// awards, calling time, dealing); the table's key only the players' moves, so a table can score
// its game without being able to rewrite it.
// Unreadable: the store of keys cannot be read now (its database takes no connections, during a
// failover): the server's trouble, which no key can settle (503, never 401).
enum class KeyRole { None, Table, Referee, Unreadable };

// The two keys of a new game, in clear: shown once, never stored.
struct GameKeys {
  std::string referee;
  std::string table;
};

class ServeKeys {
 public:
  explicit ServeKeys(std::unique_ptr<KeyStore> store) : store_(std::move(store)) {}
  // Reads (or makes) the store; a failure here stops the server before it listens.
  Status load() { return store_->prepare(); }
  // Two new random keys for game; stored (hashed) before they are given.
  Status add(std::int64_t game, GameKeys* keys);
  // What key opens in game: None for a wrong key or a game without keys; Unreadable when the
  // store cannot be read.
  KeyRole check(std::int64_t game, const std::string& key);

 private:
  std::unique_ptr<KeyStore> store_;
};

// The keys of journal's games: in the file keys_file when one is given, otherwise in the
// journal's own store (Journal::open_key_store: the table deedlog_serve_keys of a PostgreSQL
// journal's database, the file <db>.keys beside an SQLite journal).
std::unique_ptr<ServeKeys> open_serve_keys(const Journal& journal, const std::string& keys_file);

}  // namespace deedlog
