#include "journal/secret_key.h"

#include <fmt/format.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
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

std::string derived_key(std::string_view key, std::string_view purpose) {
  unsigned char mac[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), reinterpret_cast<const unsigned char*>(purpose.data()),
       purpose.size(), mac, &length);
  std::string hex;
  for (unsigned int i = 0; i < length; ++i) hex += fmt::format("{:02x}", mac[i]);
  return hex;
}

}  // namespace deedlog
