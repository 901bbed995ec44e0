#!/usr/bin/env python3
"""Where a ctest run's wall time went, second by second.

    timeline.py <log> [--bucket <s>] [--md <file>]

<log> is a ctest log written by docs/results/h200_suite.sh's `stamped`:
<log>.stamped holds every line of ctest's output after the time it was
printed, <log>.samples the host sampled every 0.5 s (the time, /proc/stat's
cpu line, the test processes running). CTest prints a test when it ends,
with its duration, so each test's span is [end - duration, end].

Prints, for every bucket of the run (5 s unless given): the tests running
(mean over the bucket), split into the CUDA processes by kind (the batches
of the small and large checks, profile.counters) and the rest; the test
processes the sampler saw; and the host's CPU busy (all cores = 100 %).
Then the spans of profile.counters (a whole GPU: no other device test
beside it) and of the last long tests to end.
"""

import argparse
import re
import sys

LINE = re.compile(r"^(\d+\.\d+) +\d+/\d+ Test +#\d+: (\S+) \.*\s*(?:\*\*\*)?(\w[\w ]*?)\s+([\d.]+) sec")


def kind_of(name):
    m = re.search(r"batch-([a-z-]+):", name)
    if m and m.group(1) in ("small", "large"):
        return m.group(1)
    if name == "profile.counters":
        return "profile"
    return "other"


def read_tests(path):
    tests, first = [], None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            stamp = line.split(" ", 1)[0]
            try:
                t = float(stamp)
            except ValueError:
                continue
            if first is None:
                first = t
            m = LINE.match(line)
            if m:
                end, name, status, duration = float(m.group(1)), m.group(2), m.group(3), float(m.group(4))
                tests.append((end - duration, end, name, status))
    return first, tests


def read_samples(path):
    samples = []
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                parts = line.split()
                if len(parts) < 10 or parts[1] != "cpu":
                    continue
                values = [int(v) for v in parts[2:12] if v.isdigit()]
                idle = values[3] + values[4]  # idle + iowait
                procs = int(parts[-1]) if parts[-2] == "procs" and parts[-1].isdigit() else 0
                samples.append((float(parts[0]), sum(values), idle, procs))
    except FileNotFoundError:
        pass
    return samples


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("log")
    parser.add_argument("--bucket", type=float, default=5.0)
    parser.add_argument("--md")
    args = parser.parse_args()
    first, tests = read_tests(args.log + ".stamped")
    if not tests:
        sys.exit(f"timeline.py: no test lines in {args.log}.stamped")
    samples = read_samples(args.log + ".samples")
    start = min(first, min(t[0] for t in tests))
    end = max(t[1] for t in tests)
    kinds = ["small", "large", "profile", "other"]
    out = []
    out.append(f"Run: {end - start:.1f} s from the first line to the last test's end, {len(tests)} tests\n")
    out.append("| from s | tests running | small | large | profile | other | processes seen | CPU busy % |")
    out.append("|---|---|---|---|---|---|---|---|")
    t0 = start
    while t0 < end:
        t1 = min(end, t0 + args.bucket)
        width = t1 - t0
        load = {k: 0.0 for k in kinds}
        for s, e, name, _ in tests:
            overlap = min(e, t1) - max(s, t0)
            if overlap > 0:
                load[kind_of(name)] += overlap / width
        inside = [x for x in samples if t0 <= x[0] < t1]
        procs = sum(x[3] for x in inside) / len(inside) if inside else float("nan")
        busy = float("nan")
        before = [x for x in samples if x[0] < t0]
        after = [x for x in samples if x[0] <= t1]
        if before and after and after[-1][1] > before[-1][1]:
            a, b = before[-1], after[-1]
            busy = 100.0 * (1 - (b[2] - a[2]) / (b[1] - a[1]))
        elif len(inside) >= 2 and inside[-1][1] > inside[0][1]:
            a, b = inside[0], inside[-1]
            busy = 100.0 * (1 - (b[2] - a[2]) / (b[1] - a[1]))
        total = sum(load.values())
        out.append(f"| {t0 - start:.0f} | {total:.1f} | " + " | ".join(f"{load[k]:.1f}" for k in kinds) +
                   f" | {procs:.1f} | {busy:.0f} |")
        t0 = t1
    out.append("")
    out.append("profile.counters (the GPU its own), and the last 8 tests of a second or more to end (s from the run's start):\n")
    out.append("| test | from | to | s | status |")
    out.append("|---|---|---|---|---|")
    long_ones = [t for t in tests if t[1] - t[0] >= 1.0]
    shown = [t for t in tests if kind_of(t[2]) == "profile"] + sorted(long_ones, key=lambda t: t[1])[-8:]
    for s, e, name, status in shown:
        out.append(f"| {name} | {s - start:.1f} | {e - start:.1f} | {e - s:.2f} | {status} |")
    text = "\n".join(out) + "\n"
    print(text, end="")
    if args.md:
        with open(args.md, "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
