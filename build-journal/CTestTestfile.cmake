# CMake generated Testfile for 
# Source directory: /work/main
# Build directory: /work/main/build-journal
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
include("/work/main/build-journal/core_name_match_test[1]_include.cmake")
include("/work/main/build-journal/engine_cards_test[1]_include.cmake")
include("/work/main/build-journal/engine_codec_test[1]_include.cmake")
include("/work/main/build-journal/engine_jail_test[1]_include.cmake")
include("/work/main/build-journal/engine_purchase_test[1]_include.cmake")
include("/work/main/build-journal/engine_rent_test[1]_include.cmake")
include("/work/main/build-journal/engine_setup_test[1]_include.cmake")
include("/work/main/build-journal/engine_turn_test[1]_include.cmake")
include("/work/main/build-journal/journal_test[1]_include.cmake")
include("/work/main/build-journal/rules_catalog_test[1]_include.cmake")
