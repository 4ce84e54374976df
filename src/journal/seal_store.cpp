#include "journal/seal_store.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <mutex>

#include "journal/chained_journal.h"
#include "journal/private_file.h"
#include "journal/sha256.h"

namespace deedlog {

bool well_formed_sealed_seed(const std::string& seed) {
  if (seed.size() < 32 || seed.size() > 128) return false;
  for (char c : seed)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

bool sound_seal(const std::string& commitment, const std::string& seed) {
  if (!well_formed_sealed_seed(seed)) return false;
  Sha256 h;
  h.update(seed);
  return h.hex() == commitment;
}

namespace {

using Seals = std::map<std::string, StoredSeal>;  // by commitment

Status unreadable() { return Status::corrupt("the sealed seeds kept beside the journal are not readable"); }

// The seeds of every in-memory journal of this process, for its life.
class MemorySeals final : public SealStore {
 public:
  Status keep(const std::string& commitment, const std::string& seed) override {
    std::lock_guard<std::mutex> lock(mutex());
    seals().emplace(commitment, StoredSeal{seed, false});
    return Status::ok();
  }
  Status read(const std::string& commitment, std::optional<StoredSeal>* out) override {
    std::lock_guard<std::mutex> lock(mutex());
    out->reset();
    if (auto it = seals().find(commitment); it != seals().end()) *out = it->second;
    return Status::ok();
  }
  Status mark_revealed(const std::string& commitment) override {
    std::lock_guard<std::mutex> lock(mutex());
    auto it = seals().find(commitment);
    if (it == seals().end()) return Status::not_found("no seed is kept for that commitment");
    it->second.revealed = true;
    return Status::ok();
  }

 private:
  static std::mutex& mutex() {
    static std::mutex m;
    return m;
  }
  static Seals& seals() {
    static Seals s;
    return s;
  }
};

// `<journal>.seals`: read whole and checked whole (one unsound seal and the file is refused),
// written whole through a private temporary renamed into place (journal/private_file.h), under
// `<path>.lock` (shared to read, exclusive to write), so two writers lose no seed. The file is
// checked as ssh checks a key before anything in it is believed: one that others may read, or
// that sits in a folder others may write, is refused (docs/trust.md, "Who can read what at one
// computer"), and one this account may not read says so, not that no seed is kept.
class FileSeals final : public SealStore {
 public:
  explicit FileSeals(std::string path) : path_(std::move(path)) {}

  Status keep(const std::string& commitment, const std::string& seed) override {
    return with_seals(true, [&](Seals& seals) {
      seals.emplace(commitment, StoredSeal{seed, false});
      return Status::ok();
    });
  }
  Status read(const std::string& commitment, std::optional<StoredSeal>* out) override {
    out->reset();
    return with_seals(false, [&](Seals& seals) {
      if (auto it = seals.find(commitment); it != seals.end()) *out = it->second;
      return Status::ok();
    });
  }
  Status mark_revealed(const std::string& commitment) override {
    return with_seals(true, [&](Seals& seals) {
      auto it = seals.find(commitment);
      if (it == seals.end()) return Status::not_found("no seed is kept beside this journal for that commitment");
      it->second.revealed = true;
      return Status::ok();
    });
  }

 private:
  Status read_file(Seals* seals) const {
    seals->clear();
    std::string text;
    bool exists = false;
    if (Status s = read_private_file(path_, &text, &exists); !s.is_ok()) {
      if (s.is_permission_denied())
        return reworded(s, fmt::format("the seeds of this journal's sealed games cannot be read: {}. Sealed games are "
                                       "thrown by the account that keeps their seeds (the Head Judge's), at its own "
                                       "command line or through `referee serve`",
                                       s.message()));
      return reworded(s, fmt::format("the seeds of this journal's sealed games are not used: {}", s.message()));
    }
    if (!exists) return Status::ok();  // no file yet: no seals
    try {
      const auto j = nlohmann::json::parse(text);
      for (const auto& [commitment, v] : j.at("seeds").items()) {
        StoredSeal r;
        r.seed = v.at("seed").get<std::string>();
        r.revealed = v.value("revealed", false);
        // Stored data is checked before it is believed: the seed must be the commitment's.
        if (!sound_seal(commitment, r.seed)) return unreadable();
        (*seals)[commitment] = r;
      }
    } catch (const std::exception&) {
      return unreadable();
    }
    return Status::ok();
  }

  Status write_file(const Seals& seals) const {
    nlohmann::ordered_json j;
    j["seeds"] = nlohmann::ordered_json::object();
    for (const auto& [c, r] : seals) j["seeds"][c] = {{"seed", r.seed}, {"revealed", r.revealed}};
    if (Status s = write_private_file(path_, j.dump(1) + "\n"); !s.is_ok())
      return reworded(s, fmt::format("cannot write the sealed seeds beside the journal: {}", s.message()));
    return Status::ok();
  }

  // Runs fn on the seals under the lock; written back when fn changed them. A reader takes the
  // lock when it may open it (a lock it cannot open, or none yet, and it reads without one: the
  // file is only ever replaced whole).
  Status with_seals(bool write, const std::function<Status(Seals&)>& fn) const {
    const std::string lock_path = path_ + ".lock";
    int lock = -1;
    if (write) {
      if (Status s = open_private_lock(lock_path, &lock); !s.is_ok())
        return reworded(s, fmt::format("cannot lock the sealed seeds beside the journal: {}", s.message()));
    } else {
      lock = ::open(lock_path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    }
    if (lock >= 0) (void)::flock(lock, write ? LOCK_EX : LOCK_SH);
    Seals seals;
    Status s = read_file(&seals);
    if (s.is_ok()) {
      const Seals before = seals;
      s = fn(seals);
      if (s.is_ok() && write) {
        bool changed = before.size() != seals.size();
        auto b = seals.cbegin();
        for (auto a = before.cbegin(); !changed && a != before.cend(); ++a, ++b)
          changed = a->first != b->first || a->second.seed != b->second.seed || a->second.revealed != b->second.revealed;
        if (changed) s = write_file(seals);
      }
    }
    if (lock >= 0) ::close(lock);
    return s;
  }

  std::string path_;
};

}  // namespace

std::unique_ptr<SealStore> file_seal_store(std::string path) { return std::make_unique<FileSeals>(std::move(path)); }
std::unique_ptr<SealStore> memory_seal_store() { return std::make_unique<MemorySeals>(); }

}  // namespace deedlog
