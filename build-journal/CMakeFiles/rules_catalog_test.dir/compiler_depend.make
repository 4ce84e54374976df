# Empty compiler generated dependencies file for rules_catalog_test.
# This may be replaced when dependencies are built.
