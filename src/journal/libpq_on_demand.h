#pragma once
// libpq is loaded when a PostgreSQL journal is first used, not when a program starts
// (libpq_on_demand.cpp): "" while it can be, else why it cannot (for the error a user reads).
#include <string>

namespace deedlog {

std::string libpq_unavailable();

}  // namespace deedlog
