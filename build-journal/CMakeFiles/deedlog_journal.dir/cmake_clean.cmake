file(REMOVE_RECURSE
  "CMakeFiles/deedlog_journal.dir/generated/schema.cpp.o"
  "CMakeFiles/deedlog_journal.dir/generated/schema.cpp.o.d"
  "CMakeFiles/deedlog_journal.dir/src/journal/hash_chain.cpp.o"
  "CMakeFiles/deedlog_journal.dir/src/journal/hash_chain.cpp.o.d"
  "CMakeFiles/deedlog_journal.dir/src/journal/journal.cpp.o"
  "CMakeFiles/deedlog_journal.dir/src/journal/journal.cpp.o.d"
  "CMakeFiles/deedlog_journal.dir/src/journal/migrations.cpp.o"
  "CMakeFiles/deedlog_journal.dir/src/journal/migrations.cpp.o.d"
  "CMakeFiles/deedlog_journal.dir/src/journal/sha256.cpp.o"
  "CMakeFiles/deedlog_journal.dir/src/journal/sha256.cpp.o.d"
  "CMakeFiles/deedlog_journal.dir/src/journal/sqlite_db.cpp.o"
  "CMakeFiles/deedlog_journal.dir/src/journal/sqlite_db.cpp.o.d"
  "CMakeFiles/deedlog_journal.dir/src/journal/sqlite_journal.cpp.o"
  "CMakeFiles/deedlog_journal.dir/src/journal/sqlite_journal.cpp.o.d"
  "libdeedlog_journal.a"
  "libdeedlog_journal.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/deedlog_journal.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
