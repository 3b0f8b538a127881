#!/usr/bin/env bash
# The test command (README "Development"): builds with warnings as errors, runs every test,
# checks the systemd units and that the public API is documented. Everything it reads is in
# the repository (fixtures and reference tables in Tests/Fixtures).
set -euo pipefail
cd "$(dirname "$0")/.."

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
