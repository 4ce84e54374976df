#include "journal/private_file.h"

#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace deedlog {
namespace {

constexpr mode_t kPrivateFile = 0600;
constexpr mode_t kPrivateFolder = 0700;
constexpr mode_t kOthersMay = 077;       // any bit for group or others
constexpr mode_t kOthersMayWrite = 022;  // write for group or others

// An account's name for messages ("uid 1001" when it has none).
std::string account_name(uid_t uid) {
  struct passwd pw{};
  struct passwd* found = nullptr;
  std::array<char, 1024> buffer{};
  if (::getpwuid_r(uid, &pw, buffer.data(), buffer.size(), &found) == 0 && found != nullptr) return found->pw_name;
  return fmt::format("uid {}", uid);
}

std::string folder_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

std::string mode_text(mode_t mode) { return fmt::format("{:04o}", mode & 07777); }

// Why a folder is not a safe place for a private file, or "" when it is: whoever may write it
// (without the sticky bit) may rename a private file away and put one of theirs in its place.
std::string unsafe_folder(const std::string& folder) {
  struct stat st{};
  if (::stat(folder.c_str(), &st) != 0) return "";  // the file's own open says what is wrong
  if (st.st_uid != ::geteuid() && st.st_uid != 0)
    return fmt::format("its folder {} is {}'s, not this account's ({}), who may replace what is in it", folder,
                       account_name(st.st_uid), account_name(::geteuid()));
  if ((st.st_mode & kOthersMayWrite) != 0 && (st.st_mode & S_ISVTX) == 0)
    return fmt::format("its folder {} may be written by others (mode {}), who may replace what is in it; run "
                       "`chmod go-w {}` (or `chmod +t` for a shared folder such as /tmp)",
                       folder, mode_text(st.st_mode), folder);
  return "";
}

// Why an open file is not private, or "".
std::string unsafe_file(const std::string& path, const struct stat& st) {
  if (!S_ISREG(st.st_mode)) return fmt::format("{} is not a regular file", path);
  if (st.st_uid != ::geteuid())
    return fmt::format("{} is {}'s, not this account's ({})", path, account_name(st.st_uid), account_name(::geteuid()));
  if ((st.st_mode & kOthersMay) != 0)
    return fmt::format("{} may be read or written by others (mode {}); run `chmod 600 {}`", path, mode_text(st.st_mode),
                       path);
  return "";
}

// Opens path without following a link, for reading, and checks it. *fd is -1 when there is none.
Status open_checked(const std::string& path, int* fd) {
  *fd = -1;
  // O_NONBLOCK: a FIFO planted at the name is refused by the check below instead of waiting.
  const int f = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (f < 0) {
    const int e = errno;
    if (e == ENOENT) return Status::ok();
    if (e == ELOOP) return Status::not_private(fmt::format("{} is a symbolic link; a private file is never read through one", path));
    if (e == EACCES) {
      struct stat st{};
      const std::string owner = ::lstat(path.c_str(), &st) == 0 ? account_name(st.st_uid) : "another account";
      return Status::permission_denied(fmt::format("this account ({}) may not read {}: it is {}'s", account_name(::geteuid()),
                                                   path, owner));
    }
    return Status::io_error(fmt::format("cannot open {}: {}", path, std::strerror(e)));
  }
  struct stat st{};
  std::string problem = ::fstat(f, &st) != 0 ? fmt::format("{} cannot be examined", path) : unsafe_file(path, st);
  if (problem.empty()) {
    problem = unsafe_folder(folder_of(path));
    if (!problem.empty()) problem = path + ": " + problem;
  }
  if (!problem.empty()) {
    ::close(f);
    return Status::not_private(problem);
  }
  *fd = f;
  return Status::ok();
}

bool write_all(int fd, std::string_view text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace

namespace {

// Writes text to a new temporary beside path: created with O_EXCL under a random name (a name
// already there, a link included, is never opened), mode 0600 exactly whatever the umask, synced.
// *temp: its name, for the caller to rename or link into place.
Status write_private_temporary(const std::string& path, std::string_view text, std::string* temp) {
  const std::string folder = folder_of(path);
  if (const std::string problem = unsafe_folder(folder); !problem.empty())
    return Status::not_private(fmt::format("cannot write {}: {}", path, problem));
  std::string name_text = path + ".tmp.XXXXXX";
  std::vector<char> name(name_text.begin(), name_text.end());
  name.push_back('\0');
  const int fd = ::mkostemp(name.data(), O_CLOEXEC);
  if (fd < 0) return Status::io_error(fmt::format("cannot write beside {}: {}", path, std::strerror(errno)));
  temp->assign(name.data());
  const bool written = ::fchmod(fd, kPrivateFile) == 0 && write_all(fd, text) && ::fsync(fd) == 0;
  const bool closed = ::close(fd) == 0;
  if (!written || !closed) {
    const int e = errno;
    ::unlink(temp->c_str());
    return Status::io_error(fmt::format("cannot write {}: {}", path, std::strerror(e)));
  }
  return Status::ok();
}

// The new name itself on the disk: the folder's entry synced, as SQLite does for its files.
void sync_folder_of(const std::string& path) {
  if (const int dir = ::open(folder_of(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dir >= 0) {
    (void)::fsync(dir);
    ::close(dir);
  }
}

}  // namespace

Status write_private_file(const std::string& path, std::string_view text) {
  std::string temp;
  if (Status s = write_private_temporary(path, text, &temp); !s.is_ok()) return s;
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    const int e = errno;
    ::unlink(temp.c_str());
    return Status::io_error(fmt::format("cannot write {}: {}", path, std::strerror(e)));
  }
  sync_folder_of(path);
  return Status::ok();
}

Status create_private_file(const std::string& path, std::string_view text) {
  std::string temp;
  if (Status s = write_private_temporary(path, text, &temp); !s.is_ok()) return s;
  // link, unlike rename, fails where the name is taken (by a file, a link or anything else), in
  // one step: nothing there is ever replaced, and the file appears whole or not at all.
  const int linked = ::link(temp.c_str(), path.c_str());
  const int e = errno;
  ::unlink(temp.c_str());
  if (linked != 0 && e == EEXIST)
    return Status::conflict(fmt::format("{} is there already: nothing was written (give a new name, or remove it first)", path));
  if (linked != 0) return Status::io_error(fmt::format("cannot write {}: {}", path, std::strerror(e)));
  sync_folder_of(path);
  return Status::ok();
}

Status make_private_folder(const std::string& path) {
  if (::mkdir(path.c_str(), kPrivateFolder) != 0 && errno != EEXIST)
    return Status::io_error(fmt::format("cannot make the folder {}: {}", path, std::strerror(errno)));
  // Made now or earlier (an older deedlog made it 0777 under umask 000): it must be a folder of
  // this account's, not a link to somewhere else, and it is closed to others.
  const int fd = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ELOOP || errno == ENOTDIR)
      return Status::not_private(fmt::format("{} is not a folder of its own (a link or a file is there)", path));
    return Status::io_error(fmt::format("cannot open the folder {}: {}", path, std::strerror(errno)));
  }
  struct stat st{};
  std::string problem;
  if (::fstat(fd, &st) != 0) problem = fmt::format("{} cannot be examined", path);
  else if (st.st_uid != ::geteuid())
    problem = fmt::format("the folder {} is {}'s, not this account's ({})", path, account_name(st.st_uid), account_name(::geteuid()));
  else if ((st.st_mode & 07777) != kPrivateFolder && ::fchmod(fd, kPrivateFolder) != 0)
    problem = fmt::format("cannot close the folder {} to others: {}", path, std::strerror(errno));
  ::close(fd);
  if (!problem.empty()) return Status::not_private(problem);
  if (const std::string unsafe = unsafe_folder(folder_of(path)); !unsafe.empty())
    return Status::not_private(fmt::format("{}: {}", path, unsafe));
  return Status::ok();
}

Status read_private_file(const std::string& path, std::string* text, bool* exists) {
  text->clear();
  *exists = false;
  int fd = -1;
  if (Status s = open_checked(path, &fd); !s.is_ok() || fd < 0) return s;
  *exists = true;
  std::array<char, 8192> buffer{};
  for (;;) {
    const ssize_t n = ::read(fd, buffer.data(), buffer.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int e = errno;
      ::close(fd);
      return Status::io_error(fmt::format("cannot read {}: {}", path, std::strerror(e)));
    }
    if (n == 0) break;
    text->append(buffer.data(), static_cast<std::size_t>(n));
  }
  ::close(fd);
  return Status::ok();
}

// The journal's own files are examined by name and never opened here: SQLite holds POSIX locks
// on them in this process, and closing any descriptor of a file drops every such lock the
// process holds on it (fcntl(2)), which would let another process reset the write-ahead log
// under this one's reads and writes.
Status check_private_file(const std::string& path) {
  struct stat st{};
  if (::lstat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return Status::ok();
    return Status::io_error(fmt::format("cannot examine {}: {}", path, std::strerror(errno)));
  }
  if (S_ISLNK(st.st_mode)) return Status::not_private(fmt::format("{} is a symbolic link; a private file is never read through one", path));
  if (const std::string problem = unsafe_file(path, st); !problem.empty()) return Status::not_private(problem);
  if (const std::string unsafe = unsafe_folder(folder_of(path)); !unsafe.empty())
    return Status::not_private(fmt::format("{}: {}", path, unsafe));
  return Status::ok();
}

Status make_file_private(const std::string& path) {
  // The folder first: where nobody else may rename or replace a file, the file examined is the
  // one chmod changes.
  if (const std::string unsafe = unsafe_folder(folder_of(path)); !unsafe.empty())
    return Status::not_private(fmt::format("{}: {}", path, unsafe));
  struct stat st{};
  if (::lstat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return Status::ok();
    return Status::io_error(fmt::format("cannot examine {}: {}", path, std::strerror(errno)));
  }
  if (S_ISLNK(st.st_mode)) return Status::not_private(fmt::format("{} is a symbolic link; it is not made private through one", path));
  if (!S_ISREG(st.st_mode)) return Status::not_private(fmt::format("{} is not a regular file", path));
  if (st.st_uid != ::geteuid())
    return Status::not_private(
        fmt::format("{} is {}'s, not this account's ({})", path, account_name(st.st_uid), account_name(::geteuid())));
  if ((st.st_mode & 07777) != kPrivateFile && ::chmod(path.c_str(), kPrivateFile) != 0)
    return Status::io_error(fmt::format("cannot make {} private: {}", path, std::strerror(errno)));
  return Status::ok();
}

Status open_private_lock(const std::string& path, int* fd) {
  *fd = -1;
  const int f = ::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, kPrivateFile);
  if (f < 0) {
    const int e = errno;
    if (e == ELOOP) return Status::not_private(fmt::format("{} is a symbolic link; a lock is never taken through one", path));
    if (e == EACCES)
      return Status::permission_denied(fmt::format("this account ({}) may not open the lock {}", account_name(::geteuid()), path));
    return Status::io_error(fmt::format("cannot open the lock {}: {}", path, std::strerror(e)));
  }
  struct stat st{};
  std::string problem;
  if (::fstat(f, &st) != 0) problem = fmt::format("{} cannot be examined", path);
  else if (!S_ISREG(st.st_mode)) problem = fmt::format("the lock {} is not a regular file", path);
  else if (st.st_uid != ::geteuid())
    problem = fmt::format("the lock {} is {}'s, not this account's ({})", path, account_name(st.st_uid), account_name(::geteuid()));
  else if ((st.st_mode & kOthersMay) != 0 && ::fchmod(f, kPrivateFile) != 0)
    problem = fmt::format("cannot close the lock {} to others: {}", path, std::strerror(errno));
  if (!problem.empty()) {
    ::close(f);
    return Status::not_private(problem);
  }
  *fd = f;
  return Status::ok();
}

}  // namespace deedlog
