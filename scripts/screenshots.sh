#!/usr/bin/env bash
# Screenshots of every bar in its three states (fresh, stale, no data), drawn by the real
# clients from the real binary's output (scripts/render-bar-states.sh, loopback provider):
#   i3bar (i3 4.22) and i3blocks 1.4 under Xvfb, polybar 3.6.3 under Xvfb, waybar 0.9.17 with
#   etc/bars/waybar.css on sway 1.7's headless backend (grim; also in Chinese: waybar-zh-fresh.png), tmux 3.3a on its default theme
#   (captured with colours by scripts/check-tmux-status.sh: BAR-STATE.ansi, view with `cat`).
# Usage: scripts/screenshots.sh BREATHER_BINARY [OUT_DIR]   (OUT_DIR: docs/screenshots)
# Install the clients first: scripts/install-bar-clients.sh.
set -euo pipefail
binary=$(readlink -f "$1")
repo=$(cd "$(dirname "$0")/.." && pwd)
out=$(mkdir -p "${2:-$repo/docs/screenshots}" && cd "${2:-$repo/docs/screenshots}" && pwd)
work=$(mktemp -d /tmp/brshots.XXXXXX)
chmod 755 "$work"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill -- -"$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT
"$repo/scripts/render-bar-states.sh" "$binary" "$work/states"
chmod -R a+rX "$work"
states=(fresh stale no-data)
width=900

# Starts a command in its own process group; its id goes to $started and to the cleanup list.
start() { setsid "$@" >>"$work/clients.log" 2>&1 & started=$!; pids+=("$started"); }
stop() { kill -- -"$1" 2>/dev/null || true; wait "$1" 2>/dev/null || true; }

# --- X: i3bar, i3blocks (in i3bar), polybar -----------------------------------------------
start Xvfb :97 -screen 0 ${width}x80x24 -nolisten tcp
export DISPLAY=:97
for _ in $(seq 1 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
xshot() { sleep "${2:-2}"; import -display :97 -window root -crop ${width}x${3:-22}+0+0 +repage "$1"; }

i3config() {  # STATUS_COMMAND FILE
    printf '# i3 config file (v4)\nfont pango:DejaVu Sans 10\nbar {\n    position top\n    status_command %s\n}\n' "$1" > "$2"
}
for state in "${states[@]}"; do
    # i3bar: the protocol header, then the one-shot's block, as `breather watch` would send it.
    printf '#!/bin/sh\nprintf '"'"'{"version":1}\\n[\\n[%%s]\\n'"'"' "$(cat %s)"\nexec sleep 600\n' "$work/states/$state.i3bar" > "$work/i3bar-$state.sh"
    i3config "sh $work/i3bar-$state.sh" "$work/i3-$state.conf"
    start i3 -c "$work/i3-$state.conf"; xshot "$out/i3bar-$state.png"; stop "$started"
    # i3blocks: the README's block, its command replaced by the rendered output.
    printf '[breather]\ncommand=cat %s\ninterval=once\nmarkup=pango\n' "$work/states/$state.i3blocks" > "$work/i3blocks-$state.conf"
    i3config "i3blocks -c $work/i3blocks-$state.conf" "$work/i3b-$state.conf"
    start i3 -c "$work/i3b-$state.conf"; xshot "$out/i3blocks-$state.png"; stop "$started"
    # polybar: a dark bar with the module reading the rendered line.
    cat > "$work/polybar-$state.ini" <<INI
[bar/main]
width = 100%
height = 24
background = #222222
foreground = #dddddd
font-0 = DejaVu Sans:size=10;2
modules-left = breather
[module/breather]
type = custom/script
exec = cat $work/states/$state.polybar
interval = 600
INI
    start polybar -c "$work/polybar-$state.ini" main; xshot "$out/polybar-$state.png" 2 24; stop "$started"
done

# --- Wayland: waybar on sway's headless backend (as nobody when root: sway refuses root) ---
as_user=()
[ "$(id -u)" -eq 0 ] && as_user=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
runtime="$work/runtime"; mkdir -m 700 "$runtime"
[ "$(id -u)" -eq 0 ] && chown nobody:nogroup "$runtime"
# waybar also in Chinese (zh-fresh: the fresh state with --language zh_CN --standard china).
for state in "${states[@]}" zh-fresh; do
    cat > "$work/waybar-$state.json" <<JSON
{"layer": "top", "position": "top", "height": 26, "modules-left": ["custom/breather"],
 "custom/breather": {"exec": "cat $work/states/$state.waybar", "return-type": "json", "interval": 600}}
JSON
    printf 'output HEADLESS-1 resolution %sx120\nexec waybar -c %s -s %s\n' "$width" "$work/waybar-$state.json" "$repo/etc/bars/waybar.css" > "$work/sway-$state.conf"
    chmod a+r "$work"/*
    start env -i PATH=/usr/bin:/bin HOME="$work" XDG_RUNTIME_DIR="$runtime" WLR_BACKENDS=headless \
        WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman "${as_user[@]}" sway -c "$work/sway-$state.conf"
    sleep 3
    socket=$(ls "$runtime" | grep -m1 '^wayland-[0-9]*$')
    env XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$socket" "${as_user[@]}" grim -g "0,0 ${width}x26" - > "$out/waybar-$state.png"
    stop "$started"
done

# --- tmux: the README snippet on tmux's default theme, `breather` replaced by the rendering --
for state in "${states[@]}"; do
    printf '#!/bin/sh\ncat %s\n' "$work/states/$state.tmux" > "$work/fake-$state"; chmod +x "$work/fake-$state"
    "$repo/scripts/check-tmux-status.sh" "$work/fake-$state" /dev/null "AQI" > "$out/tmux-$state.ansi"
done
ls -l "$out"
