file(REMOVE_RECURSE
  "CMakeFiles/journal_test.dir/tests/journal_test.cpp.o"
  "CMakeFiles/journal_test.dir/tests/journal_test.cpp.o.d"
  "journal_test"
  "journal_test.pdb"
  "journal_test[1]_tests.cmake"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/journal_test.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
