#pragma once
// SHA-256 fed piece by piece, without copying the pieces into one buffer first. One digest at
// a time per thread: the OpenSSL context is the thread's own and reused (see sha256.cpp).
#include <openssl/types.h>

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
  EVP_MD_CTX* ctx_;
};

}  // namespace deedlog
