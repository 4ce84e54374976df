#include "service/input_text.h"

#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>

namespace deedlog {

Status read_input_text(const std::string& path, std::string* text) {
  if (path == kStandardInput) {
    text->assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    return std::cin.bad() ? Status::io_error("cannot read standard input") : Status::ok();
  }
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored))
    return Status::invalid_argument(path + " is a folder: give one game file (import reads one .game file at a time)");
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::io_error("cannot read " + path);
  text->assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return Status::ok();
}

Status open_input_stream(const std::string& path, std::unique_ptr<std::istream>* in) {
  if (path != kStandardInput) {
    std::error_code ignored;
    if (std::filesystem::is_directory(path, ignored))
      return Status::invalid_argument(path + " is a folder: give one game file (import reads one .game file at a time)");
    auto file = std::make_unique<std::ifstream>(path, std::ios::binary);
    if (!*file) return Status::io_error("cannot read " + path);
    *in = std::move(file);
    return Status::ok();
  }
  // mkstemp makes the file for this user alone (mode 0600), under a name nobody else can take.
  std::error_code ec;
  const std::filesystem::path dir = std::filesystem::temp_directory_path(ec);
  std::string name = ((ec ? std::filesystem::path("/tmp") : dir) / "deedlog-input-XXXXXX").string();
  const int fd = mkstemp(name.data());
  if (fd < 0) return Status::io_error("cannot keep standard input in a temporary file: " + name);
  close(fd);
  auto spool = std::make_unique<std::fstream>(name, std::ios::in | std::ios::out | std::ios::binary | std::ios::trunc);
  std::filesystem::remove(name, ec);  // the open stream keeps the file until it is closed
  if (!*spool) return Status::io_error("cannot keep standard input in a temporary file: " + name);
  constexpr std::size_t kChunk = 1 << 16;
  std::string chunk(kChunk, '\0');
  while (std::cin.read(chunk.data(), static_cast<std::streamsize>(kChunk)) || std::cin.gcount() > 0)
    if (!spool->write(chunk.data(), std::cin.gcount()))
      return Status::io_error("cannot keep standard input in a temporary file (is the disk full?)");
  if (std::cin.bad()) return Status::io_error("cannot read standard input");
  if (!spool->flush()) return Status::io_error("cannot keep standard input in a temporary file (is the disk full?)");
  spool->seekg(0);
  *in = std::move(spool);
  return Status::ok();
}

}  // namespace deedlog
