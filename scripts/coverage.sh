#!/usr/bin/env bash
# Line coverage per module (docs/DEVELOPMENT.md): builds with coverage in its own folder
# (.build/coverage, so the everyday build is not invalidated), runs every test once, in order,
# and prints one row per module in Sources/ from llvm-cov. The end-to-end tests run the built
# `breather` in child processes; they write their counts beside the tests' (LLVM_PROFILE_FILE is
# passed on by the test harness), so the executable's own module is counted too.
#   scripts/coverage.sh            # table on stdout; test output in .build/coverage/test.log
set -euo pipefail
cd "$(dirname "$0")/.."

toolchain_bin=$(dirname "$(readlink -f "$(command -v swift)")")
llvm_cov=$toolchain_bin/llvm-cov
llvm_profdata=$toolchain_bin/llvm-profdata
[ -x "$llvm_cov" ] || { echo "error: llvm-cov not found beside swift ($toolchain_bin)" >&2; exit 1; }
scratch=.build/coverage

swift build --scratch-path "$scratch" --build-tests --enable-code-coverage >&2
bin=$(swift build --scratch-path "$scratch" --show-bin-path)
rm -rf "$bin/codecov"
mkdir -p "$bin/codecov"
# Serial: the counts do not depend on order, and one process writing its profile at a time is
# simplest to reason about (the suite itself runs in parallel in scripts/test.sh).
status=0
LLVM_PROFILE_FILE="$bin/codecov/breather-%p.profraw" \
    swift test --scratch-path "$scratch" --skip-build --no-parallel >"$scratch/test.log" 2>&1 || status=$?
[ "$status" -eq 0 ] || echo "warning: some tests failed (exit $status, see $scratch/test.log); coverage still counted" >&2

"$llvm_profdata" merge -sparse "$bin"/codecov/*.profraw -o "$bin/codecov/all.profdata"
"$llvm_cov" export -summary-only -instr-profile "$bin/codecov/all.profdata" \
    "$bin/BreatherPackageTests.xctest" -object "$bin/breather" >"$bin/codecov/summary.json"

python3 - "$bin/codecov/summary.json" "$PWD/Sources/" <<'PY'
import json, sys
summary, sources = sys.argv[1], sys.argv[2]
modules = {}
for entry in json.load(open(summary))["data"][0]["files"]:
    name = entry["filename"]
    if not name.startswith(sources):
        continue
    module = name[len(sources):].split("/")[0]
    lines = entry["summary"]["lines"]
    total = modules.setdefault(module, [0, 0])
    total[0] += lines["covered"]
    total[1] += lines["count"]
print(f"{'module':<20} {'lines':>7} {'covered':>8} {'cover':>7}")
for module, (covered, count) in sorted(modules.items()):
    print(f"{module:<20} {count:>7} {covered:>8} {100 * covered / max(count, 1):>6.1f}%")
covered = sum(c for c, _ in modules.values()); count = sum(n for _, n in modules.values())
print(f"{'all':<20} {count:>7} {covered:>8} {100 * covered / max(count, 1):>6.1f}%")
PY
