#include "journal/key_store.h"

#include <sys/file.h>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <mutex>

#include "journal/private_file.h"

namespace deedlog {
namespace {

using ojson = nlohmann::ordered_json;
using KeysByGame = std::map<std::int64_t, GameKeyDigests>;

Status already_kept(std::int64_t game) {
  return Status::conflict(fmt::format("game {} has keys already: a game's keys are never replaced", game));
}

class MemoryKeys final : public KeyStore {
 public:
  Status prepare() override { return Status::ok(); }
  Status keep(std::int64_t game, const GameKeyDigests& digests) override {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!keys_.emplace(game, digests).second) return already_kept(game);
    return Status::ok();
  }
  Status read(std::int64_t game, std::optional<GameKeyDigests>* out) override {
    std::lock_guard<std::mutex> lock(mutex_);
    out->reset();
    if (auto it = keys_.find(game); it != keys_.end()) *out = it->second;
    return Status::ok();
  }

 private:
  std::mutex mutex_;
  KeysByGame keys_;
};

// The file is the truth, not this process's copy of it (known_): a keep re-reads it under an
// exclusive lock (flock on <file>.lock) before writing, and a read of a game not known reads it
// again, so a key made by another server over the same journal is honoured.
class FileKeys final : public KeyStore {
 public:
  explicit FileKeys(std::string path) : path_(std::move(path)) {}

  Status prepare() override {
    std::lock_guard<std::mutex> lock(mutex_);
    return merge_file();
  }

  Status keep(std::int64_t game, const GameKeyDigests& digests) override {
    std::lock_guard<std::mutex> lock(mutex_);
    int fd = -1;
    if (Status s = open_private_lock(path_ + ".lock", &fd); !s.is_ok()) return s;  // never through a link
    ::flock(fd, LOCK_EX);
    Status s = merge_file();
    if (s.is_ok()) s = known_.emplace(game, digests).second ? write_file() : already_kept(game);
    ::flock(fd, LOCK_UN);
    ::close(fd);
    return s;
  }

  Status read(std::int64_t game, std::optional<GameKeyDigests>* out) override {
    std::lock_guard<std::mutex> lock(mutex_);
    out->reset();
    auto it = known_.find(game);
    if (it == known_.end()) {
      if (Status s = merge_file(); !s.is_ok()) return s;
      it = known_.find(game);
      if (it == known_.end()) return Status::ok();
    }
    *out = it->second;
    return Status::ok();
  }

 private:
  // Merges the file into known_ (a key is never taken away by another server's write).
  Status merge_file() {
    std::ifstream in(path_);
    if (!in) return Status::ok();  // no game created through a server yet
    const ojson doc = ojson::parse(in, nullptr, false);
    if (doc.is_discarded() || !doc.is_object() || !doc.contains("games") || !doc["games"].is_object())
      return Status::corrupt(fmt::format("{}: not a keys file ({{\"games\": {{ID: {{referee, table}}}}}})", path_));
    auto is_digest = [](const ojson& v) { return v.is_string() && v.get<std::string>().size() == 64; };
    for (const auto& [id, entry] : doc["games"].items()) {
      GameKeyDigests d;
      if (is_digest(entry)) {
        d.referee = entry.get<std::string>();
      } else if (entry.is_object() && entry.contains("referee") && is_digest(entry["referee"]) &&
                 (!entry.contains("table") || is_digest(entry["table"]))) {
        d.referee = entry["referee"].get<std::string>();
        if (entry.contains("table")) d.table = entry["table"].get<std::string>();
      } else {
        return Status::corrupt(fmt::format("{}: game {}'s keys are not SHA-256 digests", path_, id));
      }
      try {
        known_[std::stoll(id)] = d;
      } catch (const std::exception&) {
        return Status::corrupt(fmt::format("{}: '{}' is not a game id", path_, id));
      }
    }
    return Status::ok();
  }

  Status write_file() const {
    ojson games = ojson::object();
    for (const auto& [id, d] : known_) {
      ojson entry{{"referee", d.referee}};
      if (!d.table.empty()) entry["table"] = d.table;
      games[std::to_string(id)] = entry;
    }
    // Readable by the server's account alone (0600, whatever the umask): the digests open no
    // game, but they are no one else's business either. A private temporary with a random name,
    // never a name planted beside the file (journal/private_file.h).
    return write_private_file(path_, ojson{{"games", games}}.dump(1) + "\n");
  }

  std::string path_;
  std::mutex mutex_;
  KeysByGame known_;
};

}  // namespace

std::unique_ptr<KeyStore> file_key_store(std::string path) { return std::make_unique<FileKeys>(std::move(path)); }
std::unique_ptr<KeyStore> memory_key_store() { return std::make_unique<MemoryKeys>(); }

}  // namespace deedlog
