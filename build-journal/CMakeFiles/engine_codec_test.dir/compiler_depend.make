# Empty compiler generated dependencies file for engine_codec_test.
# This may be replaced when dependencies are built.
