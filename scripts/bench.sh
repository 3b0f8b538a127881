#!/usr/bin/env bash
# One-shot speed (README "Development"): times `breather --format json --refresh` against
# `curl -s URL | jq .current.temperature_2m` on the same loopback server serving the Open-Meteo
# fixtures, in one hyperfine run, then measures peak RSS. Not part of CI (timings need a quiet
# machine). The fixtures are in Tests/Fixtures/providers.
#   scripts/bench.sh [RUNS]        # default 50 runs per command after 5 warm-ups
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-50}

missing=()
for tool in hyperfine curl jq python3 /usr/bin/time; do
    command -v "$tool" >/dev/null || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "error: missing ${missing[*]}; install with: sudo apt-get install hyperfine curl jq python3 time" >&2
    exit 1
fi

swift build -c release --static-swift-stdlib --product breather >&2
binary=$PWD/.build/release/breather

work=$(mktemp -d)
server_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill -KILL "$server_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

cat >"$work/routes.json" <<'EOF'
{"/v1/forecast": {"fixture": "open-meteo/forecast.current.json"},
 "/aq/v1/air-quality": {"fixture": "open-meteo/air_quality.current_hourly.json"}}
EOF
python3 -u Tests/Support/fixture_server.py "$work/routes.json" Tests/Fixtures/providers "$work/requests.log" >"$work/port" &
server_pid=$!
disown "$server_pid"  # killed on exit; no "Killed" job notice
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port=$(head -n1 "$work/port")
[ -n "$port" ] || { echo "error: the fixture server did not start" >&2; exit 1; }
base="http://127.0.0.1:$port"

cat >"$work/config.toml" <<EOF
[location]
latitude = 52.3
longitude = 6.9
name = "Bench"
[providers.open-meteo]
forecast_url = "$base/v1"
air_quality_url = "$base/aq/v1"
EOF
# A private HOME and cache: --refresh ignores the cache, but the run still writes it.
export HOME=$work XDG_CACHE_HOME=$work/cache XDG_CONFIG_HOME=$work/config
breather_cmd="$binary --format json --refresh --config $work/config.toml"
curl_cmd="curl -s $base/v1/forecast | jq .current.temperature_2m"

# Both must work before their times mean anything.
$breather_cmd | jq -e '.air_quality.aqi and .weather.temperature_c' >/dev/null \
    || { echo "error: breather did not produce an AQI and a temperature" >&2; exit 1; }
[ "$(sh -c "$curl_cmd")" != "null" ] || { echo "error: curl | jq found no temperature" >&2; exit 1; }

hyperfine --style basic --warmup 5 --runs "$runs" --export-json "$work/times.json" \
    -n breather "$breather_cmd" -n "curl | jq" "$curl_cmd" >&2

peak_rss_kb() { /usr/bin/time -f %M sh -c "$1 >/dev/null" 2>&1 >/dev/null | tail -n1; }
breather_rss=$(peak_rss_kb "$breather_cmd")
curl_rss=$(peak_rss_kb "$curl_cmd")

jq -r --arg brss "$breather_rss" --arg crss "$curl_rss" '
    (.results[0].median * 1000) as $b | (.results[1].median * 1000) as $c |
    "breather --format json: median \($b * 10 | round / 10) ms, peak RSS \($brss | tonumber / 1024 * 10 | round / 10) MB",
    "curl -s | jq:           median \($c * 10 | round / 10) ms, peak RSS \($crss | tonumber / 1024 * 10 | round / 10) MB (largest process)",
    "ratio breather / (curl | jq): \($b / $c * 100 | round / 100)"' "$work/times.json"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load $(cut -d' ' -f1 /proc/loadavg), $(date -u +%Y-%m-%d)"
