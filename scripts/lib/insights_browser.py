#!/usr/bin/python3
"""Drives headless chromium (scripts/lib/chromium_pipe.py) for scripts/check-insights-html.sh:
loads the clinician's report from a file:// path and prints one JSON object: every request other
than the page, every console message, the text of the elements with an id, the cells of each
exposure row and each suspect (by data-id), the page's language (`<html lang>`) and words
(title, headings, paragraphs and list items, as read), the layout on screen (1000 and 390 px; a wide table
scrolls in its own box there) and in print media at A4's and
Letter's printable widths (boxes that overlap, anything wider than the page, the log's narrowest
note in ems), and the number of
pages; writes the print as PDF on A4 and on Letter.

Usage: insights_browser.py CHROMIUM PAGE.html OUT_DIR
"""
import base64
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chromium_pipe import Chromium

chromium, page, out = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3]
url = "file://" + page
browser = Chromium(chromium, os.path.join(out, "chromium-insights.log"))
session = browser.page()


def load(width, media=""):
    browser.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 500}, session)
    browser.call("Emulation.setEmulatedMedia", {"media": media, "features": [{"name": "prefers-color-scheme", "value": "light"}]}, session)
    browser.call("Page.navigate", {"url": url}, session)
    browser.wait_for("Page.loadEventFired", session)


# Overlap: two sections, paragraphs, lists or table rows whose boxes intersect; anything whose
# right edge passes the page's width (cut off on paper).
layout = """(() => { const boxes = [...document.querySelectorAll('header, section, section > p, section > ul, section > table, section > div, tr')]
    .map(e => [e, e.getBoundingClientRect()]).filter(([e, r]) => r.width > 0 && r.height > 0);
  const hits = []; for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, r] = boxes[i], [b, s] = boxes[j]; if (a.contains(b) || b.contains(a)) continue;
    if (r.left < s.right - 1 && s.left < r.right - 1 && r.top < s.bottom - 1 && s.top < r.bottom - 1) hits.push((a.id || a.tagName) + ' / ' + (b.id || b.tagName)); }
  const width = document.documentElement.clientWidth;
  // On a screen a wide table scrolls inside its box (.wide); on paper nothing may pass the edge.
  const scrolls = e => !matchMedia('print').matches && e.closest('.wide') && e.closest('.wide') !== e;
  const wide = [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > width + 1 && !scrolls(e)).map(e => e.tagName + '#' + e.id);
  // The log's narrowest note, in ems of its own text: a column squeezed by long heads wraps a note a word a line.
  const notes = [...document.querySelectorAll('td.note')].map(e => e.getBoundingClientRect().width / parseFloat(getComputedStyle(e).fontSize));
  return JSON.stringify({overlaps: hits.slice(0, 10), wider: wide.slice(0, 10), scroll: document.documentElement.scrollWidth, width,
                         note: notes.length ? Math.min(...notes) : null}); })()"""

report = {}
load(1000)
report["ids"] = json.loads(browser.evaluate("JSON.stringify(Object.fromEntries([...document.querySelectorAll('[id]')].map(e => [e.id, e.textContent])))", session))
report["levels"] = browser.evaluate("(document.querySelector('[data-level]') || {dataset: {}}).dataset.level || null", session)
report["rows"] = json.loads(browser.evaluate("JSON.stringify(Object.fromEntries([...document.querySelectorAll('tr[data-id]')].map(r => [r.dataset.id, [...r.cells].map(c => c.textContent)])))", session))
report["suspects"] = json.loads(browser.evaluate("JSON.stringify([...document.querySelectorAll('li[data-id]')].map(e => e.dataset.id))", session))
# The page's own words, each as a reader sees it (whitespace collapsed): the title, headings,
# paragraphs and list items; the check finds each in the printed PDF's text.
report["lang"] = browser.evaluate("document.documentElement.lang", session)
report["texts"] = json.loads(browser.evaluate("JSON.stringify([...document.querySelectorAll('h1, h2, header p, section > p, section li')].map(e => e.innerText.replace(/\\s+/g, ' ').trim()).filter(t => t))", session))
report["headings"] = json.loads(browser.evaluate("JSON.stringify([...document.querySelectorAll('h2')].map(e => e.innerText.trim()))", session))
report["images"] = browser.evaluate("document.images.length", session)
report["scripts"] = browser.evaluate("document.scripts.length", session)
report["layout"] = {"screen": json.loads(browser.evaluate(layout, session))}
load(390)
report["layout"]["phone"] = json.loads(browser.evaluate(layout, session))
# Printable widths at 96 px an inch: A4 210 mm and Letter 8.5 in, less the 12 mm side margins.
for name, width in (("a4", round((210 - 24) / 25.4 * 96)), ("letter", round((8.5 * 25.4 - 24) / 25.4 * 96))):
    load(width, "print")
    report["layout"][name] = json.loads(browser.evaluate(layout, session))
load(1000)
report["pages"] = {}
for name, (width, height) in (("a4", (8.27, 11.69)), ("letter", (8.5, 11))):
    pdf = browser.call("Page.printToPDF", {"paperWidth": width, "paperHeight": height, "printBackground": True}, session)
    data = base64.b64decode(pdf["data"])
    with open(os.path.join(out, f"insights-{name}.pdf"), "wb") as f:
        f.write(data)
    report["pages"][name] = data.count(b"/Type /Page") - data.count(b"/Type /Pages")
report["requests"], report["console"] = browser.requests_and_console((url, "about:blank"))
browser.close()
print(json.dumps(report, ensure_ascii=False))
