# Empty compiler generated dependencies file for core_name_match_test.
# This may be replaced when dependencies are built.
