#!/usr/bin/env python3
"""The lane-mask lint: every warp primitive in a CUDA kernel names the whole warp.

The warp-synchronous rows (the shuffle tails, the look-back's warp scan)
are written for a full warp: all 32 lanes execute every __shfl*_sync,
__ballot_sync and __syncwarp, and each lane's value is read by another.
A mask naming fewer lanes (0x0000ffff: half a warp) is undefined
behaviour for the lanes it leaves out, and on today's GPUs it usually
still computes the right sum: the lanes run in step anyway and their
registers are read regardless. So no result check can be trusted to see
it, and compute-sanitizer's synccheck sees it only where a test runs that
launch under it. This lint sees it in the source.

Every call of __shfl_sync, __shfl_up_sync, __shfl_down_sync,
__shfl_xor_sync, __ballot_sync, __any_sync, __all_sync, __match_any_sync,
__match_all_sync, __reduce_*_sync and __syncwarp in kernels/**/*.cu and
*.cuh must pass, as its mask, the literal 0xffffffff (any case, with or
without u) or a name the same file defines as that literal
(`constexpr unsigned kFull = 0xffffffffu;`); __syncwarp() with no argument
is the full mask. Anything else must be in ACCEPTED below, keyed by file
and mask text, with the reason the mask is right; an entry that matches
nothing is stale and fails too.

Usage: warp_mask_lint.py <repository root> [file ...]   (files: scan only
these; the self-test feeds it a planted half-warp mask). Exit 0 when every
mask is full or accepted, 1 otherwise (each named with file:line), 2 on
bad usage.
"""
import pathlib
import re
import sys

PRIMITIVE = re.compile(r"\b(__shfl(?:_up|_down|_xor)?_sync|__ballot_sync|__any_sync|__all_sync|__match_(?:any|all)_sync|"
                       r"__reduce_\w+_sync|__syncwarp)\s*\(\s*([^,()]*(?:\([^()]*\))?[^,()]*)\s*[,)]")
FULL_LITERAL = re.compile(r"0[xX][fF]{8}[uU]?")
FULL_NAME = re.compile(r"\b(?:constexpr|const|static|#define)\b[^;\n]*?\b(\w+)\s*(?:=\s*)?(0[xX][fF]{8}[uU]?)\b")

# (file, mask text): why a partial or computed mask is right there.
ACCEPTED = {}


def full_names(text):
    return {m.group(1) for m in FULL_NAME.finditer(text)}


def scan(root, files):
    problems, used = [], set()
    for path in files:
        text = path.read_text()
        names = full_names(text)
        rel = path.relative_to(root).as_posix() if path.is_relative_to(root) else path.as_posix()
        for m in PRIMITIVE.finditer(text):
            call, mask = m.group(1), m.group(2).strip()
            if call == "__syncwarp" and mask == "":
                continue
            if FULL_LITERAL.fullmatch(mask) or mask in names:
                continue
            key = (rel, mask)
            if key in ACCEPTED:
                used.add(key)
                continue
            line = text.count("\n", 0, m.start()) + 1
            problems.append(f"{rel}:{line}: {call} with mask '{mask}', not the whole warp "
                            f"(0xffffffff or a name defined as it); if it is right, add {key!r} to ACCEPTED with why")
    return problems, used


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[0])
        print("usage: warp_mask_lint.py <repository root> [file ...]")
        return 2
    root = pathlib.Path(argv[1]).resolve()
    if len(argv) > 2:
        files = [(root / f) if not pathlib.Path(f).is_absolute() else pathlib.Path(f) for f in argv[2:]]
    else:
        files = sorted(p for ext in ("*.cu", "*.cuh") for p in (root / "kernels").rglob(ext))
    problems, used = scan(root, files)
    if len(argv) == 2:
        problems += [f"stale ACCEPTED entry {key!r}: no such mask any more" for key in ACCEPTED if key not in used]
    calls = sum(len(PRIMITIVE.findall(f.read_text())) for f in files)
    for p in problems:
        print(p)
    print(f"warp_mask_lint: {calls} warp primitives in {len(files)} files, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
