#!/usr/bin/env bash
# The dashboard's cost (issue 45, docs/PERFORMANCE.md "Dashboard"): a store with 30 days of
# 10-minute readings for each of PLACES places (1 or 3; scripts/bench/history_year.py, one
# copy a place), conditions cached (every run answers from the stores: no fetch), then a
# one-shot with --format html against the same run with --format json, interleaved, RUNS each:
# the process's CPU (user + system, from getrusage of the child), wall time, and the page's
# size. The difference is what drawing the dashboard costs: reading 744 hours a place from the
# store, the 30 days' bars and the markup.
# With BASELINE=OTHER_BINARY both binaries run in the same loop on the same store (json and html
# of one, then of the other, each round), so a change is measured against the build before it
# at the same time and load; the last html page of each is compared (the conditions' age aside).
# Usage: scripts/bench/dashboard.sh [BINARY] [RUNS] [PLACES]
#        (BINARY default .build/debug/breather; RUNS 30; PLACES 3; PAGE=FILE keeps the last page;
#        BASELINE=BINARY measures that one too, side by side)
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=$(realpath "${1:-.build/debug/breather}")
baseline=${BASELINE:+$(realpath "$BASELINE")}
runs=${2:-30}
places=${3:-3}
case "$places" in 1|3) ;; *) echo "PLACES must be 1 or 3" >&2; exit 64 ;; esac
source scripts/lib/loopback.sh
work=$(mktemp -d)
loopback_pid=""
trap '[ -n "$loopback_pid" ] && kill "$loopback_pid" 2>/dev/null; rm -rf "$work"' EXIT
loopback_replies "$work"
# Open-Meteo's way for a list of places: one reply per place asked (fixture_server's per_place).
python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
up = json.load(open(f"{work}/up.json"))
routes = {}
for path, name in (("/v1/forecast", "weather.json"), ("/aq/v1/air-quality", "air.json")):
    open(f"{work}/{name}", "w").write(up[path]["body"])
    routes[path] = {"fixture": name, "per_place": True}
json.dump(routes, open(f"{work}/places.json", "w"))
PY
loopback_routes "$work" places
loopback_start "$work"
# name latitude longitude: the first is Brooklyn, as the one-place store always was.
all_places=("brooklyn 40.6769 -73.9423" "queens 40.7282 -73.7949" "newark 40.7357 -74.1724")
{ if [ "$places" = 1 ]; then cat <<TOML
[location]
latitude = 40.6769
longitude = -73.9423
name = "Brooklyn"
TOML
  else for place in "${all_places[@]}"; do read -r name lat lon <<<"$place"
    printf '[[place]]\nname = "%s"\nlatitude = %s\nlongitude = %s\n' "$name" "$lat" "$lon"; done
  fi
  cat <<TOML
[providers.open-meteo]
forecast_url = "$loopback_base/v1"
air_quality_url = "$loopback_base/aq/v1"
geocoding_url = "$loopback_base/geo/v1"
[cache]
max_age = "1d"
[history]
path = "$work/history.sqlite3"
TOML
} > "$work/config.toml"
python3 scripts/bench/history_year.py "$work/month.csv" 30
export HOME="$work/home" TZ=UTC
mkdir -p "$HOME"
"$binary" --config "$work/config.toml" history import "$work/month.csv" >/dev/null
if [ "$places" = 3 ]; then
    for place in "${all_places[@]:1}"; do read -r name lat lon <<<"$place"
        sed "s/,Brooklyn,40.6769,-73.9423,/,$name,$lat,$lon,/" "$work/month.csv" > "$work/$name.csv"
        "$binary" --config "$work/config.toml" history import "$work/$name.csv" >/dev/null
    done
fi
"$binary" --config "$work/config.toml" --format json >/dev/null   # fills the conditions cache
PLACES=$places PAGE=${PAGE:-} python3 - "$work" "$runs" "$binary" $baseline <<'PY'
import os, resource, statistics, subprocess, sys, time
work, runs, binaries = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
pages = {}
def once(binary, fmt):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run([binary, "--config", f"{work}/config.toml", "--format", fmt], capture_output=True, check=True).stdout
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if fmt == "html":
        pages[binary] = out.decode()
    return cpu * 1000, wall * 1000, len(out)
results = {binary: {"json": [], "html": []} for binary in binaries}
for _ in range(runs):
    for binary in binaries:
        for fmt in ("json", "html"):
            results[binary][fmt].append(once(binary, fmt))
load = open("/proc/loadavg").read().split()[:3]
print(f"{runs} runs each, interleaved, {os.environ['PLACES']} place(s); load average {' '.join(load)}")
for binary in binaries:
    if len(binaries) > 1:
        print(f"{binary}:")
    for fmt, rows in results[binary].items():
        cpu = statistics.median(r[0] for r in rows); wall = statistics.median(r[1] for r in rows)
        print(f"  --format {fmt:4}: CPU median {cpu:6.1f} ms (min {min(r[0] for r in rows):.1f}), wall median {wall:6.1f} ms, output {rows[0][2]:,} bytes")
    # What was measured: every place's card, and a chart of hours for each (no "No data yet").
    page = pages[binary]
    hours = page.count('<section id="hours')
    print(f"  page: {page.count('data-place=')} place cards, {page.count('No data yet')} without data, "
          f"{hours} sections of hours, {page.count('No history recorded')} without history")
    difference = statistics.median(h[0] - j[0] for h, j in zip(results[binary]["html"], results[binary]["json"]))
    print(f"  html − json, CPU: median {difference:.1f} ms per run (the store's 744 hours a place and the page)")
if os.environ.get("PAGE"):
    open(os.environ["PAGE"], "w").write(pages[binaries[0]])  # PAGE=FILE keeps the last page to look at
if len(binaries) > 1:
    # Both pages drawn within a second or two of each other: the same unless the clock moved
    # between them in a way the page shows (an hour or minute turning over).
    # The age of the conditions ("· 3 s ago ·") is the clock's: left out of the comparison.
    import re
    a, b = (re.sub(r"· [^·<]* ago ·", "· … ago ·", pages[binary]) for binary in binaries[:2])
    if a == b:
        print("  the last pages of both: the same, byte for byte but for the conditions' age")
    else:
        at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        print(f"  the last pages of both: DIFFERENT from byte {at} (rerun if it is the clock):")
        print(f"    {a[max(at - 60, 0):at + 40]!r}\n    {b[max(at - 60, 0):at + 40]!r}")
PY
