#!/usr/bin/env bash
# Measures what `breather daemon` costs while idle between polls: steady RSS and the
# voluntary context switches (wakeups) of all its threads over 60 s, against the loopback
# fixture server (no real network). Usage: scripts/daemon-cost.sh [BINARY] [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."

binary=${1:-.build/release/breather}
seconds=${2:-60}
[ -x "$binary" ] || { echo "daemon-cost: build first (swift build -c release) or pass the binary" >&2; exit 1; }
work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

echo '{"/v1/forecast": {"fixture": "open-meteo/forecast.current.json"},
       "/aq/v1/air-quality": {"fixture": "open-meteo/air_quality.current_hourly.json"}}' > "$work/routes.json"
python3 -u Tests/Support/fixture_server.py "$work/routes.json" Tests/Fixtures/providers "$work/requests.log" > "$work/port" &
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
[[output]]
path = "$work/out/breather.json"
format = "json"
TOML
"$binary" daemon --config "$work/config.toml" 2> "$work/stderr" &
daemon=$!
pids+=($daemon)
for _ in $(seq 100); do [ -s "$work/out/breather.json" ] && break; sleep 0.1; done
[ -s "$work/out/breather.json" ] || { echo "daemon-cost: no output; stderr:" >&2; cat "$work/stderr" >&2; exit 1; }
sleep 2   # let start-up settle

snapshot() {  # "TID voluntary involuntary" per live thread
    for status in /proc/"$daemon"/task/*/status; do
        awk -v tid="$(basename "$(dirname "$status")")" \
            '/^voluntary_ctxt_switches/ { v = $2 } /^nonvoluntary_ctxt_switches/ { n = $2 } END { print tid, v, n }' "$status"
    done
}
snapshot > "$work/before"
main0=$(awk '/^voluntary_ctxt_switches/ { print $2 }' /proc/"$daemon"/status)
sleep "$seconds"
snapshot > "$work/after"
main1=$(awk '/^voluntary_ctxt_switches/ { print $2 }' /proc/"$daemon"/status)
# Per thread: switches since the first snapshot (a thread born meanwhile counts from 0).
read -r dv dn < <(awk 'NR == FNR { v[$1] = $2; n[$1] = $3; next } { dv += $2 - v[$1]; dn += $3 - n[$1] } END { print dv + 0, dn + 0 }' \
    "$work/before" "$work/after")
rss=$(awk '/^VmRSS/ { print $2, $3 }' /proc/"$daemon"/status)
threads=$(awk '/^Threads/ { print $2 }' /proc/"$daemon"/status)
requests=$(wc -l < "$work/requests.log")
echo "binary: $binary"
echo "steady RSS: $rss; threads: $threads"
echo "idle ${seconds}s: $dv voluntary, $dn involuntary context switches over all threads ($((main1 - main0)) voluntary on the main thread)"
echo "provider requests in total (start-up fetch only): $requests"
