file(REMOVE_RECURSE
  "CMakeFiles/engine_purchase_test.dir/tests/engine_purchase_test.cpp.o"
  "CMakeFiles/engine_purchase_test.dir/tests/engine_purchase_test.cpp.o.d"
  "engine_purchase_test"
  "engine_purchase_test.pdb"
  "engine_purchase_test[1]_tests.cmake"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/engine_purchase_test.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
