#include "deedlog/name_match.h"

// Name matching for people typing at a table: "Angel", "park", "kings cross", "Kent".
// Names are compared in a normal form (lower case, apostrophes dropped, other ASCII punctuation
// read as a space, runs of spaces collapsed) and tried in three tiers, the first tier with any
// hit deciding: the whole name or an alias; the start of a name or an alias; the query's words
// as the starts of the name's words, in order; the start of a name with the spaces left out.
// A miss suggests the nearest names.
#include <algorithm>
#include <cstddef>
#include <string_view>

#include "core/article.h"
#include "core/code_point.h"

namespace deedlog {
namespace {

// Queries longer than this are not compared letter by letter for suggestions: no name is that
// long, and the quadratic distance would let a hostile line cost seconds.
constexpr std::size_t kMaxSuggestQuery = 100;
// At most this many suggestions after "did you mean".
constexpr std::size_t kMaxSuggestions = 3;
// An ambiguous query lists at most this many of the names it could be.
constexpr std::size_t kMaxAmbiguousListed = 10;
// When nothing is near and the list is this short, the message names every candidate.
constexpr std::size_t kListAllBelow = 8;
// A query echoed in a message is cut to this many bytes.
constexpr std::size_t kMaxEcho = 60;

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool is_ascii_alnum(unsigned char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// The normal form of a name: lower case, apostrophes (' and the typographic ones) removed,
// other ASCII punctuation and whitespace as single spaces, no leading or trailing space.
std::string normalize(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  bool space = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == '\'' || c == '`') continue;
    // U+2018 and U+2019, the curly apostrophes: E2 80 98 / E2 80 99.
    if (c == 0xE2 && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x80 &&
        (static_cast<unsigned char>(s[i + 2]) == 0x98 || static_cast<unsigned char>(s[i + 2]) == 0x99)) {
      i += 2;
      continue;
    }
    if (c < 0x80 && !is_ascii_alnum(c)) {
      space = !out.empty();
      continue;
    }
    if (space) out.push_back(' ');
    space = false;
    out.push_back(lower(static_cast<char>(c)));
  }
  return out;
}

std::vector<std::string_view> words_of(std::string_view s) {
  std::vector<std::string_view> w;
  std::size_t i = 0;
  while (i < s.size()) {
    std::size_t j = s.find(' ', i);
    if (j == std::string_view::npos) j = s.size();
    if (j > i) w.push_back(s.substr(i, j - i));
    i = j + 1;
  }
  return w;
}

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && s.compare(0, prefix.size(), prefix) == 0;
}

// Each query word is the start of a name word, in order (words may be skipped between them).
bool words_match(const std::vector<std::string_view>& query, const std::vector<std::string_view>& name) {
  std::size_t n = 0;
  for (std::string_view q : query) {
    while (n < name.size() && !starts_with(name[n], q)) ++n;
    if (n == name.size()) return false;
    ++n;
  }
  return !query.empty();
}

// Optimal string alignment distance: Levenshtein plus the swap of two neighbours, which is the
// commonest slip at a keyboard ("Mayfiar"). Used only to rank suggestions.
int osa_distance(std::string_view a, std::string_view b) {
  const std::size_t n = a.size(), m = b.size();
  std::vector<int> prev2(m + 1), prev(m + 1), cur(m + 1);
  for (std::size_t j = 0; j <= m; ++j) prev[j] = static_cast<int>(j);
  for (std::size_t i = 1; i <= n; ++i) {
    cur[0] = static_cast<int>(i);
    for (std::size_t j = 1; j <= m; ++j) {
      int cost = a[i - 1] == b[j - 1] ? 0 : 1;
      int d = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d = std::min(d, prev2[j - 2] + 1);
      cur[j] = d;
    }
    std::swap(prev2, prev);
    std::swap(prev, cur);
  }
  return prev[m];
}

// How far the query is from a (normalized) name: the whole name, or a stretch of it of about
// the query's length starting at one of its words ("Knet" is near "Old Kent Road").
int name_distance(std::string_view q, std::string_view name) {
  int best = osa_distance(q, name);
  std::vector<std::size_t> starts = {0};
  for (std::size_t i = 0; i < name.size(); ++i)
    if (name[i] == ' ') starts.push_back(i + 1);
  for (std::size_t s : starts) {
    std::string_view rest = name.substr(s);
    std::size_t lo = q.size() > 2 ? q.size() - 2 : 1;
    for (std::size_t len = lo; len <= q.size() + 2 && len <= rest.size(); ++len)
      best = std::min(best, osa_distance(q, rest.substr(0, len)));
  }
  return best;
}

// How many slips a query of this length may hold and still earn a suggestion.
int suggestion_threshold(std::size_t query_len) {
  if (query_len <= 4) return 1;
  if (query_len <= 8) return 2;
  return 3;
}

std::string shown(const std::string& name) {
  return name.find(',') != std::string::npos ? "\"" + name + "\"" : name;
}

// "A", "A or B", "A, B or C".
std::string either(const std::vector<std::string>& names, const char* last_word) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += (i + 1 == names.size()) ? std::string(" ") + last_word + " " : ", ";
    out += shown(names[i]);
  }
  return out;
}

// The query as echoed back: control bytes made visible, very long queries cut.
std::string echo(std::string_view q) {
  std::string out;
  for (char c : q.substr(0, std::min(q.size(), kMaxEcho))) {
    unsigned char u = static_cast<unsigned char>(c);
    out.push_back(u < 0x20 || u == 0x7F ? '?' : c);
  }
  if (q.size() > kMaxEcho) out += "...";
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

int edit_distance(const std::string& a, const std::string& b) {
  const std::size_t m = b.size();
  std::vector<int> prev(m + 1), cur(m + 1);
  for (std::size_t j = 0; j <= m; ++j) prev[j] = static_cast<int>(j);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = static_cast<int>(i);
    for (std::size_t j = 1; j <= m; ++j) {
      int cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
    }
    std::swap(prev, cur);
  }
  return prev[m];
}

NameMatch match_name(const std::string& query, const std::vector<NameCandidate>& candidates,
                     const std::string& what) {
  NameMatch result;
  std::string_view raw = trim(query);
  if (raw.size() >= 2 && raw.front() == '"' && raw.back() == '"') raw = trim(raw.substr(1, raw.size() - 2));
  const std::string q = normalize(raw);
  if (q.empty()) {
    result.error = "expected " + with_article(what) + " name";  // what may be a pack's name
    return result;
  }
  const std::vector<std::string_view> q_words = words_of(q);

  // Every candidate's names in normal form, computed once.
  std::vector<std::vector<std::string>> forms(candidates.size());
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    forms[i].push_back(normalize(candidates[i].name));
    for (const auto& a : candidates[i].aliases) forms[i].push_back(normalize(a));
  }

  // The candidates a tier accepts, one entry per distinct id, in list order.
  auto tier = [&](auto accepts) {
    std::vector<std::size_t> hits;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      bool hit = false;
      for (const auto& f : forms[i]) hit = hit || (!f.empty() && accepts(f));
      if (!hit) continue;
      bool seen = false;
      for (std::size_t h : hits) seen = seen || candidates[h].id == candidates[i].id;
      if (!seen) hits.push_back(i);
    }
    return hits;
  };

  std::vector<std::size_t> hits = tier([&](const std::string& f) { return f == q; });
  if (hits.empty()) hits = tier([&](const std::string& f) { return starts_with(f, q); });
  if (hits.empty())
    hits = tier([&](const std::string& f) { return words_match(q_words, words_of(f)); });
  if (hits.empty()) {
    // Last, with the spaces left out: "Parklane", "kingscross".
    auto squash = [](std::string_view s) {
      std::string out;
      for (char c : s)
        if (c != ' ') out.push_back(c);
      return out;
    };
    const std::string q_squashed = squash(q);
    hits = tier([&](const std::string& f) { return starts_with(squash(f), q_squashed); });
  }

  if (hits.size() == 1) {
    result.found = true;
    result.id = candidates[hits[0]].id;
    result.name = candidates[hits[0]].name;
    return result;
  }
  if (hits.size() > 1) {
    result.ambiguous = true;
    for (std::size_t h : hits) result.suggestions.push_back(candidates[h].name);
    std::vector<std::string> listed(result.suggestions.begin(),
                                    result.suggestions.begin() +
                                        static_cast<std::ptrdiff_t>(std::min(hits.size(), kMaxAmbiguousListed)));
    std::string more;
    if (hits.size() > kMaxAmbiguousListed)
      more = " and " + std::to_string(hits.size() - kMaxAmbiguousListed) + " more";
    result.error = "ambiguous " + what + " '" + echo(raw) + "': could be " + either(listed, "or") + more +
                   "; write more of the name";
    return result;
  }

  // Unknown: the nearest names, best first.
  if (q.size() <= kMaxSuggestQuery) {
    struct Near { int distance; std::size_t index; };
    std::vector<Near> near;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      int best = -1;
      for (const auto& f : forms[i]) {
        if (f.empty()) continue;
        int d = name_distance(q, f);
        if (best < 0 || d < best) best = d;
      }
      if (best >= 0 && best <= suggestion_threshold(q.size())) {
        bool seen = false;
        for (const auto& n : near) seen = seen || candidates[n.index].id == candidates[i].id;
        if (!seen) near.push_back({best, i});
      }
    }
    std::stable_sort(near.begin(), near.end(), [](const Near& a, const Near& b) { return a.distance < b.distance; });
    for (std::size_t k = 0; k < near.size() && k < kMaxSuggestions; ++k)
      result.suggestions.push_back(candidates[near[k].index].name);
  }
  result.error = "unknown " + what + " '" + echo(raw) + "'";
  if (!result.suggestions.empty()) {
    result.error += ": did you mean " + either(result.suggestions, "or") + "?";
  } else if (!candidates.empty() && candidates.size() <= kListAllBelow) {
    std::vector<std::string> all;
    for (const auto& c : candidates) all.push_back(c.name);
    result.error += " (expected " + either(all, "or") + ")";
  }
  return result;
}

namespace {

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

// Lower case for the letters names are commonly written in; others unchanged.
char32_t fold_case(char32_t c) {
  if (c >= 'A' && c <= 'Z') return c + 0x20;
  if (c >= 0xC0 && c <= 0xDE && c != 0xD7) return c + 0x20;  // Latin-1: À..Þ but ×
  if (c >= 0x100 && c <= 0x137) return c | 1;                 // Latin Extended-A, pairs even/odd
  if (c >= 0x139 && c <= 0x148) return (c & 1) ? c + 1 : c;
  if (c >= 0x14A && c <= 0x177) return c | 1;
  if (c == 0x178) return 0xFF;                                 // Ÿ
  if (c >= 0x179 && c <= 0x17E) return (c & 1) ? c + 1 : c;
  if (c >= 0x391 && c <= 0x3A9 && c != 0x3A2) return c + 0x20; // Greek capitals
  if (c == 0x386) return 0x3AC;
  if (c >= 0x388 && c <= 0x38A) return c + 0x25;
  if (c == 0x38C) return 0x3CC;
  if (c == 0x38E || c == 0x38F) return c + 0x3F;
  if (c == 0x3C2) return 0x3C3;                                // final sigma
  if (c >= 0x410 && c <= 0x42F) return c + 0x20;               // Cyrillic
  if (c >= 0x400 && c <= 0x40F) return c + 0x50;
  return c;
}

bool is_invisible_or_control(char32_t c) {
  return c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F) ||  // C0 (tab too), DEL, C1
         c == 0xAD || c == 0x61C || c == 0x180E ||              // soft hyphen, Arabic letter mark, Mongolian vowel separator
         (c >= 0x200B && c <= 0x200F) ||                        // zero-width space, non-joiner, joiner; LRM, RLM
         (c >= 0x2028 && c <= 0x202E) ||                        // line/paragraph separators; bidi embeddings
         (c >= 0x2060 && c <= 0x206F) ||                        // word joiner, invisible operators, bidi isolates
         c == 0xFEFF || (c >= 0xFFF9 && c <= 0xFFFB) || c == 0xFFFD;
}

bool is_odd_space(char32_t c) {
  return c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x202F || c == 0x205F || c == 0x3000;
}

}  // namespace

std::string name_characters_problem(std::string_view name) {
  for (std::size_t i = 0; i < name.size();) {
    const char32_t c = next_code_point(name, &i);
    const std::string code = [&] {
      std::string hex;
      for (int shift = c > 0xFFFF ? 20 : 12; shift >= 0; shift -= 4) hex.push_back("0123456789ABCDEF"[(c >> shift) & 0xF]);
      return "U+" + hex;
    }();
    if (is_invisible_or_control(c))
      return "it contains " + code +
             ", a control, invisible or text-direction character: two names could look alike and differ";
    if (is_odd_space(c)) return "it contains " + code + ", a space other than the plain one: write an ordinary space";
    if (c >= 0x300 && c <= 0x36F)
      return "it contains the combining mark " + code + ": type the accented letter itself (precomposed, as in \"é\")";
  }
  return "";
}

bool names_look_alike(std::string_view a, std::string_view b) {
  auto key = [](std::string_view s) {
    std::string folded;
    for (std::size_t i = 0; i < s.size();) append_utf8(folded, fold_case(next_code_point(s, &i)));
    return normalize(folded);
  };
  return key(a) == key(b);
}

}  // namespace deedlog
