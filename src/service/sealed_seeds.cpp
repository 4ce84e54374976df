#include "service/sealed_seeds.h"

#include <sys/random.h>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cerrno>
#include <map>

#include "deedlog/event_fields.h"
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

bool well_formed_seed(const std::string& seed) { return well_formed_sealed_seed(seed); }

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

PlayerId sealed_thrower(const State& state, const Command& move) {
  if (move.actor >= 0 && move.actor < state.player_count) return move.actor;
  return state.turn;
}

std::array<int, 2> seat_dice(const std::string& seed, int seat, std::uint64_t k) {
  SeedStream dice(seed, "seat/" + std::to_string(seat + 1) + "/dice/" + std::to_string(k));
  const int d1 = 1 + static_cast<int>(dice.below(6));
  const int d2 = 1 + static_cast<int>(dice.below(6));
  return {d1, d2};
}

SealedChance sealed_chance_for_move(const Ruleset& r, const GameHeader& h, const std::string& seed, const State& state,
                                    PlayerId thrower) {
  SealedChance c = sealed_chance(r, seed, state.throws);
  if (!h.sealed_by_seat() || thrower < 0 || thrower >= state.player_count) return c;
  const std::uint64_t next = state.player(thrower).throws;
  for (std::size_t i = 0; i < c.dice.size(); ++i) c.dice[i] = seat_dice(seed, thrower, next + i);
  return c;
}

SealedChance recorded_chance(const Ruleset& r, const Events& recorded, std::uint64_t first_throw) {
  SealedChance c;
  c.first_throw = first_throw;
  c.as_recorded = true;
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

Status keep_seed(const Journal& journal, const std::string& seed, std::string* commitment) {
  if (!well_formed_seed(seed)) return Status::invalid_argument("a sealed seed is 32 to 128 lowercase hex digits");
  *commitment = seed_commitment(seed);
  // A journal that will hold sealed games is closed to others before their first throw.
  if (Status s = journal.make_private(); !s.is_ok()) return s;
  return journal.seals().keep(*commitment, seed);
}

Status seed_for(const Journal& journal, const std::string& commitment, std::optional<SealRecord>* record) {
  record->reset();
  if (Status s = journal.seals().read(commitment, record); !s.is_ok()) return s;
  // Whatever the store: a seed is believed only when it is its commitment's.
  if (*record && !sound_seal(commitment, (*record)->seed)) {
    record->reset();
    return Status::corrupt("the sealed seed kept for the game's commitment is not that commitment's seed: it is not used");
  }
  // A seed still secret is used only from a journal no one else reads (a journal an older
  // deedlog left readable is refused, naming the chmod: docs/trust.md).
  if (*record && !(*record)->revealed) {
    if (Status s = journal.check_private(); !s.is_ok()) {
      record->reset();
      return s;
    }
  }
  return Status::ok();
}

Status revealed_seed_for(const Journal& journal, const std::string& commitment, std::optional<std::string>* seed) {
  seed->reset();
  std::optional<SealRecord> kept;
  const Status s = seed_for(journal, commitment, &kept);
  if (s.is_not_private() || s.is_permission_denied()) return Status::ok();
  if (!s.is_ok()) return s;
  if (kept && kept->revealed) *seed = kept->seed;
  return Status::ok();
}

bool deals_sealed_chance(const State& state, const Command& move) {
  if (!state.sealed) return false;
  const bool referees_throw = move.verb == Verb::Roll && move.die1 == 0 && move.die2 == 0;
  const bool referees_card = move.verb == Verb::Draw && move.card_query.empty();
  // The fine paid after the last failed throw moves the token by that throw, onto a card maybe.
  const bool fine_then_move = move.verb == Verb::PayFine && state.phase == Phase::JailChoice;
  return referees_throw || referees_card || fine_then_move;
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
  if (Status s = journal.seals().mark_revealed(commitment); !s.is_ok()) return s;
  out->seed = kept->seed;
  return Status::ok();
}

}  // namespace deedlog
