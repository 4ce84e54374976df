#include "bots/simulation.h"

#include <algorithm>
#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>

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
#include "journal/hash_chain.h"
#include "deedlog/game_file.h"
#include "present/refusal_words.h"
#include "deedlog/ruleset_catalog.h"

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

namespace {

// One game played, ready to be written: what simulate reports of it and, journalled, its rows.
struct PlayedGame {
  Status status = Status::ok();
  SimulatedGame result;
  // Journalled: the game as the journal's rows, chained on the worker that played it, so the
  // writer only inserts (docs/journal.md, "Speed").
  ChainedGame chained;
  std::vector<std::pair<std::int64_t, std::string>> snapshots;
};

// A streamed game's rows are written every this many events (at the end of a move), so a game
// of any length holds at most this many in memory (a few MB).
constexpr std::size_t kStreamEvents = 8192;

// Plays game `index` of the options (its seed follows from the index alone, so the games may be
// played in any order, on any number of threads, and come out the same).
// Journalled, the game is chained for the id expected_id, the one it gets when no other
// writer creates a game meanwhile (the journal chains it again otherwise).
// With stream_to (played on the writer's thread, inside the game's write transaction), the
// rows and snapshots are written as the game goes, every kStreamEvents events, instead of
// held to the end: the same rows, the same hashes, committed at the game's end as before.
PlayedGame play_game(const SimulationOptions& o, const Ruleset& ruleset, const std::vector<std::string>& variants,
                     int index, bool journalled, std::int64_t expected_id, Journal* stream_to = nullptr) {
  PlayedGame played;
  GameHeader header;
  header.ruleset = ruleset.id;
  for (int p = 0; p < o.players; ++p) header.players.push_back(kNames[p]);
  header.variants = variants;
  header.seed = mix64(o.seed + static_cast<std::uint64_t>(index) * 0x9E3779B97F4A7C15ull);
  header.tags = {{"Ruleset", ruleset.id}, {"Title", fmt::format("simulated game {} of seed {}", index + 1, o.seed)}};
  if (o.jail_strategy != JailStrategy::Mixed)
    header.tags.emplace_back("JailStrategy", o.jail_strategy == JailStrategy::LeaveAtOnce ? "short" : "long");
  Game g;
  g.header = header;
  g.ruleset = ruleset;
  g.state = initial_state(ruleset, header);
  SimulatedGame& result = played.result;
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
  Decision start = decide_start(ruleset, header, setup);
  if (!start.accepted) {
    played.status = Status::invalid_argument(refusal_text(ruleset, start.violation));
    return played;
  }
  std::vector<NewEvent> rows;  // journalled: the game's events as the journal takes them, chained at the end
  // Snapshots as a human game's journal would have them, so a ruling on its last move reads
  // one snapshot and the tail.
  auto& snapshots = played.snapshots;
  std::string stored_header;
  if (journalled) {
    GameHeader stored = header;
    stored.format = kHeaderFormat;
    // The header states the setup the opening was decided from (as create_game's does), so
    // verify decides the same opening again: a game with --cash verified broken without it.
    if (setup) stored.setup = setup_text(setup_from_opening(start.events), ruleset, header.players);
    stored_header = header_to_json(stored);
  }
  // Streaming: the rows so far go to the journal (the game made by the first write), then the
  // snapshots of the positions they reach.
  std::int64_t streamed = 0;  // events written so far
  const auto flush = [&]() -> Status {
    if (rows.empty()) return Status::ok();
    Status s = streamed == 0 ? stream_to->create_game(stored_header, rows, &played.result.game_id)
                             : stream_to->append(played.result.game_id, streamed + 1, rows);
    if (!s.is_ok()) return s;
    streamed += static_cast<std::int64_t>(rows.size());
    rows.clear();
    for (const auto& [seq, blob] : snapshots) (void)stream_to->put_snapshot(played.result.game_id, seq, blob);
    snapshots.clear();
    return Status::ok();
  };
  // A move (c, decided as d) or the opening (no c): its rows when journalled, and the position
  // after it. A move's position is the decision's, taken over (apply_decision: pos is held as
  // decide holds its own, so nothing is copied), unless someone watches each event (on_event,
  // the invariants' check), who is shown the position before each.
  HeldState pos(g.state);
  auto record = [&](const Command* c, Decision& d) {
    const Events& events = d.events;
    if (journalled) {
      for (NewEvent& row : c ? move_rows(actor_name(g, c->actor), c->at, move_line(*c, move_played_text(g, *c, "")), events)
                             : opening_rows("", events))
        rows.push_back(std::move(row));
    }
    if (c) ++result.events;
    const std::int64_t before = pos->seq + (c ? 1 : 0);
    if (c && !o.on_event && !o.check_invariants) {
      apply_decision(pos, std::move(d));
      for (const Event& e : events)
        if (e.type == EventType::DiceThrown) ++result.throws;
    } else {
      if (c) evolve(*pos, move_line(*c, {}));
      for (std::size_t i = 0; i < events.size(); ++i) {
        if (o.on_event) o.on_event(index, *pos, events[i]);
        evolve(*pos, events[i]);
        if (events[i].type == EventType::DiceThrown) ++result.throws;
        if (o.check_invariants && result.problem.empty()) {
          const std::string problem = check_invariants(ruleset, *pos, i + 1 == events.size());
          if (!problem.empty()) result.problem = fmt::format("event {}: {}", pos->seq, problem);
        }
      }
    }
    result.events += static_cast<std::int64_t>(events.size());
    if (journalled && c && o.snapshot_every > 0 && before / o.snapshot_every != pos->seq / o.snapshot_every)
      if (auto blob = snapshot_bytes(*pos)) snapshots.emplace_back(pos->seq, std::move(*blob));
  };
  record(nullptr, start);
  BotTable bots(ruleset, *header.seed, o.jail_strategy);
  while (result.moves < o.max_moves) {
    const std::optional<Command> c = bots.next_move(*pos);
    if (!c) break;
    // The bot may have asked decide about this very move already, to choose it.
    std::optional<Decision> asked = bots.take_decision(*c);
    Decision d = asked ? std::move(*asked) : decide(ruleset, *pos, *c);
    if (!d.accepted) {
      played.status = Status::corrupt(fmt::format("simulated game {}: the bot proposed \"{}\", refused: {}", index + 1,
                                                  print_move(*c, ruleset, header.players),
                                                  refusal_text(ruleset, d.violation)));
      return played;
    }
    record(&*c, d);
    recycle_events(std::move(d.events));  // the next move's events reuse its room
    ++result.moves;
    if (stream_to && rows.size() >= kStreamEvents) {
      if (Status s = flush(); !s.is_ok()) {
        played.status = s;
        return played;
      }
    }
  }
  // Over when one player is left, or, in a short game, when time was called and the estates valued.
  if (pos->phase == Phase::GameOver) {
    result.finished = true;
    result.winner = header.players[static_cast<std::size_t>(pos->winner)];
  } else if (pos->time_called) {
    const Valuation v = value_estates(ruleset, *pos);
    result.finished = true;
    if (!v.leaders.empty()) result.winner = header.players[static_cast<std::size_t>(v.leaders.front())];
  }
  if (stream_to) played.status = flush();
  else if (journalled) played.status = chain_game(std::move(stored_header), rows, expected_id, &played.chained);
  return played;
}

// Writes one played game: the game, its events and its snapshots, all of it or none (a
// savepoint inside the writer's transaction).
Status write_game(Journal& journal, PlayedGame& played) {
  return journal.write_transaction([&] {
    if (Status s = journal.create_chained_game(played.chained, &played.result.game_id); !s.is_ok()) return s;
    for (const auto& [seq, blob] : played.snapshots) (void)journal.put_snapshot(played.result.game_id, seq, blob);
    return Status::ok();
  });
}

}  // namespace

int simulation_threads(int asked, int games) {
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  return std::max(1, std::min(asked > 0 ? asked : cores, games));
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
  const bool journalled = journal != nullptr;
  // The id the first game will get, so that the workers chain each game for its own id.
  std::int64_t first_id = 1;
  if (journal) {
    std::vector<GameRow> existing;
    if (Status s = journal->games(&existing); !s.is_ok()) return s;
    if (!existing.empty()) first_id = existing.back().game_id + 1;
  }
  // Group commit: the games played so far are written in one transaction, and each is
  // reported (results, progress) only once that transaction has committed, so no game is
  // reported before it is durable. One fsync then covers many games (docs/journal.md, "Speed").
  // The games stay in the order of their index, whichever thread played them: the journal and
  // the answer are the same on one core or many. A game that fails stops the run; the games
  // before it in the batch are still committed and reported.
  auto finish = [&](std::vector<PlayedGame>& batch) -> Status {
    std::size_t written = 0;
    Status failure = Status::ok();
    const auto write_all = [&] {
      for (PlayedGame& played : batch) {
        failure = played.status;
        if (failure.is_ok() && journal) failure = write_game(*journal, played);
        if (!failure.is_ok()) break;
        ++written;
      }
      return Status::ok();
    };
    if (journal) {
      if (Status s = journal->write_transaction(write_all); !s.is_ok()) return s;
    } else {
      (void)write_all();
    }
    for (std::size_t i = 0; i < written; ++i) {
      results->push_back(std::move(batch[i].result));
      if (progress) progress(static_cast<int>(results->size()), o.games);
    }
    return failure;
  };
  // on_event sees the events in order, on the caller's thread: one thread then.
  const int threads = o.on_event ? 1 : simulation_threads(o.threads, o.games);
  if (threads <= 1) {
    for (int index = 0; index < o.games; ++index) {
      if (journal) {
        // On one thread the game is played inside its own write transaction and its rows are
        // written as it goes (bounded memory for a game of any length); committed, and only
        // then reported, at its end, as a batch of one. A game that fails writes nothing.
        PlayedGame played;
        if (Status s = journal->write_transaction([&] {
              played = play_game(o, ruleset, variants, index, journalled, first_id + index, journal);
              return played.status;
            });
            !s.is_ok())
          return s;
        results->push_back(std::move(played.result));
        if (progress) progress(static_cast<int>(results->size()), o.games);
        continue;
      }
      std::vector<PlayedGame> one;
      one.push_back(play_game(o, ruleset, variants, index, journalled, first_id + index));
      if (Status s = finish(one); !s.is_ok()) return s;
    }
    return Status::ok();
  }
  // Workers take the next index; this thread writes the games in order as they come, all the
  // games ready in order at once. Workers stay at most a window of games ahead of the writer,
  // so a journalled run holds few games in memory (a game's rows: about 250 KB).
  std::mutex m;
  std::condition_variable cv;
  std::map<int, PlayedGame> ready;
  int next = 0, done = 0;
  bool stop = false;
  const int window = std::max(threads * 4, 32);
  auto worker = [&] {
    for (;;) {
      int index;
      {
        std::unique_lock lock(m);
        cv.wait(lock, [&] { return stop || next >= o.games || next < done + window; });
        if (stop || next >= o.games) return;
        index = next++;
      }
      PlayedGame played = play_game(o, ruleset, variants, index, journalled, first_id + index);
      {
        std::lock_guard lock(m);
        ready.emplace(index, std::move(played));
      }
      cv.notify_all();
    }
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
  Status status = Status::ok();
  for (int index = 0; index < o.games && status.is_ok();) {
    std::vector<PlayedGame> batch;
    {
      std::unique_lock lock(m);
      cv.wait(lock, [&] { return ready.count(index) > 0; });
      for (auto it = ready.find(index); it != ready.end() && it->first == index; it = ready.erase(it), ++index)
        batch.push_back(std::move(it->second));
    }
    status = finish(batch);
    {
      std::lock_guard lock(m);
      done = index;
      if (!status.is_ok()) stop = true;
    }
    cv.notify_all();
  }
  for (std::thread& t : pool) t.join();
  return status;
}

}  // namespace deedlog
