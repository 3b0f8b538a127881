#!/usr/bin/env bash
# What one sensor poll (`[providers.<id>] interval`) costs the daemon: CPU per poll, with an
# empty history store and with a day of minute readings from the sensor already in it (the
# sensor's means and the sparkline then read the store). A loopback AirGradient first in
# `air`, its PM2.5 changing on every poll (so the output file is rewritten each time, as with
# a real sensor), Open-Meteo for the gases, interval 1h, a waybar output file.
# A third line runs the same with `[history] enabled = false`: the poll without the store.
#
# Usage: scripts/bench/sensor-poll-cost.sh [BINARY] [SECONDS] [BASELINE]
#   BINARY    default .build/release/breather (swift build -c release)
#   SECONDS   how long to count polls in each case (default 20)
#   BASELINE  another build, run side by side with BINARY in each case (same window, same load)
#   SENSOR_INTERVAL=1m (environment): the sensor's interval; default 1s, for many polls in a
#             short run. At 1m each poll starts with cold caches, as in use: count 360 s or more.
# CPU comes from `perf stat -e task-clock` when perf works here, else from /proc/PID/stat in
# clock ticks (10 ms): compare lines of one run.
set -euo pipefail
cd "$(dirname "$0")/../.."

binary=${1:-.build/release/breather}
seconds=${2:-20}
baseline=${3:-}
sensor_interval=${SENSOR_INTERVAL:-1s}
for build in "$binary" $baseline; do
    [ -x "$build" ] || { echo "sensor-poll-cost: $build: build first (swift build -c release) or pass the binary" >&2; exit 1; }
done
command -v sqlite3 > /dev/null || { echo "sensor-poll-cost: needs the sqlite3 shell (apt install sqlite3)" >&2; exit 1; }
use_perf=false
perf stat -e task-clock -x, -o /dev/null -- true 2>/dev/null && use_perf=true
work=$(mktemp -d)
# The bar's file on tmpfs, as the README puts it (/run/user/UID/breather); store and cache on disk.
outputs=$(mktemp -d -p /dev/shm 2>/dev/null || mktemp -d)
fixtures=$work/fixtures
mkdir -p "$fixtures/airgradient"
cp -r Tests/Fixtures/providers/open-meteo "$fixtures/"
# Two readings in turn: the AirGradient fixture, and the same with other particle values.
sed 's/"pm02Compensated": 24.6/"pm02Compensated": 31.3/; s/"pm10": 44.9/"pm10": 52.0/' \
    Tests/Fixtures/providers/airgradient/measures_current.open_air_compensated.json > "$fixtures/airgradient/b.json"
cp Tests/Fixtures/providers/airgradient/measures_current.open_air_compensated.json "$fixtures/airgradient/a.json"
cmp -s "$fixtures/airgradient/a.json" "$fixtures/airgradient/b.json" && { echo "sensor-poll-cost: the fixture changed; update the sed" >&2; exit 1; }
pids=()
cleanup() { for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done; rm -rf "$work" "$outputs"; }
trap cleanup EXIT
ticks=$(getconf CLK_TCK)

echo '{"/v1/forecast": {"fixture": "open-meteo/forecast.current.json"},
       "/aq/v1/air-quality": {"fixture": "open-meteo/air_quality.current_hourly.json"},
       "/ag/measures/current": {"cycle": ["airgradient/a.json", "airgradient/b.json"]}}' > "$work/routes.json"

start() {  # start NAME SEED HISTORY BINARY: a fixture server and a daemon; its pid in $dir/pid
    local dir=$work/$1 seed=$2 binary=$4 history="path = \"$work/$1/history.sqlite3\""
    [ "$3" = off ] && history="enabled = false"
    mkdir -p "$dir/home"
    python3 -u Tests/Support/fixture_server.py "$work/routes.json" "$fixtures" "$dir/requests.log" > "$dir/port" &
    echo $! > "$dir/server"
    pids+=($!)
    disown $!
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
interval = "$sensor_interval"
[history]
$history
[[output]]
path = "$outputs/$1.json"
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
    echo $! > "$dir/pid"
    pids+=($!)
    disown $!
}

cpu_ms() {  # cpu_ms PID: CPU time so far in ms, from /proc (10 ms ticks)
    awk -v t="$ticks" '{ print ($14 + $15) * 1000 / t }' "/proc/$1/stat"
}

measure() {  # measure NAME SEED HISTORY(on|off): each build in its own daemon, counted in one window
    local names=() name
    for build in "$binary" $baseline; do
        name=$1-$([ "$build" = "$binary" ] && echo new || echo baseline)
        start "$name" "$2" "$3" "$build"
        names+=("$name")
    done
    for name in "${names[@]}"; do
        for _ in $(seq 150); do grep -q /ag/ "$work/$name/requests.log" 2>/dev/null && break; sleep 0.2; done
    done
    sleep 2  # past the first (full) poll
    local counters=()
    for name in "${names[@]}"; do
        local dir=$work/$name
        grep -c /ag/ "$dir/requests.log" > "$dir/before"
        if $use_perf; then
            perf stat -e task-clock -x, -o "$dir/perf" -p "$(cat "$dir/pid")" -- sleep "$seconds" &
            counters+=($!)
        else
            cpu_ms "$(cat "$dir/pid")" > "$dir/cpu0"
        fi
    done
    if $use_perf; then wait "${counters[@]}"; else sleep "$seconds"; fi
    for name in "${names[@]}"; do
        local dir=$work/$name cpu
        if $use_perf; then cpu=$(awk -F, '/task-clock/ { print $1 }' "$dir/perf")
        else cpu=$(awk -v a="$(cat "$dir/cpu0")" -v b="$(cpu_ms "$(cat "$dir/pid")")" 'BEGIN { print b - a }'); fi
        local polls=$(( $(grep -c /ag/ "$dir/requests.log") - $(cat "$dir/before") ))
        echo "$name: $polls sensor polls, $(printf %.1f "$cpu") ms CPU, $(awk -v c="$cpu" -v p="$polls" 'BEGIN { printf "%.2f", c / (p > 0 ? p : 1) }') ms a poll;" \
             "store rows $(sqlite3 "$dir/history.sqlite3" 'SELECT count(*) FROM reading' 2>/dev/null || echo none); Open-Meteo air requests $(grep -c /aq/ "$dir/requests.log")"
        kill "$(cat "$dir/pid")" "$(cat "$dir/server")" 2>/dev/null || true  # idle during the next case
    done
}

echo "sensor interval $sensor_interval, $seconds s a case, CPU from $($use_perf && echo "perf stat task-clock" || echo "/proc ticks (10 ms)")"
measure empty-store 0 on
measure day-of-readings 1 on
measure history-off 0 off  # the same poll with no store: what the rest of the daemon costs
