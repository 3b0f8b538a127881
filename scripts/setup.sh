#!/usr/bin/env bash
# Quick start: install the Debian packages, build a release binary with the static Swift
# standard library, and run Breather's main job once (keyless Open-Meteo, China's standard).
# Extra arguments are passed to breather, e.g. scripts/setup.sh --city Berlin
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
binary=$(scripts/build-release.sh)
# Symbols are half the file and nothing at run time needs them (docs/PERFORMANCE.md).
strip "$binary"
echo "built $binary" >&2
exec "$binary" --standard china "$@"
