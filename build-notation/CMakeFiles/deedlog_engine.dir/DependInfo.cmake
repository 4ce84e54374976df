
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/src/engine/decide.cpp" "CMakeFiles/deedlog_engine.dir/src/engine/decide.cpp.o" "gcc" "CMakeFiles/deedlog_engine.dir/src/engine/decide.cpp.o.d"
  "/work/main/src/engine/event_codec.cpp" "CMakeFiles/deedlog_engine.dir/src/engine/event_codec.cpp.o" "gcc" "CMakeFiles/deedlog_engine.dir/src/engine/event_codec.cpp.o.d"
  "/work/main/src/engine/evolve.cpp" "CMakeFiles/deedlog_engine.dir/src/engine/evolve.cpp.o" "gcc" "CMakeFiles/deedlog_engine.dir/src/engine/evolve.cpp.o.d"
  "/work/main/src/engine/move_resolution.cpp" "CMakeFiles/deedlog_engine.dir/src/engine/move_resolution.cpp.o" "gcc" "CMakeFiles/deedlog_engine.dir/src/engine/move_resolution.cpp.o.d"
  "/work/main/src/engine/player_ref.cpp" "CMakeFiles/deedlog_engine.dir/src/engine/player_ref.cpp.o" "gcc" "CMakeFiles/deedlog_engine.dir/src/engine/player_ref.cpp.o.d"
  "/work/main/src/engine/rent.cpp" "CMakeFiles/deedlog_engine.dir/src/engine/rent.cpp.o" "gcc" "CMakeFiles/deedlog_engine.dir/src/engine/rent.cpp.o.d"
  "/work/main/src/engine/start.cpp" "CMakeFiles/deedlog_engine.dir/src/engine/start.cpp.o" "gcc" "CMakeFiles/deedlog_engine.dir/src/engine/start.cpp.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/main/build-notation/CMakeFiles/deedlog_rules.dir/DependInfo.cmake"
  "/work/main/build-notation/CMakeFiles/deedlog_core.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
