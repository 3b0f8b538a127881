#!/usr/bin/env bash
# The test command (docs/DEVELOPMENT.md): installs missing Debian packages, builds with
# warnings as errors, runs every test,
# checks the systemd units and that the public API is documented. Everything it reads is in
# the repository (fixtures and reference tables in Tests/Fixtures).
set -euo pipefail
cd "$(dirname "$0")/.."

# The Debian packages the build and the tests need (headers for libcurl and jansson, python3 for
# the loopback server, ...), installed when missing, as scripts/setup.sh does: on a fresh machine
# this script works before or after setup.sh.
scripts/install-deps.sh
# Warnings are errors here and in CI, not in Package.swift: a user's newer Swift may warn
# about something new, and their build must still succeed.
swift build --build-tests -Xswiftc -warnings-as-errors
# One parallel run, no serial phase: every test waits for its child processes, pipes, servers
# and daemons off the cooperative pool (Tests/Support/Blocking.swift: offThePool, waitUntil,
# waitForExit), waits for events (a line, a file, a request, an exit) with generous bounds
# rather than timing short durations, and code that keeps a deadline reads an injected clock
# in its tests (FetchDeadline.Clock, TestClock). So one test's wait cannot stall another's.
swift test --skip-build --parallel
# A signal the daemon handles, sent before Swift's main, must not kill it: from a library
# constructor (cprocess.c blocks it) or from the dynamic loader (the launcher blocks it).
scripts/check-early-signals.sh
if [ -x scripts/check-units.sh ]; then
    scripts/check-units.sh
fi
# Public API without a /// doc comment fails the run (docs/DEVELOPMENT.md rules).
scripts/check-docs.sh
# The release binary: no ICU (Foundation pulled in by accident), libcurl not linked, <= 16 MB
# stripped (docs/PERFORMANCE.md).
scripts/check-binary.sh
