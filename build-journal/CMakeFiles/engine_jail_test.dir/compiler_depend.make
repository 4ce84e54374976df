# Empty compiler generated dependencies file for engine_jail_test.
# This may be replaced when dependencies are built.
