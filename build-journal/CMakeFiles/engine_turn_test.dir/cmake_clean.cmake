file(REMOVE_RECURSE
  "CMakeFiles/engine_turn_test.dir/tests/engine_turn_test.cpp.o"
  "CMakeFiles/engine_turn_test.dir/tests/engine_turn_test.cpp.o.d"
  "engine_turn_test"
  "engine_turn_test.pdb"
  "engine_turn_test[1]_tests.cmake"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/engine_turn_test.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
