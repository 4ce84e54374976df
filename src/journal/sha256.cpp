#include <openssl/evp.h>

#include <array>
#include <stdexcept>
#include <string>

#include "journal/journal.h"

namespace deedlog {

std::string sha256_hex(const std::string& text) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  // EVP_Digest fails only when OpenSSL itself is broken (no SHA-256, out of memory): a
  // journal that cannot hash cannot keep its promise, so this is an exception, not a Status.
  if (EVP_Digest(text.data(), text.size(), digest.data(), &length, EVP_sha256(), nullptr) != 1) {
    throw std::runtime_error("OpenSSL could not compute SHA-256");
  }
  static constexpr char kHexDigits[] = "0123456789abcdef";
  std::string hex;
  hex.reserve(2 * length);
  for (unsigned int i = 0; i < length; ++i) {
    hex.push_back(kHexDigits[digest[i] >> 4]);
    hex.push_back(kHexDigits[digest[i] & 0x0F]);
  }
  return hex;
}

}  // namespace deedlog
