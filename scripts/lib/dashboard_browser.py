#!/usr/bin/python3
"""Drives headless chromium over the DevTools protocol (scripts/lib/chromium_pipe.py: a pipe, no port) for
scripts/check-dashboard.sh: loads a dashboard from a file:// path and reports, as one JSON
object on stdout, every network request other than the page itself, every console message and
log entry (a CSP refusal is one), the text of the elements with an id, and writes screenshots:
light and dark at desktop width, light at a phone's width (390 px), and the print layout as a
PDF (A4). Debian's python3 with the standard library only.

Usage: dashboard_browser.py CHROMIUM PAGE.html OUT_DIR
"""
import base64
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chromium_pipe import Chromium

chromium, page, out = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3]
url = "file://" + page
browser = Chromium(chromium, os.path.join(out, "chromium.log"))
call, wait_for = browser.call, browser.wait_for
session = browser.page()
report = {"requests": [], "console": [], "ids": {}}

def load(width, height, scheme, mobile=False):
    call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}, session)
    call("Emulation.setEmulatedMedia", {"media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]}, session)
    call("Page.navigate", {"url": url}, session)
    wait_for("Page.loadEventFired", session)

def screenshot(name, width):
    size = call("Page.getLayoutMetrics", {}, session)["cssContentSize"]
    shot = call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                                          "clip": {"x": 0, "y": 0, "width": width, "height": size["height"], "scale": 1}}, session)
    with open(os.path.join(out, name), "wb") as f:
        f.write(base64.b64decode(shot["data"]))

load(1000, 800, "light")
ids = call("Runtime.evaluate", {"expression": "JSON.stringify(Object.fromEntries([...document.querySelectorAll('[id]')].map(e => [e.id, e.textContent])))",
                                "returnByValue": True}, session)["result"]["value"]
report["ids"] = json.loads(ids)
report["title"] = call("Runtime.evaluate", {"expression": "document.title", "returnByValue": True}, session)["result"]["value"]
report["markers"] = json.loads(call("Runtime.evaluate", {"expression": "JSON.stringify([...document.querySelectorAll('line.marker')].map(e => e.textContent))",
                                                       "returnByValue": True}, session)["result"]["value"])
report["private"] = call("Runtime.evaluate", {"expression": "document.documentElement.outerHTML.includes('PRIVATE-NOTE')", "returnByValue": True}, session)["result"]["value"]
report["images"] = call("Runtime.evaluate", {"expression": "document.images.length", "returnByValue": True}, session)["result"]["value"]
# Overlap: any two of the page's cards, sections or table cells whose boxes intersect.
overlap = """(() => { const boxes = [...document.querySelectorAll('.card, section, header, footer')].map(e => [e, e.getBoundingClientRect()]);
  const hits = []; for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, r] = boxes[i], [b, s] = boxes[j]; if (a.contains(b) || b.contains(a)) continue;
    if (r.left < s.right - 1 && s.left < r.right - 1 && r.top < s.bottom - 1 && s.top < r.bottom - 1) hits.push((a.id || a.className) + ' / ' + (b.id || b.className)); }
  const wide = [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).map(e => e.tagName + '#' + e.id + '.' + e.className);
  return JSON.stringify({overlaps: hits, wider: wide.filter(w => !w.startsWith('TABLE') && !w.startsWith('T'))}); })()"""
report["layout"] = {"desktop": json.loads(call("Runtime.evaluate", {"expression": overlap, "returnByValue": True}, session)["result"]["value"])}
screenshot("dashboard-light.png", 1000)
load(1000, 800, "dark")
screenshot("dashboard-dark.png", 1000)
load(390, 844, "light", mobile=True)
report["layout"]["phone"] = json.loads(call("Runtime.evaluate", {"expression": overlap, "returnByValue": True}, session)["result"]["value"])
screenshot("dashboard-phone.png", 390)
load(1000, 800, "light")
pdf = call("Page.printToPDF", {"paperWidth": 8.27, "paperHeight": 11.69, "printBackground": True,
                               "marginTop": 0.4, "marginBottom": 0.4, "marginLeft": 0.4, "marginRight": 0.4}, session)
with open(os.path.join(out, "dashboard-print.pdf"), "wb") as f:
    f.write(base64.b64decode(pdf["data"]))

report["requests"], report["console"] = browser.requests_and_console((url, "about:blank"))
browser.close()
print(json.dumps(report, ensure_ascii=False))
