#!/usr/bin/env bash
# The test command (README "Development"): builds with warnings as errors, runs every test,
# checks the systemd units and that the public API is documented. Everything it reads is in
# the repository (fixtures and reference tables in Tests/Fixtures).
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --build-tests
# In parallel (Swift Testing's default): every test waits for its child processes, pipes and
# servers off the cooperative pool (Tests/Support/Blocking.swift), so one test's wait cannot
# stall another's clock.
serial='DaemonTests\.|WatchTests\.|AlertTests\.|FreshnessTests\.|FetchDeadlineTests\.|ServiceCoreTests\.'
swift test --skip-build --skip "$serial"
# Run alone and in order afterwards: the daemon, watch, alert and freshness suites still wait for their
# daemons on cooperative threads (usleep, waitUntilExit) and assert short wall-clock times, until
# they move to the helpers in Blocking.swift; the fetch-deadline suite tests a deadline on the
# real monotonic clock (FetchDeadline takes no injected clock), which a parallel run on a loaded
# 2-core machine can delay past any bound.
swift test --skip-build --no-parallel --filter "$serial"
if [ -x scripts/check-units.sh ]; then
    scripts/check-units.sh
fi
# Public API without a /// doc comment fails the run (README "Development" rules).
scripts/check-docs.sh
# The release binary: no ICU (Foundation pulled in by accident), libcurl not linked, <= 16 MB
# stripped (README "Speed and size").
scripts/check-binary.sh
