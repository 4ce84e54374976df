file(REMOVE_RECURSE
  "CMakeFiles/engine_setup_test.dir/tests/engine_setup_test.cpp.o"
  "CMakeFiles/engine_setup_test.dir/tests/engine_setup_test.cpp.o.d"
  "engine_setup_test"
  "engine_setup_test.pdb"
  "engine_setup_test[1]_tests.cmake"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/engine_setup_test.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
