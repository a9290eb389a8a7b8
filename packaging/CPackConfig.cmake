# CPack: the Debian package of the GUI, the CLI, presets and docs. packaging/README.md says how to
# build it (`cmake --preset release ... && cpack --preset release`) and what is in it.
# app/ installs the binaries; app/gui/ the .desktop file and the scalable icon.

# --- Maintainer: a real person or list that answers bug reports, never a placeholder ------------
set(MERIDIAN_MAINTAINER "" CACHE STRING
    "Debian Maintainer field, 'Name <address>' (required when CMAKE_BUILD_TYPE is Release)")
if(MERIDIAN_MAINTAINER STREQUAL "")
  if(CMAKE_BUILD_TYPE STREQUAL "Release")
    message(FATAL_ERROR "A Release package needs a maintainer who answers its bug reports: "
                        "configure with -DMERIDIAN_MAINTAINER=\"Name <address>\" "
                        "(packaging/README.md).")
  endif()
  # Development and CI packages (packaging/dev.sh test checks one): the reserved .invalid
  # domain (RFC 2606) says plainly that nobody answers; such a package is not for release.
  set(_meridian_maintainer "Meridian development build <unreleased@meridian.invalid>")
else()
  set(_meridian_maintainer "${MERIDIAN_MAINTAINER}")
endif()
if(NOT _meridian_maintainer MATCHES "^[^<>@]+ <[^<>@ ]+@[^<>@ ]+>$"
   OR _meridian_maintainer MATCHES "@localhost")
  message(FATAL_ERROR "MERIDIAN_MAINTAINER must read 'Name <address>' with a reachable "
                      "address, not '${_meridian_maintainer}'")
endif()

# --- Release facts: bump MERIDIAN_RELEASE_DATE with project(VERSION) and add a changelog entry ---
set(MERIDIAN_RELEASE_DATE "2026-11-27")
set(MERIDIAN_RELEASE_DATE_RFC2822 "Fri, 27 Nov 2026 00:00:00 +0000")
# The Debian revision of this packaging of the upstream version (0.1.0-1).
set(MERIDIAN_DEB_RELEASE 1)
# AppStream component id: reverse-DNS and stable across releases (software centres key reviews
# and updates on it). Change it only before the first public release.
set(MERIDIAN_APPSTREAM_ID "org.meridian_sim.meridian")

set(_linux ${CMAKE_CURRENT_LIST_DIR}/linux)
set(_gen ${CMAKE_BINARY_DIR}/packaging)

# --- Data and documentation ------------------------------------------------------------------------
# presets/maps/LICENSE is the Topology Zoo notice, which the copyright file carries.
install(DIRECTORY ${CMAKE_SOURCE_DIR}/presets/ DESTINATION share/meridian/presets
        PATTERN LICENSE EXCLUDE)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/ DESTINATION share/doc/meridian
        PATTERN "images" EXCLUDE)
# The pictures of the user guide (docs/user-guide*.md), which Help ▸ User Guide shows from here;
# the other screenshots stay out of the package. Without them (dpkg path-exclude) the window
# shows the guide's text from its embedded copy.
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/images/ DESTINATION share/doc/meridian/images
        FILES_MATCHING PATTERN "tour-*.png" PATTERN "guide-*.png" PATTERN "report-page1.png")
if(EXISTS ${CMAKE_SOURCE_DIR}/resources/topo.schema.json)
  install(FILES ${CMAKE_SOURCE_DIR}/resources/topo.schema.json DESTINATION share/meridian)
endif()
install(FILES ${_linux}/copyright DESTINATION share/doc/meridian)
configure_file(${_linux}/changelog.Debian.in ${_gen}/changelog.Debian @ONLY)
# gzip -9n: no name or time stamp in the header, so the package is reproducible (lintian).
add_custom_command(OUTPUT ${_gen}/changelog.Debian.gz
  COMMAND gzip -9nf -k ${_gen}/changelog.Debian
  DEPENDS ${_gen}/changelog.Debian VERBATIM)
add_custom_target(meridian_changelog ALL DEPENDS ${_gen}/changelog.Debian.gz)
install(FILES ${_gen}/changelog.Debian.gz DESTINATION share/doc/meridian)

# --- Desktop integration (GUI builds only) ---------------------------------------------------------
if(MERIDIAN_BUILD_GUI)
  configure_file(${_linux}/meridian.metainfo.xml.in
                 ${_gen}/${MERIDIAN_APPSTREAM_ID}.metainfo.xml @ONLY)
  install(FILES ${_gen}/${MERIDIAN_APPSTREAM_ID}.metainfo.xml DESTINATION share/metainfo)
  # shared-mime-info: *.topo is application/x-meridian-topo, which meridian.desktop opens.
  install(FILES ${_linux}/meridian-topo.xml DESTINATION share/mime/packages RENAME meridian.xml)
  foreach(size 16 22 24 32 48 64 128 256 512)
    install(FILES ${_linux}/icons/${size}x${size}/meridian.png
            DESTINATION share/icons/hicolor/${size}x${size}/apps)
  endforeach()
endif()

# --- Man pages, generated from --help (packaging/linux/ManPage.cmake) -------------------------------
# Not in sanitizer builds: nobody packages those, and running them at build time could fail on
# a leak report at exit.
find_program(MERIDIAN_HELP2MAN help2man)
if(MERIDIAN_HELP2MAN AND NOT MERIDIAN_SANITIZE)
  set(_man_pages meridian-cli)
  if(MERIDIAN_BUILD_GUI)
    list(APPEND _man_pages meridian)
  endif()
  set(_man_outputs "")
  foreach(prog IN LISTS _man_pages)
    set(_out ${_gen}/man/${prog}.1.gz)
    add_custom_command(OUTPUT ${_out}
      COMMAND ${CMAKE_COMMAND} -DHELP2MAN=${MERIDIAN_HELP2MAN} -DPROGRAM=$<TARGET_FILE:${prog}>
              -DNAME=${prog} -DINCLUDE=${_linux}/${prog}.h2m -DOUTPUT=${_out}
              -P ${_linux}/ManPage.cmake
      DEPENDS ${prog} ${_linux}/${prog}.h2m ${_linux}/ManPage.cmake VERBATIM)
    list(APPEND _man_outputs ${_out})
  endforeach()
  add_custom_target(meridian_man ALL DEPENDS ${_man_outputs})
  install(FILES ${_man_outputs} DESTINATION share/man/man1)
elseif(CMAKE_BUILD_TYPE STREQUAL "Release")
  message(FATAL_ERROR "A Release package has man pages, generated with help2man: "
                      "apt-get install help2man (packaging/install-deps.sh installs it)")
else()
  message(STATUS "help2man not found: the package will have no man pages")
endif()

# --- The package -----------------------------------------------------------------------------------
set(CPACK_PACKAGE_NAME meridian)
set(CPACK_PACKAGE_VENDOR "Meridian developers")
set(CPACK_PACKAGE_CONTACT "${_meridian_maintainer}")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${_meridian_maintainer}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
# Debian's extended description: lines under 80 characters, "." for an empty line.
set(CPACK_PACKAGE_DESCRIPTION
    "Meridian draws, generates or imports compute centres, GPUs, switches, routers
and links, gives every link its bandwidth, delay, jitter, loss and queue, and
simulates data-parallel training over them with a flow-level event engine: how
long broadcast, compute, intra-centre and inter-centre phases take and how much
of the GPUs' time is spent computing.
.
This package holds the desktop designer (meridian), the command-line tool
(meridian-cli), example experiments, GPU and model catalogues and Internet
Topology Zoo maps.")
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_PACKAGE_RELEASE ${MERIDIAN_DEB_RELEASE})
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The GUI cannot start without a platform plugin (libqt6gui6 only recommends it); the CJK font
# draws the zh_CN translation.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-wqy-microhei | fonts-noto-cjk")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# xz, as dpkg-deb compresses by default: a smaller download than CPack's default gzip; on
# every core (the -dbgsym archive is 30 MB).
set(CPACK_THREADS 0)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
# Debug information: a build with -g (the release preset, or RelWithDebInfo) puts it into a
# separate meridian-dbgsym .ddeb and strips the binaries of meridian itself; a build without it
# (CI's -g0 tree) is only stripped. CPack's DEBUGINFO_PACKAGE strips by itself, and
# CPACK_STRIP_FILES would strip before it could extract, so only one of the two is on.
option(MERIDIAN_DEBUGINFO_PACKAGE "Split debug information into a meridian-dbgsym package" ON)
if(MERIDIAN_DEBUGINFO_PACKAGE)
  set(CPACK_DEBIAN_DEBUGINFO_PACKAGE ON)
  set(CPACK_POST_BUILD_SCRIPTS ${_linux}/FixDbgsym.cmake)
else()
  set(CPACK_STRIP_FILES ON)
endif()
include(CPack)
