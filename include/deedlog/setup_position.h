#pragma once
// A [Setup] section: a position to start from, like chess's FEN. Names already resolved.
#include <optional>
#include <utility>
#include <vector>

#include "deedlog/ids.h"
#include "deedlog/money.h"

namespace deedlog {

struct PropertySetup {
  SquareId square = kNoSquare;
  int houses = 0;        // 0..4
  bool hotel = false;
  bool mortgaged = false;
};

struct PlayerSetup {
  PlayerId player = 0;
  std::optional<Money> cash;
  std::optional<SquareId> at;
  std::vector<PropertySetup> owns;
  std::optional<int> jail_cards;   // "cards 1": Get Out of Jail Free cards held
  // "cards Chance, \"Community Chest\"": the pack each held card came from (it goes back under
  // that pack when used). Empty: jail_cards cards, Chance ones first while any are free.
  std::vector<DeckId> jail_card_packs;
  std::optional<int> jail_turns;   // "in jail 2": in jail, having used 2 of the turns allowed
  // regional-currency: "conglomerate A, B, C", one clause for each Conglomerate already formed.
  std::vector<std::vector<SquareId>> conglomerates;
  // "bankrupt": out of the game (he holds nothing: no cash, deeds or cards).
  bool bankrupt = false;
  // "owes 60 to Ben", "owes 100 to Bank": a debt unpaid (the creditor's seat, kBank for the Bank).
  std::vector<std::pair<PlayerId, Money>> owes;
};

struct SetupPosition {
  std::vector<PlayerSetup> players;      // only the players the section lists
  std::optional<PlayerId> turn;          // "Turn: Ben"
  bool time_called = false;              // "Time: called": the short game's time was called
  std::optional<PlayerId> winner;        // "Winner: Ann": the game is over, Ann has won
};

}  // namespace deedlog
