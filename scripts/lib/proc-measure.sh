# Measuring a running process from /proc, for the bench scripts (sourced).

# Samples every thread's voluntary switches once a second for IDLE_SECONDS; a thread's
# switches count from its first sample (0 if born meanwhile) to its last. Prints the sum and
# how many threads were seen in all.
idle_wakeups() {  # idle_wakeups PID SECONDS
    local pid=$1 seconds=$2
    for ((i = 0; i <= seconds; i++)); do
        for status in /proc/"$pid"/task/*/status; do
            awk -v tid="$(basename "$(dirname "$status")")" -v round="$i" \
                '/^voluntary_ctxt_switches/ { print round, tid, $2 }' "$status" 2>/dev/null || true
        done
        sleep 1
    done | awk '{ if (!($2 in first)) first[$2] = ($1 == 0 ? $3 : 0); last[$2] = $3 }
                END { for (t in last) { sum += last[t] - first[t]; n++ } print sum + 0, n + 0 }'
}

# Memory three ways: RssAnon (private memory: what swap and the OOM killer see), PSS (each
# mapped file's pages shared out among the processes that map them) and VmRSS (every resident
# page, shared code included, which the kernel drops under pressure and reads back).
memory() {  # memory PID
    local anon pss rss
    rss=$(awk '/^VmRSS/ { print $2 }' "/proc/$1/status")
    anon=$(awk '/^RssAnon/ { print $2 }' "/proc/$1/status")
    pss=$(awk '/^Pss:/ { print $2 }' "/proc/$1/smaps_rollup")
    printf "RssAnon %5d KiB, PSS %5d KiB, VmRSS %5d KiB" "$anon" "$pss" "$rss"
}

