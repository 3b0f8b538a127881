#!/usr/bin/env bash
# What one sensor poll (`[providers.<id>] interval`) costs the daemon: CPU per poll, with an
# empty history store and with a day of minute readings from the sensor already in it (the
# sensor's means and the sparkline then read the store). A loopback AirGradient first in
# `air`, its PM2.5 changing on every poll (so the output file is rewritten each time, as with
# a real sensor), Open-Meteo for the gases, interval 1h, the sensor's 1s, a waybar output file.
# A third line runs the same with `[history] enabled = false`: the poll without the store.
#
# Usage: scripts/bench/sensor-poll-cost.sh [BINARY] [SECONDS]
#   BINARY   default .build/release/breather (swift build -c release)
#   SECONDS  how long to count polls in each case (default 20)
# CPU comes from /proc/PID/stat in clock ticks (10 ms): compare the two lines of one run.
set -euo pipefail
cd "$(dirname "$0")/../.."

binary=${1:-.build/release/breather}
seconds=${2:-20}
[ -x "$binary" ] || { echo "sensor-poll-cost: build first (swift build -c release) or pass the binary" >&2; exit 1; }
command -v sqlite3 > /dev/null || { echo "sensor-poll-cost: needs the sqlite3 shell (apt install sqlite3)" >&2; exit 1; }
work=$(mktemp -d)
fixtures=$work/fixtures
mkdir -p "$fixtures/airgradient"
cp -r Tests/Fixtures/providers/open-meteo "$fixtures/"
# Two readings in turn: the AirGradient fixture, and the same with other particle values.
sed 's/"pm02Compensated": 24.6/"pm02Compensated": 31.3/; s/"pm10": 44.9/"pm10": 52.0/' \
    Tests/Fixtures/providers/airgradient/measures_current.open_air_compensated.json > "$fixtures/airgradient/b.json"
cp Tests/Fixtures/providers/airgradient/measures_current.open_air_compensated.json "$fixtures/airgradient/a.json"
cmp -s "$fixtures/airgradient/a.json" "$fixtures/airgradient/b.json" && { echo "sensor-poll-cost: the fixture changed; update the sed" >&2; exit 1; }
pids=()
cleanup() { for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
ticks=$(getconf CLK_TCK)

echo '{"/v1/forecast": {"fixture": "open-meteo/forecast.current.json"},
       "/aq/v1/air-quality": {"fixture": "open-meteo/air_quality.current_hourly.json"},
       "/ag/measures/current": {"cycle": ["airgradient/a.json", "airgradient/b.json"]}}' > "$work/routes.json"

measure() {  # measure NAME SEED [HISTORY: on|off]
    local dir=$work/$1 seed=$2 history="path = \"$work/$1/history.sqlite3\""
    [ "${3:-on}" = off ] && history="enabled = false"
    mkdir -p "$dir/home"
    python3 -u Tests/Support/fixture_server.py "$work/routes.json" "$fixtures" "$dir/requests.log" > "$dir/port" &
    pids+=($!)
    for _ in $(seq 100); do [ -s "$dir/port" ] && break; sleep 0.2; done
    local base=http://127.0.0.1:$(head -1 "$dir/port")
    cat > "$dir/config.toml" <<CONFIG
interval = "1h"
[location]
latitude = 40.6769
longitude = -73.9423
name = "Brooklyn"
[sources]
air = ["airgradient", "open-meteo"]
[providers.open-meteo]
forecast_url = "$base/v1"
air_quality_url = "$base/aq/v1"
geocoding_url = "$base/geo/v1"
[providers.airgradient]
url = "$base/ag"
interval = "1s"
[history]
$history
[[output]]
path = "$dir/out.json"
format = "waybar"
CONFIG
    if [ "$seed" = 1 ]; then
        # One one-shot makes the place and the sensor's rows; copy its particles to every minute of the last day.
        HOME=$dir/home "$binary" --config "$dir/config.toml" > /dev/null 2>&1 || true
        local now; now=$(date +%s)
        sqlite3 "$dir/history.sqlite3" "WITH RECURSIVE m(t) AS (SELECT $now - 86400 UNION ALL SELECT t + 60 FROM m WHERE t < $now - 120)
            INSERT OR IGNORE INTO reading SELECT r.place, m.t, r.variable, r.source, r.value FROM m, reading r
            WHERE r.source = (SELECT id FROM source WHERE name = 'airgradient')
              AND r.variable IN (SELECT id FROM variable WHERE name IN ('pm2_5', 'pm10'))"
    fi
    HOME=$dir/home XDG_CACHE_HOME=$dir/home/cache "$binary" daemon --config "$dir/config.toml" 2> "$dir/stderr" &
    local pid=$!
    pids+=($pid)
    for _ in $(seq 150); do grep -q /ag/ "$dir/requests.log" 2>/dev/null && break; sleep 0.2; done
    sleep 2  # past the first (full) poll
    local before u0 s0 u1 s1 after
    before=$(grep -c /ag/ "$dir/requests.log")
    read -r u0 s0 < <(awk '{print $14, $15}' "/proc/$pid/stat")
    sleep "$seconds"
    read -r u1 s1 < <(awk '{print $14, $15}' "/proc/$pid/stat")
    after=$(grep -c /ag/ "$dir/requests.log")
    local polls=$((after - before)) cpu=$(( (u1 + s1 - u0 - s0) * 1000 / ticks ))
    echo "$1: $polls sensor polls, ${cpu} ms CPU, $(awk -v c="$cpu" -v p="$polls" 'BEGIN { printf "%.1f", c / (p > 0 ? p : 1) }') ms a poll;" \
         "store rows $(sqlite3 "$dir/history.sqlite3" 'SELECT count(*) FROM reading' 2>/dev/null || echo none); Open-Meteo air requests $(grep -c /aq/ "$dir/requests.log")"
}

measure empty-store 0
measure day-of-readings 1
measure history-off 0 off  # the same poll with no store: what the rest of the daemon costs
