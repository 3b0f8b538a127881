#!/usr/bin/env bash
# Builds the release binary, the one build every script uses (the .deb, scripts/install.sh,
# scripts/setup.sh, scripts/bench.sh, scripts/check-binary.sh, the click checks), and prints
# its path on stdout:
#   scripts/build-release.sh [PRODUCT]    # default: breather
# --static-swift-stdlib links the Swift runtime in, so the binary runs on a machine without a
# Swift toolchain (it still uses Debian's libc, libcurl and jansson).
# -z now: full RELRO, as Debian builds its packages (lintian: hardening-no-bindnow); no slower
# (README "Speed and size").
# --disable-local-rpath: no RUNPATH $ORIGIN. With it the loader first looked for every library,
# libcurl and the five the binary links, in the binary's own directory and its glibc-hwcaps,
# tls and x86_64 subfolders: 24 failed opens in a fetching run.
# The same flags everywhere, so the scripts share .build/release and build only once.
set -euo pipefail
cd "$(dirname "$0")/.."

product=${1:-breather}
flags=(-c release --static-swift-stdlib --disable-local-rpath -Xlinker -z -Xlinker now)
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
