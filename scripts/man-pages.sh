#!/usr/bin/env bash
# Writes Breather's man pages, in every language it speaks, from the binary's own --help:
#   scripts/man-pages.sh BINARY VERSION MANDIR      # scripts/package-deb.sh: MANDIR=…/usr/share/man
# breather(1) and one page per subcommand (breather.daemon(1), …), gzipped, in MANDIR/man1
# (English) and where man-db looks for a locale's pages: MANDIR/de/man1, fr/man1, es/man1 and
# zh_CN/man1 (LANG=de_DE.UTF-8 or `man -L de` finds de, LANG=zh_CN.UTF-8 finds zh_CN). Each page
# is help2man's reading of `breather --language LL [COMMAND] --help`, so it lists exactly the
# flags the parser knows, explained in the catalog's words.
# help2man's own words (the headings NAME, SYNOPSIS, DESCRIPTION, OPTIONS, the footer's manual
# name and month) come from its catalogs for de, fr, es and zh_CN (package help2man), which glibc
# reads only in a locale the machine has generated: the four are compiled here with localedef,
# once, into .build/man-locales, and help2man finds them through LOCPATH.
# Every page must render without a groff warning (`man --warnings`, as lintian runs it): the script
# fails otherwise. Dates from SOURCE_DATE_EPOCH (help2man reads it): reproducible.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 3 ] || { sed -n '2,4p' "$0" >&2; exit 64; }
binary=$1 version=$2 mandir=$3
# The packager's locale plays no part (and perl would warn about one not generated): every
# language below is chosen explicitly.
export LC_ALL=C.UTF-8
unset LANGUAGE
source scripts/lib/compile-locales.sh

# language (Breather's --language) : locale help2man runs in.
languages=(en:C.UTF-8 de:de_DE.UTF-8 fr:fr_FR.UTF-8 es:es_ES.UTF-8 zh_CN:zh_CN.UTF-8)
commands=("" daemon watch config aqi history log insights dashboard)
locales_dir=$PWD/.build/man-locales
compile_locales "$locales_dir" de_DE.UTF-8 fr_FR.UTF-8 es_ES.UTF-8 zh_CN.UTF-8

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Chinese: groff breaks lines only at spaces unless told that a line may break between two
# Chinese characters (not before a closing mark nor after an opening one). These are groff's own
# tmac/zh.tmac, inlined: man-db loads no language macros for a page in zh_CN/.
cjk_breaks='.class [CJKprepunct] , : ; > } \[u2026] \[u201D] \[u3001] \[u3002] \[u3009] \[u300B] \[u300D] \[u300F] \[u3011] \[uFF01] \[uFF09] \[uFF0C] \[uFF1A] \[uFF1B] \[uFF1F]
.class [CJKpostpunct] \[u201C] \[u3008] \[u300A] \[u300C] \[u300E] \[u3010] \[uFF08]
.class [CJKnormal] \[u4E00]-\[u9FFF]
.cflags 128 \C'"'"'[CJKprepunct]'"'"'
.cflags 266 \C'"'"'[CJKpostpunct]'"'"'
.cflags 512 \C'"'"'[CJKnormal]'"'"''
# A wide character: CJK ideographs, their punctuation and the fullwidth forms; Chinese punctuation.
punct='[\x{3001}-\x{3011}\x{FF01}-\x{FF0F}\x{FF1A}-\x{FF1F}]'
wide='[\x{2E80}-\x{303E}\x{3041}-\x{33FF}\x{3400}-\x{4DBF}\x{4E00}-\x{9FFF}\x{F900}-\x{FAFF}\x{FE30}-\x{FE4F}\x{FF00}-\x{FF60}\x{FFE0}-\x{FFE6}]'

# A Chinese page made for groff: help2man keeps the --help's line breaks, which roff reads as
# spaces, and Chinese puts none between two Chinese characters nor next to its fullwidth
# punctuation (，。（）：); those text lines are joined (a request, or a .TP tag, stays whole).
# Then: the subheadings' fullwidth colon back, groff told where a line may break (cjk_breaks),
# and ragged right: groff stretches only spaces, which a Chinese line may not have ("cannot
# adjust line").
chinese_page() {
    WIDE=$wide PUNCT=$punct perl -CSD -Mutf8 -0777 -i -pe '
        my ($wide, $punct) = map { qr/$_/ } @ENV{qw(WIDE PUNCT)};
        my @out;
        for my $line (split /\n/, $_, -1) {
            my $joins = @out > 1 && $out[-1] !~ /^\./ && $out[-2] !~ /^\.TP/ && $line =~ /^[^.]/
                && ($out[-1] =~ /$wide\z/ && $line =~ /^$wide/ || $out[-1] =~ /$punct\z/ || $line =~ /^$punct/);
            if ($joins) { $out[-1] .= $line } else { push @out, $line }
        }
        $_ = join "\n", @out;
        s/^(\.SS ".*):"$/$1："/mg;' "$1"
}

# Requests a page in LANGUAGE starts with (after help2man's first comment line): hyphenation
# with groff's patterns for the language (groff-base's, which man-db needs), none where groff has
# none (es; zh_CN, which breaks between characters instead, ragged right).
preamble() {
    case $1 in
        de) printf '.hla de\n.hpf hyphen.den\n' ;;
        fr) printf '.hla fr\n.hpf hyphen.fr\n' ;;
        es) printf '.nr HY 0\n' ;;
        zh_CN) printf '%s\n.ad l\n.nr HY 0\n' "$cjk_breaks" ;;
    esac
}

for pair in "${languages[@]}"; do
    language=${pair%%:*} locale=${pair#*:}
    dir=$mandir/man1
    [ "$language" = en ] || dir=$mandir/$language/man1
    mkdir -p "$dir" "$work/$language"
    for command in "${commands[@]}"; do
        name=breather${command:+.$command}
        help=$work/$language/$name.help
        # --language: the page's language whatever the packager's LANGUAGE or [display] language.
        # shellcheck disable=SC2086
        "$binary" --language "$language" $command --help > "$help"
        # help2man finds the synopsis and the options by its catalog's words for "Usage" and
        # "Options" followed by an ASCII colon: es "Modo de empleo" (Breather says "Uso"), and
        # zh_CN's headings end in a fullwidth colon (put back in the page below).
        case $language in
            es) sed -i '1s/^Uso:/Modo de empleo:/' "$help" ;;
            zh_CN) sed -i -e '1s/^用法：/用法:/' -e 's/^\([^ ].*\)：$/\1:/' "$help" ;;
        esac
        # NAME: the abstract, the lines after "Usage:" up to the first blank one, less its full stop.
        # Given in an include file: help2man would encode a non-ASCII --name argument twice. (It
        # wants a section in such a file: an empty one, which no page shows.)
        abstract=$(perl -CSD -Mutf8 -0777 -ne '/\A[^\n]*\n(.*?)(?:\n\n|\n?\z)/s or die; $_ = $1;
            s/(?<='"$wide"')\n(?='"$wide"')//g; s/\n/ /g; s/[.。]\z//; print' "$help")
        printf -- '--name="%s"\n[EMPTY]\n' "$(sed 's/[\\"]/\\&/g' <<<"$abstract")" > "$work/$language/$name.include"
        printf '#!/bin/sh\nexec cat "%s"\n' "$help" > "$work/$language/$name"
        chmod +x "$work/$language/$name"
        page=$work/$language/$name.1
        LOCPATH=$locales_dir help2man --no-info --locale "$locale" --section 1 --version-string "$version" \
            --include "$work/$language/$name.include" "$work/$language/$name" > "$page"
        [ "$language" != zh_CN ] || chinese_page "$page"
        # French sets a space before : ; ! ? and after «: one no line may break at (\~). Not in
        # the NAME line, which mandb reads for whatis and apropos.
        [ "$language" != fr ] || perl -CSD -Mutf8 -i -pe 'next if /^\./ || /^breather\S* \\- /; s/ (?=[:;!?»])/\\~/g; s/« /«\\~/g' "$page"
        if [ "$language" != en ]; then
            { head -1 "$page"; preamble "$language"; tail -n +2 "$page"; } > "$page.tmp" && mv "$page.tmp" "$page"
        fi
        # What lintian runs (manpage-has-errors-from-man): any warning fails the package.
        if warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 -Z "$page" 2>&1 >/dev/null) && [ -z "$warnings" ]; then
            gzip -9n < "$page" > "$dir/$name.1.gz"
        else
            echo "man-pages.sh: $language/$name.1 renders with warnings:" >&2
            printf '%s\n' "$warnings" >&2
            exit 1
        fi
    done
done
