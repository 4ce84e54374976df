file(REMOVE_RECURSE
  "CMakeFiles/engine_cards_test.dir/tests/engine_cards_test.cpp.o"
  "CMakeFiles/engine_cards_test.dir/tests/engine_cards_test.cpp.o.d"
  "engine_cards_test"
  "engine_cards_test.pdb"
  "engine_cards_test[1]_tests.cmake"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/engine_cards_test.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
