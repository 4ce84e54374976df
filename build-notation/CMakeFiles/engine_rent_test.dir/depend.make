# Empty dependencies file for engine_rent_test.
# This may be replaced when dependencies are built.
