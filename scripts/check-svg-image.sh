#!/usr/bin/env bash
# The svg chart as an image (docs/OUTPUT.md "The chart image"): the forecast chart from the
# loopback provider (`--format svg --chart forecast --width 192 --height 48`) loaded through
# gdk-pixbuf's svg loader (librsvg), the loader Waybar's `image` module and GTK programs use,
# then shown by waybar on sway's headless backend (pixman, no GPU) and captured with grim. Each
# passes when the pixels hold the chart's category colours, Unhealthy red (#FF0000) and
# Unhealthy for Sensitive Groups orange (#FF7E00). Waybar's image module came in 0.9.18:
# Debian 12's 0.9.17 has none, and the script then says so and fails.
# Usage: scripts/check-svg-image.sh [BINARY]   Needs scripts/install-bar-clients.sh. About 10 s.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$(realpath "${1:-.build/debug/breather}")
for tool in sway waybar grim gdk-pixbuf-thumbnailer; do command -v "$tool" >/dev/null || { echo "check-svg-image: needs $tool (scripts/install-bar-clients.sh)" >&2; exit 1; }; done
source scripts/lib/loopback.sh
work=$(mktemp -d)
chmod 755 "$work"
loopback_pid="" compositor=""
cleanup() { [ -n "$compositor" ] && kill "$compositor" 2>/dev/null; [ -n "$loopback_pid" ] && kill "$loopback_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
cat > "$work/colours.py" <<'PY'
import struct, sys, zlib
# A PNG's pixels without PIL (grim writes 8-bit RGB or RGBA, filter per row).
data = open(sys.argv[1], "rb").read()
pos, chunks, width, height, kind = 8, b"", 0, 0, 0
while pos < len(data):
    length, tag = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + length]
    if tag == b"IHDR": width, height, _, kind = struct.unpack(">IIBB", body[:10])
    if tag == b"IDAT": chunks += body
    pos += 12 + length
raw, size = zlib.decompress(chunks), 4 if kind == 6 else 3
stride, rows, prior = width * size, [], bytearray(width * size)
for y in range(height):
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - size] if i >= size else 0; b = prior[i]; c = prior[i - size] if i >= size else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(line); prior = line
pixels = {(r[i], r[i + 1], r[i + 2]) for r in rows for i in range(0, stride, size)}
near = lambda want: any(all(abs(p[k] - want[k]) <= 8 for k in range(3)) for p in pixels)
sys.exit(0 if near((255, 0, 0)) and near((255, 126, 0)) else 1)
PY
loopback_replies "$work"
loopback_routes "$work" up
loopback_start "$work"
loopback_config > "$work/config.toml"
HOME="$work" "$binary" --config "$work/config.toml" --format svg --chart forecast --width 192 --height 48 --output "$work/chart.svg"
gdk-pixbuf-thumbnailer -s 192 "$work/chart.svg" "$work/pixbuf.png"
python3 "$work/colours.py" "$work/pixbuf.png" || { echo "check-svg-image: gdk-pixbuf's svg loader did not draw the chart's colours" >&2; exit 1; }
cp "$work/pixbuf.png" /tmp/svg-pixbuf.png
echo "check-svg-image: gdk-pixbuf (librsvg) draws the chart (its rendering: /tmp/svg-pixbuf.png)"
cat > "$work/waybar.json" <<JSON
{"layer": "top", "position": "top", "height": 56, "modules-left": ["image#breather"],
 "image#breather": {"path": "$work/chart.svg", "size": 48, "interval": 60}}
JSON
printf '* { background: #202020; }\n' > "$work/waybar.css"
printf 'output HEADLESS-1 resolution 640x120\nexec waybar -c %s -s %s\n' "$work/waybar.json" "$work/waybar.css" > "$work/sway.conf"
# sway refuses to run as root: as root, it and waybar run as nobody.
as_user=()
[ "$(id -u)" -eq 0 ] && as_user=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
runtime="$work/runtime"
mkdir -m 700 "$runtime"
[ "$(id -u)" -eq 0 ] && chown nobody:nogroup "$runtime" && chmod 644 "$work"/*.json "$work"/*.css "$work"/*.conf "$work/chart.svg"
setsid env -i PATH=/usr/bin:/bin HOME="$work" XDG_RUNTIME_DIR="$runtime" WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 \
    WLR_RENDERER=pixman "${as_user[@]}" sway -c "$work/sway.conf" > "$work/sway.log" 2>&1 &
compositor=$!
shown() {
    local wayland
    wayland=$(ls "$runtime" 2>/dev/null | grep -m1 '^wayland-[0-9]*$') || return 1
    env XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$wayland" "${as_user[@]}" grim -g "0,0 640x56" - > "$work/bar.png" 2>/dev/null || return 1
    python3 "$work/colours.py" "$work/bar.png"
}
known() { grep -q "Unknown module: image" "$work/sway.log" && { echo "check-svg-image: $(waybar --version 2>&1 | head -1) has no image module (Waybar 0.9.18+)" >&2; exit 1; }; return 1; }
wait_for 30 shown || { known; echo "check-svg-image: the chart's colours never showed in waybar's image module; sway log:" >&2; tail -5 "$work/sway.log" >&2; exit 1; }
cp "$work/bar.png" /tmp/waybar-image.png
echo "check-svg-image: ok ($(waybar --version 2>&1 | head -1); the bar's capture: /tmp/waybar-image.png)"
