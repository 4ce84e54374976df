#include "present/explanation.h"

#include <fmt/format.h>

#include "core/article.h"
#include "core/plural.h"
#include "core/printable_text.h"
#include "service/game_session.h"
#include "present/narration.h"
#include "deedlog/cards_to_come.h"
#include "deedlog/position_queries.h"
#include "service/game_log.h"
#include "deedlog/sealed_chance.h"
#include "service/sealed_seeds.h"
#include "deedlog/evolve.h"
#include "present/money_words.h"
#include "deedlog/event_fields.h"
#include "deedlog/building_group.h"
#include "deedlog/rent.h"
#include "deedlog/rule_book.h"
#include "deedlog/valuation.h"

namespace deedlog {
namespace {

struct Context {
  const Game& g;            // the position just before the event
  const Event& e;
  Explanation& out;
  // A sealed game's seed, once revealed (never before: the seed is every table's future).
  std::optional<std::string> revealed_seed;

  const Ruleset& r() const { return g.ruleset; }
  std::string name(PlayerId p) const {
    if (p == kBank) return "the Bank";
    if (p >= 0 && p < static_cast<int>(g.header.players.size())) return g.header.players[static_cast<std::size_t>(p)];
    return "the referee";
  }
  bool on_board(SquareId s) const { return s < r().squares.size(); }
  bool seated(PlayerId p) const { return p >= 0 && p < g.state.player_count; }
  std::string money(Money m) const { return money_words(r(), m); }
  // A sum in a player's own money: in regional-currency with the currency named, as the
  // narration says the same sum ("$200 green"); elsewhere as money().
  std::string money_of(Money m, PlayerId p) const { return money_in(r(), m, currency_of_player(r(), p)); }
  std::string square(SquareId s) const { return s < r().squares.size() ? r().square(s).name : std::string("?"); }
  void cite(const RuleRef& ref) {
    out.rule = r().id + "/" + std::string(ref.id);
    out.section = r().section(std::string(ref.section));
  }
  void say(std::string line) { out.reasoning.push_back(std::move(line)); }
};

// regional-currency: the rent of a Conglomerate's member, from the deed on top of its stack.
void explain_conglomerate_rent(Context& c, SquareId at, const RentQuote& q) {
  const Ruleset& r = c.r();
  const State& s = c.g.state;
  const Square& top = terms_of(r, s, at);
  const int buildings = s.holdings[at].buildings;
  c.say(fmt::format("{} is in a Conglomerate with {} on top: it takes {}'s rents.", r.square(at).name, top.name,
                    top.name));
  if (buildings > 0)
    c.say(fmt::format("With {}: {}'s rent for them, {}.",
                      buildings == kHotel ? "a " + r.words.hotel
                                          : fmt::format("{} {}", buildings, buildings == 1 ? r.words.house : r.words.houses),
                      top.name, c.money_of(q.amount, s.holdings[at].owner)));
  else
    c.say(fmt::format("Unimproved: double {}'s {}, {} (mortgaged members of the Conglomerate do not stop it).",
                      top.name, c.money(top.rent[0]), c.money_of(q.amount, s.holdings[at].owner)));
  c.say(fmt::format("The sum is in {}'s currency; the payer pays it converted at the rates when it is paid.",
                    c.name(s.holdings[at].owner)));
}

void explain_rent(Context& c) {
  const Ruleset& r = c.r();
  const State& s = c.g.state;
  const SquareId at = fields::shared::square_if_any(c.e);
  if (!c.on_board(at)) {
    c.cite(rule::kRentOwnerAsks);
    return;
  }
  const Square& sq = r.square(at);
  const Holding& h = s.holdings[at];
  const int dice = s.last_die1 + s.last_die2;
  const RentQuote q = quote_rent(r, s, at, dice);
  c.cite(q.rule);
  const bool grouped = sq.group >= 0 && sq.group < static_cast<int>(r.groups.size());
  const GroupHolding gh = grouped ? group_holding(r, s, sq.group, h.owner) : GroupHolding{};
  c.say(fmt::format("{} landed on {}, owned by {}.", c.name(c.e.player), sq.name, c.name(h.owner)));
  if (q.rule.id == rule::kConglomerateTopRent.id || q.rule.id == rule::kConglomerateDouble.id) {
    explain_conglomerate_rent(c, at, q);
    return;
  }
  if (owners_form_groups(r) && sq.kind == SquareKind::Street) {
    c.say(fmt::format("{} is in no Conglomerate: the deed's plain rent, {} (colour groups earn no double rent here).",
                      sq.name, c.money_of(q.amount, h.owner)));
    return;
  }
  switch (sq.kind) {
    case SquareKind::Street:
      if (grouped)
        c.say(fmt::format("{} holds {} of the {} sites of the {} group{}.", c.name(h.owner), gh.owned, gh.members,
                        r.groups[static_cast<std::size_t>(sq.group)].name,
                        gh.owned_mortgaged ? fmt::format(", {} of them mortgaged", gh.owned_mortgaged) : ""));
      if (h.buildings == kHotel && kHotel < static_cast<int>(sq.rent.size())) {
        c.say(fmt::format("{} has {}: the deed's rent with {} is {}.", sq.name, with_article(r.words.hotel), with_article(r.words.hotel),
                          c.money_of(sq.rent[kHotel], h.owner)));
      } else if (h.buildings > 0 && h.buildings < static_cast<int>(sq.rent.size())) {
        c.say(fmt::format("{} has {} {}: the deed's rent is {}.", sq.name, h.buildings,
                          h.buildings == 1 ? r.words.house : r.words.houses, c.money_of(sq.rent[h.buildings], h.owner)));
      } else if (q.rule.id == rule::kRentDoubleGroup.id) {
        c.say(fmt::format("Unimproved on a complete group, no site mortgaged: double the deed's {}, {} x 2 = {}.",
                          c.money_of(sq.rent[0], h.owner), c.money_of(sq.rent[0], h.owner), c.money_of(q.amount, h.owner)));
      } else if (q.rule.id == rule::kRentDoubleBlockedByMortgage.id) {
        c.say(fmt::format("The group is complete but a site of it is mortgaged, so no double rent: {}.",
                          c.money_of(q.amount, h.owner)));
      } else {
        c.say(fmt::format("Unimproved, the group not complete: the deed's rent, {}.", c.money_of(q.amount, h.owner)));
      }
      break;
    case SquareKind::Station:
      c.say(fmt::format("{} holds {} {}s, {} of them mortgaged: {} earning, so the rent is {}.", c.name(h.owner), gh.owned,
                        r.words.station, gh.owned_mortgaged, gh.owned - gh.owned_mortgaged, c.money_of(q.amount, h.owner)));
      break;
    case SquareKind::Utility: {
      const int earning = gh.owned - gh.owned_mortgaged;
      const int k = earning > 0 ? r.utility_multiplier[static_cast<std::size_t>(std::min<int>(earning, static_cast<int>(r.utility_multiplier.size())) - 1)] : 0;
      c.say(fmt::format("{} holds {} utilit{} unmortgaged: {} times the dice; the dice showed {} and {}: {} x {} = {}.",
                        c.name(h.owner), earning, earning == 1 ? "y" : "ies", k, s.last_die1, s.last_die2, k, dice,
                        c.money_of(q.amount, h.owner)));
      break;
    }
    default:
      break;
  }
  c.say(fmt::format("It is owed only if {} asks before the next throw of the dice ({}).", c.name(h.owner),
                    r.id + "/" + std::string(rule::kRentAskInTime.id)));
}

// A sealed game's throw: the referee threw it from the seed kept apart; once the seed is
// revealed, whether these are the seed's dice. Nothing here tells a throw still to come.
void explain_sealed_throw(Context& c, int die1, int die2) {
  const std::uint64_t k = c.g.state.throws;
  c.cite(rule::kSealedDice);
  c.out.sealed = true;
  c.out.sealed_throw = static_cast<std::int64_t>(k) + 1;
  // Dealt by seat ([SealedDice "by-seat"]): the thrower's seat's own next throw.
  const bool by_seat = c.g.header.sealed_by_seat() && c.seated(c.e.player);
  const std::uint64_t seat_k = by_seat ? c.g.state.player(c.e.player).throws : k;
  if (by_seat)
    c.say(fmt::format("This game is sealed by seat: the referee threw {}'s throw {} from the seed kept apart, and "
                      "every game sealed with that seed gets the same dice at throw {} of seat {}.",
                      c.name(c.e.player), seat_k + 1, seat_k + 1, c.e.player + 1));
  else
    c.say(fmt::format("This game is sealed: the referee threw throw {} of the game from the seed kept apart, and every "
                      "game sealed with that seed gets the same dice at its throw {}.",
                      k + 1, k + 1));
  if (!c.revealed_seed) {
    c.say("The seed is not revealed yet: the dice are taken as recorded (verify checks them once it is).");
    return;
  }
  const std::array<int, 2> seed_dice =
      by_seat ? seat_dice(*c.revealed_seed, c.e.player, seat_k) : sealed_chance(c.r(), *c.revealed_seed, k).dice.front();
  c.out.seed_agrees = seed_dice[0] == die1 && seed_dice[1] == die2;
  c.say(*c.out.seed_agrees
            ? "The seed is revealed: these are its dice for that throw."
            : fmt::format("The seed is revealed, and its dice for that throw are {} and {}: this throw is not the "
                          "seed's (verify fails the game here).",
                          seed_dice[0], seed_dice[1]));
}

// A sealed game's card: turned up from the pack as the seed shuffled it; once the seed is
// revealed, whether it is the card the seed's order puts on top.
void explain_sealed_card(Context& c, DeckId deck, CardIndex card) {
  c.out.sealed = true;
  c.say("This game is sealed: the referee turned the card up from the pack as the seed kept apart shuffled it; the "
        "pack's order is not shown before the seed is revealed.");
  if (!c.revealed_seed) return;
  const std::size_t d = static_cast<std::size_t>(deck);
  const PackState& pack = c.g.state.packs[d];
  const std::optional<CardIndex> top = sealed_top_card(pack, sealed_chance(c.r(), *c.revealed_seed, 0).packs[d]);
  if (!top) return;
  const auto& cards = c.r().decks[d].cards;
  c.out.seed_agrees = *top == card || (*top < cards.size() && card < cards.size() && cards[*top].text == cards[card].text);
  c.say(*c.out.seed_agrees ? "The seed is revealed: this is the card its order puts on top."
                           : fmt::format("The seed is revealed, and its order puts \"{}\" on top: this card is not the "
                                         "seed's (verify fails the game here).",
                                         *top < cards.size() ? cards[*top].text : std::string("?")));
}

void explain(Context& c) {
  const Ruleset& r = c.r();
  const State& s = c.g.state;
  const Event& e = c.e;
  switch (e.type) {
    case EventType::MovePlayed:
      c.say("The move as the table proposed it; the events after it are its consequences.");
      break;
    case EventType::CardDiceThrown:
      if (!s.sealed) {
        c.say("A consequence of the move above.");
        break;
      }
      c.cite(rule::kCardNearest);
      explain_sealed_throw(c, fields::CardDiceThrown::die1(e), fields::CardDiceThrown::die2(e));
      break;
    case EventType::DiceThrown:
      c.cite(rule::kTurnOrder);
      c.say(fmt::format("{} threw {} and {}{}.", c.name(e.player), fields::DiceThrown::die1(e), fields::DiceThrown::die2(e),
                        s.seeded ? " (the referee's throw from the game's Seed)" : ""));
      if (s.sealed) explain_sealed_throw(c, fields::DiceThrown::die1(e), fields::DiceThrown::die2(e));
      if (fields::DiceThrown::die1(e) == fields::DiceThrown::die2(e)) {
        c.cite(rule::kDoublesThrowAgain);
        c.say(fmt::format("A double: number {} in a row this turn; {} in a row sends to {}.", fields::DiceThrown::doubles_run(e),
                          r.doubles_to_jail, r.words.jail));
      }
      break;
    case EventType::TokenMoved:
      c.cite(rule::kTurnOrder);
      if (!c.seated(e.player) || !c.on_board(fields::TokenMoved::to(e))) break;
      c.say(fmt::format("From {} {} {} squares to {}.", c.square(s.player(e.player).square),
                        fields::TokenMoved::travelled(e) >= 0 ? "forward" : "back", std::abs(fields::TokenMoved::travelled(e)), c.square(fields::TokenMoved::to(e))));
      break;
    case EventType::SalaryPaid:
      c.cite(rule::kSalary);
      if (!c.seated(e.player) || r.squares.empty()) break;
      c.say(fmt::format("Going forward from {} the token reached or passed {}: the Bank pays {} {}.",
                        c.square(s.player(e.player).square), r.square(0).name, r.words.salary, c.money(fields::SalaryPaid::salary(e))));
      break;
    case EventType::RentDue:
      explain_rent(c);
      break;
    case EventType::RentClaimed:
    case EventType::RentPaid:
      c.cite(rule::kRentOwnerAsks);
      // regional-currency: a paid rent's amount2 is the rent in the owner's money, amount what the
      // payer gave in theirs; otherwise the two are one sum.
      c.say(fmt::format("{} asked {} for the {} rent on {} while the window was open: it is owed{}.", c.name(fields::shared::other(e)),
                        c.name(e.player), c.money_of(fields::shared::amount2_if_any(e).units > 0 ? fields::shared::amount2_if_any(e) : fields::shared::amount(e), fields::shared::other(e)), c.square(fields::shared::square(e)),
                        fields::shared::amount2_if_any(e).units > 0 ? fmt::format(" ({} paid {} in their own currency)", c.name(e.player),
                                                          c.money_of(fields::shared::amount(e), e.player))
                                            : std::string()));
      break;
    case EventType::RentForfeited:
      c.cite(rule::kRentAskInTime);
      c.say(fmt::format("{} owed {} {} for {}, but the dice were thrown again before {} asked: the rent is lost.",
                        c.name(e.player), c.name(fields::RentForfeited::owner(e)), c.money(fields::RentForfeited::rent(e)), c.square(fields::RentForfeited::square(e)), c.name(fields::RentForfeited::owner(e))));
      break;
    case EventType::TaxPaid:
      c.cite(rule::kTax);
      c.say(fmt::format("{} is a tax square: {} to the Bank.", c.square(fields::TaxPaid::square(e)), c.money(fields::TaxPaid::paid(e))));
      break;
    case EventType::CardDrawn: {
      c.cite(rule::kCardOrder);
      // The table's view: every card whose place the position knows is known to all.
      const std::size_t unseen = pack_as_seen(r, s, fields::CardDrawn::deck(e), ~std::uint64_t{0}).can_come.size();
      const Deck& deck = r.decks[static_cast<int>(fields::CardDrawn::deck(e))];
      if (fields::CardDrawn::card(e) >= deck.cards.size()) break;
      c.say(fmt::format("The card turned up: \"{}\".", r.decks[static_cast<int>(fields::CardDrawn::deck(e))].cards[fields::CardDrawn::card(e)].text));
      c.say(unseen > 0 ? fmt::format("{} cards of the {} pack had not been seen, so it had to be one of those.", unseen,
                                     r.decks[static_cast<int>(fields::CardDrawn::deck(e))].name)
                       : fmt::format("Every card of the pack had been seen: the order was known and this was the top card."));
      if (s.sealed) explain_sealed_card(c, fields::CardDrawn::deck(e), fields::CardDrawn::card(e));
      break;
    }
    case EventType::SentToJail: {
      static const RuleRef* why[] = {&rule::kJailGoTo, &rule::kJailGoTo, &rule::kThreeDoublesJail};
      c.cite(*why[std::clamp(static_cast<int>(fields::SentToJail::reason(e)), 0, 2)]);
      c.say(fields::SentToJail::reason(e) == JailReason::ThreeDoubles ? fmt::format("The third double in a row: to {} without moving, and the turn ends.", r.words.jail)
                         : fmt::format("Sent to {}: straight there, no {}, and the turn ends.", r.words.jail, r.words.salary));
      break;
    }
    case EventType::JailTurnFailed:
      c.cite(rule::kJailDoubles);
      c.say(fmt::format("No double: still in {} after {} of {}.", r.words.jail, fields::JailTurnFailed::turns_used(e), count_of(r.jail.max_turns, "turn")));
      break;
    case EventType::LeftJail:
    case EventType::FinePaid:
      if (!c.seated(e.player)) break;
      c.cite(fields::shared::count_if_any(e) == static_cast<int>(JailExit::ThirdTurnFine) || s.player(e.player).jail_turns + 1 >= r.jail.max_turns
                 ? rule::kJailThirdTurn
                 : rule::kJailFine);
      c.say(fmt::format("{} had used {} of the {} in {}.", c.name(e.player), s.player(e.player).jail_turns,
                        count_of(r.jail.max_turns, "turn"), r.words.jail));
      break;
    case EventType::PropertyBought:
      c.cite(rule::kBuyAtPrintedPrice);
      // regional-currency: amount2 is the price as printed (the region's money), amount what
      // the buyer paid in theirs, as the narration says them.
      c.say(fields::PropertyBought::printed(e).units > 0
                ? fmt::format("Unowned when {} landed on it: bought at the printed price, {}, paid as {}.", c.name(e.player),
                              money_in(r, fields::PropertyBought::printed(e), currency_of_square(r, fields::PropertyBought::square(e))), c.money_of(fields::PropertyBought::paid(e), e.player))
                : fmt::format("Unowned when {} landed on it: bought at the printed price, {}.", c.name(e.player),
                              c.money_of(fields::PropertyBought::paid(e), e.player)));
      break;
    case EventType::AuctionOpened:
      // A house or hotel auctioned in a shortage is no declined property: it has its own rule.
      if (fields::AuctionOpened::lot(e) != AuctionLot::Property) {
        c.cite(rule::kShortageAuction);
        c.say(fmt::format("The Bank had fewer {} than the players wanting them: the referee auctions them one at a time.",
                          fields::AuctionOpened::lot(e) == AuctionLot::Hotel ? r.words.hotels : r.words.houses));
        break;
      }
      c.cite(rule::kDeclineAuction);
      c.say("Declined at the printed price (or the Bank's to sell), so it is auctioned at once.");
      break;
    case EventType::AuctionWon:
    case EventType::AuctionUnsold:
      c.cite(rule::kAuctionCloses);
      c.say("Every other player had passed, so the auction closed on the high bid.");
      break;
    case EventType::InterestPaid: {
      c.cite(fields::InterestPaid::on_transfer(e) ? rule::kMortgageTransfer : rule::kMortgageLift);
      if (!c.on_board(fields::InterestPaid::square(e))) break;
      const Money principal = r.square(fields::InterestPaid::square(e)).mortgage_value;
      c.say(fmt::format("{}% of the {} mortgage on {} is {}.{:02}, rounded {} to {}.", r.mortgage_interest_percent,
                        c.money(principal), c.square(fields::InterestPaid::square(e)), principal.units * r.mortgage_interest_percent / 100,
                        principal.units * r.mortgage_interest_percent % 100,
                        r.interest_rounding == Rounding::Up ? "up" : r.interest_rounding == Rounding::Down ? "down" : "to the nearest",
                        c.money(fields::InterestPaid::paid(e))));
      if (fields::InterestPaid::on_transfer(e)) c.say("The deed changed hands mortgaged: its new owner pays the interest at once.");
      break;
    }
    case EventType::DebtIncurred:
      c.cite(rule::kDebtBlocks);
      if (!c.seated(e.player)) break;
      c.say(fmt::format("{} had {} and had to pay {}: the debt stands and the game waits for it.", c.name(e.player),
                        c.money_of(s.player(e.player).cash, e.player), c.money_of(fields::DebtIncurred::owed(e), e.player)));
      break;
    case EventType::HouseBuilt:
    case EventType::HotelBuilt:
      c.cite(e.type == EventType::HotelBuilt ? rule::kHotelNeedsFour : rule::kHousesEvenly);
      c.say(fmt::format("Built on {} for {}.", c.square(fields::shared::square(e)), c.money_of(fields::shared::amount(e), e.player)));
      break;
    case EventType::HouseSold:
    case EventType::HotelSold:
      c.cite(rule::kSellHalf);
      c.say(fmt::format("The Bank pays half the price: {}.", c.money(fields::shared::amount(e))));
      break;
    case EventType::PlayerBankrupted:
      c.cite(fields::PlayerBankrupted::creditor(e).is_bank() ? rule::kBankruptcyToBank : rule::kBankruptcyToPlayer);
      c.say(fmt::format("{} owed more than they could raise by selling every building and mortgaging every property.", c.name(e.player)));
      break;
    case EventType::GameWon: {
      c.cite(rule::kLastPlayerWins);
      const Valuation v = value_estates(r, s);
      for (const EstateValue& est : v.estates)
        c.say(fmt::format("{}: {}{}", c.name(est.player), c.money(est.total), est.in_game ? "" : " (out of the game)"));
      break;
    }
    case EventType::NoteRecorded:
      c.cite(rule::kRefereeNote);
      c.say("The referee noted a ruling that changes nothing in the game (an appeal rejected): " + printable_text(fields::NoteRecorded::note(c.e)) + ".");
      break;
    case EventType::MovesTakenBack: {
      c.cite(rule::kTakeBack);
      const std::int64_t first = first_voided(c.e, c.out.seq);
      c.say(fmt::format("The referee took back the moves from event {} to event {}: they stay in the journal, void, "
                        "and the game goes on from the position after event {}.",
                        first, c.out.seq - 2, first - 1));
      if (!fields::MovesTakenBack::reason(c.e).empty()) c.say("The reason given: " + printable_text(fields::MovesTakenBack::reason(c.e)) + ".");
      break;
    }
    default:
      c.say("A consequence of the move above.");
      break;
  }
}

}  // namespace

Status explain_event(Journal& journal, std::int64_t game_id, std::int64_t seq, Explanation* out) {
  Game before;
  if (Status s = load_game(journal, game_id, std::max<std::int64_t>(seq - 1, 0), &before); !s.is_ok()) return s;
  if (seq < 1) return Status::invalid_argument("events are numbered from 1");
  LoggedEvent found;
  Explanation ex;
  // The move that caused it: the last MovePlayed at or before it. Read to the end, to find a
  // take-back that voided it later.
  std::vector<LoggedEvent> events;
  if (Status read = GameLog(journal, before).read_all(1, 0, &events); !read.is_ok()) return read;
  mark_voided(&events);
  for (const LoggedEvent& r : events) {
    if (r.seq > seq) break;
    if (r.event.type == EventType::MovePlayed) {
      ex.move_seq = r.seq;
      ex.move = fields::MovePlayed::line(r.event);
    }
    if (r.seq == seq) found = r;
  }
  if (found.seq != seq) return Status::not_found(fmt::format("game {} has no event {}", game_id, seq));
  const Event& e = found.event;
  ex.seq = seq;
  ex.type = found.type;
  ex.words = narrate(before.ruleset, before.header.players, e);
  if (ex.move_seq == 0) ex.move = "(the opening of the game)";
  Context c{before, e, ex, std::nullopt};
  if (before.state.sealed) {
    if (Status s = revealed_seed_for(journal, before.header.sealed, &c.revealed_seed); !s.is_ok()) return s;
  }
  explain(c);
  if (const LoggedEvent* by = voiding_event(events, found)) {
    ex.voided_by = by->seq;
    ex.reasoning.push_back(fmt::format("Void: taken back by the referee at event {}{}; the position after it is the "
                                       "one before this move.",
                                       by->seq, fields::MovesTakenBack::reason(by->event).empty() ? "" : " (" + printable_text(fields::MovesTakenBack::reason(by->event)) + ")"));
  }
  *out = std::move(ex);
  return Status::ok();
}

nlohmann::ordered_json explanation_json(const Explanation& e) {
  nlohmann::ordered_json j{{"seq", e.seq}, {"type", e.type}, {"words", e.words}, {"move_seq", e.move_seq}, {"move", e.move}};
  if (!e.rule.empty()) {
    j["rule"] = e.rule;
    j["section"] = e.section;
  }
  j["reasoning"] = e.reasoning;
  if (e.voided_by != 0) j["voided_by"] = e.voided_by;
  if (e.sealed) {
    nlohmann::ordered_json sealed{{"throw", e.sealed_throw}};
    sealed["seed_agrees"] = e.seed_agrees ? nlohmann::ordered_json(*e.seed_agrees) : nlohmann::ordered_json();
    j["sealed"] = sealed;
  }
  return j;
}

std::string explanation_text(const Explanation& e) {
  std::string out = fmt::format("Event {}: {}\nCaused by {}{}\n", e.seq, e.words,
                                e.move_seq ? fmt::format("move {}: ", e.move_seq) : std::string(), e.move);
  if (!e.rule.empty()) out += fmt::format("Rule {} (rule book section {})\n", e.rule, e.section);
  for (const auto& line : e.reasoning) out += "  " + line + "\n";
  return out;
}

}  // namespace deedlog
