#!/usr/bin/env bash
# Renders the three states every bar must show — fresh, stale, no data — (and the fresh one in
# Chinese, zh-fresh) with the real breather
# binary against a loopback provider (Tests/Support/fixture_server.py, inline replies, no
# network), for every bar format, into OUT_DIR/STATE.FORMAT (one file each, as the bar gets it).
# Usage: scripts/render-bar-states.sh BREATHER_BINARY OUT_DIR
# Used by scripts/screenshots.sh.
set -euo pipefail
binary=$(readlink -f "$1"); out=$(mkdir -p "$2" && cd "$2" && pwd)
repo=$(cd "$(dirname "$0")/.." && pwd)
source "$repo/scripts/lib/loopback.sh"
work=$(mktemp -d /tmp/brstates.XXXXXX)
loopback_pid=""
cleanup() { if [ -n "$loopback_pid" ]; then kill -9 "$loopback_pid" 2>/dev/null; wait "$loopback_pid" 2>/dev/null || true; fi; rm -rf "$work"; }
trap cleanup EXIT

loopback_replies "$work"
loopback_routes "$work" up
loopback_start "$work"
{ echo 'timeout = "3s"'; loopback_config; } > "$work/config.toml"
render() {  # STATE CACHE_DIR [FLAG...]
    for format in i3bar i3blocks polybar tmux waybar; do
        XDG_CACHE_HOME="$2" "$binary" --config "$work/config.toml" --format "$format" --refresh "${@:3}" \
            > "$out/$1.$format" 2>/dev/null || true
    done
}
render fresh "$work/cache"
# The fresh state in Chinese under China's standard (HJ 633's names: docs/LANGUAGES.md).
render zh-fresh "$work/cache-zh" --language zh_CN --standard china
loopback_routes "$work" down
render stale "$work/cache"       # the refresh fails: the cached reading, marked stale
render no-data "$work/empty"     # nothing cached, the refresh fails
