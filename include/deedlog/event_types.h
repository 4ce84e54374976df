#pragma once
// Every event type, declared once: its name, what it records, and the fields it uses, each
// under the name that says what it holds for that type. From this one list come the enum
// (event.h), the names and the payload check (event_codec.cpp), the named accessors
// (event_fields.h) and the table in docs/journal.md (checked by tests/engine_event_types_test.cpp).
//
// Storage stays one flat value (Event): the fold reads fields without a branch per type. A
// field's stored name (the payload's key) never changes, so old journals read as they were;
// what changes is that each type names what the field means, and nothing else may be set.
//
//   DEEDLOG_EVENT_TYPES(T): T(Type, "what it records")
//   DEEDLOG_EVENT_FIELDS(F): F(Type, stored field, name, C++ type, "what it holds")

#define DEEDLOG_EVENT_TYPES(T)                                                                                   \
  T(MovePlayed, "a move the referee accepted, as written: verify parses and decides it again")                   \
  T(PlayerPlaced, "setup: a player's token, cash and jail state at the start")                                   \
  T(PropertyAssigned, "setup: a property a player owns at the start")                                            \
  T(JailCardAssigned, "setup: a Get Out of Jail Free card a player holds at the start")                          \
  T(DeckShuffled, "a seeded pack shuffled")                                                                       \
  T(TurnStarted, "a player's turn began")                                                                         \
  T(DiceThrown, "the dice thrown for a turn")                                                                     \
  T(TokenMoved, "a token moved")                                                                                  \
  T(SalaryPaid, "the Bank paid the salary for reaching or passing the start square")                              \
  T(PropertyOffered, "the player on an unowned property may buy it at its price")                                 \
  T(PropertyBought, "a property bought from the Bank")                                                            \
  T(PurchaseDeclined, "the lander did not buy")                                                                   \
  T(AuctionOpened, "an auction opened")                                                                           \
  T(BidMade, "a bid")                                                                                             \
  T(BidderPassed, "a player left the auction")                                                                    \
  T(AuctionWon, "the auction closed on the high bid")                                                             \
  T(AuctionUnsold, "the auction closed with no bid: the lot stays with the Bank")                                 \
  T(RentDue, "rent fell due: the owner's window to ask for it opened")                                            \
  T(RentClaimed, "the owner asked for the rent in time: the window closed")                                       \
  T(RentPaid, "rent paid")                                                                                        \
  T(RentForfeited, "the owner did not ask in time: the rent is lost")                                             \
  T(TaxPaid, "tax paid to the Bank")                                                                              \
  T(CardAwaited, "the player must turn up a card")                                                                \
  T(CardDrawn, "a card turned up")                                                                                \
  T(CardChoiceOffered, "the player must pay a fine or take a card from the other pack")                           \
  T(JailCardKept, "the player keeps the Get Out of Jail Free card")                                               \
  T(JailCardReturned, "a Get Out of Jail Free card used: it goes under its own pack")                             \
  T(PaidToBank, "a sum paid to the Bank (cards, surrendered cash)")                                               \
  T(PaidByBank, "a sum the Bank paid (cards)")                                                                    \
  T(PaidToPlayer, "a sum paid to another player (cards, trades, surrendered cash)")                               \
  T(SentToJail, "a player went to jail")                                                                          \
  T(JailTurnFailed, "a throw in jail without doubles: the player stays in")                                       \
  T(LeftJail, "a player came out of jail")                                                                        \
  T(FinePaid, "the jail fine paid")                                                                               \
  T(DebtIncurred, "a sum that could not be paid in cash is owed; the game waits for it")                          \
  T(MoveCompleted, "the player's move is over")                                                                   \
  T(HouseBuilt, "a house built")                                                                                  \
  T(HotelBuilt, "a hotel built; its houses go back to the Bank")                                                  \
  T(HouseSold, "a house sold back to the Bank")                                                                   \
  T(HotelSold, "a hotel sold back to the Bank")                                                                   \
  T(PropertyMortgaged, "a property mortgaged to the Bank")                                                        \
  T(MortgageLifted, "a mortgage repaid")                                                                          \
  T(InterestPaid, "the mortgage interest paid")                                                                   \
  T(TradeOffered, "an offer to trade")                                                                            \
  T(TradeRejected, "the open offer turned down or withdrawn")                                                     \
  T(TradeAccepted, "the open offer accepted (the transfers follow)")                                              \
  T(PropertyTransferred, "a deed changed hands")                                                                  \
  T(JailCardTransferred, "a Get Out of Jail Free card changed hands")                                             \
  T(DebtPaid, "a debt paid")                                                                                      \
  T(PlayerBankrupted, "a player left the game bankrupt")                                                          \
  T(BankAuctionsQueued, "the Bank will auction a bankrupt's properties one by one")                              \
  T(GameWon, "the game is won: the last player left, or the richest when time was called")                       \
  T(TitleDealt, "short game: a title deed dealt, its price paid to the Bank")                                     \
  T(TimeCalled, "short game: the agreed finishing time; the move in progress completes")                         \
  T(BuildingPlaced, "the building won at a building auction placed")                                             \
  T(RulingRecorded, "a referee's correction; the movements it orders follow")                                     \
  T(TaxChoiceOffered, "the player on a tax square chooses a flat sum or a share of his worth")                    \
  T(CardDiceAwaited, "a card's rent waits on a throw of the dice")                                                \
  T(CardDiceThrown, "the dice thrown for a card's rent (not a turn's throw)")                                     \
  T(JackpotAdded, "house rule free-parking-jackpot: a sum paid to the Bank waits on Free Parking")               \
  T(JackpotWon, "house rule free-parking-jackpot: the lander on Free Parking takes what waited")                 \
  T(JailChoiceOffered, "computer: the last throw in jail failed: pay and move, or miss the next go")             \
  T(GoSkipped, "computer: a go missed")                                                                           \
  T(ConglomerateFormed, "regional-currency: three deeds stacked into a Conglomerate")                            \
  T(DebtSettledInKind, "a debt reduced by property the creditor took for it")                                  \
  T(MovesTakenBack, "a referee's take-back: the moves before it are void, the position is the one before them") \
  T(NoteRecorded, "a referee's note of a ruling that changes nothing (an appeal rejected): the position stays as it was")

// A payment: `amount` is what the payer gave (or the Bank paid), in his own currency;
// regional-currency alone sets `amount2`, when the Bank exchanged currencies.
#define DEEDLOG_EVENT_FIELDS(F)                                                                                    \
  F(MovePlayed, player, actor, PlayerOrReferee, "who made the move (-2: the referee)")                                   \
  F(MovePlayed, text, line, const std::string&, "the move in canonical notation, then the table's comment after '  # ' when it had one")                                 \
  F(PlayerPlaced, player, player, PlayerId, "the player")                                                         \
  F(PlayerPlaced, square, square, SquareId, "where the token stands")                                             \
  F(PlayerPlaced, amount, cash, Money, "the player's cash")                                                       \
  F(PlayerPlaced, flag, in_jail, bool, "in jail")                                                                 \
  F(PlayerPlaced, count, jail_turns, int, "throws already failed in jail")                                        \
  F(PropertyAssigned, player, owner, PlayerId, "the owner")                                                       \
  F(PropertyAssigned, square, square, SquareId, "the property")                                                   \
  F(PropertyAssigned, count, buildings, int, "houses on it, 5 for a hotel")                                       \
  F(PropertyAssigned, flag, mortgaged, bool, "mortgaged")                                                         \
  F(JailCardAssigned, player, holder, PlayerId, "who holds it")                                                   \
  F(JailCardAssigned, deck, deck, DeckId, "its pack")                                                             \
  F(JailCardAssigned, card, card, CardIndex, "the card")                                                          \
  F(DeckShuffled, deck, deck, DeckId, "the pack")                                                                 \
  F(DeckShuffled, order, order, const std::vector<CardIndex>&, "its cards from the top down")                    \
  F(TurnStarted, player, player, PlayerId, "whose turn it now is")                                                \
  F(DiceThrown, player, thrower, PlayerId, "who threw")                                                           \
  F(DiceThrown, die1, die1, int, "the first die")                                                                 \
  F(DiceThrown, die2, die2, int, "the second die")                                                                \
  F(DiceThrown, count, doubles_run, int, "doubles thrown in a row, this throw included")                         \
  F(DiceThrown, flag, throws_again, bool, "the player throws again")                                              \
  F(TokenMoved, player, player, PlayerId, "whose token")                                                          \
  F(TokenMoved, square, to, SquareId, "where it now stands")                                                      \
  F(TokenMoved, count, travelled, int, "squares travelled, negative going backwards")                             \
  F(SalaryPaid, player, player, PlayerId, "who was paid")                                                         \
  F(SalaryPaid, amount, salary, Money, "the sum")                                                                 \
  F(PropertyOffered, player, lander, PlayerId, "who may buy")                                                     \
  F(PropertyOffered, square, square, SquareId, "the property")                                                    \
  F(PropertyOffered, amount, price, Money, "its printed price")                                                   \
  F(PropertyOffered, clock, opened_at, std::int64_t, "timed editions: when the window to buy opened")            \
  F(PropertyBought, player, buyer, PlayerId, "the buyer")                                                         \
  F(PropertyBought, square, square, SquareId, "the property")                                                     \
  F(PropertyBought, amount, paid, Money, "the sum paid")                                                          \
  F(PropertyBought, amount2, printed, Money, "the price as printed, in its region's currency")                  \
  F(PurchaseDeclined, player, lander, PlayerId, "who declined")                                                   \
  F(PurchaseDeclined, square, square, SquareId, "the property")                                                   \
  F(AuctionOpened, player, opener, PlayerOrReferee, "whose move opened it")                                              \
  F(AuctionOpened, square, square, SquareOrNone, "the property (a property lot)")                                     \
  F(AuctionOpened, count, lot, AuctionLot, "0 a property, 1 a house, 2 a hotel")                                  \
  F(AuctionOpened, clock, opened_at, std::int64_t, "timed editions: when it opened")                              \
  F(BidMade, player, bidder, PlayerId, "the bidder")                                                              \
  F(BidMade, square, square, SquareOrNone, "the property auctioned")                                                  \
  F(BidMade, amount, bid, Money, "the bid")                                                                       \
  F(BidMade, clock, made_at, std::int64_t, "timed editions: when the bid was made")                               \
  F(BidderPassed, player, bidder, PlayerId, "who passed")                                                         \
  F(BidderPassed, square, square, SquareOrNone, "the property auctioned")                                             \
  F(AuctionWon, player, winner, PlayerId, "the high bidder")                                                      \
  F(AuctionWon, square, square, SquareOrNone, "the property (a property lot)")                                        \
  F(AuctionWon, amount, price, Money, "the winning bid")                                                          \
  F(AuctionWon, count, lot, AuctionLot, "0 a property, 1 a house, 2 a hotel")                                     \
  F(AuctionUnsold, player, player, PlayerId, "whose turn it is")                                                  \
  F(AuctionUnsold, square, square, SquareOrNone, "the property (a property lot)")                                     \
  F(AuctionUnsold, count, lot, AuctionLot, "0 a property, 1 a house, 2 a hotel")                                  \
  F(RentDue, player, payer, PlayerId, "who landed")                                                               \
  F(RentDue, other, owner, PlayerId, "the owner")                                                                 \
  F(RentDue, square, square, SquareId, "the property")                                                            \
  F(RentDue, amount, rent, Money, "the rent, in the owner's currency")                                           \
  F(RentDue, count, closes_on, PlayerOrBank, "whose first throw of a turn closes the window (-1: anyone's throw)")   \
  F(RentDue, clock, due_at, std::int64_t, "timed editions: when the window opened")                              \
  F(RentClaimed, player, payer, PlayerId, "who owes it")                                                          \
  F(RentClaimed, other, owner, PlayerId, "the owner who asked")                                                   \
  F(RentClaimed, square, square, SquareId, "the property")                                                        \
  F(RentClaimed, amount, rent, Money, "the rent")                                                                 \
  F(RentPaid, player, payer, PlayerId, "who paid")                                                                \
  F(RentPaid, other, owner, PlayerId, "the owner")                                                                \
  F(RentPaid, square, square, SquareId, "the property")                                                           \
  F(RentPaid, amount, paid, Money, "what the payer gave")                                                         \
  F(RentPaid, amount2, received, Money, "what the owner received in his currency")                               \
  F(RentForfeited, player, payer, PlayerId, "who owed it")                                                        \
  F(RentForfeited, other, owner, PlayerId, "the owner who did not ask in time")                                   \
  F(RentForfeited, square, square, SquareId, "the property")                                                      \
  F(RentForfeited, amount, rent, Money, "the rent lost")                                                          \
  F(TaxPaid, player, payer, PlayerId, "who paid")                                                                 \
  F(TaxPaid, other, payee, PlayerOrBank, "the Bank (-1)")                                                             \
  F(TaxPaid, square, square, SquareId, "the tax square")                                                          \
  F(TaxPaid, amount, paid, Money, "the sum")                                                                      \
  F(TaxPaid, amount2, printed, Money, "the sum as printed, when exchanged")                                       \
  F(CardAwaited, player, player, PlayerId, "who must turn it up")                                                 \
  F(CardAwaited, deck, deck, DeckId, "from which pack")                                                           \
  F(CardDrawn, player, player, PlayerId, "who turned it up")                                                      \
  F(CardDrawn, deck, deck, DeckId, "its pack")                                                                    \
  F(CardDrawn, card, card, CardIndex, "the card")                                                                 \
  F(CardDrawn, flag, kept, bool, "the player keeps it (not back under the pack)")                                 \
  F(CardChoiceOffered, player, player, PlayerId, "who chooses")                                                   \
  F(CardChoiceOffered, deck, other_deck, DeckId, "the pack to take a card from instead")                          \
  F(CardChoiceOffered, amount, fine, Money, "the fine")                                                           \
  F(JailCardKept, player, holder, PlayerId, "who keeps it")                                                       \
  F(JailCardKept, deck, deck, DeckId, "its pack")                                                                 \
  F(JailCardKept, card, card, CardIndex, "the card")                                                              \
  F(JailCardReturned, player, player, PlayerId, "who used it")                                                    \
  F(JailCardReturned, deck, deck, DeckId, "its pack")                                                             \
  F(JailCardReturned, card, card, CardIndex, "the card")                                                          \
  F(PaidToBank, player, payer, PlayerId, "who paid")                                                              \
  F(PaidToBank, other, payee, PlayerOrBank, "the Bank (-1)")                                                          \
  F(PaidToBank, square, square, SquareOrNone, "the square it was paid on, if any")                                    \
  F(PaidToBank, amount, paid, Money, "the sum")                                                                   \
  F(PaidToBank, amount2, printed, Money, "the sum as printed, when exchanged")                                    \
  F(PaidByBank, player, receiver, PlayerId, "who was paid")                                                       \
  F(PaidByBank, amount, received, Money, "the sum, in his currency")                                              \
  F(PaidByBank, amount2, printed, Money, "the sum as printed, when exchanged")                                    \
  F(PaidToPlayer, player, payer, PlayerId, "who paid")                                                            \
  F(PaidToPlayer, other, payee, PlayerId, "who was paid")                                                         \
  F(PaidToPlayer, square, square, SquareOrNone, "the square it was paid on, if any")                                  \
  F(PaidToPlayer, amount, paid, Money, "what the payer gave")                                                     \
  F(PaidToPlayer, amount2, received, Money, "what the payee received in his currency, when exchanged")           \
  F(SentToJail, player, player, PlayerId, "who")                                                                  \
  F(SentToJail, square, jail, SquareId, "the jail square")                                                        \
  F(SentToJail, count, reason, JailReason, "0 the Go to Jail square, 1 a card, 2 three doubles")                 \
  F(JailTurnFailed, player, player, PlayerId, "who")                                                              \
  F(JailTurnFailed, count, turns_used, int, "failed throws in jail so far")                                       \
  F(LeftJail, player, player, PlayerId, "who")                                                                    \
  F(LeftJail, count, how, JailExit, "0 doubles, 1 fine, 2 card, 3 fine after the last throw, 4 a go missed")    \
  F(FinePaid, player, payer, PlayerId, "who paid")                                                                \
  F(FinePaid, other, payee, PlayerOrBank, "the Bank (-1)")                                                            \
  F(FinePaid, square, square, SquareOrNone, "the square it was paid on, if any")                                      \
  F(FinePaid, amount, paid, Money, "the fine")                                                                    \
  F(FinePaid, amount2, printed, Money, "the fine as printed, when exchanged")                                     \
  F(DebtIncurred, player, debtor, PlayerId, "who owes")                                                           \
  F(DebtIncurred, other, creditor, PlayerOrBank, "to whom (-1: the Bank)")                                            \
  F(DebtIncurred, square, square, SquareOrNone, "the square it arose on, if any")                                     \
  F(DebtIncurred, amount, owed, Money, "the sum, in the debtor's currency")                                       \
  F(DebtIncurred, count, for_payment, EventType, "the payment it stands for (an event type's number)")            \
  F(MoveCompleted, player, player, PlayerId, "whose move")                                                        \
  F(MoveCompleted, flag, throws_again, bool, "doubles: the same player throws again")                             \
  F(HouseBuilt, player, builder, PlayerId, "who built")                                                           \
  F(HouseBuilt, square, site, SquareId, "the site")                                                               \
  F(HouseBuilt, amount, paid, Money, "the price paid (0 when won at a building auction)")                         \
  F(HouseBuilt, amount2, printed, Money, "the price as printed, when exchanged")                                  \
  F(HotelBuilt, player, builder, PlayerId, "who built")                                                           \
  F(HotelBuilt, square, site, SquareId, "the site")                                                               \
  F(HotelBuilt, amount, paid, Money, "the price paid (0 when won at a building auction)")                         \
  F(HotelBuilt, amount2, printed, Money, "the price as printed, when exchanged")                                  \
  F(HotelBuilt, count, houses_returned, int, "houses that go back to the Bank")                                   \
  F(HouseSold, player, seller, PlayerId, "who sold")                                                              \
  F(HouseSold, square, site, SquareId, "the site")                                                                \
  F(HouseSold, amount, received, Money, "what the Bank paid (0 when surrendered)")                                \
  F(HouseSold, flag, by_mortgage, bool, "sold with the site's mortgage")                                          \
  F(HotelSold, player, seller, PlayerId, "who sold")                                                              \
  F(HotelSold, square, site, SquareId, "the site")                                                                \
  F(HotelSold, amount, received, Money, "what the Bank paid")                                                     \
  F(HotelSold, count, houses_left, int, "houses the Bank puts back on the site (fewer in a shortage, 0 sold outright)") \
  F(HotelSold, flag, by_mortgage, bool, "sold with the site's mortgage")                                          \
  F(PropertyMortgaged, player, owner, PlayerId, "the owner")                                                      \
  F(PropertyMortgaged, square, square, SquareId, "the property")                                                  \
  F(PropertyMortgaged, amount, lent, Money, "the sum lent")                                                       \
  F(PropertyMortgaged, amount2, printed, Money, "the mortgage value as printed, when exchanged")                  \
  F(MortgageLifted, player, owner, PlayerId, "the owner")                                                         \
  F(MortgageLifted, square, square, SquareId, "the property")                                                     \
  F(MortgageLifted, amount, principal, Money, "the principal repaid")                                             \
  F(MortgageLifted, amount2, printed, Money, "the principal as printed, when exchanged")                          \
  F(InterestPaid, player, payer, PlayerId, "who paid")                                                            \
  F(InterestPaid, square, square, SquareId, "the property")                                                       \
  F(InterestPaid, amount, paid, Money, "the interest")                                                            \
  F(InterestPaid, amount2, printed, Money, "the interest as printed, when exchanged")                             \
  F(InterestPaid, flag, on_transfer, bool, "the 10% due when a mortgaged deed changes hands")                     \
  F(TradeOffered, player, offerer, PlayerId, "who offers")                                                        \
  F(TradeOffered, other, to, PlayerId, "to whom")                                                                 \
  F(TradeOffered, mask, gives, std::uint64_t, "the squares given (a mask)")                                       \
  F(TradeOffered, mask2, asks, std::uint64_t, "the squares asked for (a mask)")                                   \
  F(TradeOffered, amount, gives_cash, Money, "cash given")                                                        \
  F(TradeOffered, amount2, asks_cash, Money, "cash asked for")                                                    \
  F(TradeOffered, cards, gives_cards, int, "Get Out of Jail Free cards given")                                    \
  F(TradeOffered, cards2, asks_cards, int, "Get Out of Jail Free cards asked for")                                \
  F(TradeRejected, player, player, PlayerId, "who turned it down or withdrew it")                                 \
  F(TradeAccepted, player, accepter, PlayerId, "who accepted")                                                    \
  F(TradeAccepted, other, offerer, PlayerId, "who had offered")                                                   \
  F(PropertyTransferred, player, from, PlayerId, "the giver")                                                     \
  F(PropertyTransferred, other, to, PlayerOrBank, "the receiver (-1: back to the Bank, unmortgaged)")                 \
  F(PropertyTransferred, square, square, SquareId, "the deed")                                                    \
  F(JailCardTransferred, player, from, PlayerId, "the giver")                                                     \
  F(JailCardTransferred, other, to, PlayerId, "the receiver")                                                     \
  F(JailCardTransferred, deck, deck, DeckId, "the card's pack")                                                   \
  F(DebtPaid, player, debtor, PlayerId, "who paid")                                                               \
  F(DebtPaid, other, creditor, PlayerOrBank, "to whom (-1: the Bank)")                                                \
  F(DebtPaid, amount, paid, Money, "the sum owed, in the debtor's currency")                                      \
  F(DebtPaid, amount2, received, Money, "what the creditor received in his currency, when exchanged")            \
  F(PlayerBankrupted, player, player, PlayerId, "who left the game")                                              \
  F(PlayerBankrupted, other, creditor, PlayerOrBank, "his creditor (-1: the Bank)")                                   \
  F(BankAuctionsQueued, player, bankrupt, PlayerOrBank, "whose properties they were")                                 \
  F(BankAuctionsQueued, mask, squares, std::uint64_t, "the properties, a mask")                                   \
  F(GameWon, player, winner, PlayerId, "the winner")                                                              \
  F(TitleDealt, player, player, PlayerId, "to whom")                                                              \
  F(TitleDealt, square, square, SquareId, "the deed")                                                             \
  F(TitleDealt, amount, price, Money, "its price, paid to the Bank")                                              \
  F(TimeCalled, player, referee, PlayerOrReferee, "the referee (-2)")                                                    \
  F(BuildingPlaced, player, buyer, PlayerId, "who won the building")                                              \
  F(BuildingPlaced, square, site, SquareId, "where it goes")                                                      \
  F(RulingRecorded, player, player, PlayerId, "for whom")                                                         \
  F(RulingRecorded, other, other, PlayerOrBank, "who pays or gives (-1: the Bank)")                                   \
  F(RulingRecorded, square, square, SquareOrNone, "the deed awarded, if any")                                         \
  F(RulingRecorded, amount, amount, Money, "the sum awarded, if any")                                             \
  F(RulingRecorded, text, reason, const std::string&, "the reason as the referee gave it")                       \
  F(TaxChoiceOffered, player, payer, PlayerId, "who chooses")                                                     \
  F(TaxChoiceOffered, square, square, SquareId, "the tax square")                                                 \
  F(TaxChoiceOffered, amount, flat, Money, "the flat sum")                                                        \
  F(TaxChoiceOffered, count, percent, int, "the share of his total worth, in per cent")                          \
  F(CardDiceAwaited, player, player, PlayerId, "who must throw")                                                  \
  F(CardDiceAwaited, square, square, SquareId, "the property whose rent it is")                                   \
  F(CardDiceAwaited, count, multiplier, int, "the rent is this many times the throw")                             \
  F(CardDiceThrown, player, thrower, PlayerId, "who threw")                                                       \
  F(CardDiceThrown, die1, die1, int, "the first die")                                                             \
  F(CardDiceThrown, die2, die2, int, "the second die")                                                            \
  F(JackpotAdded, player, payer, PlayerId, "who paid")                                                            \
  F(JackpotAdded, amount, added, Money, "the sum")                                                                \
  F(JackpotWon, player, player, PlayerId, "who landed")                                                           \
  F(JackpotWon, amount, won, Money, "all that waited")                                                            \
  F(JailChoiceOffered, player, player, PlayerId, "who chooses")                                                   \
  F(JailChoiceOffered, amount, fine, Money, "the fine to pay and move")                                           \
  F(GoSkipped, player, player, PlayerId, "who")                                                                   \
  F(GoSkipped, flag, stays_in, bool, "the player stays in jail: this is the go he chose to miss")                \
  F(ConglomerateFormed, player, owner, PlayerId, "the owner")                                                     \
  F(ConglomerateFormed, mask, squares, std::uint64_t, "the three properties, a mask")                             \
  F(ConglomerateFormed, square, top, SquareId, "the deed on top")                                                 \
  F(DebtSettledInKind, player, debtor, PlayerId, "the debtor")                                                    \
  F(DebtSettledInKind, other, creditor, PlayerOrBank, "the creditor who took property")                               \
  F(DebtSettledInKind, amount, reduced_by, Money, "the reduction, in the debtor's currency")                    \
  F(MovesTakenBack, player, by, PlayerOrReferee, "who took them back (-2: the referee)")                                 \
  F(MovesTakenBack, count, events_voided, int, "how many events before its move line are void")                   \
  F(MovesTakenBack, text, reason, const std::string&, "the reason as the referee gave it")                    \
  F(NoteRecorded, player, by, PlayerOrReferee, "who wrote it (-2: the referee)")                                  \
  F(NoteRecorded, text, note, const std::string&, "the note as the referee wrote it")
