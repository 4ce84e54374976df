#include "serve/serve_price.h"

#include <fmt/format.h>
#include <httplib.h>

#include <nlohmann/json.hpp>
#include <string>

#include "serve/serve_body.h"
#include "serve/serve_reply.h"
#include "serve/serve_tournament.h"
#include "commands/trade_price_command.h"
#include "journal/journal.h"
#include "service/game_session.h"

namespace deedlog {
namespace {

using ojson = nlohmann::ordered_json;

}  // namespace

void add_price_routes(httplib::Server& http, LendJournal lend, SendFailure fail, KeyCheck check,
                      std::function<std::string(const httplib::Request&)> bearer, TradePriceOptions options,
                      OneAtATime* queue) {
  add_post_route(http, R"(/api/games/(\d+)/price)",
                 [lend, fail, check, bearer, options, queue](const httplib::Request& req, httplib::Response& res) {
    const std::int64_t id = path_number(req);
    if (id <= 0) return send_error(res, 404, "no such game");
    const Status lent = lend([&](Journal& j) {
      Game g;
      if (Status s = load_game(j, id, 0, &g); !s.is_ok()) return fail(res, s);
      TournamentSeat seat;
      if (Status s = find_tournament_seat(j, g, &seat); !s.is_ok()) return fail(res, s);
      if (seat.found)
        return send_json(res, 403, ojson{{"error", fmt::format("game {} is at a table of a tournament: the price of a trade "
                                                            "worked out by the server would be help from outside the table",
                                                            id)}});
      const KeyRole role = check(id, bearer(req));
      if (role == KeyRole::Unreadable)
        return fail(res, Status::io_error(fmt::format("the keys of game {} cannot be read", id)));
      if (role == KeyRole::None)
        return send_json(res, 401, ojson{{"error", "the price of a trade needs the game's key (the table's or the "
                                                "referee's): Authorization: Bearer KEY"}});
      ojson body;
      if (!read_body(req, res, {{"offer", FieldType::String}}, "a price", &body)) return;
      if (!body.contains("offer"))
        return send_json(res, 400, ojson{{"error", "\"offer\" is a string: the offer as a player types it"}, {"field", "offer"}});
      const OneAtATime::Turn turn = queue->enter();
      if (!turn) {
        res.set_header("Retry-After", "5");
        return send_json(res, 429, ojson{{"error", "the server is working out other prices: ask again in a few seconds"}});
      }
      TradePriceAsk ask;
      ask.offer = body["offer"].get<std::string>();
      ask.options = options;
      TradePriceAnswer a;
      if (Status s = trade_price_answer(j, id, ask, &a); !s.is_ok()) return fail(res, s);
      send_json(res, a.refused ? 422 : 200, a.doc);
    });
    if (!lent.is_ok()) fail(res, lent);
  });
}

}  // namespace deedlog
