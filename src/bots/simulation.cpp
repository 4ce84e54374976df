#include "bots/simulation.h"

#include <fmt/format.h>

#include "bots/bot_player.h"
#include "service/game_session.h"
#include "deedlog/decide.h"
#include "deedlog/event_codec.h"
#include "deedlog/evolve.h"
#include "deedlog/invariants.h"
#include "deedlog/seeded_chance.h"
#include "deedlog/state_archive.h"
#include "deedlog/valuation.h"
#include "notation/game_file.h"
#include "present/refusal_words.h"
#include "rules/ruleset_catalog.h"

namespace deedlog {
namespace {

const char* const kNames[] = {"Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"};

}  // namespace

Status check_simulation_options(const SimulationOptions& o) {
  if (o.starting_cash < 0 || o.starting_cash > kMaxSimulationCash)
    return Status::invalid_argument(fmt::format("--cash must be 0 (the rule book's sum) to {} units, not {}",
                                                kMaxSimulationCash, o.starting_cash));
  for (const std::string& v : o.variants)
    if (known_variant(v).empty())
      return Status::invalid_argument(fmt::format("unknown variant '{}' (known variants: {})", v, known_variants_list()));
  return Status::ok();
}

Status simulate(const SimulationOptions& o, Journal* journal, std::vector<SimulatedGame>* results,
                const std::function<void(int, int)>& progress) {
  // Checked before anything is played or written: a usage error (exit 2 from the command line).
  if (Status s = check_simulation_options(o); !s.is_ok()) return s;
  std::vector<std::string> variants;  // in the engine's own spelling
  for (const std::string& v : o.variants) variants.emplace_back(known_variant(v));
  Ruleset ruleset;
  if (Status s = load_ruleset(o.ruleset, &ruleset); !s.is_ok()) return s;
  if (o.players < 2 || o.players > ruleset.max_players)
    return Status::invalid_argument(fmt::format("{} is for 2 to {} players", ruleset.id, ruleset.max_players));
  if (o.games < 0) return Status::invalid_argument("the number of games cannot be negative");
  for (int index = 0; index < o.games; ++index) {
    GameHeader header;
    header.ruleset = ruleset.id;
    for (int p = 0; p < o.players; ++p) header.players.push_back(kNames[p]);
    header.variants = variants;
    header.seed = mix64(o.seed + static_cast<std::uint64_t>(index) * 0x9E3779B97F4A7C15ull);
    header.tags = {{"Ruleset", ruleset.id}, {"Title", fmt::format("simulated game {} of seed {}", index + 1, o.seed)}};
    Game g;
    g.header = header;
    g.ruleset = ruleset;
    g.state = initial_state(ruleset, header);
    SimulatedGame result;
    result.index = index;
    std::optional<SetupPosition> setup;
    if (o.starting_cash > 0) {
      setup = SetupPosition{};
      for (int p = 0; p < o.players; ++p) {
        PlayerSetup ps;
        ps.player = static_cast<PlayerId>(p);
        ps.cash = Money{o.starting_cash};
        setup->players.push_back(ps);
      }
    }
    const Decision start = decide_start(ruleset, header, setup);
    if (!start.accepted) return Status::invalid_argument(refusal_text(ruleset, start.violation));
    std::vector<NewEvent> rows;
    // Snapshots as a human game's journal would have them, so a ruling on its last move reads
    // one snapshot and the tail.
    std::vector<std::pair<std::int64_t, std::string>> snapshots;
    auto record = [&](const Command* c, const Events& events) {
      if (journal) {
        if (c) {
          for (NewEvent& row : to_new_events(g, *c, events)) rows.push_back(std::move(row));
        } else {
          for (const Event& e : events) rows.push_back(NewEvent{"", "Referee", event_type_name(e.type), encode_payload(e)});
        }
      }
      if (c) {
        Event played;
        played.type = EventType::MovePlayed;
        evolve(g.state, played);
        ++result.events;
      }
      const std::int64_t before = g.state.seq;
      for (std::size_t i = 0; i < events.size(); ++i) {
        if (o.on_event) o.on_event(index, g.state, events[i]);
        evolve(g.state, events[i]);
        if (events[i].type == EventType::DiceThrown) ++result.throws;
        if (o.check_invariants && result.problem.empty()) {
          const std::string problem = check_invariants(ruleset, g.state, i + 1 == events.size());
          if (!problem.empty()) result.problem = fmt::format("event {}: {}", g.state.seq, problem);
        }
      }
      result.events += static_cast<std::int64_t>(events.size());
      if (journal && c && o.snapshot_every > 0 && before / o.snapshot_every != g.state.seq / o.snapshot_every)
        if (auto blob = snapshot_bytes(g.state)) snapshots.emplace_back(g.state.seq, std::move(*blob));
    };
    record(nullptr, start.events);
    BotTable bots(ruleset, *header.seed, o.jail_strategy);
    while (result.moves < o.max_moves) {
      const std::optional<Command> c = bots.next_move(g.state);
      if (!c) break;
      const Decision d = decide(ruleset, g.state, *c);
      if (!d.accepted)
        return Status::corrupt(fmt::format("simulated game {}: the bot proposed \"{}\", refused: {}", index + 1,
                                           print_move(*c, ruleset, header.players), refusal_text(ruleset, d.violation)));
      record(&*c, d.events);
      ++result.moves;
    }
    // Over when one player is left, or, in a short game, when time was called and the estates valued.
    if (g.state.phase == Phase::GameOver) {
      result.finished = true;
      result.winner = header.players[static_cast<std::size_t>(g.state.winner)];
    } else if (g.state.time_called) {
      const Valuation v = value_estates(ruleset, g.state);
      result.finished = true;
      if (!v.leaders.empty()) result.winner = header.players[static_cast<std::size_t>(v.leaders.front())];
    }
    if (journal) {
      // The game, its events and its snapshots in one transaction: all of it or none.
      GameHeader stored = header;
      stored.format = kHeaderFormat;
      // The header states the setup the opening was decided from (as create_game's does), so
      // verify decides the same opening again: a game with --cash verified broken without it.
      if (setup) stored.setup = setup_text(setup_from_opening(start.events), ruleset, header.players);
      Status written = journal->write_transaction([&] {
        // A row per move (the journal starts one at each MovePlayed).
        if (Status s = journal->create_game(header_to_json(stored), rows, &result.game_id); !s.is_ok()) return s;
        for (const auto& [seq, blob] : snapshots) (void)journal->put_snapshot(result.game_id, seq, blob);
        return Status::ok();
      });
      if (!written.is_ok()) return written;
    }
    results->push_back(std::move(result));
    if (progress) progress(index + 1, o.games);
  }
  return Status::ok();
}

}  // namespace deedlog
