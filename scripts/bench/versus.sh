#!/usr/bin/env bash
# A provider 100 ms away and the cache, for two builds side by side in one run (docs/PERFORMANCE.md):
# a fresh one-shot against one `curl` request, a cached one-shot against `jq` reading the cache.
#   scripts/bench/versus.sh OLD_BINARY NEW_BINARY [ROUNDS]
# Run from the repository (scripts/bench/ab.py, Tests/Support/fixture_server.py, fixtures).
set -euo pipefail
old=$1 new=$2 rounds=${3:-200}
work=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill -KILL "$server" 2>/dev/null; rm -rf "$work"' EXIT
# Each build in its own folder. Builds before the one binary (issue 40) had a `breather` launcher
# that execs the breather-main beside it: that one is copied along.
for side in old new; do
    binary=${!side}
    mkdir "$work/$side"
    strip -o "$work/$side/breather" "$binary"
    if [ "$(basename "$binary")" != breather-main ] && [ -f "$(dirname "$binary")/breather-main" ]; then
        strip -o "$work/$side/breather-main" "$(dirname "$binary")/breather-main"
    fi
done
# A provider 100 ms away: every reply waits 100 ms on a loopback server. The air-quality reply
# is a full one (121 hours: the past 24, the current one and 96 ahead, pollen and UV) with its
# times moved to this hour, as a real reply's are: a reply whose hours are all past leaves out
# the forecast's work (the index of every hour ahead), which is much of a fresh run's CPU.
mkdir -p "$work/fixtures/open-meteo"
cp Tests/Fixtures/providers/open-meteo/forecast.current.json "$work/fixtures/open-meteo/"
python3 scripts/bench/reply_now.py Tests/Fixtures/providers/open-meteo/air_quality.pollen_uv.munich.json "$work/fixtures/open-meteo/air_quality.json"
cat > "$work/routes.json" <<JSON
{"/v1/forecast": {"fixture": "open-meteo/forecast.current.json", "delay": 0.1},
 "/aq/v1/air-quality": {"fixture": "open-meteo/air_quality.json", "delay": 0.1}}
JSON
python3 -u Tests/Support/fixture_server.py "$work/routes.json" "$work/fixtures" "$work/requests.log" > "$work/port" &
server=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port=$(head -1 "$work/port")
base="http://127.0.0.1:$port"
# Each side its own store and history file: a build of an older schema cannot write a newer one's
# history (it skips the write, which makes its figure a little low).
for side in old new; do
    cat > "$work/$side.toml" <<TOML
[location]
latitude = 52.3
longitude = 6.9
name = "Bench"
[providers.open-meteo]
forecast_url = "$base/v1"
air_quality_url = "$base/aq/v1"
[cache]
path = "$work/$side-cache.json"
[history]
path = "$work/$side-history.sqlite3"
TOML
    "$work/$side/breather" --format json --refresh --config "$work/$side.toml" | jq -e '.air_quality.aqi' > /dev/null
done
export HOME=$work XDG_CACHE_HOME=$work/cache XDG_CONFIG_HOME=$work/config
echo "== fresh one-shot (2 requests, side by side) vs one curl request, provider 100 ms away; $rounds rounds"
python3 scripts/bench/ab.py "$rounds" "curl -s $base/v1/forecast" \
    "$work/old/breather --format json --refresh --config $work/old.toml" \
    "$work/new/breather --format json --refresh --config $work/new.toml"
echo "== one-shot answered by the cache vs jq reading the cache file; $rounds rounds"
before=$(wc -l < "$work/requests.log")
python3 scripts/bench/ab.py "$rounds" "jq .weather.temperature_c $work/new-cache.json" \
    "$work/old/breather --format json --config $work/old.toml" \
    "$work/new/breather --format json --config $work/new.toml"
[ "$(wc -l < "$work/requests.log")" -eq "$before" ] || echo "WARNING: a cached run made a request"
