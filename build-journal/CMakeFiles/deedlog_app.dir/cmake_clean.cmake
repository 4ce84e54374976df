file(REMOVE_RECURSE
  "CMakeFiles/deedlog_app.dir/src/app/game_session.cpp.o"
  "CMakeFiles/deedlog_app.dir/src/app/game_session.cpp.o.d"
  "CMakeFiles/deedlog_app.dir/src/app/narration.cpp.o"
  "CMakeFiles/deedlog_app.dir/src/app/narration.cpp.o.d"
  "CMakeFiles/deedlog_app.dir/src/app/referee_commands.cpp.o"
  "CMakeFiles/deedlog_app.dir/src/app/referee_commands.cpp.o.d"
  "CMakeFiles/deedlog_app.dir/src/app/verification.cpp.o"
  "CMakeFiles/deedlog_app.dir/src/app/verification.cpp.o.d"
  "libdeedlog_app.a"
  "libdeedlog_app.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/deedlog_app.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
