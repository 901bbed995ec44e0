#!/usr/bin/env python3
"""bench/ladder.py: the ladders of one smemc_bench run, from nvbench's JSON.

    python3 bench/ladder.py RUN.json [--md SUMMARY.md] [--png LADDERS.png]

Reads the file smemc_bench --json wrote (nvbench's JSON format 1.x: meta,
devices, benchmarks -> states -> axis_values and summaries) and

1. prints a markdown summary (and writes it to --md):
   - every measured state of every benchmark: GPU time, GlobalMem BW (the
     bytes the spec row says the variant moves, per second), Effective BW
     (the input's bytes per second) and nvbench's BWUtil (GlobalMem BW over
     the device's peak);
   - the issue's comparisons: the reductions at n = 2^25 and 2^28 against
     CUB's DeviceReduce::Sum, the transposes at 16384^2 and 4096^2 against
     cudaMemcpy, the moving averages at 2^28 against CUB's InclusiveSum, the
     histograms at 2^28 against CUB's HistogramEven on the same bytes (each
     byte kind) and the typed histograms against it on the same samples
     (each sample type), as "speed vs ref" = reference time / variant time
     (100 % = as fast);
   - the ladders as numbers (below);
2. with --png, draws the ladders: each family's variants at one point as a
   fraction of the copy roof, beside the seed text's figures.

The copy roof is cudaMemcpy device to device at the same size, its GB/s
counting read + write (nvbench's GlobalMem BW convention, so a copy's
bandwidth is 2 x its input per second). A variant is drawn twice against
it: its GlobalMem BW (how busy it keeps memory, every byte it moves) and
its Effective BW (its input per second, what a caller gets). The seed text
reports fractions of the device's *peak* instead, on other GPUs:
  - §5.1-5.3, n = 2^25 on an RTX PRO 4000 (672 GB/s): input bytes per
    second over peak, i.e. an Effective BW fraction;
  - §5.6, 4096 x 4096: its "bandwidth utilization" (which bytes it counts
    the text does not say; a transpose reads and writes each element once).
The denominators differ (peak there, the measured copy here), so the
bars sit side by side, not on one scale of truth.

For a variant measured at several block sizes the fastest block is drawn
(and named). Exit status: 0; 2 for a file that is not an smemc_bench run;
3 when --png is asked for and matplotlib is missing (the markdown is still
printed and written). Needs only the standard library, and matplotlib for
--png.
"""

import argparse
import json
import math
import sys
from dataclasses import dataclass, field

# --- what the run contains (names from bench/benchmarks.hpp) -------------------

REFERENCE_N = "reference_n"
REFERENCE_MATRIX = "reference_matrix"
REFERENCE_BYTES = "reference_bytes"  # n random bytes: the histograms' data
REFERENCE_SAMPLES = "reference_samples"  # n random samples of a type: the typed histograms' data
FAMILIES = ("reduce", "transpose", "moving_average", "histogram", "histogram_typed")
# The axes a family and its reference share beside the size: a comparison
# pairs states of equal values (the histograms' byte kinds, the typed
# histograms' sample types).
KIND_AXES = ("data", "sample")


@dataclass(frozen=True)
class Comparison:
    family: str
    axis: str
    points: tuple
    reference_benchmark: str
    reference_variant: str


# The points: where each family is held against its reference.
COMPARISONS = (
    Comparison("reduce", "n", (2**25, 2**28), REFERENCE_N, "cub_reduce_sum"),
    Comparison("transpose", "side", (16384, 4096), REFERENCE_MATRIX, "memcpy"),
    Comparison("moving_average", "n", (2**28,), REFERENCE_N, "cub_inclusive_sum"),
    Comparison("histogram", "n", (2**28,), REFERENCE_BYTES, "cub_histogram_even"),
    Comparison("histogram_typed", "n", (2**28,), REFERENCE_SAMPLES, "cub_histogram_even"),
)


@dataclass(frozen=True)
class Ladder:
    title: str
    family: str
    axis: str
    point: int  # the seed text's size where it has one
    roof_benchmark: str
    references: tuple  # reference variants drawn in the same panel


LADDERS = (
    Ladder("Reductions (§5.1-5.3)", "reduce", "n", 2**25, REFERENCE_N, ("cub_reduce_sum", "copy_float4")),
    Ladder("Transposes (§5.6)", "transpose", "side", 4096, REFERENCE_MATRIX, ("copy_tile32",)),
    Ladder("Moving averages", "moving_average", "n", 2**28, REFERENCE_N, ("cub_inclusive_sum",)),
    Ladder("Histograms (256 bins of random bytes)", "histogram", "n", 2**28, REFERENCE_BYTES, ("cub_histogram_even",)),
)

# The seed text's fractions of peak bandwidth (see the module docstring).
SEED_TEXT_FRACTIONS = {
    "reduce_by_halving": 0.398,   # §5.1, RTX PRO 4000, n = 2^25
    "reduce_block_fixup": 0.494,  # §5.2
    "reduce_smem_fixup": 0.696,   # §5.3
    "transpose_naive": 0.423,     # §5.6, 4096 x 4096
    "transpose_tiled": 0.601,     # §5.6
}

TIME_TAG = "nv/cold/time/gpu/mean"
NOISE_TAG = "nv/cold/time/gpu/stdev/relative"
GMEM_BW_TAG = "nv/cold/bw/global/bytes_per_second"
BW_UTIL_TAG = "nv/cold/bw/global/utilization"
EFFECTIVE_BW_TAG = "smemc/cold/bw/effective/bytes_per_second"  # bench/registry_bench.cuh


class NotAnSmemcRun(Exception):
    pass


# --- reading nvbench's JSON ------------------------------------------------------------


def typed_value(entry):
    """A {name, type, value} entry: nvbench writes numbers as strings."""
    kind, value = entry.get("type"), entry.get("value")
    if kind == "int64":
        return int(value)
    if kind == "float64":
        return float(value)  # "inf" and "nan" parse too
    return value


def summary_value(summaries, tag):
    for summary in summaries or ():
        if summary.get("tag") == tag:
            for entry in summary.get("data") or ():
                if entry.get("name") == "value":
                    return typed_value(entry)
    return None


@dataclass
class State:
    benchmark: str
    variant: str
    axes: dict  # axis name -> value (n, side, block: ints)
    skipped: str = ""  # the skip reason; empty when measured
    time: float = None  # mean cold GPU time, s
    noise: float = None  # relative standard deviation of the GPU times
    gmem_bw: float = None  # bytes/s
    effective_bw: float = None  # bytes/s
    bw_util: float = None  # fraction of the device's peak

    def at(self, axis, value):
        return self.axes.get(axis) == value

    @property
    def measured(self):
        return not self.skipped and self.time is not None


@dataclass
class Run:
    device: str
    argv: list
    states: list = field(default_factory=list)

    def measured(self, benchmark, variant=None):
        return [s for s in self.states
                if s.benchmark == benchmark and s.measured and (variant is None or s.variant == variant)]

    def skipped(self, benchmark):
        return [s for s in self.states if s.benchmark == benchmark and s.skipped]

    def unmeasured(self, benchmark):
        """States neither skipped nor timed: the measurement failed (nvbench logged why)."""
        return [s for s in self.states if s.benchmark == benchmark and not s.skipped and s.time is None]

    def variants(self, benchmark):
        seen = []
        for s in self.states:
            if s.benchmark == benchmark and s.variant not in seen:
                seen.append(s.variant)
        return seen


def load_run(path):
    with open(path, encoding="utf-8") as f:
        try:
            root = json.load(f)
        except json.JSONDecodeError as e:
            raise NotAnSmemcRun(f"{path}: not JSON ({e})") from e
    if not isinstance(root, dict) or "benchmarks" not in root:
        raise NotAnSmemcRun(f"{path}: no 'benchmarks': not an nvbench JSON file")
    version = root.get("meta", {}).get("version", {}).get("json", {}).get("major")
    if version not in (None, 1):
        print(f"ladder.py: warning: nvbench JSON format {version}.x; this reader knows 1.x", file=sys.stderr)
    devices = root.get("devices") or []
    run = Run(device=devices[0].get("name", "?") if devices else "?", argv=root.get("meta", {}).get("argv", []))
    for bench in root["benchmarks"]:
        for st in bench.get("states") or ():
            axes = {a["name"]: typed_value(a) for a in st.get("axis_values") or ()}
            variant = axes.pop("variant", "")
            state = State(bench["name"], variant, axes)
            if st.get("is_skipped"):
                state.skipped = st.get("skip_reason") or "skipped"
            else:
                summaries = st.get("summaries")
                state.time = summary_value(summaries, TIME_TAG)
                state.noise = summary_value(summaries, NOISE_TAG)
                state.gmem_bw = summary_value(summaries, GMEM_BW_TAG)
                state.effective_bw = summary_value(summaries, EFFECTIVE_BW_TAG)
                state.bw_util = summary_value(summaries, BW_UTIL_TAG)
            run.states.append(state)
    if not any(s.benchmark in FAMILIES for s in run.states):
        raise NotAnSmemcRun(f"{path}: none of the benchmarks {', '.join(FAMILIES)}: not an smemc_bench run")
    return run


# --- formatting --------------------------------------------------------------------------


def fmt_time(seconds):
    if seconds is None or not math.isfinite(seconds):
        return "–"
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3f} {unit}"
    return f"{seconds / 1e-9:.1f} ns"


def fmt_gbps(bytes_per_second):
    return "–" if bytes_per_second is None else f"{bytes_per_second / 1e9:.1f}"


def fmt_pct(fraction):
    return "–" if fraction is None or not math.isfinite(fraction) else f"{100 * fraction:.1f} %"


def fmt_point(axis, value):
    """n = 2^25, 4096² (a side), block 256."""
    if axis == "n":
        return f"n = 2^{value.bit_length() - 1}" if value > 0 and value & (value - 1) == 0 else f"n = {value}"
    if axis == "side":
        return f"{value}²"
    return f"{axis} {value}"


def fmt_axes(state):
    return ", ".join(fmt_point(name, value) for name, value in state.axes.items())


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return lines


def ratio(numerator, denominator):
    if numerator is None or denominator is None or denominator == 0:
        return None
    return numerator / denominator


# --- the summary -------------------------------------------------------------------------


def measurement_section(run, benchmark):
    measured, skipped = run.measured(benchmark), run.skipped(benchmark)
    lines = [f"### {benchmark}", ""]
    if not measured:
        lines += ["(no measured state)", ""]
    else:
        rows = [(f"`{s.variant}`", fmt_axes(s), fmt_time(s.time), fmt_pct(s.noise), fmt_gbps(s.gmem_bw),
                 fmt_gbps(s.effective_bw), fmt_pct(s.bw_util)) for s in measured]
        lines += table(("variant", "point", "GPU time", "noise", "GlobalMem GB/s", "Effective GB/s", "of peak"), rows)
        lines.append("")
    failed = run.unmeasured(benchmark)
    if failed:
        lines.append(f"{len(failed)} state(s) without a measurement (failed; nvbench's log says why): "
                     + ", ".join(f"`{s.variant}` {fmt_axes(s)}" for s in failed))
        lines.append("")
    if skipped:
        reasons = {}
        for s in skipped:
            reasons.setdefault(s.skipped, []).append(s)
        lines.append(f"{len(skipped)} state(s) skipped:")
        for reason, states in reasons.items():
            lines.append(f"- {reason} ({len(states)})")
        lines.append("")
    return lines


def kind_of(state):
    """The state's values of KIND_AXES, as ((axis, value), ...): () where it has none."""
    return tuple((axis, state.axes[axis]) for axis in KIND_AXES if axis in state.axes)


def kinds(states):
    """The kinds (kind_of) among states, in first-seen order; [()] where none has a kind axis."""
    seen = []
    for s in states:
        if kind_of(s) not in seen:
            seen.append(kind_of(s))
    return seen or [()]


def fmt_kind(kind):
    words = {"data": "data", "sample": "samples"}
    return "".join(f", {value} {words.get(axis, axis)}" for axis, value in kind)


def comparison_section(run, comparison):
    lines = []
    family_states = run.measured(comparison.family)
    for point, kind in [(p, k) for p in comparison.points for k in kinds(family_states)]:
        label = fmt_point(comparison.axis, point) + fmt_kind(kind)
        ref = [s for s in run.measured(comparison.reference_benchmark, comparison.reference_variant)
               if s.at(comparison.axis, point) and kind_of(s) == kind]
        lines += [f"### {comparison.family} at {label} vs `{comparison.reference_variant}`", ""]
        variants = [s for s in family_states if s.at(comparison.axis, point) and kind_of(s) == kind]
        if not variants:
            lines += [f"(no {comparison.family} state measured at {label})", ""]
            continue
        if not ref:
            lines += [f"(`{comparison.reference_variant}` not measured at {label}: no ratios)", ""]
        ref_time = ref[0].time if ref else None
        rows = []
        if ref:
            rows.append((f"`{comparison.reference_variant}` (reference)", "", fmt_time(ref_time),
                         fmt_gbps(ref[0].gmem_bw), fmt_gbps(ref[0].effective_bw), "100.0 %"))
        for s in variants:
            rows.append((f"`{s.variant}`", s.axes.get("block", ""), fmt_time(s.time), fmt_gbps(s.gmem_bw),
                         fmt_gbps(s.effective_bw), fmt_pct(ratio(ref_time, s.time))))
        lines += table(("variant", "block", "GPU time", "GlobalMem GB/s", "Effective GB/s", "speed vs ref"), rows)
        lines.append("")
    return lines


# --- the ladders ---------------------------------------------------------------------------


@dataclass
class Rung:
    name: str
    block: object  # the fastest block, or "" for rows without one
    gmem_fraction: float  # GlobalMem BW / copy roof
    effective_fraction: float  # Effective BW / copy roof
    peak_fraction: float  # nvbench's BWUtil: GlobalMem BW / the device's peak
    seed_text: float  # the seed text's fraction of peak, or None
    is_reference: bool


@dataclass
class LadderData:
    ladder: Ladder
    point: int  # where it was drawn (the ladder's own point when measured)
    roof: State  # memcpy at that point, or None
    rungs: list


def fastest(states):
    return min(states, key=lambda s: s.time) if states else None


def ladder_data(run, ladder):
    points = sorted({s.axes[ladder.axis] for s in run.measured(ladder.family) if ladder.axis in s.axes})
    if not points:
        return None
    point = ladder.point if ladder.point in points else points[-1]

    def at_point(benchmark, variant):  # the ladders are drawn on spread data where a state has a data kind
        return fastest([s for s in run.measured(benchmark, variant)
                        if s.at(ladder.axis, point) and s.axes.get("data") in (None, "spread")])

    roof = at_point(ladder.roof_benchmark, "memcpy")
    roof_bw = roof.gmem_bw if roof else None
    rungs = []
    for benchmark, variants, is_reference in ((ladder.family, run.variants(ladder.family), False),
                                              (ladder.roof_benchmark, ladder.references, True)):
        for variant in variants:
            best = at_point(benchmark, variant)
            if best is None:
                continue
            rungs.append(Rung(variant, best.axes.get("block", ""), ratio(best.gmem_bw, roof_bw),
                              ratio(best.effective_bw, roof_bw), best.bw_util,
                              SEED_TEXT_FRACTIONS.get(variant), is_reference))
    return LadderData(ladder, point, roof, rungs)


def ladder_section(data):
    ladder = data.ladder
    lines = [f"### {ladder.title} at {fmt_point(ladder.axis, data.point)}", ""]
    if data.point != ladder.point:
        lines += [f"({fmt_point(ladder.axis, ladder.point)} was not measured: the largest measured point instead)", ""]
    if data.roof is None:
        lines += ["(memcpy not measured here: no copy roof, fractions unknown)", ""]
    else:
        lines += [f"Copy roof: memcpy {fmt_time(data.roof.time)}, {fmt_gbps(data.roof.gmem_bw)} GB/s (read + write).", ""]
    rows = [(f"`{r.name}`" + (" (reference)" if r.is_reference else ""), r.block, fmt_pct(r.gmem_fraction),
             fmt_pct(r.effective_fraction), fmt_pct(r.peak_fraction), fmt_pct(r.seed_text)) for r in data.rungs]
    lines += table(("variant", "fastest block", "GlobalMem / roof", "Effective / roof", "GlobalMem / peak",
                    "seed text (of peak)"), rows)
    lines.append("")
    return lines


def summary_markdown(run, ladders):
    lines = [f"# smemc_bench on {run.device}", "",
             f"From nvbench's JSON; command line: `{' '.join(run.argv)}`.", "",
             "GlobalMem GB/s: the bytes the spec row counts (every pass, partial and workspace), per second of mean "
             "cold GPU time; Effective GB/s: the input's bytes per second; of peak: nvbench's BWUtil. "
             "1 GB/s = 10^9 bytes/s.", "",
             "## The issue's comparisons", "",
             "speed vs ref: the reference's time over the variant's (100 % = as fast as the reference).", ""]
    for comparison in COMPARISONS:
        lines += comparison_section(run, comparison)
    lines += ["## Ladders", "",
              "Fractions of the copy roof (cudaMemcpy device to device, read + write) at the same size; the seed text's "
              "figures are fractions of its GPUs' peak (reductions: input bytes over peak, RTX PRO 4000, n = 2^25; "
              "transposes: its \"bandwidth utilization\", 4096²).", ""]
    for data in ladders:
        lines += ladder_section(data)
    lines += ["## Every state", ""]
    for benchmark in FAMILIES + (REFERENCE_N, REFERENCE_MATRIX, REFERENCE_BYTES, REFERENCE_SAMPLES):
        if any(s.benchmark == benchmark for s in run.states):
            lines += measurement_section(run, benchmark)
    return "\n".join(lines).rstrip() + "\n"


# --- the picture ----------------------------------------------------------------------------


def import_pyplot():
    try:
        import matplotlib
    except ImportError:
        return None
    matplotlib.use("Agg")  # files only, no display needed
    import matplotlib.pyplot as plt

    return plt


def draw_ladders(plt, run, ladders, path):
    ladders = [d for d in ladders if d.rungs]
    heights = [len(d.rungs) + 1.5 for d in ladders]  # panels as tall as their rungs
    fig, axes = plt.subplots(len(ladders), 1, figsize=(10, 1.0 + 0.5 * sum(heights)), squeeze=False,
                             gridspec_kw={"height_ratios": heights})
    # One scale for every panel: at least the roof and a little room for the labels.
    widest = max([1.0] + [f for d in ladders for r in d.rungs for f in (r.gmem_fraction, r.effective_fraction)
                          if f is not None and math.isfinite(f)])
    bar = 0.27
    for ax, data in zip(axes[:, 0], ladders):
        names = [f"{r.name}" + (f" (B={r.block})" if r.block != "" else "") for r in data.rungs]
        ys = range(len(data.rungs))

        def values(attribute):
            return [getattr(r, attribute) if getattr(r, attribute) is not None else 0.0 for r in data.rungs]

        ax.barh([y - bar for y in ys], values("gmem_fraction"), bar, label="GlobalMem BW / copy roof", color="#4c72b0")
        ax.barh(list(ys), values("effective_fraction"), bar, label="Effective BW / copy roof", color="#55a868")
        seed = [r.seed_text for r in data.rungs]
        ax.barh([y + bar for y in ys], [v or 0.0 for v in seed], bar, label="seed text: fraction of peak",
                color="white", edgecolor="#c44e52", hatch="//")
        for y, r in zip(ys, data.rungs):
            for offset, value in ((-bar, r.gmem_fraction), (0.0, r.effective_fraction), (bar, r.seed_text)):
                if value is not None:
                    ax.text(value + 0.01, y + offset, f"{100 * value:.0f} %", va="center", fontsize=7)
        ax.set_yticks(list(ys))
        ax.set_yticklabels(names, fontsize=8)
        ax.invert_yaxis()
        ax.axvline(1.0, color="gray", linewidth=0.8, linestyle="--")
        ax.set_xlim(0, widest * 1.2)
        roof = f"memcpy {fmt_gbps(data.roof.gmem_bw)} GB/s" if data.roof else "no memcpy measured"
        ax.set_title(f"{data.ladder.title} at {fmt_point(data.ladder.axis, data.point)} (copy roof: {roof})",
                     fontsize=10)
        ax.legend(fontsize=7, loc="lower right")
    axes[-1, 0].set_xlabel("fraction (1.0 = the copy roof, dashed)")
    fig.suptitle(f"smemc_bench on {run.device}", fontsize=11)
    fig.tight_layout()
    fig.savefig(path, dpi=130)
    plt.close(fig)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("json", help="the --json file of a smemc_bench run")
    parser.add_argument("--md", help="also write the markdown summary here")
    parser.add_argument("--png", help="draw the ladders into this PNG (needs matplotlib)")
    args = parser.parse_args(argv)
    try:
        run = load_run(args.json)
    except (NotAnSmemcRun, OSError) as e:
        print(f"ladder.py: {e}", file=sys.stderr)
        return 2
    ladders = [d for d in (ladder_data(run, ladder) for ladder in LADDERS) if d is not None]
    text = summary_markdown(run, ladders)
    sys.stdout.write(text)
    if args.md:
        with open(args.md, "w", encoding="utf-8") as f:
            f.write(text)
    if args.png:
        plt = import_pyplot()
        if plt is None:
            print("ladder.py: matplotlib is not installed (python3 -m pip install matplotlib): no PNG written",
                  file=sys.stderr)
            return 3
        draw_ladders(plt, run, ladders, args.png)
        print(f"ladder.py: ladders drawn into {args.png}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
