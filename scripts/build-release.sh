#!/usr/bin/env bash
# Builds the release binary `breather`, the one build every script uses (the .deb,
# scripts/install.sh, scripts/setup.sh, scripts/bench/bench.sh, scripts/check-binary.sh, the
# click checks), and prints its path on stdout:
#   scripts/build-release.sh
# --static-swift-stdlib links the Swift runtime in, so the binary runs on a machine without a
# Swift toolchain (it still uses Debian's libc, libcurl and jansson).
# -z now: full RELRO, as Debian builds its packages (lintian: hardening-no-bindnow); no slower
# (docs/PERFORMANCE.md).
# --disable-local-rpath: no RUNPATH $ORIGIN. With it the loader first looked for every library,
# libcurl and the five the binary links, in the binary's own directory and its glibc-hwcaps,
# tls and x86_64 subfolders: 24 failed opens in a fetching run.
# libstdc++ and libgcc linked in (the Runtime Library Exception allows it): the Swift runtime
# calls 25 of libstdc++'s functions (strings, new/delete, a demangler) and two of libgcc_s's
# (_Unwind_Backtrace), yet loading and relocating the shared libstdc++ took 0.35 ms of every
# run and libgcc_s 0.1 ms (docs/PERFORMANCE.md). swiftc names libstdc++ as -lstdc++ in its
# static-stdlib link, so a folder holding only libstdc++.a (a link to the one the toolchain's
# clang finds, from libstdc++-12-dev, which Swift itself needs) goes first on the search path;
# -static-libgcc has clang link libgcc_eh.a for the unwinder.
# The same flags everywhere, so the scripts share .build/release and build only once.
set -euo pipefail
cd "$(dirname "$0")/.."

product=breather
clang=$(dirname "$(command -v swift)")/clang
[ -x "$clang" ] || clang=clang
archive=$("$clang" -print-file-name=libstdc++.a)
[ -f "$archive" ] || { echo "build-release.sh: libstdc++.a not found; install libstdc++-12-dev" >&2; exit 1; }
static_cxx=$PWD/.build/static-c++
mkdir -p "$static_cxx"
ln -sfn "$archive" "$static_cxx/libstdc++.a"
flags=(-c release --static-swift-stdlib --disable-local-rpath -Xlinker -z -Xlinker now
       -Xswiftc "-L$static_cxx" -Xswiftc -Xclang-linker -Xswiftc -static-libgcc)
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
