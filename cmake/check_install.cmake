# Installs the build into PREFIX and checks what a packager and a user rely on:
#   cmake -DBUILD_DIR=build -DPREFIX=/tmp/x -DBINDIR=bin -DMANDIR=share/man -DDATADIR=share -DPROGRAMS=referee,replay
#         -P cmake/check_install.cmake
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${PREFIX} RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${rc})")
endif()
# PROGRAMS: the programs this build makes (referee-serve only with DEEDLOG_SERVER).
string(REPLACE "," ";" programs "${PROGRAMS}")
set(expected)
foreach(program ${programs})
  list(APPEND expected ${BINDIR}/${program})
endforeach()
list(APPEND expected
  ${MANDIR}/man1/referee.1 ${MANDIR}/man1/replay.1
  ${DATADIR}/bash-completion/completions/referee
  ${DATADIR}/bash-completion/completions/replay
  ${DATADIR}/zsh/site-functions/_referee
  ${DATADIR}/zsh/site-functions/_replay)
foreach(f ${expected})
  if(NOT EXISTS ${PREFIX}/${f})
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()
execute_process(COMMAND ${PREFIX}/${BINDIR}/referee --version RESULT_VARIABLE rc OUTPUT_VARIABLE version)
if(NOT rc EQUAL 0 OR NOT version MATCHES "[0-9]+\\.[0-9]+\\.[0-9]+")
  message(FATAL_ERROR "the installed referee --version gave ${rc}: ${version}")
endif()
find_program(GROFF groff)
foreach(program referee replay)
  set(page ${PREFIX}/${MANDIR}/man1/${program}.1)
  file(READ ${page} roff)
  if(NOT roff MATCHES "\n\\.TH ${program}" AND NOT roff MATCHES "\n\\.TH [A-Z]+ 1")
    message(FATAL_ERROR "${program}.1 has no .TH line")
  endif()
  foreach(section NAME SYNOPSIS OPTIONS "EXIT STATUS")
    if(NOT roff MATCHES "\n\\.SH ${section}\n")
      message(FATAL_ERROR "${program}.1 has no ${section} section")
    endif()
  endforeach()
  if(GROFF)
    # -ww: every warning; groff writes them on stderr, which must stay empty.
    execute_process(COMMAND ${GROFF} -man -Tutf8 -P-cbou -ww ${page} RESULT_VARIABLE rc OUTPUT_VARIABLE text ERROR_VARIABLE warnings)
    if(NOT rc EQUAL 0 OR NOT warnings STREQUAL "" OR NOT text MATCHES "SYNOPSIS")
      message(FATAL_ERROR "groff does not render ${program}.1 cleanly (${rc}): ${warnings}")
    endif()
  endif()
endforeach()
file(REMOVE_RECURSE ${PREFIX})
