#!/usr/bin/env python3
"""Summarises the runs of scripts/bench/timeline.c for `scripts/bench/bench.sh --timeline`.

Reads the shim's lines on stdin, runs separated by lines of "--", and prints each event's
median time (ms since the shim's constructor) and the step from the event before. Other lines
(Breather's own messages on stderr) are skipped. An event that repeats within a run (two
connects, two requests) is numbered in order of occurrence; the open of the store's temporary
file is named as one event however its name is randomised.
"""
import statistics
import sys


def main():
    times = {}
    runs = [run for run in sys.stdin.read().split("--\n") if run.strip()]
    for run in runs:
        seen = {}
        for line in run.strip().splitlines():
            stamp, _, rest = line.partition(" ")
            try:
                at = float(stamp)
            except ValueError:
                continue
            event, _, detail = rest.partition(" ")
            if event == "open" and "/.conditions.json." in detail:
                detail = "(the store's temporary file)"
            name = f"{event} {detail}".strip()
            seen[name] = seen.get(name, 0) + 1
            times.setdefault(f"{name} #{seen[name]}", []).append(at)
    previous = 0.0
    print(f"{'median ms':>9} {'step':>7}  event (of {len(runs)} runs; ms since the shim's constructor)")
    for name, stamps in sorted(times.items(), key=lambda item: statistics.median(item[1])):
        if len(stamps) < len(runs) / 2:
            continue  # an event of the odd run only
        median = statistics.median(stamps)
        print(f"{median:9.3f} {median - previous:+7.3f}  {name.removesuffix(' #1')}")
        previous = median


main()
