#include "journal/secret_key.h"

#include <fmt/format.h>
#include <openssl/crypto.h>
#include <openssl/rand.h>

#include "journal/sha256.h"

namespace deedlog {

Status new_secret_key(std::string* hex) {
  unsigned char bytes[32];
  if (RAND_bytes(bytes, sizeof bytes) != 1) return Status::io_error("no random bytes for a key");
  hex->clear();
  for (unsigned char b : bytes) *hex += fmt::format("{:02x}", b);
  return Status::ok();
}

std::string key_digest(std::string_view key) {
  Sha256 h;
  h.update(key);
  return h.hex();
}

bool key_matches(const std::string& key, const std::string& digest) {
  if (key.empty()) return false;
  const std::string got = key_digest(key);
  return got.size() == digest.size() && CRYPTO_memcmp(got.data(), digest.data(), got.size()) == 0;
}

}  // namespace deedlog
