#!/usr/bin/env bash
# The release binary stays lean (docs/PERFORMANCE.md): no ICU data, the sign that
# Foundation was pulled in by accident (TOMLKit once made it 80 MB); no FoundationEssentials
# (Foundation's `Date` or swift-argument-parser brought 4.9 MB of it) and no regex engine
# (`String.contains(_:)` and friends link _StringProcessing and _RegexParser, 1.3 MB); neither
# libcurl nor Foundation among the libraries it links (libcurl is loaded with dlopen at the
# first request), nor libstdc++ or libgcc_s (linked in); no exported Swift symbols and no
# RUNPATH; and at most 16 MB stripped, the goal. Builds what every script builds
# (scripts/build-release.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
limit=16000000

# Relinked every time: a binary stripped in place (scripts/setup.sh) has no symbols to check.
rm -f .build/release/breather
binary=$(scripts/build-release.sh)

fail() { echo "check-binary: $*" >&2; exit 1; }
stripped=$(mktemp)
symbol_table=$(mktemp)
trap 'rm -f "$stripped" "$symbol_table"' EXIT
nm "$binary" > "$symbol_table"  # read once, searched below
symbols=$(wc -l < "$symbol_table")
[ "$symbols" -gt 1000 ] || fail "$binary has no symbol table ($symbols symbols): cannot look for ICU"
icu=$(grep -c icudt "$symbol_table" || true)
[ "$icu" -eq 0 ] || fail "$binary holds ICU data ($icu icudt symbols): something imports Foundation; see README \"Speed and size\""
for module in FoundationEssentials _StringProcessing _RegexParser; do
    # Swift mangles a module name with its length: 20FoundationEssentials.
    count=$(grep -c "${#module}$module" "$symbol_table" || true)
    [ "$count" -eq 0 ] || fail "$binary holds $module ($count symbols); see README \"Speed and size\""
done
needed=$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
for library in $needed; do
    case $library in
        libcurl*) fail "$binary links $library: libcurl must be loaded at the first request (Sources/CCurl)" ;;
        libmosquitto*) fail "$binary links $library: libmosquitto must be loaded by the first MQTT client (Sources/CMosquitto)" ;;
        libFoundation* | lib_FoundationICU* | libicu*) fail "$binary links $library" ;;
        libstdc++* | libgcc_s*) fail "$binary links $library: link it statically with scripts/build-release.sh (0.1-0.35 ms of every run)" ;;
    esac
done
# Swift's static-stdlib link exports every Swift symbol (-export-dynamic); Breather loads no Swift
# plugin, and the 5,700 names made the binary 0.56 MB larger and every look-up into it (dladdr
# at start-up, libcurl's ~35 libraries binding) slower. Package.swift turns it off.
exported=$(readelf --dyn-syms -W "$binary" | awk '$7 != "UND" && $8 ~ /^\$s/' | wc -l)
[ "$exported" -eq 0 ] || fail "$binary exports $exported Swift symbols: --no-export-dynamic is missing (Package.swift)"
# No RUNPATH: the loader would look in the binary's directory first (scripts/build-release.sh).
! readelf -d "$binary" | grep -q RUNPATH || fail "$binary has a RUNPATH: build it with scripts/build-release.sh"
strip -o "$stripped" "$binary"
size=$(stat -c %s "$stripped")
[ "$size" -le "$limit" ] || fail "$binary is $size bytes stripped, over $limit"
echo "check-binary: $size bytes stripped, no ICU, links: $(echo $needed)"
