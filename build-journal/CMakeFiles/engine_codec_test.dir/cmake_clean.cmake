file(REMOVE_RECURSE
  "CMakeFiles/engine_codec_test.dir/tests/engine_codec_test.cpp.o"
  "CMakeFiles/engine_codec_test.dir/tests/engine_codec_test.cpp.o.d"
  "engine_codec_test"
  "engine_codec_test.pdb"
  "engine_codec_test[1]_tests.cmake"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/engine_codec_test.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
