#!/usr/bin/env python3
"""Loopback HTTP server for Breather's end-to-end tests: serves provider fixtures and faults.

Usage: fixture_server.py ROUTES.json FIXTURES_DIR REQUEST_LOG
Prints the port it bound (127.0.0.1, port 0) on the first stdout line.

ROUTES.json is re-read on every request, so a test can change a provider's behaviour while
Breather runs. It maps a URL path to a reply:
  {"/v1/forecast": {"fixture": "open-meteo/forecast.current.json"},
   "/v2/nearest_city": {"status": 429, "headers": {"Retry-After": "120"}, "body": "{}"},
   "/slow": {"delay": 5, "body": "{}"},
   "/big": {"bytes": 67108864},
   "/big-announced": {"bytes": 67108864, "content_length": true},
   "/echo": {"echo_headers": true},
   "/changing": {"cycle": ["airgradient/a.json", "airgradient/b.json"]}}
"bytes" streams that many bytes, without Content-Length unless "content_length" is true.
"echo_headers" replies with the request's headers as a JSON object (names lowercased).
"cycle" serves its fixtures in turn, one a request (a sensor whose reading changes).
"per_place" (with "fixture") answers Open-Meteo's way for the request's `latitude`/`longitude`
lists: one place gets the fixture object, several a JSON list of it, each copy's latitude and
longitude set to the place asked; a list naming a latitude in "refuse" gets Open-Meteo's 400
(one place alone too), as the provider refuses a list with a coordinate it cannot serve.
Unknown paths get 404. Every request's path and query, its User-Agent and the Unix time it
arrived, tab-separated, are appended to REQUEST_LOG, one line each.
"""
import json
import os
import socketserver
import sys
import threading
import time
import urllib.parse
from http import HTTPStatus

# The HTTP/1.1 layer is our own, on socketserver: http.server (email, http.client, html,
# mimetypes) doubled the start-up of a server, and the test suite starts a few hundred.
# Requests are GETs with no body; a connection stays open for the next request (libcurl
# reuses it) until the client closes it or a reply closes it ("bytes" streams).

ROUTES, FIXTURES, LOG = sys.argv[1], sys.argv[2], sys.argv[3]
# Requests served so far per path, for "cycle".
REQUEST_COUNTS = {}
COUNT_LOCK = threading.Lock()


class Headers:
    """The request's headers in order; `get` ignores case, as http.server's did."""

    def __init__(self, pairs):
        self.pairs = pairs

    def get(self, name, default=None):
        return next((value for key, value in self.pairs if key.lower() == name.lower()), default)

    def items(self):
        return list(self.pairs)


class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        self.close_connection = False
        while not self.close_connection:
            request = self.read_request()
            if request is None:
                return
            if not request:
                # Not HTTP (a TLS ClientHello, say): a 400 in plain text, as http.server did,
                # so the client fails at once instead of waiting for an answer in its protocol.
                self.reply(400, b'{"message":"Bad request"}', {})
                return
            if self.command == "GET":
                self.do_GET()
            else:
                self.reply(501, b'{"message":"Unsupported method"}', {})
                self.close_connection = True
            self.wfile.flush()

    def read_request(self):
        """Reads the request line and headers: True for a request, False for a request line
        that is not HTTP, None at the end of the connection."""
        line = self.rfile.readline(65537)
        while line in (b"\r\n", b"\n"):  # blank lines before a request are allowed
            line = self.rfile.readline(65537)
        if not line:
            return None
        words = line.decode("latin-1").split()
        if len(words) != 3 or not words[2].startswith("HTTP/"):
            return False
        self.command, self.path, version = words
        pairs = []
        while True:
            header = self.rfile.readline(65537).decode("latin-1")
            if header in ("\r\n", "\n", ""):
                break
            if header[0] in " \t" and pairs:  # a folded line continues the last header
                pairs[-1] = (pairs[-1][0], pairs[-1][1] + " " + header.strip())
                continue
            name, _, value = header.partition(":")
            pairs.append((name.strip(), value.strip()))
        self.headers = Headers(pairs)
        connection = (self.headers.get("Connection") or "").lower()
        self.close_connection = connection == "close" or (version == "HTTP/1.0" and connection != "keep-alive")
        return True

    def send_response(self, status):
        try:
            reason = HTTPStatus(status).phrase
        except ValueError:
            reason = ""
        self.head = [f"HTTP/1.1 {status} {reason}", "Server: fixture_server.py",
                     "Date: " + time.strftime("%a, %d %b %Y %H:%M:%S GMT", time.gmtime())]

    def send_header(self, name, value):
        self.head.append(f"{name}: {value}")
        if name.lower() == "connection" and value.lower() == "close":
            self.close_connection = True

    def end_headers(self):
        self.wfile.write(("\r\n".join(self.head) + "\r\n\r\n").encode("latin-1"))

    def do_GET(self):
        path = urllib.parse.urlsplit(self.path).path
        with open(LOG, "a") as log:
            log.write(self.path + "\t" + self.headers.get("User-Agent", "") + "\t" + repr(time.time()) + "\n")
        with open(ROUTES) as f:
            routes = json.load(f)
        route = routes.get(path)
        if route is None:
            return self.reply(404, b'{"message":"Not Found"}', {})
        time.sleep(route.get("delay", 0))
        if "bytes" in route:
            return self.stream(route["bytes"], route.get("content_length", False))
        if route.get("per_place"):
            return self.per_place(route)
        if route.get("echo_headers"):
            body = json.dumps({k.lower(): v for k, v in self.headers.items()}).encode()
        elif "fixture" in route or "cycle" in route:
            with COUNT_LOCK:
                turn = REQUEST_COUNTS.get(path, 0)
                REQUEST_COUNTS[path] = turn + 1
            name = route["cycle"][turn % len(route["cycle"])] if "cycle" in route else route["fixture"]
            with open(f"{FIXTURES}/{name}", "rb") as f:
                body = f.read()
        else:
            body = route.get("body", "").encode()
        self.reply(route.get("status", 200), body, route.get("headers", {}))

    def per_place(self, route):
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)
        latitudes = query.get("latitude", [""])[0].split(",")
        longitudes = query.get("longitude", [""])[0].split(",")
        refused = [lat for lat in latitudes if lat in route.get("refuse", [])]
        if refused or len(latitudes) != len(longitudes):
            reason = f"Cannot serve the coordinates given: {refused[0] if refused else 'uneven lists'}"
            return self.reply(400, json.dumps({"error": True, "reason": reason}).encode(), {})
        with open(f"{FIXTURES}/{route['fixture']}", "rb") as f:
            template = json.load(f)
        items = [dict(template, latitude=float(lat), longitude=float(lon)) for lat, lon in zip(latitudes, longitudes)]
        body = json.dumps(items[0] if len(items) == 1 else items).encode()
        self.reply(route.get("status", 200), body, route.get("headers", {}))

    def reply(self, status, body, headers):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def stream(self, count, announce):
        # Without Content-Length the client must cap the body while it streams; with it, the
        # client can refuse before reading.
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if announce:
            self.send_header("Content-Length", str(count))
        self.send_header("Connection", "close")
        self.end_headers()
        chunk = b" " * 65536
        try:
            while count > 0:
                self.wfile.write(chunk[: min(count, len(chunk))])
                count -= len(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        # A client that gave up (a timeout under test) is expected, not an error worth a traceback.
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def exit_with_parent(parent):
    """The test process may die without killing us (a crash, a SIGKILL): never outlive it."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


threading.Thread(target=exit_with_parent, args=(os.getppid(),), daemon=True).start()
server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
