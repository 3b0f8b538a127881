#!/usr/bin/env bash
# PID 1 of scripts/check-systemd-live.sh's namespaces (unshare --mount --pid --uts --cgroup --fork
# --mount-proc) until it execs systemd. Usage: systemd-live-boot.sh WORK BINARY
# Everything the test's system manager writes lands on tmpfs or an overlay inside this mount
# namespace, so the host's /etc, /run, /var and /usr/local stay untouched and all of it vanishes
# with the namespace.
set -euo pipefail
work=$1 binary=$2

# Detach from the host's mount propagation first, then share again inside the namespace: systemd
# moves each service's credential mount (LoadCredential=) out of a child namespace, which only
# reaches the service when / is a shared mount, as it is on a host booted by systemd.
mount --make-rprivate /
mount --make-rshared /
mount -t tmpfs -o mode=0755,nosuid,nodev tmpfs /run
mount -t cgroup2 cgroup2 /sys/fs/cgroup
mount -t tmpfs -o mode=0755 tmpfs "$work/scratch"
overlay() {  # overlay DIR: writable here, the host's copy unchanged
    local name=${1//\//_}
    mkdir -p "$work/scratch/$name.upper" "$work/scratch/$name.work"
    mount -t overlay overlay -o "lowerdir=$1,upperdir=$work/scratch/$name.upper,workdir=$work/scratch/$name.work" "$1"
}
overlay /etc
overlay /usr/local/bin
for dir in /var/cache /var/tmp /var/lib/systemd /var/log /home; do
    mount -t tmpfs -o mode=0755 tmpfs "$dir"
done
chmod 1777 /var/tmp

# The shipped system unit runs /usr/local/bin/breather: install the binary under test there.
install -m 0755 "$binary" /usr/local/bin/breather
# A volatile journal: nothing written to the host's /var/log/journal.
mkdir -p /etc/systemd/journald.conf.d
printf '[Journal]\nStorage=volatile\n' > /etc/systemd/journald.conf.d/breather-live.conf

hostname breather-live
# container= makes systemd skip what only a host's PID 1 does; SYSTEMD_UNIT_PATH (no trailing
# colon, so no default directories) limits it to the units under test and the few it needs.
export container=breather-live SYSTEMD_UNIT_PATH="$work/units"
exec /lib/systemd/systemd --log-target=journal --log-level=info --show-status=no \
    --unit=breather-live.target
