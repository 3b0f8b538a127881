#!/usr/bin/env bash
# Installs the real status-bar clients scripts/screenshots.sh drives (not needed to build or to
# run the test suite): i3 and i3bar, i3blocks and polybar under Xvfb, sway's headless backend
# with waybar and grim, ImageMagick to crop X screenshots, fonts with the glyphs used, dunst
# with notify-send (libnotify-bin) in a dbus session for scripts/check-alerts.sh, and xdotool
# for the real pointer of scripts/check-clicks.sh.
# Safe to re-run. Debian 12 versions: i3 4.22, i3blocks 1.4, polybar 3.6.3, sway 1.7, waybar 0.9.17.
set -euo pipefail
packages=(xvfb x11-utils i3-wm i3blocks polybar sway waybar grim imagemagick fonts-dejavu-core tmux
          dbus dunst libnotify-bin xdotool)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "installing: ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
