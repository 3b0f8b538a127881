#!/usr/bin/env bash
# One-shot speed and size (docs/PERFORMANCE.md). Builds the release binary as
# scripts/setup.sh does, strips a copy (what users run), then, in one hyperfine run per pair:
#   fresh one-shot (`--refresh`, 2 requests)  vs  `curl -s URL | jq …` on the same loopback server
#   cached one-shot (answered by the cache)    vs  `jq …` on the same cache file
#   `breather --version`                       vs  a Swift "hello" built here the same way
# and a fourth run for a reference: the cached one-shot (Breather without the fetch) and `fetch1`,
# a C program built here that makes the one libcurl request curl makes and nothing else, against
# /bin/true (process start alone): what a fresh run would cost if its fetch cost what curl's does;
# then the peak RSS of each command (median of 9 runs), the wall-time ratios against the goals,
# the CPU-time ratios (steadier under load), the binary's size and its ICU check. Everything
# comes from the repository: the fixtures from Tests/Fixtures/providers, the server from
# scripts/bench. Not part of CI: timings need a quiet machine.
#   scripts/bench/bench.sh [RUNS]        # default 300 runs per command after 10 warm-ups: this VM has
#     slow phases of a second or two, and 100 fresh runs last less than one, so at 100 one such
#     phase could move a median by 25 % (docs/PERFORMANCE.md)
#   scripts/bench/bench.sh --timeline [RUNS]   # instead: where a fresh run's time goes, by phase
#     (scripts/bench/timeline.c, an LD_PRELOAD shim; medians of RUNS runs, default 300)
set -euo pipefail
cd "$(dirname "$0")/../.."
timeline=false
if [ "${1:-}" = "--timeline" ]; then timeline=true; shift; fi
runs=${1:-300}
fixtures=Tests/Fixtures/providers

# hyperfine, curl, jq and GNU time are Debian packages; install what is missing when we may.
need=()
command -v hyperfine >/dev/null || need+=(hyperfine)
command -v curl >/dev/null || need+=(curl)
command -v jq >/dev/null || need+=(jq)
command -v python3 >/dev/null || need+=(python3)
[ -x /usr/bin/time ] || need+=(time)
if [ ${#need[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo -n"
    echo "installing ${need[*]} (Debian packages the bench needs)" >&2
    if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null; }; then
        echo "error: missing ${need[*]}; install with: sudo apt-get install ${need[*]}" >&2
        exit 1
    fi
fi
for fixture in open-meteo/forecast.current.json open-meteo/air_quality.current_hourly.json; do
    [ -f "$fixtures/$fixture" ] || { echo "error: $fixtures/$fixture is missing" >&2; exit 1; }
done

built=$(scripts/build-release.sh)
work=$(mktemp -d)
server_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill -KILL "$server_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
binary=$work/breather
strip -o "$binary" "$built"

# The baselines (not needed for --timeline).
if ! $timeline; then
    # The baseline for start-up: the smallest Swift program, linked like Breather.
    echo 'print("hello")' >"$work/hello.swift"
    swiftc -O -static-stdlib "$work/hello.swift" -o "$work/hello" >&2
    strip "$work/hello"

    # The reference's fetch: one libcurl request from C (libcurl linked as curl links it), body to stdout.
    cat >"$work/fetch1.c" <<'C'
#include <curl/curl.h>
int main(int argc, char **argv) {
    if (argc != 2 || curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) return 2;
    CURL *handle = curl_easy_init();
    if (!handle) return 2;
    curl_easy_setopt(handle, CURLOPT_URL, argv[1]);
    return curl_easy_perform(handle) == CURLE_OK ? 0 : 1;
}
C
    cc -O2 -o "$work/fetch1" "$work/fetch1.c" -lcurl
fi

# A server that answers from memory (scripts/bench/bench_server.py says why not the tests' one).
python3 -u scripts/bench/bench_server.py "$fixtures" "$work/requests.log" \
    /v1/forecast=open-meteo/forecast.current.json /aq/v1/air-quality=open-meteo/air_quality.current_hourly.json >"$work/port" &
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
# A private HOME and cache; the fresh runs keep the cache current for the cached ones.
export HOME=$work XDG_CACHE_HOME=$work/cache XDG_CONFIG_HOME=$work/config
cache=$work/cache/breather/conditions.json
fresh="$binary --format json --refresh --config $work/config.toml"
cached="$binary --format json --config $work/config.toml"
curl_jq="curl -s $base/v1/forecast | jq .current.temperature_2m"
jq_cache="jq .weather.temperature_c $cache"
version="$binary --version"
hello="$work/hello"
fetch1="$work/fetch1 $base/v1/forecast"

# Every command must work before its time means anything.
$fresh | jq -e '.air_quality.aqi and .weather.temperature_c' >/dev/null \
    || { echo "error: breather did not produce an AQI and a temperature" >&2; exit 1; }

if $timeline; then
    cc -O2 -shared -fPIC -o "$work/timeline.so" scripts/bench/timeline.c -ldl
    for _ in $(seq 5); do $fresh >/dev/null; done  # warm-up
    for _ in $(seq "$runs"); do
        LD_PRELOAD=$work/timeline.so $fresh 2>&1 >/dev/null
        echo --
    done | python3 scripts/bench/timeline.py
    exit 0
fi

[ "$(sh -c "$curl_jq")" != "null" ] || { echo "error: curl | jq found no temperature" >&2; exit 1; }
before=$(wc -l <"$work/requests.log")
$cached >/dev/null && [ "$(wc -l <"$work/requests.log")" -eq "$before" ] \
    || { echo "error: the cached run made a request" >&2; exit 1; }
[ "$($jq_cache)" != "null" ] || { echo "error: jq found no temperature in the cache" >&2; exit 1; }
$fetch1 | jq -e .current.temperature_2m >/dev/null || { echo "error: fetch1 got no forecast" >&2; exit 1; }

bench() {  # NAME OPTIONS... -- COMMAND...: one hyperfine run; medians in ms to $work/NAME.json
    local name=$1; shift
    local options=()
    while [ "$1" != "--" ]; do options+=("$1"); shift; done
    shift
    hyperfine --style basic --warmup 10 --runs "$runs" "${options[@]}" --export-json "$work/$name.json" "$@" >&2
}
bench fresh -- "$fresh" "$curl_jq"
bench cached -N -- "$cached" "$jq_cache"
bench version -N -- "$version" "$hello"
bench reference -N -- "$fresh" "$cached" "$fetch1" /bin/true

rss_mb() {  # peak RSS of the largest process of a command, MB: the median of 9 runs
    for _ in 1 2 3 4 5 6 7 8 9; do
        /usr/bin/time -f %M sh -c "$1 >/dev/null" 2>&1 >/dev/null | tail -n1
    done | sort -n | sed -n 5p | awk '{printf "%.1f", $1 / 1024}'
}
median() { jq ".results[$2].median * 1000" "$work/$1.json"; }
cpu() { jq ".results[$2] | (.user + .system) * 1000" "$work/$1.json"; }  # mean CPU time, ms
ratio() { awk -v a="$1" -v b="$2" -v goal="$3" 'BEGIN { r = a / b; printf "%.2f (goal <= %s: %s)", r, goal, (r <= goal ? "met" : "MISSED") }'; }
ms() { awk -v v="$1" 'BEGIN { printf "%.1f ms", v }'; }

unstripped=$(stat -c %s "$built")
stripped=$(stat -c %s "$binary")
icu=$(nm "$built" | grep -c icudt || true)
echo
echo "breather $($binary --version), $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load $(cut -d' ' -f1 /proc/loadavg), $runs runs each"
printf '%-34s %10s %9s   %-26s %10s %9s   %s\n' "breather" "median" "peak RSS" "baseline" "median" "peak RSS" "ratio"
printf '%-34s %10s %7s MB   %-26s %10s %7s MB   %s\n' \
    "--refresh --format json (fetch)" "$(ms "$(median fresh 0)")" "$(rss_mb "$fresh")" "curl -s URL | jq" "$(ms "$(median fresh 1)")" "$(rss_mb "$curl_jq")" "$(ratio "$(median fresh 0)" "$(median fresh 1)" 0.6)"
printf '%-34s %10s %7s MB   %-26s %10s %7s MB   %s\n' \
    "--format json (from the cache)" "$(ms "$(median cached 0)")" "$(rss_mb "$cached")" "jq FILTER cache.json" "$(ms "$(median cached 1)")" "$(rss_mb "$jq_cache")" "$(ratio "$(median cached 0)" "$(median cached 1)" 0.25)"
printf '%-34s %10s %7s MB   %-26s %10s %7s MB   %s\n' \
    "--version" "$(ms "$(median version 0)")" "$(rss_mb "$version")" "Swift hello (static stdlib)" "$(ms "$(median version 1)")" "$(rss_mb "$hello")" "$(ratio "$(median version 0)" "$(median version 1)" 1.5)"
# CPU time (user + system) moves less with the machine's load than wall time does.
for pair in fresh cached version; do
    awk -v name="$pair" -v a="$(cpu "$pair" 0)" -v b="$(cpu "$pair" 1)" \
        'BEGIN { printf "CPU time, %-8s %6.1f ms against %6.1f ms: ratio %.2f\n", name ":", a, b, a / b }'
done
# A fresh run does what a cached run does (start, config, store, render) plus a fetch: here the
# C fetch less a process start (load libcurl and its 30 libraries, one request), as curl pays it.
# Breather's own load of libcurl is cheaper (GnuTLS's set-up skipped, the big dependency trees
# loaded first: docs/PERFORMANCE.md), so a fresh run can come in under this reference.
awk -v fresh="$(median reference 0)" -v cached="$(median reference 1)" -v fetch="$(median reference 2)" -v start="$(median reference 3)" -v base="$(median fresh 1)" '
    BEGIN { reference = cached + fetch - start
        printf "reference, a fresh run fetching as curl does: cached %.1f + C fetch %.1f - process start %.1f = %.1f ms; fresh %.1f ms in the same run\n", cached, fetch, start, reference, fresh
        printf "reference against curl | jq above: ratio %.2f (fresh: %.2f)\n", reference / base, fresh / base }'
awk -v rss="$(rss_mb "$cached")" 'BEGIN { printf "cached run peak RSS: %.1f MB (goal <= 12: %s)\n", rss, (rss <= 12 ? "met" : "MISSED") }'
awk -v s="$stripped" -v u="$unstripped" -v icu="$icu" 'BEGIN {
    printf "binary: %.2f MB stripped (%.2f MiB; goal <= 16 MB: %s), %.2f MB with symbols, %d icudt symbols\n",
        s / 1e6, s / 1048576, (s <= 16e6 ? "met" : "MISSED"), u / 1e6, icu }'
