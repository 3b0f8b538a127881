#!/usr/bin/env bash
# Clicks in the real bar clients, with a pointer, against a loopback provider
# (Tests/Support/fixture_server.py, no network). i3bar, polybar and waybar have three runs each
# (starting, refresh, views); i3blocks and polybar's watch snippet one each:
#
#   i3bar (i3) under Xvfb, status_command from etc/bars/i3-config (`breather watch --format
#     i3bar`); clicks with xdotool (a real X pointer event that i3bar turns into a click line).
#   i3blocks in i3bar under Xvfb with etc/bars/i3blocks.conf as shipped; clicks with xdotool.
#   polybar under Xvfb with etc/bars/polybar-daemon.ini's module as shipped, then with
#     etc/bars/polybar.ini's (`breather watch` as a tail script); clicks with xdotool.
#   waybar on sway's headless backend with etc/bars/waybar-daemon.json as shipped; clicks with
#     `swaymsg seat - cursor set/press/release`. The headless backend has no input devices, so
#     scripts/lib/wl-virtual-pointer.py gives the seat a pointer first (else waybar gets none).
#
# The polybar and waybar snippets run `systemctl --user kill -s SIGNAL breather`. There is no
# user systemd here, so the daemon runs directly and a stand-in `systemctl` first on the bars'
# PATH accepts exactly that command line and sends the signal to the daemon's pid (the one
# substitution; the snippets themselves are not edited). i3bar's status command is the
# snippet's, with its stdout teed to a file so the check can read what i3bar was sent.
#
# Run 1 ("refresh"): the provider answers HTTP 429 without Retry-After, `interval = "2s"` (an
#   outage, a 5xx, never holds a poll back; a 429 does). A right click must switch the bar to its
#   full text, which then shows the short error and, once the failures have grown the backoff,
#   "Breather: open-meteo: rate limited · retry Ns". With N >= 6 the server is switched to success and
#   the block left-clicked: the server must get a request before that backoff could have ended
#   (ticks ask nothing during backoff, so the request is the click's), and the bar turns fresh.
# Run 2 ("views"): the provider answers, `interval = "10m"` (no tick during the run). In the
#   config's `standards = ["us", "eu", "uk"]`, scroll up must go to the previous standard (US AQI →
#   DAQI, wrapping round), scroll down and the middle button to the next (DAQI → US AQI → EAQI), each
#   with no request at the server; right clicks switch full and compact text. polybar must draw
#   each change within about a second of its file changing (the snippet rereads it every second).
# Run 0 ("starting", i3bar, polybar, waybar): the provider accepts connections and never answers
#   (`timeout = "3s"`). The bar's text must be the loading state within a second of Breather's
#   start (the daemon's; for i3bar, the moment i3bar runs its status command, which the command
#   line records first: i3's and i3bar's own start, 2 s on a loaded machine, are not Breather's), drawn as a grey block;
#   then no data with the short reason ("open-meteo: timeout"); never "daemon stopped" while the daemon runs.
# polybar-watch (polybar under Xvfb, etc/bars/polybar.ini as shipped: `watch` as a tail script,
#   clicks signalling its %pid%): read by the block's colour alone (polybar keeps the text). Scroll
#   up must draw the previous standard (UK DAQI's yellow), scroll down the next, each within about
#   a second of the click, with no request; a left click must make one; a right click widens the block.
# i3blocks (i3bar under Xvfb, etc/bars/i3blocks.conf as shipped): a left click on the block must
#   make a request at once although the store is fresh, and the new reading is drawn.
#
# Every wait is for an event, with a generous bound. One PASS/FAIL line per check; exits 1 if
# any failed. All processes started here are ended by pid (their process trees) on exit.
#
# Usage: scripts/check-clicks.sh BREATHER_BINARY   (the work directory is kept after a failure, or with KEEP=1)
# Needs: scripts/install-bar-clients.sh (i3, polybar, sway, waybar, grim, xdotool, xvfb, imagemagick).
set -uo pipefail
binary=$(readlink -f "${1:?usage: scripts/check-clicks.sh BREATHER_BINARY}")
[ -x "$binary" ] || { echo "check-clicks: $binary is not an executable" >&2; exit 2; }
repo=$(cd "$(dirname "$0")/.." && pwd)
source "$repo/scripts/lib/loopback.sh"
for tool in Xvfb xdpyinfo i3 i3bar polybar sway swaymsg waybar grim xdotool import convert setsid; do
    command -v "$tool" >/dev/null || { echo "check-clicks: $tool missing: run scripts/install-bar-clients.sh" >&2; exit 2; }
done

failures=0
work=$(mktemp -d /tmp/brclicks.XXXXXX)
chmod 755 "$work"
pids=()
cleanup() {
    # Each started process with everything it started (bars start their status commands and
    # click commands), by pid; children first looked up, then all ended together.
    local all=() pid
    for pid in "${pids[@]}"; do all+=($(tree_of "$pid")); done
    [ ${#all[@]} -gt 0 ] && kill "${all[@]}" 2>/dev/null
    [ -n "${loopback_pid:-}" ] && kill "$loopback_pid" 2>/dev/null
    sleep 0.3
    [ ${#all[@]} -gt 0 ] && kill -9 "${all[@]}" 2>/dev/null
    # A failure keeps the logs, screenshots and bar outputs for a look.
    if [ -n "${KEEP:-}" ] || [ "$failures" -gt 0 ]; then echo "check-clicks: work directory kept: $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
tree_of() {  # PID and its descendants, deepest last
    local child
    echo "$1"
    for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do tree_of "$child"; done
}
start() {  # start LOG COMMAND...: in its own session; its pid in $started and the cleanup list
    local log=$1; shift
    setsid "$@" >>"$log" 2>&1 &
    started=$!
    pids+=("$started")
}
stop() {  # stop PID: the process and its descendants, waited for
    local tree
    tree=$(tree_of "$1")
    kill $tree 2>/dev/null
    wait "$1" 2>/dev/null
    for _ in $(seq 50); do kill -0 $tree 2>/dev/null || return 0; sleep 0.1; done
    kill -9 $tree 2>/dev/null
    return 0
}

started_at=$SECONDS
pass() { printf 'PASS: %s [%ss]\n' "$*" $((SECONDS - started_at)); }
fail() { printf 'FAIL: %s [%ss]\n' "$*" $((SECONDS - started_at)); failures=$((failures + 1)); }
clients=${CLIENTS:-i3bar i3blocks polybar polybar-watch waybar}   # CLIENTS="waybar" runs one client only (debugging)
wanted() { [[ " $clients " == *" $1 "* ]]; }
now_ms() { date +%s%3N; }

# sway refuses to run as root, and the daemon must take signals from waybar's click commands:
# as root, sway, waybar, the daemon and the pointer helper all run as nobody.
as_user=()
if [ "$(id -u)" -eq 0 ]; then as_user=(setpriv --reuid=nobody --regid=nogroup --clear-groups); fi
own() { if [ "$(id -u)" -eq 0 ]; then chown nobody:nogroup "$@"; fi; }

# The binary, the bars' files and the systemctl stand-in, where nobody can read them.
mkdir -p "$work/bin" "$work/shim"
cp "$binary" "$work/bin/breather"
cp "$repo/scripts/lib/wl-virtual-pointer.py" "$repo/etc/bars/waybar.css" "$work/"
cat > "$work/shim/systemctl" <<SH
#!/bin/bash
# check-clicks.sh's stand-in for the snippets' \`systemctl --user kill -s SIGNAL breather\`:
# only that exact command line, sent to the daemon the check started.
if [ \$# -ne 5 ] || [ "\$1" != --user ] || [ "\$2" != kill ] || [ "\$3" != -s ] || [ "\$5" != breather ]; then
    echo "systemctl stand-in: unexpected command line: \$*" >&2; exit 1
fi
echo "\$(date +%T.%3N) \$4" >> "$work/nobody/signals.log"
kill -s "\$4" "\$(cat "$work/daemon.pid")"
SH
chmod 755 "$work/shim/systemctl"
runtime="$work/runtime"      # XDG_RUNTIME_DIR: sway's socket, and the daemon's breather/ as systemd makes it
mkdir -m 700 -p "$runtime/breather" && own "$runtime" "$runtime/breather"
mkdir -p "$work/nobody" && chmod 777 "$work/nobody" && : > "$work/nobody/signals.log" && chmod 666 "$work/nobody/signals.log"

# --- the provider ------------------------------------------------------------------------------
loopback_replies "$work" 429
loopback_routes "$work" down
loopback_start "$work" || exit 1
fetches() { grep -c '^/aq/v1/air-quality' "$work/requests.log"; }
config() {  # config INTERVAL: a whole config on stdout, outputs for the daemon included
    cat <<TOML
interval = "$1"
timeout = "3s"
standards = ["us", "eu", "uk"]
on_update = ["pkill", "-RTMIN+8", "waybar"]
$(loopback_config)
[cache]
path = "$runtime/cache.json"
[[output]]
path = "$runtime/breather/waybar.json"
format = "waybar"
[[output]]
path = "$runtime/breather/polybar.txt"
format = "polybar"
TOML
}

# --- what each bar was sent, as text and state ---------------------------------------------------
# i3bar: the last block the watch printed (teed). The daemon's bars: the file their snippet reads.
bar_field() {  # bar_field CLIENT text|state|background
    python3 - "$1" "$2" "$work/i3bar.out" "$runtime/breather/waybar.json" "$runtime/breather/polybar.txt" <<'PY' 2>/dev/null
import json, re, sys
client, field, i3, waybar, polybar = sys.argv[1:]
if client == "i3bar":
    lines = [l.lstrip(",") for l in open(i3, encoding="utf-8") if l.lstrip(",").startswith("[{")]
    block = json.loads(lines[-1])[0]
    value = {"text": block["full_text"], "state": block["instance"], "background": block["background"]}[field]
elif client == "waybar":
    data = json.load(open(waybar, encoding="utf-8"))
    value = {"text": data["text"], "state": " ".join(data["class"])}[field]  # no colour: the CSS has it
else:
    line = open(polybar, encoding="utf-8").read()
    if field == "background":
        value = re.search(r"%\{B(#[0-9A-Fa-f]{6})\}", line).group(1)
    elif field == "state":
        value = ""  # polybar gets text and colours only
    else:
        value = re.sub(r"%\{[^}]*\}", "", line).replace("\u200b", "")
print(value.strip())
PY
}
text_has() { bar_field "$1" text | grep -q -- "$2"; }
text_starts() { case "$(bar_field "$1" text)" in "$2"*) return 0;; *) return 1;; esac; }
is_fresh() {  # the reading (US AQI 112, full text "US EPA (2024) 112") with no stale or error mark
    local t; t=$(bar_field "$1" text)
    [[ $t == *" 112 "* && $t != *stale* ]] && ! bar_field "$1" state | grep -qw -e stale -e error
}
backoff_left() {  # the N of "retry Ns" in the bar's (full) text, if at least $2
    local n
    n=$(bar_field "$1" text | grep -o 'retry [0-9]*s' | head -1 | tr -dc 0-9)
    [ -n "$n" ] && [ "$n" -ge "$2" ] && backoff=$n
}

# --- where the block is drawn, from a screenshot -------------------------------------------------
shot() {  # shot CLIENT FILE: the bar's strip
    case $1 in
        waybar) env XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$wayland" "${as_user[@]}" grim -g "0,0 ${width}x26" - > "$2" 2>/dev/null ;;
        *) import -display "$DISPLAY" -window root -crop "${width}x30+0+0" +repage "$2" 2>/dev/null ;;
    esac
}
locate() {  # locate CLIENT COLOUR: sets box_x box_y box_w box_h to the block painted in COLOUR
    local geometry
    shot "$1" "$work/shot.png" || return 1
    geometry=$(convert "$work/shot.png" -fuzz 2% -fill black +opaque "$2" -fill white -opaque "$2" \
                   -format '%@' info: 2>/dev/null) || return 1
    [[ $geometry =~ ^([0-9]+)x([0-9]+)\+([0-9]+)\+([0-9]+)$ ]] || return 1
    box_w=${BASH_REMATCH[1]}; box_h=${BASH_REMATCH[2]}; box_x=${BASH_REMATCH[3]}; box_y=${BASH_REMATCH[4]}
    [ "$box_w" -ge 20 ] && [ "$box_w" -lt "$width" ] && [ "$box_h" -ge 8 ]
}
click() {  # click CLIENT BUTTON: in the located block (1 left, 2 middle, 3 right, 4/5 scroll up/down)
    local x=$((box_x + 12)) y=$((box_y + box_h / 2))
    [ "$1" = i3bar ] && x=$((box_x + box_w / 2))   # i3bar's block is right-aligned
    case $1 in
        waybar)
            swaymsg_ seat - cursor set "$x" "$y" >/dev/null
            # sway sends a scroll for a press of button4/5 and another for its release: press only.
            swaymsg_ seat - cursor press "button$2" >/dev/null
            [ "$2" -le 3 ] && swaymsg_ seat - cursor release "button$2" >/dev/null ;;
        # No --sync: xdotool 3.20160805 then stalls ~15 s when the pointer is already there; the
        # move and the click go in order on one connection anyway.
        *) xdotool mousemove "$x" "$y" click "$2" ;;
    esac
}
swaymsg_() { env XDG_RUNTIME_DIR="$runtime" SWAYSOCK="$swaysock" "${as_user[@]}" swaymsg "$@"; }

# --- the two runs, the same for every client ------------------------------------------------------
# refresh_run CLIENT: the provider fails; right click → full text with the error; left click
# during a backoff of N >= 6 s → a request at once; the bar turns fresh.
refresh_run() {
    local c=$1 before deadline seen
    wait_for 60 text_has "$c" "rate limited" || { fail "$c: the bar never showed \"rate limited\" while the provider fails"; return; }
    wait_for 60 locate "$c" "#CC6666" || { fail "$c: the no-data block was never drawn (#CC6666) in 60 s"; return; }
    click "$c" 3
    if wait_for 20 text_starts "$c" "Breather: open-meteo: rate limited"; then
        pass "$c: right click: compact → full text (\"$(bar_field "$c" text | cut -c1-60)…\")"
    else fail "$c: right click: no full text; the bar shows \"$(bar_field "$c" text)\""; return; fi
    backoff=""
    if ! wait_for 90 backoff_left "$c" 6; then fail "$c: no backoff of 6 s or more shown in 90 s"; return; fi
    deadline=$(( $(now_ms) + (backoff - 2) * 1000 ))   # its N is rounded up, and was read late
    before=$(fetches)
    loopback_routes "$work" up
    wait_for 10 locate "$c" "#CC6666" || { fail "$c: the block moved away before the left click"; return; }
    click "$c" 1
    seen=""
    while [ "$(now_ms)" -lt "$deadline" ]; do
        [ "$(fetches)" -gt "$before" ] && { seen=$(now_ms); break; }
        sleep 0.05
    done
    if [ -n "$seen" ]; then
        pass "$c: left click during a ${backoff}s backoff: the server got a request at once (fetches $before → $(fetches), $((deadline - seen)) ms before the backoff could end)"
    else fail "$c: left click during a ${backoff}s backoff: no request before it could end (fetches still $(fetches))"; return; fi
    if wait_for 20 is_fresh "$c"; then pass "$c: the bar turns fresh after the click (\"$(bar_field "$c" text)\")"
    else fail "$c: the bar never turned fresh after the click; it shows \"$(bar_field "$c" text)\""; fi
}

# starting_run CLIENT: a provider that never answers; the loading state within a second of
# $run_started, drawn; then the short reason, never "daemon stopped".
starting_run() {
    local c=$1 lag limit=1000 started=$run_started
    if wait_for 10 text_has "$c" "loading"; then
        [ "$c" = i3bar ] && started=$(cat "$work/i3bar.started")
        lag=$(( $(now_ms) - started ))
        if [ "$lag" -le "$limit" ]; then pass "$c: the loading state \"$(bar_field "$c" text)\" ${lag} ms after the start"
        else fail "$c: the loading state came ${lag} ms after the start (more than $limit)"; fi
    else fail "$c: no loading state in 10 s; the bar was sent \"$(bar_field "$c" text)\""; return; fi
    if [ "$c" = waybar ] || wait_for 20 locate "$c" "#999999"; then pass "$c: the loading block is drawn (grey) while the provider hangs"
    else fail "$c: the loading block was never drawn (#999999)"; fi
    if wait_for 30 text_has "$c" "open-meteo: timeout"; then pass "$c: then \"$(bar_field "$c" text)\" once the request timed out"
    else fail "$c: never the short reason after the timeout; the bar shows \"$(bar_field "$c" text)\""; return; fi
    if [ "$c" != i3bar ]; then
        wait_for 20 locate "$c" "#CC6666" || { fail "$c: the no-data block was never drawn"; return; }
    fi
    case "$(bar_field "$c" text)" in *stopped*) fail "$c: \"daemon stopped\" while the daemon runs";; *) pass "$c: never \"daemon stopped\" while the daemon runs";; esac
}

# views_run CLIENT: fresh data, no ticks; scroll up goes to the previous standard, scroll down
# and middle to the next, with no request; right clicks switch full ⇄ compact.
views_run() {
    local c=$1 before step button want compact_width
    wait_for 60 is_fresh "$c" || { fail "$c: the bar never showed the fresh reading"; return; }
    before=$(fetches)
    wait_for 60 locate "$c" "#FF7E00" || { fail "$c: the fresh block was never drawn (#FF7E00) in 60 s"; return; }
    for step in "4|DAQI|scroll-up" "5|US AQI|scroll-down" "5|EAQI|scroll-down" "4|US AQI|scroll-up" "2|EAQI|middle-click"; do
        IFS='|' read -r button want what <<<"$step"
        set -- "$c" "$want" "$what"
        click "$c" "$button"
        if wait_for 20 text_starts "$c" "$want "; then
            changed=$(now_ms)
            if [ "$(fetches)" -eq "$before" ]; then pass "$c: $3: the bar was sent \"$(bar_field "$c" text)\", no request"
            else fail "$c: $3: the standard changed but the server got $(( $(fetches) - before )) request(s)"; fi
        else fail "$c: $3: the bar never showed $want; it shows \"$(bar_field "$c" text)\""; return; fi
        drawn "$c" || return
        if [ "$c" = polybar ]; then
            # The file changed at $changed (seen within ~0.1 s): polybar rereads it every second.
            lag=$(( $(now_ms) - changed ))
            if [ "$lag" -le 1500 ]; then pass "$c: $3 drawn ${lag} ms after the file changed (a screenshot takes part of it)"
            else fail "$c: $3 drawn ${lag} ms after the file changed: more than a second"; fi
        fi
    done
    compact_width=$box_w
    click "$c" 3
    if wait_for 20 text_starts "$c" "Lisbon: European AQI (EEA 2024) 3 "; then
        pass "$c: right click: compact → full text (\"$(bar_field "$c" text)\")"
    else fail "$c: right click: no full text; the bar shows \"$(bar_field "$c" text)\""; return; fi
    if [ "$c" != waybar ]; then
        wider() { locate "$c" "$(bar_field "$c" background)" && [ "$box_w" -gt "$compact_width" ]; }
        if wait_for 20 wider; then pass "$c: drew the full text: the block grew from ${compact_width} to ${box_w} px"
        else fail "$c: the block did not grow on screen after the right click (${compact_width} → ${box_w:-?} px)"; return; fi
    fi
    click "$c" 3
    if wait_for 20 text_starts "$c" "EAQI "; then pass "$c: right click again: full → compact text"
    else fail "$c: second right click: still \"$(bar_field "$c" text)\""; fi
    [ "$(fetches)" -eq "$before" ] && pass "$c: no request during the whole run after the first fetch (fetches $before)" \
        || fail "$c: $(( $(fetches) - before )) request(s) during clicks that needed none"
}

# drawn CLIENT: waits until an X bar has drawn the block in the colour it was last sent (polybar
# rereads its file every 5 s) and relocates it there; waybar's colours come from its stylesheet.
drawn() {
    local colour
    [ "$1" = waybar ] && return 0
    colour=$(bar_field "$1" background)
    wait_for 20 locate "$1" "$colour" && return 0
    fail "$1: the block was not drawn in $colour within 20 s"
    return 1
}

echo "check-clicks: $("$binary" --version 2>/dev/null | head -1) · $(i3 --version | head -1 | cut -d' ' -f1-3) · polybar $(polybar --version | head -1 | awk '{print $2}') · $(sway --version) · $(waybar --version 2>&1 | head -1)"

# --- i3bar under Xvfb ---------------------------------------------------------------------------
width=1600
display=":$((90 + RANDOM % 100))"
start "$work/xvfb.log" Xvfb "$display" -screen 0 ${width}x200x24 -nolisten tcp
xvfb=$started
export DISPLAY=$display
wait_for 20 xdpyinfo >/dev/null 2>&1 || { echo "check-clicks: Xvfb did not start" >&2; exit 1; }
status_command=$(sed -n 's/^ *status_command *//p' "$repo/etc/bars/i3-config")
i3_run() {  # i3_run NAME INTERVAL RUN
    mkdir -p "$work/$1/config/breather"
    config "$2" > "$work/$1/config/breather/config.toml"
    rm -f "$runtime/cache.json"
    : > "$work/i3bar.out"
    rm -f "$work/i3bar.started"
    # The snippet's command, run by a shell that first notes when i3bar started it.
    printf '# i3 config file (v4)\nfont pango:DejaVu Sans 10\nbar {\n    position top\n    status_command sh -c '"'"'date +%%s%%3N > %s; exec "$0" "$@"'"'"' %s | tee -a %s\n}\n' \
        "$work/i3bar.started" "$status_command" "$work/i3bar.out" > "$work/$1/i3.conf"
    run_started=$(now_ms)
    start "$work/$1/i3.log" env PATH="$work/bin:$PATH" XDG_CONFIG_HOME="$work/$1/config" i3 -c "$work/$1/i3.conf"
    local i3=$started
    "$3" i3bar
    stop "$i3"
}
if wanted i3bar; then
    loopback_routes "$work" hung
    i3_run i3-starting 10m starting_run
    loopback_routes "$work" down
    i3_run i3-refresh 2s refresh_run
    loopback_routes "$work" up
    i3_run i3-views 10m views_run
fi

# --- i3blocks in i3bar under Xvfb, etc/bars/i3blocks.conf as shipped ---------------------------------
# A left click runs the block's command again with BLOCK_BUTTON=1: a request although the store is fresh.
if wanted i3blocks; then
    mkdir -p "$work/i3blocks/config/breather"
    config 1h > "$work/i3blocks/config/breather/config.toml"
    rm -f "$runtime/cache.json"
    loopback_routes "$work" up
    printf '# i3 config file (v4)\nfont pango:DejaVu Sans 10\nbar {\n    position top\n    status_command i3blocks -c %s\n}\n' \
        "$repo/etc/bars/i3blocks.conf" > "$work/i3blocks/i3.conf"
    start "$work/i3blocks/i3.log" env PATH="$work/bin:$PATH" XDG_CONFIG_HOME="$work/i3blocks/config" i3 -c "$work/i3blocks/i3.conf"
    i3blocks_wm=$started
    if wait_for 60 locate i3blocks "#FF7E00"; then
        before=$(fetches)
        sleep 2
        if [ "$(fetches)" -ne "$before" ]; then fail "i3blocks: requests without a click ($before → $(fetches))"
        else
            click i3blocks 1
            clicked=$(now_ms)
            more_fetches() { [ "$(fetches)" -gt "$before" ]; }
            if wait_for 10 more_fetches; then
                pass "i3blocks: a left click made a request at once ($(( $(now_ms) - clicked )) ms; fetches $before → $(fetches)), the store being fresh"
            else fail "i3blocks: a left click made no request in 10 s (fetches still $(fetches))"; fi
            if wait_for 20 locate i3blocks "#FF7E00"; then pass "i3blocks: the block is drawn again after the click"
            else fail "i3blocks: the block was not drawn after the click"; fi
        fi
    else fail "i3blocks: the block was never drawn (#FF7E00) in 60 s"; fi
    stop "$i3blocks_wm"
fi

# --- polybar under Xvfb, the daemon's snippet ------------------------------------------------------
config 2s > "$work/daemon-refresh.toml"
config 10m > "$work/daemon-views.toml"
chmod 644 "$work"/*.toml
start_daemon() {  # start_daemon CONFIG: `breather daemon` as the unit would run it, pid in daemon.pid
    rm -f "$runtime/cache.json" "$runtime/breather/"*   # no reading from a run before
    run_started=$(now_ms)
    start "$work/nobody/daemon.log" env -i PATH=/usr/bin:/bin HOME="$work" XDG_RUNTIME_DIR="$runtime" \
        "${as_user[@]}" "$work/bin/breather" daemon --config "$1" --log-level info
    daemon=$started
    echo "$daemon" > "$work/daemon.pid"
}
stop_daemon() {  # and its outputs, as systemd removes the unit's RuntimeDirectory when it stops
    stop "$daemon"
    rm -f "$runtime/breather/"*
}
{
    printf '[bar/main]\nwidth = 100%%\nheight = 24\nbackground = #222222\nforeground = #dddddd\n'
    printf 'font-0 = DejaVu Sans:size=10;2\nmodules-left = breather\n\n'
    cat "$repo/etc/bars/polybar-daemon.ini"
} > "$work/polybar.ini"
polybar_run() {  # polybar_run CONFIG RUN
    start_daemon "$1"
    start "$work/polybar.log" env PATH="$work/shim:$PATH" XDG_RUNTIME_DIR="$runtime" polybar -c "$work/polybar.ini" main
    local bar=$started
    "$2" polybar
    stop "$bar"; stop_daemon
}
# polybar_watch_run: etc/bars/polybar.ini's module; each step waits for the colour it must draw.
polybar_watch_run() {
    local before clicked lag colour button what step wide
    mkdir -p "$work/pw/config/breather"
    config 10m > "$work/pw/config/breather/config.toml"
    rm -f "$runtime/cache.json"
    { sed -n '1,/^modules-left/p' "$work/polybar.ini"; echo; cat "$repo/etc/bars/polybar.ini"; } > "$work/polybar-watch.ini"
    start "$work/polybar-watch.log" env PATH="$work/bin:$PATH" XDG_CONFIG_HOME="$work/pw/config" polybar -c "$work/polybar-watch.ini" main
    local bar=$started
    if ! wait_for 60 locate polybar "#FF7E00"; then fail "polybar-watch: the fresh block was never drawn (#FF7E00)"; stop "$bar"; return; fi
    before=$(fetches)
    for step in "4|#FFFF00|scroll up: the previous standard (DAQI)" "5|#FF7E00|scroll down: the next (US AQI)" \
                "5|#F0E641|scroll down: the next (EAQI)" "2|#FFFF00|middle click: the next (DAQI)"; do
        IFS='|' read -r button colour what <<<"$step"
        click polybar "$button"
        clicked=$(now_ms)
        if wait_for 20 locate polybar "$colour"; then
            lag=$(( $(now_ms) - clicked ))
            if [ "$lag" -le 1500 ]; then pass "polybar-watch: $what drawn ($colour) ${lag} ms after the click, screenshot included"
            else fail "polybar-watch: $what drawn only ${lag} ms after the click"; fi
        else fail "polybar-watch: $what: never drawn in $colour"; stop "$bar"; return; fi
    done
    [ "$(fetches)" -eq "$before" ] && pass "polybar-watch: no request for the scrolls" || fail "polybar-watch: $(( $(fetches) - before )) request(s) for scrolls"
    wide=$box_w
    click polybar 3
    grown() { locate polybar "#FFFF00" && [ "$box_w" -gt "$wide" ]; }
    if wait_for 20 grown; then pass "polybar-watch: right click: the block grew from $wide to $box_w px (full text)"
    else fail "polybar-watch: right click: the block did not grow ($wide px)"; fi
    click polybar 1
    more_fetches() { [ "$(fetches)" -gt "$before" ]; }
    if wait_for 10 more_fetches; then pass "polybar-watch: left click: a request at once (fetches $before → $(fetches))"
    else fail "polybar-watch: left click: no request in 10 s"; fi
    stop "$bar"
}
if wanted polybar-watch; then
    loopback_routes "$work" up
    polybar_watch_run
fi
if wanted polybar; then
    loopback_routes "$work" hung
    polybar_run "$work/daemon-views.toml" starting_run
    loopback_routes "$work" down
    polybar_run "$work/daemon-refresh.toml" refresh_run
    loopback_routes "$work" up
    polybar_run "$work/daemon-views.toml" views_run
fi
stop "$xvfb"

# --- waybar on sway's headless backend, the daemon's snippet ----------------------------------------
width=900
cp "$repo/etc/bars/waybar-daemon.json" "$work/waybar.json"
printf 'output HEADLESS-1 resolution %sx120\nexec waybar -c %s -s %s\n' "$width" "$work/waybar.json" "$work/waybar.css" > "$work/sway.conf"
chmod 644 "$work"/*.json "$work"/*.css "$work"/*.conf "$work"/*.py
waybar_run() {  # waybar_run CONFIG RUN
    # waybar first, the daemon once waybar has drawn: the daemon's on_update sends waybar
    # SIGRTMIN+8, and one that lands before waybar has set its handler (while it is still being
    # loaded) ends it. The daemon writes every 2 s here, so a slow start would hit that.
    start "$work/nobody/sway.log" env -i PATH="$work/shim:/usr/bin:/bin" HOME="$work" XDG_RUNTIME_DIR="$runtime" \
        WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman "${as_user[@]}" sway -c "$work/sway.conf"
    local compositor=$started
    sway_up() { swaysock=$(ls "$runtime"/sway-ipc.*.sock 2>/dev/null | head -1); wayland=$(ls "$runtime" | grep -m1 '^wayland-[0-9]*$'); [ -n "$swaysock" ] && [ -n "$wayland" ]; }
    if ! wait_for 30 sway_up; then fail "waybar: sway did not start"; stop "$compositor"; return; fi
    start "$work/nobody/pointer.log" env XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$wayland" "${as_user[@]}" \
        /usr/bin/python3 "$work/wl-virtual-pointer.py"
    pointer_ready() { grep -q '^ready' "$work/nobody/pointer.log"; }
    if ! wait_for 20 pointer_ready; then fail "waybar: no virtual pointer: $(cat "$work/nobody/pointer.log")"; stop "$compositor"; return; fi
    # With no daemon running the snippet shows "AQI – daemon stopped" in the error colour.
    if ! wait_for 60 locate waybar "#CC6666"; then fail "waybar: the snippet's \"daemon stopped\" block was never drawn (#CC6666) in 60 s"; stop "$compositor"; return; fi
    start_daemon "$1"
    "$2" waybar
    stop "$compositor"; stop_daemon
}
if wanted waybar; then
    loopback_routes "$work" hung
    waybar_run "$work/daemon-views.toml" starting_run
    loopback_routes "$work" down
    waybar_run "$work/daemon-refresh.toml" refresh_run
    loopback_routes "$work" up
    waybar_run "$work/daemon-views.toml" views_run
fi

echo "check-clicks: signals the snippets sent: $(awk '{print $2}' "$work/nobody/signals.log" | sort | uniq -c | awk '{printf "%s×%s ", $2, $1}')"
if [ "$failures" -gt 0 ]; then echo "check-clicks: $failures check(s) failed"; exit 1; fi
echo "check-clicks: all checks passed"
