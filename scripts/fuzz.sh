#!/usr/bin/env bash
# Builds Breather's libFuzzer targets (Fuzz/, a separate package) with address sanitizer and
# runs each for SECONDS (default 5), starting from the kept corpus (Fuzz/Corpus) and the seeds
# copied from the provider fixtures (Fuzz/Seeds). Exits 1 on any crash, leak or timeout and
# prints the input that caused it.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]     e.g. scripts/fuzz.sh 60 FuzzConfig FuzzCache
#   FUZZ_MERGE=1 scripts/fuzz.sh 600          also minimises what the run found into Fuzz/Corpus
#
# New inputs go to .build/fuzz/TARGET/new (never into the repository unless FUZZ_MERGE=1).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

seconds=${1:-5}
[ $# -gt 0 ] && shift
all=(FuzzOpenMeteoForecast FuzzOpenMeteoAirQuality FuzzOpenMeteoGeocoding FuzzAirVisual FuzzWAQI
     FuzzOpenWeatherMap FuzzPropeller FuzzIPAPI FuzzConfig FuzzCache FuzzTemplate FuzzCalculator)
targets=("${@:-${all[@]}}")

# Swift's backtracer would print its own report on every crash and slow libFuzzer's handling.
export SWIFT_BACKTRACE=enable=no
# Leaks are errors (LeakSanitizer ships in the toolchain's ASan runtime); keep the report short.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:malloc_context_size=20}

# -sanitize-coverage spelled out: swiftc 6.3 with -O and whole-module optimization (SwiftPM's
# release build) emits no coverage counters for Swift code from -sanitize=fuzzer alone, and
# libFuzzer then mutates blind (checked with readelf: no __sancov sections in the objects).
flags=(-c release --sanitize fuzzer --sanitize address
       -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp)
work=$root/.build/fuzz
mkdir -p "$work"
# One build of the whole Fuzz package; the log is shown only on failure (ld.gold warns once per
# binary about an ASan symbol it cannot export: harmless noise).
echo "fuzz: building the fuzz targets (release, libFuzzer + AddressSanitizer)"
if ! (cd Fuzz && swift build "${flags[@]}") >"$work/build.log" 2>&1; then
    grep -v "Cannot export local symbol" "$work/build.log" | tail -30 >&2
    echo "fuzz: the build failed" >&2
    exit 1
fi
bin=$(cd Fuzz && swift build "${flags[@]}" --show-bin-path)
for target in "${targets[@]}"; do
    [ -x "$bin/$target" ] || { echo "fuzz: $target was not built" >&2; exit 1; }
done

failed=0
total=0
printf '%-26s %10s %9s %6s  %s\n' target runs exec/s new result
for target in "${targets[@]}"; do
    dir=$work/$target
    mkdir -p "$dir/new" Fuzz/Corpus/$target
    log=$dir/log
    before=$(find "$dir/new" -type f | wc -l)
    status=0
    case $target in
        FuzzConfig) dict=(-dict=Fuzz/Dictionaries/toml.dict) ;;
        FuzzTemplate | FuzzCalculator) dict=() ;;
        *) dict=(-dict=Fuzz/Dictionaries/json.dict) ;;
    esac
    # -detect_leaks=0 turns off libFuzzer's check after each input, not LeakSanitizer: the
    # async targets free their task's memory on another thread just after the input returns,
    # which that check mistakes for a leak and re-runs (40 times slower). A real leak still
    # fails the run when LeakSanitizer checks the whole process at exit.
    "$bin/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$dir/" "${dict[@]}" \
        "$dir/new" "Fuzz/Corpus/$target" "Fuzz/Seeds/$target" >"$log" 2>&1 || status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    new=$(($(find "$dir/new" -type f | wc -l) - before))
    total=$((total + ${runs:-0}))
    if [ $status -eq 0 ]; then
        result=ok
    else
        failed=1
        artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
        grep -q "LeakSanitizer" "$log" && artifact="leak at exit, see $log"
        result="FAILED (exit $status): ${artifact:-see $log}"
    fi
    printf '%-26s %10s %9s %6s  %s\n' "$target" "${runs:-?}" "${speed:-?}" "$new" "$result"
    if [ $status -ne 0 ]; then
        grep -E "ERROR|SUMMARY|Fatal error|Assertion|#[0-9]+ .* in .*(Breather|Fuzz|TOML)" "$log" | head -20 | sed 's/^/    /'
    fi
    if [ "${FUZZ_MERGE:-0}" = 1 ] && [ $status -eq 0 ]; then
        # A fresh directory: the kept corpus is only what still adds coverage.
        rm -rf "$dir/merged" && mkdir -p "$dir/merged"
        if "$bin/$target" -merge=1 -max_len=65536 "$dir/merged" "Fuzz/Corpus/$target" "$dir/new" "Fuzz/Seeds/$target" \
                >"$dir/merge.log" 2>&1 && [ -n "$(ls -A "$dir/merged")" ]; then
            rm -rf "Fuzz/Corpus/$target" && mv "$dir/merged" "Fuzz/Corpus/$target"
        else
            echo "    merge failed or kept nothing, corpus left as it was: see $dir/merge.log" >&2
        fi
        echo "    corpus: $(find "Fuzz/Corpus/$target" -type f | wc -l) files, $(cat "Fuzz/Corpus/$target"/* | wc -c) bytes"
    fi
done
echo "total runs: $total"
exit $failed
