#!/usr/bin/env bash
# The history store's costs (issue "Breather remembers"), against the loopback fixture server:
#  1. recording: daemon CPU per refresh with [history] on against off, both daemons in the same
#     run, refreshes interleaved (SIGUSR1), CPU from every thread's schedstat (nanoseconds);
#  2. a year of 10-minute readings for one place, imported (the fill), and the file's size;
#  3. `breather history --since 400d --format csv` over that year against `sqlite3 -csv`
#     printing the same readings from the same file (medians of RUNS, interleaved);
#  4. idle: each daemon's wakeups (voluntary context switches, all threads) and RssAnon over
#     IDLE_SECONDS between polls.
# Usage: scripts/bench/history.sh [BINARY] [REFRESHES] [RUNS] [IDLE_SECONDS]
#   BINARY default .build/release/breather; REFRESHES 100; RUNS 7; IDLE_SECONDS 60.
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=${1:-.build/release/breather}
refreshes=${2:-100}
runs=${3:-7}
idle=${4:-60}
[ -x "$binary" ] || { echo "history-bench: build first (swift build -c release) or pass the binary" >&2; exit 1; }
command -v sqlite3 >/dev/null || { echo "history-bench: needs sqlite3 (scripts/install-deps.sh)" >&2; exit 1; }
work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

echo '{"/v1/forecast": {"fixture": "open-meteo/forecast.current.json"},
       "/aq/v1/air-quality": {"fixture": "open-meteo/air_quality.current_hourly.json"}}' > "$work/routes.json"
: > "$work/requests.log"
python3 -u Tests/Support/fixture_server.py "$work/routes.json" Tests/Fixtures/providers "$work/requests.log" > "$work/port" &
pids+=($!)
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port=$(head -1 "$work/port")
for mode in on off; do
    mkdir -p "$work/$mode"
    cat > "$work/$mode/config.toml" <<TOML
interval = "15m"
[location]
latitude = 40.6769
longitude = -73.9423
name = "Brooklyn"
[providers.open-meteo]
forecast_url = "http://127.0.0.1:$port/v1"
air_quality_url = "http://127.0.0.1:$port/aq/v1"
[cache]
path = "$work/$mode/cache.json"
[history]
enabled = $([ $mode = on ] && echo true || echo false)
path = "$work/$mode/history.sqlite3"
TOML
done

cpu_ns() { cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{ s += $1 } END { print s }'; }
# Each thread's voluntary switches as "TID COUNT" lines; a thread born meanwhile counts from 0.
thread_switches() { for t in /proc/"$1"/task/*; do echo "${t##*/} $(awk '/^voluntary_ctxt_switches/ { print $2 }' "$t/status" 2>/dev/null)"; done; }
switches_since() {  # switches_since BEFORE_FILE PID: the sum over threads alive now
    thread_switches "$2" | awk 'NR == FNR { before[$1] = $2; next } { s += $2 - before[$1] } END { print s + 0 }' "$1" -
}
rss_anon() { awk '/^RssAnon/ { print $2 }' /proc/"$1"/status; }
requests() { wc -l < "$work/requests.log"; }
wait_requests() { for _ in $(seq 200); do [ "$(requests)" -ge "$1" ] && return 0; sleep 0.05; done; return 1; }

echo "== 1. recording cost per refresh ($refreshes refreshes each, interleaved)"
declare -A pid
for mode in on off; do
    HOME=$work/$mode "$binary" daemon --config "$work/$mode/config.toml" > /dev/null 2> "$work/$mode/stderr" &
    pid[$mode]=$!; pids+=($!)
done
wait_requests 4
sleep 1
declare -A total=([on]=0 [off]=0)
for _ in $(seq "$refreshes"); do
    for mode in on off; do
        before=$(requests); start=$(cpu_ns "${pid[$mode]}")
        kill -USR1 "${pid[$mode]}"
        wait_requests $((before + 2))
        sleep 0.05  # the write after the replies
        total[$mode]=$(( ${total[$mode]} + $(cpu_ns "${pid[$mode]}") - start ))
    done
done
on_us=$(( ${total[on]} / refreshes / 1000 )); off_us=$(( ${total[off]} / refreshes / 1000 ))
echo "CPU per refresh: history on ${on_us} µs, off ${off_us} µs, recording $(( on_us - off_us )) µs (goal ≤ 1000)"

echo "== 4. idle daemons over ${idle} s"
for mode in on off; do thread_switches "${pid[$mode]}" > "$work/$mode/switches"; done
sleep "$idle"
for mode in on off; do
    echo "history $mode: $(switches_since "$work/$mode/switches" "${pid[$mode]}") wakeups in ${idle} s, RssAnon $(rss_anon "${pid[$mode]}") kB"
done
kill "${pid[on]}" "${pid[off]}"; wait "${pid[on]}" "${pid[off]}" 2>/dev/null || true

echo "== 2. a year of 10-minute readings, imported"
python3 scripts/bench/history_year.py "$work/year.csv" 365
year=$work/year.sqlite3
cat > "$work/year.toml" <<TOML
[history]
path = "$year"
TOML
/usr/bin/time -f "import: %e s, %M kB max RSS" "$binary" history import "$work/year.csv" --config "$work/year.toml"
sqlite3 "$year" "PRAGMA wal_checkpoint(TRUNCATE);" > /dev/null
echo "file: $(stat -c %s "$year") bytes for $(sqlite3 "$year" 'SELECT count(*) FROM reading') readings and $(sqlite3 "$year" 'SELECT count(*) FROM daily') daily summaries (goal ≤ 10000000)"

echo "== 3. export over the year: breather history --since 400d --format csv vs sqlite3 -csv (median of $runs)"
query="SELECT r.time, p.name, p.latitude, p.longitude, s.name, v.name, r.value FROM reading r JOIN place p ON p.id = r.place
       JOIN source s ON s.id = r.source JOIN variable v ON v.id = r.variable ORDER BY r.place, r.time, r.variable, r.source"
elapsed() { local start end; start=$(date +%s%N); "$@" > /dev/null; end=$(date +%s%N); echo $(( (end - start) / 1000 )); }
b=(); q=()
for _ in $(seq "$runs"); do
    b+=($(elapsed "$binary" history --since 400d --format csv --config "$work/year.toml"))
    q+=($(elapsed sqlite3 -csv "$year" "$query"))
done
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
bm=$(median "${b[@]}"); qm=$(median "${q[@]}")
echo "breather: $bm µs ($("$binary" history --since 400d --format csv --config "$work/year.toml" | wc -l) lines), sqlite3 -csv: $qm µs ($(sqlite3 -csv "$year" "$query" | wc -l) readings); ratio $(awk -v a="$bm" -v b="$qm" 'BEGIN { printf "%.2f", a / b }') (goal ≤ 2)"

echo "== 5. kill -9 during writes: a daemon recording every second, killed ${KILLS:=20} times"
mkdir -p "$work/kill"
cat > "$work/kill/config.toml" <<TOML
interval = "1s"
[location]
latitude = 40.6769
longitude = -73.9423
[providers.open-meteo]
forecast_url = "http://127.0.0.1:$port/v1"
air_quality_url = "http://127.0.0.1:$port/aq/v1"
[cache]
path = "$work/kill/cache.json"
[history]
path = "$work/kill/history.sqlite3"
TOML
ok=0; rows=0; lost=0
for round in $(seq "$KILLS"); do
    HOME=$work/kill "$binary" daemon --config "$work/kill/config.toml" > /dev/null 2>&1 &
    daemon=$!
    sleep "0.$(( (round * 379) % 9 + 1 ))$(( round % 10 ))"
    sleep 1
    kill -9 "$daemon"; wait "$daemon" 2>/dev/null || true
    [ "$(sqlite3 "$work/kill/history.sqlite3" 'PRAGMA integrity_check')" = ok ] && ok=$((ok + 1))
    now=$(sqlite3 "$work/kill/history.sqlite3" 'SELECT count(*) FROM reading')
    [ "$now" -ge "$rows" ] || lost=$((lost + 1))
    rows=$now
done
echo "integrity_check ok after $ok of $KILLS kills; row count fell $lost times; $rows readings"
