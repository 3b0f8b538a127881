#!/usr/bin/env bash
# The svg chart as an image (docs/OUTPUT.md "The chart image"), by hand (not in CI), against
# the loopback provider (no network):
# 1. gdk-pixbuf: the forecast chart (`--format svg --chart forecast --width 192 --height 48`)
#    through gdk-pixbuf's svg loader (librsvg), the loader GTK programs and Waybar use, must hold
#    Unhealthy red (#FF0000) and Unhealthy for Sensitive Groups orange (#FF7E00).
# 2. Waybar's `image` module (Waybar 0.9.18+) on sway's headless backend (pixman, no GPU),
#    captured with grim: the docs/BARS.md setup. `breather daemon` writes the chart
#    ([[output]] format "svg") and waybar.json, and signals waybar on each write (`on_update`;
#    here `kill -s RTMIN+8 PID`, the docs' `pkill -RTMIN+8 waybar` aimed at this Waybar only);
#    the image module has no `interval`, so only that signal reloads it. The bar is the shipped
#    etc/bars/waybar-daemon.json with the image module first and etc/bars/waybar.css.
#    a. The provider is down: the chart of no readings must show (its Good band's tint), no bar.
#    b. The provider answers: the daemon's next write must show the 24 USG bars (#FF7E00) where
#       the svg puts them, scaled into the image module's `size`.
#    The daemon draws the chart at the size Waybar shows it (width = size, height = the bar's),
#    as docs/BARS.md says: no scaling, no text (under 80 px high), so no smudged labels.
#    Debian 12's Waybar is 0.9.17 (no image module). A newer one on the host is used as is; else
#    the Debian 13 root made by scripts/install-waybar-trixie.sh (as root: chroot), whose Waybar
#    (0.12) runs in the root against the host's sway through a socket in the root's /tmp. With
#    neither, part 2 is skipped with a message (exit 0 after part 1).
# Usage: scripts/check-svg-image.sh [BINARY] [SCREENSHOT]   BINARY: .build/debug/breather;
#   SCREENSHOT: where to copy the bar's capture (always in /tmp/waybar-image.png), e.g.
#   docs/screenshots/waybar-image.png. BREATHER_TRIXIE_ROOT: the root (/var/tmp/breather-trixie).
# Needs scripts/install-bar-clients.sh. About 10 s.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
binary=$(realpath "${1:-.build/debug/breather}")
shot=${2:+$(realpath -m "$2")}
for tool in sway grim gdk-pixbuf-thumbnailer python3; do command -v "$tool" >/dev/null || { echo "check-svg-image: needs $tool (scripts/install-bar-clients.sh)" >&2; exit 1; }; done
source scripts/lib/loopback.sh
pixels() { python3 "$repo/scripts/lib/chart-pixels.py" "$@"; }

# Which Waybar: the host's when it has the image module, else the trixie root's, else none.
trixie=${BREATHER_TRIXIE_ROOT:-/var/tmp/breather-trixie}
host_version=$( { waybar --version 2>/dev/null || true; } | grep -o '[0-9][0-9.]*' | head -1)
newer() { [ "$(printf '%s\n0.9.18\n' "$1" | sort -V | head -1)" = 0.9.18 ]; }
root="" waybar_from=""
if [ -n "$host_version" ] && newer "$host_version"; then waybar_from="host"
elif [ -x "$trixie/usr/bin/waybar" ] && [ "$(id -u)" -eq 0 ]; then root=$trixie waybar_from="chroot"
fi

# The work directory is in the root's /tmp when Waybar runs there: both sides see the same files,
# the sway socket among them (`inner` is a path as the root sees it).
mkdir -p "$root/tmp"
work=$(mktemp -d "$root/tmp/brsvg.XXXXXX")
chmod 755 "$work"
inner() { echo "${1#"$root"}"; }
loopback_pid="" pids=()
tree_of() { local child; echo "$1"; for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do tree_of "$child"; done; }
cleanup() {
    local all=() pid
    for pid in "${pids[@]}"; do all+=($(tree_of "$pid")); done
    [ ${#all[@]} -gt 0 ] && kill "${all[@]}" 2>/dev/null
    [ -n "$loopback_pid" ] && kill "$loopback_pid" 2>/dev/null
    sleep 0.3
    [ ${#all[@]} -gt 0 ] && kill -9 "${all[@]}" 2>/dev/null
    if [ -n "${KEEP:-}" ]; then echo "check-svg-image: work directory kept: $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
start() { local log=$1; shift; setsid "$@" >> "$log" 2>&1 & started=$!; pids+=("$started"); }

loopback_replies "$work"
loopback_routes "$work" up
loopback_start "$work"

# --- 1. gdk-pixbuf ---------------------------------------------------------------------------
loopback_config > "$work/oneshot.toml"
HOME="$work" "$binary" --config "$work/oneshot.toml" --format svg --chart forecast --width 192 --height 48 --output "$work/forecast.svg"
gdk-pixbuf-thumbnailer -s 192 "$work/forecast.svg" "$work/pixbuf.png"
pixels colours "$work/pixbuf.png" || { echo "check-svg-image: gdk-pixbuf's svg loader did not draw the chart's colours" >&2; exit 1; }
cp "$work/pixbuf.png" /tmp/svg-pixbuf.png
echo "check-svg-image: gdk-pixbuf (librsvg) draws the chart (its rendering: /tmp/svg-pixbuf.png)"

if [ -z "$waybar_from" ]; then
    why="Waybar ${host_version:-(none)} on the host has no image module (0.9.18+)"
    if [ ! -x "$trixie/usr/bin/waybar" ]; then why+=" and there is no $trixie: make it with scripts/install-waybar-trixie.sh (as root, ~4 min)"
    else why+=" and running $trixie's needs root (chroot)"; fi
    echo "check-svg-image: SKIP the Waybar part: $why" >&2
    exit 0
fi

# --- 2. Waybar's image module ----------------------------------------------------------------
# sway refuses to run as root: as root, sway, Waybar and the daemon all run as nobody (the daemon
# as Waybar's user, so its on_update may signal Waybar).
as_user=() chroot_user=()
if [ "$(id -u)" -eq 0 ]; then
    as_user=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
    chroot_user=(--userspec=65534:65534)
fi
own() { if [ "$(id -u)" -eq 0 ]; then chown nobody:nogroup "$@"; fi; }
size=120 bar_height=40 background="#222222"
runtime="$work/runtime"   # XDG_RUNTIME_DIR: sway's socket and breather/, as the unit's RuntimeDirectory
mkdir -m 700 "$runtime" "$runtime/breather" "$work/home" "$work/bin"
own "$runtime" "$runtime/breather" "$work/home"
cp "$binary" "$work/bin/breather"
cp etc/bars/waybar.css "$work/waybar.css"
python3 - "$repo/etc/bars/waybar-daemon.json" "$work/waybar.json" "$(inner "$runtime")/breather/chart.svg" $size $bar_height <<'PY'
import json, re, sys
shipped, out, chart, size, height = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
bar = json.loads(re.sub(r"(?m)^\s*//.*$", "", open(shipped, encoding="utf-8").read()))
bar["height"] = height
bar["modules-left"] = ["image#breather"] + bar["modules-left"]
bar["image#breather"] = {"path": chart, "size": size, "signal": 8}
json.dump(bar, open(out, "w", encoding="utf-8"), ensure_ascii=False, indent=1)
PY
printf 'output HEADLESS-1 resolution 640x120\n' > "$work/sway.conf"
chmod 644 "$work"/*.json "$work"/*.css "$work"/*.conf
start "$work/sway.log" env -i PATH=/usr/bin:/bin HOME="$work/home" XDG_RUNTIME_DIR="$runtime" WLR_BACKENDS=headless \
    WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman "${as_user[@]}" sway -c "$work/sway.conf"
socket() { ls "$runtime" 2>/dev/null | grep -m1 '^wayland-[0-9]*$'; }
wait_for 30 socket >/dev/null || { echo "check-svg-image: sway did not start; its log:" >&2; tail -5 "$work/sway.log" >&2; exit 1; }
wayland=$(socket)
waybar_env=(env -i PATH=/usr/bin:/bin HOME="$(inner "$work/home")" XDG_RUNTIME_DIR="$(inner "$runtime")" WAYLAND_DISPLAY="$wayland")
if [ "$waybar_from" = chroot ]; then
    # Waybar 0.12 ends without a session bus: dbus-run-session gives it one, in the root.
    start "$work/waybar.log" chroot "${chroot_user[@]}" "$root" "${waybar_env[@]}" dbus-run-session -- \
        waybar -c "$(inner "$work/waybar.json")" -s "$(inner "$work/waybar.css")"
else
    start "$work/waybar.log" "${waybar_env[@]}" "${as_user[@]}" waybar -c "$work/waybar.json" -s "$work/waybar.css"
fi
waybar_tree=$started
capture() {
    env XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$wayland" "${as_user[@]}" grim -g "0,0 640x$bar_height" - > "$work/bar.png" 2>/dev/null
}
waybar_pid() { for pid in $(tree_of "$waybar_tree"); do [ "$(ps -o comm= -p "$pid")" = waybar ] && echo "$pid" && return 0; done; return 1; }
drawn() { capture && grep -q 'Bar configured' "$work/waybar.log"; }
wait_for 30 drawn && pid=$(waybar_pid) || { echo "check-svg-image: waybar did not start; its log:" >&2; tail -5 "$work/waybar.log" >&2; exit 1; }
if [ -n "$root" ]; then version=$(chroot "$root" waybar --version 2>&1 | head -1); else version=$(waybar --version 2>&1 | head -1); fi

# The daemon, started once Waybar is up (a signal while it loads would end it), provider down.
loopback_routes "$work" down
cat > "$work/daemon.toml" <<TOML
interval = "2s"
on_update = ["kill", "-s", "RTMIN+8", "$pid"]
$(loopback_config)
[cache]
path = "$work/home/cache.json"
[history]
path = "$work/home/history.sqlite3"
[[output]]
path = "$runtime/breather/waybar.json"
format = "waybar"
[[output]]
path = "$runtime/breather/chart.svg"
format = "svg"
width = $size
height = $bar_height
TOML
chmod 644 "$work/daemon.toml"
start "$work/daemon.log" env -i PATH=/usr/bin:/bin HOME="$work/home" XDG_RUNTIME_DIR="$runtime" \
    "${as_user[@]}" "$work/bin/breather" daemon --config "$work/daemon.toml" --log-level info
failed=0
check() {  # check MODE WHAT: waits up to 30 s for the capture to pass chart-pixels.py MODE
    local began=$SECONDS
    shown() { capture && [ -s "$runtime/breather/chart.svg" ] && pixels "$1" "$work/bar.png" "$runtime/breather/chart.svg" $size $bar_height "$background" > "$work/pixels.txt"; }
    if wait_for 30 shown "$1"; then
        echo "check-svg-image: PASS: $2 [$((SECONDS - began)) s; $(cat "$work/pixels.txt")]"
    else
        echo "check-svg-image: FAIL: $2 [$(cat "$work/pixels.txt" 2>/dev/null)]" >&2; failed=1
        cp "$work/bar.png" /tmp/waybar-image-failed.png; echo "capture: /tmp/waybar-image-failed.png; waybar log:" >&2; tail -5 "$work/waybar.log" >&2
    fi
}
check empty "with the provider down, the image module shows the chart of no readings"
loopback_routes "$work" up
check bars "once the provider answers, the image module shows the daemon's new chart: 24 USG bars in place"
cp "$work/bar.png" /tmp/waybar-image.png
[ -n "$shot" ] && cp "$work/bar.png" "$shot"
[ "$failed" -eq 0 ] || exit 1
echo "check-svg-image: ok ($version, $waybar_from; the bar's capture: /tmp/waybar-image.png${shot:+ and $shot})"
