#!/usr/bin/env bash
# CPU of one fresh refresh as instructions (valgrind's callgrind "Ir"), which repeat under any
# load, unlike times on a shared machine: a one-shot against loopback fixtures, a PurpleAir first
# in `air` (its channels checked and recorded), Open-Meteo for the rest, history on. Each binary
# gets its own folder: a first run fills the store (so the measured run has this hour's readings
# to average, as in a daemon), the conditions cache is removed, then one run under callgrind.
#
# ROUNDS rounds (default 3), the binaries taking turns; a run that did not make all three
# requests (a fetch deadline missed under valgrind's slowdown on a loaded machine) is reported and
# left out of the median.
#
# Usage: [ROUNDS=3] scripts/bench/callgrind-refresh.sh BINARY [BINARY…]   (e.g. .build/debug/breather-main)
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -ge 1 ] || { echo "usage: $0 BINARY [BINARY…]" >&2; exit 2; }
work=$(mktemp -d)
server=""
cleanup() { [ -n "$server" ] && kill -9 "$server" 2>/dev/null; [ -n "${KEEP:-}" ] || rm -rf "$work"; }
trap cleanup EXIT
mkdir -p "$work/fixtures/purpleair"
cp -r Tests/Fixtures/providers/open-meteo "$work/fixtures/"
cp Tests/Fixtures/providers/purpleair/json.pa-ii.clean.json "$work/fixtures/purpleair/"
echo '{"/v1/forecast": {"fixture": "open-meteo/forecast.current.json"},
       "/aq/v1/air-quality": {"fixture": "open-meteo/air_quality.current_hourly.json"},
       "/pa/json": {"fixture": "purpleair/json.pa-ii.clean.json"}}' > "$work/routes.json"
python3 -u Tests/Support/fixture_server.py "$work/routes.json" "$work/fixtures" "$work/requests.log" > "$work/port" &
server=$!
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.1; done
base=http://127.0.0.1:$(head -1 "$work/port")
n=0
for binary in "$@"; do
    n=$((n + 1))
    dir="$work/$n"
    mkdir -p "$dir"
    # valgrind cannot read the DWARF 5 of a Swift debug build: a copy without debug info runs the
    # same instructions.
    objcopy --strip-debug "$binary" "$dir/breather"
    cat > "$dir/config.toml" <<CONFIG
[location]
latitude = 40.6769
longitude = -73.9423
[sources]
air = ["purpleair", "open-meteo"]
[providers.open-meteo]
forecast_url = "$base/v1"
air_quality_url = "$base/aq/v1"
[providers.purpleair]
url = "$base/pa"
[history]
path = "$dir/history.sqlite3"
CONFIG
done
run() { local dir=$1; shift; HOME="$dir" XDG_CACHE_HOME="$dir/cache" "$@" --config "$dir/config.toml" > "$dir/out" 2> "$dir/err"; }
for round in $(seq "${ROUNDS:-3}"); do
    n=0
    for binary in "$@"; do
        n=$((n + 1))
        dir="$work/$n"
        rm -rf "$dir/cache" "$dir/history.sqlite3"*
        run "$dir" "$dir/breather"   # fills the store: this hour's reading, the model's hours
        rm -rf "$dir/cache"
        before=$(wc -l < "$work/requests.log")
        run "$dir" valgrind --tool=callgrind --callgrind-out-file="$dir/callgrind.out" "$dir/breather"
        requests=$(( $(wc -l < "$work/requests.log") - before ))
        ir=$(grep -m1 '^summary:' "$dir/callgrind.out" | awk '{print $2}')
        echo "round $round $binary: Ir $ir, requests $requests, output: $(head -c 70 "$dir/out")"
        [ "$requests" = 3 ] && echo "$ir" >> "$dir/irs"
    done
done
n=0
for binary in "$@"; do
    n=$((n + 1))
    echo "$binary: median Ir $(sort -n "$work/$n/irs" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}') of $(wc -l < "$work/$n/irs") full runs"
done
