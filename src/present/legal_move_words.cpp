#include "present/legal_move_words.h"

#include <fmt/format.h>

namespace deedlog {

std::string range_words(const MoveRange& range) {
  switch (range.kind) {
    case MoveRange::Kind::Exact: return "";
    case MoveRange::Kind::Dice: return fmt::format("the dice as thrown, {} to {} each", range.min, range.max);
    case MoveRange::Kind::Amount: return fmt::format("any amount from {} to {}", range.min, range.max);
    case MoveRange::Kind::ThreeColours: return "any three of their free properties of three colours";
    case MoveRange::Kind::Deeds:
      return fmt::format("the {} title deed{} the Banker deals, any the Bank holds", range.min, range.min == 1 ? "" : "s");
  }
  return "";
}

nlohmann::ordered_json range_form(const LegalMove& move) {
  const MoveRange& range = move.range;
  // The words of the verb the form fills in ("rolls", "bids", "forms conglomerate", "deals").
  const std::string verb(verb_name(move.command.verb));
  switch (range.kind) {
    case MoveRange::Kind::Exact: return nullptr;
    case MoveRange::Kind::Dice: {
      nlohmann::ordered_json faces = nlohmann::ordered_json::array();
      for (std::int64_t f = range.min; f <= range.max; ++f) faces.push_back(f);
      return {{"verb", verb}, {"min", range.min}, {"max", range.max}, {"choices", faces}};
    }
    case MoveRange::Kind::Amount: return {{"verb", verb}, {"min", range.min}, {"max", range.max}};
    case MoveRange::Kind::ThreeColours:
      return {{"verb", verb}, {"min", range.min}, {"max", range.max}};
    case MoveRange::Kind::Deeds: return {{"verb", verb}, {"min", range.min}, {"max", range.max}};
  }
  return nullptr;
}

}  // namespace deedlog
