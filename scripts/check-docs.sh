#!/usr/bin/env bash
# Lists the public API in Sources/ that has no `///` doc comment: public and open declarations,
# and the requirements inside public protocols. Attributes may stand between the comment and
# the declaration. Not counted: extensions (their members carry the documentation), enum cases
# (document the ones whose meaning is not obvious by hand) and the witnesses of standard
# protocols (`description`, `==`, `<`, `hash(into:)`, Codable's init and encode), which take
# their meaning from the protocol. Exits 1 and names each one if any is found.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=$(find Sources -name '*.swift' -print0 | sort -z | xargs -0 awk '
    FNR == 1 { documented = 0; protocolEnd = "" }
    {
        indent = $0; sub(/[^ \t].*$/, "", indent)
        line = $0; sub(/^[ \t]+/, "", line)
        if (line ~ /^\/\/\//) { documented = 1; next }
        if (line ~ /^@[A-Za-z_]+(\(.*\))?$/) { next }   # an attribute on its own line
        declaration = line ~ /^(@[A-Za-z_]+(\([^)]*\))? +)*(public|open)( |\()/ && line !~ /(^| )extension /
        requirement = protocolEnd != "" && line ~ /^(func|var|static|mutating|init|associatedtype|subscript)[ (]/
        member = line; sub(/^(public|open) +/, "", member)
        witness = member ~ /^(var (debugD|d)escription: String|static func (==|<) |func hash\(into|(required )?init\(from decoder|func encode\(to encoder)/
        if ((declaration || requirement) && !witness && !documented) { printf "%s:%d: %s\n", FILENAME, FNR, line }
        if (line ~ /^(public|open) protocol .*\{$/) { protocolEnd = indent "}" }
        else if (protocolEnd != "" && $0 == protocolEnd) { protocolEnd = "" }
        documented = 0
    }')
if [ -n "$missing" ]; then
    echo "$missing"
    echo "check-docs: $(echo "$missing" | wc -l) public declarations without a /// doc comment" >&2
    exit 1
fi

# The manuals: every ``` fence is closed (one left open turns the rest of a page into code), and
# every relative link names a file that exists.
for page in README.md docs/*.md; do
    awk -v page="$page" '/^```/ { open = !open; line = FNR } END { if (open) { printf "%s:%d: a ``` fence is never closed\n", page, line; exit 1 } }' "$page"
    { grep -o '](\([^)#:]*\)\(#[^)]*\)\?)' "$page" || true; } | sed 's/^](\([^)#]*\).*/\1/' | sort -u | while read -r target; do
        [ -z "$target" ] || [ -e "$(dirname "$page")/$target" ] || { echo "$page: a link to $target, which does not exist" >&2; exit 1; }
    done
done
