#include "journal/sha256.h"

#include <openssl/evp.h>

#include <memory>
#include <stdexcept>
#include <string>

#include "journal/journal.h"

namespace deedlog {
namespace {

// OpenSSL 3 looks the algorithm up in its provider tables on every EVP_sha256() digest call
// and allocates a context each time; profiled, that was most of the cost of hashing an event.
// The algorithm is fetched once per process and each thread keeps one context, reset for
// each digest.
const EVP_MD* sha256_md() {
  static EVP_MD* const md = EVP_MD_fetch(nullptr, "SHA256", nullptr);
  // Fails only when OpenSSL itself is broken (no SHA-256): a journal that cannot hash cannot
  // keep its promise, so this is an exception, not a Status.
  if (md == nullptr) throw std::runtime_error("OpenSSL has no SHA-256");
  return md;
}

struct CtxDeleter {
  void operator()(EVP_MD_CTX* c) const { EVP_MD_CTX_free(c); }
};

EVP_MD_CTX* thread_context() {
  thread_local std::unique_ptr<EVP_MD_CTX, CtxDeleter> ctx(EVP_MD_CTX_new());
  if (!ctx) throw std::runtime_error("OpenSSL could not make a digest context");
  return ctx.get();
}

}  // namespace

Sha256::Sha256() : ctx_(thread_context()) {
  if (EVP_DigestInit_ex(ctx_, sha256_md(), nullptr) != 1) throw std::runtime_error("OpenSSL could not start SHA-256");
}

void Sha256::update(std::string_view bytes) {
  if (bytes.empty()) return;
  if (EVP_DigestUpdate(ctx_, bytes.data(), bytes.size()) != 1) throw std::runtime_error("OpenSSL could not hash");
}

std::string Sha256::hex() {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_DigestFinal_ex(ctx_, digest, &length) != 1) throw std::runtime_error("OpenSSL could not finish SHA-256");
  static constexpr char kHexDigits[] = "0123456789abcdef";
  std::string out(2 * length, '0');
  for (unsigned int i = 0; i < length; ++i) {
    out[2 * i] = kHexDigits[digest[i] >> 4];
    out[2 * i + 1] = kHexDigits[digest[i] & 0x0F];
  }
  return out;
}

std::string sha256_hex(const std::string& text) {
  Sha256 h;
  h.update(text);
  return h.hex();
}

}  // namespace deedlog
