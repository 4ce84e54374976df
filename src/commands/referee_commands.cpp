#include "commands/referee_commands.h"

#include "commands/move_stamp.h"
#include "commands/new_game_edition.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <unistd.h>

#include <chrono>
#include <ctime>
#include <fstream>
#include <random>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "deedlog/clock_stamp.h"
#include "core/plural.h"
#include "core/exit_code.h"
#include "service/agreed_hour.h"
#include "service/game_log.h"
#include "service/game_session.h"
#include "present/refusal_words.h"
#include "service/input_text.h"
#include "present/audit.h"
#include "present/dispute.h"
#include "present/explanation.h"
#include "present/game_json.h"
#include "present/narration.h"
#include "present/settlement.h"
#include "bots/simulation.h"
#include "present/statistics_words.h"
#include "service/sealed_seeds.h"
#include "service/tournament_verification.h"
#include "service/verification.h"
#include "present/legal_move_words.h"
#include "present/money_words.h"
#include "deedlog/event_fields.h"
#include "deedlog/event_text.h"
#include "deedlog/evolve.h"
#include "deedlog/legal_moves.h"
#include "deedlog/valuation.h"
#include "deedlog/name_match.h"
#include "deedlog/game_file.h"
#include "deedlog/game_reader.h"
#include "deedlog/position_queries.h"
#include "deedlog/ruleset_catalog.h"

namespace deedlog {

int command_failed(std::ostream& err, const Status& s) {
  err << "referee: " << (s.is_conflict() ? "conflict: " : "") << s.message() << "\n";
  return s.code() == Status::Code::InvalidArgument ? kExitUsage : kExitFailure;
}

Status open_game_to_read(const CommonOptions& o, std::unique_ptr<Journal>* journal, std::int64_t* id) {
  if (Status s = Journal::open(o.db, journal, true); !s.is_ok()) return s;
  return resolve_game_id(**journal, o.game, id);
}

namespace {

using ojson = nlohmann::ordered_json;

int fail(std::ostream& err, const Status& s) { return command_failed(err, s); }

Status open_journal(const CommonOptions& o, bool read_only, std::unique_ptr<Journal>* j) {
  return Journal::open(o.db, j, read_only);
}

Status open_game(const CommonOptions& o, bool read_only, std::unique_ptr<Journal>* j, std::int64_t to_seq, Game* g) {
  if (Status s = open_journal(o, read_only, j); !s.is_ok()) return s;
  std::int64_t id = 0;
  if (Status s = resolve_game_id(**j, o.game, &id); !s.is_ok()) return s;
  return load_game(**j, id, to_seq, g);
}

// The position after event `at` (0: the last) as the table saw it: an event inside a move
// stands for the position after that whole move (a half-applied move, such as a trade's deeds
// moved before its money, never stood on the table). *asked_inside is set to the move when the
// event asked for was inside it.
Status open_game_between_moves(const CommonOptions& o, std::unique_ptr<Journal>* j, std::int64_t at, Game* g,
                               std::optional<MoveSpan>* asked_inside) {
  asked_inside->reset();
  if (Status s = open_game(o, true, j, at, g); !s.is_ok()) return s;
  if (at <= 0) return Status::ok();
  MoveSpan span;
  if (Status s = GameLog(**j, *g).move_holding(at, &span); !s.is_ok()) return s;
  if (span.last == at) return Status::ok();
  *asked_inside = span;
  return load_game(**j, g->id, span.last, g);
}

// The note that says so, in text ("Note: ...\n") and in JSON (asked_at, note).
void note_between_moves(const std::optional<MoveSpan>& inside, std::int64_t asked, std::string* text, ojson* json) {
  if (!inside) return;
  const std::string note = between_moves_note(asked, *inside);
  if (text) *text += "Note: " + note + "\n";
  if (json) {
    (*json)["asked_at"] = asked;
    (*json)["note"] = note;
  }
}

// For the score sheet: the event and the short form of its hash. Written down outside the
// journal, it lets verify --expect-head show that the game was not rewritten since.
std::string head_line(const Game& g) {
  return fmt::format("Head: event {}, hash {}\n", g.state.seq, g.head_hash.substr(0, kShortHash));
}

// A refused move's ruling in words, the players named.
Ruling refusal_of(const Game& g, const PlayOutcome& po) {
  return ruling_of(g.ruleset, po.decision.violation, g.header.players);
}

std::string ruling_text(const Ruling& v) {
  return fmt::format("Refused: {}\n  rule {} (rule book section {})\n", v.message, v.rule, v.section);
}

}  // namespace

namespace {

// A word for a shell command line: as it is when it is plain, else in single quotes.
std::string shell_word(const std::string& w) {
  const bool plain = !w.empty() && w.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                                                       "_-./:=@,+") == std::string::npos;
  if (plain) return w;
  std::string out = "'";
  for (char c : w) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

int run_new(const CommonOptions& o, const NewOptions& n, std::ostream& out, std::ostream& err) {
  if (const std::string why = unreadable_ruleset_file(o.ruleset_file); !why.empty()) {
    err << "referee: " << why << "\n";
    return kExitUsage;
  }
  // The header goes through the notation's own checks, so `new` and `import` accept the same games.
  const std::string ruleset_id =
      n.ruleset.empty() && !o.ruleset_file.empty() ? edition_id_in(o.ruleset_file) : n.ruleset;
  std::string text = fmt::format("[Ruleset \"{}\"]\n[Players \"{}\"]\n", ruleset_id, n.players);
  if (!n.variant.empty()) text += fmt::format("[Variant \"{}\"]\n", n.variant);
  if (!n.house_rules.empty()) text += fmt::format("[HouseRules \"{}\"]\n", n.house_rules);
  if (n.seed) text += fmt::format("[Seed \"{}\"]\n", *n.seed);
  GameHeader header;
  ParseError perr;
  if (!parse_header(text, &header, &perr)) {
    err << "referee: " << perr.message << "\n";
    return kExitUsage;
  }
  Ruleset ruleset;
  if (Status s = edition_for_new_game(o.ruleset_file, &header, &ruleset); !s.is_ok()) {
    err << "referee: " << s.message() << "\n";
    return kExitUsage;
  }
  if (ruleset.referee_throws && !header.seed) {
    // The computer edition's program throws, shuffles and draws the first player: a new game
    // gets a Seed of its own (kept in the header, so the game replays and verifies the same).
    std::random_device device;
    header.seed = (std::uint64_t{device()} << 32) | device();
  }
  std::unique_ptr<Journal> j;
  if (Status s = open_journal(o, false, &j); !s.is_ok()) return fail(err, s);
  // A sealed game: its seed (fresh from the operating system, or another game's) kept beside the
  // journal, the header naming only its commitment.
  if (n.sealed || n.seal_like) {
    header.seed.reset();  // the computer edition's own seed: sealed instead
    if (n.sealed) {
      std::string seed;
      if (Status s = make_sealed_seed(&seed); !s.is_ok()) return fail(err, s);
      if (Status s = keep_seed(*j, seed, &header.sealed); !s.is_ok()) return fail(err, s);
    } else {
      Game like;
      if (Status s = load_game(*j, *n.seal_like, 1, &like); !s.is_ok()) return fail(err, s);
      if (like.header.sealed.empty()) {
        err << fmt::format("referee: game {} is not sealed: --seal-like takes a sealed game\n", *n.seal_like);
        return kExitUsage;
      }
      header.sealed = like.header.sealed;
      header.sealed_dice = like.header.sealed_dice;  // and its dice dealt the same way
    }
  }
  std::int64_t id = 0;
  std::optional<Violation> refused;
  if (Status s = create_game(*j, header, std::nullopt, &id, &refused); !s.is_ok()) return fail(err, s);
  if (refused) {
    const Ruling words = ruling_of(ruleset, *refused, header.players);
    if (o.json) out << ojson{{"accepted", false}, {"violation", violation_json(words)}}.dump() << "\n";
    else out << ruling_text(words);
    return kExitRefused;
  }
  if (o.json) {
    ojson answer{{"game", id}};
    if (!header.sealed.empty()) answer["commitment"] = header.sealed;
    out << answer.dump() << "\n";
    return kExitOk;
  }
  // The id alone on standard output, as scripts take it (`id=$(referee new ...)`); what to do
  // next on standard error, for the person who typed it.
  out << id << "\n" << std::flush;
  Game g;
  if (load_game(*j, id, 0, &g).is_ok()) {
    const std::string game = fmt::format("referee --db {} --game {}", shell_word(o.db), id);
    std::string players;
    for (const std::string& p : g.header.players) players += (players.empty() ? "" : ", ") + p;
    const std::string mover = g.header.players[static_cast<std::size_t>(g.state.turn)];
    err << fmt::format("Game {} ({}: {}) is ready. Now: {}.\n", id, header.ruleset, players,
                       phase_words(g.ruleset, g.header.players, g.state))
        << fmt::format("Next: {} table\n      a live session: a move a line, ? lists the legal moves\n", game)
        << fmt::format("  or: {} play \"MOVE\"\n      one move as the table says it ({})\n", game,
                       g.state.seeded ? fmt::format("\"{} rolls\": the referee throws, from the seed", mover)
                                      : fmt::format("\"{} rolls 3 4\" with the dice as thrown", mover))
        << fmt::format("  or: {} moves\n      the legal moves now\n", game);
  }
  return kExitOk;
}

namespace {

// A file's move lines played into a game one by one, as an import plays them (each with the
// table's comment): the reading stops at a refused line (kept with its ruling) or a failed write.
struct FileMoves {
  FileMoves(Journal& j, Game& g) : journal(j), game(g) {}

  Journal& journal;
  Game& game;
  std::size_t played = 0;
  Status status;
  std::optional<MoveLine> refused_line;
  PlayOutcome refusal;

  // false: stop reading the file.
  bool play(MoveLine&& m) {
    PlayOutcome po;
    status = play_move(journal, game, m.command, false, &po, m.comment);
    // A line the journal cannot take (its text too long): the import writes nothing, and says
    // which line, as for a line that does not parse.
    if (status.code() == Status::Code::InvalidArgument)
      status = Status::invalid_argument(fmt::format("line {}: {}", m.line, status.message()));
    if (!status.is_ok()) return false;
    if (!po.decision.accepted) {
      refused_line = std::move(m);
      refusal = std::move(po);
      return false;
    }
    ++played;
    return true;
  }
};

// What a stopped import says: the moves before the refused line are recorded, and the file,
// once put right, continues the same game.
std::string resume_hint(std::int64_t id, const std::string& file) {
  // The file's name as a shell reads it back: quoted when it holds more than plain characters.
  std::string name = file;
  if (file.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/+") != std::string::npos) {
    name = "'";
    for (char c : file) name += c == '\'' ? std::string("'\\''") : std::string(1, c);
    name += "'";
  }
  return fmt::format("Put the line right and go on with: referee import --game {} {}", id, name);
}

// import --game N FILE: the file continues game N. The moves the journal holds must be the
// file's first moves, line for line (compared in canonical notation); the file's moves after
// them are played, as an import plays them. A journal that holds a move the file does not is
// refused, writing nothing: the journal is never rewritten, and a take-back is the referee's
// act to record (docs/interface.md, "Resuming an import").
int resume_import(const CommonOptions& o, const std::string& file, const GameText& text, const Ruleset& ruleset,
                  const GameFile& game_file, std::ostream& out, std::ostream& err) {
  std::unique_ptr<Journal> j;
  Game g;
  if (Status s = open_game(o, false, &j, 0, &g); !s.is_ok()) return fail(err, s);
  g.snapshot_every = o.snapshot_every;
  if (game_file.header.players != g.header.players || game_file.header.ruleset != g.header.ruleset) {
    err << fmt::format("referee: {} is not game {}: the file is {} for {}, the game {} for {}\n", file, g.id,
                       game_file.header.ruleset, fmt::join(game_file.header.players, ", "), g.header.ruleset,
                       fmt::join(g.header.players, ", "));
    return kExitUsage;
  }
  // The journal's move lines in order, void ones and take-backs included: the file is the
  // record of the table, as replay --format notation writes it.
  std::vector<std::string> recorded;
  if (Status s = GameLog(*j, g).read(1, 0, [&](const LoggedEvent& e) {
        if (e.event.type != EventType::MovePlayed) return true;
        // The move as notation, without the table's comment kept after it ("  # ..."): a file
        // put right may say its comments differently and still be the same game.
        std::string line = fields::MovePlayed::line(e.event);
        const std::string comment = comment_of(line);
        const std::string kept = "  # " + comment;
        if (!comment.empty() && line.size() > kept.size() && line.compare(line.size() - kept.size(), kept.size(), kept) == 0)
          line.resize(line.size() - kept.size());
        recorded.push_back(std::move(line));
        return true;
      });
      !s.is_ok())
    return fail(err, s);
  std::size_t agreed = 0;
  std::optional<MoveLine> differs;
  FileMoves moves(*j, g);
  ParseError perr;
  Status written = j->write_transaction([&] {
    GameFile again;
    const bool parsed = parse_game(text.text, ruleset, &again, &perr, [&](const GameFile&, MoveLine&& m) {
      if (agreed < recorded.size()) {
        if (print_move(m.command, g.ruleset, g.header.players) != recorded[agreed]) {
          differs = std::move(m);
          return false;
        }
        ++agreed;
        return true;
      }
      return moves.play(std::move(m));
    }, text.first_line);
    if (!parsed && !differs && moves.status.is_ok() && !moves.refused_line)
      return Status::corrupt("the file changed while it was read: " + format_error(perr));
    return moves.status;
  });
  if (!written.is_ok()) return fail(err, written);
  if (differs || agreed < recorded.size()) {
    const std::string where =
        differs ? fmt::format("line {} of {} is \"{}\", but move {} of game {} is \"{}\"", differs->line, file, differs->text,
                              agreed + 1, g.id, recorded[agreed])
                : fmt::format("{} ends after {}, but game {} holds {}", file, count_of(agreed, "move"), g.id,
                              count_of(recorded.size(), "move"));
    err << fmt::format("referee: {}: nothing was recorded. The journal is never rewritten: to replace the moves of "
                       "game {} from move {} on, the referee takes them back first (referee --game {} play \"Referee "
                       "takes back {}\"), and the file then carries that line too\n",
                       where, g.id, agreed + 1, g.id, recorded.size() - agreed);
    return kExitFailure;
  }
  if (moves.refused_line) {
    const Ruling v = refusal_of(g, moves.refusal);
    const MoveLine& m = *moves.refused_line;
    if (o.json)
      out << ojson{{"accepted", false}, {"game", g.id}, {"line", m.line}, {"move", m.text}, {"moves_agreed", agreed},
                   {"moves_recorded", moves.played}, {"events", ojson::array()}, {"violation", violation_json(v)},
                   {"resume", fmt::format("referee import --game {} FILE", g.id)}}.dump()
          << "\n";
    else
      out << fmt::format("game {}: {} already recorded, {} recorded\nline {}: {}\n{}{}\n", g.id,
                         count_of(agreed, "move"), count_of(moves.played, "move"), m.line, m.text, ruling_text(v),
                         resume_hint(g.id, file));
    return kExitRefused;
  }
  if (o.json)
    out << ojson{{"accepted", true}, {"game", g.id}, {"moves_agreed", agreed}, {"moves_recorded", moves.played},
                 {"seq", g.state.seq}, {"head", g.head_hash}}.dump()
        << "\n";
  else
    out << fmt::format("game {}: {} already recorded, {} recorded, {}; head {}\n", g.id, count_of(agreed, "move"),
                       count_of(moves.played, "move"), count_of(g.state.seq, "event"), g.head_hash.substr(0, kShortHash));
  return kExitOk;
}

// A game's text read without writing anything: its header, its edition (the --ruleset-file's,
// or the built-in one the header names) and every move line. A problem is said on err and comes
// back as exit 2 (usage).
int read_game_text(const CommonOptions& o, const std::string& file, const GameText& text, std::ostream& err,
                   Ruleset* ruleset, GameFile* game_file) {
  GameHeader header;
  ParseError perr;
  if (!parse_header(text.text, &header, &perr, text.first_line)) {
    err << fmt::format("referee: {}: line {}: {}\n", file, perr.line, perr.message);
    return kExitUsage;
  }
  if (Status s = edition_for_new_game(o.ruleset_file, &header, ruleset); !s.is_ok()) {
    err << fmt::format("referee: {}: {}\n", file, s.message());
    return kExitUsage;
  }
  if (!parse_game(text.text, *ruleset, game_file, &perr, [](const GameFile&, MoveLine&&) { return true; },
                  text.first_line)) {
    err << fmt::format("referee: {}: line {}: {}\n", file, perr.line, perr.message);
    return kExitUsage;
  }
  game_file->header.ruleset_data = header.ruleset_data;
  return kExitOk;
}

// Imports one game's text (a whole file, or one game of a file of several) into the journal j.
// The text is read twice, one move line at a time, never all of it at once: first to refuse a
// line that does not parse before anything is written (exit 2), then to play.
int import_game(const CommonOptions& o, Journal& j, const std::string& file, const GameText& text, std::ostream& out,
                std::ostream& err) {
  Ruleset ruleset;
  GameFile game_file;
  if (const int code = read_game_text(o, file, text, err, &ruleset, &game_file); code != kExitOk) return code;
  ParseError perr;
  std::int64_t id = 0;
  std::optional<Violation> refused;
  Game g;
  FileMoves moves(j, g);
  // The game and every move of the file in one transaction: an import stopped by a crash, a
  // full disk or a lost race leaves nothing behind. A move the rules refuse ends the import
  // with the legal moves before it recorded (INTERFACE.md section 2).
  Status written = j.write_transaction([&] {
    if (Status s = create_game(j, game_file.header, game_file.setup, &id, &refused); !s.is_ok() || refused) return s;
    if (Status s = load_game(j, id, 0, &g); !s.is_ok()) return s;
    g.snapshot_every = o.snapshot_every;
    GameFile again;  // the second reading's own header, unused: the first one's made the game
    const bool parsed = parse_game(text.text, ruleset, &again, &perr, [&](const GameFile&, MoveLine&& m) {
      return moves.play(std::move(m));
    }, text.first_line);
    if (!parsed) return Status::corrupt("the file changed while it was read: " + format_error(perr));
    return moves.status;
  });
  if (!written.is_ok()) return fail(err, written);
  if (refused) {
    const Ruling words = ruling_of(ruleset, *refused, game_file.header.players);
    if (o.json) out << ojson{{"accepted", false}, {"line", 0}, {"violation", violation_json(words)}}.dump() << "\n";
    else out << "[Setup] " << ruling_text(words);
    return kExitRefused;
  }
  if (moves.refused_line) {
    const Ruling v = refusal_of(g, moves.refusal);
    const MoveLine& m = *moves.refused_line;
    if (o.json)
      out << ojson{{"accepted", false}, {"game", id}, {"line", m.line}, {"move", m.text}, {"moves_recorded", moves.played},
                   {"events", ojson::array()}, {"violation", violation_json(v)}}.dump()
          << "\n";
    else
      out << fmt::format("game {}: {} recorded\nline {}: {}\n{}{}\n", id, count_of(moves.played, "move"), m.line, m.text,
                         ruling_text(v), resume_hint(id, file));
    return kExitRefused;
  }
  if (o.json)
    out << ojson{{"accepted", true}, {"game", id}, {"moves_recorded", moves.played}, {"seq", g.state.seq}, {"head", g.head_hash}}.dump()
        << "\n";
  else
    out << fmt::format("game {}: {} recorded, {}; head {}\n", id, count_of(moves.played, "move"), count_of(g.state.seq, "event"),
                       g.head_hash.substr(0, kShortHash));
  return kExitOk;
}

// A file of one game: imported as it is, or (--game N) continuing game N.
int import_one_game(const CommonOptions& o, const std::string& file, const GameText& text, std::ostream& out,
                    std::ostream& err) {
  if (o.game) {
    Ruleset ruleset;
    GameFile game_file;
    if (const int code = read_game_text(o, file, text, err, &ruleset, &game_file); code != kExitOk) return code;
    return resume_import(o, file, text, ruleset, game_file, out, err);
  }
  std::unique_ptr<Journal> j;
  if (Status s = open_journal(o, false, &j); !s.is_ok()) return fail(err, s);
  return import_game(o, *j, file, text, out, err);
}

}  // namespace

int run_import(const CommonOptions& o, const std::string& file, std::ostream& out, std::ostream& err) {
  // The file is streamed, one game at a time (a file of ten thousand games is never held whole);
  // "-" is standard input, kept in a temporary file so that it too can be read twice.
  std::unique_ptr<std::istream> in;
  if (Status s = open_input_stream(file, &in); !s.is_ok()) {
    err << "referee: " << s.message() << "\n";
    return kExitFailure;
  }
  // Several games, like PGN: none is written unless every one reads (exit 2), so the file is read
  // once to check every game, holding one at a time...
  GameText first;
  {
    GameReader games(*in);
    GameText g;
    while (games.next(&g)) {
      Ruleset ruleset;
      GameFile game_file;
      if (const int code = read_game_text(o, file, g, err, &ruleset, &game_file); code != kExitOk) return code;
      if (games.games() == 1) first = std::move(g);
      else first = GameText{};
    }
    if (games.failed()) {
      err << "referee: cannot read " << (file == kStandardInput ? std::string("standard input") : file) << "\n";
      return kExitFailure;
    }
    if (games.games() == 1) return import_one_game(o, file, first, out, err);
    if (o.game) {
      err << fmt::format("referee: {} holds {} games: --game N resumes one game from a file of that game alone\n", file,
                         games.games());
      return kExitUsage;
    }
  }
  // ...then again to import each in turn, in its own transaction: a refusal in one (exit 3)
  // leaves the others. With --json the answer is an array of the games' answers, in file order,
  // written as each game is imported.
  std::unique_ptr<Journal> j;
  if (Status s = open_journal(o, false, &j); !s.is_ok()) return fail(err, s);
  in->clear();
  in->seekg(0);
  GameReader games(*in);
  GameText g;
  int worst = kExitOk;
  if (o.json) out << "[";
  // A game that cannot be written (a full disk) stops the import; the games before it stand,
  // and --json's array, closed, lists them.
  const auto stop = [&](int code) {
    if (o.json) out << "]\n";
    return code;
  };
  while (games.next(&g)) {
    std::ostringstream one;
    const int code = import_game(o, *j, file, g, one, err);
    if (code != kExitOk && code != kExitRefused) return stop(code);
    if (code == kExitRefused) worst = kExitRefused;
    if (o.json) {
      std::string answer = one.str();
      while (!answer.empty() && answer.back() == '\n') answer.pop_back();
      out << (games.games() > 1 ? "," : "") << answer;
    } else {
      out << one.str();
    }
  }
  if (games.failed()) {
    err << "referee: cannot read " << (file == kStandardInput ? std::string("standard input") : file) << "\n";
    return stop(kExitFailure);
  }
  return stop(worst);
}

int run_play(const CommonOptions& o, const std::string& move_as_typed, bool dry_run,
             std::optional<std::int64_t> expect_seq, std::ostream& out, std::ostream& err) {
  std::unique_ptr<Journal> j;
  Game g;
  if (Status s = open_game(o, dry_run, &j, 0, &g); !s.is_ok()) return fail(err, s);
  // Compare-and-set for programs: the position they decided on must still be the game's. (The
  // append itself also refuses if another writer got in after this load.)
  if (expect_seq && *expect_seq != g.state.seq)
    return fail(err, Status::conflict(fmt::format("game {} is at event {}, not {} as expected; nothing was written",
                                                  g.id, g.state.seq, *expect_seq)));
  std::vector<Command> commands;
  ParseError perr;
  if (!parse_moves(move_as_typed, g.ruleset, g.header.players, &commands, &perr)) {
    err << "referee: " << perr.message << "\n";
    return kExitUsage;
  }
  stamp_as_it_comes(g, &commands);
  // A line naming several properties is one move for each, played in the order written; a
  // refusal stops the line, and the moves before it stand (as an import's do).
  PlayOutcome po;
  std::vector<LoggedEvent> events;
  g.snapshot_every = o.snapshot_every;
  for (const Command& command : commands) {
    po = PlayOutcome{};
    if (Status s = play_move(*j, g, command, dry_run, &po); !s.is_ok()) return fail(err, s);
    // A withheld outcome leaves the position where it was: nothing after it can be ruled.
    if (!po.decision.accepted || po.withheld) break;
    events.insert(events.end(), po.events.begin(), po.events.end());
  }
  if (o.json) {
    // Every move of the line: their events, and the last one's ruling.
    PlayOutcome all = po;
    all.events = events;
    ojson doc = play_json(g, all, dry_run);
    if (commands.size() > 1) doc["moves"] = commands.size();
    out << doc.dump() << "\n";
  } else if (po.withheld) {
    // docs/trust.md, "Sealed chance": what the referee would throw or turn up is not shown.
    out << "Legal (dry run, nothing recorded). This game is sealed: what the dice or the card would give is "
           "withheld until the move is played.\n";
  } else {
    if (!events.empty()) {
      out << (dry_run ? "Legal (dry run, nothing recorded):\n" : "Accepted:\n");
      for (const LoggedEvent& r : events)
        if (r.event.type != EventType::MovePlayed)
          out << fmt::format("  {:>5}  {}\n", r.seq, narrate(g.ruleset, g.header.players, r.event));
    }
    if (!po.decision.accepted) {
      out << ruling_text(refusal_of(g, po));
    } else {
      out << "Now: " << phase_words(g.ruleset, g.header.players, g.state) << "\n";
      if (!dry_run) out << head_line(g);
    }
  }
  return po.decision.accepted ? kExitOk : kExitRefused;
}

namespace {

// The position as a [Setup] (notation section 4), and what of it a [Setup] cannot state: a
// [Setup] places tokens, cash, deeds, buildings, mortgages, jail cards and turns in jail,
// Conglomerates and who throws next; a game begun from it starts a turn. So it is the position
// exactly between turns, or once a move is over, and only then.
SetupPosition position_as_setup(const Game& g, std::vector<std::string>* limits) {
  const State& s = g.state;
  const Ruleset& r = g.ruleset;
  SetupPosition setup;
  for (PlayerId p = 0; p < s.player_count; ++p) {
    const PlayerState& ps = s.player(p);
    if (ps.bankrupt) {
      PlayerSetup out_of_game;
      out_of_game.player = p;
      out_of_game.bankrupt = true;
      setup.players.push_back(std::move(out_of_game));
      continue;
    }
    PlayerSetup ps_setup;
    ps_setup.player = p;
    ps_setup.cash = ps.cash;
    ps_setup.at = ps.square;
    for (SquareId q = 0; q < r.board_size(); ++q) {
      const Holding& h = s.holdings[q];
      if (h.owner != p) continue;
      PropertySetup prop;
      prop.square = q;
      prop.hotel = h.buildings == kHotel;
      prop.houses = prop.hotel ? 0 : h.buildings;
      prop.mortgaged = h.mortgaged;
      ps_setup.owns.push_back(prop);
    }
    for (int d = 0; d < kDeckCount; ++d)
      for (int k = 0; k < ps.jail_cards[static_cast<std::size_t>(d)]; ++k) ps_setup.jail_card_packs.push_back(static_cast<DeckId>(d));
    if (!ps_setup.jail_card_packs.empty()) ps_setup.jail_cards = static_cast<int>(ps_setup.jail_card_packs.size());
    if (ps.in_jail) ps_setup.jail_turns = ps.jail_turns;
    for (std::size_t c = 0; c < ps.owes.size(); ++c)
      if (ps.owes[c].units > 0) ps_setup.owes.emplace_back(static_cast<PlayerId>(static_cast<int>(c) - 1), ps.owes[c]);
    for (std::uint64_t mask : s.conglomerates) {
      if (mask == 0) continue;
      std::vector<SquareId> three;
      for (SquareId q = 0; q < r.board_size(); ++q)
        if ((mask >> q & 1) != 0) three.push_back(q);
      if (!three.empty() && s.holdings[three.front()].owner == p) ps_setup.conglomerates.push_back(three);
    }
    setup.players.push_back(std::move(ps_setup));
  }
  if (s.phase == Phase::GameOver) {
    setup.winner = s.winner;
  } else if (s.phase == Phase::AwaitingRoll && !s.throw_again) {
    setup.turn = s.turn;
  } else if (s.phase == Phase::TurnOver) {
    setup.turn = next_player(s);
  } else if (s.player(s.turn).bankrupt) {
    // The Bank auctions a bankrupt's deeds in what was his turn; once they are sold the next
    // player's turn begins. A [Setup] names no bankrupt in Turn (the game would start a turn of a
    // player out of it): it states the deeds still to be sold with the Bank, and that next player.
    setup.turn = next_player(s);
    limits->push_back(fmt::format("the Bank's auction of {}'s deeds is under way ({}): a [Setup] states the deeds "
                                  "not yet sold as the Bank's",
                                  g.header.players[static_cast<std::size_t>(s.turn)],
                                  phase_words(r, g.header.players, s)));
  } else {
    setup.turn = s.turn;
    limits->push_back(fmt::format("a move is in progress ({}): a game begun from a [Setup] starts a turn",
                                  phase_words(r, g.header.players, s)));
  }
  if (s.rent_open()) limits->push_back("rent is due and may still be asked for");
  if (s.offer.open) limits->push_back("a trade offer waits for its answer");
  if (s.jackpot.units > 0) limits->push_back("a Free Parking jackpot waits (house rule)");
  setup.time_called = s.time_called;
  if (s.lift_at_once != 0) limits->push_back("a mortgaged deed just traded may still be lifted at its principal");
  if (s.seeded) limits->push_back("the seeded dice and packs start again from the seed");
  return setup;
}

}  // namespace

int run_status_setup(const CommonOptions& o, std::int64_t at, std::ostream& out, std::ostream& err) {
  std::unique_ptr<Journal> j;
  Game g;
  std::optional<MoveSpan> inside;
  // Between moves, as status --at (a [Setup] of a half-applied move would state what never stood
  // on the table); the note goes to stderr, so that stdout stays a .game text.
  if (Status s = open_game_between_moves(o, &j, at, &g, &inside); !s.is_ok()) return fail(err, s);
  std::string note;
  note_between_moves(inside, at, &note, nullptr);
  err << note;
  std::vector<std::string> limits;
  const SetupPosition setup = position_as_setup(g, &limits);
  // Inside the opening (the next event is not a move line): the players are not all placed yet.
  if (at > 0) {
    bool inside_opening = false;
    if (Status s = GameLog(*j, g).read(g.state.seq + 1, g.state.seq + 1, [&](const LoggedEvent& e) {
          inside_opening = e.event.type != EventType::MovePlayed && g.state.moves_played == 0;
          return false;
        });
        !s.is_ok())
      return fail(err, s);
    if (inside_opening) limits.push_back("the opening is still being placed");
  }
  GameHeader header = g.header;
  header.setup.clear();
  header.format = 0;
  // The cards known to lie at the packs' bottoms are not stated: a game from a [Setup] starts
  // with its packs unseen (or shuffled from its seed).
  const std::string text = print_game(header, setup, {}, g.ruleset);
  if (o.json) {
    ojson doc{{"game", g.id}, {"seq", g.state.seq}, {"setup", text}, {"exact", limits.empty()}};
    doc["limits"] = limits;
    out << doc.dump() << "\n";
    return kExitOk;
  }
  out << text;
  for (const std::string& l : limits) err << "referee status --setup: not stated: " << l << "\n";
  return kExitOk;
}

std::string agreed_hour_words(const AgreedHour& h) {
  if (!h.limited) return "";
  if (h.at == kNoTime)
    return "Agreed hour: not known (the TimeLimit needs a dated Started tag): the game cannot be ruled by the hour\n";
  return fmt::format("Agreed hour: {}{}\n", clock_text(h.at),
                     h.stamped ? " (moves stamped after it wait for Referee calls time)"
                               : "; no move carries a @TIME stamp, so the game cannot be ruled by the hour");
}

int run_status(const CommonOptions& o, std::int64_t at, std::ostream& out, std::ostream& err) {
  std::unique_ptr<Journal> j;
  Game g;
  std::optional<MoveSpan> inside;
  if (Status s = open_game_between_moves(o, &j, at, &g, &inside); !s.is_ok()) return fail(err, s);
  // The referee's rulings recorded so far: corrections are part of the game's story.
  RecordedRulings rulings;
  if (Status s = recorded_rulings(*j, g, &rulings); !s.is_ok()) return fail(err, s);
  AgreedHour hour;
  if (Status s = agreed_hour_of(*j, g, &hour); !s.is_ok()) return fail(err, s);
  if (o.json) {
    ojson doc = status_json(g, rulings, hour);
    note_between_moves(inside, at, nullptr, &doc);
    out << doc.dump() << "\n";
  } else {
    std::string note;
    note_between_moves(inside, at, &note, nullptr);
    out << note << position_text(g) << agreed_hour_words(hour);
    for (const auto& [seq, words] : rulings) out << fmt::format("Event {}: {}\n", seq, words);
    out << head_line(g);
  }
  return kExitOk;
}

int run_value(const CommonOptions& o, std::int64_t at, std::ostream& out, std::ostream& err) {
  std::unique_ptr<Journal> j;
  Game g;
  std::optional<MoveSpan> inside;
  if (Status s = open_game_between_moves(o, &j, at, &g, &inside); !s.is_ok()) return fail(err, s);
  const Valuation v = value_estates(g.ruleset, g.state);
  const auto& names = g.header.players;
  std::string leaders;
  for (PlayerId p : v.leaders) leaders += (leaders.empty() ? "" : ", ") + names[static_cast<std::size_t>(p)];
  if (o.json) {
    ojson doc = value_json(g, v);
    note_between_moves(inside, at, nullptr, &doc);
    out << doc.dump() << "\n";
    return kExitOk;
  }
  std::string note;
  note_between_moves(inside, at, &note, nullptr);
  out << note;
  out << fmt::format("Game {} ({}), after event {}: estates valued by the short game's rules{}{}\n", g.id, g.ruleset.id,
                     g.state.seq, g.ruleset.regions.empty() ? "" : ", in par dollars (each currency at its rate)",
                     v.final         ? " (final)"
                     : v.provisional ? " (provisional: " + time_called_wait_words(v.waits) + ")"
                                     : " (the game goes on)");
  for (const EstateValue& e : v.estates) {
    out << fmt::format("{}{}: {}\n", names[static_cast<std::size_t>(e.player)], e.in_game ? "" : " (out of the game)",
                       money_words(g.ruleset, e.total));
    for (const ValuationItem& i : e.items)
      out << fmt::format("    {:>8}  {}\n", money_words(g.ruleset, i.amount),
                         valuation_item_words(g.ruleset, i));
  }
  out << (v.leaders.size() == 1 ? fmt::format("{} {}\n", v.final ? "Winner:" : "Richest now:", leaders)
                                : fmt::format("Tied: {}\n", leaders));
  return kExitOk;
}

int run_moves(const CommonOptions& o, const std::string& now, std::ostream& out, std::ostream& err) {
  if (!now.empty() && clock_seconds(now) == kNoTime) {
    err << "referee moves: bad --now '" << now << "': expected HH:MM:SS or an ISO-8601 time like 2026-11-21T19:42:10Z\n";
    return kExitUsage;
  }
  std::unique_ptr<Journal> j;
  Game g;
  if (Status s = open_game(o, true, &j, 0, &g); !s.is_ok()) return fail(err, s);
  const std::vector<LegalMove> moves = legal_moves(g.ruleset, g.state, now.empty() ? kNoTime : clock_seconds(now));
  const auto& names = g.header.players;
  const bool trading = trading_open(g.state);
  if (o.json) {
    out << moves_json(g, moves).dump() << "\n";
    return kExitOk;
  }
  out << fmt::format("Now: {}\n", phase_words(g.ruleset, names, g.state));
  for (const LegalMove& m : moves)
    out << "  " << print_move(m.command, g.ruleset, names) << (m.range.kind == MoveRange::Kind::Exact ? "" : "   (" + range_words(m.range) + ")") << "\n";
  if (trading)
    out << "  PLAYER offers PLAYER: WHAT for WHAT   ("
        << (g.ruleset.trade.only_before_own_throw ? "the player to move, before their throw, once a turn"
                                                  : "any player, any time")
        << ": properties, an amount, cards)\n";
  return kExitOk;
}

int run_settle(const CommonOptions& o, const std::string& player, std::int64_t at, std::ostream& out,
               std::ostream& err) {
  std::unique_ptr<Journal> j;
  Game g;
  std::optional<MoveSpan> inside;
  if (Status s = open_game_between_moves(o, &j, at, &g, &inside); !s.is_ok()) return fail(err, s);
  std::vector<NameCandidate> names;
  for (std::size_t i = 0; i < g.header.players.size(); ++i) names.push_back({g.header.players[i], {}, static_cast<int>(i)});
  const NameMatch m = match_name(player, names, "player");
  if (!m.found) {
    err << "referee: " << m.error << "\n";
    return kExitUsage;
  }
  const PlayerId p = static_cast<PlayerId>(m.id);
  PastBankruptcy past;
  if (g.state.player(p).bankrupt)
    if (Status s = find_bankruptcy(*j, g, p, &past); !s.is_ok()) return fail(err, s);
  if (o.json) {
    ojson doc = settlement_json(g, p, &past);
    note_between_moves(inside, at, nullptr, &doc);
    out << doc.dump() << "\n";
  } else {
    std::string note;
    note_between_moves(inside, at, &note, nullptr);
    out << note << settlement_text(g, p, &past);
  }
  return kExitOk;
}

int run_explain(const CommonOptions& o, std::int64_t seq, std::ostream& out, std::ostream& err) {
  std::unique_ptr<Journal> j;
  if (Status s = open_journal(o, true, &j); !s.is_ok()) return fail(err, s);
  std::int64_t id = 0;
  if (Status s = resolve_game_id(*j, o.game, &id); !s.is_ok()) return fail(err, s);
  Explanation ex;
  if (Status s = explain_event(*j, id, seq, &ex); !s.is_ok()) return fail(err, s);
  if (o.json) out << explanation_json(ex).dump() << "\n";
  else out << explanation_text(ex);
  return kExitOk;
}

int run_dispute(const CommonOptions& o, const std::string& claim, std::int64_t at, std::ostream& out, std::ostream& err) {
  std::unique_ptr<Journal> j;
  if (Status s = open_journal(o, true, &j); !s.is_ok()) return fail(err, s);
  std::int64_t id = 0;
  if (Status s = resolve_game_id(*j, o.game, &id); !s.is_ok()) return fail(err, s);
  DisputeRuling d;
  if (Status s = rule_on_claim(*j, id, claim, at > 0 ? std::optional<std::int64_t>(at) : std::nullopt, &d); !s.is_ok())
    return fail(err, s);
  if (o.json) out << dispute_json(d).dump() << "\n";
  else out << dispute_text(d);
  return kExitOk;
}

int run_audit(const CommonOptions& o, const std::string& file, std::ostream& out, std::ostream& err,
              const std::optional<std::string>& seed) {
  if (seed && !well_formed_seed(*seed)) {
    err << "referee: --seed takes a sealed game's seed as revealed: 32 to 128 lowercase hex digits\n";
    return kExitUsage;
  }
  AuditReport rep;
  if (Status s = audit_game_file(file, &rep, seed); !s.is_ok()) return fail(err, s);
  if (o.json) out << audit_json(rep).dump() << "\n";
  else out << audit_text(rep);
  // Breaches found: the same code as a refused move, so scripts can tell a clean game. A sealed
  // game's file that could be checked only in part (a throw without its dice, no seed) and has
  // no breach in that part: 1, never 0, since it is not known to be clean.
  if (!rep.breaches.empty()) return kExitRefused;
  return rep.unchecked_line != 0 ? kExitFailure : kExitOk;
}

int run_simulate(const CommonOptions& o, const SimulateOptions& so, std::ostream& out, std::ostream& err) {
  Ruleset edition;
  if (Status s = load_ruleset(so.ruleset, &edition); !s.is_ok()) {
    err << "referee: " << s.message() << "\n";
    return kExitUsage;
  }
  JailStrategy jail = JailStrategy::Mixed;
  if (so.jail_strategy == "short") jail = JailStrategy::LeaveAtOnce;
  else if (so.jail_strategy == "long") jail = JailStrategy::StayLong;
  else if (so.jail_strategy != "mixed") {
    err << "referee simulate: --jail-strategy is mixed, short (leave jail at once) or long (stay, throw for doubles)\n";
    return kExitUsage;
  }
  SimulationOptions opts;
  opts.ruleset = so.ruleset;
  opts.games = so.games;
  opts.seed = so.seed;
  opts.players = so.players;
  opts.max_moves = so.max_moves;
  opts.starting_cash = so.cash;
  for (std::size_t at = 0; at < so.variant.size();) {
    const std::size_t comma = std::min(so.variant.find(',', at), so.variant.size());
    std::string v = so.variant.substr(at, comma - at);
    v.erase(0, v.find_first_not_of(' '));
    v.erase(v.find_last_not_of(' ') + 1);
    if (!v.empty()) opts.variants.push_back(v);
    at = comma + 1;
  }
  // Refused before the journal is opened, so a bad option leaves no file behind.
  if (Status s = check_simulation_options(opts); !s.is_ok()) return fail(err, s);
  std::unique_ptr<Journal> j;
  if (so.journal) {
    if (Status s = open_journal(o, false, &j); !s.is_ok()) return fail(err, s);
  }
  opts.snapshot_every = o.snapshot_every;
  opts.jail_strategy = jail;
  opts.threads = so.threads;
  std::vector<SimulatedGame> results;
  // A progress bar on a terminal, for long runs; nothing when stderr is a file or a pipe.
  const bool bar = ::isatty(STDERR_FILENO) && so.games >= 20;
  const auto started = std::chrono::steady_clock::now();
  Status s = simulate(opts, j.get(), &results, [&](int done, int total) {
    if (!bar || (done % std::max(1, total / 100) != 0 && done != total)) return;
    const int width = 40, filled = width * done / total;
    err << "\r[" << std::string(static_cast<std::size_t>(filled), '#') << std::string(static_cast<std::size_t>(width - filled), ' ')
        << "] " << done << "/" << total << (done == total ? "\n" : "") << std::flush;
  });
  if (!s.is_ok()) return fail(err, s);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::int64_t throws = 0, events = 0, unfinished = 0;
  for (const auto& r : results) {
    throws += r.throws;
    events += r.events;
    unfinished += r.finished ? 0 : 1;
  }
  if (o.json) {
    ojson doc{{"ruleset", so.ruleset}, {"games", so.games}, {"seed", so.seed}, {"throws", throws}, {"events", events},
              {"unfinished", unfinished}, {"seconds", seconds}};
    doc["results"] = ojson::array();
    for (const auto& r : results) {
      ojson g{{"game", r.game_id}, {"moves", r.moves}, {"events", r.events}, {"throws", r.throws}, {"finished", r.finished}};
      if (r.finished) g["winner"] = r.winner;
      doc["results"].push_back(g);
    }
    out << doc.dump() << "\n";
  } else {
    for (const auto& r : results)
      out << fmt::format("game {}: {}, {}, {}\n", r.game_id ? r.game_id : r.index + 1, count_of(r.moves, "move"), count_of(r.events, "event"),
                         r.finished ? "won by " + r.winner : fmt::format("stopped at the move limit ({})", count_of(so.max_moves, "move")));
    out << fmt::format("{}, {}, {} in {:.2f} s ({:.0f} throws/s){}\n", count_of(so.games, "game"),
                       count_of(throws, "throw"), count_of(events, "event"),
                       seconds, seconds > 0 ? throws / seconds : 0.0,
                       unfinished ? fmt::format("; {} stopped at the move limit", unfinished) : "");
  }
  return kExitOk;
}

int run_stats(const CommonOptions& o, int skip_throws, std::ostream& out, std::ostream& err) {
  std::unique_ptr<Journal> j;
  if (Status s = open_journal(o, true, &j); !s.is_ok()) return fail(err, s);
  JournalStatistics st;
  if (Status s = journal_statistics(*j, &st, skip_throws); !s.is_ok()) return fail(err, s);
  if (o.json) out << statistics_json(st).dump() << "\n";
  else out << statistics_text(st);
  return kExitOk;
}

int run_log(const CommonOptions& o, std::int64_t from, std::int64_t to, std::ostream& out, std::ostream& err) {
  std::unique_ptr<Journal> j;
  Game g;
  if (Status s = open_game(o, true, &j, 0, &g); !s.is_ok()) return fail(err, s);
  ojson all = ojson::array();
  // Read to the end, so an event a later take-back voided is marked so even in a shorter range.
  std::vector<LoggedEvent> events;
  if (Status s = GameLog(*j, g).read_all(1, 0, &events); !s.is_ok()) return fail(err, s);
  mark_voided(&events);
  // Every event is said in turn from the first, whatever the range, so an offer's end is said
  // as its maker's withdrawal or the other's refusal.
  EventNarrator narrator(g.ruleset, g.header.players);
  for (const LoggedEvent& r : events) {
    const std::string words = narrator(r.event);
    if (r.seq < from || (to != 0 && r.seq > to)) continue;
    if (o.json) {
      ojson e = event_json(g, r);
      e["words"] = words;
      e["hash"] = r.hash;
      if (r.voided_by != 0) e["voided_by"] = r.voided_by;
      all.push_back(e);
    } else {
      out << fmt::format("{:>6} {:<17} {:<8} {}{}\n", r.seq, r.type, r.actor, words,
                         r.voided_by != 0 ? fmt::format("  [void: taken back at event {}]", r.voided_by) : "");
    }
  }
  if (o.json) out << ojson{{"game", g.id}, {"events", all}}.dump() << "\n";
  return kExitOk;
}

namespace {

bool is_hex_hash_prefix(const std::string& h) {
  return h.size() >= kShortHash && h.size() <= 64 && h.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// Where the anchor stands in a game's chain: 0 for the genesis, the event's seq, or -1 when
// no hash of the game begins with it. The events of a move share its hash: the anchor stands
// at the move's last event.
Status find_anchor(Journal& j, std::int64_t id, const std::string& anchor, std::int64_t* found) {
  *found = -1;
  GameRow row;
  if (Status s = j.game(id, &row); !s.is_ok()) return s;
  if (row.genesis.compare(0, anchor.size(), anchor) == 0) *found = 0;
  if (*found == 0) return Status::ok();
  return j.scan(id, 1, 0, [&](const EventRow& r) {
    if (r.hash.compare(0, anchor.size(), anchor) != 0) return *found < 0;
    *found = r.seq;
    return true;
  });
}

}  // namespace

int run_reveal(const CommonOptions& o, std::ostream& out, std::ostream& err) {
  std::unique_ptr<Journal> j;
  if (Status s = open_journal(o, false, &j); !s.is_ok()) return fail(err, s);
  std::int64_t id = 0;
  if (Status s = resolve_game_id(*j, o.game, &id); !s.is_ok()) return fail(err, s);
  Game game;
  if (Status s = load_game(*j, id, 1, &game); !s.is_ok()) return fail(err, s);
  if (game.header.sealed.empty()) {
    err << fmt::format("referee: game {} is not sealed: it has no seed to reveal\n", id);
    return kExitFailure;
  }
  Reveal reveal;
  if (Status s = reveal_seed(*j, game.header.sealed, &reveal); !s.is_ok()) return fail(err, s);
  if (reveal.still_in_play != 0) {
    // rule referee/reveal-after-play: the seed is the dice and cards still to come at every
    // table sealed with it, so it is revealed only once each of them is over or has had time called.
    const std::string why = fmt::format(
        "the seed of game {} is not revealed yet: game {}, sealed with the same seed, is still in play "
        "(it is revealed once every game sealed with it is over or has had time called)",
        id, reveal.still_in_play);
    if (o.json)
      out << ojson{{"accepted", false},
                   {"violation", {{"rule", "referee/reveal-after-play"}, {"section", "TOURNAMENTS"}, {"message", why}}}}
                 .dump()
          << "\n";
    else
      out << why << " [referee/reveal-after-play]\n";
    return kExitRefused;
  }
  if (o.json) {
    out << ojson{{"game", id}, {"games", reveal.games}, {"seed", reveal.seed}, {"commitment", reveal.commitment}}.dump()
        << "\n";
  } else {
    out << fmt::format("seed {}\ncommitment {} (SHA-256 of the seed's text)\ngames sealed with it: {}\n", reveal.seed,
                       reveal.commitment, fmt::join(reveal.games, ", "));
  }
  return kExitOk;
}

namespace {

// verify's report of each tournament given (text, or one JSON object each in *json_list when
// json_list is given); false when one of them is not ok. A Status that is not ok: the journal
// could not be read (its words are the caller's to print).
Status report_tournaments(Journal& j, const std::vector<std::int64_t>& ids, const std::string& anchor, std::ostream& out,
                          ojson* json_list, bool* all_ok) {
  for (const std::int64_t id : ids) {
    TournamentVerifyReport rep;
    if (Status s = verify_tournament(j, id, anchor, &rep); !s.is_ok()) return s;
    bool anchor_missing = false;  // the records hold, but the hash given is not in their chain
    if (rep.ok && !anchor.empty() && rep.anchor_seq < 0) {
      rep.ok = false;
      anchor_missing = true;
      rep.problem = fmt::format("the hash {} is not this tournament's head, nor any hash of its chain (its head is {} "
                                "at record {}): the hash was mistyped, or records were cut off or rewritten since it "
                                "was written down. The chain itself holds",
                                anchor, rep.head.substr(0, kShortHash), rep.records);
    }
    *all_ok = *all_ok && rep.ok;
    const std::string anchor_words =
        rep.anchor_seq == 0 ? std::string("the first head") : fmt::format("record {}", rep.anchor_seq);
    if (json_list != nullptr) {
      ojson r{{"tournament", id}, {"ok", rep.ok}, {"records", rep.records}, {"games", rep.games},
              {"first_head", rep.first_head}};
      if (!rep.head.empty()) r["head"] = rep.head;
      if (rep.anchor_seq >= 0) r["anchor_seq"] = rep.anchor_seq;
      if (anchor_missing) {
        r["anchor_found"] = false;
        r["problem"] = rep.problem;
      } else if (!rep.ok) {
        r["first_bad_seq"] = rep.first_bad_seq;
        if (rep.chain_broken) r["chain_broken"] = true;
        r["problem"] = rep.problem;
      }
      json_list->push_back(r);
    } else if (rep.ok) {
      out << fmt::format("tournament {}: ok ({}, {} of its tables: hash chain intact, every record "
                         "agrees with the settings, the records before it and the games it names); head {}\n",
                         id, count_of(rep.records, "record"), count_of(rep.games, "game"), rep.head.substr(0, kShortHash));
      if (rep.anchor_seq >= 0) out << fmt::format("  the hash kept outside is {} of this chain\n", anchor_words);
    } else if (anchor_missing) {
      out << fmt::format("tournament {}: NOT THE HEAD: {} ({}).\n", id, rep.problem, count_of(rep.records, "record"));
    } else {
      out << fmt::format("tournament {}: BROKEN {}: {}\n", id,
                         rep.first_bad_seq == 0 ? std::string("in its settings")
                                                : fmt::format("at record {}", rep.first_bad_seq),
                         rep.problem);
    }
  }
  return Status::ok();
}

}  // namespace

int run_verify(const CommonOptions& o, const std::string& expect_head, std::ostream& out, std::ostream& err,
               const std::optional<std::string>& seed, std::optional<std::int64_t> tournament) {
  if (seed && !well_formed_seed(*seed)) {
    err << "referee: --seed takes a sealed game's seed as revealed: 32 to 128 lowercase hex digits\n";
    return kExitUsage;
  }
  std::string anchor = expect_head;
  for (char& c : anchor) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (!expect_head.empty() && !is_hex_hash_prefix(anchor)) {
    err << fmt::format("referee: --expect-head takes a hash of {} to 64 hex digits, as status and verify print it\n",
                       kShortHash);
    return kExitUsage;
  }
  if (tournament && (o.game || seed)) {
    err << "referee: verify --tournament checks a tournament's records; --game and --seed are for one game's "
           "(verify them apart)\n";
    return kExitUsage;
  }
  std::unique_ptr<Journal> j;
  if (Status s = open_journal(o, true, &j); !s.is_ok()) return fail(err, s);
  if (tournament) {
    ojson list = ojson::array();
    bool ok = true;
    if (Status s = report_tournaments(*j, {*tournament}, anchor, out, o.json ? &list : nullptr, &ok); !s.is_ok())
      return fail(err, s);
    if (o.json) out << ojson{{"ok", ok}, {"tournaments", list}}.dump() << "\n";
    return ok ? kExitOk : kExitFailure;
  }
  // Every tournament too when the whole journal is verified (no game named, no anchor).
  std::vector<std::int64_t> tournament_ids;
  if (!o.game && anchor.empty()) {
    std::vector<TournamentRow> rows;
    if (Status s = j->tournaments(&rows); !s.is_ok()) return fail(err, s);
    for (const TournamentRow& r : rows) tournament_ids.push_back(r.tournament_id);
  }
  std::vector<std::int64_t> ids;
  if (!anchor.empty()) {
    // An anchor belongs to one game: the one named, or the only one.
    std::int64_t id = 0;
    if (Status s = resolve_game_id(*j, o.game, &id); !s.is_ok()) return fail(err, s);
    ids.push_back(id);
  } else if (o.game) {
    ids.push_back(*o.game);
  } else {
    std::vector<GameRow> games;
    if (Status s = j->games(&games); !s.is_ok()) return fail(err, s);
    for (const auto& g : games) ids.push_back(g.game_id);
  }
  if (ids.empty() && tournament_ids.empty()) {
    if (o.json) out << ojson{{"ok", true}, {"games", ojson::array()}}.dump() << "\n";
    else out << "the journal holds no game yet: nothing to verify\n";
    return kExitOk;
  }
  // Games are independent: with many of them, a second core verifies half (each thread with
  // its own connection, as SQLite wants).
  std::vector<VerifyReport> reps(ids.size());
  std::vector<Status> statuses(ids.size());
  const unsigned threads = ids.size() >= 8 ? std::max(1u, std::min(2u, std::thread::hardware_concurrency())) : 1;
  auto work = [&](unsigned part, Journal& journal) {
    for (std::size_t i = part; i < ids.size(); i += threads) statuses[i] = verify_game(journal, ids[i], &reps[i], seed);
  };
  std::vector<std::thread> pool;
  std::vector<std::unique_ptr<Journal>> extra(threads);
  for (unsigned t = 1; t < threads; ++t) {
    if (Status s = open_journal(o, true, &extra[t]); !s.is_ok()) return fail(err, s);
    pool.emplace_back(work, t, std::ref(*extra[t]));
  }
  work(0, *j);
  for (auto& t : pool) t.join();
  bool all_ok = true;
  ojson reports = ojson::array();
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const std::int64_t id = ids[i];
    VerifyReport& rep = reps[i];
    if (!statuses[i].is_ok()) return fail(err, statuses[i]);
    if (rep.refusal) {
      // The refusal in the edition's words (the service reports it as a value).
      Game opening;
      if (Status s = load_game(*j, id, 1, &opening); !s.is_ok()) return fail(err, s);
      rep.problem += ": " + render(opening, refusal_text(opening.ruleset, *rep.refusal));
    }
    std::int64_t anchor_at = -1;
    bool anchor_missing = false;  // the chain holds, but the hash given is not in it
    if (rep.ok && !anchor.empty()) {
      if (Status s = find_anchor(*j, id, anchor, &anchor_at); !s.is_ok()) return fail(err, s);
      if (anchor_at < 0) {
        rep.ok = false;
        anchor_missing = true;
        rep.problem = fmt::format("the hash {} is not this game's head, nor any hash of its chain (its head is {} at "
                                  "event {}): the hash was mistyped, or the game was cut short or rewritten since it "
                                  "was written down. The chain itself holds",
                                  anchor, rep.chain.head_hash.substr(0, kShortHash), rep.events);
      }
    }
    all_ok = all_ok && rep.ok;
    if (o.json) {
      ojson r{{"game", id}, {"ok", rep.ok}, {"events", rep.events}, {"moves", rep.moves}, {"lines", rep.lines}};
      if (!rep.chain.head_hash.empty()) r["head"] = rep.chain.head_hash;
      if (anchor_at >= 0) r["anchor_seq"] = anchor_at;
      if (rep.legacy_opening) r["opening_anchored"] = false;
      if (!rep.long_text_seqs.empty()) r["long_text"] = rep.long_text_seqs;
      if (rep.sealed) {
        r["sealed"] = true;
        r["chance_checked"] = rep.chance_checked;
      }
      if (anchor_missing) {
        r["anchor_found"] = false;
        r["problem"] = rep.problem;
      } else if (!rep.ok) {
        r["first_bad_seq"] = rep.first_bad_seq;
        r["problem"] = rep.problem;
      }
      reports.push_back(r);
    } else if (rep.ok) {
      // The moves that stand, as `games` counts them; the lines re-decided too when take-backs
      // make them more (each take-back's own line and the moves it voided).
      out << fmt::format("game {}: ok ({}, {}{}: hash chain intact, every move line re-decided alike); head {}\n",
                         id, count_of(rep.events, "event"), count_of(rep.moves, "move"),
                         rep.lines != rep.moves ? fmt::format(" standing of {}", count_of(rep.lines, "move line")) : std::string(),
                         rep.chain.head_hash.substr(0, kShortHash));
      if (anchor_at >= 0)
        out << fmt::format("  the hash kept outside is {} of this chain\n",
                           anchor_at == 0 ? std::string("the genesis") : fmt::format("event {}", anchor_at));
      if (rep.legacy_opening)
        out << "  (written before openings were stated in the header: the opening is checked only against itself)\n";
      if (!rep.long_text_seqs.empty())
        out << fmt::format("  warning: event{} {} hold{} text longer than the {} bytes a move may record now (written "
                           "before the limit; it reads, and nothing that long is taken again)\n",
                           rep.long_text_seqs.size() == 1 ? "" : "s", fmt::join(rep.long_text_seqs, ", "),
                           rep.long_text_seqs.size() == 1 ? "s" : "", kMaxEventTextBytes);
      if (rep.sealed)
        out << (rep.chance_checked ? "  sealed: its dice and cards checked against the revealed seed\n"
                                   : "  sealed: its dice and cards taken as recorded until the seed is revealed\n");
    } else if (anchor_missing) {
      out << fmt::format("game {}: NOT THE HEAD: {} ({}, {}).\n", id, rep.problem, count_of(rep.events, "event"),
                         count_of(rep.moves, "move"));
    } else {
      out << fmt::format("game {}: BROKEN at event {}: {}\n", id, rep.first_bad_seq, rep.problem);
    }
  }
  ojson tournament_reports = ojson::array();
  if (Status s = report_tournaments(*j, tournament_ids, anchor, out, o.json ? &tournament_reports : nullptr, &all_ok);
      !s.is_ok())
    return fail(err, s);
  if (o.json) {
    ojson doc{{"ok", all_ok}, {"games", reports}};
    if (!tournament_ids.empty()) doc["tournaments"] = tournament_reports;
    out << doc.dump() << "\n";
  }
  return all_ok ? kExitOk : kExitFailure;
}


}  // namespace deedlog
