#pragma once
// Files that only the account that made them may read: the seeds of sealed games, the server's
// keys, kept analyses, and a journal that holds sealed games (docs/trust.md, "Who can read what
// at one computer"). One place writes them, makes their folders and checks them, as ssh checks
// a private key before it uses one: a file readable by others is refused, never quietly used.
//
// What counts as safe, for a file: a regular file (not a symbolic link), this account's own,
// neither readable nor writable by group or others, in a folder that is this account's or
// root's and that group and others may not write, unless the folder has the sticky bit (as
// /tmp has: there nobody may rename or remove another's file, and every name these functions
// open is checked for its owner or made new with O_EXCL, so a name planted in advance is
// refused rather than followed).
#include <string>
#include <string_view>

#include "deedlog/status.h"

namespace deedlog {

// Writes text to path whole and privately: a temporary with a random name beside it is created
// with O_EXCL (so never through a name planted there), mode 0600 whatever the umask, written,
// synced and renamed onto path; a reader sees the old file or the new one. A link at path is
// replaced, not followed. not_private when the folder is not safe.
Status write_private_file(const std::string& path, std::string_view text);

// As write_private_file, but never over a file already there: Conflict, nothing written, when
// path exists (a link included); the file appears whole or not at all (exports, which a user
// names: docs/tournaments.md, "Exports and the record").
Status create_private_file(const std::string& path, std::string_view text);

// Makes path a folder of this account's alone (0700 whatever the umask). One already there must
// be a folder (not a link) of this account's; it is closed to others (chmod 0700).
Status make_private_folder(const std::string& path);

// Reads a private file whole; *exists is false (and the status ok) when there is none. Refused
// as not_private when it is not safe (above), as permission_denied when this account may not
// read it (another account's file: EACCES).
Status read_private_file(const std::string& path, std::string* text, bool* exists);

// The checks of read_private_file by the file's name, without opening it: ok when the file is
// safe or absent. For a journal's files, which SQLite holds locks on in this process: closing a
// descriptor of one would drop them.
Status check_private_file(const std::string& path);

// Makes a file of this account's private (0600) where it is, by its name (never opened, as
// above); ok when there is none. Refused (not_private) when it is a link, another account's, or
// in a folder that is not safe.
Status make_file_private(const std::string& path);

// Opens a lock file for flock, creating it (0600) when missing, never through a link: *fd is
// the open descriptor on ok (the caller closes it). One left readable by others is closed to
// them (a lock holds nothing, but whoever can open it can hold it); another account's is refused.
Status open_private_lock(const std::string& path, int* fd);

}  // namespace deedlog
