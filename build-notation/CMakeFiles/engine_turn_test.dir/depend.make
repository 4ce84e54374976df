# Empty dependencies file for engine_turn_test.
# This may be replaced when dependencies are built.
