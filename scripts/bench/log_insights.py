#!/usr/bin/env python3
"""The breathing log's speed (issue 43): `breather log` on a store with a year of readings, and
`breather insights --since 365d` over that year with 365 log entries, each against `sqlite3`
doing the same work on the same file (the baseline).

Usage: scripts/bench/log_insights.py [BINARY] [RUNS]   (BINARY default .build/release/breather, RUNS 15)

  1. a year of 10-minute readings (history_year.py) imported with `breather history import`
     (the 90 days of raw readings, then hourly means: what a year-old store holds);
  2. 365 entries, one a day at 20:00, imported with `breather log import`;
  3. `breather log 2 --pef 400 --note bench --at "DATE 08:MM"` (an entry, its day's exposure
     snapshot read from the store) against `sqlite3` inserting the same row after the same
     hourly aggregation over the same four days;
  4. `breather insights --since 365d --format json` against `sqlite3` reading the 365 entries
     and aggregating the year's readings into hourly means of the same variables.
Runs are interleaved; medians of wall time (process start to exit) and of CPU time (user +
system, getrusage) are printed, with their ratios to the baseline.
"""
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build/release/breather")
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 15
work = tempfile.mkdtemp(prefix="breather-log-bench-")
store = os.path.join(work, "history.sqlite3")
config = os.path.join(work, "config.toml")
with open(config, "w") as f:
    f.write('[location]\nlatitude = 40.6769\nlongitude = -73.9423\nname = "Brooklyn"\n'
            f'[history]\npath = "{store}"\n[log]\npersonal_best = 480\n')
env = dict(os.environ, TZ="UTC")


def run(args, **kw):
    return subprocess.run(args, env=env, check=True, stdout=subprocess.DEVNULL, **kw)


def timed(args, stdin=None):
    """(wall seconds, CPU seconds: user + system) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(args, env=env, check=True, stdout=subprocess.DEVNULL, input=stdin)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


readings = os.path.join(work, "year.csv")
run([sys.executable, os.path.join(root, "scripts/bench/history_year.py"), readings, "365"])
run([binary, "--config", config, "history", "import", readings])

now = int(time.time())
today = now // 86400 * 86400
header = ("time,place,score,reliever,peak_flow,night_waking,activity_limited,cough,wheeze,chest_tightness,"
          "breathlessness,tags,note,exposure")
log_csv = os.path.join(work, "log.csv")
with open(log_csv, "w", newline="") as f:
    f.write(header + "\r\n")
    for day in range(365, 0, -1):
        t = today - day * 86400 + 20 * 3600
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(t))
        score = 1 + (day * 7) % 4
        f.write(f"{stamp},,{score},{day % 3},{380 + day % 90},{1 if day % 11 == 0 else 0},0,{day % 2},{score - 1},,,,day {day},\r\n")
run([binary, "--config", config, "log", "import", log_csv])

variables = "('pm2_5','o3','no2','temperature_c','humidity','indoor_pm2_5','indoor_co2_ppm'," + \
    ",".join(f"'pollen_{p}'" for p in ["alder", "birch", "grass", "mugwort", "olive", "ragweed"]) + ")"


def hourly_sql(since, until):
    return (f"SELECT time / 3600, variable, avg(value) FROM reading WHERE place = 1 AND time >= {since} AND time < {until} "
            f"AND variable IN (SELECT id FROM variable WHERE name IN {variables}) GROUP BY time / 3600, variable;")


log_times, log_base, insight_times, insight_base = [], [], [], []
for i in range(runs):
    day = today - (i + 2) * 86400
    stamp = time.strftime("%Y-%m-%d", time.gmtime(day))
    log_times.append(timed([binary, "--config", config, "log", "2", "--pef", "400", "--note", "bench",
                            "--at", f"{stamp} 08:{i:02d}"]))
    sql = hourly_sql(day - 4 * 86400, day + 2 * 86400) + \
        f"INSERT INTO log(time, place, score, peak_flow, note) VALUES ({day + 9 * 3600 + i * 60}, '', 2, 400, 'bench');"
    log_base.append(timed(["sqlite3", store], stdin=sql.encode()))
    insight_times.append(timed([binary, "--config", config, "insights", "--since", "365d", "--format", "json"]))
    sql = f"SELECT * FROM log WHERE time >= {now - 365 * 86400};" + hourly_sql(now - 369 * 86400, now + 2 * 86400)
    insight_base.append(timed(["sqlite3", store], stdin=sql.encode()))

entries = subprocess.run(["sqlite3", store, "SELECT count(*) FROM log"], capture_output=True, text=True).stdout.strip()
rows = subprocess.run(["sqlite3", store, "SELECT count(*) FROM reading"], capture_output=True, text=True).stdout.strip()
print(f"store: {rows} readings (a year: 90 days raw, then hourly means), {entries} log entries, "
      f"{os.path.getsize(store) / 1e6:.1f} MB; {runs} runs each, interleaved; binary {binary}")
for name, mine, base in [("breather log (one entry + its exposure snapshot)", log_times, log_base),
                         ("breather insights --since 365d --format json", insight_times, insight_base)]:
    for what, index in [("wall", 0), ("CPU (user + system)", 1)]:
        m = statistics.median(t[index] for t in mine) * 1000
        b = statistics.median(t[index] for t in base) * 1000
        low = min(t[index] for t in mine) * 1000
        print(f"{name}, {what}: median {m:.1f} ms (min {low:.1f}); sqlite3 baseline median {b:.1f} ms; ratio {m / b:.2f}")
subprocess.run(["rm", "-rf", work])
