#include "commands/table_completion.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string_view>

#include "notation/game_file.h"
#include "notation/lexer.h"

namespace deedlog {
namespace {

bool separator(char c) { return std::isspace(static_cast<unsigned char>(c)) || c == ',' || c == ':' || c == ';'; }

struct Word {
  std::size_t begin = 0, end = 0;
  bool quoted = false;
  std::string text;  // a quoted word without its quotes
};

// Case-insensitive: does `whole` begin with `start` (runs of spaces in `start` read as one)?
bool begins_with(std::string_view whole, std::string_view start) {
  std::size_t i = 0;
  for (std::size_t k = 0; k < start.size(); ++k) {
    const char c = start[k];
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (k > 0 && std::isspace(static_cast<unsigned char>(start[k - 1]))) continue;
      if (i >= whole.size() || whole[i] != ' ') return false;
      ++i;
      continue;
    }
    if (i >= whole.size() || std::tolower(static_cast<unsigned char>(whole[i])) != std::tolower(static_cast<unsigned char>(c)))
      return false;
    ++i;
  }
  return true;
}

// The words a verb takes besides names, and whether it takes the names of squares, of players.
struct Takes {
  std::vector<std::string> words;
  bool squares = false;
  bool players = false;
};

Takes takes(std::string verb) {
  verb = notation::lower_ascii(verb);
  const auto is = [&](std::string_view third, std::string_view plain) { return verb == third || verb == plain; };
  if (is("claims", "claim")) return {{"rent", "salary"}};
  if (is("pays", "pay")) return {{"fine", "tax", "flat"}};
  if (is("uses", "use")) return {{"card"}};
  if (is("builds", "build") || is("sells", "sell")) return {{"house", "houses", "hotel", "on"}, true};
  if (is("buys", "buy")) return {{}, true};
  if (is("mortgages", "mortgage") || is("unmortgages", "unmortgage")) return {{"and"}, true};
  if (is("offers", "offer")) return {{"for", "card", "nothing"}, true, true};
  if (is("declares", "declare")) return {{"bankruptcy"}};
  if (is("ends", "end")) return {{"turn"}};
  if (is("skips", "skip")) return {{"go"}};
  if (is("takes", "take")) return {{"back", "for"}};
  if (is("calls", "call")) return {{"time"}};
  if (is("awards", "award")) return {{"from", "for"}, true, true};
  if (is("deals", "deal")) return {{}, true, true};
  if (is("auctions", "auction")) return {{"house", "hotel"}};
  if (is("forms", "form")) return {{"conglomerate"}, true};
  return {};
}

const std::vector<std::string>& player_verbs() {
  static const std::vector<std::string> verbs = {
      "rolls", "buys", "declines", "bids", "passes", "claims", "draws", "pays", "uses", "builds",
      "sells", "mortgages", "unmortgages", "offers", "accepts", "rejects", "declares", "ends", "skips", "forms"};
  return verbs;
}

const std::vector<std::string>& referee_verbs() {
  static const std::vector<std::string> verbs = {"takes", "calls", "awards", "deals", "auctions"};
  return verbs;
}

}  // namespace

std::vector<std::string> line_completions(const Ruleset& ruleset, const std::vector<std::string>& players,
                                          const std::string& typed) {
  // The words typed: runs between separators, a quoted run one word. An open quote at the end
  // starts the word being completed.
  std::vector<Word> words;
  bool open_quote = false;
  for (std::size_t i = 0; i < typed.size();) {
    if (separator(typed[i])) {
      ++i;
      continue;
    }
    Word w;
    w.begin = i;
    if (typed[i] == '"') {
      w.quoted = true;
      ++i;
      while (i < typed.size() && typed[i] != '"') {
        if (typed[i] == '\\' && i + 1 < typed.size()) ++i;
        w.text.push_back(typed[i++]);
      }
      if (i < typed.size()) ++i;
      else open_quote = true;
    } else if (typed[i] == '@') {  // a stamp: "@19:42:10" holds colons
      while (i < typed.size() && !std::isspace(static_cast<unsigned char>(typed[i]))) w.text.push_back(typed[i++]);
    } else {
      while (i < typed.size() && !separator(typed[i]) && typed[i] != '"') w.text.push_back(typed[i++]);
    }
    w.end = i;
    words.push_back(w);
  }
  const bool at_gap = typed.empty() || (separator(typed.back()) && !open_quote);
  // The word being completed (empty at a gap) and the words before it; a leading @TIME stamp
  // is not counted among them.
  const std::size_t partial_at = at_gap ? typed.size() : words.back().begin;
  const std::string partial = at_gap ? std::string() : words.back().text;
  const bool partial_quoted = !at_gap && words.back().quoted;
  if (!at_gap) words.pop_back();
  const std::size_t stamp = !words.empty() && !words.front().quoted && words.front().text.rfind('@', 0) == 0 ? 1 : 0;
  const std::size_t before = words.size() - stamp;  // complete words before the one completed
  if (partial_quoted && !open_quote) return {};     // a closed quote is a finished name

  // What fits, by where it starts: the word being completed alone (partial_at), or a name of
  // several words begun some words before it, typed without quotes. The longest stretch that a
  // name fits wins: "Park L" is Park Lane, not Park and a name in L.
  std::map<std::size_t, std::set<std::string>> fits;
  const auto offer_word = [&](const std::string& w) {
    if (!partial_quoted && begins_with(w, partial) && w.size() >= partial.size())
      fits[partial_at].insert(typed.substr(0, partial_at) + w);
  };
  const std::size_t first_arg = before == 0 ? stamp : stamp + 2;
  const auto offer_name = [&](const std::string& name) {
    const std::string written = notation::quote_if_needed(name);
    if (begins_with(name, partial)) fits[partial_at].insert(typed.substr(0, partial_at) + written);
    if (partial_quoted) return;
    for (std::size_t k = words.size(); k-- > first_arg;) {
      if (words[k].quoted || partial_at - words[k].begin > 200) break;
      if (begins_with(name, typed.substr(words[k].begin, partial_at - words[k].begin) + partial))
        fits[words[k].begin].insert(typed.substr(0, words[k].begin) + written);
    }
  };

  if (before == 0) {
    for (const std::string& p : players) offer_name(p);
    offer_word("Referee");
    if (stamp == 0) {
      offer_word("undo");
      offer_word("quit");
    }
  } else if (before == 1) {
    const bool referee = notation::iequals(words[stamp].text, "Referee") && !words[stamp].quoted;
    for (const std::string& v : referee ? referee_verbs() : player_verbs()) offer_word(v);
  } else {
    const Takes t = takes(words[stamp + 1].text);
    for (const std::string& w : t.words) offer_word(w);
    if (t.squares)
      for (int i = 0; i < ruleset.board_size(); ++i) {
        const SquareId sq = static_cast<SquareId>(i);
        if (ruleset.square(sq).is_property()) offer_name(square_notation_name(ruleset, sq));
      }
    if (t.players)
      for (const std::string& p : players) offer_name(p);
  }
  if (fits.empty()) return {};
  const std::set<std::string>& longest = fits.begin()->second;
  return {longest.begin(), longest.end()};
}

std::string common_start(const std::vector<std::string>& lines) {
  if (lines.empty()) return {};
  std::string common = lines.front();
  for (const std::string& l : lines) {
    std::size_t n = 0;
    while (n < common.size() && n < l.size() && common[n] == l[n]) ++n;
    common.resize(n);
  }
  return common;
}

}  // namespace deedlog
