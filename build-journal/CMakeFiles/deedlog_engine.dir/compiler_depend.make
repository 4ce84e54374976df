# Empty compiler generated dependencies file for deedlog_engine.
# This may be replaced when dependencies are built.
