# Installs the build into PREFIX and uses the library as a program of someone else's would
# (docs/library.md):
#   cmake -DBUILD_DIR=build -DSOURCE_DIR=. -DPREFIX=/tmp/x -DCXX=c++ -DLIBDIR=lib -DINCLUDEDIR=include
#         [-DPART=headers|example|pkg-config|python] [-DPYTHON=python3 -DPYTHON_DIR=lib/python3/dist-packages]
#         [-DCONSUMER_CXX_FLAGS=... -DCONSUMER_LINK_FLAGS=...]   (the flags the library was built with)
#         -P cmake/check_library.cmake
# headers:    every installed header compiles on its own, from the prefix alone, warnings as errors
# example:    examples/play_a_game finds the package (find_package(deedlog)), builds, plays a game
# pkg-config: a one-file program built with `pkg-config --cflags --libs deedlog` lists the
#             opening's legal moves
# python:     the installed module imports from where it was installed and plays
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${PREFIX} RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${rc})")
endif()
foreach(f ${LIBDIR}/cmake/deedlog/deedlog-config.cmake ${LIBDIR}/cmake/deedlog/deedlog-config-version.cmake
          ${LIBDIR}/pkgconfig/deedlog.pc ${LIBDIR}/libdeedlog_core.a ${INCLUDEDIR}/deedlog/decide.h
          ${INCLUDEDIR}/deedlog/ruleset_catalog.h ${INCLUDEDIR}/deedlog/game_file.h)
  if(NOT EXISTS ${PREFIX}/${f})
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()
set(work ${PREFIX}-work)
file(REMOVE_RECURSE ${work})
file(MAKE_DIRECTORY ${work})

if(PART STREQUAL "headers")
  # One translation unit a header, holding nothing but the header: what it needs it includes.
  file(GLOB_RECURSE headers RELATIVE ${PREFIX}/${INCLUDEDIR} ${PREFIX}/${INCLUDEDIR}/deedlog/*.h)
  list(LENGTH headers count)
  if(count LESS 20)
    message(FATAL_ERROR "only ${count} headers installed")
  endif()
  set(units "")
  foreach(h ${headers})
    string(MAKE_C_IDENTIFIER ${h} name)
    file(WRITE ${work}/${name}.cpp "#include \"${h}\"\n")
    list(APPEND units ${work}/${name}.cpp)
  endforeach()
  # -fsyntax-only over all the units in one run of the compiler: each unit is still its own.
  execute_process(COMMAND ${CXX} -std=c++20 -fsyntax-only -Wall -Wextra -Wpedantic -Wshadow -Werror
                          -I${PREFIX}/${INCLUDEDIR} ${units}
                  RESULT_VARIABLE rc ERROR_VARIABLE errors)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "an installed header does not compile on its own:\n${errors}")
  endif()
  # And none reaches outside the prefix's deedlog/ for a header of ours.
  foreach(h ${headers})
    file(STRINGS ${PREFIX}/${INCLUDEDIR}/${h} includes REGEX "^#include \"")
    foreach(line ${includes})
      if(NOT line MATCHES "^#include \"deedlog/")
        message(FATAL_ERROR "${h}: ${line} is not under deedlog/")
      endif()
    endforeach()
  endforeach()
  message(STATUS "${count} installed headers compile on their own")

elseif(PART STREQUAL "example")
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/play_a_game -B ${work}/build
                          -DCMAKE_PREFIX_PATH=${PREFIX} -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_BUILD_TYPE=Release
                          "-DCMAKE_CXX_FLAGS=${CONSUMER_CXX_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${CONSUMER_LINK_FLAGS}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the example does not configure against the installed package:\n${out}")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} --build ${work}/build RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the example does not build against the installed package:\n${out}")
  endif()
  foreach(args "uk-1972;7;3" "us-standard;11;2" "military;5;4")
    execute_process(COMMAND ${work}/build/play_a_game ${args} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    list(GET args 0 edition)
    if(NOT rc EQUAL 0 OR NOT out MATCHES "^move 1: Ann " OR NOT out MATCHES "\n${edition}, seed [0-9]+: [1-9][0-9]* moves"
       OR NOT out MATCHES "\n(winner: [A-Z][a-z]+|unfinished after [0-9]+ moves; richest: [A-Z][a-z]+)\n$")
      message(FATAL_ERROR "play_a_game ${args} gave ${rc}:\n${out}${err}")
    endif()
    message(STATUS "play_a_game ${args}:\n${out}")
  endforeach()

elseif(PART STREQUAL "pkg-config")
  find_program(PKG_CONFIG pkg-config REQUIRED)
  set(ENV{PKG_CONFIG_PATH} ${PREFIX}/${LIBDIR}/pkgconfig)
  execute_process(COMMAND ${PKG_CONFIG} --cflags --libs deedlog RESULT_VARIABLE rc OUTPUT_VARIABLE flags
                  ERROR_VARIABLE err OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT rc EQUAL 0 OR NOT flags MATCHES "-ldeedlog_core")
    message(FATAL_ERROR "pkg-config --cflags --libs deedlog gave ${rc}: ${flags}${err}")
  endif()
  separate_arguments(flags UNIX_COMMAND "${flags}")
  file(WRITE ${work}/first_moves.cpp [[
#include "deedlog/decide.h"
#include "deedlog/evolve.h"
#include "deedlog/legal_moves.h"
#include "deedlog/game_file.h"
#include "deedlog/ruleset_catalog.h"

#include <iostream>

int main() {
  deedlog::Ruleset ruleset;
  if (!deedlog::load_ruleset("uk-1972", &ruleset).is_ok()) return 1;
  deedlog::GameHeader header;
  header.ruleset = ruleset.id;
  header.players = {"Ann", "Ben"};
  header.seed = 42;
  deedlog::State state = deedlog::initial_state(ruleset, header);
  const deedlog::Decision start = deedlog::decide_start(ruleset, header, std::nullopt);
  if (!start.accepted) return 1;
  for (const deedlog::Event& e : start.events) deedlog::evolve(state, e);
  for (const deedlog::LegalMove& m : deedlog::legal_moves(ruleset, state))
    std::cout << deedlog::print_move(m.command, ruleset, header.players) << "\n";
}
]])
  separate_arguments(consumer_flags UNIX_COMMAND "${CONSUMER_CXX_FLAGS} ${CONSUMER_LINK_FLAGS}")
  execute_process(COMMAND ${CXX} -std=c++20 ${consumer_flags} ${work}/first_moves.cpp -o ${work}/first_moves ${flags}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "a program built with pkg-config's flags does not build:\n${out}")
  endif()
  execute_process(COMMAND ${work}/first_moves RESULT_VARIABLE rc OUTPUT_VARIABLE out)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "^Ann rolls")
    message(FATAL_ERROR "first_moves gave ${rc}:\n${out}")
  endif()

elseif(PART STREQUAL "python")
  set(ENV{PYTHONPATH} ${PREFIX}/${PYTHON_DIR})
  execute_process(COMMAND ${PYTHON} -c [[
import os, sys, deedlog
assert os.path.dirname(deedlog.__file__) == sys.argv[1], deedlog.__file__
g = deedlog.Game("uk-1972", ["Ann", "Ben"], seed=3)
assert g.play(g.moves()[0])["accepted"]
print(deedlog.__version__, g)
]] ${PREFIX}/${PYTHON_DIR} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the installed Python module does not import from ${PREFIX}/${PYTHON_DIR}:\n${out}")
  endif()

else()
  message(FATAL_ERROR "PART is headers, example, pkg-config or python")
endif()
file(REMOVE_RECURSE ${PREFIX} ${work})
