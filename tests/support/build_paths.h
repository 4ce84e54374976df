#pragma once
// Where a test finds the source tree and the programs the build made. They come from a file the
// build writes (cmake/tests.cmake, generated/build_paths.cpp), not from -D on each test file's
// compile line: a folder's path differs from one clone to the next, and on the compile line it
// made every test object new to ccache in every fresh clone (CI's case), whatever it had cached.
namespace deedlog::testing {

const char* source_dir();          // the project's root
const char* referee_program();     // the built referee
const char* replay_program();      // the built replay
const char* serve_load_program();  // the built serve_load (empty where the server is left out)

}  // namespace deedlog::testing
