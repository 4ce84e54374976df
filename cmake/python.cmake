# The Python module `deedlog` (python/deedlog_module.cpp, docs/library.md): built when pybind11
# and the headers of a Python 3 are found; -DDEEDLOG_PYTHON=OFF leaves it out. The module is
# built for the interpreter CMake finds (-DPython3_EXECUTABLE=... picks another) and its tests
# run with that interpreter.
if(DEFINED DEEDLOG_PYTHON AND NOT DEEDLOG_PYTHON)
  # Turned off by name: neither Python nor pybind11 is looked for.
  message(STATUS "deedlog: the Python module is not built (DEEDLOG_PYTHON is off)")
  return()
endif()
set(PYBIND11_FINDPYTHON ON)
find_package(Python3 COMPONENTS Interpreter Development.Module QUIET)
if(Python3_FOUND)
  find_package(pybind11 CONFIG QUIET)
endif()
# Not under the sanitizers (scripts/sanitize.sh): the module would need their run-time library
# loaded into Python before anything else.
if(Python3_FOUND AND pybind11_FOUND AND NOT CMAKE_CXX_FLAGS MATCHES "-fsanitize")
  set(deedlog_python_default ON)
else()
  set(deedlog_python_default OFF)
endif()
option(DEEDLOG_PYTHON "Build the Python module deedlog (needs pybind11 and Python 3's headers)" ${deedlog_python_default})
if(NOT DEEDLOG_PYTHON)
  message(STATUS "deedlog: the Python module is not built (DEEDLOG_PYTHON is off; pybind11 found: ${pybind11_FOUND})")
  return()
endif()
if(NOT pybind11_FOUND)
  message(FATAL_ERROR "DEEDLOG_PYTHON is on but pybind11 was not found (Debian: apt-get install pybind11-dev python3-dev)")
endif()

# NO_EXTRAS: no link-time optimisation of the module (the archives it links are not built for
# it) and no stripping (RelWithDebInfo keeps its symbols, like the programs).
pybind11_add_module(deedlog_python NO_EXTRAS python/deedlog_module.cpp)
target_link_libraries(deedlog_python PRIVATE deedlog_present)
target_include_directories(deedlog_python PRIVATE ${CMAKE_BINARY_DIR}/generated)
# In the build folder, python/ holds the module alone: PYTHONPATH=build/python imports it.
set_target_properties(deedlog_python PROPERTIES OUTPUT_NAME deedlog
                      LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/python)

# Where it is installed, relative to the prefix: where the interpreter found looks for modules
# of that prefix. Debian's own python3 reads /usr/local/lib/python3.X/dist-packages (a prefix
# of /usr/local, CMake's default) and /usr/lib/python3/dist-packages (the prefix /usr); any
# other Python its site-packages folder under the prefix (its sysconfig "platlib").
execute_process(
  COMMAND ${Python3_EXECUTABLE} -c [[
import sys, sysconfig
prefix = sys.argv[1]
if "deb_system" in sysconfig.get_scheme_names():
    print("lib/python3/dist-packages" if prefix == "/usr" else "lib/python%d.%d/dist-packages" % sys.version_info[:2])
else:
    print(sysconfig.get_path("platlib", "posix_prefix", vars={"platbase": "/P", "base": "/P"})[3:])
]] ${CMAKE_INSTALL_PREFIX}
  OUTPUT_VARIABLE deedlog_python_dir OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR deedlog_python_dir STREQUAL "")
  set(deedlog_python_dir lib/python${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR}/site-packages)
endif()
set(DEEDLOG_PYTHON_INSTALL_DIR ${deedlog_python_dir} CACHE STRING
    "Where cmake --install puts the Python module, relative to the prefix (or absolute)")
install(TARGETS deedlog_python LIBRARY DESTINATION ${DEEDLOG_PYTHON_INSTALL_DIR})
message(STATUS "deedlog: the Python module for ${Python3_EXECUTABLE} (${Python3_VERSION}) installs into <prefix>/${DEEDLOG_PYTHON_INSTALL_DIR}")
