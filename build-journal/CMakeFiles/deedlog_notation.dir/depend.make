# Empty dependencies file for deedlog_notation.
# This may be replaced when dependencies are built.
