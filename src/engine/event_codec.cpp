#include "engine/event_codec.h"

#include <array>
#include <nlohmann/json.hpp>
#include <string_view>

namespace deedlog {
namespace {

constexpr std::array<std::string_view, kEventTypeCount> kNames = {
    "MovePlayed",      "PlayerPlaced",     "PropertyAssigned", "JailCardAssigned",  "DeckShuffled",
    "TurnStarted",     "DiceThrown",       "TokenMoved",       "SalaryPaid",        "PropertyOffered",
    "PropertyBought",  "PurchaseDeclined", "AuctionOpened",    "BidMade",           "BidderPassed",
    "AuctionWon",      "AuctionUnsold",    "RentDue",          "RentClaimed",       "RentPaid",
    "RentForfeited",   "TaxPaid",          "CardAwaited",      "CardDrawn",         "CardChoiceOffered",
    "JailCardKept",    "JailCardReturned", "PaidToBank",       "PaidByBank",        "PaidToPlayer",
    "SentToJail",      "JailTurnFailed",   "LeftJail",         "FinePaid",          "DebtIncurred",
    "MoveCompleted",   "HouseBuilt",       "HotelBuilt",       "HouseSold",         "HotelSold",
    "PropertyMortgaged", "MortgageLifted", "InterestPaid",     "TradeOffered",      "TradeRejected",
    "TradeAccepted",   "PropertyTransferred", "JailCardTransferred", "DebtPaid",    "PlayerBankrupted",
    "BankAuctionsQueued", "GameWon",       "TitleDealt",       "TimeCalled",        "BuildingPlaced",
    "RulingRecorded",  "TaxChoiceOffered", "CardDiceAwaited",  "CardDiceThrown",
    "JackpotAdded",    "JackpotWon",       "JailChoiceOffered", "GoSkipped",        "ConglomerateFormed",
};

}  // namespace

const char* event_type_name(EventType t) {
  const auto i = static_cast<std::size_t>(t);
  return i < kNames.size() ? kNames[i].data() : "?";
}

bool event_type_from_name(const std::string& name, EventType* out) {
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    if (kNames[i] == name) {
      *out = static_cast<EventType>(i);
      return true;
    }
  }
  return false;
}

std::string encode_payload(const Event& e) {
  const Event d;
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  if (e.player != d.player) j["player"] = e.player;
  if (e.other != d.other) j["other"] = e.other;
  if (e.square != d.square) j["square"] = e.square;
  if (e.deck != d.deck) j["deck"] = static_cast<int>(e.deck);
  if (e.card != d.card) j["card"] = e.card;
  if (e.die1 != d.die1) j["die1"] = e.die1;
  if (e.die2 != d.die2) j["die2"] = e.die2;
  if (e.flag != d.flag) j["flag"] = e.flag;
  if (e.count != d.count) j["count"] = e.count;
  if (e.amount != d.amount) j["amount"] = e.amount.units;
  if (e.amount2 != d.amount2) j["amount2"] = e.amount2.units;
  if (e.mask != d.mask) j["mask"] = std::to_string(e.mask);
  if (e.mask2 != d.mask2) j["mask2"] = std::to_string(e.mask2);
  if (e.clock != d.clock) j["clock"] = e.clock;
  if (e.cards != d.cards) j["cards"] = e.cards;
  if (e.cards2 != d.cards2) j["cards2"] = e.cards2;
  if (!e.text.empty()) j["text"] = e.text;
  if (!e.order.empty()) j["order"] = e.order;
  return j.dump();
}

bool decode_event(const std::string& type, const std::string& payload, Event* out, std::string* error) {
  Event e;
  if (!event_type_from_name(type, &e.type)) {
    *error = "unknown event type '" + type + "'";
    return false;
  }
  try {
    const auto j = nlohmann::json::parse(payload);
    if (!j.is_object()) {
      *error = "payload is not a JSON object";
      return false;
    }
    auto small = [&](const char* k, auto* field, int lo, int hi) {
      if (!j.contains(k)) return true;
      const auto v = j.at(k).get<std::int64_t>();
      if (v < lo || v > hi) return false;
      *field = static_cast<std::remove_reference_t<decltype(*field)>>(v);
      return true;
    };
    bool ok = small("player", &e.player, -2, kMaxPlayers - 1) && small("other", &e.other, -2, kMaxPlayers - 1) &&
              small("square", &e.square, 0, 255) && small("card", &e.card, 0, 255) &&
              small("die1", &e.die1, 0, 6) && small("die2", &e.die2, 0, 6);
    if (j.contains("deck")) {
      const int deck = j.at("deck").get<int>();
      ok = ok && (deck == 0 || deck == 1);
      e.deck = static_cast<DeckId>(deck);
    }
    if (!ok) {
      *error = "a field of the payload is out of range";
      return false;
    }
    if (j.contains("flag")) e.flag = j.at("flag").get<bool>();
    if (j.contains("count")) e.count = j.at("count").get<std::int32_t>();
    if (j.contains("amount")) e.amount = Money{j.at("amount").get<std::int64_t>()};
    if (j.contains("amount2")) e.amount2 = Money{j.at("amount2").get<std::int64_t>()};
    // 64-bit masks are written as decimal strings: JSON readers often hold numbers as doubles.
    if (j.contains("mask")) e.mask = std::stoull(j.at("mask").get<std::string>());
    if (j.contains("mask2")) e.mask2 = std::stoull(j.at("mask2").get<std::string>());
    if (j.contains("clock")) e.clock = j.at("clock").get<std::int64_t>();
    ok = small("cards", &e.cards, 0, 255) && small("cards2", &e.cards2, 0, 255);
    if (!ok) {
      *error = "a field of the payload is out of range";
      return false;
    }
    if (j.contains("text")) e.text = j.at("text").get<std::string>();
    if (j.contains("order")) e.order = j.at("order").get<std::vector<CardIndex>>();
  } catch (const nlohmann::json::exception& ex) {
    *error = std::string("payload: ") + ex.what();
    return false;
  } catch (const std::exception& ex) {
    *error = std::string("payload: a mask is not a number: ") + ex.what();
    return false;
  }
  *out = std::move(e);
  return true;
}

}  // namespace deedlog
