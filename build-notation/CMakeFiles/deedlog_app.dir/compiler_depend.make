# Empty compiler generated dependencies file for deedlog_app.
# This may be replaced when dependencies are built.
