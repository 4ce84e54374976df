# The installed library (docs/library.md): what a program needs to play a game of its own:
# the engine's public face (include/deedlog/), the built-in editions (load_ruleset) and the
# notation (parse_move, print_move), with the core values they are written in. Static
# archives, one a layer, behind one target, deedlog::deedlog; a CMake package and a
# pkg-config file find them. The journal, the service and the words are the programs' own and
# are not installed: their headers change with the programs.

# The headers: include/deedlog/ is the whole of what a consumer includes, and it includes only
# itself ("deedlog/..."), so it is installed as it is, one folder copied unchanged
# (docs/library.md, "The headers"). A header there that includes one of src/ would not be found
# once installed: the configure stops on it, naming the include.
file(GLOB DEEDLOG_PUBLIC_HEADERS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/include/deedlog/*.h)
foreach(header ${DEEDLOG_PUBLIC_HEADERS})
  file(STRINGS ${header} includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
  foreach(line ${includes})
    if(NOT line MATCHES "^[ \t]*#[ \t]*include[ \t]*\"deedlog/[a-z_]+\\.h\"")
      message(FATAL_ERROR "${header}: ${line}: a public header includes only include/deedlog/'s own headers")
    endif()
    string(REGEX REPLACE ".*\"deedlog/([a-z_]+\\.h)\".*" "\\1" included "${line}")
    if(NOT EXISTS ${CMAKE_SOURCE_DIR}/include/deedlog/${included})
      message(FATAL_ERROR "${header}: ${line}: no such header in include/deedlog/")
    endif()
  endforeach()
endforeach()
install(DIRECTORY ${CMAKE_SOURCE_DIR}/include/deedlog DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.h")

# The one target a consumer links. The layers stay separate archives (the order a linker needs
# is in the exported targets and in deedlog.pc).
set(DEEDLOG_LIBRARY_LAYERS deedlog_notation deedlog_engine deedlog_rules deedlog_core)
add_library(deedlog_library INTERFACE)
target_link_libraries(deedlog_library INTERFACE ${DEEDLOG_LIBRARY_LAYERS})
target_compile_features(deedlog_library INTERFACE cxx_std_20)
set_target_properties(deedlog_library PROPERTIES EXPORT_NAME deedlog)
foreach(layer ${DEEDLOG_LIBRARY_LAYERS})
  string(REPLACE "deedlog_" "" short ${layer})
  set_target_properties(${layer} PROPERTIES EXPORT_NAME ${short})
endforeach()
add_library(deedlog::deedlog ALIAS deedlog_library)

install(TARGETS deedlog_library ${DEEDLOG_LIBRARY_LAYERS} EXPORT deedlogTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
set(DEEDLOG_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/deedlog)
install(EXPORT deedlogTargets NAMESPACE deedlog:: DESTINATION ${DEEDLOG_CMAKE_DIR})
include(CMakePackageConfigHelpers)
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/deedlog-config.cmake.in
  ${CMAKE_BINARY_DIR}/package/deedlog-config.cmake INSTALL_DESTINATION ${DEEDLOG_CMAKE_DIR})
# 0.x: a minor version may change the library (SameMinorVersion); from 1.0 on, SameMajorVersion.
write_basic_package_version_file(${CMAKE_BINARY_DIR}/package/deedlog-config-version.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/package/deedlog-config.cmake ${CMAKE_BINARY_DIR}/package/deedlog-config-version.cmake
        DESTINATION ${DEEDLOG_CMAKE_DIR})

# deedlog.pc finds the prefix from its own place (${pcfiledir}), so the files work wherever
# `cmake --install --prefix` puts them.
if(IS_ABSOLUTE ${CMAKE_INSTALL_LIBDIR})
  set(DEEDLOG_PC_PREFIX ${CMAKE_INSTALL_PREFIX})
else()
  file(RELATIVE_PATH up /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
  set(DEEDLOG_PC_PREFIX "\${pcfiledir}/${up}")
endif()
set(DEEDLOG_PC_LIBS "")
foreach(layer ${DEEDLOG_LIBRARY_LAYERS})
  string(APPEND DEEDLOG_PC_LIBS " -l${layer}")
endforeach()
configure_file(${CMAKE_SOURCE_DIR}/cmake/deedlog.pc.in ${CMAKE_BINARY_DIR}/package/deedlog.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/package/deedlog.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
