#pragma once
// The result of a call that can fail for reasons outside the rules (files, the database,
// text that does not parse). Modelled on LevelDB's Status: a code and a message, built by
// named factories, cheap to return. Rule refusals are Violations (engine/violation.h), not Statuses.
#include <string>
#include <utility>

namespace deedlog {

class [[nodiscard]] Status {
 public:
  enum class Code { Ok, NotFound, Conflict, Corrupt, InvalidArgument, IOError, OutcomeUnknown, NotPrivate, PermissionDenied };

  Status() = default;
  static Status ok() { return {}; }
  static Status not_found(std::string m) { return {Code::NotFound, std::move(m)}; }
  // Another writer appended first: nothing was written; re-read and decide again.
  static Status conflict(std::string m) { return {Code::Conflict, std::move(m)}; }
  // The stored data is damaged or was tampered with.
  static Status corrupt(std::string m) { return {Code::Corrupt, std::move(m)}; }
  static Status invalid_argument(std::string m) { return {Code::InvalidArgument, std::move(m)}; }
  static Status io_error(std::string m) { return {Code::IOError, std::move(m)}; }
  // A write was sent whole (its COMMIT too) and the answer was lost with the connection: it may
  // or may not be in the journal. Read the game to learn which; a retry with the seq it was
  // decided at (expect_seq) is refused as a conflict if the first one was kept.
  static Status outcome_unknown(std::string m) { return {Code::OutcomeUnknown, std::move(m)}; }
  // A file that must be its owner's alone is not (others may read or write it or its folder, it
  // is a link, or another account's): refused unused, as ssh refuses a key others can read
  // (journal/private_file.h).
  static Status not_private(std::string m) { return {Code::NotPrivate, std::move(m)}; }
  // This account may not read a file it needs (EACCES): another account's, such as the seeds of
  // sealed games kept by the Head Judge's account.
  static Status permission_denied(std::string m) { return {Code::PermissionDenied, std::move(m)}; }

  bool is_ok() const { return code_ == Code::Ok; }
  bool is_conflict() const { return code_ == Code::Conflict; }
  bool is_not_found() const { return code_ == Code::NotFound; }
  bool is_corrupt() const { return code_ == Code::Corrupt; }
  bool is_io_error() const { return code_ == Code::IOError; }
  bool is_outcome_unknown() const { return code_ == Code::OutcomeUnknown; }
  bool is_not_private() const { return code_ == Code::NotPrivate; }
  bool is_permission_denied() const { return code_ == Code::PermissionDenied; }
  Code code() const { return code_; }
  const std::string& message() const { return message_; }

 private:
  Status(Code c, std::string m) : code_(c), message_(std::move(m)) {}
  Code code_ = Code::Ok;
  std::string message_;
};

}  // namespace deedlog
