#!/usr/bin/env bash
# Runs the shipped units in systemd/ under a real systemd (the host's, e.g. 252 on Debian 12) and
# checks what a user sees through systemd: states, STATUS=, files, journal. Needs root (CI runs it
# from .ci/run); on the host it only creates a temporary directory and a cgroup, both removed.
#
# A system manager runs as PID 1 of new mount/PID/UTS/cgroup namespaces (scripts/
# systemd-live-boot.sh) with SYSTEMD_UNIT_PATH limited to the units under test. Inside it:
#  - a user manager (`systemd --user`, as user@.service runs it) for an unprivileged test user,
#    with systemd/user/* installed as scripts/install.sh --user does;
#  - the hardened system unit systemd/system/breather.service, verbatim, with an API key in
#    /etc/credstore/ read through LoadCredential=.
# Providers are the loopback fixture server (Tests/Support/fixture_server.py); the network
# namespace is the host's, so 127.0.0.1 is shared. Usage: scripts/check-systemd-live.sh [BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
binary=$(realpath "${1:-${BREATHER_BIN:-.build/debug/breather}}")
started=$(date +%s)

fail() {  # the journal's tail and the provider requests help whoever reads the CI log
    echo "check-systemd-live: FAIL: $*" >&2
    [ -s "${work:-}/boot.log" ] && { echo "--- namespace set-up ---"; cat "$work/boot.log"; } >&2
    if [ -n "${pid1:-}" ]; then
        echo "--- journal (newest 40 lines) ---" >&2
        inside journalctl -q --no-pager -n 40 -o short-precise _TRANSPORT=journal _TRANSPORT=stdout _TRANSPORT=syslog >&2 || true
        echo "--- provider requests ---" >&2
        cat "$work/requests.log" >&2 || true
    fi
    exit 1
}
[ "$(id -u)" -eq 0 ] || { echo "check-systemd-live: needs root (it starts a system manager in new namespaces)" >&2; exit 2; }
[ -x "$binary" ] || { echo "check-systemd-live: no binary at $binary (swift build first)" >&2; exit 2; }
for tool in unshare nsenter setpriv python3 /lib/systemd/systemd; do
    command -v "$tool" >/dev/null || { echo "check-systemd-live: missing $tool" >&2; exit 2; }
done
cgroot=$(findmnt -n -t cgroup2 -o TARGET | head -1)
[ -n "$cgroot" ] || { echo "check-systemd-live: no cgroup2 hierarchy mounted on the host" >&2; exit 2; }

work=$(mktemp -d /tmp/breather-live.XXXXXX)
chmod 0755 "$work"
cgroup="$cgroot/breather-live-$$"
server="" pid1=""
cleanup() {
    # cgroup.kill ends every process of the test's manager at once; then its cgroups can go.
    if [ -d "$cgroup" ]; then
        [ -e "$cgroup/cgroup.kill" ] && echo 1 > "$cgroup/cgroup.kill" 2>/dev/null || true
        [ -n "$pid1" ] && kill -KILL "$pid1" 2>/dev/null || true
        # "populated 0" once no process is left anywhere below (killed ones linger until reaped).
        for _ in $(seq 100); do grep -q '^populated 0' "$cgroup/cgroup.events" && break; sleep 0.1; done
        find "$cgroup" -depth -type d -exec rmdir {} + 2>/dev/null || true
    fi
    [ -n "$server" ] && kill "$server" 2>/dev/null || true
    [ -n "$server" ] && wait "$server" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
trap "exit 130" INT TERM  # so that an interrupted run still cleans up

# wait_for SECONDS WHAT COMMAND...: polls COMMAND until it succeeds; a bounded wait, not a sleep.
wait_for() {
    local seconds=$1 what=$2; shift 2
    local deadline=$(($(date +%s) + seconds))
    until "$@" >/dev/null 2>&1; do
        [ "$(date +%s)" -lt "$deadline" ] || fail "$what (not within ${seconds}s)"
        sleep 0.2
    done
}
inside() { nsenter -t "$pid1" -m -p -- "$@"; }  # a command in the test's namespaces, as root
user_uid=64242 user=breather-live user_home=/home/breather-live
as_user() {
    inside setpriv --reuid=$user_uid --regid=$user_uid --clear-groups --reset-env \
        env HOME=$user_home XDG_RUNTIME_DIR=/run/user/$user_uid "$@"
}
usysctl() { as_user systemctl --user "$@"; }
uprop() { usysctl show -p "$1" --value "$2"; }  # uprop NAME UNIT: a user unit's property
sprop() { inside systemctl show -p "$1" --value "$2"; }  # sprop NAME UNIT: a system unit's property

# --- The loopback provider: AirVisual (air and weather, keyed) and Propeller (asthma). ---
# Each refresh asks Propeller anew, so its asthma probability tells whether a refresh happened
# (Breather may reuse an AirVisual reply for a minute: one request serves air and weather).
set_reading() {  # set_reading AQI PERCENT: what the next replies carry (routes are read per request)
    local now; now=$(date -u +%Y-%m-%dT%H:%M:%S.000Z)
    cat > "$work/routes.new" <<JSON
{"/v2/nearest_city": {"body": "{\"status\":\"success\",\"data\":{\"city\":\"Brooklyn\",\"state\":\"New York\",\"country\":\"USA\",\"location\":{\"type\":\"Point\",\"coordinates\":[-73.9423,40.6769]},\"current\":{\"weather\":{\"ts\":\"$now\",\"tp\":21,\"pr\":1012,\"hu\":55,\"ws\":3.1,\"wd\":200,\"ic\":\"01d\"},\"pollution\":{\"ts\":\"$now\",\"aqius\":$1,\"mainus\":\"p2\",\"aqicn\":20,\"maincn\":\"p2\"}}}}"},
 "/prod/forecast": {"body": "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[-73.9423,40.6769]},\"properties\":{\"code\":\"low\",\"value\":0.$2}}"}}
JSON
    mv "$work/routes.new" "$work/routes.json"
}
set_reading 52 11
mkdir -p "$work/fixtures"
python3 -u Tests/Support/fixture_server.py "$work/routes.json" "$work/fixtures" "$work/requests.log" > "$work/port" &
server=$!
wait_for 10 "fixture server did not start" test -s "$work/port"
port=$(head -1 "$work/port")
config() {  # config NAME [KEY_FILE]: a config using the loopback server
    local key_file=""
    [ $# -lt 2 ] || key_file="key_file = \"$2\""
    cat <<TOML
interval = "15m"
[location]
latitude = 40.6769
longitude = -73.9423
name = "$1"
[sources]
air = ["airvisual"]
weather = ["airvisual"]
asthma = ["propeller"]
[providers.airvisual]
base_url = "http://127.0.0.1:$port/v2"
$key_file
[providers.propeller]
base_url = "http://127.0.0.1:$port/prod"
TOML
}

# --- Units: the manager's own few, a user manager for the test user, and the target. ---
mkdir -p "$work/units" "$work/user-base" "$work/scratch"
for unit in systemd-journald.service systemd-journald.socket systemd-journald-dev-log.socket \
        sockets.target sysinit.target basic.target paths.target slices.target timers.target \
        shutdown.target exit.target systemd-exit.service network-online.target multi-user.target; do
    cp "/lib/systemd/system/$unit" "$work/units/"
done
for unit in default.target basic.target sockets.target timers.target paths.target shutdown.target \
        exit.target systemd-exit.service; do
    cp "/usr/lib/systemd/user/$unit" "$work/user-base/"
done
cp systemd/system/breather.service "$work/units/"
cat > "$work/units/breather-live-user.service" <<UNIT
[Unit]
Description=Breather live test: the test user's service manager, as user@.service starts it
[Service]
Type=notify
User=$user
ExecStart=/lib/systemd/systemd --user
Environment=XDG_RUNTIME_DIR=/run/user/$user_uid SYSTEMD_UNIT_PATH=$user_home/.config/systemd/user:$work/user-base
Delegate=yes
KillMode=mixed
UNIT
# breather config under the same credentials and environment as the system unit.
{
    printf '[Service]\nType=oneshot\nDynamicUser=yes\nExecStart=/usr/local/bin/breather config --config /etc/breather/config.toml\n'
    grep -E '^(LoadCredential|Environment)=' systemd/system/breather.service
} > "$work/units/breather-live-config.service"
printf '[Unit]\nDescription=Breather live test\nRequires=sockets.target systemd-journald.service\nAfter=sockets.target systemd-journald.service\n' \
    > "$work/units/breather-live.target"

# --- Boot the test's system manager, in a cgroup of its own that becomes its cgroup root. ---
mkdir "$cgroup"
(
    echo "$BASHPID" > "$cgroup/cgroup.procs"
    exec unshare --mount --pid --uts --cgroup --fork --mount-proc \
        "$repo/scripts/systemd-live-boot.sh" "$work" "$binary" > "$work/boot.log" 2>&1
) &
unshare=$!
disown  # cleanup kills it; no "Killed" line from bash's job control
wait_for 10 "the namespaces did not start" grep -q . "/proc/$unshare/task/$unshare/children"
pid1=$(cut -d' ' -f1 "/proc/$unshare/task/$unshare/children")
wait_for 30 "the system manager did not come up" \
    inside systemctl is-active breather-live.target
since="@$started"
echo "check-systemd-live: $(inside systemctl --version | head -1), manager up after $(($(date +%s) - started))s"

# --- User units, under the test user's own manager. ---
inside sh -c "echo '$user:x:$user_uid:$user_uid::$user_home:/bin/sh' >> /etc/passwd
    echo '$user:x:$user_uid:' >> /etc/group
    install -d -o $user_uid -g $user_uid -m 0700 /run/user/$user_uid $user_home
    install -d -o $user_uid -g $user_uid $user_home/.local/bin $user_home/.config/breather $user_home/.config/systemd/user
    install -o $user_uid -g $user_uid -m 0755 /usr/local/bin/breather $user_home/.local/bin/"
install_user_file() { inside sh -c "cat > $2 && chown $user_uid:$user_uid $2" < "$1"; }
for unit in systemd/user/*; do install_user_file "$unit" "$user_home/.config/systemd/user/$(basename "$unit")"; done
# The test's only change to a shipped unit: a watchdog short enough to fire within the test if the
# daemon stopped sending WATCHDOG=1 (it pings every WatchdogSec/2).
printf '[Service]\nWatchdogSec=2s\n' > "$work/watchdog.conf"
inside install -d -o $user_uid -g $user_uid "$user_home/.config/systemd/user/breather.service.d"
install_user_file "$work/watchdog.conf" "$user_home/.config/systemd/user/breather.service.d/watchdog.conf"
echo -n "user-key-$$" > "$work/user.key"
install_user_file "$work/user.key" "$user_home/.config/breather/airvisual.key"
config Brooklyn "~/.config/breather/airvisual.key" > "$work/user.toml"
install_user_file "$work/user.toml" "$user_home/.config/breather/config.toml"
inside systemctl start breather-live-user.service

user_out=/run/user/$user_uid/breather/breather.json
# has FILE TEXT: FILE exists and contains TEXT. Each reading is told by its asthma percentage
# (the values 11%, 22%, … appear nowhere else), so the checks do not depend on the JSON's layout.
has() { inside grep -q -- "$2" "$1"; }
usysctl start breather.service || fail "user breather.service did not start"
user_started=$(date +%s) user_pid=$(uprop MainPID breather.service)
[ "$(uprop WatchdogUSec breather.service)" = 2s ] || fail "the test's WatchdogSec=2s drop-in was not applied"
[ "$(uprop SubState breather.service)" = running ] || fail "user breather.service is not running after start"
status_has() { case $(uprop StatusText breather.service) in *"$1"*) ;; *) return 1;; esac; }
wait_for 15 "user breather.service: STATUS= never showed the reading (AQI 52)" status_has "AQI 52"
status=$(uprop StatusText breather.service)
wait_for 15 "user daemon: no $user_out with the first reading" has "$user_out" '11%'
has "$user_out" Brooklyn || fail "user daemon: $user_out does not name Brooklyn"
grep -q "key=user-key-$$" "$work/requests.log" || fail "user daemon did not send the key_file's key"
echo "check-systemd-live: user breather.service active (running), STATUS=$status"
# The user unit's sandbox took effect (a user manager applies it in a user namespace), and the
# daemon still wrote its cache in ~/.cache/breather (CacheDirectory=).
read -r useccomp unnp ucapbnd < <(inside awk '/^Seccomp:/ {s=$2} /^NoNewPrivs:/ {n=$2} /^CapBnd:/ {b=$2} END {print s, n, b}' "/proc/$user_pid/status")
[ "$useccomp" = 2 ] && [ "$unnp" = 1 ] && [ "$ucapbnd" = 0000000000000000 ] ||
    fail "user daemon not sandboxed: seccomp $useccomp, NoNewPrivs $unnp, CapBnd $ucapbnd"
wait_for 15 "user daemon: no cache in ~/.cache/breather" inside test -s "$user_home/.cache/breather/conditions.json"
echo "check-systemd-live: user daemon sandboxed (seccomp, no new privileges, no capabilities); cache written in ~/.cache/breather"
# The one-shot unit runs sandboxed alike: the same checks on a child of its own are not possible
# (it exits at once), so its result and file below stand for it.

set_reading 52 22
usysctl kill -s USR1 breather.service
wait_for 30 "user daemon: SIGUSR1 did not refresh $user_out (asthma 22%)" has "$user_out" '22%'
set_reading 52 33
config Flatbush "~/.config/breather/airvisual.key" > "$work/user.toml"
install_user_file "$work/user.toml" "$user_home/.config/breather/config.toml"
usysctl reload breather.service
wait_for 30 "user daemon: reload did not apply the new name and reading" \
    inside sh -c "grep -q 33% $user_out && grep -q Flatbush $user_out"
[ "$(uprop SubState breather.service)" = running ] || fail "user breather.service not running after reload"
echo "check-systemd-live: user reload and SIGUSR1 refreshed the file"

# Three watchdog periods at least, then the same process must still be running.
sleep $((user_started + 6 - $(date +%s) > 0 ? user_started + 6 - $(date +%s) : 0))
[ "$(uprop MainPID breather.service)" = "$user_pid" ] && [ "$(uprop NRestarts breather.service)" = 0 ] ||
    fail "user breather.service was restarted (watchdog?)"
usysctl stop breather.service
[ "$(uprop Result breather.service)" = success ] || fail "user breather.service: stop result $(uprop Result breather.service)"
[ "$(uprop ExecMainStatus breather.service)" = 0 ] || fail "user breather.service exited $(uprop ExecMainStatus breather.service) on stop"
inside test ! -e "/run/user/$user_uid/breather" || fail "user breather.service: /run/user/$user_uid/breather/ left after stop"
echo "check-systemd-live: user daemon held a 2 s watchdog for 6 s; stop: exit status 0, runtime directory removed"

usysctl start breather.timer
[ -n "$(uprop NextElapseUSecRealtime breather.timer)" ] || fail "breather.timer has no next elapse"
set_reading 44 44
usysctl start breather-once.service  # the unit the timer starts, run now instead of at :15
[ "$(uprop Result breather-once.service)" = success ] || fail "breather-once.service: $(uprop Result breather-once.service)"
has "$user_out" '44%' || fail "breather-once.service did not write $user_out with the new reading"
echo "check-systemd-live: breather.timer waiting; breather-once.service wrote its file"

# --- The hardened system unit, verbatim, with the key through LoadCredential=. ---
config Brooklyn > "$work/system.toml"
echo -n "system-key-$$" > "$work/system.key"
inside sh -c "mkdir -p /etc/breather /etc/credstore && cat > /etc/breather/config.toml" < "$work/system.toml"
inside sh -c "umask 077 && cat > /etc/credstore/airvisual.key" < "$work/system.key"
set_reading 38 38
inside systemctl start breather.service || fail "system breather.service did not start"
[ "$(sprop SubState breather.service)" = running ] || fail "system breather.service is not running"
system_out=/run/breather/breather.json
wait_for 15 "system daemon: no $system_out with the reading" has "$system_out" '38%'
grep -q "key=system-key-$$" "$work/requests.log" || fail "system daemon did not send the key from /etc/credstore via LoadCredential="
main=$(sprop MainPID breather.service)
read -r uid seccomp nnp capeff < <(inside awk '/^Uid:/ {u=$2} /^Seccomp:/ {s=$2} /^NoNewPrivs:/ {n=$2} /^CapEff:/ {c=$2} END {print u, s, n, c}' "/proc/$main/status")
[ "$uid" != 0 ] && [ "$seccomp" = 2 ] && [ "$nnp" = 1 ] && [ "$capeff" = 0000000000000000 ] ||
    fail "system daemon not confined: uid $uid, seccomp $seccomp, NoNewPrivs $nnp, CapEff $capeff"
set_reading 38 29
inside systemctl kill -s USR1 breather.service
wait_for 30 "system daemon: SIGUSR1 did not refresh $system_out (asthma 29%)" has "$system_out" '29%'
inside systemctl start breather-live-config.service
inside journalctl -q -o cat -u breather-live-config.service | grep -qF '# airvisual key: set (redacted), from $CREDENTIALS_DIRECTORY/airvisual.key' ||
    fail "breather config under LoadCredential= does not report the credential"
inside systemctl stop breather.service
[ "$(sprop ExecMainStatus breather.service)" = 0 ] || fail "system breather.service exited non-zero on stop"
inside test ! -e /run/breather || fail "system breather.service: /run/breather left after stop"
echo "check-systemd-live: system breather.service ran as uid $uid under seccomp, read the key via LoadCredential=, stopped with 0"

# --- The journal: nothing at warning or above from the units, no libdispatch complaint, no SIGSYS.
# (The test user's manager itself warns that it has no D-Bus to connect to: scaffolding, not checked.)
journal() { inside journalctl -q --no-pager --since "$since" "$@"; }
warnings=$(journal -p warning -u breather.service -u breather-live-config.service
    journal -p warning --user-unit breather.service --user-unit breather-once.service --user-unit breather.timer)
[ -z "$warnings" ] || fail "warnings in the journal:"$'\n'"$warnings"
priority=$(journal -o cat | grep -i 'thread priority' || true)
[ -z "$priority" ] || fail "libdispatch complained in the journal:"$'\n'"$priority"
# The kernel's audit lines for seccomp kills (type=1326); journald re-reads the whole kernel ring
# buffer, so lines from before this run are told apart by their audit(EPOCH…) stamp.
sigsys=$(journal -k | grep 'type=1326' | grep breather |
    awk -v since="$started" 'match($0, /audit\([0-9]+/) && substr($0, RSTART + 6, RLENGTH - 6) + 0 >= since' || true)
[ -z "$sigsys" ] || fail "a seccomp kill in the kernel log:"$'\n'"$sigsys"
echo "check-systemd-live: journal clean; all checks passed in $(($(date +%s) - started))s"
