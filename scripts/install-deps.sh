#!/usr/bin/env bash
# Installs the Debian packages Breather builds and tests with. Safe to re-run.
#   libcurl4-openssl-dev, libjansson-dev, libsqlite3-dev, pkg-config: the C libraries Breather links
#   sqlite3: the shell the history tests and benchmarks check the store with
#   libstdc++-12-dev: libstdc++.a, linked into the release binary (scripts/build-release.sh);
#     Swift's own install needs it too
#   libmosquitto-dev: MQTT (headers; libmosquitto1, loaded at first use like libcurl);
#     mosquitto, mosquitto-clients, openssl: the tests' own broker on loopback, with a test CA
#   python3: the loopback provider server the end-to-end tests start
#   tmux: the status-line test runs the README tmux snippet (scripts/check-tmux-status.sh)
#   systemd: systemd-analyze, to verify the units in systemd/, and the service manager
#     scripts/check-systemd-live.sh runs them under (with util-linux: unshare, nsenter, setpriv)
#   dpkg-dev, binutils, lintian, debootstrap: the .deb (scripts/package-deb.sh) and its test in a
#     clean Debian root (scripts/test-deb.sh), both run by .ci/run
set -euo pipefail
packages=(libcurl4-openssl-dev libjansson-dev libsqlite3-dev sqlite3 libmosquitto-dev mosquitto mosquitto-clients openssl pkg-config libstdc++-12-dev python3 systemd tmux dpkg-dev binutils lintian debootstrap)
. "$(dirname "$0")/lib/apt-missing.sh"
install_missing "${packages[@]}"
