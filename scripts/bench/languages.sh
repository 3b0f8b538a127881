#!/usr/bin/env bash
# A cached one-shot in each language against English, side by side (docs/PERFORMANCE.md,
# "Languages"): the real binary, its cache filled once from the loopback provider
# (Tests/Support/fixture_server.py, no network), then RUNS rounds in which every language runs
# once, in a new random order each round (a slow phase of the machine hits all of them alike).
# Prints, per language and format, the median wall time, user+sys CPU time and, when `perf` can
# count them, instructions, each with its ratio to English. Not part of CI: timings need a
# quiet machine; instructions are the steady figure on a loaded one.
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
python3 - "$binary" "$work" "$runs" "$perf_ok" <<'PY'
import os, random, resource, statistics, subprocess, sys, time
binary, work, runs, perf_ok = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] == "true"
env = dict(os.environ, XDG_CACHE_HOME=f"{work}/cache")
env.pop("LANGUAGE", None); env.pop("LC_ALL", None); env.pop("LC_MESSAGES", None); env.pop("LANG", None)
languages = ["en", "zh_CN", "fr", "de", "es"]
for fmt in ["plain", "waybar"]:
    wall = {l: [] for l in languages}; cpu = {l: [] for l in languages}; ins = {l: [] for l in languages}
    for _ in range(runs):
        random.shuffle(languages)
        for lang in languages:
            cmd = [binary, "--config", f"{work}/config.toml", "--format", fmt, "--language", lang]
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            done = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            wall[lang].append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[lang].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            if done.returncode != 0: sys.exit(f"{' '.join(cmd)} exited {done.returncode}")
    if perf_ok:
        for lang in languages:
            for _ in range(max(5, runs // 20)):
                out = subprocess.run(["perf", "stat", "-x,", "-e", "instructions:u", *cmd[:-1], lang], env=env,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True).stderr
                ins[lang] += [int(line.split(",")[0]) for line in out.splitlines() if "instructions" in line and line[0].isdigit()]
    base = {k: statistics.median(v[("en")]) if v.get("en") else None for k, v in [("wall", wall), ("cpu", cpu), ("ins", ins)]}
    print(f"{fmt}: median of {runs} cached one-shots per language (ratio to English)")
    for lang in sorted(languages, key=lambda l: l != "en"):
        w, c = statistics.median(wall[lang]), statistics.median(cpu[lang])
        line = f"  {lang:6} wall {w*1000:6.2f} ms ({w/base['wall']:.3f})  cpu {c*1000:6.2f} ms ({c/base['cpu']:.3f})"
        if ins[lang]:
            i = statistics.median(ins[lang]); line += f"  instructions {i/1e6:7.2f} M ({i/base['ins']:.4f})"
        print(line)
PY
