file(REMOVE_RECURSE
  "CMakeFiles/core_name_match_test.dir/tests/core_name_match_test.cpp.o"
  "CMakeFiles/core_name_match_test.dir/tests/core_name_match_test.cpp.o.d"
  "core_name_match_test"
  "core_name_match_test.pdb"
  "core_name_match_test[1]_tests.cmake"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/core_name_match_test.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
