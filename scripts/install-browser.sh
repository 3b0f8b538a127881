#!/usr/bin/env bash
# Installs what scripts/check-dashboard.sh drives (not needed to build or to run the test
# suite): Debian's chromium (headless), poppler-utils (pdftoppm for the print page), python3-pil
# to compare screenshots with docs/screenshots/, faketime to render at a fixed instant, and
# fonts-dejavu-core so text renders the same
# on every machine. Safe to re-run. Debian 12: chromium 150+ (bookworm-security), pillow 9.4.
set -euo pipefail
packages=(chromium poppler-utils python3-pil fonts-dejavu-core faketime)
. "$(dirname "$0")/lib/apt-missing.sh"
install_missing "${packages[@]}"
