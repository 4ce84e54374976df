
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/src/notation/game_file.cpp" "CMakeFiles/deedlog_notation.dir/src/notation/game_file.cpp.o" "gcc" "CMakeFiles/deedlog_notation.dir/src/notation/game_file.cpp.o.d"
  "/work/main/src/notation/lexer.cpp" "CMakeFiles/deedlog_notation.dir/src/notation/lexer.cpp.o" "gcc" "CMakeFiles/deedlog_notation.dir/src/notation/lexer.cpp.o.d"
  "/work/main/src/notation/moves.cpp" "CMakeFiles/deedlog_notation.dir/src/notation/moves.cpp.o" "gcc" "CMakeFiles/deedlog_notation.dir/src/notation/moves.cpp.o.d"
  "/work/main/src/notation/setup.cpp" "CMakeFiles/deedlog_notation.dir/src/notation/setup.cpp.o" "gcc" "CMakeFiles/deedlog_notation.dir/src/notation/setup.cpp.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/main/build-journal/CMakeFiles/deedlog_rules.dir/DependInfo.cmake"
  "/work/main/build-journal/CMakeFiles/deedlog_core.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
