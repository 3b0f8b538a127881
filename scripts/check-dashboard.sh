#!/usr/bin/env bash
# The dashboard in a real browser (README "Dashboard", docs/OUTPUT.md): Debian's chromium,
# headless, with every host unresolvable and a dead proxy, driven over the DevTools protocol
# (scripts/lib/dashboard_browser.py). A store the tests have not seen (30 days of 10-minute
# readings, scripts/bench/history_year.py) and a place named `<img src=x onerror=alert(1)>`,
# against the loopback provider, at a fixed instant (faketime), so the page is the same on
# every run. Fails unless:
#  - the page loads from its file:// path with no other request and no console message;
#  - the place name is text (no <img> element) and the index, category, temperature and
#    humidity on the page equal the json output's;
#  - with [log] dashboard = true, the 30-day chart marks the logged bad day and the day with
#    reliever, in words, and nothing else of the log (its note) is on the page;
#  - no two cards or sections overlap and nothing is wider than the window, at 1000 px and
#    at a phone's 390 px;
#  - the screenshots (light, dark, phone, print) match docs/screenshots/ within 0.5 % of pixels;
#  - scripts/check-insights-html.sh passes (the clinician's report, run last).
# Usage: scripts/check-dashboard.sh [BINARY] [--update]   (--update rewrites the references)
# Needs scripts/install-browser.sh. About 15 s.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
binary=${1:-.build/debug/breather}
[ "${2:-}" = "--update" ] && update=1 || update=0
[ -x "$binary" ] || { echo "check-dashboard: build first (swift build) or pass the binary" >&2; exit 1; }
binary=$(realpath "$binary")
for tool in chromium pdftoppm faketime; do
    command -v "$tool" >/dev/null || { echo "check-dashboard: needs $tool (scripts/install-browser.sh)" >&2; exit 1; }
done
/usr/bin/python3 -c 'import PIL' 2>/dev/null || { echo "check-dashboard: needs python3-pil (scripts/install-browser.sh)" >&2; exit 1; }

source scripts/lib/loopback.sh
work=$(mktemp -d)
loopback_pid=""
cleanup() { [ -n "$loopback_pid" ] && kill "$loopback_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
[ -n "${KEEP:-}" ] && trap - EXIT && echo "work: $work"
export TZ=UTC LC_ALL=C.UTF-8
# The replies, the store and the page at a fixed instant, the clock advancing from there (a
# frozen clock would stall timeouts). Through the faketime command: with libfaketime preloaded
# by hand the Swift runtime lost its arguments.
at() { faketime -f "@2026-11-20 12:34:00" "$@"; }

mkdir -p "$work/home"
at bash -c 'source scripts/lib/loopback.sh && loopback_replies "$0"' "$work"
loopback_routes "$work" up
loopback_start "$work"
name='<img src=x onerror=alert(1)>'
cat > "$work/config.toml" <<TOML
interval = "15m"
[location]
latitude = 40.6769
longitude = -73.9423
name = "$name"
[providers.open-meteo]
forecast_url = "$loopback_base/v1"
air_quality_url = "$loopback_base/aq/v1"
geocoding_url = "$loopback_base/geo/v1"
[history]
path = "$work/history.sqlite3"
[log]
dashboard = true
TOML
at /usr/bin/python3 scripts/bench/history_year.py "$work/month.csv" 30
run() { HOME="$work/home" at "$binary" --config "$work/config.toml" "$@"; }
run history import "$work/month.csv" >/dev/null
# Three log entries: a bad day with reliever and a day with reliever only are marked on the
# 30-day chart ([log] dashboard = true); the good day and the note are not.
printf '%s\r\n' "time,place,score,reliever,peak_flow,night_waking,activity_limited,cough,wheeze,chest_tightness,breathlessness,tags,note,exposure" \
    "2026-11-18T20:00:00+00:00,,4,3,,,,,,,,,PRIVATE-NOTE," "2026-11-16T09:00:00+00:00,,1,2,,,,,,,,,," "2026-11-15T09:00:00+00:00,,2,,,,,,,,,,," > "$work/log.csv"
run log import "$work/log.csv" >/dev/null
run dashboard -o "$work/dashboard.html"
run --format json > "$work/now.json"

/usr/bin/python3 scripts/lib/dashboard_browser.py "$(if [ -x /usr/lib/chromium/chromium ]; then echo /usr/lib/chromium/chromium; else command -v chromium; fi)" "$work/dashboard.html" "$work" > "$work/report.json"
pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$work/dashboard-print.pdf" "$work/dashboard-print"

/usr/bin/python3 - "$work" "$repo/docs/screenshots" "$update" "$name" <<'PY'
import json, shutil, sys
from PIL import Image, ImageChops
work, refs, update, name = sys.argv[1], sys.argv[2], sys.argv[3] == "1", sys.argv[4]
report = json.load(open(f"{work}/report.json"))
display = json.load(open(f"{work}/now.json"))["display"]
failures = []
if report["requests"]: failures.append(f"network requests: {report['requests']}")
if report["console"]: failures.append(f"console: {report['console']}")
if report["images"] != 0: failures.append(f"{report['images']} <img> element(s): the place name became markup")
ids = report["ids"]
if ids.get("city") != name: failures.append(f"the place name shows as {ids.get('city')!r}")
for element, key in [("aqi", "aqi"), ("category", "category"), ("temperature", "temperature"), ("humidity", "humidity"),
                     ("main-pollutant", "main_pollutant"), ("asthma-risk", "asthma_risk")]:
    if ids.get(element) != display[key]: failures.append(f"#{element} is {ids.get(element)!r}, json display.{key} {display[key]!r}")
want = ["11-16: reliever ×2", "11-18: bad day (score 4), reliever ×3"]
if report["markers"] != want * 2: failures.append(f"log markers {report['markers']} against {want} in each of the two charts")
if not ids.get("log-markers", "").startswith("Dashed lines: 2 logged days"): failures.append(f"#log-markers is {ids.get('log-markers')!r}")
if report["private"]: failures.append("the log's note is on the page")
for width, layout in report["layout"].items():
    if layout["overlaps"]: failures.append(f"{width}: overlapping boxes {layout['overlaps']}")
    if layout["wider"]: failures.append(f"{width}: wider than the window {layout['wider'][:5]}")
for shot in ["dashboard-light.png", "dashboard-dark.png", "dashboard-phone.png", "dashboard-print.png"]:
    if update:
        shutil.copy(f"{work}/{shot}", f"{refs}/{shot}")
        continue
    got, want = Image.open(f"{work}/{shot}").convert("RGB"), Image.open(f"{refs}/{shot}").convert("RGB")
    if got.size != want.size:
        failures.append(f"{shot}: {got.size} against the reference's {want.size}")
        continue
    difference = ImageChops.difference(got, want).convert("L").point(lambda v: 255 if v > 48 else 0)
    changed = sum(1 for v in difference.getdata() if v) / (got.size[0] * got.size[1])
    print(f"{shot}: {got.size[0]}x{got.size[1]}, {changed * 100:.3f} % of pixels differ")
    if changed > 0.005:
        shutil.copy(f"{work}/{shot}", f"/tmp/{shot}")
        failures.append(f"{shot}: {changed * 100:.2f} % of pixels differ from docs/screenshots/ (this run's copy: /tmp/{shot})")
print(f"aqi {ids.get('aqi')} {ids.get('category')}, {len(report['requests'])} requests, {len(report['console'])} console messages")
for failure in failures: print("check-dashboard: " + failure, file=sys.stderr)
sys.exit(1 if failures else 0)
PY
[ "$update" = 1 ] && echo "check-dashboard: references written to docs/screenshots/"
# The clinician's report (insights --format html), in the same browser set-up.
scripts/check-insights-html.sh "$binary" $([ "$update" = 1 ] && echo --update)
echo "check-dashboard: ok"
