#pragma once
// A build without line editing (-DDEEDLOG_LINE_EDITING=OFF: no libedit). This folder stands
// first on table_lines.cpp's include path in that build only, in place of libedit's
// <editline/readline.h>, with the few calls the session makes, over plain lines: the prompt
// is written, a line is read from standard input, and there is no history and no completion.
// What `referee table` does with the lines is the same in both builds.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>

using rl_compentry_func_t = char*(const char*, int);
using rl_completion_func_t = char**(const char*, int, int);

inline rl_completion_func_t* rl_attempted_completion_function = nullptr;
inline int rl_attempted_completion_over = 0;
// The line being edited and its length, and the characters that end a word for completion:
// never read without line editing, since nothing completes.
inline char* rl_line_buffer = nullptr;
inline int rl_end = 0;
inline const char* rl_basic_word_break_characters = nullptr;
inline const char* rl_completer_word_break_characters = nullptr;

// The next line without its newline, in memory from malloc as libedit gives it; nullptr at the
// end of the input.
inline char* readline(const char* prompt) {
  std::cout << prompt << std::flush;
  std::string line;
  if (!std::getline(std::cin, line)) return nullptr;
  char* copy = static_cast<char*>(std::malloc(line.size() + 1));
  if (copy != nullptr) std::memcpy(copy, line.c_str(), line.size() + 1);
  return copy;
}

inline int add_history(const char*) { return 0; }

inline char** rl_completion_matches(const char*, rl_compentry_func_t*) { return nullptr; }
