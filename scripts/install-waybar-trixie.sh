#!/usr/bin/env bash
# A Waybar with the `image` module for scripts/check-svg-image.sh, by hand (not in CI: slow).
# Debian 12 has Waybar 0.9.17 and bookworm-backports none; the module came in 0.9.18. This
# builds a Debian 13 (trixie) root with debootstrap and installs its Waybar (0.12.0) there:
# check-svg-image.sh runs that Waybar in the root (chroot) against the host's headless sway.
# About 3.5 to 4 min and 420 MB (debootstrap ~2 min, the packages ~1.5 min, on a loaded 2-core machine).
# Usage (as root): scripts/install-waybar-trixie.sh [ROOT]   ROOT: $BREATHER_TRIXIE_ROOT, else
# /var/tmp/breather-trixie. MIRROR=URL for another Debian mirror. Safe to re-run; remove with rm -rf ROOT.
set -euo pipefail
root=${1:-${BREATHER_TRIXIE_ROOT:-/var/tmp/breather-trixie}}
mirror=${MIRROR:-http://deb.debian.org/debian}
[ "$(id -u)" -eq 0 ] || { echo "install-waybar-trixie: needs root (debootstrap, chroot)" >&2; exit 1; }
if [ -x "$root/usr/bin/waybar" ]; then
    echo "install-waybar-trixie: $root has $(chroot "$root" waybar --version) already"
    exit 0
fi
. "$(dirname "$0")/lib/apt-missing.sh"
install_missing debootstrap
# Built beside ROOT and moved into place only when whole, so a half-made root is never used.
partial="$root.partial"
rm -rf "$partial"
debootstrap --variant=minbase trixie "$partial" "$mirror" > "$partial.log" 2>&1 \
    || { echo "install-waybar-trixie: debootstrap failed; its log: $partial.log" >&2; exit 1; }
# waybar with the svg loader gdk-pixbuf needs (librsvg2-common), a font for the text module, and
# dbus-run-session (Waybar 0.12 ends without a session bus).
chroot "$partial" sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    --no-install-recommends waybar librsvg2-common fonts-dejavu-core dbus-daemon && apt-get clean' >> "$partial.log" 2>&1 \
    || { echo "install-waybar-trixie: installing waybar in $partial failed; the log: $partial.log" >&2; exit 1; }
mv "$partial" "$root"
rm -f "$partial.log"
echo "install-waybar-trixie: $(chroot "$root" waybar --version) in $root"
