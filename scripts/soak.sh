#!/usr/bin/env bash
# Soaks `breather daemon` for MINUTES (default 5) against a loopback Open-Meteo that cycles
# through success, 500, garbage, wrong types, slow, huge and 429 replies, with SIGKILLs and
# restarts in the last 40 % of the run, and prints: fetches made, RSS growth per 1,000 fetches,
# fd and thread growth, torn reads, corrupt files, leftover temp files, and the longest time
# from provider recovery to fresh output (scripts/soak.py says how each is measured).
#
#   scripts/soak.sh [MINUTES]        BREATHER_BIN=path/to/breather to soak a given binary
#
# The daemon is a black box here (files, signals, /proc), so the soak outlives refactors.
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-5}
if [ -z "${BREATHER_BIN:-}" ]; then
    swift build -c release --product breather 2>&1 | grep -E "error|warning: |Compiling|Build" | tail -3
    BREATHER_BIN=$(swift build -c release --show-bin-path)/breather
fi
exec nice -n 10 python3 -u scripts/soak.py "$BREATHER_BIN" "$minutes"
