#pragma once
// Every verb of a move line, declared once, as the event types are (event_types.h). From this one
// list come the enum `Verb` and `verb_name` (command.h), the notation's table of verb words, how
// each verb's words are read and written back and what completion offers after it
// (src/notation/moves.cpp, src/commands/table_completion.cpp), the gate's row (src/engine/gate.cpp),
// the words a refusal names the move by (src/present/refusal_words.cpp) and which rule decide
// calls for it (src/engine/decide.cpp). The rule itself lives in the rule file of its section.
//
//   DEEDLOG_VERBS(V): V(Verb, code, maker, "name", "plain", form, "usage", "referee", "act",
//                       "completion", rule, gate...)
//
// * Verb, code: the enum's name and its value. The list is in the order the notation lists its verb
//   words (an unknown verb's message); the values are those the verbs have always had, and a new
//   verb takes the next one (a test checks that they are 0 to N-1, each once).
// * maker: who writes the move. Player; Referee (a referee's act: a player's line is refused by
//   the notation, and by the gate); Correction (the referee's, recorded at any point, even after
//   the end: the gate lets it through and its rule asks who).
// * "name": the canonical words, as print_move writes a move with no arguments ("claims rent").
//   Its first word is the verb word a line is read by; verbs that share it ("claims rent",
//   "claims salary") are told apart by their second word. "plain": the verb word's plain form,
//   read too ("claim").
// * form: how the notation reads and writes the rest of the line (src/notation/moves.cpp,
//   namespace form): `words` for the name's words alone; the others read their arguments.
// * "usage": the line's forms, `|` between them, as an error message names them.
// * "referee": for a referee's verb, what "only the Referee ..." says it does.
// * "act": how a refusal names the act ("may {act} it"); "" where no refusal names it.
// * "completion": the words `referee table` offers after the verb word, with `<square>` and
//   `<player>` where it offers those names.
// * rule: the engine's function that rules on the move once the gate let it through (decide.cpp
//   calls it; it lives in the rule file of its section and is declared in decide_support.h).
// * gate...: the gate's row (src/engine/gate.cpp, struct VerbGate): waits for debts, while a
//   bought building waits to be placed, refused once time is called, the phases where it
//   completes the move in progress, whether raising cash completes it, whether the deeds must be
//   dealt first, the turn rows, the phases allowed and the rule and refusal outside them.
//
// Only the columns a reader expands are compiled there: the gate's names mean something in
// gate.cpp alone.

// clang-format off
#define DEEDLOG_VERBS(V)                                                                                             \
  V(Roll, 0, Player, "rolls", "roll", dice, "rolls 3 4|rolls", "", "throw", "", decide_roll,                         \
    true, WhilePlacing::Refused, false, phases({Phase::CardDice}), false, true,                                      \
    {{{bit(Phase::CardDice), TurnCheck::Mover, rule::kCardNearest, RefusalCode::CardThrowIsOthers},                  \
      {kAnyPhase, TurnCheck::StartsTurn}}}, kAnyPhase)                                                               \
  V(Buy, 1, Player, "buys", "buy", purchase, "buys", "", "buy", "<square>", decide_buy,                              \
    true, WhilePlacing::Refused, false, kAnyPhase, false, false,                                                     \
    {{{bit(Phase::BuyDecision), TurnCheck::Mover, rule::kBuyAtPrintedPrice, RefusalCode::OnlyLanderBuys}}},          \
    bit(Phase::BuyDecision), rule::kBuyAtPrintedPrice, RefusalCode::NothingToBuyOrDecline)                           \
  V(Decline, 2, Player, "declines", "decline", words, "declines", "", "decline", "", decide_decline,                 \
    true, WhilePlacing::Refused, false, kAnyPhase, false, false,                                                     \
    {{{bit(Phase::BuyDecision), TurnCheck::Mover, rule::kBuyAtPrintedPrice, RefusalCode::OnlyLanderBuys}}},          \
    bit(Phase::BuyDecision), rule::kBuyAtPrintedPrice, RefusalCode::NothingToBuyOrDecline)                           \
  /* Bids and passes: which auction rule refuses them depends on the edition (decide.cpp). */                        \
  V(Bid, 3, Player, "bids", "bid", bid, "bids 120", "", "", "", decide_bid,                                          \
    true, WhilePlacing::Refused, false, kAnyPhase, false, false, {}, kAnyPhase)                                      \
  V(Pass, 4, Player, "passes", "pass", words, "passes", "", "", "", decide_pass,                                     \
    true, WhilePlacing::Refused, false, kAnyPhase, false, false, {}, kAnyPhase)                                      \
  V(ClaimRent, 5, Player, "claims rent", "claim", words, "claims rent", "", "", "rent", decide_claim_rent,           \
    false, WhilePlacing::Allowed, false, kAnyPhase, false, false, {}, kAnyPhase)                                     \
  V(Draw, 6, Player, "draws", "draw", card, "draws \"CARD\"|draws", "", "", "", decide_draw,                         \
    true, WhilePlacing::Refused, false, kAnyPhase, false, false,                                                     \
    {{{phases({Phase::AwaitingCard, Phase::CardChoice}), TurnCheck::Mover, rule::kCardDraw,                          \
       RefusalCode::CardIsOthers}}},                                                                                 \
    phases({Phase::AwaitingCard, Phase::CardChoice}), rule::kCardDraw, RefusalCode::NoCardDue)                       \
  V(PayFine, 7, Player, "pays fine", "pay", words, "pays fine", "", "pay the fine", "fine", decide_pay_fine,         \
    true, WhilePlacing::Refused, false, phases({Phase::CardChoice, Phase::JailChoice}), false, false,                \
    {{{bit(Phase::CardChoice), TurnCheck::Mover, rule::kCardChoice, RefusalCode::ChoiceIsOthers},                    \
      {bit(Phase::JailChoice), TurnCheck::Mover, rule::kJailPayOrMiss, RefusalCode::ChoiceIsOthers},                 \
      {kAnyPhase, TurnCheck::StartsTurn}}}, kAnyPhase)                                                               \
  V(UseCard, 8, Player, "uses card", "use", jail_card, "uses card", "", "use a card", "card", decide_use_card,       \
    true, WhilePlacing::Refused, false, kNoPhase, false, false,                                                      \
    {{{kAnyPhase, TurnCheck::StartsTurn}}}, kAnyPhase)                                                               \
  V(Build, 9, Player, "builds", "build", building, "builds house on X|builds 2 houses on X|builds hotel on X",       \
    "", "", "house houses hotel on <square>", decide_build,                                                          \
    true, WhilePlacing::PlacerOnly, false, bit(Phase::Placing), false, false,                                        \
    {{{bit(Phase::Placing), TurnCheck::None},                                                                        \
      {kAnyPhase, TurnCheck::MoverInEdition, rule::kHousesInTurn, RefusalCode::BuildOnlyInOwnTurn}}},                \
    static_cast<PhaseSet>(kBetweenMoves | bit(Phase::Placing)), rule::kFinishTheMove,                                \
    RefusalCode::MustFinishPending)                                                                                  \
  V(Sell, 10, Player, "sells", "sell", building, "sells house on X|sells 2 houses on X|sells hotel on X",            \
    "", "", "house houses hotel on <square>", decide_sell,                                                           \
    false, WhilePlacing::Refused, false, kNoPhase, true, false, {}, kAnyPhase)                                       \
  V(Mortgage, 11, Player, "mortgages", "mortgage", sites, "mortgages X", "", "mortgages", "and <square>",            \
    decide_mortgage,                                                                                                 \
    false, WhilePlacing::Refused, false, kNoPhase, true, false, {}, kAnyPhase)                                       \
  V(Unmortgage, 12, Player, "unmortgages", "unmortgage", sites, "unmortgages X", "", "", "and <square>",             \
    decide_unmortgage,                                                                                               \
    false, WhilePlacing::Refused, false, kNoPhase, false, false, {}, kAnyPhase)                                      \
  V(Offer, 13, Player, "offers", "offer", offer, "offers PLAYER: WHAT for WHAT", "", "proposes a swop",              \
    "for card nothing <square> <player>", decide_offer,                                                              \
    false, WhilePlacing::Refused, false, kNoPhase, false, false, {}, kAnyPhase)                                      \
  V(Accept, 14, Player, "accepts", "accept", words, "accepts", "", "", "", decide_accept,                            \
    false, WhilePlacing::Refused, false, kNoPhase, false, false, {}, kAnyPhase)                                      \
  V(Reject, 15, Player, "rejects", "reject", words, "rejects", "", "", "", decide_reject,                            \
    false, WhilePlacing::Refused, false, kNoPhase, false, false, {}, kAnyPhase)                                      \
  V(PayTax, 16, Player, "pays tax", "pay", tax, "pays tax flat|pays tax 10%", "", "", "tax flat", decide_pay_tax,    \
    false, WhilePlacing::Refused, false, bit(Phase::TaxChoice), false, false,                                        \
    {{{bit(Phase::TaxChoice), TurnCheck::Mover, rule::kTaxChoice, RefusalCode::ChoiceIsOthers}}},                    \
    bit(Phase::TaxChoice), rule::kTaxChoice, RefusalCode::NoTaxChoice)                                               \
  V(DeclareBankruptcy, 17, Player, "declares bankruptcy", "declare", bankruptcy, "declares bankruptcy", "", "",      \
    "bankruptcy", decide_bankruptcy,                                                                                 \
    false, WhilePlacing::Refused, false, kAnyPhase, false, false, {}, kAnyPhase)                                     \
  /* Ending the turn mid-move cites the rule the move waits on (decide.cpp); whose turn is checked here.             \
     After time is called, the mover's `ends turn` closes his move (rent not asked for lapses). */                   \
  V(EndTurn, 18, Player, "ends turn", "end", words, "ends turn", "", "", "turn", decide_end_turn,                    \
    true, WhilePlacing::Refused, false, kBetweenMoves, false, false,                                                 \
    {{{kAnyPhase, TurnCheck::Mover, rule::kEndTurn, RefusalCode::NotYourTurnToEnd}}}, kAnyPhase)                     \
  /* Forming a Conglomerate: the edition is asked before the phase (conglomerate_rules.cpp). */                      \
  V(FormConglomerate, 25, Player, "forms conglomerate", "form", conglomerate, "forms conglomerate A, B, C",          \
    "", "", "conglomerate <square>", decide_form_conglomerate,                                                       \
    false, WhilePlacing::Refused, false, kNoPhase, false, false, {}, kAnyPhase)                                      \
  V(CallTime, 19, Referee, "calls time", "call", words, "calls time", "calls time", "", "time", decide_call_time,    \
    false, WhilePlacing::Refused, false, kNoPhase, false, false, {}, kAnyPhase)                                      \
  V(Deal, 20, Referee, "deals", "deal", deal, "deals PLAYER: DEEDS", "deals title deeds", "",                        \
    "<square> <player>", decide_deal,                                                                                \
    false, WhilePlacing::Refused, false, kNoPhase, false, false, {}, kAnyPhase)                                      \
  V(AuctionBuilding, 21, Referee, "auctions", "auction", building_auction, "auctions house|auctions hotel",          \
    "calls a building auction", "", "house hotel", decide_auction_building,                                          \
    true, WhilePlacing::Refused, true, kNoPhase, false, false, {}, kBetweenMoves, rule::kShortageAuction,            \
    RefusalCode::MustFinishPending)                                                                                  \
  V(Award, 22, Correction, "awards", "award", award, "awards PLAYER AMOUNT [from PLAYER]|awards PLAYER DEED",        \
    "awards", "", "from for <square> <player>", decide_award,                                                        \
    false, WhilePlacing::Allowed, false, kNoPhase, false, false, {}, kAnyPhase)                                      \
  /* "Ann claims salary": only in disputes (the referee pays salary itself). */                                      \
  V(ClaimSalary, 23, Player, "claims salary", "claim", words, "claims salary", "", "", "salary", decide_claim_salary, \
    false, WhilePlacing::Refused, false, kNoPhase, false, false, {}, kAnyPhase)                                      \
  /* The computer edition: a jailed player sits out a go (and is then free). */                                      \
  V(SkipGo, 24, Player, "skips go", "skip", words, "skips go", "", "skip the go", "go", decide_skip_go,              \
    true, WhilePlacing::Refused, false, bit(Phase::JailChoice), false, false,                                        \
    {{{bit(Phase::JailChoice), TurnCheck::Mover, rule::kJailPayOrMiss, RefusalCode::ChoiceIsOthers},                 \
      {kAnyPhase, TurnCheck::StartsTurn}}}, kAnyPhase)                                                               \
  /* A take-back is a correction: at any point, even after the end (correction_rules.cpp asks who). */               \
  V(TakeBack, 26, Correction, "takes back", "take", take_back, "takes back [N] [for REASON]",                        \
    "takes moves back", "", "back for", decide_take_back,                                                            \
    false, WhilePlacing::Allowed, false, kNoPhase, false, false, {}, kAnyPhase)                                      \
  /* A note is a correction's kind: a ruling that changes nothing (an appeal rejected), at any point, even after     \
     the end (correction_rules.cpp asks who). */                                                                     \
  V(Note, 27, Correction, "notes", "note", note, "notes \"TEXT\"", "notes a ruling", "", "", decide_note,            \
    false, WhilePlacing::Allowed, false, kNoPhase, false, false, {}, kAnyPhase)
// clang-format on
