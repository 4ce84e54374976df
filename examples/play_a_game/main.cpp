// Plays one whole game of an edition between bots of this program's own, through the
// installed deedlog library, and prints the result:
//   play_a_game [RULESET [SEED [PLAYERS]]]      e.g. play_a_game uk-1972 7 3
// The bot takes the moves the engine lists as legal and prefers, in this order: buying, building,
// anything else, leaving jail, selling and mortgaging, and declaring bankruptcy last; among moves
// it likes as well it picks at random from the seed. Every move goes through the notation and
// back (print, then parse) before the rules decide it, as a move from a person would.
#include <deedlog/decide.h>
#include <deedlog/evolve.h>
#include <deedlog/legal_moves.h>
#include <deedlog/game_file.h>
#include <deedlog/ruleset_catalog.h>
#include <deedlog/valuation.h>

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <random>
#include <string>
#include <vector>

namespace {

int liking(deedlog::Verb verb) {
  using deedlog::Verb;
  switch (verb) {
    case Verb::Buy: return 5;
    case Verb::Build: return 4;
    case Verb::PayFine: case Verb::UseCard: return 2;
    case Verb::Sell: case Verb::Mortgage: case Verb::Decline: case Verb::Pass: return 1;
    case Verb::DeclareBankruptcy: return 0;
    default: return 3;
  }
}

// The moves the bot likes best, one of them at random.
const deedlog::LegalMove& pick(const std::vector<deedlog::LegalMove>& moves, std::mt19937_64& random) {
  int best = -1;
  std::vector<const deedlog::LegalMove*> liked;
  for (const deedlog::LegalMove& m : moves) {
    const int l = liking(m.command.verb);
    if (l > best) liked.clear(), best = l;
    if (l == best) liked.push_back(&m);
  }
  return *liked[std::uniform_int_distribution<std::size_t>(0, liked.size() - 1)(random)];
}

}  // namespace

int main(int argc, char** argv) {
  const std::string edition = argc > 1 ? argv[1] : "uk-1972";
  const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
  const int players = argc > 3 ? std::atoi(argv[3]) : 3;
  const int max_moves = 20000;

  deedlog::Ruleset ruleset;
  if (deedlog::Status s = deedlog::load_ruleset(edition, &ruleset); !s.is_ok()) {
    std::cerr << "play_a_game: " << s.message() << "\n";
    return 2;
  }
  deedlog::GameHeader header;
  header.ruleset = ruleset.id;
  const char* names[] = {"Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"};
  for (int p = 0; p < players && p < 8; ++p) header.players.push_back(names[p]);
  header.seed = seed;  // the referee throws the dice and shuffles the cards from it

  deedlog::State state = deedlog::initial_state(ruleset, header);
  const deedlog::Decision start = deedlog::decide_start(ruleset, header, std::nullopt);
  if (!start.accepted) {
    std::cerr << "play_a_game: the game cannot start: " << start.violation.rule << "\n";
    return 1;
  }
  for (const deedlog::Event& e : start.events) deedlog::evolve(state, e);

  std::mt19937_64 random(seed);
  int moves = 0;
  while (moves < max_moves && state.phase != deedlog::Phase::GameOver && !state.time_called) {
    const std::vector<deedlog::LegalMove> legal = deedlog::legal_moves(ruleset, state);
    if (legal.empty()) break;
    const std::string line = deedlog::print_move(pick(legal, random).command, ruleset, header.players);
    deedlog::Command command;
    deedlog::ParseError error;
    if (!deedlog::parse_move(line, ruleset, header.players, &command, &error)) {
      std::cerr << "play_a_game: \"" << line << "\" does not read back: " << error.message << "\n";
      return 1;
    }
    const deedlog::Decision d = deedlog::decide(ruleset, state, command);
    if (!d.accepted) {
      std::cerr << "play_a_game: a listed move was refused: " << line << " (rule " << d.violation.rule << ")" << "\n";
      return 1;
    }
    deedlog::apply_decision(state, d);  // the move's line and its events: the position after it
    ++moves;
    if (moves <= 3) std::cout << "move " << moves << ": " << line << "\n";
  }

  const deedlog::Valuation value = deedlog::value_estates(ruleset, state);
  std::cout << ruleset.id << ", seed " << seed << ": " << moves << " moves, " << state.seq << " events\n";
  for (const deedlog::EstateValue& e : value.estates)
    std::cout << header.players[static_cast<std::size_t>(e.player)] << ": " << e.total.units
              << (e.in_game ? "" : " (out of the game)") << "\n";
  if (state.phase == deedlog::Phase::GameOver)
    std::cout << "winner: " << header.players[static_cast<std::size_t>(state.winner)] << "\n";
  else if (!value.leaders.empty())
    std::cout << "unfinished after " << moves << " moves; richest: "
              << header.players[static_cast<std::size_t>(value.leaders.front())] << "\n";
  return 0;
}
