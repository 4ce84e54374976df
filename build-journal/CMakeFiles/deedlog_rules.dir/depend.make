# Empty dependencies file for deedlog_rules.
# This may be replaced when dependencies are built.
