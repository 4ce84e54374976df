
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/src/app/game_session.cpp" "CMakeFiles/deedlog_app.dir/src/app/game_session.cpp.o" "gcc" "CMakeFiles/deedlog_app.dir/src/app/game_session.cpp.o.d"
  "/work/main/src/app/narration.cpp" "CMakeFiles/deedlog_app.dir/src/app/narration.cpp.o" "gcc" "CMakeFiles/deedlog_app.dir/src/app/narration.cpp.o.d"
  "/work/main/src/app/referee_commands.cpp" "CMakeFiles/deedlog_app.dir/src/app/referee_commands.cpp.o" "gcc" "CMakeFiles/deedlog_app.dir/src/app/referee_commands.cpp.o.d"
  "/work/main/src/app/verification.cpp" "CMakeFiles/deedlog_app.dir/src/app/verification.cpp.o" "gcc" "CMakeFiles/deedlog_app.dir/src/app/verification.cpp.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/main/build-journal/CMakeFiles/deedlog_engine.dir/DependInfo.cmake"
  "/work/main/build-journal/CMakeFiles/deedlog_notation.dir/DependInfo.cmake"
  "/work/main/build-journal/CMakeFiles/deedlog_journal.dir/DependInfo.cmake"
  "/work/main/build-journal/CMakeFiles/deedlog_rules.dir/DependInfo.cmake"
  "/work/main/build-journal/CMakeFiles/deedlog_core.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
