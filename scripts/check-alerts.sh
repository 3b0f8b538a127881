#!/usr/bin/env bash
# An alert shown by a real notification daemon: dunst under Xvfb in a private D-Bus session.
# Starts `breather daemon` (1 s interval, hold 2) against the loopback fixture server with a
# clean PM2.5 reply, switches the server to PM2.5 150 µg/m³ (US AQI 225, Very Unhealthy),
# checks that the Notify call reaches the session bus with critical urgency and that dunst
# displays it, then saves a screenshot of the popup as docs/screenshots/alert-dunst.png.
#
# Usage: scripts/check-alerts.sh [BINARY]     (default .build/debug/breather)
# Needs: scripts/install-bar-clients.sh (xvfb, dbus, dunst, libnotify-bin, imagemagick).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${BREATHER_ALERTS_IN_SESSION:-}" ]; then
    for tool in dbus-run-session Xvfb dunst dunstctl notify-send dbus-monitor import; do
        command -v "$tool" >/dev/null || { echo "check-alerts: $tool missing: run scripts/install-bar-clients.sh" >&2; exit 1; }
    done
    exec dbus-run-session -- env BREATHER_ALERTS_IN_SESSION=1 "$0" "$@"
fi

binary=${1:-.build/debug/breather}
[ -x "$binary" ] || { echo "check-alerts: build first (swift build) or pass the binary" >&2; exit 1; }
work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; [ -n "${KEEP:-}" ] || rm -rf "$work"; }
trap cleanup EXIT
wait_for() {  # wait_for SECONDS COMMAND...: until the command succeeds
    local tries=$(($1 * 10)); shift
    for _ in $(seq "$tries"); do "$@" && return 0; sleep 0.1; done
    return 1
}

# Open-Meteo replies: the recorded forecast, and air-quality bodies with a steady PM2.5.
mkdir -p "$work/fixtures/open-meteo"
cp Tests/Fixtures/providers/open-meteo/forecast.current.json "$work/fixtures/open-meteo/"
python3 - "$work/fixtures" <<'PY'
import datetime, json, sys
now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:00")
hours = [f"2026-11-21T{h % 24:02d}:00" for h in range(25)]
for name, pm25 in (("clean", 5), ("smoke", 150)):
    values = {"pm2_5": pm25, "pm10": 10, "ozone": 20, "nitrogen_dioxide": 10, "sulphur_dioxide": 2, "carbon_monoxide": 200}
    body = {"latitude": 40.7, "longitude": -73.9, "utc_offset_seconds": 0,
            "current": {"time": now, "interval": 3600, **values},
            "hourly": {"time": hours, **{k: [v] * 25 for k, v in values.items()}}}
    json.dump(body, open(f"{sys.argv[1]}/air-{name}.json", "w"))
PY
routes() {  # routes clean|smoke: written whole, then renamed, so the server never reads half a file
    printf '{"/v1/forecast": {"fixture": "open-meteo/forecast.current.json"}, "/aq/v1/air-quality": {"fixture": "air-%s.json"}}' "$1" > "$work/routes.tmp"
    mv "$work/routes.tmp" "$work/routes.json"
}
routes clean
python3 -u Tests/Support/fixture_server.py "$work/routes.json" "$work/fixtures" "$work/requests.log" > "$work/port" &
pids+=($!)
wait_for 5 test -s "$work/port"
port=$(head -1 "$work/port")

# A display and a notification daemon that keeps every popup on screen until closed.
display=":$((90 + RANDOM % 100))"
Xvfb "$display" -screen 0 640x200x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
pids+=($!)
export DISPLAY=$display
wait_for 10 xdpyinfo >/dev/null 2>&1 || { echo "check-alerts: Xvfb did not start" >&2; cat "$work/xvfb.log" >&2; exit 1; }
dbus-update-activation-environment DISPLAY
cat > "$work/dunstrc" <<'INI'
[global]
    width = 420
    origin = top-right
    offset = 10x10
    font = DejaVu Sans 11
    frame_width = 2
    padding = 10
    horizontal_padding = 12
    format = "<b>%a: %s</b>\n%b"
[urgency_low]
    background = "#222222"
    foreground = "#e0e0e0"
    frame_color = "#3a7d44"
    timeout = 0
[urgency_normal]
    background = "#222222"
    foreground = "#ffffff"
    frame_color = "#e6a700"
    timeout = 0
[urgency_critical]
    background = "#8f3f97"
    foreground = "#ffffff"
    frame_color = "#ffffff"
    timeout = 0
INI
dbus-monitor "interface='org.freedesktop.Notifications',member='Notify'" > "$work/bus.log" 2>/dev/null &
pids+=($!)
dunst -config "$work/dunstrc" >"$work/dunst.log" 2>&1 &
pids+=($!)
# Our dunst must own the name before anyone asks for it (else the bus activates another copy).
owned() { dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
              org.freedesktop.DBus.NameHasOwner string:org.freedesktop.Notifications 2>/dev/null | grep -q true; }
wait_for 10 owned || { echo "check-alerts: dunst did not start" >&2; cat "$work/dunst.log" >&2; exit 1; }

cat > "$work/config.toml" <<TOML
interval = "1s"
[location]
latitude = 40.6769
longitude = -73.9423
name = "Brooklyn"
[providers.open-meteo]
forecast_url = "http://127.0.0.1:$port/v1"
air_quality_url = "http://127.0.0.1:$port/aq/v1"
[cache]
path = "$work/cache.json"
[alerts]
category = "unhealthy_for_sensitive_groups"
hold = 2
[[output]]
path = "$work/out/breather.json"
format = "json"
TOML
"$binary" daemon --config "$work/config.toml" --log-level info 2>"$work/daemon.log" &
pids+=($!)
aqi() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["air_quality"]["aqi"])' "$work/out/breather.json" 2>/dev/null; }
shows() { [ "$(aqi)" = "$1" ]; }
wait_for 10 shows 28 || { echo "check-alerts: the daemon never showed the clean reading" >&2; cat "$work/daemon.log" >&2; exit 1; }
sleep 2
grep -q "Air quality" "$work/bus.log" && { echo "check-alerts: FAIL: an alert for clean air" >&2; exit 1; }

routes smoke
wait_for 10 shows 225 || { echo "check-alerts: the daemon never showed the smoke reading" >&2; exit 1; }
if grep -q "Air quality" "$work/bus.log"; then echo "check-alerts: FAIL: alert before 2 readings" >&2; exit 1; fi
wait_for 10 grep -q 'string "Air quality: Very Unhealthy"' "$work/bus.log" \
    || { echo "check-alerts: FAIL: no Notify call on the bus" >&2; cat "$work/daemon.log" >&2; exit 1; }
sleep 0.5
grep -q 'string "Brooklyn: AQI 225 (PM2.5)"' "$work/bus.log" || { echo "check-alerts: FAIL: body" >&2; cat "$work/bus.log" >&2; exit 1; }
grep -q 'string "Breather"' "$work/bus.log" || { echo "check-alerts: FAIL: app name is not Breather" >&2; exit 1; }
# The urgency hint is a byte: 2 = critical.
grep -A2 'string "urgency"' "$work/bus.log" | grep -q 'byte 2' || { echo "check-alerts: FAIL: urgency is not critical" >&2; cat "$work/bus.log" >&2; exit 1; }
displayed=$(dunstctl count displayed)
[ "$displayed" -ge 1 ] || { echo "check-alerts: FAIL: dunst displays nothing" >&2; exit 1; }
sleep 0.5   # let dunst draw
# The popup alone, with a margin: the rest of the root window is black.
import -display "$display" -window root png:- | convert - -trim +repage -bordercolor black -border 12 docs/screenshots/alert-dunst.png
echo "check-alerts: OK: Notify(Breather, critical, \"Air quality: Very Unhealthy\") on the bus, dunst displays $displayed; screenshot docs/screenshots/alert-dunst.png"
grep 'alert:' "$work/daemon.log" || true
