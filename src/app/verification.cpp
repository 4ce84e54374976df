#include "app/verification.h"

#include <fmt/format.h>

#include "app/game_session.h"
#include "deedlog/decide.h"
#include "deedlog/event_codec.h"
#include "deedlog/evolve.h"
#include "deedlog/player_ref.h"
#include "notation/game_file.h"
#include "present/refusal_words.h"
#include "rules/ruleset_catalog.h"

namespace deedlog {
namespace {


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

Status verify_game(Journal& journal, std::int64_t game_id, VerifyReport* report) {
  *report = VerifyReport{};
  if (Status s = journal.verify_chain(game_id, &report->chain); !s.is_ok()) return s;
  if (!report->chain.ok) {
    report->ok = false;
    report->first_bad_seq = report->chain.first_bad_seq;
    report->problem = report->chain.problem;
    return Status::ok();
  }
  GameRow row;
  if (Status s = journal.game(game_id, &row); !s.is_ok()) return s;
  Game g;
  g.id = game_id;
  if (Status s = header_from_json(row.header, &g.header); !s.is_ok()) return s;
  if (Status s = ruleset_for(g.header, &g.ruleset); !s.is_ok()) return s;

  // Group the journal into the opening and then one batch per move (MovePlayed first).
  struct Batch {
    std::int64_t first_seq = 0;
    Event played;
    Events events;
  };
  Events opening;
  std::vector<Batch> batches;
  std::string problem;
  std::int64_t bad_seq = 0;
  const EventBounds bounds = game_bounds(g);
  Status scan = journal.scan(game_id, 1, 0, [&](const EventRow& r) {
    Event e;
    if (!decode_event(r.type, r.payload, bounds, &e, &problem)) {
      bad_seq = r.seq;
      return false;
    }
    ++report->events;
    if (e.type == EventType::MovePlayed) {
      batches.push_back(Batch{r.seq, e, {}});
    } else if (batches.empty()) {
      opening.push_back(e);
    } else {
      batches.back().events.push_back(e);
    }
    return true;
  });
  if (!scan.is_ok()) return scan;
  auto fail = [&](std::int64_t seq, std::string why) {
    report->ok = false;
    report->first_bad_seq = seq;
    report->problem = std::move(why);
    return Status::ok();
  };
  if (!problem.empty()) return fail(bad_seq, fmt::format("event {}: {}", bad_seq, problem));

  // The opening is decided again from what the hashed header states, so it cannot be rewritten
  // on its own. Older games did not state their setup: theirs is read from the opening itself.
  std::optional<SetupPosition> setup;
  if (g.header.format >= kHeaderFormat) {
    if (!g.header.setup.empty()) {
      SetupPosition parsed;
      ParseError perr;
      if (!parse_setup_text(g.header.setup, g.ruleset, g.header.players, &parsed, &perr))
        return fail(1, "the header's [Setup] does not read: " + perr.message);
      setup = std::move(parsed);
    }
  } else {
    report->legacy_opening = true;
    setup = setup_from_opening(opening);
  }
  const Decision start = decide_start(g.ruleset, g.header, setup);
  if (!start.accepted)
    return fail(1, "the opening position breaks a rule: " + render_players(refusal_text(g.ruleset, start.violation), g.header.players));
  if (start.events != opening) return fail(1, "the opening: " + describe_difference(start.events, opening));
  g.state = initial_state(g.ruleset, g.header);
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
  const auto fold = [&](const Event& e) {
    evolve(g.state, e);
    return check_snapshot();
  };
  const auto altered_snapshot = [&] {
    return fail(g.state.seq, fmt::format("the snapshot stored at event {} is not the position the events give there: "
                                         "it was altered (readers that meet it may answer wrongly; delete it from "
                                         "the snapshots table, a cache, to be safe)",
                                         g.state.seq));
  };
  for (const Event& e : opening)
    if (!fold(e)) return altered_snapshot();

  for (const Batch& b : batches) {
    ++report->moves;
    Command command;
    ParseError perr;
    if (!parse_move(b.played.text, g.ruleset, g.header.players, &command, &perr))
      return fail(b.first_seq, fmt::format("event {}: the recorded move \"{}\" does not parse: {}", b.first_seq,
                                           b.played.text, perr.message));
    const Decision d = decide(g.ruleset, g.state, command);
    if (!d.accepted)
      return fail(b.first_seq, fmt::format("event {}: the recorded move \"{}\" is refused by the rules: {}", b.first_seq,
                                           b.played.text, render_players(refusal_text(g.ruleset, d.violation), g.header.players)));
    if (d.events != b.events)
      return fail(b.first_seq, fmt::format("event {}: \"{}\": {}", b.first_seq, b.played.text,
                                           describe_difference(d.events, b.events)));
    if (!fold(b.played)) return altered_snapshot();
    for (const Event& e : b.events)
      if (!fold(e)) return altered_snapshot();
  }
  return Status::ok();
}

}  // namespace deedlog
