file(REMOVE_RECURSE
  "CMakeFiles/deedlog_core.dir/src/core/money.cpp.o"
  "CMakeFiles/deedlog_core.dir/src/core/money.cpp.o.d"
  "CMakeFiles/deedlog_core.dir/src/core/name_match.cpp.o"
  "CMakeFiles/deedlog_core.dir/src/core/name_match.cpp.o.d"
  "libdeedlog_core.a"
  "libdeedlog_core.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/deedlog_core.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
