#pragma once
// The fields a JSON request may carry, each of its type: the engine protocol's requests and the
// server's POST bodies are checked by the same rules before anything is read or written, so a
// field misspelt ("expect_sequence") or unknown ("dry_run" where there is none) is an error,
// never a field silently ignored.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace deedlog {

enum class FieldType { String, Integer, Boolean, StringList, Seed, Any };

struct FieldRule {
  const char* name;
  FieldType type;
};

// A field a request may not carry, or one of the wrong type, and why.
struct FieldProblem {
  std::string field;
  std::string message;
};

// The first field of `request` that is neither one of `rules` (of its type) nor one of `free`
// (fields any request may carry, as the engine's "cmd" and "id"). `what` names what takes the
// fields, for the message ("play", "a move").
std::optional<FieldProblem> field_problem(const nlohmann::ordered_json& request, const std::vector<FieldRule>& rules,
                                          std::string_view what, const std::vector<std::string_view>& free = {});

}  // namespace deedlog
