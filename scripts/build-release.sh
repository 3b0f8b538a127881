#!/usr/bin/env bash
# Builds the release binary that the .deb (scripts/package-deb.sh) and scripts/install.sh
# ship, and prints its path on stdout:
#   scripts/build-release.sh [PRODUCT]    # default: breather
# --static-swift-stdlib links the Swift runtime and Foundation in, so the binary runs on a
# machine without a Swift toolchain (it still uses Debian's libc, libcurl and jansson).
# -z now: full RELRO, as Debian builds its packages (lintian: hardening-no-bindnow).
# Both scripts use these exact flags, so they share .build/release and build only once.
set -euo pipefail
cd "$(dirname "$0")/.."

product=${1:-breather}
flags=(-c release --static-swift-stdlib -Xlinker -z -Xlinker now)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! swift build "${flags[@]}" --product "$product" > "$log" 2>&1; then
    # The static Foundation's linker note about mktemp is noise, not the failure.
    grep -v "use of \`mktemp' is dangerous" "$log" | tail -30 >&2
    echo "build-release.sh: swift build failed" >&2
    exit 1
fi
printf '%s\n' "$(tail -1 "$log")" >&2
echo "$(swift build "${flags[@]}" --show-bin-path)/$product"
