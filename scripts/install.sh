#!/usr/bin/env bash
# Installs Breather: the release binary, the systemd units and the sample config.
#   scripts/install.sh --user             # ~/.local/bin, ~/.config/systemd/user, ~/.config/breather (default)
#   scripts/install.sh --user --prefix D  # D/bin, units and config still in the user's ~/.config
#   sudo scripts/install.sh --system      # /usr/local/bin, /etc/systemd/system, /etc/breather
# An existing config is never overwritten (the sample goes next to it as *.sample).
set -euo pipefail
cd "$(dirname "$0")/.."

mode=user
prefix=
while [ $# -gt 0 ]; do
    case "$1" in
        --user) mode=user ;;
        --system) mode=system ;;
        --prefix) prefix=${2:?--prefix needs a directory}; shift ;;
        --prefix=*) prefix=${1#--prefix=} ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown argument $1 (use --user, --system, --prefix DIR)" >&2; exit 64 ;;
    esac
    shift
done

swift build -c release --product breather
binary=$(swift build -c release --show-bin-path)/breather

if [ "$mode" = user ]; then
    prefix=${prefix:-$HOME/.local}
    config_home=${XDG_CONFIG_HOME:-$HOME/.config}
    unit_dir=$config_home/systemd/user
    config_dir=$config_home/breather
    units=(systemd/user/breather.service systemd/user/breather-once.service systemd/user/breather.timer)
else
    prefix=${prefix:-/usr/local}
    unit_dir=/etc/systemd/system
    config_dir=/etc/breather
    units=(systemd/system/breather.service)
fi

install -d "$prefix/bin" "$unit_dir" "$config_dir"
install -m 0755 "$binary" "$prefix/bin/breather"
for unit in "${units[@]}"; do
    # The units name the default install path; point them at the chosen prefix.
    sed -e "s#%h/.local/bin/breather#$prefix/bin/breather#g" -e "s#/usr/local/bin/breather#$prefix/bin/breather#g" \
        "$unit" > "$unit_dir/$(basename "$unit")"
    chmod 0644 "$unit_dir/$(basename "$unit")"
done
if [ -e "$config_dir/config.toml" ]; then
    install -m 0644 etc/breather.toml "$config_dir/config.toml.sample"
else
    install -m 0644 etc/breather.toml "$config_dir/config.toml"
fi

echo "installed $prefix/bin/breather, units in $unit_dir, config in $config_dir"
if [ "$mode" = user ]; then
    echo "next: systemctl --user daemon-reload && systemctl --user enable --now breather.service"
    echo "  (or the timer instead: systemctl --user enable --now breather.timer)"
else
    echo "next: systemctl daemon-reload && systemctl enable --now breather.service"
fi
