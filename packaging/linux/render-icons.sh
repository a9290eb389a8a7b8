#!/usr/bin/env bash
# Renders resources/icons/meridian.svg into the hicolor PNG sizes under packaging/linux/icons/.
# The PNGs are committed so that neither the build nor CI needs an SVG renderer; run this again
# (needs librsvg2-bin: apt-get install librsvg2-bin) and commit the result when the SVG changes.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
svg=$here/../../resources/icons/meridian.svg
for size in 16 22 24 32 48 64 128 256 512; do
  out=$here/icons/${size}x${size}/meridian.png
  mkdir -p "$(dirname "$out")"
  rsvg-convert --width "$size" --height "$size" "$svg" --output "$out"
done
