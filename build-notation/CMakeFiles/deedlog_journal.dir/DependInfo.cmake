
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/build-notation/generated/schema.cpp" "CMakeFiles/deedlog_journal.dir/generated/schema.cpp.o" "gcc" "CMakeFiles/deedlog_journal.dir/generated/schema.cpp.o.d"
  "/work/main/src/journal/hash_chain.cpp" "CMakeFiles/deedlog_journal.dir/src/journal/hash_chain.cpp.o" "gcc" "CMakeFiles/deedlog_journal.dir/src/journal/hash_chain.cpp.o.d"
  "/work/main/src/journal/journal.cpp" "CMakeFiles/deedlog_journal.dir/src/journal/journal.cpp.o" "gcc" "CMakeFiles/deedlog_journal.dir/src/journal/journal.cpp.o.d"
  "/work/main/src/journal/migrations.cpp" "CMakeFiles/deedlog_journal.dir/src/journal/migrations.cpp.o" "gcc" "CMakeFiles/deedlog_journal.dir/src/journal/migrations.cpp.o.d"
  "/work/main/src/journal/sha256.cpp" "CMakeFiles/deedlog_journal.dir/src/journal/sha256.cpp.o" "gcc" "CMakeFiles/deedlog_journal.dir/src/journal/sha256.cpp.o.d"
  "/work/main/src/journal/sqlite_db.cpp" "CMakeFiles/deedlog_journal.dir/src/journal/sqlite_db.cpp.o" "gcc" "CMakeFiles/deedlog_journal.dir/src/journal/sqlite_db.cpp.o.d"
  "/work/main/src/journal/sqlite_journal.cpp" "CMakeFiles/deedlog_journal.dir/src/journal/sqlite_journal.cpp.o" "gcc" "CMakeFiles/deedlog_journal.dir/src/journal/sqlite_journal.cpp.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/main/build-notation/CMakeFiles/deedlog_core.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
