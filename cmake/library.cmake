# The installed library (docs/library.md): what a program needs to play a game of its own:
# the engine's public face (include/deedlog/), the built-in editions (load_ruleset) and the
# notation (parse_move, print_move), with the core values they are written in. Static
# archives, one a layer, behind one target, deedlog::deedlog; a CMake package and a
# pkg-config file find them. The journal, the service and the words are the programs' own and
# are not installed: their headers change with the programs.

# The headers a consumer includes, and every header of ours they include in turn (followed
# from these entry points at configure time, so a new include needs no edit here).
set(DEEDLOG_HEADER_ENTRIES include/deedlog/ruleset_catalog.h include/deedlog/game_file.h)
file(GLOB DEEDLOG_FACE_HEADERS CONFIGURE_DEPENDS RELATIVE ${CMAKE_SOURCE_DIR} ${CMAKE_SOURCE_DIR}/include/deedlog/*.h)
list(APPEND DEEDLOG_HEADER_ENTRIES ${DEEDLOG_FACE_HEADERS})

set(queue ${DEEDLOG_HEADER_ENTRIES})
set(DEEDLOG_INSTALLED_HEADERS "")
while(queue)
  list(POP_FRONT queue header)
  if(header IN_LIST DEEDLOG_INSTALLED_HEADERS)
    continue()
  endif()
  if(NOT EXISTS ${CMAKE_SOURCE_DIR}/${header})
    message(FATAL_ERROR "an installed header includes ${header}, which is not in the tree")
  endif()
  list(APPEND DEEDLOG_INSTALLED_HEADERS ${header})
  file(STRINGS ${CMAKE_SOURCE_DIR}/${header} includes REGEX "^#include \"")
  foreach(line ${includes})
    string(REGEX REPLACE "^#include \"([^\"]+)\".*" "\\1" included "${line}")
    if(included MATCHES "^deedlog/")
      list(APPEND queue include/${included})
    else()
      list(APPEND queue src/${included})
    endif()
  endforeach()
endwhile()
list(SORT DEEDLOG_INSTALLED_HEADERS)

# Installed, every header lives under one folder, deedlog/: include/deedlog/decide.h as
# deedlog/decide.h, include/deedlog/ruleset.h as deedlog/ruleset.h. Their includes of src/'s
# folders are written with that prefix ("deedlog/ruleset.h" becomes "deedlog/ruleset.h"),
# so a consumer's include path holds one folder and no bare "core/" or "rules/" that could
# shadow, or be shadowed by, its own. The copies are made at configure time into the build
# folder (public-include/), rewritten only when a header changed.
set(DEEDLOG_PUBLIC_INCLUDE ${CMAKE_BINARY_DIR}/public-include)
set(DEEDLOG_INSTALLED_FOLDERS "")
foreach(header ${DEEDLOG_INSTALLED_HEADERS})
  if(header MATCHES "^src/([a-z_]+)/")
    list(APPEND DEEDLOG_INSTALLED_FOLDERS ${CMAKE_MATCH_1})
  endif()
endforeach()
list(REMOVE_DUPLICATES DEEDLOG_INSTALLED_FOLDERS)
list(JOIN DEEDLOG_INSTALLED_FOLDERS "|" folder_pattern)
set(DEEDLOG_PUBLIC_HEADER_FILES "")
foreach(header ${DEEDLOG_INSTALLED_HEADERS})
  string(REGEX REPLACE "^(include|src)/" "" relative ${header})
  if(header MATCHES "^src/")
    set(relative deedlog/${relative})
  endif()
  file(READ ${CMAKE_SOURCE_DIR}/${header} text)
  string(REGEX REPLACE "#include \"(${folder_pattern})/" "#include \"deedlog/\\1/" text "${text}")
  file(WRITE ${DEEDLOG_PUBLIC_INCLUDE}/${relative}.tmp "${text}")
  configure_file(${DEEDLOG_PUBLIC_INCLUDE}/${relative}.tmp ${DEEDLOG_PUBLIC_INCLUDE}/${relative} COPYONLY)
  file(REMOVE ${DEEDLOG_PUBLIC_INCLUDE}/${relative}.tmp)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/${header})
  get_filename_component(folder ${relative} DIRECTORY)
  install(FILES ${DEEDLOG_PUBLIC_INCLUDE}/${relative} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/${folder})
  list(APPEND DEEDLOG_PUBLIC_HEADER_FILES ${relative})
endforeach()

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
