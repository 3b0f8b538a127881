#!/usr/bin/env bash
# What `breather daemon` (with Open-Meteo, then with AirVisual) and `breather watch` cost while
# idle between polls, against the loopback fixture server (no real network): memory (RssAnon,
# PSS and VmRSS) after the first poll and again after the timed refreshes, wakeups (voluntary
# context switches summed over every thread, including threads that come and go), and CPU time
# per refresh.
#
# Usage: scripts/bench/daemon-cost.sh [BINARY] [IDLE_SECONDS] [REFRESHES]
#   BINARY        default .build/release/breather (swift build -c release)
#   IDLE_SECONDS  how long to watch each idle process (default 60)
#   REFRESHES     SIGUSR1 refreshes timed for the CPU figure (default 20)
# The interval is 15 minutes, so no poll falls inside the idle window. `watch` runs with its
# stdin held open and its stdout read, as a bar holds them.
set -euo pipefail
cd "$(dirname "$0")/../.."

binary=${1:-.build/release/breather}
seconds=${2:-60}
refreshes=${3:-20}
[ -x "$binary" ] || { echo "daemon-cost: build first (swift build -c release) or pass the binary" >&2; exit 1; }
fixtures=Tests/Fixtures/providers
work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
ticks=$(getconf CLK_TCK)

echo '{"/v1/forecast": {"fixture": "open-meteo/forecast.current.json"},
       "/aq/v1/air-quality": {"fixture": "open-meteo/air_quality.current_hourly.json"},
       "/v2/nearest_city": {"fixture": "iqair-airvisual/nearest_city.success.json"},
       "/purpleair/json": {"fixture": "purpleair/json.pa-ii.clean.json"},
       "/airgradient/measures/current": {"fixture": "airgradient/measures_current.open_air_compensated.json"}}' > "$work/routes.json"
python3 -u Tests/Support/fixture_server.py "$work/routes.json" "$fixtures" "$work/requests.log" > "$work/port" &
pids+=($!)
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port=$(head -1 "$work/port")
cat > "$work/config.toml" <<TOML
interval = "15m"
[location]
latitude = 40.6769
longitude = -73.9423
name = "Brooklyn"
[providers.open-meteo]
forecast_url = "http://127.0.0.1:$port/v1"
air_quality_url = "http://127.0.0.1:$port/aq/v1"
[cache]
path = "$work/cache.json"
max_age = "1s"
[[output]]
path = "$work/out/breather.json"
format = "json"
TOML

requests() { wc -l < "$work/requests.log"; }
requests_at_least() { [ "$(requests)" -ge "$1" ]; }
wait_for() {  # wait_for COMMAND...: up to 10 s for the command to succeed
    for _ in $(seq 100); do "$@" && return 0; sleep 0.1; done
    return 1
}
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

. scripts/lib/proc-measure.sh   # idle_wakeups PID SECONDS, memory PID

report() {  # report NAME PID [REQUESTS_PER_REFRESH]
    local name=$1 pid=$2 per_refresh=${3:-2}
    sleep 2   # let start-up settle
    read -r wakeups threads < <(idle_wakeups "$pid" "$seconds")
    local rss
    rss=$(memory "$pid")
    if [ "$per_refresh" -eq 0 ]; then  # idle figures only
        printf "%-18s %s · idle %ds: %d wakeups (%.1f a minute, %d threads seen)\n" \
            "$name" "$rss" "$seconds" "$wakeups" "$(awk -v w="$wakeups" -v s="$seconds" 'BEGIN { print w * 60 / s }')" "$threads"
        return
    fi
    local before_cpu before_requests
    before_cpu=$(cpu_ticks "$pid")
    before_requests=$(requests)
    for ((i = 1; i <= refreshes; i++)); do
        kill -USR1 "$pid"
        wait_for requests_at_least $((before_requests + per_refresh * i)) || { echo "daemon-cost: $name did not refresh" >&2; exit 1; }
    done
    local cpu_ms=$(( ($(cpu_ticks "$pid") - before_cpu) * 1000 / ticks ))
    # Memory again once the refreshes are over: what the process holds between polls in
    # steady state, not only after its first one.
    sleep 1
    local rss_after
    rss_after=$(memory "$pid")
    awk -v name="$name" -v rss="$rss" -v after="$rss_after" -v s="$seconds" -v w="$wakeups" -v t="$threads" -v r="$refreshes" -v c="$cpu_ms" \
        'BEGIN { printf "%-18s %s · idle %ds: %d wakeups (%.1f a minute, %d threads seen) · %d refreshes: %d ms CPU (%.1f ms each) · after them: %s\n",
                 name, rss, s, w, w * 60 / s, t, r, c, c / r, after }'
}

"$binary" daemon --config "$work/config.toml" 2> "$work/daemon.stderr" &
daemon=$!
pids+=($daemon)
wait_for test -s "$work/out/breather.json" || { echo "daemon-cost: no output; stderr:" >&2; cat "$work/daemon.stderr" >&2; exit 1; }
echo "binary: $binary ($(date -u +%F), $(nproc) cores, $(uname -r))"
report daemon "$daemon"
kill "$daemon"; wait "$daemon" 2>/dev/null || true

# watch: stdin a FIFO held open (no clicks), stdout read into a file.
mkfifo "$work/stdin"
sleep 100000 > "$work/stdin" &
pids+=($!)
"$binary" watch --config "$work/config.toml" --format i3bar < "$work/stdin" > "$work/watch.out" 2> "$work/watch.stderr" &
watcher=$!
pids+=($watcher)
wait_for grep -q full_text "$work/watch.out" || { echo "daemon-cost: watch printed nothing; stderr:" >&2; cat "$work/watch.stderr" >&2; exit 1; }
report watch "$watcher"
kill "$watcher"; wait "$watcher" 2>/dev/null || true

# The daemon with AirVisual (one nearest_city request serves air and weather): its shared
# request must not bring Swift's global pool, and with it libdispatch's 1 s monitor, back.
{ sed 's/^\[cache\]/[sources]\nair = ["airvisual"]\nweather = ["airvisual"]\n[providers.airvisual]\nbase_url = "http:\/\/127.0.0.1:'"$port"'\/v2"\n[cache]/' "$work/config.toml"; } > "$work/airvisual.toml"
rm -f "$work/out/breather.json"
BREATHER_AIRVISUAL_KEY=test-key-0000 "$binary" daemon --config "$work/airvisual.toml" 2> "$work/airvisual.stderr" &
airvisual=$!
pids+=($airvisual)
wait_for test -s "$work/out/breather.json" || { echo "daemon-cost: AirVisual daemon wrote nothing; stderr:" >&2; cat "$work/airvisual.stderr" >&2; exit 1; }
# Idle figures only: AirVisual's reply is reused for a minute (air and weather share it), so
# SIGUSR1 refreshes in a row make no new request to time.
report "daemon (AirVisual)" "$airvisual" 0

# The daemon with two loopback sensors: a PurpleAir first in air (Open-Meteo fills in the
# gases) and an AirGradient indoors, four requests a refresh. Its CPU per refresh minus the
# Open-Meteo daemon's above is what reading the sensors costs.
{ sed 's/^\[cache\]/[sources]\nair = ["purpleair", "open-meteo"]\nindoor = ["airgradient"]\n[providers.purpleair]\nurl = "http:\/\/127.0.0.1:'"$port"'\/purpleair"\n[providers.airgradient]\nurl = "http:\/\/127.0.0.1:'"$port"'\/airgradient"\n[cache]/' "$work/config.toml"; } > "$work/sensors.toml"
rm -f "$work/out/breather.json"
"$binary" daemon --config "$work/sensors.toml" 2> "$work/sensors.stderr" &
sensors=$!
pids+=($sensors)
wait_for test -s "$work/out/breather.json" || { echo "daemon-cost: the sensors daemon wrote nothing; stderr:" >&2; cat "$work/sensors.stderr" >&2; exit 1; }
report "daemon (sensors)" "$sensors" 4
