#!/usr/bin/env bash
# Installs a Meridian .deb into a scratch root with `dpkg -x` and runs what it installed there,
# with the source and build trees out of reach: the binaries must find their presets through
# their install paths (engine/src/workload/Presets.cpp: <exe>/../share/meridian/presets), and
# nothing may come from the checkout (the engine's compiled-in fallback points into it).
#   packaging/check-install.sh BUILD_DIR        cpack BUILD_DIR's tree (stripped, no -dbgsym)
#                                               and check that package
#   packaging/check-install.sh BUILD_DIR X.deb  check X.deb (packaging/dev.sh package)
# Checks: `meridian-cli --version` and `meridian --version` print BUILD_DIR's project version;
# `meridian-cli validate` on every installed preset; `meridian-cli run` on one; the GUI renders
# that preset offscreen with --screenshot. Needs root (or user namespaces) to hide the trees
# with `unshare --mount`; without it the build tree is renamed for the duration and the source
# tree stays visible, which the script says.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
build_dir=$(cd "${1:?usage: $0 BUILD_DIR [PACKAGE.deb]}" && pwd)
deb=${2:-}
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build_dir/CMakeCache.txt")
run_preset=p2p-wan-iperf.topo   # a 1 GiB transfer: the engine end to end in about a second

work=$(mktemp -d /tmp/meridian-install-check.XXXXXX)
trap 'rm -rf "$work"' EXIT

if [ -z "$deb" ]; then
  # CI's tree is built with -g0: nothing to split into -dbgsym, so strip only; gzip is quicker
  # than the release package's xz and this package is thrown away.
  cpack --config "$build_dir/CPackConfig.cmake" -B "$work/pkg" \
    -D CPACK_DEBIAN_DEBUGINFO_PACKAGE=OFF -D CPACK_STRIP_FILES=ON \
    -D CPACK_DEBIAN_COMPRESSION_TYPE=gzip >"$work/cpack.log" ||
    { cat "$work/cpack.log" >&2; exit 1; }
  deb=$(find "$work/pkg" -maxdepth 1 -name 'meridian_*.deb' | head -n 1)
fi
deb=$(cd "$(dirname "$deb")" && pwd)/$(basename "$deb")
echo "check-install: $(basename "$deb"), $(du -k "$deb" | cut -f1) KiB"
dpkg -x "$deb" "$work/root"
echo "check-install: installed size $(du -sk "$work/root" | cut -f1) KiB"

# The checks, run as their own script from $work (not from the checkout) with a clean environment.
cat >"$work/checks.sh" <<'EOF'
set -euo pipefail
root=$1 version=$2 run_preset=$3
cd "$(dirname "$root")"
bin=$root/usr/bin presets=$root/usr/share/meridian/presets
test "$("$bin/meridian-cli" --version)" = "meridian-cli $version"
test "$("$bin/meridian" --version)" = "meridian $version"
shopt -s nullglob
topos=("$presets"/*.topo)
[ "${#topos[@]}" -gt 0 ] || { echo "no presets in $presets" >&2; exit 1; }
for f in "${topos[@]}"; do "$bin/meridian-cli" validate "$f"; done
"$bin/meridian-cli" run "$presets/$run_preset" --quiet --out out >/dev/null
test -s out/results.json
QT_QPA_PLATFORM=offscreen "$bin/meridian" --no-recovery --screenshot shot.png "$presets/$run_preset"
test "$(head -c 8 shot.png | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a   # a PNG
echo "check-install: --version, validate (${#topos[@]} presets), run and --screenshot pass"
EOF
clean_env=(env -i PATH=/usr/bin:/bin HOME="$work" LANG=C.UTF-8 XDG_RUNTIME_DIR="$work")
checks=(bash "$work/checks.sh" "$work/root" "$version" "$run_preset")

if unshare --mount --propagation private true 2>/dev/null; then
  # A private mount namespace: empty tmpfs over the checkout and the build tree, for the checks
  # only. $work is under /tmp, outside both.
  hide="mount -t tmpfs none '$here'"
  [[ "$build_dir/" != "$here/"* ]] && hide+=" && mount -t tmpfs none '$build_dir'"
  unshare --mount --propagation private \
    bash -c "$hide && test ! -e '$build_dir/CMakeCache.txt' && test ! -e '$here/presets' &&
             exec \"\$@\"" hide "${clean_env[@]}" "${checks[@]}"
else
  echo "check-install: cannot unshare a mount namespace; moving the build tree aside" \
       "(the source tree stays reachable)" >&2
  mv "$build_dir" "$build_dir.hidden"
  trap 'mv "$build_dir.hidden" "$build_dir"; rm -rf "$work"' EXIT
  "${clean_env[@]}" "${checks[@]}"
fi
