# Empty compiler generated dependencies file for referee.
# This may be replaced when dependencies are built.
