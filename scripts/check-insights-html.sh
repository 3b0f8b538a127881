#!/usr/bin/env bash
# The clinician's report (`breather insights --format html`, docs/LOG.md) in a real browser:
# Debian's chromium, headless, with no network (scripts/lib/insights_browser.py), in English and
# translated (`--language de`, `--language zh_CN`: the report a German or Chinese clinician gets).
# A 30-day store (scripts/bench/history_year.py) and a 30-day log the tests have not seen (written
# below, with a note `<img src=x onerror=alert(1)>`), at a fixed instant (faketime). Fails unless,
# in each language:
#  - the page loads from its file:// path with no other request, no console message, no image
#    and no script (the note is text);
#  - the logged, good and bad days, each exposure row's counts and one-decimal values (a decimal
#    comma in German), the suspects, the GINA level and the peak-flow zone counts on the page
#    equal `--format json`'s;
#  - nothing overlaps or passes the page's width on screen (1000 px, and a phone's 390 px, where
#    a wide table scrolls in its box) and in print media at A4's and Letter's printable widths,
#    where the log's notes keep at least 8 ems (German's long column heads squeezed them to 4.7);
#  - the print makes PDFs on A4 and on Letter, the A4 one with A4 pages (pdfinfo), and its text
#    (pdftotext) holds every heading, paragraph and list item of the page, whole;
#  - `<html lang>` names the language; translated, the title and every section heading are the
#    catalog's (po/<language>.po, msgctxt "report"), none left in English; the Chinese print
#    embeds a CJK font (pdffonts: no missing glyphs drawn as boxes);
#  - page 1 of the English A4 print matches docs/screenshots/insights-print.png within 0.5 % of
#    pixels.
# Usage: scripts/check-insights-html.sh [BINARY] [--update]   (run by scripts/check-dashboard.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
binary=${1:-.build/debug/breather}
[ "${2:-}" = "--update" ] && update=1 || update=0
[ -x "$binary" ] || { echo "check-insights-html: build first (swift build) or pass the binary" >&2; exit 1; }
binary=$(realpath "$binary")
for tool in chromium pdftoppm pdftotext pdfinfo pdffonts faketime; do
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
languages=(en de zh_CN)
chromium=$(if [ -x /usr/lib/chromium/chromium ]; then echo /usr/lib/chromium/chromium; else command -v chromium; fi)
for language in "${languages[@]}"; do
    mkdir -p "$work/$language"
    run --language "$language" insights --since 30d --format html > "$work/$language/report.html"
    /usr/bin/python3 scripts/lib/insights_browser.py "$chromium" "$work/$language/report.html" "$work/$language" > "$work/$language/browser.json"
    pdftotext -enc UTF-8 "$work/$language/insights-a4.pdf" "$work/$language/a4.txt"
    pdfinfo "$work/$language/insights-a4.pdf" > "$work/$language/a4.info"
    pdffonts "$work/$language/insights-a4.pdf" > "$work/$language/a4.fonts"
done
pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$work/en/insights-a4.pdf" "$work/insights-print"

/usr/bin/python3 - "$work" "$repo" "$update" "${languages[@]}" <<'PY'
import json, re, shutil, sys
from PIL import Image, ImageChops
work, repo, update, languages = sys.argv[1], sys.argv[2], sys.argv[3] == "1", sys.argv[4:]
refs = f"{repo}/docs/screenshots"
data = json.load(open(f"{work}/insights.json"))
failures = []
html_lang = {"en": "en", "de": "de", "zh_CN": "zh-CN", "fr": "fr", "es": "es"}

def catalog(language):
    """po/<language>.po's msgstr of each msgid under msgctxt "report" (single-line entries suffice
    for the report's title and headings)."""
    found, context, msgid = {}, None, None
    for line in open(f"{repo}/po/{language}.po", encoding="utf-8"):
        line = line.strip()
        if line.startswith("msgctxt "): context = json.loads(line[8:])
        elif line.startswith("msgid "): msgid = json.loads(line[6:])
        elif line.startswith("msgstr ") and context == "report":
            found[msgid] = json.loads(line[7:]); context = None
        elif not line: context = None
    return found

def bare(text):
    """Text with every space and line break gone, and the zones' bullets (CSS ::before, printed
    but not in the page's words): pdftotext breaks lines where the print wraps them."""
    return re.sub(r"\s+", "", text).replace("●", "")

pages = {}
headings_en = None
for language in languages:
    page = json.load(open(f"{work}/{language}/browser.json"))
    tag = f"[{language}] "
    comma = language in ("de", "fr", "es")
    def one(value):
        if value is None: return "–"
        text = f"{round(value * 10) / 10:.1f}"
        text = text[:-2] if text.endswith(".0") else text
        return text.replace(".", ",") if comma else text
    if page["requests"]: failures.append(tag + f"network requests: {page['requests']}")
    if page["console"]: failures.append(tag + f"console: {page['console']}")
    if page["images"] or page["scripts"]: failures.append(tag + f"{page['images']} image(s), {page['scripts']} script(s): a note became markup")
    ids = page["ids"]
    for key in ("logged_days", "good_days", "bad_days"):
        if ids.get(key.replace("_", "-")) != str(data[key]): failures.append(tag + f"#{key} is {ids.get(key.replace('_', '-'))!r}, json {data[key]}")
    if page["suspects"] != data["suspected"]: failures.append(tag + f"suspects {page['suspects']} against json {data['suspected']}")
    for row in data["exposures"]:
        want = [str(row["good_days"]), str(row["bad_days"]), one(row["good_mean"]), one(row["bad_mean"]), one(row["tolerated_up_to"]),
                str(row["bad_days_above"]), one(row["suspected_above"])]
        got = page["rows"].get(row["id"], [])[3:]
        if got != want: failures.append(tag + f"row {row['id']}: {got} against json {want}")
    if len(page["rows"]) != len(data["exposures"]): failures.append(tag + f"{len(page['rows'])} exposure rows against json's {len(data['exposures'])}")
    if (data["control"] or {}).get("level") != page["levels"]: failures.append(tag + f"control {page['levels']!r} against json {data['control']}")
    zones = {z: sum(1 for p in data["peak_flow"] if p["zone"] == z) for z in ("green", "yellow", "red")}
    for zone, count in zones.items():
        if ids.get(f"zone-{zone}") != str(count): failures.append(tag + f"{zone} zone {ids.get(f'zone-{zone}')!r} against json {count}")
    for name, layout in page["layout"].items():
        if layout["overlaps"]: failures.append(tag + f"{name}: overlapping boxes {layout['overlaps']}")
        if layout["wider"] or layout["scroll"] > layout["width"] + 1: failures.append(tag + f"{name}: wider than the page {layout['wider']} ({layout['scroll']} > {layout['width']})")
        if name in ("a4", "letter") and layout["note"] is not None and layout["note"] < 8:
            failures.append(tag + f"{name}: the log's note column is {layout['note']:.1f} em wide on paper (a word a line; at least 8)")
    for name, count in page["pages"].items():
        if count < 1: failures.append(tag + f"the {name} print has no page")
    pages[language] = page["pages"]
    # On paper: A4 pages, and every heading, paragraph and list item of the page in the PDF's text.
    info = open(f"{work}/{language}/a4.info", encoding="utf-8").read()
    size = re.search(r"^Page size:\s+([\d.]+) x ([\d.]+) pts", info, re.M)
    if not size or abs(float(size.group(1)) - 595.3) > 2 or abs(float(size.group(2)) - 841.9) > 2:
        failures.append(tag + f"the A4 print's pages are not A4: {size and size.group(0)!r}")
    printed = bare(open(f"{work}/{language}/a4.txt", encoding="utf-8").read())
    if len(page["texts"]) < 10: failures.append(tag + f"only {len(page['texts'])} texts found on the page")
    for text in page["texts"]:
        if bare(text) not in printed: failures.append(tag + f"not in the A4 print's text: {text[:90]!r}")
    if page["lang"] != html_lang[language]: failures.append(tag + f"<html lang> is {page['lang']!r}")
    headings = [t for t in page["texts"][:1]] + [t for t in page["headings"]]
    if language == "en":
        headings_en = headings
    else:
        words = catalog(language)
        for english, shown in zip(headings_en or [], headings):
            if shown != words.get(english): failures.append(tag + f"heading {shown!r}: the catalog says {words.get(english)!r} for {english!r}")
        if len(headings) != len(headings_en or []): failures.append(tag + f"{len(headings)} headings against English's {len(headings_en or [])}")
    if language == "zh_CN":
        fonts = open(f"{work}/{language}/a4.fonts", encoding="utf-8").read()
        if not re.search(r"WenQuanYi|CJK|Droid Sans Fallback|AR PL|Source Han", fonts, re.I):
            failures.append(tag + "the print embeds no CJK font (scripts/install-browser.sh: fonts-wqy-zenhei):\n" + fonts)
    print(f"{language}: {len(page['texts'])} texts found in the A4 print, pages A4 {page['pages']['a4']} Letter {page['pages']['letter']}, "
          f"{len(page['requests'])} requests, {len(page['console'])} console messages")

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
print(f"{data['logged_days']} logged days, {len(data['exposures'])} exposure rows, suspects {data['suspected']}")
for failure in failures: print("check-insights-html: " + failure, file=sys.stderr)
sys.exit(1 if failures else 0)
PY
[ "$update" = 1 ] && echo "check-insights-html: reference written to docs/screenshots/insights-print.png"
echo "check-insights-html: ok"
