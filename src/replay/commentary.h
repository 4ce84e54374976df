#pragma once
// What every replay view shares: the commentary on a move (the narration, with the reason
// for each rent), the players' tokens and colours, the groups' colours, short square names
// for small cells, and money as people read it.
#include <cstdint>
#include <string>
#include <vector>

#include "replay/timeline.h"
#include "deedlog/event.h"
#include "deedlog/state.h"
#include "deedlog/ruleset.h"

namespace deedlog {

// One event as a commentator says it, given the position just before it: narrate()'s
// sentence, with the dice total, and why a rent is that much.
std::string commentary(const Ruleset& ruleset, const std::vector<std::string>& names, const State& before,
                       const Event& e);

// Why the rent for a landing on square is what it is, from the position before the event:
// "1 house", "the whole Brown group, unimproved: double", "Cat holds 2 stations",
// "4 times the 7 thrown: Ann holds 1 utility".
std::string rent_reason(const Ruleset& ruleset, const std::vector<std::string>& names, const State& before,
                        SquareId square, Money amount);

// The move event p belongs to, in words: its line as played and each event of it up to p.
struct MoveWords {
  std::int64_t move_seq = 0;          // 0: the opening
  std::string line;                   // "Ben rolls 3 4", or "The opening"
  std::vector<std::string> sentences; // one per event after the move line, up to p
  std::vector<std::int64_t> seqs;     // the event each sentence is for
};
MoveWords move_words(const Timeline& timeline, std::int64_t p);

// Amounts in the replay's displays: present/money_words.h money_grouped ("£1,234").

// One distinct letter per player for tokens on small boards: the first letter of the name,
// another letter of it where two names share one, or a digit.
std::vector<std::string> token_letters(const std::vector<std::string>& names);

// Colours: for the web ("#d62728") and for a 256-colour terminal.
struct Colour {
  std::string web;
  int xterm = -1;           // -1: none (the terminal's default)
  bool dark = false;        // light text reads better on it
};
Colour player_colour(PlayerId p);
// A group's colour by its name in the edition ("Dark Blue"); stations and utilities have none
// (web ""), unknown names get one from a spare palette by index.
Colour group_colour(const Ruleset& ruleset, int group);

// A square's name cut to width columns, keeping it recognisable: an alias that fits, the
// name without "Road"/"Street"/"Station", or the first letters of each word ("OldKen").
std::string short_name(const Ruleset& ruleset, SquareId square, int width);

// Number of UTF-8 code points (the terminal columns of the edition's text).
int text_width(const std::string& utf8);
// The first width columns of text.
std::string text_cut(const std::string& utf8, int width);
// Words wrapped to lines of at most width columns (a word longer than width is cut).
std::vector<std::string> wrap_words(const std::string& text, int width);

}  // namespace deedlog
