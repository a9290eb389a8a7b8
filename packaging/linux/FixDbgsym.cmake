# CPack post-build script (CPACK_POST_BUILD_SCRIPTS): mends the -dbgsym package that CMake 3.25's
# CPACK_DEBIAN_DEBUGINFO_PACKAGE writes, which lintian rejects:
#   - its DEBIAN/md5sums names the files by their absolute paths in CPack's staging folder
#     (md5sums-lists-nonexistent-file, file-missing-in-md5sums), so debsums and
#     `dpkg --verify` cannot check them: rewritten with paths relative to the root;
#   - it has no /usr/share/doc/meridian-dbgsym (no-copyright-file, no-changelog): a symlink to
#     meridian's, as Debian's own dbgsym packages have (it depends on meridian of the same
#     version, so Policy 12.5 allows it);
#   - the .debug files are executable (objcopy keeps the mode): 0644, as dh_strip leaves them.
foreach(pkg IN LISTS CPACK_PACKAGE_FILES)
  if(NOT pkg MATCHES "-dbgsym_[^/]*\\.ddeb$")
    continue()
  endif()
  set(root "${pkg}.d")
  file(REMOVE_RECURSE "${root}")
  execute_process(COMMAND dpkg-deb -R "${pkg}" "${root}" COMMAND_ERROR_IS_FATAL ANY)
  file(GLOB_RECURSE debug_files LIST_DIRECTORIES false RELATIVE "${root}" "${root}/usr/*")
  list(SORT debug_files)
  set(md5sums "")
  foreach(f IN LISTS debug_files)
    file(CHMOD "${root}/${f}" FILE_PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ)
    file(MD5 "${root}/${f}" sum)
    string(APPEND md5sums "${sum}  ${f}\n")
  endforeach()
  file(WRITE "${root}/DEBIAN/md5sums" "${md5sums}")
  file(MAKE_DIRECTORY "${root}/usr/share/doc")
  file(CREATE_LINK meridian "${root}/usr/share/doc/meridian-dbgsym" SYMBOLIC)
  execute_process(COMMAND dpkg-deb --root-owner-group -Zxz -b "${root}" "${pkg}"
                  OUTPUT_QUIET COMMAND_ERROR_IS_FATAL ANY)
  file(REMOVE_RECURSE "${root}")
endforeach()
