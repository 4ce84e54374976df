#pragma once
// A costly computation run for one request at a time, with a short queue (the server's price of
// a trade: docs/trade-price.md, "On the server"): a request that finds the queue full is told at
// once to come back later (429) rather than wait behind work it cannot see the end of.
#include <condition_variable>
#include <cstddef>
#include <mutex>

namespace deedlog {

class OneAtATime {
 public:
  // waiting: how many may wait while one runs.
  explicit OneAtATime(std::size_t waiting) : most_waiting_(waiting) {}

  // The turn of one request: held while it runs, given back when it is destroyed.
  class Turn {
   public:
    Turn() = default;
    Turn(Turn&& other) noexcept : owner_(other.owner_) { other.owner_ = nullptr; }
    Turn& operator=(Turn&&) = delete;
    ~Turn() {
      if (owner_) owner_->leave();
    }
    explicit operator bool() const { return owner_ != nullptr; }

   private:
    friend class OneAtATime;
    explicit Turn(OneAtATime* owner) : owner_(owner) {}
    OneAtATime* owner_ = nullptr;
  };

  // Waits for the turn; an empty Turn, at once, when `waiting` requests wait already.
  Turn enter() {
    std::unique_lock<std::mutex> lock(mutex_);
    if (running_ && waiting_ >= most_waiting_) return Turn();
    ++waiting_;
    free_.wait(lock, [this] { return !running_; });
    --waiting_;
    running_ = true;
    return Turn(this);
  }

  // How many wait now (for tests and the server's answer).
  std::size_t waiting() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return waiting_;
  }
  bool running() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return running_;
  }

 private:
  void leave() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      running_ = false;
    }
    free_.notify_one();
  }

  std::size_t most_waiting_;
  mutable std::mutex mutex_;
  std::condition_variable free_;
  bool running_ = false;
  std::size_t waiting_ = 0;
};

}  // namespace deedlog
