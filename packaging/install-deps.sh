#!/usr/bin/env bash
# Installs the Debian 12 packages Meridian needs to build, run and test. Idempotent:
# packages already present are skipped, so a second run does nothing. Run as root.
#   packaging/install-deps.sh            build + run + test dependencies
#   MERIDIAN_NO_GUI=1 packaging/install-deps.sh   headless subset (engine, CLI, tests)
#   MERIDIAN_PACKAGE_TOOLS=1 packaging/install-deps.sh   also the release package's checkers
#                                                        (packaging/dev.sh package)
#   MERIDIAN_MPI=1 packaging/install-deps.sh     also OpenMPI, optional: `meridian-cli sweep`
#                                                under mpirun (docs/sweeps.md); without it the
#                                                build is single-machine and otherwise the same
#   MERIDIAN_SLURM=1 packaging/install-deps.sh   also slurm-wlm and munge, for the sweep's
#                                                one-node Slurm test (ctest -L slurm)
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  libboost-dev libboost-graph-dev nlohmann-json3-dev libexpat1-dev libonnx-testdata
  libonnx-dev libprotobuf-dev clang-tidy help2man
  qt6-base-dev qt6-base-dev-tools qt6-qpa-plugins libgl-dev fonts-dejavu-core
)
if [ "${MERIDIAN_NO_GUI:-0}" != "1" ]; then
  packages+=(
    qt6-charts-dev libqt6opengl6-dev libxkbcommon-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    libqcustomplot-dev xvfb xauth fonts-wqy-microhei
  )
fi
if [ "${MERIDIAN_MPI:-0}" = "1" ]; then
  packages+=(openmpi-bin libopenmpi-dev)
fi
if [ "${MERIDIAN_SLURM:-0}" = "1" ]; then
  packages+=(slurm-wlm munge)
fi
if [ "${MERIDIAN_PACKAGE_TOOLS:-0}" = "1" ]; then
  packages+=(lintian appstream desktop-file-utils)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: missing packages: ${missing[*]}" >&2
  echo "install-deps: run this script as root (or with sudo) to install them" >&2
  exit 1
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
