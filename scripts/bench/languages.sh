#!/usr/bin/env bash
# A cached one-shot in each language against English, side by side (docs/PERFORMANCE.md,
# "Languages"): the real binary, its cache filled once from the loopback provider
# (Tests/Support/fixture_server.py, no network), then RUNS rounds in which every language runs
# once, in a new random order each round (a slow phase of the machine hits all of them alike).
# Prints, per language and format, the median wall time, user+sys CPU time and, when `perf` can
# count them, instructions, each with its ratio to English. Not part of CI: timings need a
# quiet machine; instructions are the steady figure on a loaded one.
# BASELINE=OTHER_BINARY runs a second build in the same rounds on the same cache (side by side, at
# the same load: each round runs every language of both builds in one random order) and prints
# its figures under its name, then each build's CPU ratio to English.
#   scripts/bench/languages.sh BINARY [RUNS]    # default 200 rounds
set -euo pipefail
binary=$(readlink -f "$1"); runs=${2:-200}
repo=$(cd "$(dirname "$0")/../.." && pwd)
source "$repo/scripts/lib/loopback.sh"
work=$(mktemp -d /tmp/brlang.XXXXXX)
loopback_pid=""
cleanup() { if [ -n "$loopback_pid" ]; then kill -9 "$loopback_pid" 2>/dev/null; wait "$loopback_pid" 2>/dev/null || true; fi; rm -rf "$work"; }
trap cleanup EXIT
loopback_replies "$work"; loopback_routes "$work" up; loopback_start "$work"
{ echo 'timeout = "3s"'; loopback_config; } > "$work/config.toml"
XDG_CACHE_HOME="$work/cache" "$binary" --config "$work/config.toml" --refresh > /dev/null
# The provider goes away: every run below is answered by the cache, as a bar's one-shot is.
kill -9 "$loopback_pid"; wait "$loopback_pid" 2>/dev/null || true; loopback_pid=""
perf_ok=false
perf stat -x, -e instructions:u true 2>&1 >/dev/null | grep -q instructions && perf_ok=true
baseline=""
[ -n "${BASELINE:-}" ] && baseline=$(readlink -f "$BASELINE")
python3 - "$binary" "$work" "$runs" "$perf_ok" "$baseline" <<'PY'
import os, random, resource, statistics, subprocess, sys, time
binary, work, runs, perf_ok, baseline = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] == "true", sys.argv[5]
env = dict(os.environ, XDG_CACHE_HOME=f"{work}/cache")
env.pop("LANGUAGE", None); env.pop("LC_ALL", None); env.pop("LC_MESSAGES", None); env.pop("LANG", None)
languages = ["en", "zh_CN", "fr", "de", "es"]
binaries = [binary] + ([baseline] if baseline else [])
summary = []
for fmt in ["plain", "waybar"]:
    runs_of = [(b, l) for b in binaries for l in languages]
    wall = {k: [] for k in runs_of}; cpu = {k: [] for k in runs_of}; ins = {k: [] for k in runs_of}
    command = lambda b, lang: [b, "--config", f"{work}/config.toml", "--format", fmt, "--language", lang]
    for _ in range(runs):
        random.shuffle(runs_of)
        for b, lang in runs_of:
            cmd = command(b, lang)
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            done = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            wall[(b, lang)].append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[(b, lang)].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            if done.returncode != 0: sys.exit(f"{' '.join(cmd)} exited {done.returncode}")
    if perf_ok:
        for b, lang in runs_of:
            for _ in range(max(5, runs // 20)):
                out = subprocess.run(["perf", "stat", "-x,", "-e", "instructions:u", *command(b, lang)], env=env,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True).stderr
                ins[(b, lang)] += [int(line.split(",")[0]) for line in out.splitlines() if "instructions" in line and line[0].isdigit()]
    for b in binaries:
        base = {k: statistics.median(v[(b, "en")]) if v[(b, "en")] else None for k, v in [("wall", wall), ("cpu", cpu), ("ins", ins)]}
        print(f"{fmt}: {b}: median of {runs} cached one-shots per language (ratio to English)")
        ratios = []
        for lang in languages:
            w, c = statistics.median(wall[(b, lang)]), statistics.median(cpu[(b, lang)])
            line = f"  {lang:6} wall {w*1000:6.2f} ms ({w/base['wall']:.3f})  cpu {c*1000:6.2f} ms ({c/base['cpu']:.3f})"
            if ins[(b, lang)]:
                i = statistics.median(ins[(b, lang)]); line += f"  instructions {i/1e6:7.2f} M ({i/base['ins']:.4f})"
            print(line)
            if lang != "en": ratios.append(f"{lang} {c/base['cpu']:.3f}")
        summary.append(f"{fmt:6} {'baseline' if b == baseline else 'binary  '} en {base['cpu']*1000:.2f} ms; " + ", ".join(ratios))
if baseline:
    print("CPU median, ratio to the same build's English:")
    for line in summary: print("  " + line)
PY
