file(REMOVE_RECURSE
  "CMakeFiles/rules_catalog_test.dir/tests/rules_catalog_test.cpp.o"
  "CMakeFiles/rules_catalog_test.dir/tests/rules_catalog_test.cpp.o.d"
  "rules_catalog_test"
  "rules_catalog_test.pdb"
  "rules_catalog_test[1]_tests.cmake"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/rules_catalog_test.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
