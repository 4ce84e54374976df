file(REMOVE_RECURSE
  "CMakeFiles/referee.dir/referee/main.cpp.o"
  "CMakeFiles/referee.dir/referee/main.cpp.o.d"
  "referee"
  "referee.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/referee.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
