#include "commands/trade_price_command.h"

#include <chrono>
#include <memory>
#include <optional>
#include <ostream>

#include <fmt/format.h>

#include "core/exit_code.h"
#include "deedlog/game_file.h"
#include "present/narration.h"
#include "present/refusal_words.h"
#include "present/trade_price_words.h"
#include "service/game_log.h"
#include "service/game_session.h"

namespace deedlog {

Status trade_price_answer(Journal& j, std::int64_t id, const TradePriceAsk& ask, TradePriceAnswer* out) {
  if (ask.at < 0) return Status::invalid_argument("--at takes an event number (1 or more; 0: the last)");
  Game g;
  if (Status s = load_game(j, id, 0, &g); !s.is_ok()) return s;
  if (ask.at > g.state.seq)
    return Status::invalid_argument(
        fmt::format("--at {} is beyond the game's last event ({}): a trade is priced at a position the game reached",
                    ask.at, g.state.seq));
  // An event inside a move stands for the position after the whole move, as in every command
  // that takes --at: the trade is weighed where the table stood.
  std::optional<MoveSpan> inside;
  if (ask.at > 0 && ask.at < g.state.seq) {
    MoveSpan span;
    if (Status s = GameLog(j, g).move_holding(ask.at, &span); !s.is_ok()) return s;
    if (span.last != ask.at) inside = span;
    if (Status s = load_game(j, id, span.last, &g); !s.is_ok()) return s;
  }
  Command offer;
  ParseError perr;
  if (!parse_move(ask.offer, g.ruleset, g.header.players, &offer, &perr)) return Status::invalid_argument(perr.message);
  if (offer.verb != Verb::Offer)
    return Status::invalid_argument(fmt::format("\"{}\" is not an offer: the trade to price is written as a player offers it, "
                                                "e.g. \"Ann offers Ben: Mayfair for 400\"",
                                                ask.offer));
  const std::string text = print_move(offer, g.ruleset, g.header.players);
  CardsSeen seen{};
  if (Status s = cards_seen(j, g, &seen); !s.is_ok()) return s;
  TradePrice price;
  std::optional<Violation> refused;
  const auto started = std::chrono::steady_clock::now();
  if (Status s = price_trade(g.ruleset, g.state, seen, offer, g.header.players, ask.options,
                             static_cast<std::uint64_t>(g.state.seq), &price, &refused);
      !s.is_ok())
    return s;
  TradePriceAnswer a;
  if (refused) {
    a.refused = true;
    a.doc = trade_refusal_json(ruling_of(g.ruleset, *refused, g.header.players), text, g.state.seq);
  } else {
    a.doc = trade_price_json(price, g.ruleset, g.header.players, text, g.state.seq, ask.options.seed);
    a.doc["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  }
  a.ruleset = g.ruleset;
  if (inside) {
    a.doc["asked_at"] = ask.at;
    a.doc["note"] = between_moves_note(ask.at, *inside);
  }
  *out = std::move(a);
  return Status::ok();
}

int run_trade_price(const CommonOptions& o, const TradePriceAsk& ask, std::ostream& out, std::ostream& err) {
  auto fail = [&](const Status& s) { return command_failed(err, s); };
  std::unique_ptr<Journal> j;
  std::int64_t id = 0;
  if (Status s = open_game_to_read(o, &j, &id); !s.is_ok()) return fail(s);
  TradePriceAnswer a;
  if (Status s = trade_price_answer(*j, id, ask, &a); !s.is_ok()) return fail(s);
  if (o.json) {
    out << a.doc.dump() << "\n";
  } else {
    out << trade_price_text(nlohmann::json::parse(a.doc.dump()), &a.ruleset);
  }
  return a.refused ? kExitRefused : kExitOk;
}

}  // namespace deedlog
