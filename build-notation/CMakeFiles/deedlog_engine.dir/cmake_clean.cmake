file(REMOVE_RECURSE
  "CMakeFiles/deedlog_engine.dir/src/engine/decide.cpp.o"
  "CMakeFiles/deedlog_engine.dir/src/engine/decide.cpp.o.d"
  "CMakeFiles/deedlog_engine.dir/src/engine/event_codec.cpp.o"
  "CMakeFiles/deedlog_engine.dir/src/engine/event_codec.cpp.o.d"
  "CMakeFiles/deedlog_engine.dir/src/engine/evolve.cpp.o"
  "CMakeFiles/deedlog_engine.dir/src/engine/evolve.cpp.o.d"
  "CMakeFiles/deedlog_engine.dir/src/engine/move_resolution.cpp.o"
  "CMakeFiles/deedlog_engine.dir/src/engine/move_resolution.cpp.o.d"
  "CMakeFiles/deedlog_engine.dir/src/engine/player_ref.cpp.o"
  "CMakeFiles/deedlog_engine.dir/src/engine/player_ref.cpp.o.d"
  "CMakeFiles/deedlog_engine.dir/src/engine/rent.cpp.o"
  "CMakeFiles/deedlog_engine.dir/src/engine/rent.cpp.o.d"
  "CMakeFiles/deedlog_engine.dir/src/engine/start.cpp.o"
  "CMakeFiles/deedlog_engine.dir/src/engine/start.cpp.o.d"
  "libdeedlog_engine.a"
  "libdeedlog_engine.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/deedlog_engine.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
