#include "journal/analysis_store.h"

#include <fmt/format.h>

#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

#include "journal/private_file.h"

namespace deedlog {
namespace {

class MemoryAnalyses final : public AnalysisStore {
 public:
  Status keep(std::int64_t game, const std::string& document) override {
    std::lock_guard<std::mutex> lock(mutex_);
    documents_[game] = document;
    return Status::ok();
  }
  Status read(std::int64_t game, std::optional<std::string>* out) override {
    std::lock_guard<std::mutex> lock(mutex_);
    out->reset();
    if (auto it = documents_.find(game); it != documents_.end()) *out = it->second;
    return Status::ok();
  }
  std::string where(std::int64_t) const override { return ""; }

 private:
  std::mutex mutex_;
  std::map<std::int64_t, std::string> documents_;
};

// A file a game: no lock is needed, since each document is written whole and renamed into place
// (a reader sees the old one or the new), and the last analysis kept wins.
class FolderAnalyses final : public AnalysisStore {
 public:
  explicit FolderAnalyses(std::string folder) : folder_(std::move(folder)) {}

  Status keep(std::int64_t game, const std::string& document) override {
    // The folder and its files are the journal's owner's alone (docs/trust.md, "Who can read what
    // at one computer"); no name planted beside them is followed.
    if (Status s = make_private_folder(folder_); !s.is_ok()) return s;
    return write_private_file(where(game), document);
  }

  Status read(std::int64_t game, std::optional<std::string>* out) override {
    out->reset();
    std::ifstream in(where(game), std::ios::binary);
    if (!in) return Status::ok();  // none kept
    std::stringstream text;
    text << in.rdbuf();
    *out = text.str();
    return Status::ok();
  }

  std::string where(std::int64_t game) const override { return fmt::format("{}/game-{}.json", folder_, game); }

 private:
  std::string folder_;
};

}  // namespace

std::unique_ptr<AnalysisStore> folder_analysis_store(std::string folder) {
  return std::make_unique<FolderAnalyses>(std::move(folder));
}
std::unique_ptr<AnalysisStore> memory_analysis_store() { return std::make_unique<MemoryAnalyses>(); }

}  // namespace deedlog
