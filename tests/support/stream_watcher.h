#pragma once
// A watcher of one game's server-sent events (referee serve's /api/games/ID/stream), reading on
// a thread of its own until the stream has carried a MovePlayed event (or another mark given),
// as the page's watchers do.
#include <httplib.h>

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace deedlog::testing {

class StreamWatcher {
 public:
  // Returns once the stream is open (the server has sent its first bytes), so a move made
  // after it is one the watcher must be sent.
  // `until`: the text whose arrival ends the watch (an event type, quoted as in the JSON).
  StreamWatcher(int port, int game, std::string until = "\"MovePlayed\"") : until_(std::move(until)) {
    thread_ = std::thread([this, port, game] {
      httplib::Client c("127.0.0.1", port);
      c.set_read_timeout(60, 0);  // bounds the wait when nothing comes
      c.Get(("/api/games/" + std::to_string(game) + "/stream").c_str(), [&](const char* data, std::size_t n) {
        std::lock_guard<std::mutex> lock(m_);
        received_.append(data, n);
        cv_.notify_all();
        return received_.find(until_) == std::string::npos;  // enough once the mark is seen
      });
      std::lock_guard<std::mutex> lock(m_);
      received_ += "\n[closed]";
      cv_.notify_all();
    });
    std::unique_lock<std::mutex> lock(m_);
    cv_.wait(lock, [&] { return !received_.empty(); });
  }
  ~StreamWatcher() {
    if (thread_.joinable()) thread_.join();
  }

  // The data of the first event the stream sent ("" when none came before it closed), once it
  // has sent a MovePlayed or closed.
  std::string first_event() {
    if (thread_.joinable()) thread_.join();
    const std::size_t at = received_.find("data: ");
    if (at == std::string::npos) return "";
    const std::size_t end = received_.find("\n\n", at);
    if (end == std::string::npos) return "";
    return received_.substr(at + 6, end - at - 6);
  }
  // The data of every event the stream sent, in order, once the mark has come or it closed.
  std::vector<std::string> events() {
    if (thread_.joinable()) thread_.join();
    std::vector<std::string> all;
    for (std::size_t at = received_.find("data: "); at != std::string::npos; at = received_.find("data: ", at)) {
      const std::size_t end = received_.find("\n\n", at);
      if (end == std::string::npos) break;
      all.push_back(received_.substr(at + 6, end - at - 6));
      at = end;
    }
    return all;
  }
  // Everything the stream sent, for a failure's message.
  const std::string& received() const { return received_; }

 private:
  std::mutex m_;
  std::condition_variable cv_;
  std::string until_;
  std::string received_;
  std::thread thread_;
};

}  // namespace deedlog::testing
