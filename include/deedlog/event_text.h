#pragma once
// How much text an event may carry (Event::text): a move's line with the table's comment (and
// any comment the referee adds, as an appeal's), a ruling's or take-back's reason, a note.
#include <cstddef>

namespace deedlog {

// The most a move may record: every move is checked against it before anything is written
// (play_move, service/game_session.cpp), whatever way its line came in; the journal's reader
// (event_codec.cpp) reads it.
inline constexpr std::size_t kMaxEventTextBytes = 4096;

// Journals written before that check may hold longer text (a note of 10,000 bytes, a long appeal
// over HTTP): readers still take up to this much, and `referee verify` names those events.
inline constexpr std::size_t kMaxReadEventTextBytes = 64 * kMaxEventTextBytes;

}  // namespace deedlog
