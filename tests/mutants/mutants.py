#!/usr/bin/env python3
"""Plant known bugs one at a time and check that the suite catches each.

Each mutant edits one line of a kernel (exactly one occurrence must match),
rebuilds the family's test binary, runs the checks named in its filter with
the reduced workload, and records which tests failed. The source is restored
afterwards (also on error) and the build is brought back up to date.

    python3 tests/mutants/mutants.py <build-dir>      # on a GPU machine

A mutant that no test catches makes this script exit 1. Results are a table
on stdout; docs/results/ keeps the table of each H200 run.
"""
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# name, file, original text, planted text, test binary, gtest filter
MUTANTS = [
    ("fixup skips the last partial", "kernels/reduce/fixup.cu",
     "for (int i = threadIdx.x; i < count; i += blockDim.x)",
     "for (int i = threadIdx.x; i < count - 1; i += blockDim.x)",
     "smemc_reduce_tests", "*reduce_block_fixup*:*reduce_smem_fixup*"),
    ("atomic launcher forgets to zero out", "kernels/reduce/reduce_block.cu",
     'prepare("reduce_block_atomic", n, x, out, block, OutStart::zeroed, stream)',
     'prepare("reduce_block_atomic", n, x, out, block, OutStart::overwritten, stream)',
     "smemc_reduce_tests", "*reduce_block_atomic*"),
    ("halving cascade drops the odd element", "kernels/reduce/reduce_by_halving.cu",
     "    m = upper;\n",
     "    m = half;\n",
     "smemc_reduce_tests", "*reduce_by_halving_any_n*"),
    ("transpose_padded edge-tile bound off by one", "kernels/transpose/transpose.cu",
     "if (out_row < cols && out_col < rows)",
     "if (out_row <= cols && out_col < rows)",
     "smemc_transpose_tests", "*transpose_padded*"),
    ("moving average divides by i instead of i+1", "kernels/moving_average/moving_average.cu",
     "data[index] = sum / (index + 1.0f);",
     "data[index] = sum / static_cast<float>(index);",
     "smemc_moving_average_tests", "*moving_average_block*"),
]


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    build = Path(sys.argv[1]).resolve()
    env = dict(os.environ, SMEMC_WORKLOAD="reduced")
    rows, uncaught = [], 0
    for name, rel, original, planted, binary, gfilter in MUTANTS:
        path = ROOT / rel
        source = path.read_text()
        if source.count(original) != 1:
            sys.exit(f"mutant '{name}': expected exactly one '{original}' in {rel}")
        start = time.time()
        try:
            path.write_text(source.replace(original, planted))
            built = run(["cmake", "--build", str(build), "--target", binary])
            if built.returncode != 0:
                sys.exit(f"mutant '{name}' does not build:\n{built.stdout[-3000:]}")
            tested = run([str(build / "tests" / binary), f"--gtest_filter={gfilter}", "--gtest_brief=1"], env=env)
        finally:
            path.write_text(source)
        failed = sorted(set(re.findall(r"^\[  FAILED  \] (\S+)", tested.stdout, re.M)))
        caught = tested.returncode != 0 and failed
        uncaught += not caught
        rows.append((name, "caught" if caught else "NOT CAUGHT", len(failed), failed, time.time() - start))
        print(f"--- {name}: {'caught' if caught else 'NOT CAUGHT'} ({len(failed)} failing tests)", flush=True)
        for line in failed:
            print(f"      {line}")
        first = re.search(r"^(.*(?:Failure|exceeds|expected|guard|mismatch).*)$", tested.stdout, re.M)
        if first:
            print(f"      first report: {first.group(1)[:300]}")
    restored = run(["cmake", "--build", str(build)])
    print("\n| planted bug | verdict | failing tests | seconds |\n|---|---|---|---|")
    for name, verdict, count, _, seconds in rows:
        print(f"| {name} | {verdict} | {count} | {seconds:.0f} |")
    if restored.returncode != 0:
        sys.exit("rebuilding the restored sources failed")
    sys.exit(1 if uncaught else 0)


if __name__ == "__main__":
    main()
