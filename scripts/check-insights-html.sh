#!/usr/bin/env bash
# The clinician's report (`breather insights --format html`, docs/LOG.md) in a real browser:
# Debian's chromium, headless, with no network (scripts/lib/insights_browser.py). A 30-day store
# (scripts/bench/history_year.py) and a 30-day log the tests have not seen (written below, with a
# note `<img src=x onerror=alert(1)>`), at a fixed instant (faketime). Fails unless:
#  - the page loads from its file:// path with no other request, no console message, no image
#    and no script (the note is text);
#  - the logged, good and bad days, each exposure row's counts and one-decimal values, the
#    suspects, the GINA level and the peak-flow zone counts on the page equal `--format json`'s;
#  - nothing overlaps or passes the page's width on screen (1000 px, and a phone's 390 px, where
#    a wide table scrolls in its box) and in print media at A4's and Letter's printable widths;
#    the print makes PDFs on A4 and on Letter;
#  - page 1 of the A4 print matches docs/screenshots/insights-print.png within 0.5 % of pixels.
# Usage: scripts/check-insights-html.sh [BINARY] [--update]   (run by scripts/check-dashboard.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
binary=${1:-.build/debug/breather}
[ "${2:-}" = "--update" ] && update=1 || update=0
[ -x "$binary" ] || { echo "check-insights-html: build first (swift build) or pass the binary" >&2; exit 1; }
binary=$(realpath "$binary")
for tool in chromium pdftoppm faketime; do
    command -v "$tool" >/dev/null || { echo "check-insights-html: needs $tool (scripts/install-browser.sh)" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -n "${KEEP:-}" ] && trap - EXIT && echo "work: $work"
export TZ=UTC LC_ALL=C.UTF-8
at() { faketime -f "@2026-11-20 12:34:00" "$@"; }
mkdir -p "$work/home"
cat > "$work/config.toml" <<TOML
[location]
latitude = 40.6769
longitude = -73.9423
name = "Brooklyn"
[history]
path = "$work/history.sqlite3"
[log]
personal_best = 480
TOML
at /usr/bin/python3 scripts/bench/history_year.py "$work/month.csv" 30
# One entry a day at 20:00 for the 30 days before 2026-11-20: a day is bad (4) when the PM2.5
# wave of history_year.py ran high the day before, else good (1 or 2); reliever and night waking
# on bad days; peak flows across the three zones of a best of 480.
/usr/bin/python3 - "$work/log.csv" <<'PY'
import sys
rows = ["time,place,score,reliever,peak_flow,night_waking,activity_limited,cough,wheeze,chest_tightness,breathlessness,tags,note,exposure"]
for day in range(30):  # 2026-10-21 to 2026-11-19
    stamp = "2026-%02d-%02dT20:00:00+00:00" % ((10, 21 + day) if day < 11 else (11, day - 10))
    bad = day % 6 in (2, 3)
    pef = [430, 330, 210, 460, 390][day % 5]
    note = "<img src=x onerror=alert(1)>" if day == 7 else ("smoke from next door, \"heavy\"" if bad else "")
    rows.append(",".join([stamp, "", "4" if bad else str(1 + day % 2), "3" if bad else "", str(pef), "1" if bad else "0",
                          "1" if day % 6 == 3 else "0", "1", "2" if bad else "0", "", "", "smoke" if bad else "",
                          '"' + note.replace('"', '""') + '"', ""]))
open(sys.argv[1], "w", newline="").write("\r\n".join(rows) + "\r\n")
PY
run() { HOME="$work/home" at "$binary" --config "$work/config.toml" "$@"; }
run history import "$work/month.csv" >/dev/null
run log import "$work/log.csv" >/dev/null
run insights --since 30d --format json > "$work/insights.json"
run insights --since 30d --format html > "$work/report.html"

/usr/bin/python3 scripts/lib/insights_browser.py "$(if [ -x /usr/lib/chromium/chromium ]; then echo /usr/lib/chromium/chromium; else command -v chromium; fi)" \
    "$work/report.html" "$work" > "$work/browser.json"
pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$work/insights-a4.pdf" "$work/insights-print"

/usr/bin/python3 - "$work" "$repo/docs/screenshots" "$update" <<'PY'
import json, shutil, sys
from PIL import Image, ImageChops
work, refs, update = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
page = json.load(open(f"{work}/browser.json"))
data = json.load(open(f"{work}/insights.json"))
failures = []
def one(value):
    if value is None: return "–"
    text = f"{round(value * 10) / 10:.1f}"
    return text[:-2] if text.endswith(".0") else text
if page["requests"]: failures.append(f"network requests: {page['requests']}")
if page["console"]: failures.append(f"console: {page['console']}")
if page["images"] or page["scripts"]: failures.append(f"{page['images']} image(s), {page['scripts']} script(s): a note became markup")
ids = page["ids"]
for key in ("logged_days", "good_days", "bad_days"):
    if ids.get(key.replace("_", "-")) != str(data[key]): failures.append(f"#{key} is {ids.get(key.replace('_', '-'))!r}, json {data[key]}")
if page["suspects"] != data["suspected"]: failures.append(f"suspects {page['suspects']} against json {data['suspected']}")
for row in data["exposures"]:
    want = [str(row["good_days"]), str(row["bad_days"]), one(row["good_mean"]), one(row["bad_mean"]), one(row["tolerated_up_to"]),
            str(row["bad_days_above"]), one(row["suspected_above"])]
    got = page["rows"].get(row["id"], [])[3:]
    if got != want: failures.append(f"row {row['id']}: {got} against json {want}")
if len(page["rows"]) != len(data["exposures"]): failures.append(f"{len(page['rows'])} exposure rows against json's {len(data['exposures'])}")
if (data["control"] or {}).get("level") != page["levels"]: failures.append(f"control {page['levels']!r} against json {data['control']}")
zones = {z: sum(1 for p in data["peak_flow"] if p["zone"] == z) for z in ("green", "yellow", "red")}
for zone, count in zones.items():
    if ids.get(f"zone-{zone}") != str(count): failures.append(f"{zone} zone {ids.get(f'zone-{zone}')!r} against json {count}")
for name, layout in page["layout"].items():
    if layout["overlaps"]: failures.append(f"{name}: overlapping boxes {layout['overlaps']}")
    if layout["wider"] or layout["scroll"] > layout["width"] + 1: failures.append(f"{name}: wider than the page {layout['wider']} ({layout['scroll']} > {layout['width']})")
for name, count in page["pages"].items():
    if count < 1: failures.append(f"the {name} print has no page")
shot = "insights-print.png"
if update:
    shutil.copy(f"{work}/{shot}", f"{refs}/{shot}")
else:
    got, want = Image.open(f"{work}/{shot}").convert("RGB"), Image.open(f"{refs}/{shot}").convert("RGB")
    if got.size != want.size:
        failures.append(f"{shot}: {got.size} against the reference's {want.size}")
    else:
        difference = ImageChops.difference(got, want).convert("L").point(lambda v: 255 if v > 48 else 0)
        changed = sum(1 for v in difference.getdata() if v) / (got.size[0] * got.size[1])
        print(f"{shot}: {got.size[0]}x{got.size[1]}, {changed * 100:.3f} % of pixels differ")
        if changed > 0.005:
            shutil.copy(f"{work}/{shot}", f"/tmp/{shot}")
            failures.append(f"{shot}: {changed * 100:.2f} % of pixels differ from docs/screenshots/ (this run's copy: /tmp/{shot})")
print(f"{data['logged_days']} logged days, {len(data['exposures'])} exposure rows, suspects {data['suspected']}, "
      f"pages A4 {page['pages']['a4']} Letter {page['pages']['letter']}, {len(page['requests'])} requests, {len(page['console'])} console messages")
for failure in failures: print("check-insights-html: " + failure, file=sys.stderr)
sys.exit(1 if failures else 0)
PY
[ "$update" = 1 ] && echo "check-insights-html: reference written to docs/screenshots/insights-print.png"
echo "check-insights-html: ok"
