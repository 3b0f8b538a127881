#!/usr/bin/env python3
"""MQTT fan-out benchmark: one publishing daemon, N subscribing `breather watch --source` bars.

Usage: scripts/bench/mqtt-fanout.py [BINARY] [--subscribers 50] [--rounds 15] [--idle 60]

Starts Debian's mosquitto on a loopback port of its own (anonymous, a temp folder), the
loopback provider server (Tests/Support/fixture_server.py) for the publisher and a second one
for the subscribers (a trap: their providers must never be asked), a publisher
(`breather daemon`, [mqtt], interval 1h) and N `watch --format waybar --source mqtt://…`.
Each round changes the provider's PM2.5, sends SIGUSR1 to the publisher and times, for every
subscriber, the new line against the moment the publisher wrote its own json output (right
after the provider's reply was parsed and rendered; the MQTT publish follows it). Prints the
median over the rounds of the median and of the slowest subscriber, the requests each side
made, and (--idle S) one idle subscriber's wakeups (voluntary context switches of all its
threads) over S seconds. Everything it needs is in the repository.
"""
import json, os, signal, statistics, subprocess, sys, tempfile, threading, time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
args = sys.argv[1:]
def option(name, default):
    if name in args:
        i = args.index(name); value = args[i + 1]; del args[i:i + 2]; return int(value)
    return default
SUBSCRIBERS, ROUNDS, IDLE = option("--subscribers", 50), option("--rounds", 15), option("--idle", 0)
BINARY = os.path.abspath(args[0]) if args else os.path.join(REPO, ".build/debug/breather")
tmp = tempfile.mkdtemp(prefix="breather-mqtt-bench-")
children = []

def spawn(argv, **kw):
    p = subprocess.Popen(argv, **kw); children.append(p); return p

def free_port():
    import socket
    s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close(); return port

def air_body(pm25):
    hours = ",".join('"2026-11-21T%02d:00"' % (h % 24) for h in range(25))
    now = time.strftime("%Y-%m-%dT%H:00", time.gmtime())
    series = lambda v: "[" + ",".join([str(v)] * 25) + "]"
    return json.dumps(json.loads('{"latitude": 40.7, "longitude": -73.9, "utc_offset_seconds": 0, "current": {"time": "%s", '
        '"interval": 3600, "pm2_5": %s, "pm10": 10, "ozone": 20, "nitrogen_dioxide": 10, "sulphur_dioxide": 2, "carbon_monoxide": 200}, '
        '"hourly": {"time": [%s], "pm2_5": %s, "pm10": %s, "ozone": %s, "nitrogen_dioxide": %s, "sulphur_dioxide": %s, "carbon_monoxide": %s}}'
        % (now, pm25, hours, series(pm25), series(10), series(20), series(10), series(2), series(200))))

def fixture_server(name, pm25):
    routes = os.path.join(tmp, name + ".routes.json"); log = os.path.join(tmp, name + ".log")
    set_routes(routes, pm25); open(log, "w").close()
    p = spawn([sys.executable, "-u", os.path.join(REPO, "Tests/Support/fixture_server.py"), routes,
               os.path.join(REPO, "Tests/Fixtures/providers"), log], stdout=subprocess.PIPE)
    return "http://127.0.0.1:%s" % p.stdout.readline().decode().strip(), routes, log

def set_routes(path, pm25):
    with open(path + ".tmp", "w") as f:
        json.dump({"/v1/forecast": {"fixture": "open-meteo/forecast.current.json"}, "/aq/v1/air-quality": {"body": air_body(pm25)}}, f)
    os.rename(path + ".tmp", path)

def config(name, base, extra):
    path = os.path.join(tmp, name + ".toml")
    with open(path, "w") as f:
        f.write('interval = "1h"\n%s\n[location]\nlatitude = 40.6769\nlongitude = -73.9423\nname = "Brooklyn"\n'
                '[providers.open-meteo]\nforecast_url = "%s/v1"\nair_quality_url = "%s/aq/v1"\ngeocoding_url = "%s/geo/v1"\n'
                % (extra, base, base, base))
    return path

def requests(log): return sum(1 for _ in open(log))

try:
    port = free_port()
    with open(os.path.join(tmp, "mosquitto.conf"), "w") as f:
        f.write(("user root\n" if os.getuid() == 0 else "") + "persistence false\nmax_queued_messages 10000\nlistener %d 127.0.0.1\nallow_anonymous true\n" % port)
    spawn(["/usr/sbin/mosquitto", "-c", os.path.join(tmp, "mosquitto.conf")], stderr=subprocess.DEVNULL)
    time.sleep(0.3)
    base, routes, log = fixture_server("publisher", 5)
    trap, _, trap_log = fixture_server("trap", 300)
    output = os.path.join(tmp, "publisher.json")
    publisher_config = config("publisher", base, '[[output]]\npath = "%s"\nformat = "json"\n[mqtt]\nurl = "mqtt://127.0.0.1:%d"\n'
                              'topic_prefix = "bench/house"\ndiscovery = false\n' % (output, port))
    env = dict(os.environ, HOME=tmp, XDG_CACHE_HOME=os.path.join(tmp, "cache"))
    daemon = spawn([BINARY, "daemon", "--config", publisher_config], env=env, stderr=subprocess.DEVNULL)
    while not os.path.exists(output): time.sleep(0.05)
    subscriber_config = config("subscriber", trap, "")
    lines = [[] for _ in range(SUBSCRIBERS)]
    def reader(i, stream):
        for raw in stream:
            lines[i].append((time.time_ns(), raw.decode()))
    watches = []
    for i in range(SUBSCRIBERS):
        w = spawn([BINARY, "watch", "--format", "waybar", "--source", "mqtt://127.0.0.1:%d/bench/house" % port, "--config", subscriber_config],
                  env=dict(env, XDG_CACHE_HOME=os.path.join(tmp, "cache-%d" % i)), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        threading.Thread(target=reader, args=(i, w.stdout), daemon=True).start(); watches.append(w)
    deadline = time.time() + 60
    while any(not l for l in lines) and time.time() < deadline: time.sleep(0.05)
    assert all(lines), "not every subscriber printed a first line"
    publisher_requests_before = requests(log)
    medians, slowest = [], []
    for r in range(ROUNDS):
        pm25 = 6 + 2 * r  # a new index every round
        set_routes(routes, pm25)
        before = os.stat(output).st_mtime_ns
        counts = [len(l) for l in lines]
        daemon.send_signal(signal.SIGUSR1)
        while os.stat(output).st_mtime_ns == before: time.sleep(0.002)
        time.sleep(0.01)
        written = os.stat(output).st_mtime_ns
        aqi = json.load(open(output))["air_quality"]["aqi"]
        deadline = time.time() + 30
        while time.time() < deadline and not all(any("AQI %d " % aqi in t for _, t in l[c:]) for l, c in zip(lines, counts)):
            time.sleep(0.005)
        latencies = [(next(ts for ts, t in l[c:] if "AQI %d " % aqi in t) - written) / 1e6 for l, c in zip(lines, counts)]
        medians.append(statistics.median(latencies)); slowest.append(max(latencies))
        time.sleep(0.2)
    print("subscribers: %d, rounds: %d, load average: %s" % (SUBSCRIBERS, ROUNDS, open("/proc/loadavg").read().split()[:3]))
    print("publisher's json written -> subscriber's new line, median over rounds of the per-round median: %.1f ms (rounds: %s)"
          % (statistics.median(medians), " ".join("%.0f" % m for m in medians)))
    print("... of the slowest subscriber (all %d bars updated): %.1f ms (rounds: %s)"
          % (SUBSCRIBERS, statistics.median(slowest), " ".join("%.0f" % m for m in slowest)))
    print("provider requests: publisher %d over %d refreshes (%.1f each: one daemon's), subscribers %d"
          % (requests(log) - publisher_requests_before, ROUNDS, (requests(log) - publisher_requests_before) / ROUNDS, requests(trap_log)))
    if IDLE:
        pid = watches[0].pid
        def switches():
            total = 0
            for t in os.listdir("/proc/%d/task" % pid):
                for line in open("/proc/%d/task/%s/status" % (pid, t)):
                    if line.startswith("voluntary_ctxt_switches"): total += int(line.split()[1])
            return total
        start = switches(); time.sleep(IDLE)
        print("one idle subscriber: %d wakeups in %d s (keepalive 60 s, interval 1h)" % (switches() - start, IDLE))
finally:
    for p in reversed(children):
        try: p.kill(); p.wait()
        except Exception: pass
