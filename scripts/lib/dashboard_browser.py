#!/usr/bin/python3
"""Drives headless chromium over the DevTools protocol (--remote-debugging-pipe: no port) for
scripts/check-dashboard.sh: loads a dashboard from a file:// path and reports, as one JSON
object on stdout, every network request other than the page itself, every console message and
log entry (a CSP refusal is one), the text of the elements with an id, and writes screenshots:
light and dark at desktop width, light at a phone's width (390 px), and the print layout as a
PDF (A4). Debian's python3 with the standard library only.

Usage: dashboard_browser.py CHROMIUM PAGE.html OUT_DIR
"""
import json
import os
import subprocess
import sys
import tempfile
import base64

chromium, page, out = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3]
url = "file://" + page
profile = tempfile.mkdtemp(prefix="breather-chromium-")
to_browser_r, to_browser_w = os.pipe()
from_browser_r, from_browser_w = os.pipe()
# The browser reads commands on fd 3 and writes replies on fd 4.
def child_fds():
    # Out of the way first (either may already be 3 or 4), then into place, inheritable.
    read_end, write_end = os.dup(to_browser_r), os.dup(from_browser_w)
    os.dup2(read_end, 3)
    os.dup2(write_end, 4)
    os.set_inheritable(3, True)
    os.set_inheritable(4, True)
args = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
        f"--user-data-dir={profile}", "--no-first-run", "--no-default-browser-check",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-extensions", "--disable-default-apps", "--metrics-recording-only",
        # No network even if the page asked: every host unresolvable, every proxy dead.
        "--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=127.0.0.1:9",
        "--hide-scrollbars", "--font-render-hinting=none", "--force-color-profile=srgb", "about:blank"]
# close_fds would run after preexec_fn and close 3 and 4 again; the pipes' other ends are not
# inheritable (os.pipe), so nothing else leaks into the browser.
log = open(os.path.join(out, "chromium.log"), "wb")
browser = subprocess.Popen(args, preexec_fn=child_fds, close_fds=False, stdout=log, stderr=log)
os.close(to_browser_r)
os.close(from_browser_w)
writer = os.fdopen(to_browser_w, "wb", buffering=0)
reader = os.fdopen(from_browser_r, "rb", buffering=0)
buffer = b""
next_id = 0
events = []

def receive():
    global buffer
    while b"\0" not in buffer:
        chunk = reader.read(65536)
        if not chunk:
            raise SystemExit("chromium closed the pipe")
        buffer += chunk
    message, buffer = buffer.split(b"\0", 1)
    return json.loads(message)

def call(method, params=None, session=None):
    global next_id
    next_id += 1
    message = {"id": next_id, "method": method, "params": params or {}}
    if session:
        message["sessionId"] = session
    writer.write(json.dumps(message).encode() + b"\0")
    while True:
        reply = receive()
        if reply.get("id") == next_id:
            if "error" in reply:
                raise SystemExit(f"{method}: {reply['error']}")
            return reply.get("result", {})
        events.append(reply)

def wait_for(method, session):
    while True:
        for index, event in enumerate(events):
            if event.get("method") == method and event.get("sessionId") == session:
                return events.pop(index)
        events.append(receive())

target = call("Target.createTarget", {"url": "about:blank"})["targetId"]
session = call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
for domain in ("Page", "Network", "Runtime", "Log"):
    call(f"{domain}.enable", {}, session)
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

for event in events:
    method, params = event.get("method"), event.get("params", {})
    if method == "Network.requestWillBeSent":
        if params["request"]["url"] not in (url, "about:blank"):
            report["requests"].append(params["request"]["url"])
    elif method == "Runtime.consoleAPICalled":
        report["console"].append(" ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
    elif method == "Runtime.exceptionThrown":
        report["console"].append(params["exceptionDetails"].get("text", "exception"))
    elif method == "Log.entryAdded":
        report["console"].append(f"{params['entry']['level']}: {params['entry']['text']}")
try:
    call("Browser.close")
except SystemExit:
    pass
browser.wait(timeout=20)
subprocess.run(["rm", "-rf", profile])
print(json.dumps(report, ensure_ascii=False))
