#pragma once
// Internal to the notation library: what the move, setup and header parsers share.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "deedlog/game_file.h"
#include "deedlog/name_match.h"
#include "notation/lexer.h"

namespace deedlog::notation {

// The names a game's lines are resolved against, built once per file (or per MoveParser). The
// ruleset is referred to, the players' names kept.
struct Context {
  Context(const Ruleset& r, const std::vector<std::string>& p);

  const Ruleset& ruleset;
  std::vector<std::string> players;
  std::vector<NameCandidate> player_names;
  std::vector<NameCandidate> square_names;    // every square, by notation name
  std::vector<NameCandidate> property_names;  // properties only
};

// The word that stands for the referee in move lines.
inline constexpr std::string_view kRefereeWord = "Referee";

// Resolves a player's name (prefix allowed); the word Referee when allow_referee.
// Returns an error message, or "".
std::string resolve_player(const std::string& text, const Context& ctx, bool allow_referee, PlayerId* out);
// Resolves a square's name; see match_square. Returns an error message, or "".
std::string resolve_square(const std::string& text, const Context& ctx, bool properties_first, SquareId* out);
// Resolves the names in tokens [first, last): quoted, or the stretch of text they cover.
std::string resolve_square_tokens(std::string_view line, const std::vector<Token>& tokens, std::size_t first,
                                  std::size_t last, const Context& ctx, bool properties_first, SquareId* out);
// Splits tokens [first, last) at the commas outside parentheses into [begin, end) ranges, then
// joins two neighbours back where, together, they are a square name with a comma in it
// ("The Angel, Islington" written without quotes).
std::vector<std::pair<std::size_t, std::size_t>> split_list(std::string_view line, const std::vector<Token>& tokens,
                                                            std::size_t first, std::size_t last, const Context& ctx);

// The properties of "conglomerate A, B, C" (a move's "forms conglomerate", a setup's clause),
// tokens [first, last): properties, each once. How many is the rules' business.
std::string parse_conglomerate(std::string_view line, const std::vector<Token>& tokens, std::size_t first,
                               std::size_t last, const Context& ctx, std::vector<SquareId>* out);

// A building as the notation names it.
enum class BuildingWord : std::uint8_t { House, Houses, Hotel, Hotels };
// The building named from tokens[k] on (before last): "house", "houses", "hotel", "hotels" or
// the edition's word for it ("Ammo Store", "Barracks"), in any case, and of several words when
// the edition's word is. nullopt when none is; else *end is one past its last token. A word
// that is both (military's "Barracks" is hotel and hotels) reads as the singular.
std::optional<BuildingWord> building_word(const std::vector<Token>& tokens, std::size_t k, std::size_t last,
                                          const Words& words, std::size_t* end);

// A move line already cleaned of its comment. Returns an error message, or "". A line that
// names several properties ("builds houses on A, B, C") is one move for each: the first in
// *out, the others in *more; without more such a line is an error.
std::string parse_move_line(std::string_view line, const Context& ctx, Command* out,
                            std::vector<Command>* more = nullptr);
// One line of a [Setup] section. Returns an error message, or "".
std::string parse_setup_line(std::string_view line, const Context& ctx, SetupPosition* setup);
// The [Setup] section as text, without the [Setup] and [Moves] lines.
std::string print_setup(const SetupPosition& setup, const Ruleset& ruleset, const std::vector<std::string>& players);

std::string player_notation_name(const std::vector<std::string>& players, PlayerId p);

}  // namespace deedlog::notation
