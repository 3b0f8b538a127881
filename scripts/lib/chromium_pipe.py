"""Headless chromium over the DevTools protocol on a pipe (--remote-debugging-pipe: no port),
with every host unresolvable and a dead proxy, so a page can fetch nothing. Shared by
scripts/lib/dashboard_browser.py and scripts/lib/insights_browser.py. Debian's python3, the
standard library only.
"""
import json
import os
import subprocess
import tempfile


class Chromium:
    def __init__(self, binary, log_path):
        self.profile = tempfile.mkdtemp(prefix="breather-chromium-")
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
        args = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
                f"--user-data-dir={self.profile}", "--no-first-run", "--no-default-browser-check",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-extensions", "--disable-default-apps", "--metrics-recording-only",
                # No network even if the page asked: every host unresolvable, every proxy dead.
                "--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=127.0.0.1:9",
                "--hide-scrollbars", "--font-render-hinting=none", "--force-color-profile=srgb", "about:blank"]
        # close_fds would run after preexec_fn and close 3 and 4 again; the pipes' other ends are
        # not inheritable (os.pipe), so nothing else leaks into the browser.
        self.log = open(log_path, "wb")
        self.process = subprocess.Popen(args, preexec_fn=child_fds, close_fds=False, stdout=self.log, stderr=self.log)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.writer = os.fdopen(to_browser_w, "wb", buffering=0)
        self.reader = os.fdopen(from_browser_r, "rb", buffering=0)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def receive(self):
        while b"\0" not in self.buffer:
            chunk = self.reader.read(65536)
            if not chunk:
                raise SystemExit("chromium closed the pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.writer.write(json.dumps(message).encode() + b"\0")
        while True:
            reply = self.receive()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise SystemExit(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, method, session):
        while True:
            for index, event in enumerate(self.events):
                if event.get("method") == method and event.get("sessionId") == session:
                    return self.events.pop(index)
            self.events.append(self.receive())

    def page(self):
        """A new tab with the Page, Network, Runtime and Log domains on: its session id."""
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Network", "Runtime", "Log"):
            self.call(f"{domain}.enable", {}, session)
        return session

    def evaluate(self, expression, session):
        return self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session)["result"]["value"]

    def requests_and_console(self, allowed):
        """Every request to a URL not in `allowed`, and every console message, log entry or exception."""
        requests, console = [], []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Network.requestWillBeSent":
                if params["request"]["url"] not in allowed:
                    requests.append(params["request"]["url"])
            elif method == "Runtime.consoleAPICalled":
                console.append(" ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
            elif method == "Runtime.exceptionThrown":
                console.append(params["exceptionDetails"].get("text", "exception"))
            elif method == "Log.entryAdded":
                console.append(f"{params['entry']['level']}: {params['entry']['text']}")
        return requests, console

    def close(self):
        try:
            self.call("Browser.close")
        except SystemExit:
            pass
        self.process.wait(timeout=20)
        subprocess.run(["rm", "-rf", self.profile])
