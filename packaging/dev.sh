#!/usr/bin/env bash
# One entry point for a fresh Debian 12 checkout (run as root, or with sudo for the install step):
#   bash packaging/dev.sh run    install what is missing, build, run the default experiment
#                                headless and print its per-phase summary (and open the GUI on it
#                                when a display is available)
#   bash packaging/dev.sh test   install what is missing, build, run the whole test suite
# Environment: BUILD_DIR (default build), JOBS (default 2), MERIDIAN_CMAKE_ARGS (extra -D options).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
mode=${1:-run}
build_dir=${BUILD_DIR:-build}
jobs=${JOBS:-2}
default_experiment=presets/llama3-8b-star-wan.topo

case "$mode" in
  run|test) ;;
  *) echo "usage: $0 run|test" >&2; exit 2 ;;
esac

bash packaging/install-deps.sh

generator=()
command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
# shellcheck disable=SC2086
cmake -S . -B "$build_dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo ${MERIDIAN_CMAKE_ARGS:-}
cmake --build "$build_dir" -j "$jobs"

if [ "$mode" = test ]; then
  # Benchmarks are built but not registered with CTest; every area runs, failures fail the script.
  ctest --test-dir "$build_dir" --output-on-failure -j "$jobs" --timeout 900
  exit $?
fi

out_dir=${OUT_DIR:-results/default}
"$build_dir/app/meridian-cli" run "$default_experiment" --out "$out_dir"
echo "results written to $out_dir/results.json"
if { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; } && [ -x "$build_dir/app/gui/meridian" ]; then
  exec "$build_dir/app/gui/meridian" "$default_experiment"
fi
