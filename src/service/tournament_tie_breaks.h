#pragma once
// How a tournament breaks ties on points and who is its champion (docs/tournaments.md,
// "Placings, points and standings" and "Withdrawal, no-show, late entry, the final"): the named
// tie-breaks, the order a tournament states for them, and the rule of its final. Both are fixed
// by `tournament new` and kept in the tournament's settings; a tournament made before they could
// be chosen reads as it was ranked then (kEarlierTieBreaks, FinalRule::Points).
#include <string>
#include <string_view>
#include <vector>

#include "deedlog/status.h"

namespace deedlog {

// Each is a figure a player has in the standings (the formulas: docs/tournaments.md).
enum class TieBreak {
  NetWorth,    // "net-worth": his net worth summed over the tables he played
  Share,       // "share": the mean, over his tables, of his net worth over his table's total
  HeadToHead,  // "head-to-head": points he took less those of the players tied with him, at tables they shared
  Opponents,   // "opponents": the points of the opponents he met, one count a meeting
  Entry,       // "entry": the order of entry, 1 the first entered (the lower the better)
};

// The name a tie-break is given by (--tie-breaks), stored by and shown by (the standings' JSON
// field, the CSV's column).
std::string_view tie_break_name(TieBreak t);

// The order tournaments made before the tie-breaks could be chosen keep: net worth, head to head
// (a pair at a time), entry.
inline const std::vector<TieBreak> kEarlierTieBreaks = {TieBreak::NetWorth, TieBreak::HeadToHead, TieBreak::Entry};
// The order a new tournament gets unless it states one.
inline const std::vector<TieBreak> kDefaultTieBreaks = {TieBreak::Share, TieBreak::HeadToHead, TieBreak::Opponents,
                                                       TieBreak::Entry};

// "share, head-to-head, opponents, entry" read as an order: InvalidArgument for an empty list, an
// empty or unknown name, or a name given twice.
Status parse_tie_breaks(std::string_view list, std::vector<TieBreak>* out);
// One tie-break by its name: false when there is none of that name.
bool tie_break_named(std::string_view name, TieBreak* out);

// Who is champion once a final is played.
enum class FinalRule {
  Points,  // "points": the final adds a round of points; the standings decide
  Crowns,  // "crowns": the final's winner is champion, the other finalists placed by the final
};
std::string_view final_rule_name(FinalRule r);
// "crowns" or "points": InvalidArgument for anything else.
Status parse_final_rule(std::string_view name, FinalRule* out);

}  // namespace deedlog
