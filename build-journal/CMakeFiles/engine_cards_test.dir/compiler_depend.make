# Empty compiler generated dependencies file for engine_cards_test.
# This may be replaced when dependencies are built.
