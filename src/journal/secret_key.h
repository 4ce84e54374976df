#pragma once
// Secret keys (the Head Judge's, a table's, a server's tables): 32 bytes from the operating
// system's generator, written as 64 hex digits; kept only as their SHA-256 and compared in
// constant time, so neither a stored key nor the time a wrong guess takes gives one away.
#include <string>
#include <string_view>

#include "deedlog/status.h"

namespace deedlog {

// A new key, 64 hex digits (an I/O error when the generator gives no bytes).
Status new_secret_key(std::string* hex);

// What is kept of a key: its SHA-256, in hex.
std::string key_digest(std::string_view key);

// Whether key is the one whose digest is kept (a digest of any other length, or an empty key,
// matches nothing); in constant time over the digest.
bool key_matches(const std::string& key, const std::string& digest);

// A key derived from another for one purpose: HMAC-SHA256 of `purpose` under `key`, 64 hex
// digits. Whoever holds `key` can make it again; whoever holds only the derived key learns
// nothing of `key` or of the keys derived for other purposes (a table's key from the Head
// Judge's, docs/tournaments.md).
std::string derived_key(std::string_view key, std::string_view purpose);

}  // namespace deedlog
