#include "serve/serve_keys.h"

#include <optional>

#include "journal/secret_key.h"

namespace deedlog {
namespace {

KeyRole role_of(const std::string& key, const GameKeyDigests& d) {
  if (key_matches(key, d.referee)) return KeyRole::Referee;
  if (!d.table.empty() && key_matches(key, d.table)) return KeyRole::Table;
  return KeyRole::None;
}

}  // namespace

Status ServeKeys::add(std::int64_t game, GameKeys* keys) {
  GameKeys made;
  if (Status s = new_secret_key(&made.referee); !s.is_ok()) return s;
  if (Status s = new_secret_key(&made.table); !s.is_ok()) return s;
  if (Status s = store_->keep(game, GameKeyDigests{key_digest(made.referee), key_digest(made.table)}); !s.is_ok())
    return s;
  *keys = made;
  return Status::ok();
}

KeyRole ServeKeys::check(std::int64_t game, const std::string& key) {
  std::optional<GameKeyDigests> digests;
  if (!store_->read(game, &digests).is_ok()) return KeyRole::Unreadable;
  if (!digests) return KeyRole::None;
  return role_of(key, *digests);
}

std::unique_ptr<ServeKeys> open_serve_keys(const Journal& journal, const std::string& keys_file) {
  return std::make_unique<ServeKeys>(keys_file.empty() ? journal.open_key_store() : file_key_store(keys_file));
}

}  // namespace deedlog
