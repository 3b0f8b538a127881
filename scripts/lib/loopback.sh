# Shell helpers shared by the scripts that drive the real binary against a loopback provider
# (Tests/Support/fixture_server.py, no network): scripts/render-bar-states.sh and
# scripts/check-clicks.sh. Source it; it defines functions only.

# wait_for SECONDS COMMAND...: runs COMMAND every 0.1 s until it succeeds; fails once SECONDS
# have passed (by the clock, however long COMMAND itself takes).
wait_for() {
    local end=$((SECONDS + $1)); shift
    until "$@"; do
        [ "$SECONDS" -ge "$end" ] && return 1
        sleep 0.1
    done
}

# loopback_replies DIR [DOWN_STATUS]: writes Open-Meteo-shaped routes for the fixture server:
# DIR/up.json (weather now; air for the past 24 h, this hour and the next 24 h: PM2.5 40 µg/m³
# now, US AQI 112, with a worse spell ahead for the tooltip's outlook), DIR/down.json (both
# endpoints answer DOWN_STATUS, 503 unless given) and DIR/hung.json (both accept the request
# and answer only after 60 s: past any request timeout).
loopback_replies() {
    python3 - "$1" "${2:-503}" <<'PY'
import json, sys, datetime
work, status = sys.argv[1], int(sys.argv[2])
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
reason = {429: "too many requests", 500: "internal server error", 503: "service unavailable"}.get(status, "failure")
down = {"status": status, "body": json.dumps({"error": True, "reason": reason})}
up = {"/v1/forecast": {"body": json.dumps(weather)}, "/aq/v1/air-quality": {"body": json.dumps(air)}}
json.dump(up, open(f"{work}/up.json", "w"))
json.dump({"/v1/forecast": down, "/aq/v1/air-quality": down}, open(f"{work}/down.json", "w"))
hung = {"delay": 60, "body": "{}"}
json.dump({"/v1/forecast": hung, "/aq/v1/air-quality": hung}, open(f"{work}/hung.json", "w"))
PY
}

# loopback_routes DIR up|down|hung: the server's replies from now on. Copied, then renamed, so the
# server (which rereads the routes on every request) never reads half a file.
loopback_routes() {
    cp "$1/$2.json" "$1/routes.tmp" && mv "$1/routes.tmp" "$1/routes.json"
}

# loopback_start DIR: starts the fixture server on DIR/routes.json (write it first, e.g. with
# loopback_routes), logging each request to DIR/requests.log. Sets loopback_pid (the caller
# kills it; the server also exits when its parent does) and loopback_base (http://127.0.0.1:PORT).
loopback_start() {
    : > "$1/requests.log"
    python3 -u "$(dirname "${BASH_SOURCE[0]}")/../../Tests/Support/fixture_server.py" \
        "$1/routes.json" "$1" "$1/requests.log" > "$1/port" &
    loopback_pid=$!
    wait_for 10 test -s "$1/port" || { echo "loopback: the fixture server did not start" >&2; return 1; }
    loopback_base="http://127.0.0.1:$(head -n 1 "$1/port")"
}

# loopback_config: the config lines (TOML, printed) that point Open-Meteo at the server and
# fix the place (Lisbon), so no location lookup is made. Append other keys' tables after it;
# top-level keys must come before it.
loopback_config() {
    cat <<TOML
[location]
latitude = 38.7223
longitude = -9.1393
name = "Lisbon"
[providers.open-meteo]
forecast_url = "$loopback_base/v1"
air_quality_url = "$loopback_base/aq/v1"
geocoding_url = "$loopback_base/geo/v1"
TOML
}
