#!/usr/bin/env bash
# Several places (issue 44, docs/PLACES.md): a fresh one-shot for 5 places against one place,
# with a provider 100 ms away, one binary, side by side (scripts/bench/ab.py); then the
# requests each run made (2 for any number of places on Open-Meteo).
#   scripts/bench/places.sh BINARY [ROUNDS] [IDLE_SECONDS]
# Then the daemon with 1 place and with 5, each after its first poll: RssAnon and PSS, and its
# wakeups over IDLE_SECONDS (default 30) between polls (the interval is 15 minutes).
# Run from the repository (scripts/bench/ab.py, Tests/Support/fixture_server.py, fixtures).
# Figures: docs/PERFORMANCE.md, "Several places".
set -euo pipefail
binary=$1 rounds=${2:-100} idle=${3:-30}
work=$(mktemp -d)
server="" daemon=""
trap '[ -n "$server" ] && kill -KILL "$server" 2>/dev/null; [ -n "$daemon" ] && kill "$daemon" 2>/dev/null; rm -rf "$work"' EXIT
strip -o "$work/breather" "$binary"
# The air-quality reply in full (past 24 hours, the current one, 96 ahead, pollen and UV) with
# its hours moved to this one, as versus.sh does: the forecast's work is part of a fresh run.
mkdir -p "$work/fixtures/open-meteo"
cp Tests/Fixtures/providers/open-meteo/forecast.current.json "$work/fixtures/open-meteo/"
python3 scripts/bench/reply_now.py Tests/Fixtures/providers/open-meteo/air_quality.pollen_uv.munich.json "$work/fixtures/open-meteo/air_quality.json"
# Open-Meteo's way with coordinate lists (fixture_server.py "per_place"), every reply 100 ms late.
cat > "$work/routes.json" <<JSON
{"/v1/forecast": {"fixture": "open-meteo/forecast.current.json", "per_place": true, "delay": 0.1},
 "/aq/v1/air-quality": {"fixture": "open-meteo/air_quality.json", "per_place": true, "delay": 0.1}}
JSON
: > "$work/requests.log"
python3 -u Tests/Support/fixture_server.py "$work/routes.json" "$work/fixtures" "$work/requests.log" > "$work/port" &
server=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
base="http://127.0.0.1:$(head -1 "$work/port")"
providers="[providers.open-meteo]
forecast_url = \"$base/v1\"
air_quality_url = \"$base/aq/v1\"
[history]
enabled = false"
printf '[location]\nlatitude = 48.1\nlongitude = 11.6\nname = "one"\n%s\n[cache]\npath = "%s/one.json"\n' "$providers" "$work" > "$work/one.toml"
{
    for i in 1 2 3 4 5; do printf '[[place]]\nname = "p%s"\nlatitude = 48.%s\nlongitude = 11.%s\n' "$i" "$i" "$i"; done
    printf '%s\n[cache]\npath = "%s/five.json"\n' "$providers" "$work"
} > "$work/five.toml"
export HOME=$work XDG_CACHE_HOME=$work/cache XDG_CONFIG_HOME=$work/config
for config in one five; do
    before=$(wc -l < "$work/requests.log")
    "$work/breather" --format json --refresh --config "$work/$config.toml" | jq -e '.air_quality.aqi' > /dev/null
    echo "$config: $(( $(wc -l < "$work/requests.log") - before )) requests for a fresh one-shot"
done
echo "== fresh one-shot, 1 place vs 5 places, provider 100 ms away; $rounds rounds"
python3 scripts/bench/ab.py "$rounds" "curl -s $base/v1/forecast?latitude=1&longitude=2" \
    "$work/breather --format json --refresh --config $work/one.toml" \
    "$work/breather --format json --refresh --config $work/five.toml"

. scripts/lib/proc-measure.sh   # idle_wakeups PID SECONDS, memory PID
echo "== the daemon after its first poll, 1 place vs 5 places; idle ${idle}s each"
for config in one five; do
    printf 'interval = "15m"\n[[output]]\npath = "%s/%s.out.json"\nformat = "json"\n' "$work" "$config" | cat - "$work/$config.toml" > "$work/$config.daemon.toml"
    "$work/breather" daemon --config "$work/$config.daemon.toml" 2> "$work/$config.daemon.err" &
    daemon=$!
    for _ in $(seq 100); do [ -s "$work/$config.out.json" ] && break; sleep 0.1; done
    [ -s "$work/$config.out.json" ] || { echo "places-bench: the $config daemon wrote nothing" >&2; cat "$work/$config.daemon.err" >&2; exit 1; }
    # A refresh (SIGUSR1): both replies fetched and decoded for every place before measuring.
    before=$(wc -l < "$work/requests.log")
    kill -USR1 "$daemon"
    for _ in $(seq 100); do [ "$(wc -l < "$work/requests.log")" -ge $((before + 2)) ] && break; sleep 0.1; done
    sleep 2   # let the refresh's work and start-up settle
    read -r wakeups threads < <(idle_wakeups "$daemon" "$idle")
    echo "$config: $(memory "$daemon") · idle ${idle}s: $wakeups wakeups ($threads threads seen)"
    kill "$daemon"; wait "$daemon" 2>/dev/null || true
    daemon=""
done
