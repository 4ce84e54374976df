#include "commands/copy_command.h"

#include <fmt/format.h>

#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

#include "commands/command_outcome.h"
#include "core/exit_code.h"
#include "journal/journal.h"
#include "journal/postgres_uri.h"
#include "service/verification.h"

namespace deedlog {
namespace {

struct Copied {
  std::int64_t game_id = 0;
  std::int64_t events = 0;
  std::string head;
};

int fail(std::ostream& err, const Status& s) {
  err << "referee copy: " << s.message() << "\n";
  return s.code() == Status::Code::InvalidArgument ? kExitUsage : kExitFailure;
}

// One game read whole from the source, its chain checked on the way (verify_chain's walk):
// a broken game is not copied, since its copy would carry the break under new rows.
Status read_game(Journal& from, const std::string& from_name, std::int64_t game_id, GameRow* row,
                 std::vector<NewEvent>* events, std::string* head) {
  if (Status s = from.game(game_id, row); !s.is_ok()) return s;
  // What verify refuses is not copied: a chain that holds can still carry an event no move
  // made (a forger who knows the public hash re-chains it), and its copy would carry it on.
  VerifyReport verified;
  if (Status s = verify_game(from, game_id, &verified); !s.is_ok()) return s;
  if (!verified.ok) {
    return Status::corrupt(fmt::format("game {} of {} does not verify (event {}: {}); nothing was copied", game_id,
                                       from_name, verified.first_bad_seq, verified.problem));
  }
  ChainReport report;
  events->clear();
  const Status s = from.verify_chain(game_id, &report, [&](const EventRow& e) {
    events->push_back(NewEvent{e.at, e.actor, e.type, e.payload});
    return true;
  });
  if (!s.is_ok()) return s;
  if (!report.ok) {
    return Status::corrupt(fmt::format("game {} of {} does not verify ({}); nothing was copied", game_id, from_name,
                                       report.problem));
  }
  *head = report.head_hash;
  return Status::ok();
}

int copy_games(const CopyOptions& o, std::ostream& out, std::ostream& err);

}  // namespace

// A copy that fails writes nothing, and a destination file it created is not left behind
// empty (as `new` leaves no file after a refused start): a failed copy looks as if never run.
int run_copy(const CopyOptions& o, std::ostream& out, std::ostream& err) {
  const bool is_file = !is_postgres_uri(o.to);
  const bool existed_before = journal_may_exist(o.to);
  const int code = copy_games(o, out, err);
  if (code != kExitOk && is_file) remove_journal_left_empty(o.to, existed_before);
  return code;
}

namespace {

// Game ids are kept: each move's hash covers its game's id, so a game under another id would be
// another chain. So a game whose id the destination holds already is refused (never merged or
// renumbered), and the whole copy is one transaction: every game arrives, or none does.
int copy_games(const CopyOptions& o, std::ostream& out, std::ostream& err) {
  if (o.from.empty() || o.to.empty()) {
    err << "referee copy: --from and --to are both required (see 'referee copy --help')\n";
    return kExitUsage;
  }
  if (o.from == o.to) {
    err << "referee copy: --from and --to name the same journal\n";
    return kExitUsage;
  }
  std::unique_ptr<Journal> from;
  if (Status s = Journal::open(o.from, &from, true); !s.is_ok()) return fail(err, s);
  std::vector<std::int64_t> ids;
  if (o.game) {
    ids.push_back(*o.game);
  } else {
    std::vector<GameRow> games;
    if (Status s = from->games(&games); !s.is_ok()) return fail(err, s);
    for (const GameRow& g : games) ids.push_back(g.game_id);
  }
  std::unique_ptr<Journal> to;
  if (Status s = Journal::open(o.to, &to); !s.is_ok()) return fail(err, s);
  std::vector<Copied> copied;
  Status written = to->write_transaction([&] {
    for (std::int64_t id : ids) {
      GameRow row;
      std::vector<NewEvent> events;
      Copied c;
      c.game_id = id;
      if (Status s = read_game(*from, o.from, id, &row, &events, &c.head); !s.is_ok()) return s;
      if (Status s = to->adopt_game(row); !s.is_ok()) {
        if (!s.is_conflict()) return s;
        return Status::conflict(fmt::format("{} already holds a game {}: a copy keeps its game id (the hashes cover "
                                            "it), so it cannot be copied there; nothing was copied",
                                            o.to, id));
      }
      std::string head = row.genesis;
      if (Status s = to->append(id, 1, events, events.empty() ? nullptr : &head); !s.is_ok()) return s;
      // Events written under journal schema 1 are hashed one by one; stored again as moves they
      // would make another chain, which is no copy.
      if (head != c.head) {
        return Status::corrupt(fmt::format("game {} would arrive with other hashes (its events were written by an "
                                           "older journal schema, hashed one by one); nothing was copied",
                                           id));
      }
      c.events = static_cast<std::int64_t>(events.size());
      copied.push_back(c);
    }
    return Status::ok();
  });
  if (!written.is_ok()) return fail(err, written);
  // Verified on arrival: read back from the destination, each chain walked and its head
  // compared with the source's.
  for (const Copied& c : copied) {
    ChainReport report;
    if (Status s = to->verify_chain(c.game_id, &report); !s.is_ok()) return fail(err, s);
    if (!report.ok || report.head_hash != c.head) {
      err << "referee copy: game " << c.game_id << " did not verify on arrival at " << o.to << ": "
          << (report.ok ? "its head differs" : report.problem) << "\n";
      return kExitFailure;
    }
  }
  if (o.json) {
    nlohmann::ordered_json j;
    j["copied"] = nlohmann::ordered_json::array();
    for (const Copied& c : copied) j["copied"].push_back({{"game", c.game_id}, {"events", c.events}, {"head", c.head}});
    out << j.dump() << "\n";
    return kExitOk;
  }
  for (const Copied& c : copied) {
    out << fmt::format("copied game {}: {} event{}, head {} (verified on arrival)\n", c.game_id, c.events,
                       c.events == 1 ? "" : "s", c.head.substr(0, 12));
  }
  if (copied.empty()) out << "no games to copy\n";
  return kExitOk;
}

}  // namespace
}  // namespace deedlog
