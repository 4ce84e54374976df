#include "service/tournament.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "core/plural.h"
#include "core/printable_text.h"
#include "deedlog/clock_stamp.h"
#include "deedlog/game_header.h"
#include "deedlog/event_fields.h"
#include "deedlog/event_text.h"
#include "deedlog/game_file.h"
#include "deedlog/valuation.h"
#include "journal/secret_key.h"
#include "service/game_log.h"
#include "service/game_session.h"
#include "service/table_keys.h"
#include "service/tournament_duplicate.h"
#include "service/tournament_seating.h"
#include "service/tournament_tie_breaks.h"

namespace deedlog {
namespace {

using ojson = nlohmann::ordered_json;

std::string folded(const std::string& name) {
  std::string out;
  for (char c : name) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

Status bad_record(std::int64_t id, const TournamentRecord& r, const std::string& why) {
  return Status::corrupt(fmt::format("tournament {}: record {} ({}) is not readable: {}", id, r.seq, r.kind, why));
}

// What each kind of record changes in the tournament: one visit of the record's payload, so a
// kind declared in tournament_records.h and not folded here does not compile.
struct Fold {
  Tournament* t;
  const TournamentRecord& r;

  Status operator()(const RoundSeated& x) const {
    TournamentRound round;
    round.round = x.round;
    round.final = x.final;
    round.commitment = x.commitment;
    round.dice_by_seat = !x.commitment.empty() && x.duplicate.is_object() &&
                         x.duplicate.value("dice", std::string()) == kSealedDiceBySeat;
    round.record_seq = r.seq;
    for (const SeatedTable& s : x.tables) {
      TournamentTable table;
      table.table = s.table;
      table.game = s.game;
      table.players = s.players;
      table.key_sha256 = s.key_sha256;
      round.tables.push_back(std::move(table));
    }
    if (round.round != static_cast<int>(t->rounds.size()) + 1) return bad_record(t->id, r, "a round out of turn");
    t->rounds.push_back(std::move(round));
    return Status::ok();
  }
  Status operator()(const RoundTimeCalled& x) const {
    if (x.round < 1 || x.round > static_cast<int>(t->rounds.size())) return bad_record(t->id, r, "a round not seated");
    t->rounds[static_cast<std::size_t>(x.round - 1)].time_called = true;
    return Status::ok();
  }
  Status operator()(const AppealRuled& x) const {
    t->appeals.push_back(TournamentAppeal{x, r.seq});
    return Status::ok();
  }
  Status operator()(const SheetWritten& x) const {
    if (x.supersedes != 0)
      for (TournamentSheet& s : t->sheets)
        if (s.record_seq == x.supersedes) {
          s.superseded_by = r.seq;
          s.why_superseded = x.why;
        }
    t->sheets.push_back(TournamentSheet{x, r.seq, 0, ""});
    return Status::ok();
  }
  Status operator()(const LateEntry& x) const { return entry(EntryKind::LateEntry, x); }
  Status operator()(const Withdrawal& x) const { return entry(EntryKind::Withdrawal, x); }
  Status operator()(const NoShow& x) const { return entry(EntryKind::NoShow, x); }
  // A kind not declared (a later version's): kept in the log as it is.
  Status operator()(const OtherKind&) const { return Status::ok(); }

  Status entry(EntryKind kind, const EntryChange& x) const {
    t->entries.push_back({kind, x.player, x.from_round, r.seq});
    return Status::ok();
  }
};

}  // namespace

Status fold_tournament_record(Tournament* t, const TournamentRecord& r) {
  TournamentRecordPayload record;
  if (Status s = decode_record(t->id, r, &record); !s.is_ok()) return s;
  if (Status s = std::visit(Fold{t, r}, record); !s.is_ok()) return s;
  t->log.push_back({r.seq, r.at, std::move(record)});
  t->last_seq = r.seq;
  t->head = r.hash;
  return Status::ok();
}

namespace {

// A game of the tournament: its round and table.
const TournamentTable* table_of_game(const Tournament& t, std::int64_t game, int* round) {
  for (const TournamentRound& r : t.rounds)
    for (const TournamentTable& table : r.tables)
      if (table.game == game) {
        *round = r.round;
        return &table;
      }
  return nullptr;
}

Status reload(Journal& journal, Tournament& t) { return load_tournament(journal, t.id, &t); }

// Writes record as the tournament's next, as its kind's declaration writes it (inside a write
// transaction, so nothing is read again here).
Status write_record(Journal& journal, const Tournament& t, const TournamentRecordPayload& record) {
  return journal.append_tournament_record(t.id, t.last_seq + 1, std::string(record_kind(record)), encode_record(record));
}

// Plays one line of notation into a game (the referee's moves: calling time, a correction).
Status play_line(Journal& journal, Game& g, const std::string& line, const std::string& comment,
                 std::optional<Violation>* refused, std::vector<LoggedEvent>* events = nullptr) {
  Command c;
  ParseError perr;
  if (!parse_move(line, g.ruleset, g.header.players, &c, &perr)) {
    return Status::invalid_argument(fmt::format("'{}' is not a move of game {}: {}", line, g.id, perr.message));
  }
  PlayOutcome po;
  if (Status s = play_move(journal, g, c, false, &po, comment); !s.is_ok()) return s;
  if (!po.decision.accepted) {
    *refused = po.decision.violation;
    return Status::ok();
  }
  refused->reset();
  if (events) *events = po.events;
  return Status::ok();
}

}  // namespace

std::string settings_to_json(const TournamentSettings& s) {
  ojson j;
  j["name"] = s.name;
  j["players"] = s.players;
  j["rounds"] = s.rounds;
  j["table_size"] = s.table_size;
  j["ruleset"] = s.ruleset;
  j["variants"] = s.variants;
  j["time_limit"] = s.time_limit;
  j["duplicate"] = s.duplicate;
  j["seed"] = std::to_string(s.seed);
  // Written only when set, so the settings of tournaments made before read and hash as they did.
  if (s.planned) j["seating"] = "planned";
  if (s.auto_call_time) j["auto_call_time"] = true;
  if (!s.apart.empty()) {
    ojson pairs = ojson::array();
    for (const ApartPair& p : s.apart) pairs.push_back({p.a, p.b});
    j["apart"] = pairs;
  }
  if (!s.tie_breaks.empty()) {
    ojson names = ojson::array();
    for (TieBreak t : s.tie_breaks) names.push_back(std::string(tie_break_name(t)));
    j["tie_breaks"] = names;
  }
  if (s.final_rule) j["final"] = std::string(final_rule_name(*s.final_rule));
  return j.dump();
}

Status settings_from_json(const std::string& text, TournamentSettings* s) {
  const ojson j = ojson::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return Status::corrupt("a tournament's settings are not a JSON object");
  try {
    TournamentSettings out;
    out.name = j.at("name").get<std::string>();
    out.players = j.at("players").get<std::vector<std::string>>();
    out.rounds = j.at("rounds").get<int>();
    out.table_size = j.at("table_size").get<int>();
    out.ruleset = j.at("ruleset").get<std::string>();
    out.variants = j.at("variants").get<std::vector<std::string>>();
    out.time_limit = j.at("time_limit").get<std::string>();
    out.duplicate = j.at("duplicate").get<bool>();
    out.seed = std::stoull(j.at("seed").get<std::string>());
    if (j.contains("seating")) {
      if (j.at("seating").get<std::string>() != "planned") return Status::corrupt("a tournament's seating is not 'planned'");
      out.planned = true;
    }
    if (j.contains("auto_call_time")) out.auto_call_time = j.at("auto_call_time").get<bool>();
    if (j.contains("apart"))
      for (const auto& pair : j.at("apart")) {
        const auto names = pair.get<std::vector<std::string>>();
        if (names.size() != 2) return Status::corrupt("a tournament's pair to keep apart is not two names");
        out.apart.push_back(ApartPair{names[0], names[1]});
      }
    if (j.contains("tie_breaks")) {
      for (const auto& name : j.at("tie_breaks")) {
        TieBreak t{};
        if (!tie_break_named(name.get<std::string>(), &t) ||
            std::find(out.tie_breaks.begin(), out.tie_breaks.end(), t) != out.tie_breaks.end())
          return Status::corrupt("a tournament's tie-breaks are not an order of known names");
        out.tie_breaks.push_back(t);
      }
      if (out.tie_breaks.empty()) return Status::corrupt("a tournament's tie-breaks are an empty list");
    }
    if (j.contains("final")) {
      FinalRule rule{};
      if (!parse_final_rule(j.at("final").get<std::string>(), &rule).is_ok())
        return Status::corrupt("a tournament's final is neither 'crowns' nor 'points'");
      out.final_rule = rule;
    }
    *s = std::move(out);
  } catch (const std::exception& e) {
    return Status::corrupt(fmt::format("a tournament's settings are not readable: {}", e.what()));
  }
  return Status::ok();
}

const TournamentRound* Tournament::round(int n) const {
  if (n < 1 || n > static_cast<int>(rounds.size())) return nullptr;
  return &rounds[static_cast<std::size_t>(n - 1)];
}

std::vector<std::string> Tournament::players_for_round(int n) const {
  std::vector<std::string> out = settings.players;
  for (const TournamentEntry& e : entries) {
    if (e.from_round > n) continue;
    if (e.kind == EntryKind::LateEntry) {
      out.push_back(e.player);
    } else {
      out.erase(std::remove(out.begin(), out.end(), e.player), out.end());
    }
  }
  return out;
}

Status create_tournament(Journal& journal, TournamentSettings s, std::int64_t* id, std::string* judge_key) {
  if (s.name.empty()) return Status::invalid_argument("--name is required");
  if (s.name.find('"') != std::string::npos) return Status::invalid_argument("a tournament's name may not hold a double quote");
  if (s.rounds < 1) return Status::invalid_argument("--rounds must be 1 or more");
  if (s.players.size() < 2) return Status::invalid_argument("a tournament needs 2 players or more (--players \"A, B, ...\")");
  std::set<std::string> seen;
  for (const std::string& p : s.players) {
    if (p.empty()) return Status::invalid_argument("a player's name is empty (--players \"A, B, ...\")");
    // As a game's Players tag takes it (its games will carry the name): no control, ESC or
    // text-direction character, nothing the notation reads.
    if (p.find(',') != std::string::npos) return Status::invalid_argument("a player's name may not hold a comma");
    if (std::string why = player_name_problem(p); !why.empty()) return Status::invalid_argument(why);
    if (!seen.insert(folded(p)).second) return Status::invalid_argument(fmt::format("'{}' is entered twice", p));
  }
  // The games' edition and variants, checked as a game's header would be.
  GameHeader probe;
  probe.ruleset = s.ruleset;
  Ruleset ruleset;
  if (Status st = ruleset_for(probe, &ruleset); !st.is_ok())
    return Status::invalid_argument(fmt::format("--ruleset: {}", st.message()));
  if (s.table_size < 2 || s.table_size > ruleset.max_players)
    return Status::invalid_argument(fmt::format("--table-size must be 2 to {} for {}", ruleset.max_players, s.ruleset));
  std::vector<std::string> variants;
  for (const std::string& v : s.variants) {
    const std::string_view k = known_variant(v);
    if (k.empty()) return Status::invalid_argument(fmt::format("unknown variant '{}' (known: {})", v, known_variants_list()));
    if (std::find(variants.begin(), variants.end(), k) == variants.end()) variants.emplace_back(k);
  }
  // Tournament games are played to time: the Head Judge calls it (docs/tournaments.md).
  if (!ruleset.short_game.always && std::find(variants.begin(), variants.end(), "short-game") == variants.end() &&
      std::find(variants.begin(), variants.end(), "time-limit") == variants.end())
    variants.insert(variants.begin(), "time-limit");
  s.variants = variants;
  if (!s.time_limit.empty() && !duration_seconds(s.time_limit))
    return Status::invalid_argument(
        fmt::format("--time-limit '{}': expected hours, minutes and/or seconds like 90m, 2h, 1h30m or 45s", s.time_limit));
  if (s.auto_call_time && s.time_limit.empty())
    return Status::invalid_argument("--auto-call-time needs --time-limit: the clock calls time at the limit");
  // Pairs to keep apart name two different entrants (as entered, whatever the case typed).
  for (ApartPair& pair : s.apart) {
    for (std::string* name : {&pair.a, &pair.b}) {
      const auto entrant = std::find_if(s.players.begin(), s.players.end(),
                                        [&](const std::string& p) { return folded(p) == folded(*name); });
      if (entrant == s.players.end())
        return Status::invalid_argument(fmt::format("--apart: '{}' is not an entrant", *name));
      *name = *entrant;
    }
    if (pair.a == pair.b) return Status::invalid_argument(fmt::format("--apart: '{}' is named twice in one pair", pair.a));
  }
  s.planned = true;
  // Stated for every new tournament, so a later change of the defaults never re-ranks it.
  if (s.tie_breaks.empty()) s.tie_breaks = kDefaultTieBreaks;
  if (!s.final_rule) s.final_rule = FinalRule::Crowns;
  std::string seed_hex;
  if (Status st = new_secret_key(&seed_hex); !st.is_ok()) return st;
  s.seed = std::stoull(seed_hex.substr(0, 15), nullptr, 16);
  if (Status st = new_secret_key(judge_key); !st.is_ok()) return st;
  return journal.create_tournament(s.name, settings_to_json(s), key_digest(*judge_key), id);
}

Status tournament_from_row(const TournamentRow& row, Tournament* out) {
  Tournament t;
  t.id = row.tournament_id;
  t.judge_key_sha256 = row.judge_key_sha256;
  t.created = row.created;
  t.first_head = row.genesis;
  t.head = row.genesis;
  if (Status s = settings_from_json(row.settings, &t.settings); !s.is_ok()) return s;
  *out = std::move(t);
  return Status::ok();
}

Status load_tournament(Journal& journal, std::int64_t id, Tournament* out) {
  if (id == 0) {
    std::vector<TournamentRow> all;
    if (Status s = journal.tournaments(&all); !s.is_ok()) return s;
    if (all.empty()) return Status::not_found("the journal holds no tournament (tournament new makes one)");
    id = all.back().tournament_id;
  }
  TournamentRow row;
  if (Status s = journal.tournament(id, &row); !s.is_ok()) return s;
  Tournament t;
  if (Status s = tournament_from_row(row, &t); !s.is_ok()) return s;
  Status folding;
  if (Status s = journal.tournament_records(id, [&](const TournamentRecord& r) {
        folding = fold_tournament_record(&t, r);
        return folding.is_ok();
      });
      !s.is_ok()) {
    return s;
  }
  if (!folding.is_ok()) return folding;
  *out = std::move(t);
  return Status::ok();
}

bool judge_key_matches(const Tournament& t, const std::string& key) { return key_matches(key, t.judge_key_sha256); }

std::int64_t table_key_game(const Tournament& t, const std::string& key) {
  for (const TournamentRound& r : t.rounds)
    for (const TournamentTable& table : r.tables)
      if (key_matches(key, table.key_sha256)) return table.game;
  return 0;
}

Status seat_round(Journal& journal, Tournament& t, int n, bool final, const std::string& judge_key,
                  TournamentRound* out, SeatingGaps* gaps, bool duplicate_round) {
  if (!judge_key_matches(t, judge_key)) return Status::invalid_argument("seating needs the Head Judge's key");
  if (final && duplicate_round)
    return Status::invalid_argument("a final is one table: there is no other table to deal its dice to (seat it "
                                    "without --duplicate)");
  const int seated = static_cast<int>(t.rounds.size());
  if (n < 1) return Status::invalid_argument("--round takes a round number, 1 or more");
  if (n <= seated) return Status::conflict(fmt::format("round {} is seated already (games {} to {})", n,
                                                        t.rounds[static_cast<std::size_t>(n - 1)].tables.front().game,
                                                        t.rounds[static_cast<std::size_t>(n - 1)].tables.back().game));
  if (n > seated + 1) return Status::invalid_argument(fmt::format("round {} comes first: seat the rounds in order", seated + 1));
  if (!final && n > t.settings.rounds)
    return Status::invalid_argument(fmt::format("the tournament has {}; a round after them is a final (--final)",
                                                count_of(t.settings.rounds, "round")));
  if (seated > 0 && !t.rounds.back().time_called)
    return Status::conflict(fmt::format("round {} is still in play: call time in it first", seated));
  if (seated > 0 && t.rounds.back().final) return Status::conflict("the final has been seated: the tournament is over");

  // The rounds before, to seat this one and to count its repeat meetings.
  std::vector<SeatedTables> earlier;
  for (const TournamentRound& r : t.rounds) {
    SeatedTables round;
    for (const TournamentTable& table : r.tables) round.push_back(table.players);
    earlier.push_back(std::move(round));
  }
  std::vector<std::vector<std::string>> tables;
  if (final) {
    if (seated == 0) return Status::invalid_argument("a final is seated from the standings: play a round first");
    std::vector<Standing> standings;
    int counted = 0;
    if (Status s = tournament_standings(journal, t, &standings, &counted); !s.is_ok()) return s;
    std::vector<std::string> leaders;
    for (const Standing& s : standings)
      if (!s.withdrawn && static_cast<int>(leaders.size()) < t.settings.table_size) leaders.push_back(s.player);
    if (leaders.size() < 2) return Status::invalid_argument("a final needs 2 players or more still in the tournament");
    tables.push_back(leaders);  // the leader throws first
  } else {
    const std::vector<std::string> players = t.players_for_round(n);
    if (players.size() < 2) return Status::invalid_argument(fmt::format("round {} has fewer than 2 players", n));
    if (t.settings.planned) {
      SeatingOptions seating;
      seating.rounds_total = t.settings.rounds;
      seating.apart = t.settings.apart;
      tables = seat_players(players, t.settings.table_size, earlier, t.settings.seed, seating, gaps);
    } else {
      tables = seat_players(players, t.settings.table_size, earlier, t.settings.seed);
    }
  }

  if (gaps) gaps->repeat_meetings = repeat_meetings(earlier, tables);

  std::vector<GameHeader> headers;
  for (std::size_t i = 0; i < tables.size(); ++i) {
    std::string players;
    for (const std::string& p : tables[i]) (players += players.empty() ? "" : ", ") += p;
    std::string text = fmt::format("[Event \"{}\"]\n[Round \"{}\"]\n[Table \"{}\"]\n[Ruleset \"{}\"]\n[Players \"{}\"]\n",
                                   t.settings.name, n, i + 1, t.settings.ruleset, players);
    if (!t.settings.variants.empty()) {
      std::string v;
      for (const std::string& x : t.settings.variants) (v += v.empty() ? "" : ", ") += x;
      text += fmt::format("[Variant \"{}\"]\n", v);
    }
    if (!t.settings.time_limit.empty()) text += fmt::format("[TimeLimit \"{}\"]\n", t.settings.time_limit);
    GameHeader h;
    ParseError perr;
    if (!parse_header(text, &h, &perr)) return Status::invalid_argument(fmt::format("table {}: {}", i + 1, perr.message));
    headers.push_back(std::move(h));
  }
  DuplicateRound duplicate;
  if (t.settings.duplicate || duplicate_round) {
    if (Status s = prepare_duplicate_round(journal, t, n, &headers, &duplicate); !s.is_ok()) return s;
  }

  TournamentRound round;
  round.round = n;
  round.final = final;
  round.commitment = duplicate.commitment;
  round.dice_by_seat = duplicate.dice_by_seat;
  RoundSeated record;
  record.round = n;
  record.final = final;
  Status written = journal.write_transaction([&] {
    for (std::size_t i = 0; i < headers.size(); ++i) {
      TournamentTable table;
      table.table = static_cast<int>(i) + 1;
      table.players = headers[i].players;
      table.key = table_key(judge_key, t.id, n, table.table);
      table.key_sha256 = key_digest(table.key);
      std::optional<Violation> refused;
      if (Status s = create_game(journal, headers[i], std::nullopt, &table.game, &refused); !s.is_ok()) return s;
      if (refused) return Status::invalid_argument(fmt::format("table {}: the rules refuse its start", i + 1));
      record.tables.push_back({table.table, table.game, table.players, table.key_sha256});
      round.tables.push_back(std::move(table));
    }
    record.commitment = duplicate.commitment;
    if (!duplicate.record_payload.empty()) {
      const ojson extra = ojson::parse(duplicate.record_payload, nullptr, false);
      if (extra.is_discarded() || !extra.is_object()) return Status::invalid_argument("the duplicate round's record is not JSON");
      record.duplicate = extra;
    }
    return write_record(journal, t, record);
  });
  if (!written.is_ok()) return written;
  if (Status s = reload(journal, t); !s.is_ok()) return s;
  round.record_seq = t.last_seq;
  *out = std::move(round);
  return Status::ok();
}

Status call_time_in_round(Journal& journal, Tournament& t, int n, std::vector<CallTimeOutcome>* out) {
  const TournamentRound* round = t.round(n);
  if (round == nullptr) return Status::invalid_argument(fmt::format("round {} is not seated", n));
  if (round->time_called) return Status::conflict(fmt::format("time was called in round {} already", n));
  out->clear();
  RoundTimeCalled record;
  record.round = n;
  Status written = journal.write_transaction([&] {
    for (const TournamentTable& table : round->tables) {
      Game g;
      if (Status s = load_game(journal, table.game, 0, &g); !s.is_ok()) return s;
      CallTimeOutcome o;
      o.game = table.game;
      o.table = table.table;
      if (!game_is_over(g.ruleset, g.state) && !g.state.time_called) {
        std::optional<Violation> refused;
        if (Status s = play_line(journal, g, "Referee calls time", "called by the Head Judge", &refused); !s.is_ok())
          return s;
        if (refused)
          return Status::invalid_argument(fmt::format("game {} (table {}): the rules refuse to call time ({})", table.game,
                                                      table.table, refused->rule));
        o.called = true;
        record.games.push_back(table.game);
      }
      o.over = game_is_over(g.ruleset, g.state);
      out->push_back(o);
    }
    return write_record(journal, t, record);
  });
  if (!written.is_ok()) return written;
  return reload(journal, t);
}

double place_points(int place, int table_players) {
  if (table_players < 2 || place < 1 || place > table_players) return 0;
  // 6 to the first, 0 to the last, evenly between: every table's places average 3 points, so a
  // seat at a smaller table is worth what a seat at a larger one is, in expectation.
  return 6.0 * static_cast<double>(table_players - place) / static_cast<double>(table_players - 1);
}

Status table_result(Journal& journal, const Tournament& t, int round_number, int table_number, TableResult* out) {
  const TournamentRound* round = t.round(round_number);
  if (round == nullptr) return Status::invalid_argument(fmt::format("round {} is not seated", round_number));
  if (table_number < 1 || table_number > static_cast<int>(round->tables.size()))
    return Status::invalid_argument(fmt::format("round {} has tables 1 to {}", round_number, round->tables.size()));
  const TournamentTable& table = round->tables[static_cast<std::size_t>(table_number - 1)];
  Game g;
  if (Status s = load_game(journal, table.game, 0, &g); !s.is_ok()) return s;
  TableResult r;
  r.round = round_number;
  r.table = table_number;
  r.game = table.game;
  r.over = game_is_over(g.ruleset, g.state);
  r.provisional = !r.over;
  r.head = g.head_hash;
  r.seq = g.state.seq;
  // The order of going out: the PlayerBankrupted events that stand (a take-back voids some).
  std::vector<LoggedEvent> events;
  if (Status s = GameLog(journal, g).read_all(1, 0, &events); !s.is_ok()) return s;
  mark_voided(&events);
  std::vector<int> out_order(g.header.players.size(), 0);
  int going = 0;
  for (const LoggedEvent& e : events) {
    if (e.event.type != EventType::PlayerBankrupted || e.voided_by != 0) continue;
    const int p = fields::PlayerBankrupted::player(e.event);
    if (p >= 0 && p < static_cast<int>(out_order.size()) && out_order[static_cast<std::size_t>(p)] == 0)
      out_order[static_cast<std::size_t>(p)] = ++going;
  }
  const Valuation v = value_estates(g.ruleset, g.state);
  std::vector<Placing> placings;
  for (const EstateValue& e : v.estates) {
    Placing p;
    p.player = g.header.players[static_cast<std::size_t>(e.player)];
    p.bankrupt = g.state.players[static_cast<std::size_t>(e.player)].bankrupt;
    p.out_order = p.bankrupt ? std::max(1, out_order[static_cast<std::size_t>(e.player)]) : 0;
    for (const ValuationItem& item : e.items) {
      switch (item.kind) {
        case ValuationItem::Kind::Cash: p.cash += item.amount; break;
        case ValuationItem::Kind::Property: p.sites += item.amount; break;
        case ValuationItem::Kind::MortgagedProperty: p.mortgaged += item.amount; break;
        case ValuationItem::Kind::Houses:
        case ValuationItem::Kind::Hotel: p.buildings += item.amount; break;
        case ValuationItem::Kind::Debt: p.debts -= item.amount; break;  // owed: a positive sum
      }
    }
    p.net_worth = p.bankrupt ? Money{0} : e.total;
    placings.push_back(std::move(p));
  }
  // Those still in by net worth (highest first); the bankrupt below them, the last out highest.
  std::stable_sort(placings.begin(), placings.end(), [](const Placing& a, const Placing& b) {
    if (a.bankrupt != b.bankrupt) return !a.bankrupt;
    if (a.bankrupt) return a.out_order > b.out_order;
    return a.net_worth.units > b.net_worth.units;
  });
  const int n = static_cast<int>(placings.size());
  for (int i = 0; i < n;) {
    // Players still in with equal net worth share their places' points and the better place.
    int j = i + 1;
    while (j < n && !placings[static_cast<std::size_t>(i)].bankrupt && !placings[static_cast<std::size_t>(j)].bankrupt &&
           placings[static_cast<std::size_t>(j)].net_worth.units == placings[static_cast<std::size_t>(i)].net_worth.units)
      ++j;
    double shared = 0;
    for (int k = i; k < j; ++k) shared += place_points(k + 1, n);
    for (int k = i; k < j; ++k) {
      placings[static_cast<std::size_t>(k)].place = i + 1;
      placings[static_cast<std::size_t>(k)].points = shared / (j - i);
    }
    i = j;
  }
  r.placings = std::move(placings);
  *out = std::move(r);
  return Status::ok();
}

namespace {

// head[a][b]: the points a took less those b took, summed over the tables they shared.
using HeadToHeadPoints = std::map<std::string, std::map<std::string, double>>;

// Orders list[b, e), players equal on points and the tie-breaks before order[k], by order[k] and
// those after it (docs/tournaments.md): each group still tied is split by the next tie-break, so
// head-to-head is counted among the players tied when it is reached. Stable: what no tie-break
// separates stays in the order of entry.
void break_ties(std::vector<Standing>& list, std::size_t b, std::size_t e, std::size_t k, const std::vector<TieBreak>& order,
                HeadToHeadPoints& head) {
  if (e - b < 2 || k >= order.size()) return;
  if (order[k] == TieBreak::HeadToHead)
    for (std::size_t i = b; i < e; ++i) {
      double sum = 0;
      for (std::size_t j = b; j < e; ++j)
        if (j != i) sum += head[list[i].player][list[j].player];
      list[i].tie_breaks[k].value = sum;
    }
  const bool lower_first = order[k] == TieBreak::Entry;
  const auto first = list.begin() + static_cast<std::ptrdiff_t>(b), last = list.begin() + static_cast<std::ptrdiff_t>(e);
  std::stable_sort(first, last, [&](const Standing& x, const Standing& y) {
    const double vx = x.tie_breaks[k].value, vy = y.tie_breaks[k].value;
    return lower_first ? vx < vy : vx > vy;
  });
  for (std::size_t i = b; i < e;) {
    std::size_t j = i + 1;
    while (j < e && list[j].tie_breaks[k].value == list[i].tie_breaks[k].value) ++j;
    break_ties(list, i, j, k + 1, order, head);
    i = j;
  }
}

}  // namespace

std::map<std::string, double> field_scores(const std::vector<SeatResult>& seats) {
  std::map<std::string, double> out;
  for (const SeatResult& a : seats) {
    int compared = 0, won = 0;  // won: 2 for each counterpart beaten, 1 for each tie
    for (const SeatResult& b : seats) {
      // The same seat at another table of the same size (two seats of one table differ).
      if (&a == &b || b.seat != a.seat || b.table_size != a.table_size) continue;
      ++compared;
      won += a.net_worth.units > b.net_worth.units ? 2 : a.net_worth.units == b.net_worth.units ? 1 : 0;
    }
    if (compared > 0) out[a.player] = 100.0 * static_cast<double>(won) / (2.0 * static_cast<double>(compared));
  }
  return out;
}

Status tournament_standings(Journal& journal, const Tournament& t, std::vector<Standing>* out, int* rounds_counted) {
  std::map<std::string, Standing> by_player;
  std::vector<std::string> order;  // of entry
  auto entrant = [&](const std::string& p) -> Standing& {
    auto it = by_player.find(p);
    if (it == by_player.end()) {
      order.push_back(p);
      it = by_player.emplace(p, Standing{}).first;
      it->second.player = p;
    }
    return it->second;
  };
  for (const std::string& p : t.settings.players) entrant(p);
  for (const TournamentEntry& e : t.entries) {
    Standing& s = entrant(e.player);
    if (e.kind != EntryKind::LateEntry) s.withdrawn = true;
    if (e.kind == EntryKind::NoShow) s.no_show = true;
  }
  // Under Crowns the final places its players by itself and counts in nothing else.
  const bool crowns = t.settings.final_decides() == FinalRule::Crowns;
  HeadToHeadPoints head;
  std::map<std::string, double> shares;                    // each table's share, summed (share)
  std::map<std::string, std::vector<std::string>> met;     // the opponents, one a meeting (opponents)
  std::map<std::string, double> field_sum;                 // the rounds' scores against the field, summed
  *rounds_counted = 0;
  for (const TournamentRound& round : t.rounds) {
    if (!round.time_called) continue;
    ++*rounds_counted;
    std::vector<SeatResult> seats;  // a round dealt by seat: each seat's result, for the field
    for (const TournamentTable& table : round.tables) {
      TableResult r;
      if (Status s = table_result(journal, t, round.round, table.table, &r); !s.is_ok()) return s;
      if (round.final)
        for (const Placing& p : r.placings)
          entrant(p.player).final = StandingTable{round.round, table.table, table.game, p.place, p.points, p.net_worth, std::nullopt};
      if (round.final && crowns) continue;
      Money total;
      for (const Placing& p : r.placings) total += p.net_worth;
      for (const Placing& p : r.placings) {
        Standing& s = entrant(p.player);
        s.points += p.points;
        s.net_worth += p.net_worth;
        s.tables.push_back({round.round, table.table, table.game, p.place, p.points, p.net_worth, std::nullopt});
        if (total.units > 0)
          shares[p.player] += static_cast<double>(p.net_worth.units) / static_cast<double>(total.units);
        for (const Placing& q : r.placings)
          if (q.player != p.player) {
            head[p.player][q.player] += p.points - q.points;
            met[p.player].push_back(q.player);
          }
      }
      if (round.dice_by_seat)
        for (std::size_t seat = 0; seat < table.players.size(); ++seat)
          for (const Placing& p : r.placings)
            if (p.player == table.players[seat]) seats.push_back({p.player, table.players.size(), seat, p.net_worth});
    }
    // Rounds sealed the old way, by the table's throws, dealt no seat the same dice: no field.
    for (const auto& [player, score] : field_scores(seats)) {
      Standing& s = entrant(player);
      field_sum[player] += score;
      ++s.field_rounds;
      for (StandingTable& st : s.tables)
        if (st.round == round.round) st.field = score;
    }
  }
  const std::vector<TieBreak>& tie_breaks = t.settings.tie_break_order();
  std::vector<Standing> list;
  for (std::size_t i = 0; i < order.size(); ++i) {
    Standing s = by_player[order[i]];
    if (s.field_rounds > 0) s.field = field_sum[s.player] / static_cast<double>(s.field_rounds);
    for (TieBreak tb : tie_breaks) {
      double value = 0;
      switch (tb) {
        case TieBreak::NetWorth: value = static_cast<double>(s.net_worth.units); break;
        case TieBreak::Share:
          value = s.tables.empty() ? 0 : shares[s.player] / static_cast<double>(s.tables.size());
          break;
        case TieBreak::HeadToHead: break;  // among the tied: break_ties
        case TieBreak::Opponents:
          for (const std::string& q : met[s.player]) value += by_player[q].points;
          break;
        case TieBreak::Entry: value = static_cast<double>(i + 1); break;
      }
      s.tie_breaks.push_back({tb, value});
    }
    list.push_back(std::move(s));
  }
  std::stable_sort(list.begin(), list.end(), [](const Standing& a, const Standing& b) { return a.points > b.points; });
  for (std::size_t i = 0; i < list.size();) {
    std::size_t j = i + 1;
    while (j < list.size() && list[j].points == list[i].points) ++j;
    break_ties(list, i, j, 0, tie_breaks, head);
    i = j;
  }
  if (tie_breaks == kEarlierTieBreaks) {
    // As tournaments made before the tie-breaks were named were ranked, exactly: head to head
    // compared a pair at a time (the figures shown are break_ties'; the order is this one).
    auto entry_index = [&](const std::string& p) { return std::find(order.begin(), order.end(), p) - order.begin(); };
    std::sort(list.begin(), list.end(),
              [&](const Standing& a, const Standing& b) { return entry_index(a.player) < entry_index(b.player); });
    std::stable_sort(list.begin(), list.end(), [&](const Standing& a, const Standing& b) {
      if (a.points != b.points) return a.points > b.points;
      if (a.net_worth.units != b.net_worth.units) return a.net_worth.units > b.net_worth.units;
      const double ab = head[a.player][b.player];
      if (ab != 0) return ab > 0;
      return entry_index(a.player) < entry_index(b.player);
    });
  }
  if (crowns) {
    // The finalists first, by their place in the final; a place shared there by their order before it.
    const auto finalists =
        std::stable_partition(list.begin(), list.end(), [](const Standing& s) { return s.final.has_value(); });
    std::stable_sort(list.begin(), finalists,
                     [](const Standing& a, const Standing& b) { return a.final->place < b.final->place; });
  }
  for (std::size_t i = 0; i < list.size(); ++i) list[i].rank = static_cast<int>(i) + 1;
  *out = std::move(list);
  return Status::ok();
}

Status record_appeal(Journal& journal, Tournament& t, std::int64_t game, const std::string& claim, bool upheld,
                     const std::string& correction, TournamentAppeal* out, std::optional<Violation>* refused) {
  refused->reset();
  int round = 0;
  const TournamentTable* table = table_of_game(t, game, &round);
  if (table == nullptr) return Status::invalid_argument(fmt::format("game {} is not a game of tournament {}", game, t.id));
  if (claim.empty()) return Status::invalid_argument("the appeal's claim is empty");
  // The claim is kept in the game's note (rejected) and the tournament's record: one limit for both.
  if (claim.size() > kMaxEventTextBytes)
    return Status::invalid_argument(fmt::format("the appeal's claim is {} bytes: at most {}; nothing was written",
                                                claim.size(), kMaxEventTextBytes));
  TournamentAppeal a;
  a.number = static_cast<int>(t.appeals.size()) + 1;
  a.game = game;
  a.round = round;
  a.table = table->table;
  a.claim = claim;
  a.upheld = upheld;
  Status written = journal.write_transaction([&] {
    Game g;
    if (Status s = load_game(journal, game, 0, &g); !s.is_ok()) return s;
    if (upheld) {
      a.correction = correction.empty() ? claim : correction;
      std::vector<LoggedEvent> events;
      if (Status s = play_line(journal, g, a.correction, fmt::format("appeal {} upheld by the Head Judge", a.number),
                               refused, &events);
          !s.is_ok()) {
        return s;
      }
      if (*refused) return Status::ok();
      a.game_seq = events.empty() ? g.state.seq : events.front().seq;
    } else {
      // Rejected: the ruling is noted in the game (rule referee/note), a line that changes
      // nothing, allowed even after the game is over. The claim goes on one line.
      std::string text = fmt::format("appeal {} rejected by the Head Judge: ", a.number);
      for (char ch : claim) text.push_back(ch == '\n' || ch == '\r' ? ' ' : ch);
      Command note;
      note.actor = kReferee;
      note.verb = Verb::Note;
      note.note = std::move(text);
      std::vector<LoggedEvent> events;
      if (Status s = play_line(journal, g, print_move(note, g.ruleset, g.header.players),
                               fmt::format("appeal {} rejected by the Head Judge", a.number), refused, &events);
          !s.is_ok()) {
        return s;
      }
      if (*refused) return Status::ok();
      a.game_seq = events.empty() ? g.state.seq : events.front().seq;
    }
    a.game_head = g.head_hash;
    // The record is the appeal as ruled (its correction "" when rejected: set only when upheld).
    return write_record(journal, t, static_cast<const AppealRuled&>(a));
  });
  if (!written.is_ok()) return written;
  if (*refused) return Status::ok();
  if (Status s = reload(journal, t); !s.is_ok()) return s;
  a.record_seq = t.last_seq;
  *out = std::move(a);
  return Status::ok();
}

Status record_sheet(Journal& journal, Tournament& t, const TableResult& result, const std::string& file,
                    TournamentSheet* out) {
  SheetWritten record{result.round, result.table, result.game, result.head, result.seq, file, 0, ""};
  for (auto it = t.sheets.rbegin(); it != t.sheets.rend(); ++it) {
    if (it->game != result.game || it->superseded_by != 0) continue;
    record.supersedes = it->record_seq;
    std::string why = it->head == result.head ? "printed again" : "the game changed since";
    for (const TournamentAppeal& a : t.appeals)
      if (a.game == result.game && a.record_seq > it->record_seq && it->head != result.head)
        why = fmt::format("appeal {} {}", a.number, a.upheld ? "upheld" : "rejected (noted in the game)");
    record.why = why;
    break;
  }
  if (Status s = write_record(journal, t, record); !s.is_ok()) return s;
  if (Status s = reload(journal, t); !s.is_ok()) return s;
  *out = t.sheets.back();
  return Status::ok();
}

Status record_entry(Journal& journal, Tournament& t, EntryKind kind, const std::string& player, TournamentEntry* out) {
  const int next_round = static_cast<int>(t.rounds.size()) + 1;
  const std::vector<std::string> now = t.players_for_round(next_round);
  const bool in = std::find(now.begin(), now.end(), player) != now.end();
  if (kind == EntryKind::LateEntry) {
    if (player.empty() || player.find(',') != std::string::npos)
      return Status::invalid_argument("a player's name is empty or holds a comma");
    if (std::string why = player_name_problem(player); !why.empty()) return Status::invalid_argument(why);
    for (const std::string& p : t.settings.players)
      if (folded(p) == folded(player)) return Status::invalid_argument(fmt::format("'{}' is entered already", player));
    for (const TournamentEntry& e : t.entries)
      if (folded(e.player) == folded(player)) return Status::invalid_argument(fmt::format("'{}' is entered already", player));
  } else if (!in) {
    return Status::invalid_argument(fmt::format("'{}' is not playing in round {}", printable_text(player), next_round));
  }
  const EntryChange change{player, next_round};
  TournamentRecordPayload record;
  switch (kind) {
    case EntryKind::LateEntry: record = LateEntry{change}; break;
    case EntryKind::Withdrawal: record = Withdrawal{change}; break;
    case EntryKind::NoShow: record = NoShow{change}; break;
  }
  if (Status s = append_record(journal, t, record); !s.is_ok()) return s;
  *out = t.entries.back();
  return Status::ok();
}

Status append_record(Journal& journal, Tournament& t, const TournamentRecordPayload& record) {
  if (Status s = write_record(journal, t, record); !s.is_ok()) return s;
  return reload(journal, t);
}

}  // namespace deedlog
