#pragma once
// The edition a new game is started with, for every command that starts one (new, import,
// engine's new, serve's POST /api/games): a user's own data file when --ruleset-file names
// one, kept whole in the game's header, else the built-in edition the header names.
#include <string>

#include "deedlog/game_header.h"
#include "deedlog/ruleset.h"
#include "deedlog/status.h"

namespace deedlog {

// ruleset_file "" means the built-in edition header->ruleset. With a file, header->ruleset
// may be "" (the file's edition is taken) or must be the file's edition id; the header then
// holds the whole edition, so the game reads the same under a later program whose built-in
// editions differ. The header's house rules are turned on in *ruleset either way.
Status edition_for_new_game(const std::string& ruleset_file, GameHeader* header, Ruleset* ruleset);

// The id of the edition in a data file ("" when the file cannot be read or names none): the
// [Ruleset] tag of a game started from it when the command names no edition.
std::string edition_id_in(const std::string& ruleset_file);

// "" when ruleset_file is "" or can be read; otherwise the words every command that starts a
// game gives for it (new and import exit 2 with them, the engine and the server answer them).
std::string unreadable_ruleset_file(const std::string& ruleset_file);

}  // namespace deedlog
