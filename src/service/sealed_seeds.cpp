#include "service/sealed_seeds.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <mutex>
#include <sstream>

#include "deedlog/event_fields.h"
#include "journal/postgres_uri.h"
#include "journal/sha256.h"
#include "service/game_session.h"

namespace deedlog {
namespace {

constexpr char kHex[] = "0123456789abcdef";

// Bytes from SHA-256 of "seed/label/block", block after block: the seed's stream for one use.
class SeedStream {
 public:
  SeedStream(const std::string& seed, std::string label) : seed_(seed), label_(std::move(label)) {}

  std::uint8_t byte() {
    if (at_ == bytes_.size()) refill();
    return bytes_[at_++];
  }
  // Exactly uniform in [0, n), n >= 1: four bytes at a time, drawn again in the biased tail.
  std::uint32_t below(std::uint32_t n) {
    const std::uint64_t range = std::uint64_t{1} << 32;
    const std::uint64_t limit = range - range % n;
    for (;;) {
      std::uint64_t x = 0;
      for (int i = 0; i < 4; ++i) x = (x << 8) | byte();
      if (x < limit) return static_cast<std::uint32_t>(x % n);
    }
  }

 private:
  void refill() {
    Sha256 h;
    h.update(seed_);
    h.update("/");
    h.update(label_);
    h.update("/");
    h.update(std::to_string(block_++));
    const std::string hex = h.hex();
    bytes_.clear();
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
      bytes_.push_back(static_cast<std::uint8_t>(std::stoi(hex.substr(i, 2), nullptr, 16)));
    at_ = 0;
  }
  const std::string& seed_;
  std::string label_;
  std::uint64_t block_ = 0;
  std::vector<std::uint8_t> bytes_;
  std::size_t at_ = 0;
};

template <class T>
void shuffle(SeedStream& stream, std::vector<T>* items) {
  for (std::size_t i = items->size(); i > 1; --i) std::swap((*items)[i - 1], (*items)[stream.below(static_cast<std::uint32_t>(i))]);
}

// The properties of the board, in board order.
std::vector<SquareId> board_deeds(const Ruleset& r) {
  std::vector<SquareId> deeds;
  for (int i = 0; i < r.board_size(); ++i)
    if (r.square(static_cast<SquareId>(i)).is_property()) deeds.push_back(static_cast<SquareId>(i));
  return deeds;
}

// In-memory journals keep their seeds here, for the life of the process.
std::mutex memory_mutex;
std::map<std::string, SealRecord>& memory_seals() {
  static std::map<std::string, SealRecord> seals;
  return seals;
}

bool in_memory(const std::string& path) { return path == ":memory:"; }

using Seals = std::map<std::string, SealRecord>;  // by commitment

Status read_file(const std::string& path, Seals* seals) {
  seals->clear();
  std::ifstream in(path);
  if (!in) return Status::ok();  // no file yet: no seals
  std::stringstream text;
  text << in.rdbuf();
  try {
    const auto j = nlohmann::json::parse(text.str());
    for (const auto& [commitment, v] : j.at("seeds").items()) {
      SealRecord r;
      r.seed = v.at("seed").get<std::string>();
      r.revealed = v.value("revealed", false);
      // Stored data is checked before it is believed: the seed must be the commitment's.
      if (!well_formed_seed(r.seed) || seed_commitment(r.seed) != commitment)
        return Status::corrupt("the sealed seeds kept beside the journal are not readable");
      (*seals)[commitment] = r;
    }
  } catch (const std::exception&) {
    return Status::corrupt("the sealed seeds kept beside the journal are not readable");
  }
  return Status::ok();
}

Status write_file(const std::string& path, const Seals& seals) {
  nlohmann::ordered_json j;
  j["seeds"] = nlohmann::ordered_json::object();
  for (const auto& [c, r] : seals) j["seeds"][c] = {{"seed", r.seed}, {"revealed", r.revealed}};
  const std::string tmp = path + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return Status::io_error("cannot write the sealed seeds beside the journal");
  (void)::fchmod(fd, 0600);
  const std::string text = j.dump(1) + "\n";
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ::close(fd);
      return Status::io_error("cannot write the sealed seeds beside the journal");
    }
    done += static_cast<std::size_t>(n);
  }
  const bool synced = ::fsync(fd) == 0;
  ::close(fd);
  if (!synced || std::rename(tmp.c_str(), path.c_str()) != 0)
    return Status::io_error("cannot write the sealed seeds beside the journal");
  return Status::ok();
}

// Runs fn on the journal's seals under a lock (`<path>.lock`: shared to read, exclusive to
// write); written back when fn changed them.
Status with_seals(const Journal& journal, bool write, const std::function<Status(Seals&)>& fn) {
  const std::string path = seal_store_path(journal);
  if (path.empty()) return Status::invalid_argument("sealed games are kept beside an SQLite journal only (not on PostgreSQL yet)");
  if (in_memory(path)) {
    std::lock_guard<std::mutex> lock(memory_mutex);
    return fn(memory_seals());
  }
  const std::string lock_path = path + ".lock";
  const int lock = ::open(lock_path.c_str(), (write ? O_RDWR | O_CREAT : O_RDONLY) | O_CLOEXEC, 0600);
  if (lock < 0 && write) return Status::io_error("cannot lock the sealed seeds beside the journal");
  if (lock >= 0) (void)::flock(lock, write ? LOCK_EX : LOCK_SH);
  Seals seals;
  Status s = read_file(path, &seals);
  if (s.is_ok()) {
    const Seals before = seals;
    s = fn(seals);
    if (s.is_ok() && write) {
      bool changed = before.size() != seals.size();
      auto b = seals.cbegin();
      for (auto a = before.cbegin(); !changed && a != before.cend(); ++a, ++b)
        changed = a->first != b->first || a->second.seed != b->second.seed || a->second.revealed != b->second.revealed;
      if (changed) s = write_file(path, seals);
    }
  }
  if (lock >= 0) ::close(lock);
  return s;
}

}  // namespace

Status make_sealed_seed(std::string* seed) {
  unsigned char bytes[32];
  std::size_t got = 0;
  while (got < sizeof bytes) {
    const ssize_t n = ::getrandom(bytes + got, sizeof bytes - got, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Status::io_error("the operating system gave no random bytes for a seed");
    got += static_cast<std::size_t>(n);
  }
  seed->clear();
  for (unsigned char b : bytes) {
    seed->push_back(kHex[b >> 4]);
    seed->push_back(kHex[b & 15]);
  }
  return Status::ok();
}

std::string seed_commitment(const std::string& seed) {
  Sha256 h;
  h.update(seed);
  return h.hex();
}

bool well_formed_seed(const std::string& seed) {
  if (seed.size() < 32 || seed.size() > 128) return false;
  for (char c : seed)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

SealedChance sealed_chance(const Ruleset& r, const std::string& seed, std::uint64_t first_throw) {
  SealedChance c;
  c.first_throw = first_throw;
  for (std::uint64_t k = first_throw; k < first_throw + 4; ++k) {
    SeedStream dice(seed, "dice/" + std::to_string(k));
    const int d1 = 1 + static_cast<int>(dice.below(6));
    const int d2 = 1 + static_cast<int>(dice.below(6));
    c.dice.push_back({d1, d2});
  }
  for (int d = 0; d < kDeckCount; ++d) {
    std::vector<CardIndex>& order = c.packs[static_cast<std::size_t>(d)];
    for (std::size_t i = 0; i < r.decks[static_cast<std::size_t>(d)].cards.size(); ++i) order.push_back(static_cast<CardIndex>(i));
    SeedStream stream(seed, "pack/" + std::to_string(d));
    shuffle(stream, &order);
  }
  c.deeds = board_deeds(r);
  SeedStream deal(seed, "deeds");
  shuffle(deal, &c.deeds);
  return c;
}

SealedChance recorded_chance(const Ruleset& r, const Events& recorded, std::uint64_t first_throw) {
  SealedChance c;
  c.first_throw = first_throw;
  std::vector<SquareId> dealt;
  for (const Event& e : recorded) {
    if (e.type == EventType::DiceThrown) c.dice.push_back(std::array<int, 2>{fields::DiceThrown::die1(e), fields::DiceThrown::die2(e)});
    if (e.type == EventType::CardDiceThrown) c.dice.push_back(std::array<int, 2>{fields::CardDiceThrown::die1(e), fields::CardDiceThrown::die2(e)});
    if (e.type == EventType::CardDrawn) {
      const auto d = static_cast<std::size_t>(fields::CardDrawn::deck(e));
      if (d < c.packs.size()) c.packs[d].push_back(fields::CardDrawn::card(e));
    }
    if (e.type == EventType::TitleDealt) dealt.push_back(fields::TitleDealt::square(e));
  }
  // The rest of each pack and of the deeds after those recorded, in any order: the rules take
  // the recorded ones first where they can come, and anything else shows as a difference.
  for (int d = 0; d < kDeckCount; ++d) {
    std::vector<CardIndex>& order = c.packs[static_cast<std::size_t>(d)];
    for (std::size_t i = 0; i < r.decks[static_cast<std::size_t>(d)].cards.size(); ++i) order.push_back(static_cast<CardIndex>(i));
  }
  c.deeds = dealt;
  if (!dealt.empty())
    for (SquareId sq : board_deeds(r)) c.deeds.push_back(sq);
  return c;
}

std::string seal_store_path(const Journal& journal) {
  const std::string& at = journal.location();
  if (at.empty() || in_memory(at)) return ":memory:";
  if (is_postgres_uri(at)) return "";
  return at + ".seals";
}

Status keep_seed(const Journal& journal, const std::string& seed, std::string* commitment) {
  if (!well_formed_seed(seed)) return Status::invalid_argument("a sealed seed is 32 to 128 lowercase hex digits");
  *commitment = seed_commitment(seed);
  return with_seals(journal, true, [&](Seals& seals) {
    seals.emplace(*commitment, SealRecord{seed, false});
    return Status::ok();
  });
}

Status seed_for(const Journal& journal, const std::string& commitment, std::optional<SealRecord>* record) {
  record->reset();
  if (seal_store_path(journal).empty()) return Status::ok();
  return with_seals(journal, false, [&](Seals& seals) {
    if (auto it = seals.find(commitment); it != seals.end()) *record = it->second;
    return Status::ok();
  });
}

Status games_sealed_with(Journal& journal, const std::string& commitment, std::vector<std::int64_t>* games) {
  games->clear();
  std::vector<GameRow> rows;
  if (Status s = journal.games(&rows); !s.is_ok()) return s;
  for (const GameRow& row : rows) {
    // Only the header's own field: a game's header JSON holds "sealed" only when it is sealed.
    try {
      const auto j = nlohmann::json::parse(row.header);
      if (j.value("sealed", std::string()) == commitment) games->push_back(row.game_id);
    } catch (const std::exception&) {
      return Status::corrupt(fmt::format("the header of game {} is not readable", row.game_id));
    }
  }
  return Status::ok();
}

Status reveal_seed(Journal& journal, const std::string& commitment, Reveal* out) {
  *out = Reveal{};
  std::optional<SealRecord> kept;
  if (Status s = seed_for(journal, commitment, &kept); !s.is_ok()) return s;
  if (!kept) return Status::not_found("no seed is kept beside this journal for that commitment");
  out->commitment = commitment;
  if (Status s = games_sealed_with(journal, commitment, &out->games); !s.is_ok()) return s;
  for (std::int64_t g : out->games) {
    Game game;
    if (Status s = load_game(journal, g, 0, &game); !s.is_ok()) return s;
    if (game.state.phase == Phase::GameOver || game.state.time_called) continue;
    out->still_in_play = g;
    return Status::ok();
  }
  if (Status s = with_seals(journal, true, [&](Seals& seals) {
        seals[commitment].revealed = true;
        return Status::ok();
      });
      !s.is_ok())
    return s;
  out->seed = kept->seed;
  return Status::ok();
}

}  // namespace deedlog
