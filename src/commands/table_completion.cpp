#include "commands/table_completion.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string_view>

#include "deedlog/game_file.h"
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

// A verb's row of the verb list (deedlog/verbs.h), as completion reads it.
struct VerbRow {
  std::string_view name;        // "claims rent": its first word is the verb word
  std::string_view plain;       // "claim"
  bool referee;                 // written by the referee
  std::string_view completion;  // the words after the verb word; <square>, <player> for names
};

constexpr VerbRow kVerbRows[] = {
#define DEEDLOG_VERB_ROW(Name, ...)                                                                    \
  {verb_name(Verb::Name), verb_words(Verb::Name).plain, verb_maker(Verb::Name) != VerbMaker::Player, \
   verb_words(Verb::Name).completion},
    DEEDLOG_VERBS(DEEDLOG_VERB_ROW)
#undef DEEDLOG_VERB_ROW
};

std::string_view verb_word(const VerbRow& row) { return row.name.substr(0, row.name.find(' ')); }

// What the verbs of a verb word take, together ("claims": rent, salary).
Takes takes(std::string verb) {
  verb = notation::lower_ascii(verb);
  Takes t;
  for (const VerbRow& row : kVerbRows) {
    if (verb != verb_word(row) && verb != row.plain) continue;
    std::string_view rest = row.completion;
    while (!rest.empty()) {
      const std::size_t space = rest.find(' ');
      const std::string_view w = rest.substr(0, space);
      rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
      if (w == "<square>") t.squares = true;
      else if (w == "<player>") t.players = true;
      else if (std::find(t.words.begin(), t.words.end(), w) == t.words.end()) t.words.emplace_back(w);
    }
  }
  return t;
}

// The verb words the players write, or the referee (each once).
std::vector<std::string> verb_words(bool referee) {
  std::vector<std::string> out;
  for (const VerbRow& row : kVerbRows) {
    const std::string word(verb_word(row));
    if (row.referee == referee && std::find(out.begin(), out.end(), word) == out.end()) out.push_back(word);
  }
  return out;
}

const std::vector<std::string>& player_verbs() {
  static const std::vector<std::string> verbs = verb_words(false);
  return verbs;
}

const std::vector<std::string>& referee_verbs() {
  static const std::vector<std::string> verbs = verb_words(true);
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
