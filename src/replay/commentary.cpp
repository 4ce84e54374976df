#include "replay/commentary.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>

#include "core/article.h"
#include "core/printable_text.h"
#include "present/narration.h"
#include "deedlog/building_group.h"
#include "deedlog/event_fields.h"
#include "deedlog/evolve.h"
#include "deedlog/rent.h"
#include "present/money_words.h"

namespace deedlog {
namespace {

std::string name_of(const std::vector<std::string>& names, PlayerId p) {
  if (p >= 0 && p < static_cast<int>(names.size())) return names[static_cast<std::size_t>(p)];
  return "the Bank";
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// narrate()'s sentence without its closing full stop, so that more can follow.
std::string open_sentence(std::string s) {
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

}  // namespace

std::string rent_reason(const Ruleset& r, const std::vector<std::string>& names, const State& before, SquareId square,
                        Money amount) {
  if (square >= r.squares.size()) return {};
  const Square& sq = r.square(square);
  const Holding& h = before.holdings[square];
  if (h.owner == kBank) return {};
  const std::string owner = name_of(names, h.owner);
  if (owners_form_groups(r)) {
    // regional-currency: a Conglomerate's member earns on the terms of the deed on top.
    if (conglomerate_of(before, square)) {
      const std::string top = terms_of(r, before, square).name;
      if (h.buildings == kHotel) return fmt::format("{}'s rent with a {} (the top of {}'s Conglomerate)", top, r.words.hotel, owner);
      if (h.buildings > 0)
        return fmt::format("{}'s rent with {} {} (the top of {}'s Conglomerate)", top, h.buildings,
                           h.buildings == 1 ? r.words.house : r.words.houses, owner);
      return fmt::format("double {}'s rent: a member of {}'s Conglomerate, unimproved", top, owner);
    }
    if (sq.kind == SquareKind::Street) return "the site's rent: it is in no Conglomerate";
  }
  const GroupHolding g = sq.group >= 0 ? group_holding(r, before, sq.group, h.owner) : GroupHolding{};
  const std::string group = sq.group >= 0 ? r.groups[static_cast<std::size_t>(sq.group)].name : std::string();
  switch (sq.kind) {
    case SquareKind::Street:
      if (h.buildings == kHotel) return fmt::format("the rent with {}", with_article(r.words.hotel));
      if (h.buildings == 1) return fmt::format("the rent with 1 {}", r.words.house);
      if (h.buildings > 1) return fmt::format("the rent with {} {}", h.buildings, r.words.houses);
      if (g.complete() && g.owned_mortgaged > 0 && r.double_rent_needs_unmortgaged_group)
        return fmt::format("single rent: {} holds the whole {} group, but a site of it is mortgaged", owner, group);
      if (g.complete()) return fmt::format("double rent: {} holds the whole {} group, unimproved", owner, group);
      return "the site's rent, unimproved";
    case SquareKind::Station: {
      const int earning = g.owned - g.owned_mortgaged;
      return fmt::format("{} holds {} {}{}", owner, earning, r.words.station, earning == 1 ? "" : "s");
    }
    case SquareKind::Utility: {
      const int earning = g.owned - g.owned_mortgaged;
      const int dice = before.last_die1 + before.last_die2;
      if (dice > 0 && amount.units % dice == 0)
        return fmt::format("{} times the {} thrown: {} holds {} {}", amount.units / dice, dice, owner, earning,
                           earning == 1 ? "utility" : "utilities");
      return fmt::format("{} holds {} {}", owner, earning, earning == 1 ? "utility" : "utilities");
    }
    default:
      return {};
  }
}

std::string commentary(const Ruleset& r, const std::vector<std::string>& names, const State& before, const Event& e) {
  std::string s = narrate(r, names, e, before);
  switch (e.type) {
    case EventType::DiceThrown:
      return fmt::format("{}: {}.", open_sentence(s), fields::DiceThrown::die1(e) + fields::DiceThrown::die2(e));
    case EventType::RentDue:
    case EventType::RentPaid: {
      // The reason only where the rules give this very figure now (the owner may have built
      // between the landing and the asking, or a card may have set the rent).
      if (fields::shared::square(e) == kNoSquare || fields::shared::square(e) >= r.squares.size()) return s;
      const int dice = before.last_die1 + before.last_die2;
      // regional-currency: a rent paid across currencies is the owner's sum, amount2.
      const Money rent = e.type == EventType::RentPaid && !fields::RentPaid::received(e).is_zero() ? fields::RentPaid::received(e) : fields::shared::amount(e);
      if (quote_rent(r, before, fields::shared::square(e), dice).amount != rent) return s;
      const std::string why = rent_reason(r, names, before, fields::shared::square(e), rent);
      return why.empty() ? s : fmt::format("{} ({}).", open_sentence(s), why);
    }
    case EventType::PropertyTransferred: {
      // rule conglomerate/fixed-until-sold: the deed leaving its owner breaks its Conglomerate.
      const std::uint64_t mask = fields::PropertyTransferred::square(e) < r.squares.size() ? conglomerate_of(before, fields::PropertyTransferred::square(e)) : 0;
      if (mask == 0) return s;
      return fmt::format("{} (the Conglomerate with {} on top is broken).", open_sentence(s),
                         r.square(conglomerate_top(r, mask)).name);
    }
    default:
      return s;
  }
}

MoveWords move_words(const Timeline& t, std::int64_t p) {
  MoveWords w;
  if (p <= 0 || t.last() == 0) {
    w.line = "Before the first event";
    return w;
  }
  p = std::min(p, t.last());
  w.move_seq = t.move_of(p);
  std::int64_t first = 1;
  if (w.move_seq == 0) {
    w.line = "The opening";
  } else {
    w.line = printable_text(t.event(w.move_seq).text);
    first = w.move_seq + 1;
  }
  State s = t.state_at(first - 1);
  for (std::int64_t q = first; q <= p; ++q) {
    const Event& e = t.event(q);
    w.sentences.push_back(commentary(t.ruleset(), t.names(), s, e) +
                          (t.voided_by(q) != 0 ? fmt::format(" [void: taken back at event {}]", t.voided_by(q)) : ""));
    w.seqs.push_back(q);
    t.step(s, q);
  }
  return w;
}


std::vector<std::string> token_letters(const std::vector<std::string>& names) {
  std::vector<std::string> out;
  std::string used;
  for (std::size_t i = 0; i < names.size(); ++i) {
    char pick = 0;
    for (char c : names[i]) {
      const char u = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      if (std::isalpha(static_cast<unsigned char>(u)) && used.find(u) == std::string::npos) {
        pick = u;
        break;
      }
    }
    if (!pick) {
      for (char d = '1'; d <= '9'; ++d)
        if (used.find(d) == std::string::npos) {
          pick = d;
          break;
        }
    }
    used += pick;
    out.emplace_back(1, pick);
  }
  return out;
}

Colour player_colour(PlayerId p) {
  static const std::array<Colour, 8> palette = {{
      {"#d62728", 160, true},  // red
      {"#1f77b4", 33, true},   // blue
      {"#2ca02c", 34, true},   // green
      {"#9467bd", 98, true},   // purple
      {"#ff7f0e", 208, false}, // orange
      {"#17becf", 44, false},  // cyan
      {"#8c564b", 95, true},   // brown
      {"#e377c2", 176, false}, // pink
  }};
  return palette[static_cast<std::size_t>(p < 0 ? 0 : p % 8)];
}

Colour group_colour(const Ruleset& r, int group) {
  if (group < 0 || group >= static_cast<int>(r.groups.size())) return {};
  const Group& g = r.groups[static_cast<std::size_t>(group)];
  bool streets = !g.members.empty();
  for (SquareId s : g.members)
    if (r.square(s).kind != SquareKind::Street) streets = false;
  if (!streets) return {};
  struct Named {
    const char* name;
    Colour colour;
  };
  static const std::array<Named, 12> named = {{
      {"brown", {"#955436", 94, true}},
      {"dark purple", {"#5e2b7e", 54, true}},
      {"purple", {"#7b3f98", 91, true}},
      {"light blue", {"#aae0fa", 117, false}},
      {"pink", {"#d93a96", 162, true}},
      {"magenta", {"#d93a96", 162, true}},
      {"orange", {"#f7941d", 208, false}},
      {"red", {"#ed1b24", 196, true}},
      {"yellow", {"#fef200", 226, false}},
      {"green", {"#1fb25a", 35, true}},
      {"dark blue", {"#0072bb", 25, true}},
      {"blue", {"#0072bb", 25, true}},
  }};
  const std::string n = lower(g.name);
  for (const Named& x : named)
    if (n == x.name) return x.colour;
  static const std::array<Colour, 6> spare = {{{"#6a3d9a", 55, true},
                                               {"#b15928", 130, true},
                                               {"#33a02c", 28, true},
                                               {"#fb9a99", 217, false},
                                               {"#cab2d6", 183, false},
                                               {"#ffff99", 229, false}}};
  return spare[static_cast<std::size_t>(group) % spare.size()];
}

int text_width(const std::string& s) {
  int n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

std::string text_cut(const std::string& s, int width) {
  if (width <= 0) return {};
  int n = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) {
      if (n == width) return s.substr(0, i);
      ++n;
    }
  }
  return s;
}

std::vector<std::string> wrap_words(const std::string& text, int width) {
  std::vector<std::string> lines;
  if (width <= 0) return lines;
  std::string line;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    std::size_t j = text.find(' ', i);
    if (j == std::string::npos) j = text.size();
    if (i >= j) break;
    std::string word = text.substr(i, j - i);
    i = j;
    while (text_width(word) > width) {
      if (!line.empty()) {
        lines.push_back(line);
        line.clear();
      }
      const std::string head = text_cut(word, width);
      lines.push_back(head);
      word = word.substr(head.size());
    }
    if (line.empty()) {
      line = word;
    } else if (text_width(line) + 1 + text_width(word) <= width) {
      line += " " + word;
    } else {
      lines.push_back(line);
      line = word;
    }
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

std::string short_name(const Ruleset& r, SquareId square, int width) {
  if (width <= 0 || square >= r.squares.size()) return {};
  const Square& sq = r.square(square);
  if (text_width(sq.name) <= width) return sq.name;
  switch (sq.kind) {
    case SquareKind::Go: return text_cut(r.words.go, width);
    case SquareKind::Jail: return text_cut(r.words.jail, width);
    case SquareKind::GoToJail: {
      const std::string to = "To " + r.words.jail;
      return text_cut(text_width(to) <= width ? to : "To" + r.words.jail, width);
    }
    case SquareKind::CommunityChest: return text_cut(width >= 5 ? "Chest" : "CC", width);
    case SquareKind::FreeParking: return text_cut(width >= 7 ? "Parking" : "FreePk", width);
    default: break;
  }
  std::string best;
  for (const std::string& a : sq.aliases)
    if (text_width(a) <= width && text_width(a) > text_width(best)) best = a;
  if (!best.empty()) return best;
  // Words, without "The" in front, punctuation, and the generic words at the end.
  std::vector<std::string> words;
  {
    std::string w;
    for (char c : sq.name + " ") {
      if (c == ' ') {
        if (!w.empty()) words.push_back(w);
        w.clear();
      } else if (c != ',' && c != '\'' && c != '.') {
        w += c;
      }
    }
  }
  if (words.size() > 1 && lower(words.front()) == "the") words.erase(words.begin());
  static const std::array<const char*, 12> generic = {"road",  "street", "station", "avenue", "square", "lane",
                                                      "company", "works", "place",   "gardens", "drive", "way"};
  while (words.size() > 1 &&
         std::find(generic.begin(), generic.end(), lower(words.back())) != generic.end())
    words.pop_back();
  std::string joined;
  for (const auto& w : words) joined += (joined.empty() ? "" : " ") + w;
  if (text_width(joined) <= width) return joined;
  if (words.size() == 1 || static_cast<int>(words.size()) > width) return text_cut(joined, width);
  // Each word gets a letter, then one more in turn, until the width is used.
  std::vector<int> take(words.size(), 1);
  int left = width - static_cast<int>(words.size());
  for (bool grew = true; left > 0 && grew;) {
    grew = false;
    for (std::size_t k = 0; k < words.size() && left > 0; ++k)
      if (take[k] < text_width(words[k])) {
        ++take[k];
        --left;
        grew = true;
      }
  }
  std::string out;
  for (std::size_t k = 0; k < words.size(); ++k) {
    std::string piece = text_cut(words[k], take[k]);
    if (!piece.empty()) piece[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(piece[0])));
    out += piece;
  }
  return out;
}

}  // namespace deedlog
