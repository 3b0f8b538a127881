#!/usr/bin/env bash
# Installs the .deb into a clean Debian 12 root and checks it there (README "Install"):
#   sudo scripts/test-deb.sh [dist/breather_VERSION_amd64.deb]
# The root is made once with debootstrap (minbase + systemd, man-db, bash-completion) and kept
# as a tarball in $BREATHER_DEB_ROOT_CACHE (default ~/.cache/breather-test-deb); every run
# unpacks a fresh copy. Inside it: `apt-get install ./breather_….deb` (Depends must resolve from
# Debian), breather --version, breather aqi, man -w, every man page in every language (found by
# LANG=de_DE.UTF-8 and by `man -L de`, and saying what `breather --language de --help` says, not
# the English), a bash completion, the zsh and fish ones in the locale's language (zsh and fish
# installed in the root first), systemd-analyze verify on the installed units, then
# `apt-get purge --autoremove` must leave no file behind.
# Needs root (chroot, mount), debootstrap and locales (installed if missing) and Debian's mirror.
set -euo pipefail
cd "$(dirname "$0")/.."

deb=${1:-$(ls -t dist/breather_*_amd64.deb 2>/dev/null | head -1)}
[ -f "$deb" ] || { echo "test-deb.sh: no .deb (run scripts/package-deb.sh first)" >&2; exit 66; }
[ "$(id -u)" -eq 0 ] || { echo "test-deb.sh: needs root (chroot and mount)" >&2; exit 77; }
source scripts/lib/apt-missing.sh
install_missing debootstrap locales
started=$SECONDS
step() { printf '[test-deb %3ds] %s\n' $((SECONDS - started)) "$*"; }

# The mirror apt already uses here (deb822 .sources or one-line .list), else Debian's own.
mirror=${DEBIAN_MIRROR:-$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null | sed -n 's/^URIs: *\([^ ]*\/debian\)\/*$/\1/p' | head -1)}
mirror=${mirror:-$(cat /etc/apt/sources.list 2>/dev/null | sed -n 's/^deb \(\[[^]]*\] \)\?\([^ ]*\/debian\)\/* bookworm .*/\2/p' | head -1)}
mirror=${mirror:-http://deb.debian.org/debian}

packages=systemd,man-db,bash-completion
cache_dir=${BREATHER_DEB_ROOT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/breather-test-deb}
cached=$cache_dir/bookworm-minbase-${packages//,/-}.tar.gz
work=$(mktemp -d /var/tmp/breather-test-deb.XXXXXX)
root=$work/root
cleanup() {
    for m in proc dev/pts dev; do mountpoint -q "$root/$m" && umount -l "$root/$m"; done
    rm -rf "$work"
}
trap cleanup EXIT

if [ ! -f "$cached" ]; then
    step "debootstrap bookworm from $mirror (once; cached in $cached)"
    debootstrap --variant=minbase --include="$packages" bookworm "$root" "$mirror" > "$work/debootstrap.log" 2>&1 \
        || { tail -20 "$work/debootstrap.log" >&2; exit 1; }
    chroot "$root" apt-get update -qq
    chroot "$root" apt-get clean
    mkdir -p "$cache_dir"
    tar -C "$root" -czf "$cached.tmp" . && mv "$cached.tmp" "$cached"
else
    step "unpacking the cached root $cached"
    mkdir "$root"
    tar -C "$root" -xzf "$cached"
fi
# The translated man pages are found by the user's locale (LANG=de_DE.UTF-8), which man-db uses
# only when the locale is generated: as on a German desktop, the four locales are there
# (compiled here once, cached, and put where locale-gen puts them, before the file list).
source scripts/lib/compile-locales.sh
man_languages=(de:de_DE.UTF-8 fr:fr_FR.UTF-8 es:es_ES.UTF-8 zh_CN:zh_CN.UTF-8)
compile_locales "$cache_dir/locales" "${man_languages[@]#*:}"
for pair in "${man_languages[@]}"; do cp -a "$cache_dir/locales/${pair#*:}" "$root/usr/lib/locale/"; done
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
# Every file, minus what apt, dpkg, man-db and ldconfig keep for themselves.
file_list() {
    in_root find / -xdev \( -path /proc -o -path /dev -o -path /tmp -o -path /var/lib/apt -o -path /var/lib/dpkg \
        -o -path /var/cache/apt -o -path /var/cache/man -o -path /var/cache/debconf -o -path /var/log -o -path /run \) -prune -o -print | sort
}
failed=0
check() {  # check LABEL EXPECTED-REGEX COMMAND...: runs in the root, prints, matches the output
    local label=$1 expected=$2 out; shift 2
    if out=$(in_root "$@" 2>&1) && grep -Eq -- "$expected" <<<"$out"; then
        step "ok: $label"
    else
        step "FAILED: $label"; failed=1
    fi
    sed 's/^/    /' <<<"$out"
}

# zsh and fish, to run the package's completions in: installed before the file list (the purge
# check is about breather's files).
chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive sh -c \
    'apt-get update -qq && apt-get install -y -qq --no-install-recommends zsh fish > /dev/null' \
    || { step "FAILED: cannot install zsh and fish in the root"; exit 1; }
file_list > "$work/before"
# An empty list (find failing in the root) would make the purge check pass for nothing.
[ "$(wc -l < "$work/before")" -gt 1000 ] || { step "FAILED: cannot list the root's files"; exit 1; }
cp "$deb" "$root/tmp/"
step "apt-get install ./$(basename "$deb")"
in_root apt-get update -qq
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "/tmp/$(basename "$deb")" \
    > "$work/install.log" 2>&1 || { cat "$work/install.log" >&2; exit 1; }
grep -E '^(Setting up|Unpacking) ' "$work/install.log" | sed 's/^/    /'
version=$(dpkg-deb -f "$deb" Version)

check "breather --version" "^$version\$" breather --version
check "breather aqi --standard china pm2_5=75" "114 Lightly Polluted" breather aqi --standard china pm2_5=75
check "man -w breather" "^/usr/share/man/man1/breather.1.gz\$" man -w breather
check "man -w breather.toml" "^/usr/share/man/man5/breather.toml.5.gz\$" man -w 5 breather.toml
# Each language's pages: where man-db looks for the user's locale (LANG) and for `man -L`, one
# for every English page, and in the language: the page shows the abstract `breather --language
# LL [COMMAND] --help` prints, help2man's NAME heading in the language, and not the English
# abstract. (Compared with spaces taken out and groff's hyphen ‐ read as -.)
for pair in "${man_languages[@]}"; do
    language=${pair%%:*} locale=${pair#*:}
    case $language in de) heading=BEZEICHNUNG ;; fr) heading=NOM ;; es) heading=NOMBRE ;; zh_CN) heading=名称 ;; esac
    check "LANG=$locale man -w breather" "^/usr/share/man/$language/man1/breather.1.gz\$" env LANG="$locale" man -w breather
    check "man -L $language: every page there and in its language" "^every page in $language\$" bash -c '
        language=$1 heading=$2 bad=0
        squeeze() { sed -e "s/‐/-/g" -e "s/[.。]\$//" | tr -d " \n"; }
        for english in /usr/share/man/man1/breather*.1.gz; do
            name=$(basename "$english" .1.gz); command=${name#breather}; command=${command#.}
            page=/usr/share/man/$language/man1/$name.1.gz
            found=$(man -L "$language" -w "$name" 2>&1)
            [ "$found" = "$page" ] || { echo "man -L $language -w $name: $found"; bad=1; continue; }
            text=$(MANWIDTH=1000 man -l "$page" | squeeze)
            warnings=$(man --warnings -l "$page" 2>&1 >/dev/null)
            abstract=$(breather --language "$language" $command --help | sed -n 2p | squeeze)
            abstract_en=$(breather --language en $command --help | sed -n 2p | squeeze)
            case $text in *"$heading"*"$abstract"*) ;; *) echo "$page: no $heading or not \"$abstract\""; bad=1 ;; esac
            case $text in *"$abstract_en"*) echo "$page: still English (\"$abstract_en\")"; bad=1 ;; esac
            [ -z "$warnings" ] || { echo "$page: $warnings"; bad=1; }
        done
        [ "$bad" = 0 ] && echo "every page in $language"' - "$language" "$heading"
done
# The completion is found the way an interactive shell finds it: bash-completion's loader
# looks in /usr/share/bash-completion/completions on the first <TAB> after "breather".
check "bash completion of 'breather --stan<TAB>'" "^--standard\$" bash -c '
    source /usr/share/bash-completion/bash_completion
    _completion_loader breather
    func=$(complete -p breather | sed -n "s/.*-F \([^ ]*\) .*/\1/p")
    COMP_WORDS=(breather --stan); COMP_CWORD=1; COMP_LINE="breather --stan"; COMP_POINT=${#COMP_LINE}
    "$func" breather --stan breather
    printf "%s\n" "${COMPREPLY[@]}"'
# zsh and fish describe each flag in the shell's language: the package's files run
# `breather --generate-completion-script` at the first completion. fish as it completes; zsh's
# autoloaded _breather defines itself and calls _arguments, here a stand-in printing its specs.
# (fish reads its own config.fish, which puts the vendor directories on its path; its files in a
# HOME under /tmp, out of the file lists.)
check "fish, LANG=de_DE.UTF-8: 'breather --sta<TAB>' described in German" "^--standard.Luftqualitätsstandard " \
    env HOME=/tmp/fish LANG=de_DE.UTF-8 fish -c 'complete -C "breather --sta"'
check "fish, LANG=C.UTF-8: in English" "^--standard.Air-quality standard " env HOME=/tmp/fish LANG=C.UTF-8 fish -c 'complete -C "breather --sta"'
check "zsh, LANG=zh_CN.UTF-8: _breather described in Chinese" "^--city=\[地名，经 Open-Meteo 地理编码。\]:city:\$" env LANG=zh_CN.UTF-8 zsh -fc '
    fpath=(/usr/share/zsh/vendor-completions $fpath); autoload -Uz _breather
    _arguments() { print -rl -- "$@"; }; _breather; _breather'
# verify prints problems on stderr but exits 0 for many of them: any output is a failure.
units=$(dpkg-deb -c "$deb" | grep -oE '/usr/lib/systemd/(system|user)/[^/ ]+\.(service|timer)$')
[ -n "$units" ] || { step "FAILED: the package holds no systemd unit"; failed=1; }
for name in $units; do
    verify="systemd-analyze verify"; [[ $name == */user/* ]] && verify="$verify --user"
    # --user needs XDG_RUNTIME_DIR (for %t); /run is left out of the before/after file lists.
    check "$verify $name" '^verified$' sh -c "mkdir -p -m 700 /run/user/0
        out=\$(XDG_RUNTIME_DIR=/run/user/0 $verify $name 2>&1); echo \"\${out:-verified}\""
done

step "apt-get purge --autoremove breather"
in_root env DEBIAN_FRONTEND=noninteractive apt-get purge -y -q --autoremove breather > "$work/purge.log" 2>&1 \
    || { cat "$work/purge.log" >&2; exit 1; }
grep -E '^(Removing|Purging) ' "$work/purge.log" | sed 's/^/    /'
file_list > "$work/after"
if leftovers=$(diff "$work/before" "$work/after"); then
    step "ok: purge left nothing behind"
else
    step "FAILED: the file list differs after purge:"; sed 's/^/    /' <<<"$leftovers"; failed=1
fi
[ "$failed" -eq 0 ] && step "all checks passed" || step "some checks FAILED"
exit "$failed"
