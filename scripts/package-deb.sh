#!/usr/bin/env bash
# Builds dist/breather_<version>_amd64.deb: a release binary with the Swift runtime linked in
# statically (so it runs without a Swift toolchain), stripped, with man pages, shell
# completions, the systemd units and the sample config, then checks it with lintian.
#   scripts/package-deb.sh                # build, package, lintian (fails on any lintian error)
#   scripts/package-deb.sh --no-lintian   # skip lintian (it needs ~60 MB of Perl packages)
# Missing Debian tools (dpkg-dev, binutils, help2man, locales, man-db, lintian) are installed with
# apt, via sudo when not root. Reuses .build/release: a second run only relinks what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
umask 022

run_lintian=1
case "${1:-}" in
    --no-lintian) run_lintian=0 ;;
    "") ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "package-deb.sh: unknown argument $1 (use --no-lintian)" >&2; exit 64 ;;
esac

# --- tools -------------------------------------------------------------------------------
need=()
command -v dpkg-shlibdeps >/dev/null || need+=(dpkg-dev)
command -v strip >/dev/null && command -v readelf >/dev/null || need+=(binutils)
command -v help2man >/dev/null || need+=(help2man)
# The man pages: help2man's catalogs need their locales compiled (locales), and every page is
# rendered once with man --warnings (man-db).
[ -d /usr/share/i18n/locales ] || need+=(locales)
command -v man >/dev/null || need+=(man-db)
[ "$run_lintian" -eq 0 ] || command -v lintian >/dev/null || need+=(lintian)
if [ ${#need[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "package-deb.sh: installing ${need[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# --- build -------------------------------------------------------------------------------
built=$(scripts/build-release.sh)

# The version is the string `breather --version` prints (Breather.version): one place.
version=$("$built" --version)
[[ "$version" =~ ^[0-9][0-9A-Za-z.+~]*$ ]] || { echo "package-deb.sh: odd version '$version'" >&2; exit 1; }
arch=$(dpkg --print-architecture)
# Reproducible: every date in the package is the last commit's.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/root
doc=$root/usr/share/doc/breather
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/man/man1" "$root/usr/share/man/man5" \
    "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
    "$root/usr/share/fish/vendor_completions.d" "$root/usr/lib/systemd/user" \
    "$root/usr/lib/systemd/system" "$doc/examples/bars"

# Debian strips executables this way (dh_strip): symbols and the .comment/.note sections.
install -m 0755 "$built" "$root/usr/bin/breather"
strip --remove-section=.comment --remove-section=.note "$root/usr/bin/breather"
binary=$root/usr/bin/breather
if readelf -d "$binary" | grep -E 'NEEDED.*(swift|Foundation|dispatch|BlocksRuntime)'; then
    echo "package-deb.sh: the binary still needs the Swift toolchain's libraries (above)" >&2
    exit 1
fi

# --- man pages ---------------------------------------------------------------------------
# breather(1) and one page per subcommand (breather.daemon(1), …), written by help2man from the
# binary's own --help in each language: English in man1, the others in de/man1, fr/man1, es/man1
# and zh_CN/man1, where man-db looks for them (scripts/man-pages.sh; docs/LANGUAGES.md). A
# subcommand's page is named as man-db indexes it: `man breather.daemon`. help2man takes its date
# from SOURCE_DATE_EPOCH, so the pages are reproducible.
scripts/man-pages.sh "$root/usr/bin/breather" "$version" "$root/usr/share/man"
# breather.toml(5): the config file, hand-written (the argument parser only knows flags).
gzip -9n < docs/breather.toml.5 > "$root/usr/share/man/man5/breather.toml.5.gz"

# --- completions -------------------------------------------------------------------------
# bash completions are sourced, not run: no #! line (lintian: bash-completion-with-hashbang).
# bash shows no descriptions: its script is the same in every language.
"$binary" --language en --generate-completion-script bash | sed '1{/^#!/d}' > "$root/usr/share/bash-completion/completions/breather"
# zsh and fish show each flag's and subcommand's help beside it, in the language the script is
# generated in (--language, else [display] language, else the environment, as --help): so the
# package's files generate it when the shell first completes breather, in the shell's language.
cat > "$root/usr/share/zsh/vendor-completions/_breather" <<'EOF'
#compdef breather
# zsh completion for breather: written by `breather --generate-completion-script zsh` at the first
# completion in each shell, so its descriptions are in the shell's language (as breather --help).
# An autoloaded function that defines itself; the script's comment lines left out (eval in an
# interactive shell without interactive_comments would run them).
local script=${(F)${(@f)"$(/usr/bin/breather --generate-completion-script zsh)"}:#\#*}
eval "_breather() {
$script
}"
_breather "$@"
EOF
cat > "$root/usr/share/fish/vendor_completions.d/breather.fish" <<'EOF'
# fish completion for breather: written by `breather --generate-completion-script fish` when fish
# first completes breather in a shell, so its descriptions are in the shell's language (as
# breather --help).
/usr/bin/breather --generate-completion-script fish | source
EOF

# --- units, examples, docs ---------------------------------------------------------------
# The units in systemd/ name the source install's paths; the package's binary is /usr/bin.
for unit in systemd/user/* systemd/system/*; do
    case "$unit" in *.service|*.timer) ;; *) continue ;; esac
    dest=$root/usr/lib/systemd/${unit#systemd/}
    sed -e 's#%h/.local/bin/breather#/usr/bin/breather#g' -e 's#/usr/local/bin/breather#/usr/bin/breather#g' "$unit" > "$dest"
    chmod 0644 "$dest"
done
install -m 0644 etc/breather.toml "$doc/examples/breather.toml"
for bar in etc/bars/*; do install -m 0644 "$bar" "$doc/examples/bars/"; done
install -m 0644 packaging/deb/copyright "$doc/copyright"
# A native package's changelog is changelog.gz (Policy 12.7), in Debian's changelog format.
{
    printf 'breather (%s) unstable; urgency=medium\n\n' "$version"
    printf '  * Release %s, built from commit %s.\n\n' "$version" "$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
    printf ' -- Breather <dev@breather.invalid>  %s\n' "$(date -u -R -d "@$SOURCE_DATE_EPOCH")"
} | gzip -9n > "$doc/changelog.gz"
for script in postinst prerm postrm; do install -m 0755 "packaging/deb/$script" "$root/DEBIAN/$script"; done

# --- control -----------------------------------------------------------------------------
# dpkg-shlibdeps maps each NEEDED library to the Debian package providing it (libc6,
# libcurl4, libjansson4, ...) with the minimum version the binary's symbols need. It wants
# a debian/control to read, hence the throwaway one.
mkdir -p "$work/src/debian"
printf 'Source: breather\n\nPackage: breather\nArchitecture: any\n' > "$work/src/debian/control"
depends=$(cd "$work/src" && dpkg-shlibdeps -O "$binary" | sed -n 's/^shlibs:Depends=//p')
# libcurl is opened with dlopen() at the first request (start-up cost: docs/PERFORMANCE.md),
# so dpkg-shlibdeps cannot see it although breather cannot fetch anything without it:
# declare it by hand, at the version whose curl_multi_poll/curl_multi_wakeup it calls.
case ", $depends," in *", libcurl4"[\ ,]*) ;; *) depends="$depends, libcurl4 (>= 7.68)" ;; esac
# The units' ExecReload= runs /bin/kill, which procps ships; a minimal Debian lacks it, and
# systemd-analyze verify fails there (scripts/test-deb.sh found this).
if grep -qs '^ExecReload=/bin/kill' "$root"/usr/lib/systemd/*/*.service; then depends="$depends, procps"; fi

# libmosquitto is opened with dlopen() only when [mqtt] or an mqtt:// source is configured;
# without it that feature says "install the libmosquitto1 package", so it is suggested, not required.
installed_size=$(du -k -s --exclude=DEBIAN "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<EOF
Package: breather
Version: $version
Architecture: $arch
Maintainer: Breather <dev@breather.invalid>
Installed-Size: $installed_size
Depends: $depends
Suggests: libmosquitto1
Section: utils
Priority: optional
Description: air quality, weather and asthma risk for status bars
 Breather fetches air quality and weather for a place (Open-Meteo by default,
 no account needed; AirVisual, WAQI, OpenWeatherMap and Propeller optional),
 computes the air-quality index with the official tables of the US, China,
 the EU, the UK, India or Canada, and estimates the asthma risk.
 .
 It prints one line or JSON for waybar, polybar, i3bar, i3blocks, tmux or
 Prometheus, either once or as a daemon (systemd user or system units
 included) that keeps status files current and marks stale data honestly.
EOF

(cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
find "$root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
mkdir -p dist
deb=dist/breather_${version}_${arch}.deb
dpkg-deb -Zxz --root-owner-group --build "$root" "$deb" >/dev/null
echo "built $deb ($(du -h "$deb" | cut -f1); installed $installed_size KiB); Depends: $depends"

if [ "$run_lintian" -eq 1 ]; then
    # Errors fail the run; warnings and notes are printed (the README explains those kept).
    lintian --fail-on error --display-info "$deb"
    echo "lintian: no errors"
fi
