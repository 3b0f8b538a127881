#!/usr/bin/env python3
"""Paired timing of commands on a noisy machine: run them in alternation, compare medians.

Usage: scripts/ab.py ROUNDS 'COMMAND A' 'COMMAND B' [...]
Each round runs every command once (in reverse order every other round, so neither always goes
first), stdout discarded; five warm-up rounds are not counted. Prints each command's median
wall time in ms and its ratio to the first command's.

Why, beside scripts/bench.sh's hyperfine runs: hyperfine times one command's runs, then the
next's, and on this shared VM the load drifts by 10-30 % within a minute, more than most changes
it is meant to show. Alternating puts both commands under the same drift. The times include
starting the process from Python (about 1 ms here), the same for every command, so differences
are exact and ratios slightly understated. Commands are split on spaces (no shell, no quoting).
"""
import statistics
import subprocess
import sys
import time

WARM_UP = 5


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__.strip().splitlines()[2])
    rounds, commands = int(sys.argv[1]), sys.argv[2:]
    times = {command: [] for command in commands}
    for round_number in range(WARM_UP + rounds):
        order = commands if round_number % 2 == 0 else commands[::-1]
        for command in order:
            start = time.perf_counter()
            subprocess.run(command.split(), stdout=subprocess.DEVNULL, check=False)
            elapsed = (time.perf_counter() - start) * 1000
            if round_number >= WARM_UP:
                times[command].append(elapsed)
    first = statistics.median(times[commands[0]])
    for command in commands:
        median = statistics.median(times[command])
        print(f"{median:7.2f} ms  x{median / first:5.3f}  {command}")


main()
