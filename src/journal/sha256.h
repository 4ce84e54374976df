#pragma once
// SHA-256 fed piece by piece, without copying the pieces into one buffer first.
#include <openssl/sha.h>

#include <string>
#include <string_view>

namespace deedlog {

class Sha256 {
 public:
  Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;
  void update(std::string_view bytes);
  // Lowercase hex of the digest; the object is spent afterwards.
  std::string hex();

 private:
  SHA256_CTX ctx_;
};

}  // namespace deedlog
