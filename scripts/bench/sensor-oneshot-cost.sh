#!/usr/bin/env bash
# What a one-shot answered from the store costs when it reads a sensor on every run (a sensor has
# no quota: docs/SENSORS.md), against the same one-shot with no sensor configured, whose store
# answers everything. A loopback AirGradient first in `air`, Open-Meteo for the rest, history on.
# Median wall time and CPU (user + system, from getrusage) of RUNS runs each, the two cases
# taking turns run by run so that a noisy phase of the machine hits both alike.
#
# Usage: scripts/bench/sensor-oneshot-cost.sh [BINARY] [RUNS]
#   BINARY   default .build/release/breather (swift build -c release)
#   RUNS     runs of each case (default 100)
set -euo pipefail
cd "$(dirname "$0")/../.."

binary=${1:-.build/release/breather}
runs=${2:-100}
[ -x "$binary" ] || { echo "sensor-oneshot-cost: build first (swift build -c release) or pass the binary" >&2; exit 1; }
work=$(mktemp -d)
server=""
cleanup() { [ -n "$server" ] && kill -9 "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
mkdir -p "$work/fixtures/airgradient"
cp -r Tests/Fixtures/providers/open-meteo "$work/fixtures/"
cp Tests/Fixtures/providers/airgradient/measures_current.open_air_compensated.json "$work/fixtures/airgradient/"
echo '{"/v1/forecast": {"fixture": "open-meteo/forecast.current.json"},
       "/aq/v1/air-quality": {"fixture": "open-meteo/air_quality.current_hourly.json"},
       "/ag/measures/current": {"fixture": "airgradient/measures_current.open_air_compensated.json"}}' > "$work/routes.json"
python3 -u Tests/Support/fixture_server.py "$work/routes.json" "$work/fixtures" "$work/requests.log" > "$work/port" &
server=$!
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.1; done
base=http://127.0.0.1:$(head -1 "$work/port")

for case in sensor model; do
    mkdir -p "$work/$case"
    air='"airgradient", "open-meteo"'
    [ "$case" = model ] && air='"open-meteo"'
    cat > "$work/$case/config.toml" <<CONFIG
[location]
latitude = 40.6769
longitude = -73.9423
[sources]
air = [$air]
[providers.open-meteo]
forecast_url = "$base/v1"
air_quality_url = "$base/aq/v1"
[providers.airgradient]
url = "$base/ag"
[history]
path = "$work/$case/history.sqlite3"
CONFIG
done

python3 - "$binary" "$runs" "$work" <<'PYTHON'
import os, resource, statistics, subprocess, sys, time
binary, runs, work = sys.argv[1], int(sys.argv[2]), sys.argv[3]
def run(case):
    env = dict(os.environ, HOME=f"{work}/{case}", XDG_CACHE_HOME=f"{work}/{case}/cache")
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    subprocess.run([binary, "--config", f"{work}/{case}/config.toml"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall * 1000, (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
cases = {"sensor": [], "model": []}
for case in cases: run(case)  # the first run fills the store
for _ in range(runs):
    for case in cases: cases[case].append(run(case))
for case, label in [("sensor", "store + the sensor read"), ("model", "store alone (no sensor)")]:
    walls, cpus = zip(*cases[case])
    print(f"{label}: wall {statistics.median(walls):.1f} ms, CPU {statistics.median(cpus):.1f} ms (medians of {runs})")
ratio = statistics.median(c for _, c in cases["sensor"]) / statistics.median(c for _, c in cases["model"])
print(f"CPU ratio sensor/store alone: {ratio:.2f}")
PYTHON
echo "sensor requests: $(grep -c /ag/ "$work/requests.log"), Open-Meteo air requests: $(grep -c /aq/ "$work/requests.log") (one a case)"
