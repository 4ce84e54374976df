#include "engine/windows.h"

#include "deedlog/clock_stamp.h"

namespace deedlog::policy {
namespace {

std::optional<std::int64_t> seconds_late(int window, std::int64_t opened, std::int64_t now) {
  if (window <= 0 || now == kNoTime) return std::nullopt;
  const auto elapsed = seconds_between(opened, now);
  if (!elapsed || *elapsed <= window) return std::nullopt;
  return *elapsed - window;
}

}  // namespace

bool timed(const Ruleset& r) { return (r.timed.buy_seconds | r.timed.rent_seconds | r.timed.auction_seconds) != 0; }

bool throws_close_rent_windows(const Ruleset& r) { return r.rent_window != RentWindow::Timed; }

PlayerId rent_window_closes_on(const Ruleset& r, const State& s, PlayerId payer) {
  // rule rent/ask-before-next-throw: closed by the next throw of anyone.
  if (r.rent_window != RentWindow::BeforeSecondFollowingThrow) return kBank;
  // US: asked before the second player following the payer throws.
  PlayerId p = payer;
  for (int step = 0; step < 2;) {
    p = static_cast<PlayerId>((p + 1) % s.player_count);
    if (!s.player(p).bankrupt) ++step;
  }
  return p;
}

std::optional<std::int64_t> seconds_late_to_buy(const Ruleset& r, std::int64_t offered, std::int64_t now) {
  return seconds_late(r.timed.buy_seconds, offered, now);
}

std::optional<std::int64_t> seconds_late_to_claim(const Ruleset& r, std::int64_t due, std::int64_t now) {
  return seconds_late(r.timed.rent_seconds, due, now);
}

std::optional<std::int64_t> seconds_late_to_bid(const Ruleset& r, std::int64_t since, std::int64_t now) {
  return seconds_late(r.timed.auction_seconds, since, now);
}

std::int64_t buy_window_end(const Ruleset& r, std::int64_t offered) { return offered + r.timed.buy_seconds; }

}  // namespace deedlog::policy
