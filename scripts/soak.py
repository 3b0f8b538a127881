#!/usr/bin/env python3
"""Soak `breather daemon` as a black box (files, signals, /proc); run through scripts/soak.sh.

Usage: soak.py BREATHER_BINARY MINUTES

A loopback server plays Open-Meteo and cycles its replies: success, then each fault (500,
garbage, wrong types, slow, huge, 429 with Retry-After) followed by a recovery. The daemon polls
every second. For the first 60 % of the run it lives undisturbed (RSS, fd and thread growth are
measured on it); after that it is killed with SIGKILL at random moments and restarted. A reader
thread parses the output files in a tight loop. The figures are printed at the end; the exit
status is 1 when a torn read, a corrupt file or a crash (an exit nobody asked for) was seen.
"""
import calendar
from collections import Counter
import http.server
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time

PHASE_SECONDS = 6
FAULTS = ["500", "garbage", "wrong-types", "slow", "huge", "429"]
# success first, then each fault followed by a recovery: a recovery to time after every fault.
CYCLE = ["success"] + [p for fault in FAULTS for p in (fault, "recovery")]


class Soak:
    def __init__(self, binary, minutes):
        self.binary, self.seconds = binary, minutes * 60
        self.dir = tempfile.mkdtemp(prefix="breather-soak.")
        self.out = os.path.join(self.dir, "out")
        os.mkdir(self.out)
        self.lock = threading.Lock()
        self.phase, self.phase_started = "success", time.time()
        self.fetches = 0
        self.transitions = []  # (time, phase, owed) when the server changed behaviour
        # The end of the latest wait a fault still imposes on the daemon: a slow reply's 2 s
        # timeout, a 429's Retry-After. Recovery is timed from the later of the server's
        # recovery and this: no client could have fresh data before it.
        self.owed_until = 0.0
        self.air_asked = []  # times of air-quality requests: the daemon's polls
        self.fresh_seen = []  # (time, updated_at epoch) of reads showing fresh data
        self.reads = self.torn = 0
        self.torn_examples = []
        self.corrupt = []
        self.temp_seen_after_kill = 0
        self.kills = self.unexpected_exits = 0
        self.samples = []  # (time, pid, fetches, rss KiB, fds, threads)
        self.stop = threading.Event()

    # --- the provider -------------------------------------------------------------------------

    def reply(self, path):
        """(status, headers, body, delay, phase) for one request in the current phase."""
        with self.lock:
            phase = self.phase
            if path.endswith("/air-quality"):
                self.fetches += 1
                self.air_asked.append(time.time())
            if phase == "slow":
                self.owed_until = max(self.owed_until, time.time() + 2)  # the daemon's 2 s timeout
        if phase in ("success", "recovery"):
            return 200, {}, self.body(path), 0, phase
        if phase == "500":
            return 500, {}, b'{"error": true, "reason": "soak: internal error"}', 0, phase
        if phase == "garbage":
            return 200, {}, bytes(random.getrandbits(8) for _ in range(512)), 0, phase
        if phase == "wrong-types":
            return 200, {}, b'{"current": {"time": 12, "temperature_2m": "warm", "pm2_5": [1]}, "hourly": {"time": "x"}}', 0, phase
        if phase == "slow":
            return 200, {}, self.body(path), 4, phase  # the config's timeout is 2 s
        if phase == "huge":
            return 200, {}, None, 0, phase  # streamed: 9 MiB, over the 8 MiB cap, no Content-Length
        return 429, {"Retry-After": "2"}, b'{"error": true, "reason": "soak: too many requests"}', 0, phase

    def faulty_reply_ended(self, phase):
        """A faulty exchange is over (sent, or the daemon hung up): no fresh data could come
        before this, nor before the Retry-After a 429 set."""
        if phase in ("success", "recovery", "slow"):
            return  # slow: the daemon gives up at its timeout, counted when the request came
        with self.lock:
            self.owed_until = max(self.owed_until, time.time() + (2 if phase == "429" else 0))

    @staticmethod
    def body(path):
        """A current reply: the observation time is now, so fresh data is not shown stale."""
        now = time.gmtime()
        current = time.strftime("%Y-%m-%dT%H:%M", now)
        if path.endswith("/forecast"):
            return json.dumps({"utc_offset_seconds": 0, "current": {
                "time": current, "temperature_2m": 12.5, "relative_humidity_2m": 70, "surface_pressure": 1012.0,
                "wind_speed_10m": 3.0, "wind_direction_10m": 250, "weather_code": 3}}).encode()
        hours = [time.strftime("%Y-%m-%dT%H:00", time.gmtime(time.time() - 3600 * h)) for h in range(24, -1, -1)]
        values = {"pm2_5": 8.0, "pm10": 15.0, "ozone": 60.0, "nitrogen_dioxide": 20.0,
                  "sulphur_dioxide": 2.0, "carbon_monoxide": 200.0}
        hourly = {"time": hours, **{k: [v] * len(hours) for k, v in values.items()}}
        return json.dumps({"utc_offset_seconds": 0, "current": {"time": current, **values},
                           "hourly": hourly}).encode()

    def serve(self):
        soak = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self):
                status, headers, body, delay, phase = soak.reply(self.path.split("?")[0])
                try:
                    self.answer(status, headers, body, delay)
                finally:
                    soak.faulty_reply_ended(phase)

            def answer(self, status, headers, body, delay):
                time.sleep(delay)
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                if body is None:
                    self.send_header("Connection", "close")
                    self.end_headers()
                    try:
                        for _ in range(144):
                            self.wfile.write(b" " * 65536)
                    except OSError:
                        pass
                    self.close_connection = True
                    return
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        class Server(http.server.ThreadingHTTPServer):
            def handle_error(self, request, client_address):
                pass  # the daemon hanging up on a slow or huge reply is part of the test

        server = Server(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        return server.server_address[1]

    def cycle_phases(self):
        step = 0
        while not self.stop.wait(PHASE_SECONDS):
            step += 1
            with self.lock:
                self.phase = CYCLE[step % len(CYCLE)]
                self.transitions.append((time.time(), self.phase, self.owed_until))

    # --- the daemon -----------------------------------------------------------------------------

    def write_config(self, port):
        base = f"http://127.0.0.1:{port}"
        self.config = os.path.join(self.dir, "config.toml")
        self.cache = os.path.join(self.dir, "cache", "conditions.json")
        with open(self.config, "w") as f:
            f.write(f'interval = "1s"\ntimeout = "2s"\n[location]\nlatitude = 38.72\nlongitude = -9.14\n'
                    f'name = "Soak"\n[sources]\nair = ["open-meteo"]\nweather = ["open-meteo"]\n'
                    f'asthma = ["estimate"]\n[providers.open-meteo]\nforecast_url = "{base}/v1"\n'
                    f'air_quality_url = "{base}/aq/v1"\ngeocoding_url = "{base}/geo/v1"\n'
                    f'[cache]\npath = "{self.cache}"\n'
                    f'[[output]]\npath = "{self.out}/status.json"\nformat = "json"\n'
                    f'[[output]]\npath = "{self.out}/waybar.json"\nformat = "waybar"\n'
                    f'[[output]]\npath = "{self.out}/status.txt"\nformat = "plain"\n')

    def start_daemon(self):
        env = {"PATH": "/usr/bin:/bin", "HOME": self.dir, "LANG": "C.UTF-8"}
        log = open(os.path.join(self.dir, "daemon.log"), "a")
        return subprocess.Popen([self.binary, "daemon", "--config", self.config], env=env,
                                stdin=subprocess.DEVNULL, stdout=log, stderr=log)

    def sample(self, pid):
        try:
            status = open(f"/proc/{pid}/status").read()
            fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
            rss = int(fields["VmRSS"].split()[0])
            threads = int(fields["Threads"])
            fds = len(os.listdir(f"/proc/{pid}/fd"))
        except (OSError, KeyError, ValueError):
            return
        with self.lock:
            self.samples.append((time.time(), pid, self.fetches, rss, fds, threads))

    # --- the reader -----------------------------------------------------------------------------

    def check(self, name, data):
        """None when `data` is a complete output of its kind, else what is wrong."""
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return "not UTF-8"
        if name == "status.txt":
            return None if text.endswith("\n") and text.strip() else "empty or unterminated"
        try:
            value = json.loads(text)
        except ValueError as error:
            return f"not JSON ({error})"
        if name == "conditions.json":
            # Any version: the format is the daemon's business, being whole JSON is the soak's.
            return None if isinstance(value, dict) and isinstance(value.get("version"), int) else "not a cache"
        return None if isinstance(value, dict) else "not an object"

    def read_loop(self):
        names = ["status.json", "waybar.json", "status.txt"]
        while not self.stop.is_set():
            for name in names:
                try:
                    with open(os.path.join(self.out, name), "rb") as f:
                        data = f.read()
                except FileNotFoundError:
                    continue
                problem = self.check(name, data)
                now = time.time()
                with self.lock:
                    self.reads += 1
                    if problem:
                        self.torn += 1
                        if len(self.torn_examples) < 3:
                            self.torn_examples.append(f"{name}: {problem}: {data[:80]!r}")
                    elif name == "status.json":
                        value = json.loads(data)
                        if value.get("stale") is False and value.get("updated_at"):
                            updated = calendar.timegm(time.strptime(value["updated_at"][:19], "%Y-%m-%dT%H:%M:%S"))
                            self.fresh_seen.append((now, updated))
            time.sleep(0.001)

    def check_files(self, moment):
        for path in [os.path.join(self.out, n) for n in ("status.json", "waybar.json", "status.txt")] + [self.cache]:
            try:
                data = open(path, "rb").read()
            except FileNotFoundError:
                continue
            problem = self.check(os.path.basename(path), data)
            if problem:
                self.corrupt.append(f"{moment}: {os.path.basename(path)}: {problem}")

    def temp_files(self):
        expected = {"status.json", "waybar.json", "status.txt", "conditions.json"}
        found = []
        for directory in (self.out, os.path.dirname(self.cache)):
            if os.path.isdir(directory):
                found += [n for n in os.listdir(directory) if n not in expected]
        return found

    # --- the run --------------------------------------------------------------------------------

    def run(self):
        self.write_config(self.serve())
        threading.Thread(target=self.cycle_phases, daemon=True).start()
        threading.Thread(target=self.read_loop, daemon=True).start()
        started = time.time()
        calm_until = started + 0.6 * self.seconds
        daemon = self.start_daemon()
        last_start = time.time()
        self.calm_pid = daemon.pid
        next_kill = calm_until + random.uniform(2, 12)
        while time.time() - started < self.seconds:
            time.sleep(1)
            if daemon.poll() is not None:
                self.unexpected_exits += 1
                daemon = self.start_daemon()
                last_start = time.time()
                continue
            self.sample(daemon.pid)
            if time.time() >= next_kill:
                time.sleep(random.uniform(0, 1))  # anywhere in a poll, mid-write included
                daemon.send_signal(signal.SIGKILL)
                daemon.wait()
                self.kills += 1
                self.check_files(f"after kill {self.kills}")
                self.temp_seen_after_kill = max(self.temp_seen_after_kill, len(self.temp_files()))
                daemon = self.start_daemon()
                last_start = time.time()
                next_kill = time.time() + random.uniform(2, 12)
        # Past start-up, so the stop is the graceful one (a signal in the first milliseconds is
        # a known separate issue).
        time.sleep(max(0.0, 2 - (time.time() - last_start)))
        daemon.send_signal(signal.SIGTERM)
        try:
            status = daemon.wait(timeout=15)
        except subprocess.TimeoutExpired:
            daemon.kill()
            status = "hung on SIGTERM, killed"
        self.stop.set()
        time.sleep(0.1)
        self.check_files("at the end")
        self.report(status)

    def recoveries(self):
        """(fault, seconds, polls) for each recovery: the seconds from the provider's recovery
        (or the end of a wait it still owed) to the first fresh read, and the polls that took
        (1: the first poll after recovery brought fresh data). Windows with a kill are skipped."""
        result = []
        for index, (moment, phase, owed) in enumerate(self.transitions):
            if phase != "recovery":
                continue
            fault = self.transitions[index - 1][1] if index else "?"
            end = moment + PHASE_SECONDS
            pids = {s[1] for s in self.samples if moment - 1 <= s[0] <= end}
            if len(pids) > 1 or end > time.time():
                continue
            start = max(moment, owed)
            fresh = [t for t, updated in self.fresh_seen if t >= moment and updated >= int(moment) and t <= end]
            if not fresh:
                result.append((fault, None, None, None))
                continue
            asked = [t for t in self.air_asked if start <= t <= fresh[0]]
            result.append((fault, max(0.0, fresh[0] - start), len(asked), (asked[0] - start) if asked else None))
        return result

    def report(self, final_status):
        calm = [s for s in self.samples if s[1] == self.calm_pid]
        # Warm-up: the first whole cycle, so every kind of reply has been met once (the huge
        # one grows the heap once; what matters is whether it keeps growing afterwards).
        cycle = len(CYCLE) * PHASE_SECONDS
        warm = [s for s in calm if s[0] - calm[0][0] >= cycle] if calm else []
        print(f"soak: {self.seconds / 60:g} min, daemon at a 1 s interval, phases of {PHASE_SECONDS} s: {' '.join(CYCLE)}")
        print(f"fetches made: {self.fetches}")
        if len(warm) >= 10 and warm[-1][2] > warm[0][2]:
            # A leak raises the floor: each cycle's lowest RSS (its huge 9 MiB reply lifts RSS
            # for a moment, and a least-squares line through such spikes says nothing), fitted
            # against the fetches made by then.
            floors = []
            for k in range(int((warm[-1][0] - warm[0][0]) // cycle) + 1):
                in_cycle = [s for s in warm if k * cycle <= s[0] - warm[0][0] < (k + 1) * cycle]
                if in_cycle:
                    floors.append(min(in_cycle, key=lambda s: s[3]))
            n = len(floors)
            mean_f = sum(s[2] for s in floors) / n
            mean_r = sum(s[3] for s in floors) / n
            slope = sum((s[2] - mean_f) * (s[3] - mean_r) for s in floors) / max(1e-9, sum((s[2] - mean_f) ** 2 for s in floors))
            print(f"RSS growth: {slope * 1000 / 1024:+.3f} MB per 1,000 fetches, {slope * 10000 / 1024:+.2f} MB per 10,000 "
                  f"(goal <= 0.5; least squares over each cycle's lowest RSS, {n} cycles, "
                  f"{warm[-1][2] - warm[0][2]} fetches after a one-cycle warm-up)")
            print("RSS lowest in each cycle: " + ", ".join(f"{s[3] / 1024:.1f}" for s in floors) + " MB; highest: "
                  + ", ".join(f"{max((x[3] for x in warm if k * cycle <= x[0] - warm[0][0] < (k + 1) * cycle), default=0) / 1024:.1f}"
                              for k in range(n)) + " MB (the 9 MiB replies)")
            print(f"RSS {calm[0][3] / 1024:.1f} MB at start, {warm[0][3] / 1024:.1f} after warm-up, {warm[-1][3] / 1024:.1f} at the end")
            print(f"fd growth: {warm[-1][4] - warm[0][4]:+d} (min {min(s[4] for s in warm)}, max {max(s[4] for s in warm)}); "
                  f"thread growth: {warm[-1][5] - warm[0][5]:+d} (min {min(s[5] for s in warm)}, max {max(s[5] for s in warm)})")
        else:
            print(f"RSS/fd/thread growth: too few samples after the {cycle} s warm-up (run longer)")
        print(f"SIGKILLs: {self.kills}, unexpected exits: {self.unexpected_exits}, final SIGTERM: {final_status}")
        print(f"output reads: {self.reads}, torn reads: {self.torn}" + "".join(f"\n  {e}" for e in self.torn_examples))
        print(f"corrupt files: {len(self.corrupt)}" + "".join(f"\n  {c}" for c in self.corrupt[:5]))
        leftovers = self.temp_files()
        print(f"leftover temp files: {len(leftovers)} at the end (most seen after one kill: {self.temp_seen_after_kill})"
              + (f": {' '.join(sorted(leftovers)[:5])}" + (" ..." if len(leftovers) > 5 else "") if leftovers else ""))
        times = self.recoveries()
        measured = sorted(t for _, t, _, _ in times if t is not None)
        missed = [f for f, t, _, _ in times if t is None]
        if times:
            longest = f"{measured[-1]:.2f} s (median {measured[len(measured) // 2]:.2f} s)" if measured else "none measured"
            print(f"recovery to fresh output (from the provider's recovery, or from the end of the faulty exchange still "
                  f"in flight then, the slow reply's 2 s timeout or the Retry-After it set): longest {longest} over "
                  f"{len(times)} recoveries; goal: within the 1 s interval"
                  + (f"; not within the {PHASE_SECONDS} s phase after: {', '.join(missed)}" if missed else ""))
            polls = [p for _, _, p, _ in times if p is not None]
            print(f"  polls from then to fresh output: {', '.join(f'{n} x {k}' for k, n in sorted(Counter(polls).items()))} "
                  f"(1: the first poll after recovery brought fresh data)")
            over = [(f, t, a) for f, t, _, a in times if t is not None and t > 1.0]
            if over:
                print("  over 1 s (fault: to fresh output, of which waiting for the poll's request): "
                      + ", ".join(f"{f} {t:.2f} s ({a:.2f} s)" if a is not None else f"{f} {t:.2f} s" for f, t, a in over))
            by_fault = {}
            for fault, t, _, _ in times:
                by_fault.setdefault(fault, []).append(t)
            print("  longest by fault: " + ", ".join(
                f"{f} {max((x for x in ts if x is not None), default=float('nan')):.2f} s" for f, ts in by_fault.items()))
        print(f"work directory (config, daemon.log, outputs): {self.dir}")
        bad = self.torn or self.corrupt or self.unexpected_exits
        sys.exit(1 if bad else 0)


if __name__ == "__main__":
    Soak(sys.argv[1], float(sys.argv[2])).run()
