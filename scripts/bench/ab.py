#!/usr/bin/env python3
"""Paired timing of commands on a noisy machine: run them in alternation, compare medians.

Usage: scripts/bench/ab.py ROUNDS 'COMMAND A' 'COMMAND B' [...]
Each round runs every command once (in reverse order every other round, so neither always goes
first), stdout discarded; five warm-up rounds are not counted. Prints each command's median
wall time in ms and its ratio to the first command's.

Why, beside scripts/bench/bench.sh's hyperfine runs: hyperfine times one command's runs, then the
next's, and on this shared VM the load drifts by 10-30 % within a minute, more than most changes
it is meant to show. Alternating puts both commands under the same drift.

Each command's program, when it is a file path (it has a '/'), is first copied into a new
temporary folder and run from there. Two copies of one binary, written minutes apart, differed
by 2-7 % here, the older one slower every time: how a file's pages sit in the page cache
changes with age. Fresh copies of both builds compare the builds.

The times include starting the process from Python (about 1 ms), the same for every command,
so differences are exact and ratios slightly understated. Commands are split on spaces (no
shell, no quoting).
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

WARM_UP = 5


def fresh_copies(commands, folder):
    """The commands with each program path replaced by a copy made now in `folder`."""
    copied = []
    for index, command in enumerate(commands):
        words = command.split()
        if "/" in words[0] and os.path.isfile(words[0]):
            own = os.path.join(folder, str(index))
            os.mkdir(own)
            copy = os.path.join(own, os.path.basename(words[0]))
            shutil.copy2(words[0], copy)
            # A build before the one binary: its `breather` launcher execs the breather-main beside it, copied along.
            beside = os.path.join(os.path.dirname(words[0]), "breather-main")
            if os.path.basename(words[0]) != "breather-main" and os.path.isfile(beside):
                shutil.copy2(beside, os.path.join(own, "breather-main"))
            words[0] = copy
        copied.append(words)
    return copied


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__.strip().splitlines()[2])
    rounds, commands = int(sys.argv[1]), sys.argv[2:]
    with tempfile.TemporaryDirectory(prefix="ab-") as folder:
        runnable = fresh_copies(commands, folder)
        times = [[] for _ in commands]
        for round_number in range(WARM_UP + rounds):
            order = range(len(commands)) if round_number % 2 == 0 else reversed(range(len(commands)))
            for index in order:
                start = time.perf_counter()
                subprocess.run(runnable[index], stdout=subprocess.DEVNULL, check=False)
                elapsed = (time.perf_counter() - start) * 1000
                if round_number >= WARM_UP:
                    times[index].append(elapsed)
    first = statistics.median(times[0])
    for command, measured in zip(commands, times):
        median = statistics.median(measured)
        print(f"{median:7.2f} ms  x{median / first:5.3f}  {command}")


main()
