#!/usr/bin/env python3
"""Start-up of the `plistkit` binary: a build that links the Swift runtime and Foundation
dynamically against one built with `--static-swift-stdlib`, as scripts/install.sh and
scripts/package.sh build it.

    startup.py --dynamic BIN --static BIN [--rounds 100] [--note TEXT] [--out RESULTS-startup.md]

    BIN (dynamic): swift build -c release --product plistkit
    BIN (static):  swift build -c release --static-swift-stdlib --product plistkit

Two short commands, `plistkit --version` (nothing but starting and exiting) and
`plistkit filter Samples/sortednames.plist zy` (a real command on a small file), run `rounds`
times each, the two binaries in alternation so that a change in the machine's load falls on
both. CPU time (user and system, from getrusage) is the figure to compare on a shared
machine; wall time is shown beside it. The size is the file's, as built (not stripped).
"""
import argparse
import datetime
import os
import platform
import resource
import statistics
import subprocess
import time


def measure(binary, arguments):
    """Wall and CPU seconds of one run of binary with arguments, output discarded."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([binary] + arguments, stdout=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dynamic", required=True)
    parser.add_argument("--static", required=True)
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--note", default="", help="where the binaries come from, for the results")
    parser.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "RESULTS-startup.md"))
    options = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    binaries = {"dynamic": options.dynamic, "static": options.static}
    commands = {
        "plistkit --version": ["--version"],
        "plistkit filter Samples/sortednames.plist zy": ["filter", os.path.join(root, "Samples/sortednames.plist"), "zy"],
    }
    rows = []
    for label, arguments in commands.items():
        for binary in binaries.values():
            measure(binary, arguments)  # warm-up: the file in the page cache
        times = {name: [] for name in binaries}
        for _ in range(options.rounds):
            for name, binary in binaries.items():
                times[name].append(measure(binary, arguments))
        cpu = {name: statistics.median(t[1] for t in runs) for name, runs in times.items()}
        wall = {name: statistics.median(t[0] for t in runs) for name, runs in times.items()}
        rows.append(
            f"| `{label}` | {cpu['dynamic'] * 1000:.1f} ms / {wall['dynamic'] * 1000:.1f} ms"
            f" | {cpu['static'] * 1000:.1f} ms / {wall['static'] * 1000:.1f} ms"
            f" | {cpu['static'] / cpu['dynamic']:.2f}× |")
    sizes = {name: os.path.getsize(binary) / 1e6 for name, binary in binaries.items()}
    load = os.getloadavg()[0]
    text = "\n".join([
        "# Start-up: dynamic and static builds",
        "",
        f"{datetime.date.today().isoformat()}, {platform.machine()}, {os.cpu_count()} cores, load average"
        f" {load:.1f} at the end; {options.rounds} rounds, medians. Made by `Benchmarks/startup.py`."
        + (f" {options.note}" if options.note else ""),
        "",
        "| command | dynamic: CPU / wall | static: CPU / wall | static ÷ dynamic (CPU) |",
        "|---|---:|---:|---:|",
        *rows,
        "",
        f"Size of the binary as built: dynamic {sizes['dynamic']:.1f} MB (the Swift runtime and Foundation"
        f" are shared libraries beside it), static {sizes['static']:.1f} MB.",
        "",
    ])
    with open(options.out, "w") as out:
        out.write(text)
    print(text, end="")


if __name__ == "__main__":
    main()
