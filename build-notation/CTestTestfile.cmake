# CMake generated Testfile for 
# Source directory: /work/main
# Build directory: /work/main/build-notation
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
include("/work/main/build-notation/core_name_match_test[1]_include.cmake")
include("/work/main/build-notation/engine_purchase_test[1]_include.cmake")
include("/work/main/build-notation/engine_rent_test[1]_include.cmake")
include("/work/main/build-notation/engine_turn_test[1]_include.cmake")
include("/work/main/build-notation/journal_test[1]_include.cmake")
include("/work/main/build-notation/rules_catalog_test[1]_include.cmake")
