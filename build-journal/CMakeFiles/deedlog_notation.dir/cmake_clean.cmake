file(REMOVE_RECURSE
  "CMakeFiles/deedlog_notation.dir/src/notation/game_file.cpp.o"
  "CMakeFiles/deedlog_notation.dir/src/notation/game_file.cpp.o.d"
  "CMakeFiles/deedlog_notation.dir/src/notation/lexer.cpp.o"
  "CMakeFiles/deedlog_notation.dir/src/notation/lexer.cpp.o.d"
  "CMakeFiles/deedlog_notation.dir/src/notation/moves.cpp.o"
  "CMakeFiles/deedlog_notation.dir/src/notation/moves.cpp.o.d"
  "CMakeFiles/deedlog_notation.dir/src/notation/setup.cpp.o"
  "CMakeFiles/deedlog_notation.dir/src/notation/setup.cpp.o.d"
  "libdeedlog_notation.a"
  "libdeedlog_notation.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/deedlog_notation.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
