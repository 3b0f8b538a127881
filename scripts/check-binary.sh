#!/usr/bin/env bash
# The release binary stays lean (issue 11; README "Speed and size"): no ICU data, the sign that
# Foundation was pulled in by accident (TOMLKit once made it 80 MB); no FoundationEssentials
# (Foundation's `Date` or swift-argument-parser brought 4.9 MB of it) and no regex engine
# (`String.contains(_:)` and friends link _StringProcessing and _RegexParser, 1.3 MB); neither
# libcurl nor Foundation among the libraries it links (libcurl is loaded with dlopen at the
# first request); and at most 16 MB stripped, the goal. Builds what scripts/setup.sh builds.
set -euo pipefail
cd "$(dirname "$0")/.."
limit=16000000

# Relinked every time: a binary stripped in place (scripts/setup.sh) has no symbols to check.
rm -f .build/release/breather
swift build -c release --static-swift-stdlib --product breather >&2
binary=.build/release/breather

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
        libFoundation* | lib_FoundationICU* | libicu*) fail "$binary links $library" ;;
    esac
done
strip -o "$stripped" "$binary"
size=$(stat -c %s "$stripped")
[ "$size" -le "$limit" ] || fail "$binary is $size bytes stripped, over $limit"
echo "check-binary: $size bytes stripped, no ICU, links: $(echo $needed)"
