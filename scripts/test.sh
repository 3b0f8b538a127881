#!/usr/bin/env bash
# The test command (README "Development"): builds with warnings as errors, runs every test,
# checks the systemd units and that the public API is documented. Needs ../shared (fixtures
# and reference tables) beside the repo.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d ../shared/fixtures ]; then
    echo "error: ../shared/fixtures is missing (the tests read provider fixtures from it)" >&2
    exit 1
fi
swift build --build-tests
# Serial on purpose: the end-to-end tests wait on child processes, which blocks one of the two
# cooperative threads this machine has, and the timing tests (timeouts must fire within their
# limit) then measure the scheduler instead of Breather.
swift test --skip-build --no-parallel
if [ -x scripts/check-units.sh ]; then
    scripts/check-units.sh
fi
# Public API without a /// doc comment fails the run (README "Development" rules).
scripts/check-docs.sh
# The release binary: no ICU (Foundation pulled in by accident), libcurl not linked, <= 16 MB
# stripped (README "Speed and size").
scripts/check-binary.sh
