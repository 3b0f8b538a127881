#!/usr/bin/env bash
# Renders the three states every bar must show — fresh, stale, no data — with the real breather
# binary against a loopback provider (Tests/Support/fixture_server.py, inline replies, no
# network), for every bar format, into OUT_DIR/STATE.FORMAT (one file each, as the bar gets it).
# Usage: scripts/render-bar-states.sh BREATHER_BINARY OUT_DIR
# Used by scripts/screenshots.sh.
set -euo pipefail
binary=$(readlink -f "$1"); out=$(mkdir -p "$2" && cd "$2" && pwd)
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/brstates.XXXXXX)
server_pid=""
cleanup() { if [ -n "$server_pid" ]; then kill -9 "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null || true; fi; rm -rf "$work"; }
trap cleanup EXIT

# Open-Meteo-shaped replies: weather now; air for the past 24 h, this hour and the next 24 h
# (PM2.5 40 µg/m³ now → US AQI 112, with a worse spell ahead for the tooltip's outlook).
python3 - "$work" <<'PY'
import json, sys, datetime
work = sys.argv[1]
now = datetime.datetime.now(datetime.timezone.utc).replace(minute=0, second=0, microsecond=0)
hours = [(now + datetime.timedelta(hours=h)) for h in range(-24, 25)]
fmt = lambda t: t.strftime("%Y-%m-%dT%H:00")
pm25 = [40.0] * 25 + [40.0 + 6 * min(h, 12) for h in range(1, 25)]
def series(v): return [v] * 49
air = {"utc_offset_seconds": 0,
       "current": {"time": fmt(now), "pm2_5": 40.0, "pm10": 20.0, "ozone": 40.0, "nitrogen_dioxide": 15.0,
                   "sulphur_dioxide": 2.0, "carbon_monoxide": 200.0},
       "hourly": {"time": [fmt(t) for t in hours], "pm2_5": pm25, "pm10": series(20.0), "ozone": series(40.0),
                  "nitrogen_dioxide": series(15.0), "sulphur_dioxide": series(2.0), "carbon_monoxide": series(200.0)}}
weather = {"utc_offset_seconds": 0,
           "current": {"time": fmt(now), "temperature_2m": 17.2, "relative_humidity_2m": 60, "surface_pressure": 1012.0,
                       "wind_speed_10m": 3.1, "wind_direction_10m": 250, "weather_code": 3}}
down = {"status": 503, "body": "{\"error\": true, \"reason\": \"service unavailable\"}"}
up = {"/v1/forecast": {"body": json.dumps(weather)}, "/aq/v1/air-quality": {"body": json.dumps(air)}}
json.dump(up, open(f"{work}/up.json", "w"))
json.dump({"/v1/forecast": down, "/aq/v1/air-quality": down}, open(f"{work}/down.json", "w"))
PY
cp "$work/up.json" "$work/routes.json"
python3 -u "$repo/Tests/Support/fixture_server.py" "$work/routes.json" "$work" "$work/requests.log" > "$work/port" &
server_pid=$!
for _ in $(seq 1 50); do [ -s "$work/port" ] && break; sleep 0.1; done
base="http://127.0.0.1:$(head -n 1 "$work/port")"
cat > "$work/config.toml" <<TOML
timeout = "3s"
[location]
latitude = 38.7223
longitude = -9.1393
name = "Lisbon"
[providers.open-meteo]
forecast_url = "$base/v1"
air_quality_url = "$base/aq/v1"
geocoding_url = "$base/geo/v1"
TOML
render() {  # STATE CACHE_DIR
    for format in i3bar i3blocks polybar tmux waybar; do
        XDG_CACHE_HOME="$2" "$binary" --config "$work/config.toml" --format "$format" --refresh \
            > "$out/$1.$format" 2>/dev/null || true
    done
}
render fresh "$work/cache"
cp "$work/down.json" "$work/routes.json"
render stale "$work/cache"       # the refresh fails: the cached reading, marked stale
render no-data "$work/empty"     # nothing cached, the refresh fails
