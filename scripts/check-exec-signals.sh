#!/usr/bin/env bash
# Measures what a checker or a supervisor does to a starting daemon (docs/DEVELOPMENT.md
# "Signals at start"): Python's subprocess.Popen returns once execve succeeded (its close-on-exec
# pipe closed), and HUP, USR1, USR2 or RTMIN+1 (in turn) follows at once. Counts the daemons that
# died of it; each survivor must render its output and exit 0 on SIGTERM. Exits 1 on any death.
# Not part of scripts/test.sh: a signal that lands inside the kernel's execve, before the
# launcher's first instruction, still kills, and how often depends on the scheduler (on a
# loaded machine, on most runs); scripts/check-early-signals.sh checks the windows Breather
# closes, deterministically. `chrt -f 1 scripts/check-exec-signals.sh` runs ahead of other load.
#   scripts/check-exec-signals.sh [ROUNDS] [BINARY]     # default 100 rounds, .build/debug/breather
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-100}
binary=$(realpath "${2:-${BREATHER_BIN:-.build/debug/breather}}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# No provider is reachable (port 9, discard): the daemon still renders "no data" to its output.
cat > "$work/config.toml" <<TOML
interval = "1h"
[location]
latitude = 1
longitude = 2
[providers.open-meteo]
forecast_url = "http://127.0.0.1:9/v1"
air_quality_url = "http://127.0.0.1:9/v1"
TOML
HOME="$work" XDG_CACHE_HOME="$work/cache" python3 - "$binary" "$rounds" "$work" <<'PY'
import os, signal, subprocess, sys, time
binary, rounds, work = sys.argv[1], int(sys.argv[2]), sys.argv[3]
# As systemd starts a service: nothing blocked, default actions (Popen resets SIGPIPE itself).
signal.pthread_sigmask(signal.SIG_SETMASK, [])
handled = [signal.SIGHUP, signal.SIGUSR1, signal.SIGUSR2, signal.SIGRTMIN + 1]
names = {signal.SIGHUP: "HUP", signal.SIGUSR1: "USR1", signal.SIGUSR2: "USR2", signal.SIGRTMIN + 1: "RTMIN+1"}
for s in handled + [signal.SIGTERM, signal.SIGINT]:
    signal.signal(s, signal.SIG_DFL)
output = os.path.join(work, "status.txt")
deaths, failures = [], []
for round in range(rounds):
    sent = handled[round % len(handled)]
    if os.path.exists(output):
        os.unlink(output)
    daemon = subprocess.Popen([binary, "daemon", "--config", os.path.join(work, "config.toml"),
                               "--output", output], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.kill(daemon.pid, sent)
    # Generous: a loaded machine may take seconds to start a debug build.
    deadline = time.monotonic() + 60
    while daemon.poll() is None and not os.path.exists(output) and time.monotonic() < deadline:
        time.sleep(0.005)
    if daemon.poll() is not None:
        (deaths if daemon.returncode == -sent else failures).append(f"round {round}: {names[sent]}: exit {daemon.returncode}")
        continue
    daemon.send_signal(signal.SIGTERM)
    try:
        status = daemon.wait(60)
    except subprocess.TimeoutExpired:
        daemon.kill(); daemon.wait(); status = "none: killed after 60 s"
    if status != 0:
        failures.append(f"round {round}: exit {status} on SIGTERM after {names[sent]}")
for line in deaths + failures:
    print("check-exec-signals:", line, file=sys.stderr)
if deaths or failures:
    sys.exit(f"check-exec-signals: FAIL: {len(deaths)} of {rounds} daemons died of the signal sent right after exec, {len(failures)} other failures")
print(f"check-exec-signals: {rounds} daemons lived through HUP, USR1, USR2 or RTMIN+1 sent right after exec; SIGTERM still ends them with 0")
PY
