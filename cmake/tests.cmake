# The test programs, one per layer (docs/design.md, "Tests by layer"; tests/README.md).
# Included from CMakeLists.txt inside if(DEEDLOG_TESTS), after enable_testing() and
# include(GoogleTest).
#
#   tests/core, tests/rules, tests/notation  -> rules_tests     (deedlog_notation: the layers under the engine)
#   tests/engine                             -> engine_tests    (deedlog_engine)
#   tests/journal                            -> journal_tests   (deedlog_journal)
#   tests/service, tests/present             -> service_tests   (the library above the engine, in process)
#   tests/bots                               -> bots_tests      (the built-in players, self-play, the signature)
#   tests/programs                           -> programs_tests  (the built referee and replay, run as a user runs them)
#   tests/tournament                         -> tournament_tests (the tournament's commands, run as the Head Judge runs them)
#   tests/analysis                           -> analysis_tests  (analyse, chances, the model, a trade's price: the
#                                                                 library in process and the commands run)
#   tests/serve                              -> serve_tests     (referee serve; only with DEEDLOG_SERVER)
#   tests/postgres                           -> postgres_tests  (only with DEEDLOG_POSTGRES; its serve files
#                                                                 with DEEDLOG_SERVER too)
#   tests/<anything>_test.cpp at the top     -> a program of its own, named after the file (a new
#                                               test not yet put in its layer's folder is never left out)
#
# Every test keeps its GoogleTest name (Suite.Name) whichever program holds it: ctest discovers
# each test and runs it in a process of its own (so a test that sets the environment, changes
# folder, kills processes or crashes on purpose touches no other), and the scripts select by
# those names (scripts/test.sh, scripts/sanitize.sh).

set(deedlog_with)
foreach(part SERVER POSTGRES LINE_EDITING)
  if(DEEDLOG_${part})
    list(APPEND deedlog_with DEEDLOG_WITH_${part}=1)
  else()
    list(APPEND deedlog_with DEEDLOG_WITH_${part}=0)
  endif()
endforeach()

# The test programs' own files are compiled for a quick build rather than a quick run: the code
# they test (the libraries) keeps the build's optimisation, while their own bodies (GoogleTest's
# macros, fixtures, text compared) gain little from it. At -O3 one test file took twice as long
# to compile as at -O1 (10.2 s against 5.2 s, gcc), and there are over 150 of them. The sanitizer
# build sets -O0 here (scripts/configure.sh). Empty: the build type's flags, as for the libraries.
if(CMAKE_BUILD_TYPE MATCHES "^(Release|RelWithDebInfo|MinSizeRel)$")
  set(deedlog_test_code_default "-O1")
else()
  set(deedlog_test_code_default "")
endif()
set(DEEDLOG_TEST_CODE_OPTIONS "${deedlog_test_code_default}" CACHE STRING
    "compile options for the test programs' own files, after the build type's")
separate_arguments(deedlog_test_code_options UNIX_COMMAND "${DEEDLOG_TEST_CODE_OPTIONS}")

# Where the tests find the source tree and the programs (tests/support/build_paths.h): one small
# generated file, so no test file's compile line names a folder of this clone.
if(DEEDLOG_SERVER)
  set(deedlog_serve_load_path "$<TARGET_FILE:serve_load>")
else()
  set(deedlog_serve_load_path "")
endif()
file(GENERATE OUTPUT ${CMAKE_BINARY_DIR}/generated/build_paths.cpp CONTENT
"// Written by cmake/tests.cmake: the paths of this build (tests/support/build_paths.h).
#include \"support/build_paths.h\"
namespace deedlog::testing {
const char* source_dir() { return \"${CMAKE_SOURCE_DIR}\"; }
const char* referee_program() { return \"$<TARGET_FILE:referee>\"; }
const char* replay_program() { return \"$<TARGET_FILE:replay>\"; }
const char* serve_load_program() { return \"${deedlog_serve_load_path}\"; }
}  // namespace deedlog::testing
")
add_library(deedlog_test_paths STATIC ${CMAKE_BINARY_DIR}/generated/build_paths.cpp)
target_include_directories(deedlog_test_paths PUBLIC ${CMAKE_SOURCE_DIR}/tests)

# deedlog_test_program(NAME LIBRARIES lib... SOURCES file...): a GoogleTest program. A test case
# that needs an optional part reads DEEDLOG_WITH_SERVER, _POSTGRES, _LINE_EDITING (1 or 0) and
# skips itself (GTEST_SKIP); one that runs the programs finds them by support/build_paths.h.
function(deedlog_test_program name)
  cmake_parse_arguments(ARG "" "" "LIBRARIES;SOURCES" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_LIBRARIES} deedlog_test_paths GTest::gtest GTest::gtest_main Threads::Threads)
  target_include_directories(${name} PRIVATE ${CMAKE_SOURCE_DIR}/tests)
  target_compile_options(${name} PRIVATE ${deedlog_test_code_options})
  if(DEEDLOG_POSTGRES)
    # The PostgreSQL tests' helpers (support/postgres_server.h) call libpq themselves; the journal
    # keeps libpq's header to itself.
    target_include_directories(${name} PRIVATE ${LIBPQ_INCLUDE_DIRS})
  endif()
  target_compile_definitions(${name} PRIVATE ${deedlog_with})
  if(deedlog_commands IN_LIST ARG_LIBRARIES OR deedlog_serve IN_LIST ARG_LIBRARIES)
    target_link_libraries(${name} PRIVATE deedlog_cli)
    add_dependencies(${name} ${DEEDLOG_PROGRAMS})
    # The tests that run referee serve talk to it as a browser would (support/serve_browser.h): the
    # HTTP client is theirs, not the library's.
    if(DEEDLOG_SERVER)
      target_link_libraries(${name} PRIVATE PkgConfig::HTTPLIB)
    endif()
  endif()
endfunction()

# Every test has a time limit, so a test that hangs fails (and names itself) instead of holding
# the whole run until CI's own limit: generous, since the sanitizer build is slow.
function(deedlog_discover_tests name)
  gtest_discover_tests(${name} DISCOVERY_TIMEOUT 60 PROPERTIES TIMEOUT 600)
endfunction()

function(deedlog_layer_sources out)
  set(files)
  foreach(folder ${ARGN})
    file(GLOB found CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/${folder}/*_test.cpp)
    list(APPEND files ${found})
  endforeach()
  list(SORT files)
  set(${out} ${files} PARENT_SCOPE)
endfunction()

# The layers. Engine tests link the engine alone: they assert codes and values, and a failed
# check prints the refusal's facts (support/refusal_facts.h); the words are tests/present's.
set(deedlog_test_layers
  "rules_tests|deedlog_notation|core rules notation"
  "engine_tests|deedlog_engine|engine"
  "journal_tests|deedlog_journal|journal"
  "service_tests|deedlog_present|service present"
  "bots_tests|deedlog_bots|bots"
  "programs_tests|deedlog_commands|programs"
  "tournament_tests|deedlog_commands|tournament"
  "analysis_tests|deedlog_commands|analysis")
if(DEEDLOG_SERVER)
  list(APPEND deedlog_test_layers "serve_tests|deedlog_serve|serve")
endif()
foreach(layer ${deedlog_test_layers})
  string(REPLACE "|" ";" layer "${layer}")
  list(GET layer 0 program)
  list(GET layer 1 libraries)
  list(GET layer 2 folders)
  separate_arguments(libraries UNIX_COMMAND "${libraries}")
  separate_arguments(folders UNIX_COMMAND "${folders}")
  deedlog_layer_sources(sources ${folders})
  if(sources)
    deedlog_test_program(${program} LIBRARIES ${libraries} SOURCES ${sources})
    deedlog_discover_tests(${program})
  endif()
endforeach()

# PostgreSQL: each file starts its own throw-away server, so each runs whole, as one ctest test
# (one server for all its cases instead of one per case), under the name its program had when
# every file was a program: scripts/test.sh runs the failover test alone and scripts/sanitize.sh
# leaves it out by that name. The cases of a file are read from it (TEST(Suite, Name) lines).
if(DEEDLOG_POSTGRES)
  set(deedlog_postgres_files
    "journal_postgres_test|journal_postgres_test.cpp"
    "app_postgres_test|cli_postgres_test.cpp"
    "journal_tournaments_postgres_test|journal_tournaments_postgres_test.cpp"
    "app_sealed_postgres_test|sealed_postgres_test.cpp")
  if(DEEDLOG_SERVER)
    list(APPEND deedlog_postgres_files
      "app_serve_postgres_test|serve_postgres_test.cpp"
      "app_serve_unknown_postgres_test|serve_unknown_postgres_test.cpp"
      "app_serve_failover_postgres_test|serve_failover_postgres_test.cpp")
  endif()
  set(postgres_sources)
  foreach(entry ${deedlog_postgres_files})
    string(REPLACE "|" ";" entry "${entry}")
    list(GET entry 1 file)
    list(APPEND postgres_sources ${CMAKE_SOURCE_DIR}/tests/postgres/${file})
  endforeach()
  # A file put in tests/postgres but not named above would be built and never run: say so.
  file(GLOB postgres_found CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/postgres/*_test.cpp)
  foreach(found ${postgres_found})
    get_filename_component(found_name ${found} NAME)
    if(NOT found IN_LIST postgres_sources AND NOT (found_name MATCHES "^serve" AND NOT DEEDLOG_SERVER))
      message(FATAL_ERROR "tests/postgres/${found_name} is not in cmake/tests.cmake's deedlog_postgres_files")
    endif()
  endforeach()
  deedlog_test_program(postgres_tests LIBRARIES deedlog_commands SOURCES ${postgres_sources})
  if(DEEDLOG_SERVER)
    add_dependencies(postgres_tests serve_load)
  endif()
  foreach(entry ${deedlog_postgres_files})
    string(REPLACE "|" ";" entry "${entry}")
    list(GET entry 0 test_name)
    list(GET entry 1 file)
    # TEST and TEST_F are Suite.Name; a TEST_P's instances are Prefix/Suite.Name/Param.
    file(STRINGS ${CMAKE_SOURCE_DIR}/tests/postgres/${file} cases REGEX "^TEST(_F|_P)?\\([A-Za-z0-9_]+, *[A-Za-z0-9_]+\\)")
    file(STRINGS ${CMAKE_SOURCE_DIR}/tests/postgres/${file} every_case REGEX "^(TYPED_)?TEST(_F|_P)?\\(")
    set(filter)
    foreach(line ${cases})
      if(line MATCHES "^TEST_P")
        string(REGEX REPLACE "^TEST_P\\(([A-Za-z0-9_]+), *([A-Za-z0-9_]+).*" "*/\\1.\\2/*" case "${line}")
      else()
        string(REGEX REPLACE "^TEST(_F)?\\(([A-Za-z0-9_]+), *([A-Za-z0-9_]+).*" "\\2.\\3" case "${line}")
      endif()
      list(APPEND filter ${case})
    endforeach()
    list(LENGTH cases found)
    list(LENGTH every_case expected)
    if(NOT filter OR NOT found EQUAL expected)
      message(FATAL_ERROR "tests/postgres/${file}: each case must be one line TEST(Suite, Name), TEST_F or TEST_P "
                          "(${found} of ${expected} read)")
    endif()
    string(REPLACE ";" ":" filter "${filter}")
    add_test(NAME ${test_name} COMMAND postgres_tests --gtest_filter=${filter})
    set_tests_properties(${test_name} PROPERTIES TIMEOUT 900)
  endforeach()
endif()

# The fallback: a test file at the top of tests/ is a program of its own, as every test file was
# before the layers. The part of its name before the first '_' names the library it links
# (engine_, journal_, notation_, rules_, core_; anything else links the commands and may run the
# programs). Move it into its layer's folder when it is settled.
file(GLOB TEST_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/*_test.cpp)
if(NOT DEEDLOG_SERVER)
  list(FILTER TEST_SOURCES EXCLUDE REGEX "serve[^/]*_test\\.cpp$")
endif()
if(NOT DEEDLOG_POSTGRES)
  list(FILTER TEST_SOURCES EXCLUDE REGEX "postgres[^/]*_test\\.cpp$")
endif()
foreach(test_source ${TEST_SOURCES})
  get_filename_component(test_name ${test_source} NAME_WE)
  string(REGEX MATCH "^[a-z]+" test_module ${test_name})
  if(NOT TARGET deedlog_${test_module})
    set(test_module commands)
  endif()
  set(libraries deedlog_${test_module})
  deedlog_test_program(${test_name} LIBRARIES ${libraries} SOURCES ${test_source})
  if(test_name MATCHES "postgres")
    add_test(NAME ${test_name} COMMAND ${test_name})
    set_tests_properties(${test_name} PROPERTIES TIMEOUT 900)
  else()
    deedlog_discover_tests(${test_name})
  endif()
endforeach()
