#!/usr/bin/env python3
"""How much of a GPU test's time is its process: runs the tests of a CTest
label as CTest would (one process per test) and grouped (one process per
group of tests, joined into one --gtest_filter), JOBS processes at a time,
and prints the wall time of each way. A measurement tool for the suite's own
speed (docs/results/time/); it asserts nothing.

  grouping_probe.py BUILD LABEL JOBS MODE...
  MODE: test | suite_variant | variant | binary

Exit 1 when any process failed (its output is printed)."""
import collections
import json
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor


def tests_of(build, label):
    text = subprocess.run(["ctest", "--test-dir", build, "--show-only=json-v1", "-L", label],
                          capture_output=True, text=True, check=True).stdout
    data, _ = json.JSONDecoder().raw_decode(text)  # the matrix hook may print after the JSON
    out = []
    for t in data["tests"]:
        command = t["command"]
        gtest = [a for a in command if a.startswith("--gtest_filter=")]
        if not gtest:
            continue
        env = {}
        for p in t.get("properties", []):
            if p["name"] == "ENVIRONMENT":
                env.update(v.split("=", 1) for v in p["value"])
        out.append((command[0], gtest[0].split("=", 1)[1], env))
    return out


def key(mode, binary, name):
    suite = name.split(".")[0]
    variant = name.rsplit("/", 1)[-1] if "/" in name.split(".", 1)[-1] else name
    return {"test": (binary, name), "suite_variant": (binary, suite, variant), "variant": (binary, variant),
            "binary": (binary,)}[mode]


def run_mode(tests, mode, jobs):
    groups = collections.defaultdict(list)
    envs = {}
    for binary, name, env in tests:
        k = key(mode, binary, name)
        groups[k].append(name)
        envs[k] = env

    def run(k):
        import os
        env = dict(os.environ, **envs[k])
        start = time.monotonic()
        p = subprocess.run([k[0], "--gtest_filter=" + ":".join(groups[k])], capture_output=True, text=True, env=env)
        return k, time.monotonic() - start, p

    start = time.monotonic()
    # Longest groups first, as CTest's COST would once it has seen them.
    order = sorted(groups, key=lambda k: -len(groups[k]))
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(run, order))
    wall = time.monotonic() - start
    failed = [(k, p) for k, _, p in results if p.returncode != 0]
    slowest = sorted(results, key=lambda r: -r[1])[:5]
    print(f"{mode}: {len(tests)} tests in {len(groups)} processes, -j{jobs}: wall {wall:.1f} s, "
          f"sum {sum(r[1] for r in results):.1f} process-s, failed {len(failed)}")
    for k, seconds, _ in slowest:
        print(f"    {seconds:6.1f} s  {'/'.join(x.split('/')[-1] for x in k)} ({len(groups[k])} tests)")
    for k, p in failed[:3]:
        print(f"  FAILED {k}:\n{p.stdout[-3000:]}\n{p.stderr[-2000:]}")
    return not failed


def main():
    build, label, jobs, modes = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
    tests = tests_of(build, label)
    ok = all([run_mode(tests, m, jobs) for m in modes])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
