file(REMOVE_RECURSE
  "CMakeFiles/engine_jail_test.dir/tests/engine_jail_test.cpp.o"
  "CMakeFiles/engine_jail_test.dir/tests/engine_jail_test.cpp.o.d"
  "engine_jail_test"
  "engine_jail_test.pdb"
  "engine_jail_test[1]_tests.cmake"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/engine_jail_test.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
