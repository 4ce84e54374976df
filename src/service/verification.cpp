#include "service/verification.h"

#include <fmt/format.h>

#include <unordered_map>

#include "service/game_log.h"
#include "service/game_session.h"
#include "service/sealed_seeds.h"
#include "deedlog/decide.h"
#include "deedlog/event_codec.h"
#include "deedlog/event_text.h"
#include "deedlog/evolve.h"
#include "deedlog/player_ref.h"
#include "deedlog/event_fields.h"
#include "deedlog/game_file.h"
#include "deedlog/ruleset_catalog.h"

namespace deedlog {
namespace {

constexpr std::size_t kParsedLinesKept = 4096;

std::string describe_difference(const Events& expected, const Events& recorded) {
  const std::size_t n = std::min(expected.size(), recorded.size());
  for (std::size_t i = 0; i < n; ++i) {
    if (!(expected[i] == recorded[i]))
      return fmt::format("event {} of the move: recorded {} {}, the rules give {} {}", i + 1,
                         event_type_name(recorded[i].type), encode_payload(recorded[i]),
                         event_type_name(expected[i].type), encode_payload(expected[i]));
  }
  return fmt::format("the move recorded {} events, the rules give {}", recorded.size(), expected.size());
}

}  // namespace

Status verify_game(Journal& journal, std::int64_t game_id, VerifyReport* report, const std::optional<std::string>& given_seed) {
  *report = VerifyReport{};
  Game g;
  if (Status s = read_game_header(journal, game_id, &g); !s.is_ok()) return s;

  // One pass over the game (docs/journal.md, "Reading checks the chain"): the journal checks
  // each row's link and hash and hands it on; here it is decoded and, move by move, decided
  // again and folded. Only the opening and the move being read are held, so memory does not
  // grow with the game. The first finding stops the rules; the chain is still walked to its
  // end, and a broken chain is what is reported, as it says the events themselves are not
  // the ones written.
  bool failed = false;
  auto fail = [&](std::int64_t seq, std::string why) {
    if (failed) return false;
    failed = true;
    report->ok = false;
    report->first_bad_seq = seq;
    report->problem = std::move(why);
    return false;
  };

  // The opening is decided again from what the hashed header states, so it cannot be rewritten
  // on its own. Older games did not state their setup: theirs is read from the opening itself.
  std::optional<SetupPosition> setup;
  if (g.header.format >= kHeaderFormat) {
    if (!g.header.setup.empty()) {
      SetupPosition parsed;
      ParseError perr;
      if (!parse_setup_text(g.header.setup, g.ruleset, g.header.players, &parsed, &perr))
        fail(1, "the header's [Setup] does not read: " + perr.message);
      setup = std::move(parsed);
    }
  } else {
    report->legacy_opening = true;
  }
  g.state = initial_state(g.ruleset, g.header);
  // A sealed game: its seed, where it is revealed (or given), to check the chance against.
  std::optional<std::string> seed;
  if (g.state.sealed) {
    report->sealed = true;
    if (given_seed) {
      seed = given_seed;
    } else {
      if (Status s = revealed_seed_for(journal, g.header.sealed, &seed); !s.is_ok()) return s;
    }
    if (seed && seed_commitment(*seed) != g.header.sealed)
      fail(1, "the seed given is not the one this game is sealed with: its SHA-256 is not the header's commitment");
    report->chance_checked = seed.has_value() && !failed;
  }
  // Each stored snapshot must be the position folded at its event.
  std::vector<std::int64_t> snapshot_seqs;
  if (Status s = journal.snapshot_seqs(game_id, &snapshot_seqs); !s.is_ok()) return s;
  std::size_t next_snapshot = 0;
  const auto check_snapshot = [&]() -> bool {
    while (next_snapshot < snapshot_seqs.size() && snapshot_seqs[next_snapshot] < g.state.seq) ++next_snapshot;
    if (next_snapshot == snapshot_seqs.size() || snapshot_seqs[next_snapshot] != g.state.seq) return true;
    const std::optional<State> snap = read_snapshot(journal, g, g.state.seq);
    if (!snap || snap->seq != g.state.seq) return true;
    if (!(*snap == g.state)) return false;
    ++report->snapshots_checked;
    return true;
  };
  // The one fold of stored events (GameLog::fold), each event's position checked against a
  // snapshot stored there. A take-back the rules gave as recorded returns to the position
  // before the moves it voids, read again as verify read it (those events were decided already).
  const PositionAfter read_again = GameLog(journal, g).positions();
  Status unread = Status::ok();
  const auto fold = [&](const Event& e) {
    if (Status s = GameLog::fold(&g.state, e, g.state.seq + 1, g.id, read_again); !s.is_ok()) {
      unread = std::move(s);
      return true;
    }
    return check_snapshot();
  };
  const auto altered_snapshot = [&] {
    return fail(g.state.seq, fmt::format("the snapshot stored at event {} is not the position the events give there: "
                                         "it was altered (readers that meet it may answer wrongly; delete it from "
                                         "the snapshots table, a cache, to be safe)",
                                         g.state.seq));
  };

  std::unordered_map<std::string, Command> parsed;  // the game's move lines, parsed
  const MoveParser parser(g.ruleset, g.header.players);
  Events opening;
  bool opening_done = false;
  // The move being read: its MovePlayed and the events recorded after it.
  std::int64_t move_seq = 0;
  Event played;
  Events recorded;
  const auto check_opening = [&]() -> bool {
    opening_done = true;
    if (report->legacy_opening) setup = setup_from_opening(opening);
    std::optional<SealedChance> dealt;
    if (g.state.sealed) dealt = seed ? sealed_chance(g.ruleset, *seed, 0) : recorded_chance(g.ruleset, opening, 0);
    const Decision start = decide_start(g.ruleset, g.header, setup, dealt ? &*dealt : nullptr);
    if (!start.accepted)
    {
      report->refusal = start.violation;
      return fail(1, "the opening position breaks a rule");
    }
    if (start.events != opening) return fail(1, "the opening: " + describe_difference(start.events, opening));
    for (const Event& e : opening)
      if (!fold(e)) return altered_snapshot();
    opening = Events{};
    return true;
  };
  const auto check_move = [&]() -> bool {
    ++report->lines;
    // A game says the same few lines again and again ("Ann rolls", "Ann buys": 113 different
    // lines in a game of 650 moves): each is parsed once. Parsing depends only on the line,
    // the edition and the players, all fixed for the game.
    const Command* known = nullptr;
    if (const auto it = parsed.find(fields::MovePlayed::line(played)); it != parsed.end()) {
      known = &it->second;
    } else {
      Command command;
      ParseError perr;
      if (!parser.parse(fields::MovePlayed::line(played), &command, &perr))
        return fail(move_seq, fmt::format("event {}: the recorded move \"{}\" does not parse: {}", move_seq,
                                          fields::MovePlayed::line(played), perr.message));
      // Bounded, so a game of endless different lines does not grow memory with its length.
      if (parsed.size() >= kParsedLinesKept) parsed.clear();
      known = &parsed.emplace(fields::MovePlayed::line(played), std::move(command)).first->second;
    }
    const Command* chosen = known;
    Command sealed_command;
    if (g.state.sealed) {
      // The referee's chance: from the revealed seed, or, before the reveal, as recorded.
      sealed_command = *known;
      sealed_command.chance = seed ? sealed_chance_for_move(g.ruleset, g.header, *seed, g.state, sealed_thrower(g.state, *known))
                                   : recorded_chance(g.ruleset, recorded, g.state.throws);
      sealed_command.chance->as_recorded = true;  // the recorded line is checked, named card and all
      chosen = &sealed_command;
    }
    const Command& command = *chosen;
    const Decision d = decide(g.ruleset, g.state, command);
    if (!d.accepted) {
      report->refusal = d.violation;
      return fail(move_seq, fmt::format("event {}: the recorded move \"{}\" is refused by the rules", move_seq, fields::MovePlayed::line(played)));
    }
    if (d.events != recorded)
      return fail(move_seq, fmt::format("event {}: \"{}\": {}", move_seq, fields::MovePlayed::line(played),
                                        describe_difference(d.events, recorded)));
    if (!fold(played)) return altered_snapshot();
    for (const Event& e : recorded) {
      if (!fold(e)) return altered_snapshot();
      if (!unread.is_ok())
        return fail(g.state.seq, fmt::format("event {}: the position before the moves it takes back does not read: {}",
                                             g.state.seq, unread.message()));
    }
    return true;
  };
  // Ends what was being read: the opening, or the move before.
  const auto finish = [&]() -> bool { return !opening_done ? check_opening() : move_seq == 0 || check_move(); };

  bool unreadable = false;
  std::int64_t unreadable_seq = 0;
  std::string problem;
  if (Status s = GameLog(journal, g).read_verifying_chain(
          &report->chain,
          [&](const LoggedEvent& r) {
            if (failed) return false;
            ++report->events;
            const Event& e = r.event;
            if (fields::shared::text_if_any(e).size() > kMaxEventTextBytes) report->long_text_seqs.push_back(r.seq);
            if (e.type != EventType::MovePlayed) {
              (opening_done ? recorded : opening).push_back(e);
              return true;
            }
            if (!finish()) return false;
            move_seq = r.seq;
            played = e;
            recorded.clear();
            return true;
          },
          &unreadable_seq, &problem);
      !s.is_ok()) {
    return s;
  }
  if (!report->chain.ok) {
    // The chain decides: what the rules made of events that are not the ones written says nothing.
    report->ok = false;
    report->first_bad_seq = report->chain.first_bad_seq;
    report->problem = report->chain.problem;
    report->events = report->moves = report->lines = 0;
    return Status::ok();
  }
  if (unreadable_seq != 0 && !failed) {
    unreadable = true;
    fail(unreadable_seq, fmt::format("event {}: {}", unreadable_seq, problem));
  }
  if (!failed) finish();
  // The moves that stand once every take-back is applied: the count `games` gives.
  report->moves = g.state.moves_played;
  // Every event was read when the rules are what failed (as when they were read before deciding).
  if (!unreadable) report->events = report->chain.events_checked;
  return Status::ok();
}

}  // namespace deedlog
