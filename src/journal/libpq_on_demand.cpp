// libpq, loaded on the first call rather than linked. Linked, libpq and the twenty libraries it
// brings (Kerberos, LDAP, GnuTLS, SASL, ...) were relocated and initialised at the start of every
// referee process, SQLite journal or not: about 10 million instructions, a third of a
// `play --dry-run` (docs/performance.md). Each function libpq-fe.h declares that deedlog calls is
// defined here with its own signature and forwards to libpq's, found with dlsym on first use; a
// process that never opens a postgresql:// journal never loads libpq. Without libpq installed,
// connecting fails with that reason and nothing else changes.
#include "journal/libpq_on_demand.h"

#include <dlfcn.h>
#include <libpq-fe.h>

#include <cstring>

namespace deedlog {
namespace {

struct Library {
  void* handle = nullptr;
  std::string problem;
};

const Library& library() {
  static const Library loaded = [] {
    Library l;
    l.handle = ::dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (l.handle == nullptr) {
      const char* why = ::dlerror();
      l.problem = std::string("libpq (Debian's libpq5) cannot be loaded: ") + (why ? why : "not found");
    }
    return l;
  }();
  return loaded;
}

// The function named name in libpq, as F; nullptr when libpq or the function is missing.
template <typename F>
F resolve(const char* name) {
  F f = nullptr;
  if (library().handle == nullptr) return f;
  void* found = ::dlsym(library().handle, name);
  static_assert(sizeof f == sizeof found);
  std::memcpy(&f, &found, sizeof f);  // an object pointer to a function pointer, as POSIX allows
  return f;
}

}  // namespace

std::string libpq_unavailable() { return library().problem; }

}  // namespace deedlog

using deedlog::resolve;

// Each forwarder resolves its function once (a static of its own) and calls it; without libpq
// it answers as libpq answers a missing connection or result.
#define DEEDLOG_LIBPQ(ret, name, params, args, otherwise)      \
  ret name params {                                           \
    static const auto real = resolve<ret(*) params>(#name);   \
    if (real == nullptr) return otherwise;                    \
    return real args;                                         \
  }
#define DEEDLOG_LIBPQ_VOID(name, params, args)                \
  void name params {                                          \
    static const auto real = resolve<void(*) params>(#name);  \
    if (real != nullptr) real args;                           \
  }

extern "C" {
DEEDLOG_LIBPQ(PGconn*, PQconnectdb, (const char* conninfo), (conninfo), nullptr)
DEEDLOG_LIBPQ_VOID(PQfinish, (PGconn * conn), (conn))
DEEDLOG_LIBPQ_VOID(PQreset, (PGconn * conn), (conn))
DEEDLOG_LIBPQ(ConnStatusType, PQstatus, (const PGconn* conn), (conn), CONNECTION_BAD)
DEEDLOG_LIBPQ(char*, PQerrorMessage, (const PGconn* conn), (conn), const_cast<char*>("libpq is not loaded"))
DEEDLOG_LIBPQ(int, PQsocket, (const PGconn* conn), (conn), -1)
DEEDLOG_LIBPQ(PQnoticeProcessor, PQsetNoticeProcessor, (PGconn * conn, PQnoticeProcessor proc, void* arg),
              (conn, proc, arg), nullptr)
DEEDLOG_LIBPQ(PGresult*, PQexec, (PGconn * conn, const char* query), (conn, query), nullptr)
DEEDLOG_LIBPQ(PGresult*, PQexecParams,
              (PGconn * conn, const char* command, int nParams, const Oid* paramTypes, const char* const* paramValues,
               const int* paramLengths, const int* paramFormats, int resultFormat),
              (conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat), nullptr)
DEEDLOG_LIBPQ(int, PQconsumeInput, (PGconn * conn), (conn), 0)
DEEDLOG_LIBPQ(PGnotify*, PQnotifies, (PGconn * conn), (conn), nullptr)
DEEDLOG_LIBPQ(ExecStatusType, PQresultStatus, (const PGresult* res), (res), PGRES_FATAL_ERROR)
DEEDLOG_LIBPQ(char*, PQresultErrorMessage, (const PGresult* res), (res), const_cast<char*>(""))
DEEDLOG_LIBPQ(char*, PQresultErrorField, (const PGresult* res, int fieldcode), (res, fieldcode), nullptr)
DEEDLOG_LIBPQ(int, PQntuples, (const PGresult* res), (res), 0)
DEEDLOG_LIBPQ(char*, PQgetvalue, (const PGresult* res, int tup_num, int field_num), (res, tup_num, field_num),
              const_cast<char*>(""))
DEEDLOG_LIBPQ(int, PQgetlength, (const PGresult* res, int tup_num, int field_num), (res, tup_num, field_num), 0)
DEEDLOG_LIBPQ_VOID(PQclear, (PGresult * res), (res))
DEEDLOG_LIBPQ_VOID(PQfreemem, (void* ptr), (ptr))
DEEDLOG_LIBPQ(unsigned char*, PQunescapeBytea, (const unsigned char* strtext, size_t* retbuflen), (strtext, retbuflen),
              nullptr)
}
