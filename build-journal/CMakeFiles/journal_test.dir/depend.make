# Empty dependencies file for journal_test.
# This may be replaced when dependencies are built.
