#!/usr/bin/env bash
# Installs the real status-bar clients scripts/screenshots.sh drives (not needed to build or to
# run the test suite): i3 and i3bar, i3blocks and polybar under Xvfb, sway's headless backend
# with waybar and grim, ImageMagick to crop X screenshots, fonts with the glyphs used (WenQuanYi
# Zen Hei for the Chinese bar), dunst with notify-send (libnotify-bin) in a dbus session for
# scripts/check-alerts.sh, and xdotool for the real pointer of scripts/check-clicks.sh.
# Safe to re-run. Debian 12 versions: i3 4.22, i3blocks 1.4, polybar 3.6.3, sway 1.7, waybar 0.9.17.
set -euo pipefail
packages=(xvfb x11-utils i3-wm i3blocks polybar sway waybar grim imagemagick fonts-dejavu-core fonts-wqy-zenhei tmux
          dbus dunst libnotify-bin xdotool)
. "$(dirname "$0")/lib/apt-missing.sh"
install_missing "${packages[@]}"
