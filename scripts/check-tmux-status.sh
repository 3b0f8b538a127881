#!/usr/bin/env bash
# Runs the README's tmux snippet (etc/bars/tmux.conf, as written) in a private tmux server and
# prints its status line as drawn, colours included: a second private tmux attaches to the first
# inside its pane, and `capture-pane -e` on the outer one returns the inner status line.
# Usage: scripts/check-tmux-status.sh BREATHER_BINARY CONFIG EXPECTED_TEXT
# Exit 0 when the status line contains EXPECTED_TEXT with a text and a background colour; 1 otherwise
# (line printed).
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
for _ in $(seq 1 50); do
    line=$(tmux -L outer capture-pane -p -e -t view | tail -n 1)
    if grep -qF -- "$expected" <<<"$line"; then
        printf '%s\n' "$line"
        # The text must follow a foreground and a background colour escape (256-colour or RGB):
        # readable text on the category colour, whatever the status style. The test suite
        # computes the contrast of the two (TmuxStatusLineTests).
        grep -qP '\e\[38;(5;[0-9]+|2;[0-9]+;[0-9]+;[0-9]+)m' <<<"$line" \
            && grep -qP '\e\[48;(5;[0-9]+|2;[0-9]+;[0-9]+;[0-9]+)m' <<<"$line" && exit 0
        exit 1
    fi
    sleep 0.2
done
printf 'status line never showed %s:\n%s\n' "$expected" "${line:-}" >&2
exit 1
