file(REMOVE_RECURSE
  "CMakeFiles/engine_rent_test.dir/tests/engine_rent_test.cpp.o"
  "CMakeFiles/engine_rent_test.dir/tests/engine_rent_test.cpp.o.d"
  "engine_rent_test"
  "engine_rent_test.pdb"
  "engine_rent_test[1]_tests.cmake"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/engine_rent_test.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
