#pragma once
// Every verb of a move line, declared once, as the event types are (event_types.h). From this one
// list come the enum `Verb`, each verb's words (`verb_words`, command.h), the notation's table of
// verb words, how each verb's words are read and written back and what completion offers after it
// (src/notation/moves.cpp, src/commands/table_completion.cpp), the gate's row (src/engine/gate.cpp),
// the words a refusal names the move by (src/present/refusal_words.cpp), the declaration of the rule
// that rules on it (src/engine/decide_support.h), decide's call of that rule (src/engine/decide.cpp)
// and the choices a move of it answers (`verb_choices`, command.h), by which the analysis groups a
// decision's alternatives (src/analysis/analysis.cpp). The rule itself lives in the rule file of its
// section.
//
//   DEEDLOG_VERBS(V): V(Verb, code, rule, form, (choices...), (words...), (gate...))
//
// * Verb, code: the enum's name and its value. The list is in the order the notation lists its verb
//   words (an unknown verb's message); the values are those the verbs have always had, and a new
//   verb takes the next one (command.h checks that they are 0 to N-1, each once).
// * rule: the engine's function that rules on the move once the gate let it through; declared from
//   here (decide_support.h), defined in the rule file of its section.
// * form: how the notation reads and writes the rest of the line (src/notation/moves.cpp,
//   namespace form): `words` for the name's words alone; the others read their arguments.
// * (choices...): the choices the rules put to a player that a move of the verb answers (`Choice`
//   below), `()` for none. A move answers one at a time, the one its position puts: "pays fine" is
//   the card's fine in the card's choice and the way out of jail at the start of a jailed go.
// * (words...): the fields of `VerbWords` below, by name; a field left out is empty (the maker: a
//   player).
// * (gate...): the fields of the gate's row (`VerbGate`, src/engine/gate.cpp), by name; a field left
//   out keeps the default written there. Only gate.cpp expands this column, so the names in it mean
//   something there alone.
//
// The words and gate columns are lists of designated initialisers: `DEEDLOG_FIELDS column` unwraps
// them where a row is built, and the compiler holds each name to its struct and its order. The
// choices column is unwrapped the same way, into `choice_set({...})`.

#include <cstdint>
#include <initializer_list>
#include <string_view>

namespace deedlog {

// Who writes a verb's move.
enum class VerbMaker : std::uint8_t {
  Player,
  Referee,     // a referee's act: a player's line is refused by the notation, and by the gate
  Correction,  // the referee's, recorded at any point, even after the end: the gate lets it
               // through and its rule asks who
};

// A choice the rules put to a player, between moves of one or more verbs: what a move answers, as
// a fact of the game. A move that answers none of these (a rent claimed, a turn ended, a referee's
// act) lists none.
enum class Choice : std::uint8_t {
  Purchase,     // the lander buys the site at its price, or declines it
  Auction,      // in an open auction: bid, or pass
  FineOrCard,   // a card's "pay a fine or take a Chance": pay it, or draw from the other pack
  JailExit,     // a jailed player's way out at the start of his go: pay the fine, use a card, throw
                // for doubles or, where the edition allows, sit out the go (and after its last
                // failed throw, the computer edition's pay and move, or miss the next go)
  Holdings,     // between throws: build or sell buildings, mortgage or lift a mortgage, or leave
                // them as they are
  TradeOffer,   // propose a trade to another player, or none
  TradeAnswer,  // the one offered a trade accepts or rejects it
  IncomeTax,    // Income Tax where the edition gives a choice: the flat sum or the percentage
};

// The choices a verb's moves answer, a bit each (`bit_of`).
using ChoiceSet = std::uint16_t;
constexpr ChoiceSet bit_of(Choice c) { return static_cast<ChoiceSet>(1u << static_cast<unsigned>(c)); }
constexpr ChoiceSet choice_set(std::initializer_list<Choice> choices) {
  ChoiceSet set = 0;
  for (Choice c : choices) set = static_cast<ChoiceSet>(set | bit_of(c));
  return set;
}

// The words of a verb, as the notation, completion, help and refusals use them.
struct VerbWords {
  VerbMaker maker = VerbMaker::Player;
  // The canonical words, as print_move writes a move with no arguments ("claims rent"). Its first
  // word is the verb word a line is read by; verbs that share it ("claims rent", "claims salary")
  // are told apart by their second word.
  std::string_view name;
  std::string_view plain;       // the verb word's plain form, read too ("claim")
  std::string_view usage;       // the line's forms, `|` between them, as an error message names them
  std::string_view referee;     // a referee's verb: what "only the Referee ..." says it does
  std::string_view act;         // how a refusal names the act ("may {act} it"); empty where none does
  std::string_view completion;  // what `referee table` offers after the verb word (`<square>`, `<player>`)
  std::string_view example;     // a move of it, as `referee play --help` lists the moves
  std::string_view says;        // what that move is, beside it there
};

}  // namespace deedlog

#define DEEDLOG_FIELDS(...) __VA_ARGS__

// clang-format off
#define DEEDLOG_VERBS(V)                                                                                             \
  V(Roll, 0, decide_roll, dice, (Choice::JailExit),                                                                  \
    (.name = "rolls", .plain = "roll", .usage = "rolls 3 4|rolls", .act = "throw", .example = "Ann rolls 3 4",       \
     .says = "a throw of the dice, as thrown"),                                                                      \
    (.waits_for_debts = true, .completes = phases({Phase::CardDice}), .needs_deeds_dealt = true,                     \
     .turn_rows = {{                                                                                                 \
         {bit(Phase::CardDice), TurnCheck::Mover, rule::kCardNearest, RefusalCode::CardThrowIsOthers},               \
         {kAnyPhase, TurnCheck::StartsTurn},                                                                         \
     }}))                                                                                                            \
  V(Buy, 1, decide_buy, purchase, (Choice::Purchase),                                                                \
    (.name = "buys", .plain = "buy", .usage = "buys", .act = "buy", .completion = "<square>", .example = "Ann buys", \
     .says = "the property she stands on, at its price"),                                                            \
    (.waits_for_debts = true, .completes = kAnyPhase,                                                                \
     .turn_rows = {{                                                                                                 \
         {bit(Phase::BuyDecision), TurnCheck::Mover, rule::kBuyAtPrintedPrice, RefusalCode::OnlyLanderBuys},         \
     }}, .allowed = bit(Phase::BuyDecision), .phase_rule = rule::kBuyAtPrintedPrice,                                 \
     .phase_refusal = RefusalCode::NothingToBuyOrDecline, .listed_alone = true))                                     \
  /* "declines" said to a trade offered is read as "rejects" (decide.cpp), which answers the trade. */               \
  V(Decline, 2, decide_decline, words, (Choice::Purchase),                                                           \
    (.name = "declines", .plain = "decline", .usage = "declines", .act = "decline", .example = "Ann declines",       \
     .says = "not to buy it (or a trade offered to her)"),                                                           \
    (.waits_for_debts = true, .completes = kAnyPhase,                                                                \
     .turn_rows = {{                                                                                                 \
         {bit(Phase::BuyDecision), TurnCheck::Mover, rule::kBuyAtPrintedPrice, RefusalCode::OnlyLanderBuys},         \
     }}, .allowed = bit(Phase::BuyDecision), .phase_rule = rule::kBuyAtPrintedPrice,                                 \
     .phase_refusal = RefusalCode::NothingToBuyOrDecline, .listed_alone = true))                                     \
  /* Bids and passes: which auction rule refuses them depends on the edition (decide.cpp). */                        \
  V(Bid, 3, decide_bid, bid, (Choice::Auction),                                                                      \
    (.name = "bids", .plain = "bid", .usage = "bids 120", .example = "Ann bids 120", .says = "in the open auction"), \
    (.waits_for_debts = true, .completes = kAnyPhase))                                                               \
  V(Pass, 4, decide_pass, words, (Choice::Auction),                                                                  \
    (.name = "passes", .plain = "pass", .usage = "passes", .example = "Ann passes",                                  \
     .says = "out of the open auction"),                                                                             \
    (.waits_for_debts = true, .completes = kAnyPhase, .listed_alone = true))                                         \
  V(ClaimRent, 5, decide_claim_rent, words, (),                                                                      \
    (.name = "claims rent", .plain = "claim", .usage = "claims rent", .completion = "rent",                          \
     .example = "Ben claims rent", .says = "the owner asks for the rent due"),                                       \
    (.while_placing = WhilePlacing::Allowed, .completes = kAnyPhase, .listed_alone = true))                          \
  V(Draw, 6, decide_draw, card, (Choice::FineOrCard),                                                                \
    (.name = "draws", .plain = "draw", .usage = "draws \"CARD\"|draws",                                              \
     .example = "Ann draws \"Advance to Mayfair\"", .says = "the card turned up"),                                   \
    (.waits_for_debts = true, .completes = kAnyPhase,                                                                \
     .turn_rows = {{                                                                                                 \
         {phases({Phase::AwaitingCard, Phase::CardChoice}), TurnCheck::Mover, rule::kCardDraw,                    \
          RefusalCode::CardIsOthers},                                                                                \
     }}, .allowed = phases({Phase::AwaitingCard, Phase::CardChoice}), .phase_rule = rule::kCardDraw,                 \
     .phase_refusal = RefusalCode::NoCardDue))                                                                       \
  V(PayFine, 7, decide_pay_fine, words, (Choice::FineOrCard, Choice::JailExit),                                      \
    (.name = "pays fine", .plain = "pay", .usage = "pays fine", .act = "pay the fine", .completion = "fine",         \
     .example = "Ann pays fine", .says = "out of jail"),                                                             \
    (.waits_for_debts = true, .completes = phases({Phase::CardChoice, Phase::JailChoice}),                           \
     .turn_rows = {{                                                                                                 \
         {bit(Phase::CardChoice), TurnCheck::Mover, rule::kCardChoice, RefusalCode::ChoiceIsOthers},                 \
         {bit(Phase::JailChoice), TurnCheck::Mover, rule::kJailPayOrMiss, RefusalCode::ChoiceIsOthers},              \
         {kAnyPhase, TurnCheck::StartsTurn},                                                                         \
     }}, .listed_alone = true))                                                                                      \
  V(UseCard, 8, decide_use_card, jail_card, (Choice::JailExit),                                                      \
    (.name = "uses card", .plain = "use", .usage = "uses card", .act = "use a card", .completion = "card",           \
     .example = "Ann uses card", .says = "a Get Out of Jail Free card"),                                             \
    (.waits_for_debts = true,                                                                                        \
     .turn_rows = {{                                                                                                 \
         {kAnyPhase, TurnCheck::StartsTurn},                                                                         \
     }}, .listed_alone = true))                                                                                      \
  V(Build, 9, decide_build, building, (Choice::Holdings),                                                            \
    (.name = "builds", .plain = "build", .usage = "builds house on X|builds 2 houses on X|builds hotel on X",        \
     .completion = "house houses hotel on <square>", .example = "Ann builds 2 houses on \"Park Lane\"",              \
     .says = "or a house, or a hotel"),                                                                              \
    (.waits_for_debts = true, .while_placing = WhilePlacing::PlacerOnly, .completes = bit(Phase::Placing),           \
     .turn_rows = {{                                                                                                 \
         {bit(Phase::Placing), TurnCheck::None},                                                                     \
         {kAnyPhase, TurnCheck::MoverInEdition, rule::kHousesInTurn, RefusalCode::BuildOnlyInOwnTurn},               \
     }}, .allowed = static_cast<PhaseSet>(kBetweenMoves | bit(Phase::Placing)), .phase_rule = rule::kFinishTheMove,  \
     .phase_refusal = RefusalCode::MustFinishPending))                                                               \
  V(Sell, 10, decide_sell, building, (Choice::Holdings),                                                             \
    (.name = "sells", .plain = "sell", .usage = "sells house on X|sells 2 houses on X|sells hotel on X",             \
     .completion = "house houses hotel on <square>", .example = "Ann sells hotel on \"Park Lane\"",                  \
     .says = "buildings back to the Bank"),                                                                          \
    (.completes_while_owing = true))                                                                                 \
  V(Mortgage, 11, decide_mortgage, sites, (Choice::Holdings),                                                        \
    (.name = "mortgages", .plain = "mortgage", .usage = "mortgages X", .act = "mortgages",                           \
     .completion = "and <square>", .example = "Ann mortgages Mayfair", .says = "a site without buildings"),          \
    (.completes_while_owing = true))                                                                                 \
  V(Unmortgage, 12, decide_unmortgage, sites, (Choice::Holdings),                                                    \
    (.name = "unmortgages", .plain = "unmortgage", .usage = "unmortgages X", .completion = "and <square>",           \
     .example = "Ann unmortgages Mayfair", .says = "the mortgage paid off"), ())                                     \
  V(Offer, 13, decide_offer, offer, (Choice::TradeOffer),                                                            \
    (.name = "offers", .plain = "offer", .usage = "offers PLAYER: WHAT for WHAT", .act = "proposes a swop",          \
     .completion = "for card nothing <square> <player>",                                                             \
     .example = "Ann offers Ben: Mayfair, 100 for \"Park Lane\"", .says = "a trade"), ())                            \
  V(Accept, 14, decide_accept, words, (Choice::TradeAnswer),                                                         \
    (.name = "accepts", .plain = "accept", .usage = "accepts", .example = "Ben accepts",                             \
     .says = "the trade offered to him"),                                                                            \
    (.listed_alone = true))                                                                                          \
  V(Reject, 15, decide_reject, words, (Choice::TradeAnswer),                                                         \
    (.name = "rejects", .plain = "reject", .usage = "rejects", .example = "Ben rejects",                             \
     .says = "the trade offered to him"),                                                                            \
    (.listed_alone = true))                                                                                          \
  V(PayTax, 16, decide_pay_tax, tax, (Choice::IncomeTax),                                                            \
    (.name = "pays tax", .plain = "pay", .usage = "pays tax flat|pays tax 10%", .completion = "tax flat",            \
     .example = "Ann pays tax 10%", .says = "Income Tax, where the edition gives a choice"),                         \
    (.completes = bit(Phase::TaxChoice),                                                                             \
     .turn_rows = {{                                                                                                 \
         {bit(Phase::TaxChoice), TurnCheck::Mover, rule::kTaxChoice, RefusalCode::ChoiceIsOthers},                   \
     }}, .allowed = bit(Phase::TaxChoice), .phase_rule = rule::kTaxChoice,                                           \
     .phase_refusal = RefusalCode::NoTaxChoice))                                                                     \
  V(DeclareBankruptcy, 17, decide_bankruptcy, bankruptcy, (),                                                        \
    (.name = "declares bankruptcy", .plain = "declare", .usage = "declares bankruptcy", .completion = "bankruptcy",  \
     .example = "Ann declares bankruptcy", .says = "what she owes is more than she can raise"),                      \
    (.completes = kAnyPhase, .listed_alone = true))                                                                  \
  /* Ending the turn mid-move cites the rule the move waits on (decide.cpp); whose turn is checked here. After       \
     time is called, the mover's `ends turn` closes his move (rent not asked for lapses). */                         \
  V(EndTurn, 18, decide_end_turn, words, (),                                                                         \
    (.name = "ends turn", .plain = "end", .usage = "ends turn", .completion = "turn", .example = "Ann ends turn",    \
     .says = "her turn is over"),                                                                                    \
    (.waits_for_debts = true, .completes = kBetweenMoves,                                                            \
     .turn_rows = {{                                                                                                 \
         {kAnyPhase, TurnCheck::Mover, rule::kEndTurn, RefusalCode::NotYourTurnToEnd},                               \
     }}, .listed_alone = true))                                                                                      \
  /* Forming a Conglomerate: the edition is asked before the phase (conglomerate_rules.cpp). */                      \
  V(FormConglomerate, 25, decide_form_conglomerate, conglomerate, (),                                                \
    (.name = "forms conglomerate", .plain = "form", .usage = "forms conglomerate A, B, C",                           \
     .completion = "conglomerate <square>",                                                                          \
     .example = "Ann forms conglomerate Boardwalk, \"Reading Railroad\", \"Mediterranean Avenue\"",                  \
     .says = "regional-currency: three sites of three colours as one group"), ())                                    \
  V(CallTime, 19, decide_call_time, words, (),                                                                       \
    (.maker = VerbMaker::Referee, .name = "calls time", .plain = "call", .usage = "calls time",                      \
     .referee = "calls time", .completion = "time", .example = "Referee calls time",                                 \
     .says = "the time limit: estates are valued"), ())                                                              \
  V(Deal, 20, decide_deal, deal, (),                                                                                 \
    (.maker = VerbMaker::Referee, .name = "deals", .plain = "deal", .usage = "deals PLAYER: DEEDS",                  \
     .referee = "deals title deeds", .completion = "<square> <player>",                                              \
     .example = "Referee deals Ann: Mayfair, \"Park Lane\"",                                                         \
     .says = "the short game: the deeds dealt at the start"), ())                                                    \
  V(AuctionBuilding, 21, decide_auction_building, building_auction, (),                                              \
    (.maker = VerbMaker::Referee, .name = "auctions", .plain = "auction", .usage = "auctions house|auctions hotel",  \
     .referee = "calls a building auction", .completion = "house hotel", .example = "Referee auctions house",        \
     .says = "the Bank is short of houses and two want one"),                                                        \
    (.waits_for_debts = true, .new_dealing = true, .allowed = kBetweenMoves, .phase_rule = rule::kShortageAuction,   \
     .phase_refusal = RefusalCode::MustFinishPending))                                                               \
  V(Award, 22, decide_award, award, (),                                                                              \
    (.maker = VerbMaker::Correction, .name = "awards", .plain = "award",                                             \
     .usage = "awards PLAYER AMOUNT [from PLAYER]|awards PLAYER DEED", .referee = "awards",                          \
     .completion = "from for <square> <player>",                                                                     \
     .example = "Referee awards Ben 500 from Ann for \"rent asked in time\"", .says = "a correction"),               \
    (.while_placing = WhilePlacing::Allowed))                                                                        \
  /* "Ann claims salary": only in disputes (the referee pays salary itself). */                                      \
  V(ClaimSalary, 23, decide_claim_salary, words, (),                                                                 \
    (.name = "claims salary", .plain = "claim", .usage = "claims salary", .completion = "salary",                    \
     .example = "Ann claims salary", .says = "in a dispute only: the referee pays salary itself"), ())               \
  /* The computer edition: a jailed player sits out a go (and is then free). */                                      \
  V(SkipGo, 24, decide_skip_go, words, (Choice::JailExit),                                                           \
    (.name = "skips go", .plain = "skip", .usage = "skips go", .act = "skip the go", .completion = "go",             \
     .example = "Ann skips go", .says = "the computer edition: a jailed player sits out a go"),                      \
    (.waits_for_debts = true, .completes = bit(Phase::JailChoice),                                                   \
     .turn_rows = {{                                                                                                 \
         {bit(Phase::JailChoice), TurnCheck::Mover, rule::kJailPayOrMiss, RefusalCode::ChoiceIsOthers},              \
         {kAnyPhase, TurnCheck::StartsTurn},                                                                         \
     }}, .listed_alone = true))                                                                                      \
  /* A take-back is a correction: at any point, even after the end (correction_rules.cpp asks who). */               \
  V(TakeBack, 26, decide_take_back, take_back, (),                                                                   \
    (.maker = VerbMaker::Correction, .name = "takes back", .plain = "take", .usage = "takes back [N] [for REASON]",  \
     .referee = "takes moves back", .completion = "back for",                                                        \
     .example = "Referee takes back 2 for \"mistyped dice\"",                                                        \
     .says = "the last 2 moves void, the position before them"),                                                     \
    (.while_placing = WhilePlacing::Allowed))                                                                        \
  /* A note is a correction's kind: a ruling that changes nothing (an appeal rejected), at any point, even after     \
     the end (correction_rules.cpp asks who). */                                                                     \
  V(Note, 27, decide_note, note, (),                                                                                 \
    (.maker = VerbMaker::Correction, .name = "notes", .plain = "note", .usage = "notes \"TEXT\"",                    \
     .referee = "notes a ruling", .example = "Referee notes \"appeal by Ann rejected\"",                             \
     .says = "a ruling that changes nothing, kept in the game"),                                                     \
    (.while_placing = WhilePlacing::Allowed))

// clang-format on
