#pragma once
// referee stats in words and as JSON (the figures are service/statistics.h's).
#include <string>

#include <nlohmann/json.hpp>

#include "service/statistics.h"

namespace deedlog {

nlohmann::ordered_json statistics_json(const JournalStatistics& s);
std::string statistics_text(const JournalStatistics& s);

}  // namespace deedlog
