#pragma once
// Money as a whole number of the edition's currency units (pounds, dollars).
// Never a double: every rule book deals in whole units, and rounding is a rule of its own.
#include <cstdint>
#include <compare>

namespace deedlog {

struct Money {
  std::int64_t units = 0;

  constexpr Money() = default;
  constexpr explicit Money(std::int64_t u) : units(u) {}

  constexpr auto operator<=>(const Money&) const = default;
  constexpr Money operator+(Money o) const { return Money{units + o.units}; }
  constexpr Money operator-(Money o) const { return Money{units - o.units}; }
  constexpr Money operator-() const { return Money{-units}; }
  constexpr Money operator*(std::int64_t k) const { return Money{units * k}; }
  constexpr Money& operator+=(Money o) { units += o.units; return *this; }
  constexpr Money& operator-=(Money o) { units -= o.units; return *this; }
  constexpr bool is_zero() const { return units == 0; }
};

}  // namespace deedlog
