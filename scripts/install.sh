#!/usr/bin/env bash
# Installs Breather from source: the release binary (Swift runtime linked in statically and
# stripped, the same one the .deb ships: no toolchain needed to run it), the systemd units and
# the sample config. Every file and folder it creates goes into a manifest, which --uninstall
# reads to remove exactly those (the config only while it is unedited).
#   scripts/install.sh --user             # ~/.local/bin, ~/.config/systemd/user, ~/.config/breather (default)
#   scripts/install.sh --user --prefix D  # D/bin, units and config still in the user's ~/.config
#   sudo scripts/install.sh --system      # /usr/local/bin, /etc/systemd/system, /etc/breather
#   scripts/install.sh [--user|--system] [--prefix D] --uninstall
# An existing config is never overwritten (the sample goes next to it as *.sample).
set -euo pipefail
cd "$(dirname "$0")/.."

mode=user
prefix=
uninstall=0
while [ $# -gt 0 ]; do
    case "$1" in
        --user) mode=user ;;
        --system) mode=system ;;
        --prefix) prefix=${2:?--prefix needs a directory}; shift ;;
        --prefix=*) prefix=${1#--prefix=} ;;
        --uninstall) uninstall=1 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown argument $1 (use --user, --system, --prefix DIR, --uninstall)" >&2; exit 64 ;;
    esac
    shift
done

if [ "$mode" = user ]; then
    prefix=${prefix:-$HOME/.local}
    config_home=${XDG_CONFIG_HOME:-$HOME/.config}
    unit_dir=$config_home/systemd/user
    config_dir=$config_home/breather
    units=(systemd/user/breather.service systemd/user/breather-once.service systemd/user/breather.timer)
    systemctl=(systemctl --user)
else
    prefix=${prefix:-/usr/local}
    unit_dir=/etc/systemd/system
    config_dir=/etc/breather
    units=(systemd/system/breather.service)
    systemctl=(systemctl)
fi
manifest=$prefix/share/breather/install-manifest

# Tells systemd about changed unit files; quiet where there is no systemd to tell.
reload_units() { "${systemctl[@]}" daemon-reload >/dev/null 2>&1 || true; }

if [ "$uninstall" -eq 1 ]; then
    [ -f "$manifest" ] || { echo "install.sh: nothing to uninstall ($manifest is missing)" >&2; exit 66; }
    for unit in "${units[@]}"; do "${systemctl[@]}" disable --now "$(basename "$unit")" >/dev/null 2>&1 || true; done
    # Files first, newest first; then the folders this script created, deepest first.
    tac "$manifest" | while IFS=$'\t' read -r kind path sum; do
        case "$kind" in
            file) rm -f "$path" ;;
            config) if [ -f "$path" ] && [ "$(sha256sum < "$path" | cut -d' ' -f1)" != "$sum" ]; then
                        echo "kept $path (edited since install)"
                    else rm -f "$path"; fi ;;
        esac
    done
    mapfile -t dirs < <(tac "$manifest.dirs" 2>/dev/null)
    rm -f "$manifest" "$manifest.dirs"
    # Only while empty: a folder that now holds someone else's file stays.
    for dir in "${dirs[@]}"; do rmdir "$dir" 2>/dev/null || true; done
    reload_units
    echo "uninstalled Breather from $prefix"
    exit 0
fi

binary=$(scripts/build-release.sh)

made_dirs=()
make_dir() {  # make_dir DIR: creates DIR and its missing parents, remembering each one made
    local missing=() d=$1
    while [ ! -d "$d" ]; do missing=("$d" "${missing[@]}"); d=$(dirname "$d"); done
    install -d "$1"
    made_dirs+=("${missing[@]}")
}
make_dir "$(dirname "$manifest")"
make_dir "$prefix/bin"; make_dir "$unit_dir"; make_dir "$config_dir"
# Installing again keeps what an earlier install made (its config and folders) in the manifest.
previous=$(grep -s '^config' "$manifest" || true)
previous_dirs=$(cat "$manifest.dirs" 2>/dev/null || true)
: > "$manifest"
record() { printf '%s\t%s\t%s\n' "$1" "$2" "${3:-}" >> "$manifest"; }

# Stripped as Debian strips (dh_strip): symbols and the .comment/.note sections.
install -m 0755 "$binary" "$prefix/bin/breather"
strip --remove-section=.comment --remove-section=.note "$prefix/bin/breather"
record file "$prefix/bin/breather"
for unit in "${units[@]}"; do
    # The units name the default install path; point them at the chosen prefix.
    dest=$unit_dir/$(basename "$unit")
    sed -e "s#%h/.local/bin/breather#$prefix/bin/breather#g" -e "s#/usr/local/bin/breather#$prefix/bin/breather#g" \
        "$unit" > "$dest"
    chmod 0644 "$dest"
    record file "$dest"
done
config=$config_dir/config.toml
[ -e "$config" ] && config=$config.sample
install -m 0644 etc/breather.toml "$config"
# An earlier install's config stays listed, except the file just written (its sum is new).
[ -z "$previous" ] || grep -v -F "config	$config	" <<<"$previous" >> "$manifest" || true
record config "$config" "$(sha256sum < "$config" | cut -d' ' -f1)"
{ [ -z "$previous_dirs" ] || printf '%s\n' "$previous_dirs"; printf '%s\n' "${made_dirs[@]}"; } | awk 'NF && !seen[$0]++' > "$manifest.dirs"
reload_units

echo "installed $prefix/bin/breather, units in $unit_dir, config in $config_dir"
echo "uninstall with: scripts/install.sh --$mode${prefix:+ --prefix $prefix} --uninstall"
if [ "$mode" = user ]; then
    echo "next: systemctl --user enable --now breather.service"
    echo "  (or the timer instead: systemctl --user enable --now breather.timer)"
else
    echo "next: systemctl enable --now breather.service"
fi
