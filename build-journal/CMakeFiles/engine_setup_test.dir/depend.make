# Empty dependencies file for engine_setup_test.
# This may be replaced when dependencies are built.
