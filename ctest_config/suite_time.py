#!/usr/bin/env python3
"""Where a CTest run's time goes: one table per run, from its JUnit file
(CTest's wall time of each test) and the phase records every test binary
writes (fixtures: smemc/phase_timer.hpp, <results>/timing/*.tsv).

    python3 ctest_config/suite_time.py <build-dir> [--junit FILE] [--top N] [--md FILE]

For each test: CTest's wall time, split into
    start    loading the binary, static initialisation, gtest, the device
             probe: CTest's time minus the test body's
    data     generating inputs (make_data)
    model    host models, exact sums, bounds
    device   the backend's calls: allocations, copies, fills, synchronisations
    compare  comparing outputs
    other    the rest of the test body: launch calls, rapidcheck, gtest
A test that writes no phase record (a tool run, a canary, the package
test) has its whole time under `start` and is marked `*`. Where a batch
process ran a group of tests (SMEMC_TEST_PROCESSES=batch), each test counts
its own body and the batch's row (its name has `batch-`) the rest of the
process: its start, under `start`.
Prints the totals, the totals per label prefix (cuda, opencl, ...) and the
slowest tests; --md writes the same as Markdown.
"""
import argparse
import re
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

PHASES = ["data", "model", "device", "compare"]
COLUMNS = ["wall", "start"] + PHASES + ["other"]


def read_junit(path):
    tests = {}
    for case in ET.parse(path).getroot().iter("testcase"):
        tests[case.get("name")] = (float(case.get("time", "0")), case.get("status", ""))
    return tests


def ctest_names(build):
    """(binary file name, gtest test name) -> CTest's name, from the test
    lists gtest_discover_tests wrote (add_test lines of *_tests.cmake); read
    as files, since running ctest would run the build's hooks."""
    pattern = re.compile(r"add_test\(\[=\[(.+?)\]=\]\s+(\S+)\s+\[==\[--gtest_filter=(.+?)\]==\]")
    names = {}
    for f in build.rglob("*_tests.cmake"):
        for m in pattern.finditer(f.read_text(errors="replace")):
            names[(Path(m.group(2)).name, m.group(3))] = m.group(1)
    return names


def batch_names(build):
    """The batched registration's maps (SMEMC_TEST_PROCESSES=batch,
    cmake/SmemcBatchTests.cmake: batch, CTest name, binary, gtest name per
    line): (binary file name, gtest name) -> CTest name, and each batch's
    CTest names."""
    names, members = {}, defaultdict(list)
    for f in build.rglob("*_batches.cmake.tsv"):
        for line in f.read_text(errors="replace").splitlines():
            fields = line.split("\t")
            if len(fields) == 4:
                names[(Path(fields[2]).name, fields[3])] = fields[1]
                members[fields[0]].append(fields[1])
    return names, members


def read_phases(results, names):
    phases = {}
    for f in (results / "timing").glob("*.tsv"):
        for line in f.read_text().splitlines():
            fields = line.split("\t")
            if len(fields) < 4 + len(PHASES):
                continue
            binary, test, setup, body = fields[0], fields[1], float(fields[2]), float(fields[3])
            name = names.get((binary, test), test)
            phases[name] = (setup, body, [float(x) for x in fields[4:4 + len(PHASES)]])
    return phases


def split(wall, record):
    if record is None:
        return {"wall": wall, "start": wall, **{p: 0.0 for p in PHASES}, "other": 0.0}, False
    _, body, marked = record
    row = {"wall": wall, "start": max(0.0, wall - body)}
    for p, s in zip(PHASES, marked):
        row[p] = s
    row["other"] = max(0.0, body - sum(marked))
    return row, True


def group_of(name):
    """cuda, opencl, oclgrind, memcheck, package, ... (the CTest prefix); the
    host binaries' tests (fixtures, spec) have none."""
    if name.startswith("batch-"):  # an unprefixed binary's batch process
        return "host (spec, fixtures)"
    first = name.split(".")[0].split("/")[0]
    # The spec binary's tests start with their family ("reduce/ReduceSpec..."),
    # no prefix before it; the fixtures' with a suite ("Conformance...").
    unprefixed_family = "/" in name and "." not in name.split("/")[0]
    if unprefixed_family or first[:1].isupper():
        return "host (spec, fixtures)"
    return first


def table(rows, markdown):
    widths = [max(len(str(r[i])) for r in rows) for i in range(len(rows[0]))]
    out = []
    for k, r in enumerate(rows):
        cells = [str(c).ljust(w) for c, w in zip(r, widths)]
        out.append(("| " + " | ".join(cells) + " |") if markdown else "  ".join(cells))
        if markdown and k == 0:
            out.append("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("build")
    ap.add_argument("--junit")
    ap.add_argument("--results")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--md")
    args = ap.parse_args()
    build = Path(args.build)
    junit = Path(args.junit) if args.junit else build / "junit.xml"
    results = Path(args.results) if args.results else build / "conformance-results"
    if not junit.is_file():
        sys.exit(f"suite_time.py: no JUnit file at {junit}: run ctest with --output-junit "
                 "(the dev and ci presets write junit.xml into the build tree), or name one with --junit")
    try:
        tests = read_junit(junit)
    except ET.ParseError as e:
        sys.exit(f"suite_time.py: {junit} is not complete JUnit XML ({e}): was the ctest run cut short?")
    names = ctest_names(build)
    batched_names, batches = batch_names(build)
    names.update(batched_names)
    phases = read_phases(results, names)
    # A batch's CTest time is its process's; its tests' CTest times are the
    # readers'. So a batched test counts its own body (its phase record),
    # and the batch what is left: the process start and what lies between
    # tests (under start).
    in_batch = {m for ms in batches.values() for m in ms}
    walls = {}
    for name, (wall, status) in tests.items():
        if name in batches:
            bodies = sum(phases[m][1] for m in batches[name] if m in phases)
            walls[name] = max(0.0, wall - bodies)
        elif name in in_batch:
            walls[name] = phases[name][1] if name in phases else 0.0
        else:
            walls[name] = wall

    totals = defaultdict(float)
    groups = defaultdict(lambda: defaultdict(float))
    rows = []
    for name, (_, status) in tests.items():
        wall = walls[name]
        row, instrumented = split(wall, None if name in batches else phases.get(name))
        if name in batches:
            instrumented = True  # all start, by construction
        rows.append((name, status, instrumented, row))
        for c in COLUMNS:
            totals[c] += row[c]
            groups[group_of(name)][c] += row[c]
        groups[group_of(name)]["tests"] += 1

    fmt = lambda x: f"{x:.2f}"
    header = ["", "tests"] + [c + " s" for c in COLUMNS]
    summary = [header, ["all", str(len(rows))] + [fmt(totals[c]) for c in COLUMNS]]
    for g in sorted(groups, key=lambda g: -groups[g]["wall"]):
        summary.append([g, str(int(groups[g]["tests"]))] + [fmt(groups[g][c]) for c in COLUMNS])
    slow = [["test", "status"] + [c + " s" for c in COLUMNS]]
    for name, status, instrumented, row in sorted(rows, key=lambda r: -r[3]["wall"])[: args.top]:
        slow.append([name + ("" if instrumented else " *"), status] + [fmt(row[c]) for c in COLUMNS])

    # The processes CTest ran, by its own wall time: a batch is one (its
    # tests' readers take no time), every other test is one.
    processes = [(wall, name, len(batches.get(name, [])))
                 for name, (wall, _) in tests.items() if name not in in_batch]
    longest = [["process", "tests", "wall s"]]
    for wall, name, members in sorted(processes, reverse=True)[: args.top]:
        longest.append([name, str(members or 1), fmt(wall)])
    batch_count = sum(1 for name in tests if name in batches)

    for markdown in (False, True):
        text = ("Time of the run, summed over tests (test seconds, not wall: tests run in parallel)\n\n"
                + table(summary, markdown) + f"\n\nThe {args.top} slowest tests (* = no phase record: all under start)\n\n"
                + table(slow, markdown)
                + f"\n\nThe {args.top} longest of its {len(processes)} processes ({batch_count} batches)\n\n"
                + table(longest, markdown) + "\n")
        if not markdown:
            print(text)
        elif args.md:
            Path(args.md).write_text(text)


if __name__ == "__main__":
    main()
