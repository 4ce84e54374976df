#pragma once
// A refusal told as the engine gives it: its rule, its code's number and its facts. Engine tests
// print this when a check fails; the words a player reads are the present layer's and are
// asserted in tests/present, so the engine's test program links nothing above the engine.
#include <sstream>
#include <string>

#include "deedlog/violation.h"

namespace deedlog::testing {

inline const char* arg_kind_name(ArgKind k) {
  switch (k) {
    case ArgKind::Player: return "player";
    case ArgKind::Square: return "square";
    case ArgKind::Money: return "money";
    case ArgKind::Count: return "count";
    case ArgKind::Deck: return "deck";
    case ArgKind::Card: return "card";
    case ArgKind::Group: return "group";
    case ArgKind::Building: return "building";
    case ArgKind::Act: return "act";
    case ArgKind::SaleStep: return "sale_step";
    case ArgKind::Progress: return "progress";
  }
  return "?";
}

// "uk-1972/jail/fine-before-throw (code 12) player 0, money 50; quoted: ..."
inline std::string refusal_facts(const Violation& v) {
  std::ostringstream out;
  out << v.rule << " (code " << static_cast<int>(v.code) << ")";
  const char* sep = " ";
  for (const RefusalArg& a : v.args) {
    out << sep << arg_kind_name(a.kind) << ' ' << a.id;
    if (a.amount != 0) out << '/' << a.amount;
    sep = ", ";
  }
  if (!v.quoted.empty()) out << "; quoted: " << v.quoted;
  return out.str();
}

}  // namespace deedlog::testing
