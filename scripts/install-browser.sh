#!/usr/bin/env bash
# Installs what scripts/check-dashboard.sh drives (not needed to build or to run the test
# suite): Debian's chromium (headless), poppler-utils (pdftoppm for the print page; pdftotext,
# pdfinfo and pdffonts for the clinician's report's prints), python3-pil to compare screenshots
# with docs/screenshots/, faketime to render at a fixed instant, fonts-dejavu-core so text
# renders the same on every machine, and fonts-wqy-zenhei for the Chinese report's print (with
# no CJK font chromium draws boxes). Safe to re-run. Debian 12: chromium 150+ (bookworm-security), pillow 9.4.
set -euo pipefail
packages=(chromium poppler-utils python3-pil fonts-dejavu-core fonts-wqy-zenhei faketime)
. "$(dirname "$0")/lib/apt-missing.sh"
install_missing "${packages[@]}"
