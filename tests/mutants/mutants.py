#!/usr/bin/env python3
"""Plant known bugs one at a time and check that the suite catches each.

Each mutant edits one place in a kernel or fixture (exactly one occurrence
must match), rebuilds the test binary that checks it, runs the checks named
in its filter with the device's ordinary workload, and records which tests failed. The
source is restored afterwards (also on error) and the build is brought back
up to date. OpenCL mutants run wherever an OpenCL platform is (PoCL on a CPU
machine); CUDA mutants need a GPU.

    python3 tests/mutants/mutants.py <build-dir> [--only cuda|opencl] [--list]

A mutant that no test catches makes this script exit 1. Results are a table
on stdout; docs/results/ keeps the table of each H200 run.
"""
import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# name, file, original text, planted text, backend, family, gtest filter
MUTANTS = [
    ("fixup skips the last partial", "kernels/reduce/cuda/fixup.cu",
     "for (int i = threadIdx.x; i < count; i += blockDim.x)",
     "for (int i = threadIdx.x; i < count - 1; i += blockDim.x)",
     "cuda", "reduce", "*reduce_block_fixup*:*reduce_smem_fixup*"),
    ("atomic launcher forgets to zero out", "kernels/reduce/cuda/reduce_block.cu",
     'prepare("reduce_block_atomic", n, x, out, block, OutStart::zeroed, stream)',
     'prepare("reduce_block_atomic", n, x, out, block, OutStart::overwritten, stream)',
     "cuda", "reduce", "*reduce_block_atomic*"),
    ("halving cascade drops the odd element", "kernels/reduce/cuda/reduce_by_halving.cu",
     "    m = upper;\n",
     "    m = half;\n",
     "cuda", "reduce", "*reduce_by_halving_any_n*"),
    ("transpose_padded edge-tile bound off by one", "kernels/transpose/cuda/transpose.cu",
     "if (out_row < cols && out_col < rows)",
     "if (out_row <= cols && out_col < rows)",
     "cuda", "transpose", "*transpose_padded*"),
    ("moving average divides by i instead of i+1", "kernels/moving_average/cuda/moving_average.cu",
     "data[index] = sum / (index + 1.0f);",
     "data[index] = sum / static_cast<float>(index);",
     "cuda", "moving_average", "*moving_average_block*"),
    # The OpenCL port: the same classes of bug in the OpenCL C sources.
    ("OpenCL global tree loses a barrier", "kernels/reduce/opencl/reduce.cl",
     "    barrier(CLK_GLOBAL_MEM_FENCE);\n    // the previous level's partials",
     "    // the previous level's partials",
     "opencl", "reduce", "*reduce_block_fixup*"),
    ("OpenCL atomic add drops the retry", "kernels/reduce/opencl/reduce.cl",
     "  } while (seen != expected);",
     "  } while (false);",
     "opencl", "reduce", "*reduce_block_atomic*:*reduce_smem_atomic*"),
    ("OpenCL scan carries skip the first tile", "kernels/moving_average/opencl/moving_average.cl",
     "    const float before = t > 0 ? s[t - 1] : 0.0f;",
     "    const float before = t > 1 ? s[t - 1] : 0.0f;",
     "opencl", "moving_average", "*moving_average_scan*"),
    ("OpenCL table loses a row", "kernels/moving_average/opencl/table.cpp",
     '    {"moving_average_block", &moving_average_block},\n',
     "",
     "opencl", "moving_average", "MovingAverageTable.*"),
    ("OpenCL padded tile indexed as unpadded", "kernels/transpose/opencl/transpose.cl",
     "  local float tile[TILE][TILE + 1];",
     "  local float tile[TILE][TILE - 1];",
     "opencl", "transpose", "*transpose_padded*"),
]


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)


def binary(build, backend, family):
    name = f"smemc_{family}_{backend}_tests"
    return build / "tests" / ("opencl/" + name if backend == "opencl" else name)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("build", type=Path, help="a configured build folder (e.g. build/dev)")
    parser.add_argument("--only", choices=["cuda", "opencl"], help="plant only this backend's bugs")
    parser.add_argument("--list", action="store_true", help="list the mutants and exit")
    args = parser.parse_args()
    chosen = [m for m in MUTANTS if args.only in (None, m[4])]
    if args.list:
        for m in chosen:
            print(f"{m[4]:7} {m[5]:15} {m[0]}")
        return
    build = args.build.resolve()
    if not (build / "CMakeCache.txt").is_file():
        sys.exit(f"{build} is not a configured build folder (no CMakeCache.txt)")
    for m in chosen:
        source = (ROOT / m[1]).read_text()
        if source.count(m[2]) != 1:
            sys.exit(f"mutant '{m[0]}': expected exactly one '{m[2]}' in {m[1]}")
    # The ordinary workload of the device (full on a GPU, cpu on PoCL): a
    # lost atomic update, for one, needs real concurrency and sizes to show.
    env = dict(os.environ, SMEMC_RESULTS_DIR="")
    env.pop("SMEMC_WORKLOAD", None)
    rows, uncaught = [], 0
    for name, rel, original, planted, backend, family, gfilter in chosen:
        path = ROOT / rel
        source = path.read_text()
        target = binary(build, backend, family)
        start = time.time()
        try:
            path.write_text(source.replace(original, planted))
            built = run(["cmake", "--build", str(build), "--target", target.name])
            if built.returncode != 0:
                sys.exit(f"mutant '{name}' does not build:\n{built.stdout[-3000:]}")
            tested = run([str(target), f"--gtest_filter={gfilter}", "--gtest_brief=1"], env=env)
        finally:
            path.write_text(source)
        failed = sorted(set(re.findall(r"^\[  FAILED  \] ([^,\s]+)", tested.stdout, re.M)))
        passed = re.search(r"^\[  PASSED  \] (\d+) test", tested.stdout, re.M)
        skipped = not failed and passed is not None and passed.group(1) == "0"
        caught = tested.returncode != 0 and bool(failed)
        uncaught += not caught
        verdict = "caught" if caught else ("SKIPPED (no device)" if skipped else "NOT CAUGHT")
        rows.append((name, backend, verdict, len(failed), time.time() - start))
        print(f"--- {name} [{backend}]: {verdict} ({len(failed)} failing tests)", flush=True)
        for line in failed:
            print(f"      {line}")
        first = re.search(r"^(.*(?:Failure|exceeds|expected|guard|mismatch).*)$", tested.stdout, re.M)
        if first:
            print(f"      first report: {first.group(1)[:300]}")
    restored = run(["cmake", "--build", str(build)])
    print("\n| planted bug | backend | verdict | failing tests | seconds |\n|---|---|---|---|---|")
    for name, backend, verdict, count, seconds in rows:
        print(f"| {name} | {backend} | {verdict} | {count} | {seconds:.0f} |")
    if restored.returncode != 0:
        sys.exit("rebuilding the restored sources failed")
    sys.exit(1 if uncaught else 0)


if __name__ == "__main__":
    main()
