# Empty compiler generated dependencies file for deedlog_journal.
# This may be replaced when dependencies are built.
