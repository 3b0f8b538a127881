#!/usr/bin/env bash
# `breather history import` of ROWS rows (10-minute readings for one place, ending now, as
# scripts/bench/history_year.py writes them: 15 readings a row) against the baseline the issue
# names, `sqlite3 .import` of the same file into a table of its own: wall time (median of RUNS,
# interleaved), and each run's peak RssAnon (private memory) and PSS, sampled every 50 ms from
# /proc, and CPU time (user + system). Goals: ≤ 30 s, ≤ 100 MB, ≤ 3× the baseline.
# Usage: scripts/bench/import.sh [BINARY] [ROWS] [RUNS]
#   BINARY default .build/release/breather; ROWS 1000000; RUNS 3.
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=${1:-.build/release/breather}
rows=${2:-1000000}
runs=${3:-3}
[ -x "$binary" ] || { echo "import-bench: build first (swift build -c release) or pass the binary" >&2; exit 1; }
command -v sqlite3 >/dev/null || { echo "import-bench: needs sqlite3 (scripts/install-deps.sh)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

days=$(( (rows + 143) / 144 ))
python3 scripts/bench/history_year.py "$work/rows.csv" "$days"
lines=$(( $(wc -l < "$work/rows.csv") - 1 ))
echo "file: $lines rows, $(stat -c %s "$work/rows.csv") bytes"

# run_measured OUT CMD...: runs CMD, writes "elapsed_ms peak_rss_anon_kB peak_pss_kB cpu_ms" to
# OUT (CPU: user + system, which a loaded machine does not inflate as it does the wall time).
run_measured() {
    local out=$1; shift
    local start end pid anon=0 pss=0 cpu=0 a p c
    start=$(date +%s%N)
    "$@" > "$work/stdout" 2> "$work/stderr" &
    pid=$!
    while kill -0 "$pid" 2>/dev/null; do
        a=$(awk '/^RssAnon/ { print $2 }' /proc/$pid/status 2>/dev/null || true)
        p=$(awk '/^Pss:/ { print $2 }' /proc/$pid/smaps_rollup 2>/dev/null || true)
        c=$(awk -v hz="$(getconf CLK_TCK)" '{ print int(($14 + $15) * 1000 / hz) }' /proc/$pid/stat 2>/dev/null || true)
        [ -n "$a" ] && [ "$a" -gt "$anon" ] && anon=$a
        [ -n "$p" ] && [ "$p" -gt "$pss" ] && pss=$p
        [ -n "$c" ] && [ "$c" -gt "$cpu" ] && cpu=$c
        sleep 0.05
    done
    wait "$pid" || { echo "import-bench: $* failed: $(cat "$work/stderr")" >&2; exit 1; }
    end=$(date +%s%N)
    echo "$(( (end - start) / 1000000 )) $anon $pss $cpu" > "$out"
}

b=(); q=(); banon=(); bpss=(); qanon=(); qpss=(); bcpu=(); qcpu=()
for run in $(seq "$runs"); do
    rm -rf "$work/store" "$work/base.sqlite3"*
    mkdir -p "$work/store"
    printf '[history]\npath = "%s"\n' "$work/store/history.sqlite3" > "$work/config.toml"
    run_measured "$work/m" "$binary" history import "$work/rows.csv" --config "$work/config.toml"
    read -r ms anon pss cpu < "$work/m"; b+=("$ms"); banon+=("$anon"); bpss+=("$pss"); bcpu+=("$cpu")
    [ "$run" = 1 ] && echo "breather: $(cat "$work/stdout")"
    run_measured "$work/m" sqlite3 "$work/base.sqlite3" ".mode csv" ".import $work/rows.csv readings"
    read -r ms anon pss cpu < "$work/m"; q+=("$ms"); qanon+=("$anon"); qpss+=("$pss"); qcpu+=("$cpu")
    echo "run $run: breather ${b[-1]} ms, CPU ${bcpu[-1]} ms (RssAnon ${banon[-1]} kB, PSS ${bpss[-1]} kB); sqlite3 .import ${q[-1]} ms, CPU ${qcpu[-1]} ms (RssAnon ${qanon[-1]} kB, PSS ${qpss[-1]} kB)"
done
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
bm=$(median "${b[@]}"); qm=$(median "${q[@]}")
echo "median of $runs: breather $bm ms, CPU $(median "${bcpu[@]}") ms, peak RssAnon $(median "${banon[@]}") kB, peak PSS $(median "${bpss[@]}") kB"
echo "median of $runs: sqlite3 .import $qm ms, CPU $(median "${qcpu[@]}") ms, peak RssAnon $(median "${qanon[@]}") kB, peak PSS $(median "${qpss[@]}") kB"
echo "ratio $(awk -v a="$bm" -v b="$qm" 'BEGIN { printf "%.2f", a / b }') wall, $(awk -v a="$(median "${bcpu[@]}")" -v b="$(median "${qcpu[@]}")" 'BEGIN { printf "%.2f", a / b }') CPU (goal <= 3); rows kept: $(sqlite3 "$work/store/history.sqlite3" 'SELECT count(*) FROM reading') readings, $(sqlite3 "$work/store/history.sqlite3" 'SELECT count(*) FROM daily') daily summaries"
