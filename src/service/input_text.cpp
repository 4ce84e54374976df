#include "service/input_text.h"

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

}  // namespace deedlog
