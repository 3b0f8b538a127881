#!/usr/bin/env bash
# Runs the README's tmux snippet (etc/bars/tmux.conf, as written) in a private tmux server and
# prints its status line as drawn, colours included: a second private tmux attaches to the first
# inside its pane, and `capture-pane -e` on the outer one returns the inner status line.
# Usage: scripts/check-tmux-status.sh BREATHER_BINARY CONFIG EXPECTED_TEXT [GO_FILE AFTER_CLICK_TEXT]
# Exit 0 when the status line contains EXPECTED_TEXT with a text and a background colour; 1 otherwise
# (line printed). With GO_FILE and AFTER_CLICK_TEXT: once EXPECTED_TEXT is drawn (line printed), waits
# for GO_FILE to exist (the caller changes the provider's answer first), clicks the status line's
# right part with the mouse (an SGR mouse press and release typed into the inner client's terminal,
# as a terminal sends them), and exits 0 once AFTER_CLICK_TEXT is drawn (line printed), 1 if never.
set -euo pipefail
binary=$(readlink -f "$1"); config=$(readlink -f "$2"); expected=$3
repo=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mktemp -d /tmp/brtmux.XXXXXX)   # short: tmux socket paths are limited to 108 bytes
export TMUX_TMPDIR=$dir LC_ALL=C.UTF-8   # tmux draws non-ASCII as _ without a UTF-8 locale
cleanup() { tmux -L outer kill-server 2>/dev/null || true; tmux -L inner kill-server 2>/dev/null || true; rm -rf "$dir"; }
trap cleanup EXIT
mkdir "$dir/bin" && ln -s "$binary" "$dir/bin/breather"
printf 'set -g default-terminal tmux-256color\nset -g status off\n' > "$dir/outer.conf"
env PATH="$dir/bin:/usr/bin:/bin" BREATHER_CONFIG="$config" \
    tmux -L inner -f "$repo/etc/bars/tmux.conf" new-session -d -s bar -x 160 -y 5 "sleep 120"
tmux -L outer -f "$dir/outer.conf" new-session -d -s view -x 160 -y 6 \
    "env -u TMUX TERM=xterm-256color tmux -L inner attach -t bar"
drawn() {  # drawn TEXT: waits up to 10 s until the status line shows TEXT; the line in $line
    for _ in $(seq 1 50); do
        line=$(tmux -L outer capture-pane -p -e -t view | tail -n 1)
        grep -qF -- "$1" <<<"$line" && return 0
        sleep 0.2
    done
    printf 'status line never showed %s:\n%s\n' "$1" "${line:-}" >&2
    return 1
}
drawn "$expected" || exit 1
printf '%s\n' "$line"
# The text must follow a foreground and a background colour escape (256-colour or RGB):
# readable text on the category colour, whatever the status style. The test suite
# computes the contrast of the two (TmuxStatusLineTests).
grep -qP '\e\[38;(5;[0-9]+|2;[0-9]+;[0-9]+;[0-9]+)m' <<<"$line" \
    && grep -qP '\e\[48;(5;[0-9]+|2;[0-9]+;[0-9]+;[0-9]+)m' <<<"$line" || exit 1
[ $# -ge 5 ] || exit 0
go=$4; after=$5
for _ in $(seq 1 300); do [ -e "$go" ] && break; sleep 0.1; done
[ -e "$go" ] || { echo "no $go within 30 s" >&2; exit 1; }
# Left button down and up at column 158 of the last row (6): the right of the inner status line.
tmux -L outer send-keys -t view -l $'\e[<0;158;6M'
tmux -L outer send-keys -t view -l $'\e[<0;158;6m'
drawn "$after" || exit 1
printf '%s\n' "$line"
