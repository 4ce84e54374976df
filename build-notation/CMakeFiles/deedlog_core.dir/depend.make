# Empty dependencies file for deedlog_core.
# This may be replaced when dependencies are built.
