#!/usr/bin/env python3
"""The index lint: no 32-bit index or offset in a kernel that can pass 2^31.

Every kernel source (kernels/**/*.cu, *.cuh, *.cl) is read for the two
places a 32-bit integer meets a size that can grow past 2^31 - 1:

  a loop index   for (int|unsigned|uint|int32_t|uint32_t v = init; cond; step)
                 (`+=` and `-=` steps included)
  an offset      a 32-bit variable initialised from the thread's place in the
                 grid (blockIdx, gridDim, get_global_id, get_group_id,
                 get_global_size, get_num_groups)

A loop is small by construction where its initialiser, condition and step
name only literals, constants (ALL_CAPS or kName), and the block's own
extent or place (blockDim, threadIdx, get_local_size, get_local_id,
warpSize): a block has at most 1024 threads. Everything else must be in
ACCEPTED below, keyed by file, variable and the identifiers that bound it,
with the reason it stays below 2^31 (the row's stated domain, mostly). A
new loop with other bounds is a new key, so it is flagged even beside an
accepted one of the same name; an entry that matches nothing is stale and
fails too, so the table stays the kernels' own.

The texts' kernels use int indices, and their rows state the domain that
keeps them in range (kernels/<family>/spec.cpp); the lint holds each such
index to a sentence a port can read, rather than rewriting the texts.

Usage: index_lint.py <repository root> [file ...]   (files: scan only these,
relative to the root or absolute; the self-test feeds it a planted loop).
Exit 0 when every candidate is small or accepted, 1 otherwise (each named
with file:line and the key to add), 2 on bad usage.
"""
import pathlib
import re
import sys

THIRTY_TWO_BIT = r"(?:const\s+)?(?:int|unsigned|unsigned\s+int|uint|int32_t|uint32_t|std::int32_t|std::uint32_t)"
LOOP = re.compile(r"\bfor\s*\(\s*" + THIRTY_TWO_BIT + r"\s+(\w+)\s*=\s*([^;]*);([^;]*);([^)]*(?:\([^)]*\)[^)]*)*)\)")
OFFSET = re.compile(r"(?<![\w:])" + THIRTY_TWO_BIT + r"\s+(\w+)\s*=\s*([^;{]*);")
GRID_PLACE = re.compile(r"\b(blockIdx|gridDim|get_global_id|get_group_id|get_global_size|get_num_groups)\b")
BLOCK_WORDS = {"blockDim", "threadIdx", "get_local_size", "get_local_id", "warpSize", "x", "y", "z", "static_cast",
               "int", "unsigned", "uint", "size_t"}
PLACE_WORDS = {"blockDim", "threadIdx", "get_local_size", "get_local_id", "warpSize"}
IDENT = re.compile(r"[A-Za-z_]\w*")


DECLARATION = re.compile(r"(?:const\s+)?(?:int|unsigned|uint|long|size_t|long\s+long)\s+(\w+)\s*=\s*([^;{]*);")


def small_word(word, aliases=frozenset()):
    return word in BLOCK_WORDS or word in aliases or re.fullmatch(r"[A-Z][A-Z0-9_]*", word) is not None or \
        re.fullmatch(r"k[A-Z]\w*", word) is not None


def block_aliases(text):
    """The file's variables set from the block's extent or place and small
    words alone (`const int t = threadIdx.x;`, `size = get_local_size(0)`),
    to a fixed point: small too."""
    aliases = set()
    declarators = []  # (name, initialiser), `int a = x, b = y;` split at its commas
    for m in DECLARATION.finditer(text):
        first = m.group(1) + " = " + m.group(2)
        for piece in re.split(r",\s*(?=\w+\s*=[^=])", first):
            name, _, init = piece.partition("=")
            declarators.append((name.strip(), init))
    while True:
        # From the block's extent or place (not from literals alone: `int
        # length = 0` must not make every `i < length` of the file small).
        grown = {name for name, init in declarators
                 if all(small_word(w, aliases) for w in IDENT.findall(init))
                 and any(w in PLACE_WORDS or w in aliases for w in IDENT.findall(init))}
        if grown <= aliases:
            return frozenset(aliases)
        aliases |= grown


def bounding_words(variable, aliases, *parts):
    """The identifiers of a loop's or offset's expressions that are neither
    the variable itself nor small by construction."""
    words = set()
    for part in parts:
        for word in IDENT.findall(part):
            if word != variable and not small_word(word, aliases):
                words.add(word)
    return frozenset(words)


# Reasons shared by several entries.
_TREE = ("the tree rows' domain, n + 2B <= INT_MAX (kernels/reduce/spec.cpp tree_domain): the grid is ceil(n / 2B) "
         "blocks, so 2·block·B + thread + B < n + 2B")
_SAXPY = "each saxpy's m <= n/2 < 2^30 (n <= INT_MAX): the grid's ceil(m / B)·B < m + 1024"
_SIDE = ("the transposes' domain: rows, cols <= INT_MAX − 32 (kernels/transpose/spec.cpp), so block·32 + thread "
         "< side + 32")
_BINS = "bins <= 65536 (every histogram row; the shared layouts take at most 8192 or 256): count and count·32 < 2^21"
_VEC4 = "the vec4 grid is at most 2^18 threads (model::vec4_blocks); float4s <= INT_MAX / 4"
_SCAN_TILES = ("the scans' domain keeps tiles <= INT_MAX − 1024 (kernels/moving_average/spec.cpp, n_per_block): "
               "base + t < tiles + 1024")

# (file, variable, bounding identifiers) -> why it stays below 2^31.
ACCEPTED = {
    ("kernels/histogram/cuda/histogram.cu", "k", frozenset({"count"})): _BINS,
    ("kernels/histogram/cuda/histogram.cu", "w", frozenset({"count"})): _BINS,
    ("kernels/histogram/opencl/histogram.cl", "k", frozenset({"count"})): _BINS,
    ("kernels/histogram/opencl/histogram.cl", "w", frozenset({"count"})): _BINS,
    ("kernels/histogram/opencl/histogram.cl", "i", frozenset({"length"})): "an expansion of at most 8 terms",
    ("kernels/moving_average/cuda/moving_average.cu", "base", frozenset({"tiles"})): _SCAN_TILES,
    ("kernels/moving_average/opencl/moving_average.cl", "base", frozenset({"tiles"})): _SCAN_TILES,
    ("kernels/moving_average/cuda/moving_average_lookback.cu", "nearest", frozenset({"tile"})):
        "counts down from tile − 1 <= INT_MAX (at most INT_MAX tiles: the grid's x limit) to no less than −32",
    ("kernels/moving_average/cuda/moving_average_lookback.cu", "k", frozenset({"last"})):
        "last is a lane, __ffs − 1 <= 31",
    ("kernels/reduce/cuda/block_tree.cuh", "width", frozenset({"last_barrier_width"})):
        "halves from blockDim.x / 2 <= 512; last_barrier_width is 0 or 32",
    ("kernels/reduce/opencl/reduce.cl", "width", frozenset({"last_width"})):
        "halves from the group's size / 2 <= 512; last_width is 0 or 32",
    ("kernels/reduce/cuda/fixup.cu", "i", frozenset({"count"})):
        "launch_fixup refuses count > INT_MAX − 1024 (kernels/reduce/cuda/fixup.cu): i + 1024 <= INT_MAX",
    ("kernels/reduce/opencl/reduce.cl", "i", frozenset({"count"})):
        "the OpenCL fix-up's count is a tree row's grid, ceil(n / 2B) < 2^30",
    ("kernels/reduce/cuda/reduce_block.cu", "bdx", frozenset({"blockIdx"})): _TREE,
    ("kernels/reduce/opencl/reduce.cl", "bdx", frozenset({"get_group_id"})): _TREE,
    ("kernels/reduce/cuda/reduce_smem.cu", "idx", frozenset({"blockIdx"})): _TREE,
    ("kernels/reduce/opencl/reduce.cl", "idx", frozenset({"get_group_id"})): _TREE,
    ("kernels/reduce/opencl/reduce_shfl.cl", "idx", frozenset({"get_group_id"})): _TREE,
    ("kernels/reduce/cuda/reduce_by_halving.cu", "m", frozenset({"n"})):
        "n <= INT_MAX (the saxpy rows' domain), and m only halves",
    ("kernels/reduce/cuda/reduce_by_halving.cu", "i", frozenset({"blockIdx"})): _SAXPY,
    ("kernels/reduce/opencl/reduce.cl", "i", frozenset({"get_group_id"})): _SAXPY,
    ("kernels/reduce/cuda/reduce_vec4.cu", "threads", frozenset({"gridDim"})): _VEC4,
    ("kernels/reduce/cuda/reduce_vec4.cu", "g", frozenset({"blockIdx"})): _VEC4,
    ("kernels/reduce/opencl/reduce.cl", "threads", frozenset({"get_num_groups"})): _VEC4,
    ("kernels/reduce/opencl/reduce.cl", "g", frozenset({"get_group_id"})): _VEC4,
    ("kernels/smem_facts/smem_facts.cu", "j", frozenset({"m"})): "m <= the tile, one block's threads (<= 1024)",
    ("kernels/smem_facts/smem_facts.cu", "k", frozenset({"count"})):
        "count ints of one block's static shared memory (<= 48 KiB)",
    ("kernels/smem_facts/smem_facts.cu", "i", frozenset({"count"})):
        "count floats of one block's dynamic shared memory (<= 227 KiB)",
}
for _file, _tile_name in (("kernels/transpose/cuda/transpose.cu", "blockIdx"),
                          ("kernels/transpose/opencl/transpose.cl", "get_group_id")):
    for _variable in ("x", "y", "in_col", "in_row", "out_col", "out_row"):
        ACCEPTED[(_file, _variable, frozenset({_tile_name}))] = _SIDE


def key_text(key):
    path, variable, words = key
    return f'("{path}", "{variable}", frozenset({{{", ".join(repr(w) for w in sorted(words))}}}))'


def candidates(root, path):
    text = (root / path).read_text()
    rel = path.as_posix()
    aliases = block_aliases(text)
    loops = []
    for m in LOOP.finditer(text):
        loops.append(m.span())
        variable, init, cond, step = m.group(1), m.group(2), m.group(3), m.group(4)
        words = bounding_words(variable, aliases, init, cond, step)
        if words:
            yield rel, text.count("\n", 0, m.start()) + 1, "loop index", (rel, variable, words), m.group(0)
    for m in OFFSET.finditer(text):
        variable, init = m.group(1), m.group(2)
        if GRID_PLACE.search(init) and not any(start <= m.start() < end for start, end in loops):  # a loop's own: named once
            yield rel, text.count("\n", 0, m.start()) + 1, "offset", (rel, variable, bounding_words(variable, aliases, init)), \
                m.group(0)


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    root = pathlib.Path(argv[1]).resolve()
    if len(argv) > 2:
        files = [pathlib.Path(f).resolve().relative_to(root) if pathlib.Path(f).is_absolute() else pathlib.Path(f)
                 for f in argv[2:]]
        check_stale = False
    else:
        files = sorted(p.relative_to(root) for ext in ("*.cu", "*.cuh", "*.cl") for p in (root / "kernels").rglob(ext))
        check_stale = True
    problems = 0
    used = set()
    for path in files:
        for rel, line, what, key, statement in candidates(root, path):
            if key in ACCEPTED:
                used.add(key)
                continue
            problems += 1
            print(f"{rel}:{line}: a 32-bit {what} bounded by {', '.join(sorted(key[2]))}: "
                  f"`{' '.join(statement.split())}`\n  make it 64-bit, or add {key_text(key)}: \"<why it stays below 2^31>\" "
                  "to ACCEPTED in ctest_config/index_lint.py")
    if check_stale:
        for key in sorted(set(ACCEPTED) - used, key=key_text):
            problems += 1
            print(f"stale entry {key_text(key)}: no such index in the kernels any more")
    scanned = len(files)
    if problems:
        print(f"index lint: {problems} problem(s) in {scanned} file(s)")
        return 1
    print(f"index lint: {scanned} file(s), every 32-bit index small or accepted ({len(used)} accepted)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
