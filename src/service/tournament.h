#pragma once
// Tournaments (docs/tournaments.md): the Head Judge's event, from seating to standings, as plain
// values. A tournament is a row of settings and a chain of records in the journal
// (Journal::create_tournament, append_tournament_record); its games are ordinary games tagged
// [Event], [Round] and [Table]. Everything here reads the records in order (load_tournament)
// and appends new ones; nothing prints. The records' kinds and payloads are declared once
// (service/tournament_records.h); the words and the JSON are present's (present/tournament_words.h,
// present/tournament_json.h).
//
// The API the server and duplicate rounds build on (keep it stable):
//   create_tournament   -> the id and the Head Judge's key (shown once, stored hashed)
//   load_tournament     -> Tournament (settings, entrants, rounds and their tables, appeals, sheets,
//                          its first and current heads); fold_tournament_record reads each record
//                          for it and for verify (service/tournament_verification.h)
//   judge_key_matches / table_key_game -> who a key speaks for
//   seat_round          -> creates the round's games (calls the duplicate hook, tournament_duplicate.h)
//   call_time_in_round  -> "Referee calls time" in every unfinished game of the round
//   table_result / tournament_standings -> placings, points, standings
//   record_appeal, record_sheet, record_entry (late entry, withdrawal, no-show)
//   append_record       -> a record of any declared kind (tournament_records.h)
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "deedlog/decide.h"
#include "deedlog/money.h"
#include "deedlog/status.h"
#include "journal/journal.h"
#include "service/tournament_records.h"
#include "service/tournament_seating.h"
#include "service/tournament_tie_breaks.h"

namespace deedlog {

// What `tournament new` fixes for the whole event. Stored as the tournament's settings (JSON).
struct TournamentSettings {
  std::string name;
  std::vector<std::string> players;  // as entered, in order of entry
  int rounds = 0;
  int table_size = 4;
  std::string ruleset = "uk-1972";
  std::vector<std::string> variants;  // each game's [Variant]; "time-limit" is added when time_limit is set
  std::string time_limit;             // "90m" ([TimeLimit]), "" for none
  bool duplicate = false;             // every round duplicate (tournament_duplicate.h)
  std::uint64_t seed = 0;             // the seating's seed (drawn at creation; stored, so seating is repeatable)
  // Pairs never seated at one table while any seating avoids it (--apart "A, B": siblings,
  // partners), each an entrant's name as entered.
  std::vector<ApartPair> apart;
  // Rounds seated from a plan of the whole event (tournament_seating.h, rounds_total): every
  // tournament made since the plan came (stored as "seating": "planned"). One made before reads
  // without it and goes on being seated a round at a time, as its earlier rounds were.
  bool planned = false;
  // The server calls time in a round when its time limit runs out (--auto-call-time; stored as
  // "auto_call_time": true, absent before, so older tournaments wait for the judge's call).
  bool auto_call_time = false;
  // The tie-breaks after points, in order (--tie-breaks; stored as "tie_breaks": [names]). Every
  // tournament made since they could be chosen states them; one made before reads without them
  // and is ranked as it was (tie_break_order: kEarlierTieBreaks).
  std::vector<TieBreak> tie_breaks;
  // What the final decides (--final crowns|points; stored as "final"). Stated by every tournament
  // made since it could be chosen; one made before reads as Points, its standings as they were.
  std::optional<FinalRule> final_rule;

  // The tie-breaks this tournament ranks by, and its final's rule, the unstated read as before.
  const std::vector<TieBreak>& tie_break_order() const { return tie_breaks.empty() ? kEarlierTieBreaks : tie_breaks; }
  FinalRule final_decides() const { return final_rule.value_or(FinalRule::Points); }
};

std::string settings_to_json(const TournamentSettings& s);
Status settings_from_json(const std::string& text, TournamentSettings* s);

// One table of a seated round.
struct TournamentTable {
  int table = 0;                     // from 1
  std::int64_t game = 0;
  std::vector<std::string> players;  // seating order: the first throws first
  std::string key;                   // the table's key in clear: only right after seat_round
  std::string key_sha256;
};

struct TournamentRound {
  int round = 0;  // from 1
  bool final = false;  // a final table seeded from the standings
  std::vector<TournamentTable> tables;
  bool time_called = false;
  std::string commitment;  // a duplicate round: the SHA-256 of its seed (tournament_duplicate.h)
  // A duplicate round dealt by seat (every round seated duplicate since the scheme came: its
  // record's "duplicate" object says "dice": "by-seat"); false for one sealed the old way, by the
  // table's throws, and for a round that is not duplicate.
  bool dice_by_seat = false;
  std::int64_t record_seq = 0;  // the record that seated it
};

// An appeal ruled: its record's fields (tournament_records.h; game_seq: the MovePlayed of the
// correction when upheld, of the note when rejected), and the record's seq.
struct TournamentAppeal : AppealRuled {
  std::int64_t record_seq = 0;
};

// A score sheet written: its record's fields (supersedes: the record_seq of the sheet it replaced,
// 0 for none; why: why that one no longer holds), the record's seq, and what replaced it in turn.
struct TournamentSheet : SheetWritten {
  std::int64_t record_seq = 0;
  std::int64_t superseded_by = 0;  // the record_seq of the sheet that replaced it (0: current)
  std::string why_superseded;      // "appeal N upheld" ...
};

// Entries after the start: a late entry joins from the next round seated, a withdrawal or a
// no-show leaves from the next round seated (a no-show's games of the round it missed are
// played by nobody: see docs/tournaments.md).
enum class EntryKind { LateEntry, Withdrawal, NoShow };  // the records LateEntry, Withdrawal, NoShow

struct TournamentEntry {
  EntryKind kind = EntryKind::LateEntry;
  std::string player;
  int from_round = 0;  // the first round it affects
  std::int64_t record_seq = 0;
};

// A record as the log lists it: when, and what it says (its kind: record_kind(record)).
struct TournamentLogLine {
  std::int64_t seq = 0;
  std::string at;
  TournamentRecordPayload record;
};

struct Tournament {
  std::int64_t id = 0;
  TournamentSettings settings;
  std::string judge_key_sha256;
  std::string created;
  std::int64_t last_seq = 0;  // the last record (append the next as last_seq + 1)
  // The chain's heads (docs/tournaments.md, "Heads to keep"): the first, the genesis, hashes the
  // name, the settings and the Head Judge's key digest (`tournament new` prints it); the current
  // one is the last record's hash (the genesis before any record). Kept outside the journal,
  // either shows a rewrite of what it covers (`verify --tournament ID --expect-head H`).
  std::string first_head;
  std::string head;
  std::vector<TournamentEntry> entries;
  std::vector<TournamentRound> rounds;  // seated, in order
  std::vector<TournamentAppeal> appeals;
  std::vector<TournamentSheet> sheets;
  std::vector<TournamentLogLine> log;   // every record

  const TournamentRound* round(int n) const;
  // The players taking part in round n (entered, late entries before it, less withdrawals and
  // no-shows recorded before it), in order of entry.
  std::vector<std::string> players_for_round(int n) const;
};

// Creates the tournament; its Head Judge's key (64 hex digits, from the operating system's
// random bytes) in *judge_key, shown once. InvalidArgument for settings that cannot make an event
// (fewer than 2 players, a table size outside 2..the edition's players, rounds < 1, names twice).
Status create_tournament(Journal& journal, TournamentSettings settings, std::int64_t* id, std::string* judge_key);

// The tournament given, or the only (else the last) one in the journal when id is 0.
Status load_tournament(Journal& journal, std::int64_t id, Tournament* out);

// load_tournament in its two steps, for a reader that checks each record as it comes (verify,
// service/tournament_verification.h): the row read into a Tournament with no record yet, then
// each record, in order, read by its kind's declaration (decode_record) and folded into it: the
// one reader of the records. A record that does not read as its kind, or that its place in the
// chain cannot hold (a round out of turn), is Corrupt, naming it; a kind not declared is kept in
// the log (OtherKind) and changes nothing.
Status tournament_from_row(const TournamentRow& row, Tournament* out);
Status fold_tournament_record(Tournament* t, const TournamentRecord& r);

// The Head Judge's key: true when key hashes to the stored digest (compared in constant time).
bool judge_key_matches(const Tournament& t, const std::string& key);

// The game a table's key opens (0: none), for the server: a table's key plays that game's
// players' moves, as a game's table key does (serve/serve_keys.h).
std::int64_t table_key_game(const Tournament& t, const std::string& key);

// Seats round n and creates one game per table (one transaction: all or nothing). Round n must be
// the next unseated round and the round before must have had time called. final: seat one table
// of the leaders in the standings (table_size of them) instead of the whole field.
// InvalidArgument for a round out of range or out of turn; Conflict when it is seated already.
// gaps, when given, says what the seating could not have (pairs kept apart seated together,
// repeat meetings in the round and left in the plan). Each table's key is derived from the
// judge's (service/table_keys.h), which the caller has checked.
// duplicate_round: this round is a duplicate round although the tournament was not made with
// --duplicate (`seat --round N --duplicate`); every round of one made with it is duplicate
// anyway. A final is one table, with no other to deal its dice to: final with duplicate_round is
// InvalidArgument.
Status seat_round(Journal& journal, Tournament& t, int n, bool final, const std::string& judge_key,
                  TournamentRound* out, SeatingGaps* gaps = nullptr, bool duplicate_round = false);

// "Referee calls time" in every game of round n whose time is not called and that is not over,
// each completing as its rules say (the move in progress is completed by the table; a finish-round
// game once the round is complete). Conflict when time was called in the round already.
struct CallTimeOutcome {
  std::int64_t game = 0;
  int table = 0;
  bool called = false;     // false: the game was over already
  bool over = false;       // over at once (between moves)
};
Status call_time_in_round(Journal& journal, Tournament& t, int n, std::vector<CallTimeOutcome>* out);

// One player's result at a table.
struct Placing {
  std::string player;
  int place = 0;           // 1 = first; bankrupt players below all still in, the first out last
  double points = 0;
  bool bankrupt = false;
  int out_order = 0;       // 1 = the first to go bankrupt (0: not bankrupt)
  // The short game's valuation broken down: net_worth = cash + sites + mortgaged + buildings - debts
  // (0 for a bankrupt player).
  Money cash, sites, mortgaged, buildings, debts, net_worth;
};

struct TableResult {
  int round = 0, table = 0;
  std::int64_t game = 0;
  bool over = false;         // the game is over (time called and done, or one player left)
  bool provisional = false;  // the figures may still change (time not called, or not complete)
  std::string head;          // the game's head hash
  std::int64_t seq = 0;      // its last event
  std::vector<Placing> placings;  // by place
};

// The points of place p (1-based) at a table of n players: the scale docs/tournaments.md states.
double place_points(int place, int table_players);

Status table_result(Journal& journal, const Tournament& t, int round, int table, TableResult* out);

struct StandingTable {
  int round = 0, table = 0;
  std::int64_t game = 0;
  int place = 0;
  double points = 0;
  Money net_worth;
  // The round's score against the field (a round dealt by seat, when the seat had counterparts).
  std::optional<double> field;
};

// A tie-break's figure for one player (docs/tournaments.md states each formula).
struct TieBreakValue {
  TieBreak tie_break = TieBreak::Entry;
  double value = 0;
};

struct Standing {
  int rank = 0;
  std::string player;
  double points = 0;
  Money net_worth;  // summed over the tables played
  std::vector<StandingTable> tables;
  bool withdrawn = false;  // left the event: withdrawn, or a no-show
  bool no_show = false;    // of those, left by not showing up (tournament no-show)
  // The tournament's tie-breaks, in its order (TournamentSettings::tie_break_order). head-to-head
  // is counted among the players tied with him when it was reached (0 when he was tied with none).
  std::vector<TieBreakValue> tie_breaks;
  // A finalist's table at the final, once time is called in it. Under FinalRule::Points the final
  // is counted as a round (in tables, points, net worth and the tie-breaks); under Crowns it is
  // not: it places the finalists first, by their place there.
  std::optional<StandingTable> final;
  // The score against the field (docs/tournaments.md, "Duplicate rounds"), as bridge's
  // matchpoints: in each round dealt by seat, his net worth against the same seat's at the
  // round's other tables of his table's size, 2 for each beaten and 1 for each tie, out of 2 a
  // seat compared, as a percentage; this is its mean over those rounds. A round where his seat had
  // no counterpart (the only table of its size) is left out; none left: no score.
  std::optional<double> field;
  int field_rounds = 0;  // the rounds it is the mean of
};

// One round's scores against the field, for each player whose seat had a counterpart (by
// name): seats is each table's players by seat with their net worth (as the standings value
// it), in any order of tables. Only the same seat at a table of the same size is compared.
struct SeatResult {
  std::string player;
  std::size_t table_size = 0;
  std::size_t seat = 0;  // from 0
  Money net_worth;
};
std::map<std::string, double> field_scores(const std::vector<SeatResult>& seats);

// Standings over the rounds whose time is called (the rounds still in play are left out: their
// games are not finished). Ties: points, then the tournament's tie-breaks in its order
// (tie_break_order), then the order of entry; an equal rank is never given. Once the final is
// counted, under FinalRule::Crowns, the finalists come first by their place in it (a place shared
// there goes to the one ranked higher before the final), the champion first; the others follow
// in their order. Under Points the first is champion.
Status tournament_standings(Journal& journal, const Tournament& t, std::vector<Standing>* out, int* rounds_counted);

// An appeal ruled by the Head Judge in game `game`. upheld: correction (a move in notation, the
// referee's correction) is played into the game as a new move; *refused is set when the rules
// refuse it (nothing recorded). Rejected: the ruling is recorded in the tournament's records with
// the game's head at the time. Every sheet of the game written before an upheld ruling is
// superseded from then on (record_sheet writes the new one).
Status record_appeal(Journal& journal, Tournament& t, std::int64_t game, const std::string& claim, bool upheld,
                     const std::string& correction, TournamentAppeal* out, std::optional<Violation>* refused);

// Records that a sheet of round/table was written to file with result's head; the sheet it
// replaces (if any) is marked superseded by it.
Status record_sheet(Journal& journal, Tournament& t, const TableResult& result, const std::string& file,
                    TournamentSheet* out);

// A late entry, a withdrawal or a no-show, from the next round seated.
Status record_entry(Journal& journal, Tournament& t, EntryKind kind, const std::string& player, TournamentEntry* out);

// Appends a record of a declared kind as the tournament's next (its JSON: encode_record) and reads
// the tournament again.
Status append_record(Journal& journal, Tournament& t, const TournamentRecordPayload& record);

}  // namespace deedlog
