#include "service/tournament_verification.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <vector>

#include "core/plural.h"
#include "journal/hash_chain.h"
#include "service/game_session.h"
#include "service/tournament.h"

namespace deedlog {
namespace {

bool is_hex_hash(const std::string& h) {
  return h.size() == 64 && h.find_first_not_of("0123456789abcdef") == std::string::npos;
}

std::string folded(const std::string& name) {
  std::string out;
  for (char c : name) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string tag_of(const GameHeader& h, const std::string& name) {
  for (const auto& [n, v] : h.tags)
    if (n == name) return v;
  return "";
}

std::string names(const std::vector<std::string>& players) {
  std::string out;
  for (const std::string& p : players) (out += out.empty() ? "" : ", ") += p;
  return out;
}

// A game of the tournament as verify reads it: its header, and its chain's rows (a move each,
// or an event of schema 1), each checked by the journal as it is read.
struct GameRows {
  Status read;  // ok, or why the game cannot be read (no such game, a broken chain)
  GameHeader header;
  struct Row {
    std::int64_t first = 0, last = 0;  // its events (0, 0: the genesis)
    std::string hash;
    std::string first_type;
  };
  std::vector<Row> rows;

  const Row* with_hash(const std::string& hash) const {
    for (const Row& r : rows)
      if (r.hash == hash) return &r;
    return nullptr;
  }
  const Row* holding(std::int64_t seq) const {
    for (const Row& r : rows)
      if (r.first <= seq && seq <= r.last) return &r;
    return nullptr;
  }
};

// The state before a record, as much of it as the checks need (the fold changes the rest).
struct Before {
  int seated = 0;
  int time_called = 0;
  std::vector<std::string> next_players;  // playing in the next round seated
  std::map<std::int64_t, std::int64_t> current_sheet;  // by game: the sheet not superseded
};

// The consistency of a tournament's records, one record at a time after it is folded.
class RecordChecks {
 public:
  RecordChecks(Journal& journal, const Tournament& t) : journal_(journal), t_(t) {}

  std::int64_t games_read() const { return static_cast<std::int64_t>(games_.size()); }

  // What is wrong with the tournament's settings and key digest ("" when nothing).
  std::string settings() const {
    const TournamentSettings& s = t_.settings;
    if (!is_hex_hash(t_.judge_key_sha256)) return "the Head Judge's key digest is not 64 lowercase hex digits";
    if (s.players.size() < 2) return "its settings enter fewer than 2 players";
    std::set<std::string> seen;
    for (const std::string& p : s.players) {
      if (!valid_name(p)) return fmt::format("its settings enter '{}', which cannot be a player's name", p);
      if (!seen.insert(folded(p)).second) return fmt::format("its settings enter '{}' twice", p);
    }
    if (s.rounds < 1) return "its settings give it no round";
    if (s.table_size < 2) return fmt::format("its settings seat tables of {}", s.table_size);
    return "";
  }

  // What is wrong with record r, just folded into t_ on the state `before` ("" when nothing): one
  // visit of its payload, so a kind declared in tournament_records.h and not checked here does
  // not compile.
  std::string record(const TournamentRecordPayload& r, const Before& before) {
    struct Check {
      RecordChecks& c;
      const Before& before;
      std::string operator()(const RoundSeated&) const { return c.seated(before); }
      std::string operator()(const RoundTimeCalled&) const {
        if (c.called() != before.time_called + 1) return "it calls time a second time in a round";
        return "";
      }
      std::string operator()(const AppealRuled&) const { return c.appeal(); }
      std::string operator()(const SheetWritten&) const { return c.sheet(before); }
      std::string operator()(const LateEntry&) const { return c.entry(true, before); }
      std::string operator()(const Withdrawal&) const { return c.entry(false, before); }
      std::string operator()(const NoShow&) const { return c.entry(false, before); }
      std::string operator()(const OtherKind& other) const {
        return fmt::format("'{}' is not a kind of record deedlog writes", other.kind.substr(0, 40));
      }
    };
    return std::visit(Check{*this, before}, r);
  }

  Before before() const {
    Before b;
    b.seated = static_cast<int>(t_.rounds.size());
    b.time_called = called();
    b.next_players = t_.players_for_round(b.seated + 1);
    for (const TournamentSheet& s : t_.sheets)
      if (s.superseded_by == 0) b.current_sheet[s.game] = s.record_seq;
    return b;
  }

 private:
  static bool valid_name(const std::string& p) {
    return !p.empty() && p.find_first_of("\",#") == std::string::npos && folded(p) != "referee";
  }

  int called() const {
    return static_cast<int>(std::count_if(t_.rounds.begin(), t_.rounds.end(), [](const TournamentRound& r) { return r.time_called; }));
  }

  const GameRows& game(std::int64_t id) {
    auto it = games_.find(id);
    if (it != games_.end()) return it->second;
    GameRows& g = games_[id];
    GameRow row;
    g.read = journal_.game(id, &row);
    if (g.read.is_ok()) g.read = header_from_json(row.header, &g.header);
    if (!g.read.is_ok()) return g;
    g.rows.push_back({0, 0, row.genesis, ""});
    g.read = journal_.scan(id, 1, 0, [&](const EventRow& e) {
      if (g.rows.back().hash == e.hash) {
        g.rows.back().last = e.seq;
      } else {
        g.rows.push_back({e.seq, e.seq, e.hash, e.type});
      }
      return true;
    });
    return g;
  }

  // The table's game is a game of this tournament, this round and this table, with these players.
  std::string table_game(const TournamentRound& round, const TournamentTable& table) {
    const GameRows& g = game(table.game);
    if (!g.read.is_ok()) return fmt::format("table {}'s game {} does not read: {}", table.table, table.game, g.read.message());
    const std::string event = tag_of(g.header, "Event"), round_tag = tag_of(g.header, "Round"),
                      table_tag = tag_of(g.header, "Table");
    if (event != t_.settings.name || round_tag != std::to_string(round.round) || table_tag != std::to_string(table.table))
      return fmt::format("table {} names game {}, which is tagged [Event \"{}\"] [Round \"{}\"] [Table \"{}\"], not "
                         "this tournament's round {}, table {}",
                         table.table, table.game, event, round_tag, table_tag, round.round, table.table);
    if (g.header.players != table.players)
      return fmt::format("table {} seats {}, but its game {} is played by {}", table.table, names(table.players),
                         table.game, names(g.header.players));
    if (g.header.ruleset != t_.settings.ruleset)
      return fmt::format("table {}'s game {} is of {}, not the tournament's {}", table.table, table.game,
                         g.header.ruleset, t_.settings.ruleset);
    if (g.header.sealed != round.commitment)
      return round.commitment.empty()
                 ? fmt::format("table {}'s game {} is sealed, in a round that has no seed", table.table, table.game)
                 : fmt::format("table {}'s game {} is not sealed with the round's commitment", table.table, table.game);
    if (!round.commitment.empty() && g.header.sealed_by_seat() != round.dice_by_seat)
      return fmt::format("table {}'s game {} deals its dice {}, but the round's record says {}", table.table, table.game,
                         g.header.sealed_by_seat() ? "by seat" : "by the table's throws",
                         round.dice_by_seat ? "by seat" : "by the table's throws");
    return "";
  }

  std::string seated(const Before& before) {
    const TournamentRound& round = t_.rounds.back();
    if (round.round > 1) {
      const TournamentRound& last = t_.rounds[t_.rounds.size() - 2];
      if (!last.time_called) return fmt::format("round {} is seated while round {} is still in play", round.round, last.round);
      if (last.final) return fmt::format("round {} is seated after the final", round.round);
    }
    if (round.final && round.round == 1) return "a final is seated before any round";
    if (!round.final && round.round > t_.settings.rounds)
      return fmt::format("round {} is seated, but the tournament has {} and this is not a final", round.round,
                         count_of(t_.settings.rounds, "round"));
    if (round.tables.empty()) return fmt::format("round {} seats no table", round.round);
    if (round.final && round.tables.size() != 1) return "the final seats more than one table";
    if (t_.settings.duplicate && round.commitment.empty())
      return fmt::format("round {} of a duplicate tournament has no commitment", round.round);
    // A tournament made without --duplicate may have rounds seated duplicate one by one (`seat
    // --duplicate`): each dealt by seat, as its record says (rounds sealed by the table's throws
    // came only from tournaments made with --duplicate).
    if (!t_.settings.duplicate && !round.commitment.empty() && !round.dice_by_seat)
      return fmt::format("round {} has a commitment, but the tournament is not duplicate", round.round);
    std::set<std::string> seated_now;
    for (std::size_t i = 0; i < round.tables.size(); ++i) {
      const TournamentTable& table = round.tables[i];
      if (table.table != static_cast<int>(i) + 1) return fmt::format("round {}'s tables are not numbered 1 on", round.round);
      if (!is_hex_hash(table.key_sha256)) return fmt::format("table {}'s key digest is not 64 lowercase hex digits", table.table);
      if (table.players.size() < 2 || static_cast<int>(table.players.size()) > t_.settings.table_size)
        return fmt::format("table {} seats {}, not 2 to {}", table.table,
                           count_of(static_cast<std::int64_t>(table.players.size()), "player"), t_.settings.table_size);
      for (const std::string& p : table.players) {
        if (std::find(before.next_players.begin(), before.next_players.end(), p) == before.next_players.end())
          return fmt::format("table {} seats '{}', who is not playing in round {} (not entered, or withdrawn)", table.table,
                             p, round.round);
        if (!seated_now.insert(p).second) return fmt::format("round {} seats '{}' twice", round.round, p);
      }
      if (!used_games_.insert(table.game).second)
        return fmt::format("table {} names game {}, which another table has already", table.table, table.game);
      if (std::string why = table_game(round, table); !why.empty()) return why;
    }
    if (!round.final && seated_now.size() != before.next_players.size())
      return fmt::format("round {} seats {} of the {} playing in it", round.round, seated_now.size(),
                         count_of(static_cast<std::int64_t>(before.next_players.size()), "player"));
    return "";
  }

  // The table of game id (nullptr when no table has it), and its round.
  const TournamentTable* table_of(std::int64_t id, int* round) const {
    for (const TournamentRound& r : t_.rounds)
      for (const TournamentTable& table : r.tables)
        if (table.game == id) {
          *round = r.round;
          return &table;
        }
    return nullptr;
  }

  std::string appeal() {
    const TournamentAppeal& a = t_.appeals.back();
    if (a.number != static_cast<int>(t_.appeals.size()))
      return fmt::format("it is appeal {}, after {}", a.number,
                         count_of(static_cast<std::int64_t>(t_.appeals.size()) - 1, "appeal"));
    int round = 0;
    const TournamentTable* table = table_of(a.game, &round);
    if (table == nullptr) return fmt::format("appeal {} is in game {}, which is no table's game", a.number, a.game);
    if (round != a.round || table->table != a.table)
      return fmt::format("appeal {} says round {}, table {}, but game {} is round {}, table {}'s", a.number, a.round,
                         a.table, a.game, round, table->table);
    if (a.upheld == a.correction.empty())
      return fmt::format("appeal {} is {} {} a correction", a.number, a.upheld ? "upheld" : "rejected",
                         a.upheld ? "without" : "with");
    const GameRows& g = game(a.game);
    if (!g.read.is_ok()) return fmt::format("appeal {}'s game {} does not read: {}", a.number, a.game, g.read.message());
    // The ruling is the move that begins at game_seq: the correction, or the note of a rejection.
    // Before rejections were noted in the game, a rejected appeal recorded the game's last event
    // when it was ruled: its move ends there instead.
    const GameRows::Row* ruling = g.holding(a.game_seq);
    const bool begins = ruling != nullptr && ruling->first == a.game_seq && ruling->first_type == "MovePlayed";
    const bool ended_there = ruling != nullptr && !a.upheld && ruling->last == a.game_seq;
    if (!begins && !ended_there)
      return fmt::format("appeal {}'s ruling is said to be the move at event {} of game {}, where no move begins", a.number,
                         a.game_seq, a.game);
    const GameRows::Row* after = g.with_hash(a.game_head);
    if (after == nullptr || after->last < a.game_seq)
      return fmt::format("appeal {} gives game {}'s head after the ruling as {}, which is no hash of that game at or "
                         "after event {}",
                         a.number, a.game, a.game_head.substr(0, kShortHash), a.game_seq);
    return "";
  }

  std::string sheet(const Before& before) {
    const TournamentSheet& s = t_.sheets.back();
    const TournamentRound* round = t_.round(s.round);
    if (round == nullptr) return fmt::format("a sheet of round {}, which is not seated", s.round);
    if (s.table < 1 || s.table > static_cast<int>(round->tables.size()))
      return fmt::format("a sheet of round {}, table {}, which round {} has not", s.round, s.table, s.round);
    const TournamentTable& table = round->tables[static_cast<std::size_t>(s.table - 1)];
    if (table.game != s.game)
      return fmt::format("the sheet of round {}, table {} names game {}, but the table's game is {}", s.round, s.table,
                         s.game, table.game);
    const auto current = before.current_sheet.find(s.game);
    const std::int64_t replaced = current == before.current_sheet.end() ? 0 : current->second;
    if (s.supersedes != replaced)
      return replaced == 0 ? fmt::format("the sheet supersedes record {}, which is not the table's current sheet (it has none)",
                                         s.supersedes)
                           : fmt::format("the sheet supersedes {}, but the table's current sheet is record {}",
                                         s.supersedes == 0 ? std::string("nothing") : fmt::format("record {}", s.supersedes),
                                         replaced);
    const GameRows& g = game(s.game);
    if (!g.read.is_ok()) return fmt::format("the sheet's game {} does not read: {}", s.game, g.read.message());
    const GameRows::Row* at = g.with_hash(s.head);
    if (at == nullptr || at->last != s.game_seq)
      return fmt::format("the sheet of round {}, table {} carries head {} at event {}, which is not a head of game {}'s "
                         "chain",
                         s.round, s.table, s.head.substr(0, kShortHash), s.game_seq, s.game);
    return "";
  }

  // A late entry (joins) or a withdrawal or no-show.
  std::string entry(bool joins, const Before& before) {
    const TournamentEntry& e = t_.entries.back();
    if (e.from_round != before.seated + 1)
      return fmt::format("'{}' {} from round {}, but the next round to seat is {}", e.player,
                         joins ? "enters" : "leaves", e.from_round, before.seated + 1);
    if (joins) {
      if (!valid_name(e.player)) return fmt::format("a late entry of '{}', which cannot be a player's name", e.player);
      for (const std::string& p : t_.settings.players)
        if (folded(p) == folded(e.player)) return fmt::format("'{}' enters late but is entered already", e.player);
      for (std::size_t i = 0; i + 1 < t_.entries.size(); ++i)
        if (folded(t_.entries[i].player) == folded(e.player))
          return fmt::format("'{}' enters late but is entered already", e.player);
      return "";
    }
    if (std::find(before.next_players.begin(), before.next_players.end(), e.player) == before.next_players.end())
      return fmt::format("'{}' leaves, but is not playing in round {}", e.player, e.from_round);
    return "";
  }

  Journal& journal_;
  const Tournament& t_;
  std::map<std::int64_t, GameRows> games_;
  std::set<std::int64_t> used_games_;
};

}  // namespace

Status verify_tournament(Journal& journal, std::int64_t id, const std::string& anchor, TournamentVerifyReport* report) {
  *report = TournamentVerifyReport{};
  TournamentRow row;
  if (Status s = journal.tournament(id, &row); !s.is_ok()) return s;
  report->first_head = row.genesis;
  const auto fail = [&](std::int64_t seq, std::string why) {
    report->ok = false;
    report->first_bad_seq = seq;
    report->problem = std::move(why);
  };
  const auto chain_fail = [&](std::int64_t seq, std::string why) {
    fail(seq, std::move(why));
    report->chain_broken = true;
    report->head.clear();
  };
  // The row first: the genesis hashes the name, the settings and the key digest.
  if (row.genesis != tournament_genesis(row.name, row.settings, row.judge_key_sha256)) {
    chain_fail(0, "its name, settings or Head Judge's key digest do not hash to its genesis (the row was edited)");
    return Status::ok();
  }

  // Every record as the journal hands it on, checked link by link: read whole before anything
  // else is asked of the journal (the checks read games).
  std::vector<TournamentRecord> records;
  Status chain = journal.tournament_records(id, [&](const TournamentRecord& r) {
    records.push_back(r);
    return true;
  });
  report->records = static_cast<std::int64_t>(records.size());
  if (chain.code() == Status::Code::Corrupt) {
    chain_fail(report->records + 1, chain.message());
    return Status::ok();
  }
  if (!chain.is_ok()) return chain;
  report->head = records.empty() ? row.genesis : records.back().hash;
  if (!anchor.empty()) {
    if (row.genesis.compare(0, anchor.size(), anchor) == 0) report->anchor_seq = 0;
    for (const TournamentRecord& r : records)
      if (r.hash.compare(0, anchor.size(), anchor) == 0) report->anchor_seq = r.seq;
  }

  // What the records say, read as every reader reads them, and checked one by one.
  Tournament t;
  if (Status s = tournament_from_row(row, &t); !s.is_ok()) {
    fail(0, s.message());
    return Status::ok();
  }
  if (t.settings.name != row.name) {
    fail(0, fmt::format("its settings name it '{}', its row '{}'", t.settings.name, row.name));
    return Status::ok();
  }
  RecordChecks checks(journal, t);
  if (std::string why = checks.settings(); !why.empty()) {
    fail(0, why);
    return Status::ok();
  }
  for (const TournamentRecord& r : records) {
    const Before before = checks.before();
    if (Status s = fold_tournament_record(&t, r); !s.is_ok()) {
      fail(r.seq, s.message());
      break;
    }
    if (std::string why = checks.record(t.log.back().record, before); !why.empty()) {
      fail(r.seq, fmt::format("record {} ({}): {}", r.seq, r.kind.substr(0, 40), why));
      break;
    }
  }
  report->games = checks.games_read();
  return Status::ok();
}

}  // namespace deedlog
