#!/usr/bin/env python3
"""Loopback HTTP server for scripts/bench/bench.sh: answers from memory, so the bench times clients.

Usage: bench_server.py FIXTURES_DIR REQUEST_LOG PATH=FIXTURE [PATH=FIXTURE ...]
Prints the port it bound (127.0.0.1, port 0) on the first stdout line, then serves each
PATH (the query is ignored) with its fixture file's bytes; other paths get 404. Every
request's target is appended to REQUEST_LOG, a line each.

Why not Tests/Support/fixture_server.py: that one re-reads its routes, appends to a log and
parses headers with http.server on every request, about 1 ms of Python per request, and its
threads share one GIL, so two concurrent requests wait for each other. A bench that fetches
two providers at once would time the server as much as the client. This one reads the
fixtures once, answers each request with one prepared `send`, and runs on one thread with
`selectors`, so concurrent requests cost it microseconds.
"""
import selectors
import socket
import sys


def prepared(body):
    head = f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    return head.encode() + body


NOT_FOUND = b"HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"


def main():
    fixtures, log_path, routes = sys.argv[1], sys.argv[2], sys.argv[3:]
    log = open(log_path, "a", buffering=1)  # line-buffered: each line is written at once
    replies = {}
    for route in routes:
        path, fixture = route.split("=", 1)
        with open(f"{fixtures}/{fixture}", "rb") as f:
            replies[path] = prepared(f.read())

    selector = selectors.DefaultSelector()
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(128)
    listener.setblocking(False)
    selector.register(listener, selectors.EVENT_READ)
    print(listener.getsockname()[1], flush=True)
    pending = {}  # connection -> bytes of a request not yet complete
    while True:
        for key, _ in selector.select():
            if key.fileobj is listener:
                connection, _ = listener.accept()
                connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                selector.register(connection, selectors.EVENT_READ)
                pending[connection] = b""
                continue
            connection = key.fileobj
            try:
                data = connection.recv(65536)
            except ConnectionError:
                data = b""
            if not data:
                selector.unregister(connection)
                pending.pop(connection, None)
                connection.close()
                continue
            buffered = pending[connection] + data
            # Keep-alive: answer every complete request (GET, no body) in what arrived.
            while b"\r\n\r\n" in buffered:
                request, buffered = buffered.split(b"\r\n\r\n", 1)
                target = request.split(b" ", 2)[1].decode("latin-1")
                log.write(target + "\n")
                connection.sendall(replies.get(target.split("?", 1)[0], NOT_FOUND))
            pending[connection] = buffered


main()
