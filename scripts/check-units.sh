#!/usr/bin/env bash
# Checks the systemd units (called by scripts/test.sh and so by .ci/run):
#  - `systemd-analyze verify` on every unit, failing on ANY stderr output (verify exits 0 on
#    unknown keys and bad values);
#  - `systemd-analyze security --offline=yes` on the system unit, failing above 1.5,
#    and `--user` on each user service, failing above 4.0 (a bare unit scores 9.8; the
#    sandboxing a user manager allows brings them to 3.6).
# verify needs ExecStart's binary to exist: the units are checked from a temporary copy whose
# install path (%h/.local/bin/breather, /usr/local/bin/breather) points at a real executable.
set -euo pipefail
cd "$(dirname "$0")/.."

max_exposure=1.5
max_user_exposure=4.0
binary="${BREATHER_BIN:-$PWD/.build/debug/breather}"
[ -x "$binary" ] || binary=/bin/true
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/user" "$work/system" "$work/runtime"
chmod 700 "$work/runtime"
for unit in systemd/user/* systemd/system/*; do
    sed -e "s#%h/.local/bin/breather#$binary#g" -e "s#/usr/local/bin/breather#$binary#g" "$unit" > "$work/${unit#systemd/}"
done

failed=0
check() {  # check LABEL COMMAND...: fails when the command fails or writes anything on stderr
    local label=$1; shift
    local err
    if ! err=$("$@" 2>&1 >/dev/null) || [ -n "$err" ]; then
        echo "check-units: $label:" >&2
        echo "$err" >&2
        failed=1
    fi
}
# --user needs XDG_RUNTIME_DIR (for %t).
for unit in "$work"/user/*; do
    check "verify --user $(basename "$unit")" env XDG_RUNTIME_DIR="$work/runtime" systemd-analyze verify --user "$unit"
done
for unit in "$work"/system/*; do
    check "verify $(basename "$unit")" systemd-analyze verify "$unit"
done

scores=()
score_unit() {  # score_unit LIMIT UNIT [--user]: the unit's exposure must not exceed LIMIT
    local limit=$1 unit=$2; shift 2
    local report score
    report=$(env XDG_RUNTIME_DIR="$work/runtime" systemd-analyze security --offline=yes "$@" "$unit" 2>&1)
    score=$(printf '%s\n' "$report" | sed -n 's/.*Overall exposure level for .*: \([0-9.]*\).*/\1/p')
    if [ -z "$score" ]; then
        echo "check-units: no exposure score from systemd-analyze security for $unit:" >&2
        echo "$report" >&2
        failed=1
    elif awk -v s="$score" -v m="$limit" 'BEGIN { exit !(s > m) }'; then
        echo "check-units: $(basename "$(dirname "$unit")")/$(basename "$unit") exposure $score > $limit" >&2
        printf '%s\n' "$report" | grep -E '✗' >&2 || true
        failed=1
    fi
    scores+=("$(basename "$(dirname "$unit")")/$(basename "$unit") $score")
}
score_unit "$max_exposure" "$work/system/breather.service"
for unit in "$work"/user/*.service; do
    score_unit "$max_user_exposure" "$unit" --user
done
if [ "$failed" = 0 ]; then
    echo "check-units: units verified; exposure $(IFS=,; echo "${scores[*]}" | sed 's/,/, /g') (limits: system $max_exposure, user $max_user_exposure)"
fi
exit $failed
