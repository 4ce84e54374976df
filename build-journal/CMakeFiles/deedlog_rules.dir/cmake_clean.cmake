file(REMOVE_RECURSE
  "CMakeFiles/deedlog_rules.dir/generated/editions.cpp.o"
  "CMakeFiles/deedlog_rules.dir/generated/editions.cpp.o.d"
  "CMakeFiles/deedlog_rules.dir/src/rules/ruleset_catalog.cpp.o"
  "CMakeFiles/deedlog_rules.dir/src/rules/ruleset_catalog.cpp.o.d"
  "libdeedlog_rules.a"
  "libdeedlog_rules.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/deedlog_rules.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
