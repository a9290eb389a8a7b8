#!/usr/bin/env bash
# One entry point for a fresh Debian 12 checkout (run as root, or with sudo for the install step):
#   bash packaging/dev.sh run    install what is missing, build, run the default experiment
#                                headless and print its per-phase summary (and open the GUI on it
#                                when a display is available)
#   bash packaging/dev.sh test   install what is missing, then everything CI checks (.ci/run calls
#                                exactly this), each stage failing the script:
#                                  1. build with warnings as errors (the `ci` preset's settings)
#                                     and run the whole test suite;
#                                  2. clang-tidy (.clang-tidy) over the engine sources
#                                     (engine/src/**/*.cpp and the engine headers they include);
#                                  3. the `asan` preset (ASan + UBSan, halt on error): build, run
#                                     the whole suite with the GUI monkey test at MONKEY_STEPS
#                                     steps;
#                                  4. the `fuzz` preset (clang, libFuzzer): every fuzz target for
#                                     FUZZ_RUNS executions from its committed seed corpus.
#                                  Between 1 and 2, the package check: cpack on stage 1's tree,
#                                  `dpkg -x` into a scratch root, the installed CLI and GUI run
#                                  there with the checkout out of reach (packaging/check-install.sh).
#   bash packaging/dev.sh quick  stage 1 only (the old `test`).
#   bash packaging/dev.sh package  the release package (packaging/README.md): the `release`
#                                preset's build, cpack, then lintian, appstreamcli, desktop-file-
#                                validate and the install check on it. Needs MERIDIAN_MAINTAINER
#                                ("Name <address>", the package's Maintainer field).
# Environment: BUILD_DIR (default build), JOBS (default 2), MERIDIAN_CMAKE_ARGS (extra -D options),
# MONKEY_STEPS (stage 3's monkey test, default 2000; stage 1 runs the test's own 200),
# FUZZ_RUNS (default 100000), SKIP_STAGES (e.g. "package tidy asan fuzz" locally; default: none).
# ccache is used when installed. Each stage prints its wall time; docs/reliability.md describes
# stages 2-4 and their figures.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
mode=${1:-run}
build_dir=${BUILD_DIR:-build}
jobs=${JOBS:-2}
default_experiment=presets/llama3-8b-star-wan.topo

case "$mode" in
  run|test|quick|package) ;;
  *) echo "usage: $0 run|test|quick|package" >&2; exit 2 ;;
esac
if [ "$mode" = package ] && [ -z "${MERIDIAN_MAINTAINER:-}" ]; then
  echo "dev.sh package: set MERIDIAN_MAINTAINER=\"Name <address>\" (packaging/README.md)" >&2
  exit 2
fi

[ "$mode" = package ] && export MERIDIAN_PACKAGE_TOOLS=1
bash packaging/install-deps.sh

generator=()
command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
launcher=()
command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)

# Each stage's wall time is printed when the next one starts and summed up at the end.
stage_name="" stage_start=$SECONDS timings=""
stage() {
  if [ -n "$stage_name" ]; then
    local took=$((SECONDS - stage_start))
    timings+=$(printf '  %-50s %3d min %02d s' "$stage_name" $((took / 60)) $((took % 60)))$'\n'
  fi
  stage_name=$1 stage_start=$SECONDS
  printf '\n==== %s (%s)\n' "$1" "$(date +%T)"
}
skipped() { [[ " ${SKIP_STAGES-} " == *" $1 "* ]]; }

if [ "$mode" = package ]; then
  stage "release package: build (the release preset)"
  cmake --preset release "${launcher[@]}" -DMERIDIAN_MAINTAINER="$MERIDIAN_MAINTAINER"
  cmake --build --preset release -j "$jobs"
  stage "release package: cpack"
  pkg_dir=build-release/packages
  rm -f "$pkg_dir"/meridian*.deb "$pkg_dir"/meridian*.ddeb
  cpack --preset release
  deb=$(find "$pkg_dir" -maxdepth 1 -name 'meridian_*.deb')
  stage "release package: lintian, appstreamcli, desktop-file-validate"
  # No errors allowed; the warnings left are listed and justified in packaging/README.md.
  lintian --fail-on error --info "$deb" "$pkg_dir"/meridian-dbgsym_*.ddeb
  appstreamcli validate --no-net --pedantic build-release/packaging/*.metainfo.xml
  desktop-file-validate resources/meridian.desktop
  stage "release package: install check"
  bash packaging/check-install.sh build-release "$deb"
  stage "release package done"
  ls -l "$pkg_dir"
  exit 0
fi

werror=()
[ "$mode" != run ] && werror=(-DMERIDIAN_WERROR=ON)
stage "build ($build_dir${werror:+, warnings are errors})"
# Every target compiles as a unity build (MERIDIAN_UNITY, CMakeLists.txt): about a fifth of the
# engine's and the designer's compile time at -O2. CI also builds without debug information (-g0: a third
# less compile time per file, e.g. ui/report/Report.cpp 29.8 → 18.8 CPU-s), which no stage reads.
# The test areas' own code compiles at -O0 there (MERIDIAN_TESTS_OPTIMIZE): half of the build's
# compile time, little run time; the engine, the designer and the CLI stay at -O2.
flags=()
[ "$mode" = test ] && flags=("-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g0 -DNDEBUG" -DMERIDIAN_TESTS_OPTIMIZE=-O0)
# shellcheck disable=SC2086
cmake -S . -B "$build_dir" "${generator[@]}" "${launcher[@]}" "${werror[@]}" "${flags[@]}" \
  -DMERIDIAN_UNITY=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo ${MERIDIAN_CMAKE_ARGS:-}
cmake --build "$build_dir" -j "$jobs"

if [ "$mode" = run ]; then
  out_dir=${OUT_DIR:-results/default}
  "$build_dir/app/meridian-cli" run "$default_experiment" --out "$out_dir"
  echo "results written to $out_dir/results.json"
  if { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; } && [ -x "$build_dir/app/gui/meridian" ]; then
    exec "$build_dir/app/gui/meridian" "$default_experiment"
  fi
  exit 0
fi

stage "test suite"
# Benchmarks are built but not registered with CTest; every area runs.
ctest --test-dir "$build_dir" --output-on-failure -j "$jobs" --timeout 900
[ "$mode" = quick ] && exit 0

if ! skipped package; then
  stage "package: cpack, dpkg -x, installed CLI and GUI"
  # Stage 1's tree, nothing rebuilt: what `apt-get install` would put on a machine finds its
  # presets and runs without the checkout (packaging/check-install.sh).
  bash packaging/check-install.sh "$build_dir"
fi

if ! skipped tidy; then
  stage "clang-tidy (engine)"
  # The engine is Qt-free and the whole of it is checked; any finding fails (WarningsAsErrors).
  # One clang-tidy run per unity unit of the engine (8 .cpp files each, as stage 1 compiled
  # them): 2 min instead of 14 for one run per file on 2 cores, the same findings
  # (.clang-tidy says why --system-headers). Its compile commands come from a configure-only
  # tree (nothing is built there; the engine needs no generated file).
  tidy_dir=$build_dir-tidy
  cmake -S . -B "$tidy_dir" "${generator[@]}" "${werror[@]}" "${flags[@]}" -DMERIDIAN_UNITY=ON \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMERIDIAN_BUILD_GUI=OFF -DMERIDIAN_BUILD_TESTS=OFF \
    -DMERIDIAN_BENCH=OFF >/dev/null
  find "$tidy_dir/engine" -path '*/Unity/*.cxx' -print0 | sort -z |
    xargs -0 -P "$jobs" -n 1 clang-tidy -p "$tidy_dir" --config-file="$here/.clang-tidy" \
      --system-headers -quiet
fi

if ! skipped asan; then
  stage "asan preset: build"
  cmake --preset asan "${launcher[@]}"
  cmake --build --preset asan -j "$jobs"
  stage "asan preset: test suite, monkey test ${MONKEY_STEPS:-2000} steps"
  # The sanitizers abort on the first report (-fno-sanitize-recover), which fails the test.
  # The README tour (label slow) is left to stage 1: it walks the README's commands through the
  # same CLI and GUI paths the other areas run here under the sanitizers, for several minutes.
  MERIDIAN_MONKEY_STEPS=${MONKEY_STEPS:-2000} \
    ctest --preset asan -j "$jobs" --timeout 1800 -LE slow
fi

if ! skipped fuzz; then
  stage "fuzz preset: build"
  cmake --preset fuzz "${launcher[@]}" -DMERIDIAN_FUZZ_RUNS="${FUZZ_RUNS:-100000}"
  cmake --build --preset fuzz -j "$jobs"
  stage "fuzz preset: ${FUZZ_RUNS:-100000} executions per target"
  ctest --preset fuzz -j "$jobs"
fi
stage "all stages passed"
total=$SECONDS
printf 'stage times (wall):\n%s  %-50s %3d min %02d s\n' "$timings" total $((total / 60)) $((total % 60))
