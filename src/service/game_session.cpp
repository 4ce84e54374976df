#include "service/game_session.h"
#include "service/game_log.h"
#include "service/sealed_seeds.h"
#include "service/rent_claims.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <nlohmann/json.hpp>

#include "deedlog/event_codec.h"
#include "deedlog/event_fields.h"
#include "deedlog/event_text.h"
#include "deedlog/evolve.h"
#include "deedlog/game_file.h"
#include "deedlog/legal_moves.h"
#include "deedlog/player_ref.h"
#include "deedlog/ruleset_catalog.h"
#include "deedlog/state_archive.h"
#include "deedlog/state_check.h"

namespace deedlog {

std::string header_to_json(const GameHeader& h) {
  nlohmann::ordered_json j;
  j["ruleset"] = h.ruleset;
  j["players"] = h.players;
  j["variants"] = h.variants;
  if (h.seed) j["seed"] = std::to_string(*h.seed);
  // Written only for a sealed game, so the hashed header of every other game is as before.
  if (!h.sealed.empty()) j["sealed"] = h.sealed;
  if (!h.sealed_dice.empty()) j["sealed_dice"] = h.sealed_dice;  // likewise: games sealed by seat only
  if (!h.started.empty()) j["started"] = h.started;
  if (!h.time_limit.empty()) j["time_limit"] = h.time_limit;
  if (!h.ruleset_data.empty()) j["ruleset_data"] = h.ruleset_data;
  if (h.format != 0) j["format"] = h.format;
  if (!h.setup.empty()) j["setup"] = h.setup;
  // Written only when some are played, so the hashed header of every other game is as before.
  if (!h.house_rules.empty()) j["house_rules"] = h.house_rules;
  j["tags"] = nlohmann::ordered_json::array();
  for (const auto& [k, v] : h.tags) j["tags"].push_back({k, v});
  return j.dump();
}

Status header_from_json(const std::string& text, GameHeader* h) {
  try {
    const auto j = nlohmann::json::parse(text);
    GameHeader g;
    g.ruleset = j.at("ruleset").get<std::string>();
    g.players = j.at("players").get<std::vector<std::string>>();
    g.variants = j.value("variants", std::vector<std::string>{});
    if (j.contains("seed")) g.seed = std::stoull(j.at("seed").get<std::string>());
    g.sealed = j.value("sealed", std::string());
    g.sealed_dice = j.value("sealed_dice", std::string());
    g.started = j.value("started", std::string());
    g.time_limit = j.value("time_limit", std::string());
    g.ruleset_data = j.value("ruleset_data", std::string());
    g.format = j.value("format", 0);
    g.setup = j.value("setup", std::string());
    g.house_rules = j.value("house_rules", std::vector<std::string>{});
    if (j.contains("tags"))
      for (const auto& t : j.at("tags")) g.tags.emplace_back(t.at(0).get<std::string>(), t.at(1).get<std::string>());
    *h = std::move(g);
    return Status::ok();
  } catch (const std::exception& e) {
    return Status::corrupt(fmt::format("the game's header is not readable: {}", e.what()));
  }
}

namespace {

// The editions games of this thread were read with, by what their headers say. Parsing an
// edition costs more than verifying a short game; a file of many games of one edition parses
// it once. Only an edition that parsed and passed its checks is kept.
struct EditionCache {
  static constexpr std::size_t kKept = 8;
  std::vector<std::pair<std::string, Ruleset>> entries;
};

std::string edition_key(const GameHeader& header) {
  std::string key = header.ruleset;
  key += '\0';
  key += header.ruleset_data;
  for (const std::string& rule : header.house_rules) {
    key += '\0';
    key += rule;
  }
  return key;
}

Status parse_edition_for(const GameHeader& header, Ruleset* out);

}  // namespace

Status ruleset_for(const GameHeader& header, Ruleset* out) {
  thread_local EditionCache cache;
  const std::string key = edition_key(header);
  for (const auto& [k, ruleset] : cache.entries)
    if (k == key) {
      *out = ruleset;
      return Status::ok();
    }
  Ruleset r;
  if (Status s = parse_edition_for(header, &r); !s.is_ok()) return s;
  if (cache.entries.size() == EditionCache::kKept) cache.entries.erase(cache.entries.begin());
  cache.entries.emplace_back(key, r);
  *out = std::move(r);
  return Status::ok();
}

namespace {

Status parse_edition_for(const GameHeader& header, Ruleset* out) {
  Ruleset r;
  if (header.ruleset_data.empty()) {
    if (Status s = load_ruleset(header.ruleset, &r); !s.is_ok()) return s;
  } else {
    if (Status s = parse_stored_ruleset(header.ruleset_data, &r); !s.is_ok()) return s;
    if (r.id != header.ruleset)
      return Status::invalid_argument(fmt::format("the edition file is '{}', but the game says [Ruleset \"{}\"]",
                                                  r.id, header.ruleset));
  }
  // A stored header is data from a file: an unknown house rule is refused, not skipped.
  if (Status s = turn_on_house_rules(header.house_rules, &r); !s.is_ok()) return Status::corrupt(s.message());
  *out = std::move(r);
  return Status::ok();
}

}  // namespace

Status resolve_game_id(Journal& journal, std::optional<std::int64_t> wanted, std::int64_t* id) {
  std::vector<GameRow> games;
  if (Status s = journal.games(&games); !s.is_ok()) return s;
  if (wanted) {
    for (const auto& g : games)
      if (g.game_id == *wanted) {
        *id = *wanted;
        return Status::ok();
      }
    return Status::not_found(fmt::format("no game {} in this journal", *wanted));
  }
  if (games.empty()) return Status::not_found("the journal holds no game yet (referee new, or referee import)");
  if (games.size() > 1) {
    std::string ids;
    for (const auto& g : games) ids += (ids.empty() ? "" : ", ") + std::to_string(g.game_id);
    return Status::invalid_argument(fmt::format("the journal holds {} games ({}): say which with --game",
                                                games.size(), ids));
  }
  *id = games.front().game_id;
  return Status::ok();
}

Status read_game_header(Journal& journal, std::int64_t id, Game* game, GameRow* row) {
  GameRow read;
  if (Status s = journal.game(id, &read); !s.is_ok()) return s;
  game->id = id;
  if (Status s = header_from_json(read.header, &game->header); !s.is_ok()) return s;
  if (Status s = ruleset_for(game->header, &game->ruleset); !s.is_ok()) return s;
  if (row != nullptr) *row = std::move(read);
  return Status::ok();
}

namespace {

// load_game, from the latest sound snapshot when `from_snapshot`, else from the opening.
Status fold_game(Journal& journal, std::int64_t id, std::int64_t to_seq, bool from_snapshot, Game* game) {
  GameRow row;
  Game g;
  if (Status s = read_game_header(journal, id, &g, &row); !s.is_ok()) return s;
  g.state = initial_state(g.ruleset, g.header);
  g.head_hash = row.genesis;
  if (to_seq < 0) return Status::invalid_argument("events are numbered from 1: there is no event " + std::to_string(to_seq));
  // Start from the latest sound snapshot at or before the point wanted; fold only the tail.
  const std::int64_t limit = to_seq > 0 ? to_seq : std::numeric_limits<std::int64_t>::max();
  bool snapshot_used = false;
  if (from_snapshot) {
    if (std::optional<State> snap = read_snapshot(journal, g, limit)) {
      g.state = *snap;
      snapshot_used = true;
    }
  }
  // From the snapshot's own event on, so its stored hash is read (and checked) as the head.
  const std::int64_t from = std::max<std::int64_t>(g.state.seq, 1);
  Status restored = Status::ok();
  const GameLog log(journal, g);
  const PositionAfter read_again = log.positions();
  Status read = log.read(from, to_seq, [&](const LoggedEvent& e) {
    g.head_hash = e.hash;
    if (e.seq <= g.state.seq) return true;
    restored = GameLog::fold(&g.state, e.event, e.seq, g.id, read_again);
    return restored.is_ok();
  });
  if (!read.is_ok()) return read;
  if (!restored.is_ok()) return restored;
  // Each stored event was decoded in range; what they make together is checked too, as a
  // snapshot is: a position no move can reach (a house on a square nobody owns) is refused
  // before any reader takes a square, a rent or a seat from it.
  // The last position is one between moves (moves are appended whole), and the rules decide on it.
  const int seats = static_cast<int>(g.header.players.size());
  if (std::string why = to_seq == 0 ? check_between_moves(g.ruleset, seats, g.state) : check_state(g.ruleset, seats, g.state);
      !why.empty()) {
    // A snapshot in doubt is never believed: the events alone say whether the fault is theirs.
    if (snapshot_used) return fold_game(journal, id, to_seq, /*from_snapshot=*/false, game);
    return Status::corrupt(fmt::format("event {} of game {} leaves a position the game cannot hold: {}", g.state.seq,
                                       g.id, why));
  }
  *game = std::move(g);
  return Status::ok();
}

}  // namespace

Status load_game(Journal& journal, std::int64_t id, std::int64_t to_seq, Game* game) {
  return fold_game(journal, id, to_seq, /*from_snapshot=*/true, game);
}

Status position_after_take_back(Journal& journal, const Game& game, const LoggedEvent& take_back, State* state) {
  // The take-back's own step of the one fold (GameLog::fold), from wherever *state stood.
  return GameLog(journal, game).fold(state, take_back);
}

EventBounds game_bounds(const Game& game) {
  return event_bounds(game.ruleset, static_cast<int>(game.header.players.size()));
}

std::optional<State> read_snapshot(Journal& journal, const Game& game, std::int64_t max_seq) {
  std::int64_t snap_seq = 0;
  std::string blob;
  if (!journal.latest_snapshot(game.id, max_seq, &snap_seq, &blob).is_ok() || snap_seq == 0) return std::nullopt;
  State snap;
  if (!load_state(blob, &snap) || snap.seq != snap_seq) return std::nullopt;
  // Every snapshot is stored after a whole move (play, import, self-play), so it is asked all a
  // position between moves must be: one in doubt is ignored and the position folded from events.
  if (!check_between_moves(game.ruleset, static_cast<int>(game.header.players.size()), snap).empty())
    return std::nullopt;
  return snap;
}

std::string render(const Game& game, const std::string& text) { return render_players(text, game.header.players); }

namespace {

}  // namespace

std::string actor_name(const Game& game, PlayerId p) {
  if (p >= 0 && p < static_cast<int>(game.header.players.size())) return game.header.players[static_cast<std::size_t>(p)];
  return "Referee";
}

std::string move_played_text(const Game& game, const Command& command, const std::string& comment) {
  std::string text = print_move(command, game.ruleset, game.header.players);
  if (!comment.empty()) text += "  # " + comment;
  return text;
}

Status create_game(Journal& journal, const GameHeader& header, const std::optional<SetupPosition>& setup,
                   std::int64_t* id, std::optional<Violation>* refused) {
  Ruleset ruleset;
  if (Status s = ruleset_for(header, &ruleset); !s.is_ok()) return s;
  // A sealed game deals its opening (a short game's deeds) from the seed kept beside the
  // journal for its commitment (sealed_seeds.h); the seed itself goes nowhere in the journal.
  std::optional<SealedChance> chance;
  if (!header.sealed_dice.empty() && header.sealed.empty())
    return Status::invalid_argument("SealedDice says how a sealed game's dice are dealt: this game has no Sealed tag");
  if (!header.sealed.empty()) {
    if (header.seed) return Status::invalid_argument("a sealed game has no Seed tag: its seed is kept apart");
    // A journal that holds a sealed game is closed to others (Journal::make_private).
    if (Status s = journal.make_private(); !s.is_ok()) return s;
    std::optional<SealRecord> kept;
    if (Status s = seed_for(journal, header.sealed, &kept); !s.is_ok()) return s;
    if (!kept)
      return Status::invalid_argument("this journal keeps no seed for the game's Sealed commitment: a sealed game is "
                                      "made with its seed (referee new --sealed, or --seal-like a game sealed here)");
    chance = sealed_chance(ruleset, kept->seed, 0);
  }
  Decision d = decide_start(ruleset, header, setup, chance ? &*chance : nullptr);
  if (!d.accepted) {
    *refused = d.violation;
    return Status::ok();
  }
  refused->reset();
  // The header states the setup, so the chain's genesis covers it (verify decides the opening
  // from it again).
  GameHeader stored = header;
  stored.format = kHeaderFormat;
  // In the canonical form the opening gives back (print_setup of setup_from_opening), so a game
  // printed as notation and imported again has the same header, and so the same hashes.
  stored.setup = setup ? setup_text(setup_from_opening(d.events), ruleset, header.players) : std::string();
  return journal.create_game(header_to_json(stored), opening_rows(header.started, d.events), id);
}

namespace {
Status too_long_text(const char* what, std::size_t bytes) {
  return Status::invalid_argument(fmt::format(
      "{} is {} bytes: a move's text (its line and comment, a reason, a note) holds at most {} bytes; nothing was "
      "written",
      what, bytes, kMaxEventTextBytes));
}
}  // namespace

Status play_move(Journal& journal, Game& game, const Command& given, bool dry_run, PlayOutcome* outcome,
                 const std::string& comment) {
  // A sealed game: the referee deals the move's chance from the seed kept beside the journal
  // (a throw or a card turned up; the engine takes what it needs, and nothing of it is written
  // but the dice and cards the move used).
  Command sealed_command;
  const Command* chosen = &given;
  outcome->withheld = false;
  if (game.state.sealed && !given.chance) {
    std::optional<SealRecord> seal;
    if (Status s = seed_for(journal, game.header.sealed, &seal); !s.is_ok()) return s;
    if (seal) {
      sealed_command = given;
      // A dry run before the reveal rules with a stand-in, as dispute does: whether the move may
      // be made never depends on its dice, and what they would give is every table's future.
      outcome->withheld = dry_run && !seal->revealed && deals_sealed_chance(game.state, given);
      sealed_command.chance = outcome->withheld ? sealed_stand_in(game.ruleset, game.state)
                                                : sealed_chance_for_move(game.ruleset, game.header, seal->seed,
                                                                         game.state, sealed_thrower(game.state, given));
      chosen = &sealed_command;
    }
  }
  const Command& command = *chosen;
  outcome->decision = decide(game.ruleset, game.state, command);
  outcome->events.clear();
  if (outcome->withheld && outcome->decision.accepted) {
    outcome->decision.events.clear();  // the stand-in's, which no one is to read as the move's
    return Status::ok();
  }
  outcome->withheld = false;  // a refusal never depends on the dice: it is said as it is
  if (!outcome->decision.accepted) {
    // A refused claim of rent is said from the journal when it knows more (rent_claims.h).
    if (auto exact = rent_claim_refusal(journal, game, command, outcome->decision.violation))
      outcome->decision.violation = *exact;
    return Status::ok();
  }
  // Text beyond the journal's limit is refused here, before anything is written (and on a dry
  // run, which says what a write would do): every way a line comes in reaches this point.
  const std::string line = move_played_text(game, command, comment);
  if (line.size() > kMaxEventTextBytes)
    return too_long_text("the move's line with its comment", line.size());
  for (const Event& e : outcome->decision.events)
    if (const std::string& text = fields::shared::text_if_any(e); text.size() > kMaxEventTextBytes)
      return too_long_text("its reason or note", text.size());
  const GameLog log(journal, game);
  const std::int64_t first = game.state.seq + 1;
  std::vector<LoggedEvent> written;
  if (Status s = log.append(first, actor_name(game, command.actor), command.at, move_line(command, line),
                            outcome->decision.events, !dry_run, &written);
      !s.is_ok())
    return s;
  outcome->events = std::move(written);
  if (!dry_run) game.head_hash = outcome->events.back().hash;
  // The position after the move, as decide worked it out; after a take-back, the earlier
  // position read again (GameLog::apply_move).
  if (Status s = GameLog::apply_move(&game.state, &outcome->decision, outcome->events.front().event,
                                     outcome->decision.events, game.id, log.positions());
      !s.is_ok())
    return s;
  if (!dry_run && game.snapshot_every > 0 && (first - 1) / game.snapshot_every != game.state.seq / game.snapshot_every) {
    // A cache: failing to write one costs speed later, never correctness.
    if (const auto blob = snapshot_bytes(game.state)) (void)journal.put_snapshot(game.id, game.state.seq, *blob);
  }
  return Status::ok();
}

}  // namespace deedlog
