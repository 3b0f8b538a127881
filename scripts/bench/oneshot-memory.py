#!/usr/bin/env python3
"""Memory of a one-shot at the moment it prints (docs/PERFORMANCE.md, "Memory of a one-shot").

Usage: scripts/bench/oneshot-memory.py RUNS BINARY ARGS...
Runs BINARY ARGS RUNS times with its stdout a pipe filled beforehand: the run blocks in the
write of its line with everything it loaded still mapped (its peak: VmHWM equals VmRSS
there), while /proc/PID/status (RssAnon, VmRSS, VmHWM) and /proc/PID/smaps_rollup (PSS) are
read; then the pipe is drained and the run ends. Prints the medians in kB. A one-shot's
memory cannot be read from outside otherwise: it exits within milliseconds, and GNU time
gives only the peak VmRSS. Set up the store (a run before) and the environment as the
figure needs; the script only runs the command.
"""
import os, subprocess, sys, time, statistics, fcntl
runs, cmd = int(sys.argv[1]), sys.argv[2:]
rows = []
for _ in range(runs):
    r, w = os.pipe()
    fcntl.fcntl(w, 1031, 4096)  # F_SETPIPE_SZ: one page
    os.set_blocking(w, False)
    try:
        while True: os.write(w, b"x" * 4096)
    except BlockingIOError: pass
    os.set_blocking(w, True)
    p = subprocess.Popen(cmd, stdout=w, stderr=subprocess.DEVNULL)
    os.close(w)
    while True:
        time.sleep(0.005)
        if p.poll() is not None: sys.exit(f"oneshot-memory: {cmd[0]} ended (status {p.returncode}) before it printed")
        wchan = open(f"/proc/{p.pid}/wchan").read()
        stat = open(f"/proc/{p.pid}/stat").read().split(") ")[1].split()[0]
        if stat == "S" and "pipe" in wchan: break
    st = {l.split(":")[0]: int(l.split()[1]) for l in open(f"/proc/{p.pid}/status") if l.split(":")[0] in ("RssAnon", "VmRSS", "VmHWM")}
    pss = [int(l.split()[1]) for l in open(f"/proc/{p.pid}/smaps_rollup") if l.startswith("Pss:")][0]
    rows.append((st["RssAnon"], pss, st["VmRSS"], st["VmHWM"]))
    while os.read(r, 65536): pass
    os.close(r); p.wait()
med = [statistics.median(c) for c in zip(*rows)]
print("RssAnon %.0f kB  PSS %.0f kB  VmRSS %.0f kB  VmHWM %.0f kB  (median of %d)" % (*med, runs))
