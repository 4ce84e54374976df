#include "service/tournament_tie_breaks.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <utility>

#include "core/printable_text.h"

namespace deedlog {
namespace {

constexpr std::array<std::pair<TieBreak, std::string_view>, 5> kNames{{
    {TieBreak::Share, "share"},
    {TieBreak::HeadToHead, "head-to-head"},
    {TieBreak::Opponents, "opponents"},
    {TieBreak::Entry, "entry"},
    {TieBreak::NetWorth, "net-worth"},
}};

std::string known_names() {
  std::string out;
  for (const auto& [t, name] : kNames) (out += out.empty() ? "" : ", ") += name;
  return out;
}

std::string_view trimmed(std::string_view s) {
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string_view::npos) return {};
  const auto e = s.find_last_not_of(" \t");
  return s.substr(b, e - b + 1);
}

}  // namespace

std::string_view tie_break_name(TieBreak t) {
  for (const auto& [tie_break, name] : kNames)
    if (tie_break == t) return name;
  return "";
}

bool tie_break_named(std::string_view name, TieBreak* out) {
  for (const auto& [tie_break, known] : kNames)
    if (known == name) {
      *out = tie_break;
      return true;
    }
  return false;
}

Status parse_tie_breaks(std::string_view list, std::vector<TieBreak>* out) {
  if (trimmed(list).empty())
    return Status::invalid_argument(fmt::format("--tie-breaks is empty: name them in order, from {}", known_names()));
  std::vector<TieBreak> order;
  std::size_t from = 0;
  while (from <= list.size()) {
    const std::size_t comma = std::min(list.find(',', from), list.size());
    const std::string_view name = trimmed(list.substr(from, comma - from));
    if (name.empty())
      return Status::invalid_argument(fmt::format("--tie-breaks '{}' has an empty name (known: {})", printable_text(list), known_names()));
    TieBreak t{};
    if (!tie_break_named(name, &t))
      return Status::invalid_argument(fmt::format("--tie-breaks: unknown tie-break '{}' (known: {})", printable_text(name), known_names()));
    if (std::find(order.begin(), order.end(), t) != order.end())
      return Status::invalid_argument(fmt::format("--tie-breaks names '{}' twice", name));
    order.push_back(t);
    from = comma + 1;
  }
  *out = std::move(order);
  return Status::ok();
}

std::string_view final_rule_name(FinalRule r) { return r == FinalRule::Crowns ? "crowns" : "points"; }

Status parse_final_rule(std::string_view name, FinalRule* out) {
  if (name == "crowns") *out = FinalRule::Crowns;
  else if (name == "points") *out = FinalRule::Points;
  else
    return Status::invalid_argument(
        fmt::format("--final '{}': a tournament's final either crowns its winner (crowns) or adds its points (points)",
                    printable_text(name)));
  return Status::ok();
}

}  // namespace deedlog
