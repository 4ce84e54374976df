#include "present/dispute.h"

#include <fmt/format.h>

#include "core/printable_text.h"
#include "service/game_log.h"
#include "service/game_session.h"
#include "service/sealed_seeds.h"
#include "present/narration.h"
#include "deedlog/event_fields.h"
#include "deedlog/decide.h"
#include "deedlog/legal_moves.h"
#include "deedlog/position_queries.h"
#include "deedlog/rule_book.h"
#include "present/money_words.h"
#include "deedlog/money_raising.h"
#include "deedlog/player_ref.h"
#include "deedlog/valuation.h"
#include "deedlog/game_file.h"
#include "present/refusal_words.h"

namespace deedlog {
namespace {

// The journal's events of a game, read through GameLog (checked and decoded).
using Recorded = LoggedEvent;

struct Court {
  const Game& g;                        // the position the claim is ruled on
  const std::vector<Recorded>& events;  // the whole journal
  DisputeRuling& out;

  const Ruleset& r() const { return g.ruleset; }
  std::string name(PlayerId p) const {
    return p == kBank ? std::string("the Bank") : g.header.players[static_cast<std::size_t>(p)];
  }
  std::string money(Money m) const { return money_words(r(), m); }
  void cite(const std::string& rule, const std::string& section) {
    out.rule = rule;
    out.section = section;
  }
  void cite(const RuleRef& ref) { cite(r().id + "/" + std::string(ref.id), r().section(std::string(ref.section))); }
  void say(std::string s) { out.reasoning.push_back(render_players(s, g.header.players)); }
  std::string narrated(const Event& e) const { return narrate(r(), g.header.players, e); }
};

// The move batch (MovePlayed and its consequences) holding event `seq`.
std::pair<std::size_t, std::size_t> batch_around(const std::vector<Recorded>& ev, std::int64_t seq) {
  std::size_t begin = 0;
  for (std::size_t i = 0; i < ev.size() && ev[i].seq <= seq; ++i)
    if (ev[i].event.type == EventType::MovePlayed) begin = i;
  std::size_t end = begin + 1;
  while (end < ev.size() && ev[end].event.type != EventType::MovePlayed) ++end;
  return {begin, end};
}

// The move holding event `seq`: the index of its MovePlayed, or events.size() when `seq` is in
// the opening (before any move).
std::size_t move_index_at(const std::vector<Recorded>& ev, std::int64_t seq) {
  std::size_t found = ev.size();
  for (std::size_t i = 0; i < ev.size() && ev[i].seq <= seq; ++i)
    if (ev[i].event.type == EventType::MovePlayed) found = i;
  return found;
}

// The last event of the move holding `seq` (seq itself in the opening).
std::int64_t end_of_move_at(const std::vector<Recorded>& ev, std::int64_t seq) {
  std::size_t i = move_index_at(ev, seq);
  if (i == ev.size()) return seq;
  while (i + 1 < ev.size() && ev[i + 1].event.type != EventType::MovePlayed) ++i;
  return ev[i].seq;
}

std::int64_t move_first_seq(const std::vector<Recorded>& ev, std::int64_t seq) {
  const std::size_t i = move_index_at(ev, seq);
  return i == ev.size() ? seq : ev[i].seq;
}

std::string move_text_at(const std::vector<Recorded>& ev, std::int64_t seq) {
  const std::size_t i = move_index_at(ev, seq);
  return i == ev.size() ? std::string() : fields::MovePlayed::line(ev[i].event);
}

void rule_on_salary(Court& c, const Command& claim) {
  const auto [begin, end] = batch_around(c.events, c.out.at);
  c.cite(rule::kSalary);
  if (begin >= c.events.size() || c.events[begin].event.type != EventType::MovePlayed) {
    c.out.upheld = false;
    c.say("No move had been played at that point.");
    return;
  }
  c.say(fmt::format("The move in question: event {}, \"{}\".", c.events[begin].seq, printable_text(fields::MovePlayed::line(c.events[begin].event))));
  bool moved = false, paid = false, jailed = false, backwards = false;
  for (std::size_t i = begin; i < end; ++i) {
    const Event& e = c.events[i].event;
    if (e.player != claim.actor) continue;
    if (e.type == EventType::TokenMoved) {
      moved = true;
      backwards = backwards || fields::TokenMoved::travelled(e) < 0;
      c.say(fmt::format("Event {}: {}", c.events[i].seq, c.narrated(e)));
    }
    if (e.type == EventType::SalaryPaid) {
      paid = true;
      c.say(fmt::format("Event {}: {}", c.events[i].seq, c.narrated(e)));
    }
    if (e.type == EventType::SentToJail) {
      jailed = true;
      c.say(fmt::format("Event {}: {}", c.events[i].seq, c.narrated(e)));
    }
  }
  c.out.upheld = paid;
  if (paid) {
    c.say(fmt::format("The token reached or passed {} going forward: the {} was owed, and it was paid.", c.r().words.go,
                      c.r().words.salary));
  } else if (jailed) {
    c.cite(rule::kJailNoSalary);
    c.say(fmt::format("Sent to {}, a player collects no {} in that move, whatever the path.", c.r().words.jail,
                      c.r().words.salary));
  } else if (!moved) {
    c.say(fmt::format("{}'s token did not move in that move.", c.name(claim.actor)));
  } else if (backwards) {
    c.say(fmt::format("A move backwards never pays {}, even past {}.", c.r().words.salary, c.r().words.go));
  } else {
    c.say("The token neither reached nor passed GO.");
  }
}

void rule_on_rent(Court& c, const Command& claim) {
  const Decision d = decide(c.r(), c.g.state, claim);
  // The landing the claim is about: the owner's last RentDue at or before the point ruled on.
  const Recorded* due = nullptr;
  for (const Recorded& rec : c.events) {
    if (rec.seq > c.out.at) break;
    if (rec.event.type == EventType::RentDue && fields::RentDue::owner(rec.event) == claim.actor) due = &rec;
  }
  if (due) c.say(fmt::format("Event {}: {}", due->seq, c.narrated(due->event)));
  if (d.accepted) {
    c.out.upheld = true;
    c.cite(rule::kRentOwnerAsks);
    RentClaim rc;
    for (const RentClaim& open : c.g.state.rents)
      if (open.open && open.owner == claim.actor) {
        rc = open;
        break;
      }
    c.say(fmt::format("No throw of the dice came between the landing and the claim: the rent of {} is owed.",
                      c.money(rc.amount)));
    // Was it collected in the journal after that point?
    for (const Recorded& rec : c.events) {
      if (rec.seq <= c.out.at) continue;
      if (rec.event.type == EventType::RentPaid && fields::RentPaid::owner(rec.event) == claim.actor && fields::RentPaid::square(rec.event) == rc.square) {
        c.say(fmt::format("It was paid at event {}.", rec.seq));
        return;
      }
      if (rec.event.type == EventType::RentForfeited && fields::RentForfeited::owner(rec.event) == claim.actor) break;
    }
    Command award;
    award.verb = Verb::Award;
    award.actor = kReferee;
    award.counterparty = claim.actor;
    award.payer = rc.payer;
    award.amount = rc.amount;
    award.note = fmt::format("rent on {}, asked in time (dispute at event {})", c.r().square(rc.square).name, c.out.at);
    c.out.correction = print_move(award, c.r(), c.g.header.players);
    return;
  }
  c.out.upheld = false;
  c.cite(d.violation.rule, d.violation.section);
  if (due) {
    for (const Recorded& rec : c.events) {
      if (rec.seq <= due->seq || rec.seq > c.out.at) continue;
      if (rec.event.type == EventType::RentForfeited && fields::RentForfeited::owner(rec.event) == claim.actor) {
        const auto [begin, end] = batch_around(c.events, rec.seq);
        (void)end;
        c.say(fmt::format("Event {}: \"{}\" threw the dice before {} asked: the rent was lost (event {}).",
                          c.events[begin].seq, fields::shared::text_if_any(c.events[begin].event), c.name(claim.actor), rec.seq));
        break;
      }
      if (rec.event.type == EventType::RentPaid || rec.event.type == EventType::RentClaimed) {
        c.say(fmt::format("Event {}: {} The rent was asked for and settled already.", rec.seq, c.narrated(rec.event)));
        break;
      }
    }
  }
  c.say(render_players(refusal_text(c.r(), d.violation), c.g.header.players));
}

// Time is called only where play would record it (a game with a time limit): the claim goes
// through decide() first, as rule_on_move does, so dispute and play never disagree. Once time
// has been called (play refuses a second call), the claim asks for the valuation it led to.
void rule_on_time(Court& c, const Command& claim) {
  const Decision d = decide(c.r(), c.g.state, claim);
  // Time already called: the call stands, and the question left is who wins by it.
  if (!d.accepted && d.violation.code != RefusalCode::TimeAlreadyCalled) {
    c.out.upheld = false;
    c.cite(d.violation.rule, d.violation.section);
    c.say(render_players(refusal_text(c.r(), d.violation), c.g.header.players));
    return;
  }
  c.cite(rule::kShortValue);
  c.out.upheld = true;
  const Valuation v = value_estates(c.r(), c.g.state);
  for (const EstateValue& e : v.estates)
    c.say(fmt::format("{}: {}{}", c.name(e.player), c.money(e.total), e.in_game ? "" : " (out of the game)"));
  std::string leaders;
  for (PlayerId p : v.leaders) leaders += (leaders.empty() ? "" : " and ") + c.name(p);
  c.say(v.leaders.size() == 1 ? fmt::format("{} is the richest and wins at the time limit.", leaders)
                              : fmt::format("{} tie for the richest.", leaders));
}

// Anything else: was the move allowed at that point? decide() answers, and for some moves the
// reasoning adds what a player asks next.
void rule_on_move(Court& c, const Command& claim) {
  const Decision d = decide(c.r(), c.g.state, claim);
  c.out.upheld = d.accepted;
  if (d.accepted && c.out.sealed_chance == "withheld") {
    // Ruled with stand-in dice: what they gave is no one's to see (docs/trust.md, "Sealed chance").
    c.say(claim.verb == Verb::Draw   ? "Taking the card was allowed at that point."
          : claim.verb == Verb::Roll ? "The throw was allowed at that point."
                                     : "The move was allowed at that point.");
  } else if (d.accepted) {
    c.say("The move was allowed at that point; the rules give:");
    for (const Event& e : d.events) c.say("  " + c.narrated(e));
  } else {
    c.cite(d.violation.rule, d.violation.section);
    c.say(render_players(refusal_text(c.r(), d.violation), c.g.header.players));
  }
  if (claim.verb == Verb::DeclareBankruptcy) {
    const RaisingPlan plan = money_raisable(c.r(), c.g.state, claim.actor);
    c.cite(rule::kBankruptcyOnlyInsolvent);
    c.say(fmt::format("{} owed {} and could raise {} (cash included).", c.name(claim.actor),
                      c.money(c.g.state.player(claim.actor).total_owed()), c.money(plan.total)));
  }
  if (claim.verb == Verb::PayFine && c.g.state.player(claim.actor).in_jail) {
    const PlayerState& p = c.g.state.player(claim.actor);
    const int turn = p.jail_turns + 1;
    c.say(fmt::format("{} was on turn {} of {} in {}: {}", c.name(claim.actor), turn, c.r().jail.max_turns,
                      c.r().words.jail,
                      turn >= c.r().jail.max_turns
                          ? fmt::format("{} had to throw first, and pay the {} fine only if no double came",
                                        c.name(claim.actor), c.money(c.r().jail.fine))
                          : fmt::format("{} might pay the {} fine before throwing, or throw for doubles; nothing "
                                        "obliged them to pay",
                                        c.name(claim.actor), c.money(c.r().jail.fine))));
  }
}

// A sealed game: the chance a claim is decided with (docs/trust.md, "Sealed chance"). The move
// the journal records next, claimed as played, is decided with the dice and cards it recorded,
// so the ruling shows what happened. Any other throw is decided with the revealed seed's dice,
// or, before the reveal, with stand-in dice whose outcome is never shown: a throw not played is
// the seed's future, every duplicate table's, and the referee keeps it until it is played.
Status sealed_claim_chance(Journal& journal, const Game& g, const std::vector<Recorded>& events, Command* claim,
                           DisputeRuling* d) {
  // A throw, a card taken (the fine-or-Chance card's Chance), the fine paid after the last failed
  // throw: the referee's chance, never the table's (a throw with its dice written, a card named,
  // stays refused: referee/sealed-dice). The same test withholds a dry run's (play_move).
  if (!deals_sealed_chance(g.state, *claim)) return Status::ok();
  // The next move recorded from the position ruled on, and its events.
  std::size_t next = 0;
  while (next < events.size() && events[next].seq <= d->at) ++next;
  if (next < events.size() && events[next].event.type == EventType::MovePlayed) {
    Command recorded;
    ParseError perr;
    if (parse_move(fields::MovePlayed::line(events[next].event), g.ruleset, g.header.players, &recorded, &perr)) {
      Command asked = *claim;
      asked.at.clear();
      asked.clock = recorded.clock = kNoTime;
      recorded.at.clear();
      recorded.note = asked.note;
      if (asked == recorded) {
        Events consequences;
        for (std::size_t i = next + 1; i < events.size() && events[i].event.type != EventType::MovePlayed; ++i)
          consequences.push_back(events[i].event);
        claim->chance = recorded_chance(g.ruleset, consequences, g.state.throws);
        d->sealed_chance = "recorded";
        return Status::ok();
      }
    }
  }
  std::optional<std::string> revealed;
  if (Status s = revealed_seed_for(journal, g.header.sealed, &revealed); !s.is_ok()) return s;
  if (revealed) {
    claim->chance = sealed_chance_for_move(g.ruleset, g.header, *revealed, g.state, sealed_thrower(g.state, *claim));
    d->sealed_chance = "seed";
    return Status::ok();
  }
  claim->chance = sealed_stand_in(g.ruleset, g.state);
  d->sealed_chance = "withheld";
  return Status::ok();
}

}  // namespace

Status rule_on_claim(Journal& journal, std::int64_t game_id, const std::string& claim_text,
                     std::optional<std::int64_t> at, DisputeRuling* out) {
  Game g;
  if (Status s = load_game(journal, game_id, 0, &g); !s.is_ok()) return s;
  if (at && (*at < 0 || *at > g.state.seq))
    return Status::invalid_argument(fmt::format("game {} has events 1 to {}", game_id, g.state.seq));
  Command claim;
  ParseError perr;
  if (!parse_move(claim_text, g.ruleset, g.header.players, &claim, &perr))
    return Status::invalid_argument(perr.message);
  std::vector<Recorded> events;
  if (Status s = GameLog(journal, g).read_all(1, 0, &events); !s.is_ok()) return s;
  mark_voided(&events);
  DisputeRuling d;
  d.claim = print_move(claim, g.ruleset, g.header.players);
  d.at = g.state.seq;
  if (at) {
    // A claim is made between moves, never halfway through one: an event inside a move (its
    // MovePlayed line, the throw, the landing) stands for the position after the whole move, as
    // the table saw it. Ruling on the half-applied move would reopen what the move itself
    // closed (the throw that ended a rent window).
    d.asked_at = *at;
    d.at = end_of_move_at(events, *at);
    if (d.at != *at)
      d.note = fmt::format("event {} is inside the move \"{}\" (events {} to {}): the claim is ruled on the "
                           "position after that whole move",
                           *at, move_text_at(events, *at), move_first_seq(events, *at), d.at);
    // A position later taken back is ruled on as it stood then; the note says it no longer stands.
    if (d.at >= 1 && static_cast<std::size_t>(d.at) <= events.size()) {
      if (const Recorded* by = voiding_event(events, events[static_cast<std::size_t>(d.at - 1)])) {
        d.voided_by = by->seq;
        d.note += fmt::format("{}event {} was taken back by the referee at event {}{}: the ruling is on the position as "
                              "it stood then, which no longer stands",
                              d.note.empty() ? "" : "; ", d.at, by->seq,
                              fields::MovesTakenBack::reason(by->event).empty() ? "" : " (" + printable_text(fields::MovesTakenBack::reason(by->event)) + ")");
      }
    }
    if (Status s = load_game(journal, game_id, d.at, &g); !s.is_ok()) return s;
  }
  if (Status s = sealed_claim_chance(journal, g, events, &claim, &d); !s.is_ok()) return s;
  Court c{g, events, d};
  switch (claim.verb) {
    case Verb::ClaimSalary: rule_on_salary(c, claim); break;
    case Verb::ClaimRent: rule_on_rent(c, claim); break;
    case Verb::CallTime: rule_on_time(c, claim); break;
    default: rule_on_move(c, claim); break;
  }
  if (d.sealed_chance == "recorded")
    d.reasoning.push_back(fmt::format("This game is sealed: the throw claimed is the move recorded next (event {}), "
                                      "ruled with the dice and cards it recorded.",
                                      d.at + 1));
  else if (d.sealed_chance == "seed")
    d.reasoning.push_back("This game is sealed and its seed is revealed: the throw is ruled with the seed's dice and cards.");
  else if (d.sealed_chance == "withheld")
    d.reasoning.push_back("This game is sealed: the dice and cards are the referee's to deal from the seed kept apart, "
                          "and are not shown before they are played. The ruling says only whether the move was allowed.");
  *out = std::move(d);
  return Status::ok();
}

nlohmann::ordered_json dispute_json(const DisputeRuling& d) {
  nlohmann::ordered_json j{{"claim", d.claim}, {"at", d.at}};
  if (!d.note.empty()) {
    j["asked_at"] = d.asked_at;
    j["note"] = d.note;
  }
  if (d.voided_by != 0) j["voided_by"] = d.voided_by;
  j["upheld"] = d.upheld;
  if (!d.rule.empty()) {
    j["rule"] = d.rule;
    j["section"] = d.section;
  }
  j["reasoning"] = d.reasoning;
  if (!d.correction.empty()) j["correction"] = d.correction;
  if (!d.sealed_chance.empty()) j["sealed_chance"] = d.sealed_chance;
  return j;
}

std::string dispute_text(const DisputeRuling& d) {
  std::string out = fmt::format("Claim: {}\n", d.claim);
  if (!d.note.empty()) out += fmt::format("Note: {}\n", d.note);
  out += fmt::format("Ruled on the position after event {}: {}\n", d.at, d.upheld ? "UPHELD" : "REJECTED");
  if (!d.rule.empty()) out += fmt::format("Rule {} (rule book section {})\n", d.rule, d.section);
  for (const auto& line : d.reasoning) out += "  " + line + "\n";
  if (!d.correction.empty()) out += "Correction (record it with referee play): " + d.correction + "\n";
  return out;
}

}  // namespace deedlog
