# Sourced by scripts/man-pages.sh and scripts/test-deb.sh: compile_locales DIR LOCALE... compiles
# each glibc locale (de_DE.UTF-8, zh_CN.UTF-8, …) that DIR lacks into DIR/<locale>, with localedef
# from Debian's locale sources (the locales package). A program finds them with LOCPATH=DIR, or
# from /usr/lib/locale/<name> when copied there, whatever locales the machine has generated.
# Compiled once: about 3 s of CPU each, minutes on a loaded machine.
compile_locales() {
    local dir=$1 locale; shift
    [ -d /usr/share/i18n/locales ] || {
        echo "compile_locales: /usr/share/i18n/locales is missing: install the locales package" >&2
        return 1
    }
    mkdir -p "$dir"
    for locale in "$@"; do
        [ -f "$dir/$locale/LC_CTYPE" ] && continue
        # localedef exits 1 on warnings it still compiles through (de_DE's copy of "i18n"): check the result.
        localedef -i "${locale%%.*}" -f "${locale#*.}" "$dir/$locale.tmp" > /dev/null 2>&1 || true
        [ -f "$dir/$locale.tmp/LC_CTYPE" ] || { echo "compile_locales: localedef could not compile $locale" >&2; return 1; }
        rm -rf "$dir/$locale"
        mv "$dir/$locale.tmp" "$dir/$locale"
    done
}
