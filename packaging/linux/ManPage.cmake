# Writes the gzipped man page of one Meridian program with help2man, from its --help and
# --version and a hand-written include file (NAME, DESCRIPTION, FILES, ...). For meridian-cli,
# every sub-command's own --help becomes a COMMANDS section, so the page lists every option the
# program accepts and cannot drift from it.
#   cmake -DHELP2MAN=... -DPROGRAM=path/to/meridian-cli -DNAME=meridian-cli
#         -DINCLUDE=meridian-cli.h2m -DOUTPUT=meridian-cli.1.gz -P ManPage.cmake
cmake_minimum_required(VERSION 3.25)
get_filename_component(out_dir "${OUTPUT}" DIRECTORY)
file(MAKE_DIRECTORY "${out_dir}")
set(generated "${out_dir}/${NAME}.generated.h2m")
set(text "")
if(NAME STREQUAL "meridian-cli")
  # The command list of `meridian-cli --help`: two spaces, the name, its summary.
  execute_process(COMMAND "${PROGRAM}" --help OUTPUT_VARIABLE usage RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${PROGRAM} --help failed (${rc})")
  endif()
  string(REGEX MATCHALL "\n  [a-z]+ " commands "${usage}")
  string(APPEND text "[COMMANDS]\n")
  foreach(cmd IN LISTS commands)
    string(STRIP "${cmd}" cmd)
    execute_process(COMMAND "${PROGRAM}" ${cmd} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "${PROGRAM} ${cmd} --help failed (${rc})")
    endif()
    # Verbatim text in troff: a backslash is \e, and a line may not start with . or '.
    string(REPLACE "\\" "\\e" help "${help}")
    string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" help "${help}")
    string(APPEND text ".SS ${cmd}\n.nf\n${help}\n.fi\n")
  endforeach()
endif()
set(includes --include=${INCLUDE})
file(REMOVE "${generated}")
if(NOT text STREQUAL "")
  file(WRITE "${generated}" "${text}")
  list(APPEND includes --include=${generated})
endif()
# The GUI prints --help without a display (app/gui/main.cpp); offscreen makes sure of it.
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen LC_ALL=C.UTF-8
          "${HELP2MAN}" --no-info --section=1 ${includes}
          --output=${out_dir}/${NAME}.1 "${PROGRAM}"
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "help2man failed on ${PROGRAM} (${rc})")
endif()
execute_process(COMMAND gzip -9nf "${out_dir}/${NAME}.1" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gzip failed on ${out_dir}/${NAME}.1")
endif()
