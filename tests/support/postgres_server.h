#pragma once
// A throw-away PostgreSQL server for the tests of the journal on PostgreSQL: initdb in a
// temporary folder, a unix socket in that folder and no network, stopped (and the folder
// removed) when the test program ends, whether its tests passed or not. Where it cannot start
// (no server binaries, root without a user to run it as), available() is false and why() says
// so; the tests then skip, saying that.
#include <libpq-fe.h>
#include <pwd.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace deedlog::testing_pg {

// The folder of PostgreSQL's server programs (initdb, pg_ctl), the newest installed in Debian's
// layout; "" when there is none.
inline std::string server_programs() {
  for (const char* version : {"17", "16", "15", "14", "13"}) {
    const std::string candidate = std::string("/usr/lib/postgresql/") + version + "/bin";
    if (std::filesystem::exists(candidate + "/initdb")) return candidate;
  }
  return "";
}

// Runs sql on the database conninfo names (a libpq URI or "host=... dbname=..."); the error
// text ("" when none).
inline std::string run_sql_at(const std::string& conninfo, const std::string& sql) {
  PGconn* c = PQconnectdb(conninfo.c_str());
  std::string error;
  if (PQstatus(c) != CONNECTION_OK) {
    error = PQerrorMessage(c);
  } else {
    PGresult* r = PQexec(c, sql.c_str());
    const auto st = PQresultStatus(r);
    if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) error = PQresultErrorMessage(r);
    PQclear(r);
  }
  PQfinish(c);
  return error;
}

// The first value of the first row sql returns there ("" when none).
inline std::string query_value_at(const std::string& conninfo, const std::string& sql) {
  PGconn* c = PQconnectdb(conninfo.c_str());
  PGresult* r = PQexec(c, sql.c_str());
  std::string out = PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) > 0 ? PQgetvalue(r, 0, 0) : "";
  PQclear(r);
  PQfinish(c);
  return out;
}

// The database a URI of the server below names: "postgresql:///NAME?host=..." -> NAME.
inline std::string database_of(const std::string& uri) {
  const std::size_t from = std::string("postgresql:///").size();
  return uri.substr(from, uri.find('?') - from);
}

class Server {
 public:
  static Server& get() {
    static Server server;
    made() = true;
    return server;
  }
  // Whether get() has started (or tried to start) the server in this process: a test program
  // holds cases that never need it (tests/serve), which must not start one just to stop it.
  static bool& made() {
    static bool made = false;
    return made;
  }
  bool available() const { return started_; }
  const std::string& why() const { return why_; }

  // A libpq URI of a new, empty database on this server.
  std::string new_database() {
    const std::string name = "deedlog_" + std::to_string(++databases_);
    run_sql("postgres", "CREATE DATABASE " + name);
    return uri(name);
  }
  std::string uri(const std::string& database) const {
    return "postgresql:///" + database + "?host=" + dir_ + "&port=" + std::to_string(kPort) + "&user=postgres";
  }
  // Runs sql on database as the server's superuser; the error text ("" when none).
  std::string run_sql(const std::string& database, const std::string& sql) const { return run_sql_at(uri(database), sql); }
  // The first value of the first row sql returns.
  std::string query_value(const std::string& database, const std::string& sql) const {
    return query_value_at(uri(database), sql);
  }
  void stop() {
    if (!dir_.empty()) {
      if (started_) shell(as_owner_ + bin_ + "/pg_ctl -D " + dir_ + "/data -m fast -w stop >/dev/null 2>&1");
      std::error_code ignored;
      std::filesystem::remove_all(dir_, ignored);
      dir_.clear();
    }
    started_ = false;
  }
  ~Server() { stop(); }

 private:
  // The socket's name (.s.PGSQL.<port>) in a folder of our own: no other server shares it.
  static constexpr int kPort = 54329;

  static int shell(const std::string& command) { return std::system(command.c_str()); }

  Server() {
    bin_ = server_programs();
    if (bin_.empty()) {
      why_ = "PostgreSQL's server is not installed (Debian's postgresql package; scripts/setup.sh installs it)";
      return;
    }
    char tmpl[] = "/tmp/deedlog-pg-XXXXXX";
    if (mkdtemp(tmpl) == nullptr) {
      why_ = "cannot make a temporary folder for the server";
      return;
    }
    dir_ = tmpl;
    // initdb refuses to run as root: the server then runs as the postgres user the package made.
    if (geteuid() == 0) {
      const passwd* pw = getpwnam("postgres");
      if (pw == nullptr || chown(dir_.c_str(), pw->pw_uid, pw->pw_gid) != 0) {
        why_ = "running as root and there is no postgres user to run the server as";
        return;
      }
      as_owner_ = "runuser -u postgres -- ";
    }
    const std::string log = dir_ + "/setup.log";
    if (shell(as_owner_ + bin_ + "/initdb -D " + dir_ + "/data -U postgres --auth=trust -E UTF8 --no-sync >" + log +
              " 2>&1") != 0) {
      why_ = "initdb failed (see " + log + ")";
      return;
    }
    // No TCP at all; fsync off: a test server's data need not outlive a crash.
    if (shell(as_owner_ + bin_ + "/pg_ctl -D " + dir_ + "/data -l " + dir_ + "/server.log -w -o \"-c listen_addresses='' -k " +
              dir_ + " -p " + std::to_string(kPort) + " -c fsync=off\" start >>" + log + " 2>&1") != 0) {
      why_ = "the server did not start (see " + dir_ + "/server.log)";
      return;
    }
    started_ = true;
  }

  std::string bin_;
  std::string dir_;
  std::string as_owner_;
  std::string why_;
  bool started_ = false;
  int databases_ = 0;
};

// Stops the server when the test program ends, even when tests failed.
class Environment : public ::testing::Environment {
 public:
  void TearDown() override {
    if (Server::made()) Server::get().stop();
  }
};

}  // namespace deedlog::testing_pg

// Skips the current test, saying why, when there is no server.
#define DEEDLOG_REQUIRE_POSTGRES()                                                                      \
  do {                                                                                                  \
    if (!::deedlog::testing_pg::Server::get().available())                                             \
      GTEST_SKIP() << "PostgreSQL tests skipped: " << ::deedlog::testing_pg::Server::get().why();       \
  } while (0)
