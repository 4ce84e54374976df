#include "commands/request_fields.h"

#include <fmt/format.h>

#include <algorithm>

namespace deedlog {
namespace {

bool has_type(const nlohmann::ordered_json& v, FieldType t) {
  switch (t) {
    case FieldType::String: return v.is_string();
    case FieldType::Integer: return v.is_number_integer();
    case FieldType::Boolean: return v.is_boolean();
    case FieldType::StringList:
      return v.is_string() ||
             (v.is_array() && std::all_of(v.begin(), v.end(), [](const nlohmann::ordered_json& i) { return i.is_string(); }));
    case FieldType::Seed: return v.is_number_unsigned() || (v.is_string() && !v.get<std::string>().empty());
    case FieldType::Any: return true;
  }
  return false;
}

const char* type_words(FieldType t) {
  switch (t) {
    case FieldType::String: return "a string";
    case FieldType::Integer: return "a whole number";
    case FieldType::Boolean: return "true or false";
    case FieldType::StringList: return "a list of strings or one comma-separated string";
    case FieldType::Seed: return "a whole number of 0 or more (or its digits as a string)";
    case FieldType::Any: return "any value";
  }
  return "?";
}

}  // namespace

std::optional<FieldProblem> field_problem(const nlohmann::ordered_json& request, const std::vector<FieldRule>& rules,
                                          std::string_view what, const std::vector<std::string_view>& free) {
  for (auto it = request.begin(); it != request.end(); ++it) {
    if (std::find(free.begin(), free.end(), it.key()) != free.end()) continue;
    // A name echoed back is cut short: a request may be made of one endless key. The cut is
    // made between characters, never inside one (the answer must stay UTF-8 to be JSON).
    std::size_t cut = std::min<std::size_t>(it.key().size(), 40);
    while (cut > 0 && cut < it.key().size() && (static_cast<unsigned char>(it.key()[cut]) & 0xC0) == 0x80) --cut;
    const std::string name = it.key().substr(0, cut);
    const auto rule = std::find_if(rules.begin(), rules.end(), [&](const FieldRule& f) { return it.key() == f.name; });
    if (rule == rules.end()) return FieldProblem{name, fmt::format("{} takes no field \"{}\"", what, name)};
    if (!has_type(it.value(), rule->type))
      return FieldProblem{name, fmt::format("\"{}\" is {}", rule->name, type_words(rule->type))};
  }
  return std::nullopt;
}

}  // namespace deedlog
