#include "journal/sha256.h"

#include <stdexcept>
#include <string>

#include "journal/journal.h"

namespace deedlog {

// OpenSSL's plain SHA-256 functions, not the EVP interface: EVP looks the algorithm up in its
// providers, and the first lookup of a process loads OpenSSL's configuration and provider
// tables (5.3 million instructions, a third of a `play --dry-run`, whose work is one digest).
// The plain functions use the same machine code (the CPU's SHA instructions where it has them),
// need no context from the heap and no set-up. OpenSSL 3 marks them deprecated in favour of
// EVP, which is why the warning is silenced here and only here.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

Sha256::Sha256() {
  if (SHA256_Init(&ctx_) != 1) throw std::runtime_error("OpenSSL could not start SHA-256");
}

void Sha256::update(std::string_view bytes) {
  if (bytes.empty()) return;
  if (SHA256_Update(&ctx_, bytes.data(), bytes.size()) != 1) throw std::runtime_error("OpenSSL could not hash");
}

std::string Sha256::hex() {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  if (SHA256_Final(digest, &ctx_) != 1) throw std::runtime_error("OpenSSL could not finish SHA-256");
  static constexpr char kHexDigits[] = "0123456789abcdef";
  std::string out(2 * SHA256_DIGEST_LENGTH, '0');
  for (int i = 0; i < SHA256_DIGEST_LENGTH; ++i) {
    out[2 * i] = kHexDigits[digest[i] >> 4];
    out[2 * i + 1] = kHexDigits[digest[i] & 0x0F];
  }
  return out;
}

#pragma GCC diagnostic pop

std::string sha256_hex(const std::string& text) {
  Sha256 h;
  h.update(text);
  return h.hex();
}

}  // namespace deedlog
