#include "bots/match.h"

#include <fmt/format.h>
#include <signal.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>

#include "bots/bot_player.h"
#include "bots/program_bot.h"
#include "deedlog/cards_to_come.h"
#include "deedlog/decide.h"
#include "deedlog/event_fields.h"
#include "deedlog/evolve.h"
#include "deedlog/game_file.h"
#include "deedlog/legal_moves.h"
#include "deedlog/position_queries.h"
#include "deedlog/ruleset_catalog.h"
#include "deedlog/seeded_chance.h"
#include "deedlog/valuation.h"
#include "present/game_json.h"
#include "present/narration.h"
#include "service/game_session.h"

namespace deedlog {
namespace {

using ojson = nlohmann::ordered_json;

enum class BotKind { Builtin, Random, Analyst, Program };

BotKind kind_of(const MatchBot& b) {
  if (b.program == "builtin") return BotKind::Builtin;
  if (b.program == "random") return BotKind::Random;
  if (b.program == "analyst") return BotKind::Analyst;
  return BotKind::Program;
}

// The header of game `index`: the bots seated by the rotation, the seed of its pair.
std::string header_text(const MatchOptions& o, const std::vector<std::string>& seats, std::uint64_t seed, int index) {
  std::string players;
  for (const std::string& s : seats) players += (players.empty() ? "" : ", ") + s;
  std::string variants;
  for (const std::string& v : o.variants) variants += (variants.empty() ? "" : ", ") + v;
  std::string text = fmt::format("[Ruleset \"{}\"]\n[Players \"{}\"]\n[Seed \"{}\"]\n", o.ruleset, players, seed);
  if (!variants.empty()) text += fmt::format("[Variant \"{}\"]\n", variants);
  text += fmt::format("[Title \"match game {} of seed {}\"]\n", index + 1, o.seed);
  return text;
}

// Who must decide now. The game waits on one player at a time: a debtor, the player an offer is
// made to, an owner whose rent is due, the next bidder in an open auction (in seat order after
// the high bidder, as the built-in player bids), the winner of a building placing it, else the
// player whose turn it is (whose moves include ending the turn). The same order the built-in
// player follows, so it plays a match as it plays `simulate`.
PlayerId decider(const State& s) {
  for (PlayerId p = 0; p < s.player_count; ++p)
    if (is_active(s, p) && s.player(p).total_owed().units > 0) return p;
  if (s.offer.open) return s.offer.to;
  for (const RentClaim& claim : s.rents)
    if (claim.open) return claim.owner;
  if (s.phase == Phase::Auction) {
    const AuctionState& a = s.auction;
    for (int k = 1; k <= s.player_count; ++k) {
      const PlayerId p = static_cast<PlayerId>(((a.high_bidder == kBank ? s.turn : a.high_bidder) + k) % s.player_count);
      if (!is_active(s, p) || (a.passed & (1u << p)) || p == a.high_bidder) continue;
      return p;
    }
  }
  if (s.phase == Phase::Placing) return s.placing_player;
  return s.turn;
}

// The built-in player's choice for seat p when what it would propose is another player's move
// (the next player's throw at the end of a turn, a rent it forgets, the referee's moves): the
// first of these among p's legal moves.
Command fallback(const std::vector<LegalMove>& mine) {
  for (Verb v : {Verb::ClaimRent, Verb::EndTurn, Verb::Roll, Verb::Pass, Verb::Decline, Verb::Reject, Verb::Draw,
                 Verb::PayTax, Verb::PayFine, Verb::SkipGo})
    for (const LegalMove& m : mine)
      if (m.command.verb == v) return m.command;
  return mine.front().command;
}

// Bradley-Terry strengths fitted to the pairwise results (a win over each other bot at the
// table; an unfinished game a draw between every pair), on Elo's scale: 400 points are odds of
// ten to one, 1500 the geometric mean. A virtual draw between every pair keeps a bot that never
// won (or never lost) at a finite rating.
std::vector<double> ratings(int bots, const std::vector<std::vector<double>>& won, const std::vector<std::vector<double>>& met) {
  std::vector<double> strength(static_cast<std::size_t>(bots), 1.0);
  for (int iteration = 0; iteration < 500; ++iteration) {
    std::vector<double> next(strength.size());
    for (int i = 0; i < bots; ++i) {
      double wins = 0, denominator = 0;
      for (int j = 0; j < bots; ++j) {
        if (i == j) continue;
        wins += won[i][j] + 0.5;
        denominator += (met[i][j] + 1.0) / (strength[i] + strength[j]);
      }
      next[i] = denominator > 0 ? wins / denominator : 1.0;
    }
    double log_mean = 0;
    for (double x : next) log_mean += std::log(x);
    log_mean /= bots;
    for (double& x : next) x /= std::exp(log_mean);
    strength = next;
  }
  std::vector<double> elo;
  for (double x : strength) elo.push_back(1500.0 + 400.0 * std::log10(x));
  return elo;
}

}  // namespace

Status check_match_options(const MatchOptions& o) {
  if (o.bots.size() < 2) return Status::invalid_argument("a match needs 2 or more bots: --player NAME=PROGRAM for each");
  if (o.games < 0) return Status::invalid_argument("--games must be 0 or more");
  if (o.max_moves < 1) return Status::invalid_argument("--max-moves must be at least 1");
  if (o.call_time_after < 1) return Status::invalid_argument("--call-time-after must be at least 1");
  if (!(o.move_time > 0) || o.move_time > 86400)
    return Status::invalid_argument("--move-time is a number of seconds, more than 0 (e.g. 0.5)");
  for (const MatchBot& b : o.bots)
    if (b.program.empty()) return Status::invalid_argument(fmt::format("the bot {} has no program (NAME=PROGRAM)", b.name));
  for (const MatchBot& b : o.bots)
    if (kind_of(b) == BotKind::Analyst && !o.analyst)
      return Status::invalid_argument(fmt::format("the bot {} is the analyst, which this program does not offer", b.name));
  for (const std::string& v : o.variants)
    if (known_variant(v).empty())
      return Status::invalid_argument(fmt::format("unknown variant '{}' (known variants: {})", v, known_variants_list()));
  std::vector<std::string> names;
  for (const MatchBot& b : o.bots) names.push_back(b.name);
  // The names as the notation takes them (no two alike, not "Referee", the edition's table size).
  GameHeader header;
  ParseError perr;
  if (!parse_header(header_text(o, names, 0, 0), &header, &perr)) return Status::invalid_argument(perr.message);
  Ruleset r;
  if (Status s = ruleset_for(header, &r); !s.is_ok()) return Status::invalid_argument(s.message());
  if (static_cast<int>(names.size()) > r.max_players)
    return Status::invalid_argument(fmt::format("{} is for 2 to {} players", r.id, r.max_players));
  return Status::ok();
}

Status play_match(const MatchOptions& o, Journal* journal, MatchResult* result, const std::function<void(int, int)>& progress) {
  if (Status s = check_match_options(o); !s.is_ok()) return s;
  // A program that ends while the referee writes to it must not end the referee: the write
  // then fails with EPIPE and the bot loses its game.
  struct sigaction ignore {}, before {};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &before);
  struct Restore {
    struct sigaction previous;
    ~Restore() { ::sigaction(SIGPIPE, &previous, nullptr); }
  } restore{before};

  const int k = static_cast<int>(o.bots.size());
  std::vector<std::unique_ptr<ProgramBot>> programs(static_cast<std::size_t>(k));
  for (int b = 0; b < k; ++b)
    if (kind_of(o.bots[b]) == BotKind::Program) programs[b] = std::make_unique<ProgramBot>(o.bots[b].program);

  *result = MatchResult{};
  std::vector<std::vector<double>> won(k, std::vector<double>(k, 0.0)), met = won;
  for (int index = 0; index < o.games; ++index) {
    // Seed by seed, each played once per rotation of the seats: bot b sits at seat (b - rotation).
    const int pair = index / k, rotation = index % k;
    MatchGame game;
    game.index = index;
    game.seed = mix64(o.seed + static_cast<std::uint64_t>(pair) * 0x9E3779B97F4A7C15ull);
    std::vector<int> bot_at(static_cast<std::size_t>(k));
    for (int seat = 0; seat < k; ++seat) {
      bot_at[seat] = (seat + rotation) % k;
      game.seats.push_back(o.bots[bot_at[seat]].name);
    }
    GameHeader header;
    ParseError perr;
    if (!parse_header(header_text(o, game.seats, game.seed, index), &header, &perr))
      return Status::invalid_argument(perr.message);

    auto play_game = [&](Journal* j) -> Status {
      Game g;
      g.header = header;
      if (j) {
        std::optional<Violation> refused;
        if (Status s = create_game(*j, header, std::nullopt, &game.game_id, &refused); !s.is_ok()) return s;
        if (refused) return Status::invalid_argument("the edition refuses the opening of a match game");
        if (Status s = load_game(*j, game.game_id, 0, &g); !s.is_ok()) return s;
        g.snapshot_every = o.snapshot_every;
      } else {
        if (Status s = ruleset_for(header, &g.ruleset); !s.is_ok()) return s;
        g.state = initial_state(g.ruleset, header);
        const Decision start = decide_start(g.ruleset, header, std::nullopt);
        if (!start.accepted) return Status::invalid_argument("the edition refuses the opening of a match game");
        for (const Event& e : start.events) evolve(g.state, e);
      }
      const Ruleset& r = g.ruleset;
      // The built-in players' own dice (their choices, not the game's luck): one stream a seat.
      // The analyst's proposals bid as a sound bidder would (the lot's worth to it: groups
      // completed or blocked, cash), as the analysis's play-outs do; the built-in player bids
      // as `simulate`'s players do.
      std::vector<std::unique_ptr<BotTable>> tables(static_cast<std::size_t>(k));
      std::vector<std::uint64_t> random_counter(static_cast<std::size_t>(k), 0);
      for (int seat = 0; seat < k; ++seat) {
        const BotKind kind = kind_of(o.bots[bot_at[seat]]);
        if (kind == BotKind::Builtin || kind == BotKind::Analyst)
          tables[seat] = std::make_unique<BotTable>(r, mix64(game.seed ^ mix64(static_cast<std::uint64_t>(seat) + 1)),
                                                    JailStrategy::Mixed,
                                                    kind == BotKind::Analyst ? Bidding::Sound : Bidding::Spread);
      }
      // The cards the players have seen (the analyst's play-outs draw the others in an order of
      // their own, as the analysis does).
      CardsSeen seen{};
      auto see = [&](const Event& e) {
        note_card_seen(e, &seen);
      };
      auto forfeit = [&](int seat, std::string reason, std::string move, std::string detail) {
        game.forfeit = Forfeit{game.seats[seat], std::move(reason), std::move(move), std::nullopt, std::move(detail)};
      };
      // A move, the bots' or the referee's, played as a command-line play would: journalled
      // through play_move when the match has a journal, else decided and folded in memory.
      auto apply = [&](const Command& command, Decision* decision) -> Status {
        if (j) {
          PlayOutcome po;
          if (Status s = play_move(*j, g, command, false, &po); !s.is_ok()) return s;
          *decision = std::move(po.decision);
          return Status::ok();
        }
        *decision = decide(r, g.state, command);
        if (decision->accepted) apply_decision(g.state, *decision);
        return Status::ok();
      };
      while (game.moves < o.max_moves && !game_end(r, g.state).over) {
        if (g.state.short_game && !g.state.time_called && game.moves >= o.call_time_after) {
          // The agreed time: the referee calls it, the move in progress completes, and the
          // estates are valued (a refusal here means time cannot be called yet: asked again
          // after the next move).
          Decision called;
          if (Status s = apply(make_command(Verb::CallTime, kReferee), &called); !s.is_ok()) return s;
          if (called.accepted) continue;
        }
        PlayerId seat = decider(g.state);
        const PlayerId asked = seat;
        Command command;
        std::string written;
        // The built-in player's own choice needs no list of legal moves (the costly part of a
        // decision): the list is made only when another kind of bot, or a fallback, needs it.
        std::optional<Command> proposal;
        const BotKind kind = kind_of(o.bots[bot_at[seat]]);
        if (kind == BotKind::Builtin || kind == BotKind::Analyst) proposal = tables[seat]->next_move(g.state);
        if (proposal && proposal->actor == seat && kind == BotKind::Analyst) {
          // The analyst: the built-in player's move, or the alternative its play-outs find better
          // where it is a decision the analysis weighs (analysis/analysis.h, analyst_move).
          if (Status s = o.analyst(r, g.state, seen, *proposal, g.header.players, game.seed,
                                   mix64(game.seed ^ static_cast<std::uint64_t>(game.moves + 1)), &command);
              !s.is_ok())
            return s;
        } else if (proposal && proposal->actor == seat) {
          command = *proposal;
        } else {
          const std::vector<LegalMove> legal = legal_moves(r, g.state);
          std::vector<LegalMove> mine;
          for (const LegalMove& m : legal)
            if (m.command.actor == seat) mine.push_back(m);
          if (mine.empty()) {
            // Nothing for the player the game seems to wait on: the first player who may move.
            for (const LegalMove& m : legal)
              if (m.command.actor >= 0 && m.command.actor < g.state.player_count) {
                seat = m.command.actor;
                break;
              }
            for (const LegalMove& m : legal)
              if (m.command.actor == seat) mine.push_back(m);
            if (mine.empty()) break;  // only the referee's moves: stopped, unfinished
          }
          const MatchBot& bot = o.bots[bot_at[seat]];
          switch (kind_of(bot)) {
            case BotKind::Builtin:
            case BotKind::Analyst: {
              if (seat != asked) proposal = tables[seat]->next_move(g.state);  // another seat's player
              command = proposal && proposal->actor == seat ? *proposal : fallback(mine);
              break;
            }
            case BotKind::Random: {
              const std::uint64_t pick = mix64(game.seed ^ mix64(0x52414E44ull + static_cast<std::uint64_t>(seat) * 1000003u +
                                                                 ++random_counter[seat]));
              command = mine[pick % mine.size()].command;
              break;
            }
            case BotKind::Program: {
              const ojson listed = moves_json(g, mine);
              const ojson request{{"you", bot.name}, {"position", position_json(g)}, {"moves", listed["moves"]},
                                  {"forms", listed["forms"]}};
              std::string answer;
              const ProgramBot::Reply reply = programs[bot_at[seat]]->ask(request.dump(), o.move_time, &answer);
              if (reply == ProgramBot::Reply::TimedOut) {
                forfeit(seat, "timeout", "", fmt::format("no answer within {} s", o.move_time));
                break;
              }
              if (reply == ProgramBot::Reply::Exited) {
                forfeit(seat, "exited", "", "the program ended (or could not be started)");
                break;
              }
              const ojson doc = ojson::parse(answer, nullptr, false);
              if (!doc.is_object() || !doc.contains("move") || !doc["move"].is_string()) {
                forfeit(seat, "bad answer", answer, "expected one line {\"move\": \"...\"}");
                break;
              }
              written = doc["move"].get<std::string>();
              if (!parse_move(written, r, g.header.players, &command, &perr)) forfeit(seat, "bad answer", written, perr.message);
              break;
            }
          }
        }
        ++result->decisions;
        const MatchBot& bot = o.bots[bot_at[seat]];
        if (game.forfeit) break;
        if (command.actor != seat) {
          forfeit(seat, "not its move", written, fmt::format("the move is not {}'s to make", bot.name));
          break;
        }
        if (command.verb == Verb::Roll && (command.die1 != 0 || command.die2 != 0)) {
          // In a seeded game the referee throws: a bot naming its own dice would choose its luck.
          forfeit(seat, "refused", written, "the referee throws the dice in a match: write the throw without them");
          break;
        }
        Decision decision;
        if (Status s = apply(command, &decision); !s.is_ok()) return s;
        for (const Event& e : decision.events) see(e);
        if (!decision.accepted) {
          forfeit(seat, "refused", written.empty() ? print_move(command, r, g.header.players) : written, "");
          game.forfeit->ruling = ruling_of(r, decision.violation, g.header.players);
          break;
        }
        ++game.moves;
      }
      // Who won: the last player standing, the richest once time is called, or after a
      // forfeit the other bot (the richest of the others, when more sat at the table).
      if (game.forfeit) {
        game.finished = true;
        const Valuation v = value_estates(r, g.state);
        std::int64_t best = 0;
        int best_seat = -1, at_best = 0;
        for (const EstateValue& e : v.estates) {
          if (game.seats[e.player] == game.forfeit->bot || !e.in_game) continue;
          if (best_seat < 0 || e.total.units > best) {
            best = e.total.units;
            best_seat = e.player;
            at_best = 1;
          } else if (e.total.units == best) {
            ++at_best;
          }
        }
        if (best_seat >= 0 && at_best == 1) game.winner = game.seats[best_seat];
      } else if (const GameEnd end = game_end(r, g.state); end.over) {
        game.finished = true;
        if (end.winners.size() == 1) game.winner = game.seats[end.winners.front()];
      }
      return Status::ok();
    };
    Status played = journal ? journal->write_transaction([&] { return play_game(journal); }) : play_game(nullptr);
    if (!played.is_ok()) return played;

    // The standings and the pairwise results the ratings are fitted to.
    if (!game.finished) ++result->unfinished;
    for (int seat = 0; seat < k; ++seat) {
      const int b = bot_at[seat];
      for (int other = 0; other < k; ++other) {
        const int c = bot_at[other];
        if (c == b) continue;
        const bool b_won = game.winner == o.bots[b].name, c_won = game.winner == o.bots[c].name;
        // A win over each other bot at the table; no winner (unfinished, or a tie), a draw.
        if (b_won || c_won || game.winner.empty()) {
          met[b][c] += 1.0;
          won[b][c] += b_won ? 1.0 : (c_won ? 0.0 : 0.5);
        }
      }
    }
    result->games.push_back(std::move(game));
    if (progress) progress(index + 1, o.games);
  }
  for (auto& p : programs)
    if (p) p->finish();

  const std::vector<double> elo = ratings(k, won, met);
  for (int b = 0; b < k; ++b) {
    MatchStanding st;
    st.name = o.bots[b].name;
    st.program = o.bots[b].program;
    for (const MatchGame& g : result->games) {
      ++st.games;
      if (!g.finished) ++st.unfinished;
      else if (g.winner == st.name) ++st.wins;
      else if (g.winner.empty()) ++st.ties;
      else ++st.losses;
      if (g.forfeit && g.forfeit->bot == st.name) ++st.forfeits;
    }
    st.share = st.games ? static_cast<double>(st.wins) / st.games : 0.0;
    wilson_interval(st.wins, st.games, &st.low, &st.high);
    st.rating = elo[b];
    if (programs[b]) st.restarts = programs[b]->restarts();
    result->standings.push_back(st);
  }
  return Status::ok();
}

}  // namespace deedlog
