#pragma once
// The names of cpp-httplib's a server header speaks of, without httplib.h (a large header that
// only the files registering routes need).
namespace httplib {
class Server;
struct Request;
struct Response;
}  // namespace httplib
