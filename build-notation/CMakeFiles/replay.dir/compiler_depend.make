# Empty compiler generated dependencies file for replay.
# This may be replaced when dependencies are built.
