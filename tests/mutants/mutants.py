#!/usr/bin/env python3
"""Plant known bugs one at a time and check that the suite catches each.

Each mutant edits one place of the source (exactly one occurrence must
match): a kernel, a launcher, a fixture, a spec row. The test binary that
checks it is rebuilt with the bug and run on the checks its filter names,
with the device's ordinary workload and --gtest_fail_fast (the first failure
is enough). A mutant that only a sanitizer sees (a deleted barrier whose
race happens to give the right sums on a GPU) runs under that
compute-sanitizer tool instead, with the reduced workload. The source is
restored afterwards, also on error.

    python3 tests/mutants/mutants.py run <build-dir> [--only BACKEND|ID...]
        plant, rebuild and run here (CUDA mutants need a GPU)
    python3 tests/mutants/mutants.py prebuild <build-dir> <out-dir> [--only BACKEND|ID...]
        plant and rebuild here, keep each mutant's stripped test binary in
        <out-dir>/<id>/ (a machine without a GPU builds the CUDA ones)
    python3 tests/mutants/mutants.py prebuilt <out-dir> [--only BACKEND|ID...]
        run binaries made by `prebuild` (on the GPU machine: no rebuild)
    python3 tests/mutants/mutants.py list
    python3 tests/mutants/mutants.py check [--with-missing-anchor]
        every mutant's original text is in its file exactly once (CTest:
        selftest.planted_bugs_match_their_sources)

BACKEND is cuda, opencl, host (fixtures and spec rows: no device),
package (the example ports: planted in examples/, caught by the package
test, which installs this build and rebuilds the example; `run` only) or
script (the CTest wrappers in ctest_config/: caught by the CTest test the
mutant names, run from the planted source; `run` only). A
mutant no test catches makes the script exit 1; one that could not run
(no device: every test skipped) exits 3. Results are a table on stdout;
docs/results/ keeps the tables of the recorded runs.
"""
import argparse
import fnmatch
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Mutant:
    id: str                # a short name, also the folder of its prebuilt binary
    bug: str               # what is planted
    file: str              # relative to the repository root
    original: str          # must occur exactly once in the file
    planted: str
    backend: str           # cuda | opencl | host
    binary: str            # the test binary that checks it (a build target)
    gtest_filter: str
    tool: str = ""         # a compute-sanitizer tool: the bug is run under it
    env: dict = field(default_factory=dict)
    # A regex the output must show for the run to count as clean; its absence
    # is the catch (for a check whose failure is a missing line, not a FAILED test).
    clean_output: str = ""
    # A CTest test of the build that must fail (a tool run with its own
    # expectation, such as an exhibit's exact finding), run instead of the
    # binary once it is rebuilt with the bug; `run` only.
    ctest: str = ""


CUDA_REDUCE, CUDA_TRANSPOSE, CUDA_MA = "smemc_reduce_cuda_tests", "smemc_transpose_cuda_tests", "smemc_moving_average_cuda_tests"
CUDA_SCHEDULING = "smemc_scheduling_cuda_tests"
CUDA_HIST, OCL_HIST = "smemc_histogram_cuda_tests", "opencl/smemc_histogram_opencl_tests"
OCL_REDUCE, OCL_TRANSPOSE, OCL_MA = ("opencl/smemc_reduce_opencl_tests", "opencl/smemc_transpose_opencl_tests",
                                     "opencl/smemc_moving_average_opencl_tests")
FIXTURES, SPEC = "smemc_fixture_tests", "smemc_spec_tests"

MUTANTS = [
    # --- CUDA kernels and launchers -------------------------------------------
    Mutant("fixup-last-partial", "fix-up skips the last partial", "kernels/reduce/cuda/fixup.cu",
           "for (int i = threadIdx.x; i < count; i += blockDim.x)",
           "for (int i = threadIdx.x; i < count - 1; i += blockDim.x)",
           "cuda", CUDA_REDUCE, "*reduce_block_fixup*:*reduce_smem_fixup*"),
    Mutant("atomic-no-zero", "atomic launcher forgets to zero out", "kernels/reduce/cuda/reduce_block.cu",
           'prepare("reduce_block_atomic", n, x, out, block, OutStart::zeroed, stream)',
           'prepare("reduce_block_atomic", n, x, out, block, OutStart::overwritten, stream)',
           "cuda", CUDA_REDUCE, "*reduce_block_atomic*"),
    Mutant("halving-odd", "halving cascade drops the odd element", "kernels/reduce/cuda/reduce_by_halving.cu",
           "    m = upper;\n", "    m = half;\n", "cuda", CUDA_REDUCE, "*reduce_by_halving_any_n*"),
    Mutant("halving-first-pass", "power-of-two cascade starts one fold short", "kernels/reduce/cuda/reduce_by_halving.cu",
           "for (int m = static_cast<int>(n / 2); m > 0; m /= 2)", "for (int m = static_cast<int>(n / 4); m > 0; m /= 2)",
           "cuda", CUDA_REDUCE, "*/reduce_by_halving_f32"),
    Mutant("smem-tree-barrier", "shared-memory tree loses its per-level __syncthreads()", "kernels/reduce/cuda/block_tree.cuh",
           "    __syncthreads();  // the previous level's partials are all in scratch\n", "",
           "cuda", CUDA_REDUCE, "*host_model_bitwise/reduce_smem_fixup_f32:*host_model_bitwise/reduce_smem_dynamic_f32",
           tool="racecheck"),
    Mutant("syncwarp-first", "__syncwarp() tail loses the barrier between read and write", "kernels/reduce/cuda/block_tree.cuh",
           "    __syncwarp();  // every lane has read its partner before any lane overwrites its own slot\n", "",
           "cuda", CUDA_REDUCE, "*host_model_bitwise/reduce_warp_syncwarp_f32", tool="racecheck"),
    Mutant("launcher-synchronises", "a launcher waits for its kernels (cudaStreamSynchronize)", "kernels/reduce/cuda/reduce_smem.cu",
           "  if constexpr (finish == Finish::partials) fixup(blocks, partials, out, stream);\n",
           "  if constexpr (finish == Finish::partials) fixup(blocks, partials, out, stream);\n"
           "  SMEMC_CUDA_CHECK(cudaStreamSynchronize(stream));\n",
           "cuda", CUDA_REDUCE, "*reduce_smem_fixup_f32"),
    Mutant("launcher-default-stream", "a launcher enqueues on the default stream", "kernels/reduce/cuda/reduce_block.cu",
           "reduce_block<<<blocks, block, 0, stream>>>(static_cast<int>(n), x);",
           "reduce_block<<<blocks, block, 0, nullptr>>>(static_cast<int>(n), x);",
           "cuda", CUDA_REDUCE, "*reduce_block_fixup_f32"),
    Mutant("vec4-order", "grid-stride reduction adds a float4 in another order", "kernels/reduce/cuda/reduce_vec4.cu",
           "__device__ float sum4(float4 v) { return (v.x + v.y) + (v.z + v.w); }",
           "__device__ float sum4(float4 v) { return (v.x + v.z) + (v.y + v.w); }",
           "cuda", CUDA_REDUCE, "*reduce_vec4_grid_stride_f32"),
    Mutant("vec4-tail", "grid-stride reduction loses the last tail element", "kernels/reduce/cuda/reduce_vec4.cu",
           "if (g < tail) acc = acc + tail_in[g];", "if (g < tail - 1) acc = acc + tail_in[g];",
           "cuda", CUDA_REDUCE, "*reduce_vec4_grid_stride_f32"),
    Mutant("padded-edge", "transpose_padded edge-tile bound off by one", "kernels/transpose/cuda/transpose.cu",
           "if (out_row < cols && out_col < rows)", "if (out_row <= cols && out_col < rows)",
           "cuda", CUDA_TRANSPOSE, "*/transpose_padded_*"),
    Mutant("tiled-barrier", "tiled transpose reads the tile before it is loaded (barrier deleted)",
           "kernels/transpose/cuda/transpose.cu",
           "    tile[threadIdx.y][threadIdx.x] = in[(size_t)y * n + x];\n\n  __syncthreads();",
           "    tile[threadIdx.y][threadIdx.x] = in[(size_t)y * n + x];\n",
           "cuda", CUDA_TRANSPOSE, "*transpose_tiled_f32", tool="racecheck"),
    Mutant("32x8-rows", "32x8 transpose moves every other row group only", "kernels/transpose/cuda/transpose.cu",
           "    for (int k = 0; k < TILE; k += kRowsPerPass) {\n      if (out_row + k < cols)",
           "    for (int k = 0; k < TILE; k += 2 * kRowsPerPass) {\n      if (out_row + k < cols)",
           "cuda", CUDA_TRANSPOSE, "*transpose_padded_32x8_*"),
    Mutant("mean-divisor", "the block moving average divides by i, not i + 1", "kernels/moving_average/cuda/moving_average.cu",
           "data[index] = narrow<typename T::E>(mean_of<A, T::kSignedMean>(sum, index + 1));",
           "data[index] = narrow<typename T::E>(mean_of<A, T::kSignedMean>(sum, index));",
           "cuda", CUDA_MA, "*moving_average_block_*"),
    Mutant("scan-carry", "the tile scan's exclusive carry reads its own slot", "kernels/moving_average/cuda/moving_average.cu",
           "    const A before = t > 0 ? s[t - 1] : A(0);",
           "    const A before = s[t];",
           "cuda", CUDA_MA, "*moving_average_scan_*"),
    Mutant("lookback-inclusive", "look-back publishes a tile's exclusive prefix as its inclusive one",
           "kernels/moving_average/cuda/moving_average_lookback.cu",
           "      publish(status, tile, kInclusive, exclusive + aggregate);", "      publish(status, tile, kInclusive, exclusive);",
           "cuda", CUDA_MA, "*moving_average_lookback_f32"),
    Mutant("lookback-staged-striped", "the look-back's threads take their elements from the staging as striped, not blocked",
           "kernels/moving_average/cuda/moving_average_lookback.cu",
           "      const float4 x = warp_staging[lane * kQuads + q];", "      const float4 x = warp_staging[q * 32 + lane];",
           "cuda", CUDA_MA, "*moving_average_lookback_f32"),
    Mutant("lookback-staging-no-syncwarp", "the look-back's warps read the staging before every lane has filled it",
           "kernels/moving_average/cuda/moving_average_lookback.cu",
           "    __syncwarp();  // the warp's span is in its region\n", "",
           "cuda", CUDA_MA, "*host_model_bitwise/moving_average_lookback_f32", tool="racecheck"),
    Mutant("lookback-in-place", "the look-back reads and writes its float4s in place (half of every sector) instead of staged",
           "kernels/moving_average/cuda/moving_average_lookback.cu",
           "  const bool staged = warp_first + 32 * kItems <= n;", "  const bool staged = false && warp_first + 32 * kItems <= n;",
           "cuda", "profile/smemc_profile_target", "profile.lookback_one_pass", ctest="profile.lookback_one_pass"),
    Mutant("block-ma-barrier", "one-block moving average sums before the array is staged (barrier deleted)",
           "kernels/moving_average/cuda/moving_average.cu",
           "  __syncthreads();  // every element is in shared memory before anyone sums\n", "",
           "cuda", CUDA_MA, "*host_model_bitwise/moving_average_block_*", tool="racecheck"),
    # --- the OpenCL port: the same classes of bug in the OpenCL C sources ------
    Mutant("ocl-global-barrier", "OpenCL global tree loses a barrier", "kernels/reduce/opencl/reduce.cl",
           "    barrier(CLK_GLOBAL_MEM_FENCE);\n    // the previous level's partials", "    // the previous level's partials",
           "opencl", OCL_REDUCE, "*reduce_block_fixup*"),
    Mutant("ocl-atomic-retry", "OpenCL float atomic add gives up after one compare-exchange", "kernels/reduce/opencl/reduce.cl",
           "    seen = atomic_cmpxchg(bits, expected, as_int(as_float(expected) + value));\n  } while (seen != expected);",
           "    seen = atomic_cmpxchg(bits, expected, as_int(as_float(expected) + value));\n  } while (false);",
           "opencl", OCL_REDUCE, "*reduce_block_atomic*:*reduce_smem_atomic*"),
    Mutant("ocl-vec4-tail", "OpenCL grid-stride reduction loses the last tail element", "kernels/reduce/opencl/reduce.cl",
           "  if (g < tail) acc = acc + in[4 * float4s + g];", "  if (g < tail - 1) acc = acc + in[4 * float4s + g];",
           "opencl", OCL_REDUCE, "*reduce_vec4_grid_stride_f32"),
    Mutant("ocl-scan-carry", "OpenCL tile scan drops the first element's carry", "kernels/moving_average/opencl/moving_average.cl",
           "    const acc_t before = t > 0 ? s[t - 1] : (acc_t)0;",
           "    const acc_t before = t > 1 ? s[t - 1] : (acc_t)0;",
           "opencl", OCL_MA, "*moving_average_scan*"),
    Mutant("ocl-table-row", "OpenCL table loses a row (its line names no spec row)", "kernels/moving_average/opencl/table.cpp",
           '    {"moving_average_block", &moving_average_block, {}, &typed_on_device},\n',
           '    {"moving_average_blocks", &moving_average_block, {}, &typed_on_device},\n',
           "opencl", OCL_MA, "MovingAverageTable.*"),
    Mutant("ocl-padded-tile", "OpenCL padded tile's rows overlap (a stride two elements short of a row)",
           "kernels/transpose/opencl/transpose.cl",
           "{ return tile + r * row_elements + c; }",
           "{ return tile + r * (row_elements - 2) + c; }",
           "opencl", OCL_TRANSPOSE, "*/transpose_padded_*"),
    # --- the fixtures and the spec rows (no device) -----------------------------
    Mutant("guard-far-end", "guard check stops one byte short of the guard's end", "fixtures/src/guarded_buffer.cpp",
           "  for (std::size_t i = 0; i < kGuardBytes; ++i) {", "  for (std::size_t i = 0; i + 1 < kGuardBytes; ++i) {",
           "host", FIXTURES, "GuardZones.*"),
    Mutant("ma-means-narrow-one-past", "the streamed models convert the count 2^31 from 32 bits (it wraps negative)",
           "kernels/moving_average/host_models.cpp",
           "std::clamp<std::int64_t>(std::int64_t{INT32_MAX} - first, 0, count)",
           "std::clamp<std::int64_t>(std::int64_t{INT32_MAX} - first + 1, 0, count)",
           "host", SPEC, "MovingAverageModelMeans.*"),
    Mutant("ma-stream-one-element-tiles-shifted", "the streamed scan's one-element tiles take the element after their own",
           "kernels/moving_average/host_models.cpp", "        values_into(value, n, first + begin, own);", "        values_into(value, n, first + begin + 1, own);",
           "host", SPEC, "*stream_model_is_the_model*"),
    Mutant("ma-scan-step-drops-last-carried", "the model's Hillis-Steele step leaves its last element below d stale",
           "kernels/moving_average/host_models.hpp",
           "    for (std::size_t t = 0; t < d; ++t) after[t] = before[t];",
           "    for (std::size_t t = 0; t + 1 < d; ++t) after[t] = before[t];",
           "host", SPEC, "*stream_model_is_the_model*:*model_within_bound*:*depth_formula*"),
    Mutant("ma-stream-lookback-prefix-short", "the streamed look-back gives each thread's prefix to all but its last element",
           "kernels/moving_average/host_models.cpp",
           "offset + std::min<std::int64_t>(kept, (h + 1) * kLookbackItems);",
           "offset + std::min<std::int64_t>(kept, (h + 1) * kLookbackItems - 1);",
           "host", SPEC, "*stream_model_is_the_model*"),
    Mutant("hashed-one-to-two-short-mantissa", "the profile inputs' hashed mantissas take 22 bits of the hash, not 23",
           "fixtures/include/smemc/hashed_values.hpp",
           "return 1.0f + static_cast<float>(h >> 41) * 0x1p-23f;", "return 1.0f + static_cast<float>(h >> 42) * 0x1p-23f;",
           "host", FIXTURES, "HashedValues.*"),
    Mutant("size-token-row-may-select-none", "a filter token naming an exhibit row that has no test selects nothing, silently",
           "fixtures/src/test_size.cpp", "      if (!selected && !token->row.empty()) {",
           "      if (false && !selected && !token->row.empty()) {",
           "host", FIXTURES, "TestSizes.*"),
    Mutant("per-accumulator-keeps-every-typing", "the tool runs' ,per_accumulator selection keeps every typing of a row",
           "fixtures/src/test_size.cpp", "        if (token->per_accumulator) {", "        if (false && token->per_accumulator) {",
           "host", FIXTURES, "TestSizes.*"),
    Mutant("per-accumulator-across-checks", "the ,per_accumulator selection keeps a row's class once per binary, not per check",
           "fixtures/src/test_size.cpp", "  return test.suite + \".\" + test.name.substr(0, slash) + \" \" + at->second;",
           "  return at->second;", "host", FIXTURES, "TestSizes.*"),
    Mutant("ma-bound-filter-accepts-all", "the moving averages' bound check accepts every finite prefix in doubles",
           "tests/moving_average/moving_average_checks.cpp", "filter.residual_high(out, i) <= bound_of(k, filter.abs_low(), i))",
           "filter.residual_high(out, i) == filter.residual_high(out, i))",
           "host", SPEC, "MovingAverageModelMeans.*"),
    Mutant("ma-bound-filter-twice-the-bound", "the moving averages' bound check, in doubles, allows twice the bound",
           "tests/moving_average/moving_average_checks.cpp", "filter.residual_high(out, i) <= bound_of(k, filter.abs_low(), i))",
           "filter.residual_high(out, i) <= 2 * bound_of(k, filter.abs_low(), i))",
           "host", SPEC, "MovingAverageModelMeans.*"),
    Mutant("ma-filter-twosum-wrong", "the bound filter's running prefix drops what each addition rounded off (no TwoSum error)",
           "tests/moving_average/moving_average_checks.cpp",
           "  const double error = (s_hi_ - (hi - back)) + (x - back);", "  const double error = 0.0 * ((s_hi_ - (hi - back)) + (x - back));",
           "host", SPEC, "MovingAverageModelMeans.*"),
    Mutant("ma-filter-no-lo-far", "the bound filter's residual bound leaves out how far its running prefix may be",
           "tests/moving_average/moving_average_checks.cpp", "+ rounded) + lo_far_) + kSlack)", "+ rounded) + 0.0) + kSlack)",
           "host", SPEC, "MovingAverageModelMeans.*"),
    Mutant("ma-filter-abs-low-unshrunk", "the bound filter takes its running sum|a| as a lower bound, not shrunk for its roundings",
           "tests/moving_average/moving_average_checks.cpp",
           "  return abs_ * (1.0 - 2.0 * static_cast<double>(abs_roundings_ + 2) * kU);", "  return abs_ * (1.0 + 2.0 * static_cast<double>(abs_roundings_ + 2) * kU);",
           "host", SPEC, "MovingAverageModelMeans.*"),
    Mutant("ma-bound-exact-catch-up-short", "the bound check's exact sums catch up to one element short of the prefix they decide",
           "tests/moving_average/moving_average_checks.cpp",
           "    for (; exact_through <= i; ++exact_through) prefix.add(element(a, exact_through));",
           "    for (; exact_through < i; ++exact_through) prefix.add(element(a, exact_through));",
           "host", SPEC, "*MovingAverage*"),
    Mutant("host-threads-zero", "SMEMC_HOST_THREADS=0 is taken (as no cap) instead of refused",
           "kernels/common/host_threads.hpp", "*end != '\\0' || n < 1 || n > 4096", "*end != '\\0' || n < 0 || n > 4096",
           "host", FIXTURES, "HostThreads.*"),
    Mutant("poison-zero", "outputs poisoned with zeros", "fixtures/include/smemc/float_bits.hpp",
           "inline constexpr std::uint8_t kPoisonByte = 0xFF;", "inline constexpr std::uint8_t kPoisonByte = 0x00;",
           "host", FIXTURES, "Poison.*:GuardZones.*"),
    Mutant("comparator-zero-sign", "the comparator takes -0 for +0", "fixtures/include/smemc/float_bits.hpp",
           "  if (e == g) return true;  // references never produce the poison pattern",
           "  if (e == g || expected == got) return true;",
           "host", FIXTURES, "Comparator.*:SameResult.*"),
    Mutant("edge-sizes-2k1", "edge sizes lose 2^k + 1", "fixtures/src/generators.cpp",
           "    sizes.insert(sizes.end(), {p - 1, p, p + 1});", "    sizes.insert(sizes.end(), {p - 1, p});",
           "host", FIXTURES, "EdgeSizes.*:Generators.*"),
    Mutant("small-integers-too-large", "small_integers draws past the exactness bound", "fixtures/src/data.cpp",
           "      const std::int64_t m = small_integer_bound(n, scalar_of<T>());\n      generate(x, rng, 1,\n               [m](SplitMix64& r) { return F::make(",
           "      const std::int64_t m = 64 * small_integer_bound(n, scalar_of<T>());\n      generate(x, rng, 1,\n               [m](SplitMix64& r) { return F::make(",
           "host", FIXTURES, "DataPromises*.*:DataProperty.*"),
    Mutant("exact-sum-carry", "the exact sum drops a carry between words", "fixtures/src/exact_sum.cpp",
           "  carry = static_cast<std::uint64_t>(sum < a) | static_cast<std::uint64_t>(total < sum);",
           "  carry = static_cast<std::uint64_t>(total < sum);",
           "host", FIXTURES, "ExactSum*.*:ErrorBound*.*"),
    Mutant("zero-case-property", "a property that ran no case passes", "fixtures/src/testing.cpp",
           "  if (cases == 0) {", "  if (cases < 0) {",
           "host", FIXTURES, "PropertyFloor.trivial_property", env={"RC_PARAMS": "max_success=0"},
           clean_output=r"\[  SKIPPED \] PropertyFloor\.trivial_property"),
    Mutant("tree-depth", "the trees' summation depth formula one short", "kernels/reduce/host_models.cpp",
           "  return 1 + ceil_log2(block) + per_fixup_thread + ceil_log2(kFixupThreads);",
           "  return ceil_log2(block) + per_fixup_thread + ceil_log2(kFixupThreads);",
           "host", SPEC, "reduce/ReduceSpec*.*"),
    Mutant("tree-block-rule", "the trees take any block size", "kernels/reduce/spec.cpp",
           "  return {.block = {min_block, 1024, true},\n",
           "  return {.block = {min_block, 1024, false},\n",
           "host", SPEC, "reduce/ReduceSpec.contract_table/*"),
    # --- port rows, narrowings, classes, the matrix (issue 14) -------------------
    Mutant("port-row-name-clash", "a port row may take a spec row's name", "kernels/common/implementation.hpp",
           '      if (names_spec_row(specs, name)) problems.push_back("port row \'" + name + "\' has the name of a spec row");\n', "",
           "host", FIXTURES, "ImplementationTable.*"),
    Mutant("narrowing-keeps-blocks", "a narrowing keeps the blocks it excludes among the tested ones", "kernels/common/spec.cpp",
           "    if (narrowing_violation(narrowing, 0, b).empty()) tested_blocks.push_back(b);",
           "    tested_blocks.push_back(b);",
           "host", FIXTURES, "ImplementationTable.*"),
    Mutant("worst-case-depth", "the worst-case depth of a row that states none is halved", "kernels/common/spec.hpp",
           "{ return leaves <= 1 ? 0 : leaves - 1; }", "{ return leaves <= 1 ? 0 : leaves / 2; }",
           "host", FIXTURES, "WorstCaseDepth.*"),
    Mutant("reduced-blocks-uncapped", "the reduced workload's cases run to 2^12 whatever the block (the tool runs' 128 blocks at B = 32)",
           "fixtures/include/smemc/workload.hpp", "    if (max_blocks <= 0 || block <= 0) return max_elements;",
           "    return max_elements;", "host", FIXTURES, "Workloads.*"),
    Mutant("dense-sweep-loses-limit", "a full sweep past its dense range (2^18) no longer runs its limit", "fixtures/src/generators.cpp",
           "    for (std::int64_t n : {boundary - 1, boundary + 1, max}) {", "    for (std::int64_t n : {boundary - 1, boundary + 1}) {",
           "host", FIXTURES, "Workloads.*"),
    Mutant("drawn-past-dense", "a full run's properties draw to 2^24 again (past the dense range)",
           "fixtures/include/smemc/workload.hpp",
           "return std::min(max_elements_for_block(block), dense_elements); }", "return max_elements_for_block(block); }",
           "host", FIXTURES, "Workloads.*"),
    Mutant("carry-chunks-uncrossed", "a full run's scan sizes stop at the dense range (no carry chunk crossed at B >= 256)",
           "tests/moving_average/moving_average_cases.cpp",
           "  return {chunk - 1, chunk + 1, 2 * chunk + 1};", "  return {chunk - 1};",
           "host", SPEC, "MovingAverageCases.*"),
    Mutant("tool-run-tiles-uncounted", "the tool runs' block cap ignores a row's tile (the look-back's 24B never reaches a second tile)",
           "tests/moving_average/moving_average_cases.cpp",
           "{ return edge_block(block) * std::int64_t{s.items_per_thread}; }", "{ return edge_block(block) + 0 * s.items_per_thread; }",
           "host", SPEC, "MovingAverageCases.*"),
    Mutant("matrix-drawn-past-dense", "a full run's transposes draw matrices to 4096 x 4096 again (past the dense range)",
           "tests/transpose/transpose_cases.cpp",
           "  const std::int64_t most = std::min(w.max_matrix_elements, w.dense_matrix_elements);",
           "  const std::int64_t most = w.max_matrix_elements;", "host", SPEC, "*TransposeSpec.drawn_shapes*"),
    Mutant("fault-shrinks", "a property keeps shrinking on a faulted device", "fixtures/src/testing.cpp",
           "          if (!fault.empty()) {\n            RC_DISCARD(", "          if (false) {\n            RC_DISCARD(",
           "host", FIXTURES, "PropertyFault.*"),
    Mutant("verdict-device-skips", "a variant whose device checks all skipped shows as a pass", "fixtures/src/matrix.cpp",
           "  if (device_pass == 0 && device_skip > 0) {", "  if (false) {",
           "host", FIXTURES, "ConformanceMatrix.*"),
    Mutant("records-overwrite", "two binaries' records of one check share a file (the last overwrites)", "fixtures/src/records.cpp",
           'std::string file_name_for(const Record& r) { return sanitized(r.binary + "." + r.backend + "." + r.test) + ".tsv"; }',
           'std::string file_name_for(const Record& r) { return sanitized(r.backend + "." + r.test) + ".tsv"; }',
           "host", FIXTURES, "ConformanceMatrix.*"),
    Mutant("bound-past-domain", "the error bound is finite past ku >= 1 (where gamma_k is no bound)", "fixtures/src/error_bound.cpp",
           "  if (static_cast<double>(depth) * u >= 1.0) return std::numeric_limits<double>::infinity();\n", "",
           "host", FIXTURES, "ErrorBound.*"),
    # --- required rows, negative controls (issue 16) ---------------------------
    Mutant("cuda-table-declines", "the CUDA table declines a required row", "kernels/transpose/cuda/transpose.cu",
           "      typed_line<&transpose_padded<float>, Padded, kPadded, TILE>(sizeof(float) * TILE * (TILE + 1)),\n",
           '      {{.name = kPadded, .not_implemented = "padding left for later", .declined = Decline::port_rows_instead},\n'
           "       kernel_symbol<&transpose_padded<float>>(kPadded, sizeof(float) * TILE * (TILE + 1))},\n",
           "host", CUDA_TRANSPOSE, "TransposeTable.*"),
    # (A declined entry without its launcher no longer builds: -Werror's
    # unused function. The decline is planted where a device decides it.)
    Mutant("ocl-table-declines", "the OpenCL table declines a required row on a device without sub-group shuffles",
           "kernels/reduce/opencl/table.cpp", '    {"reduce_warp_syncwarp", &reduce_warp_syncwarp},\n',
           '    {"reduce_warp_syncwarp", &reduce_warp_syncwarp, {}, &shfl_on_device},\n',
           "opencl", OCL_REDUCE, "*/reduce_warp_syncwarp_f32"),
    Mutant("require-device-ignored", "SMEMC_REQUIRE_DEVICE=1 no longer fails a device check without a device",
           "fixtures/src/testing.cpp", "  if (device_required()) FAIL()", "  if (false && device_required()) FAIL()",
           "host", FIXTURES, "RequireDeviceSwitch.*", env={"SMEMC_REQUIRE_DEVICE": "1"},
           clean_output=r"\[  FAILED  \] RequireDeviceSwitch\.device_check"),
    Mutant("gamma-not-rounded-up", "gamma_k loses its rounding up", "fixtures/src/error_bound.cpp",
           "  return k == 0 ? 0.0 : up(ku / (1.0 - ku));", "  return k == 0 ? 0.0 : ku / (1.0 - ku);",
           "host", FIXTURES, "ErrorBound*.*"),
    Mutant("exact-zero-sign", "the exact sum of cancelling terms with a -0 among them is -0", "fixtures/include/smemc/exact_sum.hpp",
           "return terms_ > 0 && negative_zero_terms_ == terms_;", "return negative_zero_terms_ > 0;",
           "host", FIXTURES, "ExactSum*.*"),
    Mutant("profile-le-strict", "the profile wrapper's <= is strict", "ctest_config/profile.sh",
           'else if (op == "<=") { holds = x <= t[3] + 0;', 'else if (op == "<=") { holds = x < t[3] + 0;',
           "script", "profile_selftest.thresholds", "profile_selftest.thresholds"),
    Mutant("profile-range-open", "the profile wrapper's range leaves out its upper end", "ctest_config/profile.sh",
           'holds = x >= t[3] + 0 && x <= t[4] + 0;', 'holds = x >= t[3] + 0 && x < t[4] + 0;',
           "script", "profile_selftest.thresholds", "profile_selftest.thresholds"),
    Mutant("gpu-only-skip-when-required", "a GPU-only test that was not built skips even where a device is required",
           "ctest_config/gpu_only_skip.sh", "    exit 1\n", "",
           "script", "selftest.gpu_only_skip_fails_where_a_device_is_required",
           "selftest.gpu_only_skip_fails_where_a_device_is_required"),
    Mutant("sanitize-deferred-probe-lost", "under SMEMC_REQUIRE_DEVICE a failed tool run never asks the probe why",
           "ctest_config/sanitize.sh",
           '  if [ "$probe_deferred" -eq 1 ]; then\n    probe_device_or_fail',
           '  if [ "$probe_deferred" -eq 2 ]; then\n    probe_device_or_fail',
           "script", "selftest.sanitize_wrapper", "selftest.sanitize_wrapper"),
    Mutant("sanitize-required-run-skips", "under SMEMC_REQUIRE_DEVICE a run that exits 77 ends as a skip",
           "ctest_config/sanitize.sh", '    if [ "$code" -eq 77 ]; then', '    if [ "$code" -eq 78 ]; then',
           "script", "selftest.sanitize_wrapper", "selftest.sanitize_wrapper"),
    Mutant("sanitize-passes-without-device", "under SMEMC_REQUIRE_DEVICE a clean run with no device passes",
           "ctest_config/sanitize.sh",
           'grep -q -- "device tests FAIL (SMEMC_REQUIRE_DEVICE=1)" "$log"; then',
           'grep -q -- "device tests FAILED (SMEMC_REQUIRE_DEVICE=1)" "$log"; then',
           "script", "selftest.sanitize_wrapper", "selftest.sanitize_wrapper"),
    Mutant("sanitize-finding-count-one-way", "an exhibit's finding may lose hazard sites unnoticed (only more fail)",
           "ctest_config/sanitize.sh",
           'if [ -n "$distinct_expected" ] && [ "$distinct" -ne "$distinct_expected" ]; then',
           'if [ -n "$distinct_expected" ] && [ "$distinct" -gt "$distinct_expected" ]; then',
           "script", "selftest.sanitize_wrapper", "selftest.sanitize_wrapper"),
    Mutant("sanitize-canary-any-report", "a canary passes on any report, not only its planted one",
           "ctest_config/sanitize.sh",
           '    if ! grep -Eq -- "$regex" "$log"; then',
           '    if false && ! grep -Eq -- "$regex" "$log"; then',
           "script", "selftest.sanitize_wrapper", "selftest.sanitize_wrapper"),
    Mutant("ocl-seed-sums-past", "the seed exhibit gets worse: its last work-item also sums the slot past its own",
           "kernels/moving_average/opencl/moving_average.cl",
           "  for (i = 0; i <= index; i++) {\n    sum += sh_arr[i];", "  for (i = 0; i <= index + 1; i++) {\n    sum += sh_arr[i];",
           "opencl", OCL_MA, "oclgrind.exhibit.moving_average_seed", ctest="oclgrind.exhibit.moving_average_seed"),
    Mutant("contract-case-removed", "the vec4 row's contract table loses its aligned-offset acceptance",
           "tests/reduce/reduce_contract_cases.hpp", '{64, 256, "aligned", 8}, {64, 256, "", 16}}}', '{64, 256, "aligned", 8}}}',
           "host", SPEC, "reduce/ReduceSpec.contract*"),
    Mutant("lookback-blockidx-tile", "the look-back trusts blockIdx.x for its tile instead of the ticket",
           "kernels/moving_average/cuda/moving_average_lookback.cu",
           "  if (threadIdx.x == 0) tile_of_block = static_cast<int>(atomicAdd(ticket, 1u));",
           "  if (threadIdx.x == 0) tile_of_block = static_cast<int>(blockIdx.x + 0u * atomicAdd(ticket, 1u));",
           "cuda", CUDA_SCHEDULING, "SchedulingAdversary.*"),
    Mutant("ocl-workspace-offset", "OpenCL tree writes its partials at the data's offset", "kernels/reduce/opencl/table.cpp",
           "  const BufferArg in = buffer(a.data, t.element, name), partials = buffer(a.workspace, t.accumulator, name);",
           "  const BufferArg in = buffer(a.data, t.element, name), partials{buffer(a.workspace, t.accumulator, name).mem, in.offset};",
           "opencl", OCL_REDUCE, "*/reduce_smem_fixup_*"),
    Mutant("transpose-traffic-twice", "the transposes' rows state their input read twice", "kernels/transpose/spec.cpp",
           "  return {bytes, bytes};", "  return {2 * bytes, bytes};",
           "cuda", "profile/smemc_profile_target", "profile.traffic_transpose_*", ctest="profile.traffic_transpose_naive"),
    Mutant("digests-case-sets", "the cross-backend comparison passes a variant whose cases one side dropped",
           "tests/cross_backend/compare_digests.cpp",
           "  return common > 0 && differ == 0 && unmatched == 0 ? 0 : 1;", "  return common > 0 && differ == 0 ? 0 : 1;",
           "host", "cross_backend/smemc_compare_digests", "selftest.compare_digests", ctest="selftest.compare_digests"),
    Mutant("32x8-padding-dropped", "the padded tiles lose their padding (bank conflicts, right results: only the profile sees)",
           "kernels/transpose/cuda/transpose.cu",
           "  static constexpr std::size_t kRowBytes = TILE * sizeof(T) + kPaddingBytes;",
           "  static constexpr std::size_t kRowBytes = TILE * sizeof(T);",
           "cuda", "profile/smemc_profile_target", "profile.transpose_padded_32x8_4096",
           ctest="profile.transpose_padded_32x8_4096"),
    Mutant("nan-inf-no-negative", "nan_inf never draws -Inf", "fixtures/src/data.cpp",
           "const T minus_inf = from_bits<T>(static_cast<B>(exponent_mask<T>() | sign_bit<T>()));",
           "const T minus_inf = from_bits<T>(static_cast<B>(exponent_mask<T>()));",
           "host", FIXTURES, "DataPromises*.*"),
    Mutant("install-loses-a-family", "the reduction family's manifest loses a spec header (the install would lack it)",
           "kernels/reduce/family.cmake",
           "set(SMEMC_FAMILY_SPEC_HEADERS_reduce spec.hpp host_models.hpp)", "set(SMEMC_FAMILY_SPEC_HEADERS_reduce spec.hpp)",
           "script", "selftest.family_registrations", "selftest.family_registrations"),
    Mutant("tidy-widening-after-multiply", "the look-back's tile count multiplies in int, then widens (the pattern that overflows once the product passes 2^31)",
           "kernels/moving_average/spec.cpp", "return ceil_div(n, std::int64_t{model::kLookbackItems} * block); }",
           "return ceil_div(n, static_cast<std::int64_t>(model::kLookbackItems * block)); }",
           "script", "lint.clang_tidy_spec", "lint.clang_tidy_spec"),
    Mutant("manifest-loses-profile", "the histogram's manifest forgets its profile checks (they would silently not run)",
           "kernels/histogram/family.cmake",
           "set(SMEMC_FAMILY_PROFILE_histogram histogram/profile.cmake histogram/profile_cases.cu)", "",
           "script", "selftest.family_registrations", "selftest.family_registrations"),
    Mutant("ocl-host-only-unnamed", "a host-only OpenCL process names no platform (its checks land in a table of their own)",
           "fixtures/opencl/opencl_backend.cpp", "        status_.platform = opencl::chosen_platform_name();\n", "",
           "opencl", OCL_REDUCE, "opencl.host_only_names_its_platform",
           ctest="opencl.host_only_names_its_platform"),
    # --- issue 23: the suite's power, round 4 -------------------------------------
    Mutant("index-int-grid-stride", "the global-atomics histogram's grid-stride index is an int (wraps past 2^31)",
           "kernels/histogram/cuda/histogram.cu",
           "  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {\n"
           "    const long long k = bin_of(data[i], p);\n    if (k >= 0) atomicAdd(&bins[k], 1u);",
           "  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {\n"
           "    const long long k = bin_of(data[i], p);\n    if (k >= 0) atomicAdd(&bins[k], 1u);",
           "script", "lint.index_arithmetic", "lint.index_arithmetic"),
    Mutant("hashed-fill-ignores-first", "the CUDA backend's hashed fill starts every fill from index 0, not `first`",
           "fixtures/cuda/cuda_backend.cu", "    out[j] = hashed_float(g, first + j);", "    out[j] = hashed_float(g, j + 0 * first);",
           "cuda", "smemc_smem_facts_cuda_tests", "HashedFill.*"),
    Mutant("hashed-fill-piece-restarts", "the default hashed fill starts each host piece from `first` again",
           "fixtures/src/backend.cpp", "          piece[j] = hashed_float(g, first + static_cast<std::int64_t>(done + j));",
           "          piece[j] = hashed_float(g, first + static_cast<std::int64_t>(j + 0 * done));",
           "opencl", "opencl/smemc_opencl_backend_tests", "HashedFill.*"),
    Mutant("hashed-one-to-four-wide", "the hashed 1-to-4 input takes 1 to 8", "fixtures/include/smemc/hashed_values.hpp",
           "    case HashedKind::one_to_four: return static_cast<float>(1 + (h & 3u));",
           "    case HashedKind::one_to_four: return static_cast<float>(1 + (h & 7u));",
           "host", FIXTURES, "HashedValues.*"),
    Mutant("hashed-one-in-1021-shifted", "the hashed sparse input takes its 1 where the hash is 1 past a multiple of 1021",
           "fixtures/include/smemc/hashed_values.hpp", "    case HashedKind::one_in_1021: return h % 1021 == 0 ? 1.0f : 0.0f;",
           "    case HashedKind::one_in_1021: return h % 1021 == 1 ? 1.0f : 0.0f;",
           "host", FIXTURES, "HashedValues.*"),
    Mutant("fixup-count-unchecked", "launch_fixup takes a count its int index would wrap on", "kernels/reduce/cuda/fixup.cu",
           "  if (count < 1 || count > kMaxFixupCount) {", "  if (count < 1) {",
           "cuda", "smemc_smem_facts_cuda_tests", "CudaKit.*"),
    Mutant("fixup-seeded-with-first", "the fix-up seeds each thread with its first partial instead of +0 (the same sum but for zeros)",
           "kernels/reduce/cuda/fixup.cu",
           "  A sum = A(0);\n  for (int i = threadIdx.x; i < count; i += blockDim.x) sum = sum + partials[i * stride];",
           "  A sum = threadIdx.x < count ? partials[threadIdx.x * stride] : A(0);\n"
           "  for (int i = threadIdx.x + blockDim.x; i < count; i += blockDim.x) sum = sum + partials[i * stride];",
           "cuda", CUDA_REDUCE, "*/ReduceFloating.negative_zeros_every_size_class/*"),
    Mutant("ocl-fixup-seeded-with-first", "the OpenCL fix-up seeds each work-item with its first partial instead of +0",
           "kernels/reduce/opencl/reduce.cl",
           "  acc_t sum = (acc_t)0;\n  for (int i = get_local_id(0); i < count; i += get_local_size(0)) sum = sum + partials[i * stride];",
           "  acc_t sum = (int)get_local_id(0) < count ? partials[get_local_id(0) * stride] : (acc_t)0;\n"
           "  for (int i = get_local_id(0) + get_local_size(0); i < count; i += get_local_size(0)) sum = sum + partials[i * stride];",
           "opencl", OCL_REDUCE, "*/ReduceFloating.negative_zeros_every_size_class/*"),
    Mutant("exact-merge-drops-neg-inf", "merging exact sums loses the other piece's -Inf terms", "fixtures/src/exact_sum.cpp",
           "  neg_inf_terms_ += other.neg_inf_terms_;\n", "", "host", FIXTURES, "ExactSum.*"),
    Mutant("compare-stops-one-short", "the element comparison's report loop stops before the last element",
           "fixtures/src/compare.cpp", "  for (std::size_t i = 0; i < expected_size; ++i) {",
           "  for (std::size_t i = 0; i + 1 < expected_size; ++i) {", "host", FIXTURES, "Comparator.*"),
    Mutant("digest-poison-is-a-nan", "the results' digest puts the poison in the class of every other NaN",
           "fixtures/src/compare.cpp", "    if (v != v && bits != kPoisonBits) bits = 0x7FC00000u;",
           "    if (v != v) bits = 0x7FC00000u;", "host", FIXTURES, "Comparator.*"),
    Mutant("digest-index-ignored", "the results' digest leaves the element's index out of its term",
           "fixtures/src/compare.cpp", "    return index_hash((index * 0x9E3779B97F4A7C15ull) ^ bits);",
           "    return index_hash((0 * index) ^ bits);", "host", FIXTURES, "Comparator.*"),
    Mutant("digest-piece-split-lost", "the results' digest sums only the first of its ranges (one core's share)",
           "fixtures/src/compare.cpp", "      [](std::uint64_t a, std::uint64_t b) { return a + b; });",
           "      [](std::uint64_t a, std::uint64_t) { return a; });", "host", FIXTURES, "Comparator.*"),
    Mutant("ma-large-digest-shifted", "the large checks digest the streamed model's means one index past their own",
           "tests/moving_average/test_moving_average.cpp",
           "      digests_[static_cast<std::size_t>(chunk)] += result_digest(piece.subspan(done, part), at);",
           "      digests_[static_cast<std::size_t>(chunk)] += result_digest(piece.subspan(done, part), at + 1);",
           "cuda", CUDA_MA, "*MovingAverageLarge.large_n/moving_average_scan_f32"),
    Mutant("refusal-any-reason", "a launcher's refusal passes whatever it says", "fixtures/src/testing.cpp",
           "    EXPECT_NE(what.find(mentioning), std::string_view::npos)", "    EXPECT_NE(what.find(\"\"), std::string_view::npos)",
           "host", FIXTURES, "RefusalCheck.*"),
    Mutant("port-row-twice-adjacent-only", "a port row defined twice is found only where the two are neighbours",
           "kernels/common/implementation.hpp", "    for (std::size_t j = i + 1; j < table.size(); ++j) {",
           "    for (std::size_t j = i + 1; j < std::min(table.size(), i + 2); ++j) {", "host", FIXTURES, "ImplementationTable.*"),
    Mutant("size-rule-lets-small-grow", "a small check may hold any device memory (its declared size never held to it)",
           "fixtures/src/test_size.cpp", "  if (declared == Size::small && peak_device_bytes > kSmallCheckDeviceBytes) {",
           "  if (declared == Size::small && peak_device_bytes > 64 * kSmallCheckDeviceBytes) {", "host", FIXTURES, "TestSizes.*"),
    # The class checks weakened: each negative-control port row's recorded
    # findings go, and the package test fails (examples/cpu_port/cpu_negative_controls.cpp).
    Mutant("ordered-held-to-bound", "an ordered row is held only to the error bound, not to its model's bits",
           "tests/reduce/test_reduce.cpp",
           "    case Determinism::ordered: return expect_same_bits(model_result(v, x, block), got, context);",
           "    case Determinism::ordered: return expect_within_bound(v, *sum_reference(v, x), x, block, got, context);",
           "package", "package.example_port", "*cpu_control_ordered_reversed*"),
    Mutant("exact-one-ulp-slack", "an exact row may be one ulp from the correctly rounded sum", "tests/reduce/reduce_harness.cpp",
           "  if (!same_element(expected, 0, got, 0, NanPayloads::may_differ)) {\n    fail_check(\n",
           "  if (!same_element(expected, 0, got, 0, NanPayloads::may_differ) &&\n"
           "      !(is_floating(got.type()) && std::nextafter(static_cast<float>(expected.to_double(0)), HUGE_VALF) ==\n"
           "                                       static_cast<float>(got.to_double(0)))) {\n    fail_check(\n",
           "package", "package.example_port", "*cpu_control_exact_one_ulp*"),
    Mutant("deterministic-never-rerun", "a deterministic row's repeat runs are compared with the first run's own bits",
           "tests/reduce/test_reduce.cpp", "      const Values again = runs.run_again();",
           "      const Values again = (runs.run_again(), first);",
           "package", "package.example_port", "*cpu_control_deterministic_varies*"),
    Mutant("ocl-seed-barrier-removed", "the seed exhibit loses its one barrier (a second race, before the sums: its pinned finding changes)",
           "kernels/moving_average/opencl/moving_average.cl",
           "  sh_arr[index] = d_a[index];\n  barrier(CLK_LOCAL_MEM_FENCE);  // every element is in local memory before anyone sums\n",
           "  sh_arr[index] = d_a[index];\n",
           "opencl", OCL_MA, "oclgrind.exhibit.moving_average_seed", ctest="oclgrind.exhibit.moving_average_seed"),
    Mutant("profile-traffic-slack-doubled", "the profile wrapper's traffic slack above the stated bytes doubles",
           "ctest_config/profile.sh", "  high=$((total + total * traffic_above / 100))", "  high=$((total + total * traffic_above / 50))",
           "script", "profile_selftest.thresholds", "profile_selftest.thresholds"),
    # The stated traffic against the models' own counts (common/traffic.hpp):
    # each a formula that miscounts one launch, caught on the host.
    Mutant("traffic-tree-last-block", "the in-place tree's last block counts a store for each of its m elements, not min(m, B)",
           "kernels/reduce/spec.cpp", "(n / span) * block + std::min<std::int64_t>(n % span, block);",
           "(n / span) * block + n % span;", "host", SPEC, "reduce/ReduceSpec.traffic_is_the_models_count/*"),
    Mutant("traffic-atomic-no-memset", "an atomic finish's traffic forgets the memset that zeroes out",
           "kernels/reduce/spec.cpp", "  return {tree.bytes_read + z.output, tree.bytes_written + z.output + z.output};",
           "  return {tree.bytes_read + z.output, tree.bytes_written + z.output};",
           "host", SPEC, "reduce/ReduceSpec.traffic_is_the_models_count/*"),
    Mutant("traffic-vec4-no-partials", "the vec4 row's traffic forgets the G partials it writes",
           "kernels/reduce/spec.cpp", "  return {z.element * n + z.accumulator * blocks, z.accumulator * blocks + z.output};",
           "  return {z.element * n + z.accumulator * blocks, z.output};",
           "host", SPEC, "reduce/ReduceSpec.traffic_is_the_models_count/*"),
    Mutant("traffic-scan-carry-per-thread", "the three-phase scan counts each thread's load of its tile's carry",
           "kernels/moving_average/spec.cpp", "  return {E * 2 * n + A * 2 * tiles, bytes_of(t.output) * n + A * 2 * tiles};",
           "  return {E * 2 * n + A * (n + tiles), bytes_of(t.output) * n + A * 2 * tiles};",
           "host", SPEC, "moving_average/MovingAverageSpec.traffic_is_the_models_count/*"),
    Mutant("traffic-lookback-status-twice", "the look-back counts both stores to a tile's status word",
           "kernels/moving_average/spec.cpp", "F * n + kTicket + 8 * tiles};", "F * n + kTicket + 16 * tiles};",
           "host", SPEC, "moving_average/MovingAverageSpec.traffic_is_the_models_count/*"),
    Mutant("traffic-hist-no-clear", "the histograms' traffic forgets the memset of the bins",
           "kernels/histogram/spec.cpp", "kCount * bins + kCount * hit};", "kCount * hit};",
           "host", SPEC, "histogram/HistogramSpec.traffic_is_the_models_count/*"),
    Mutant("traffic-transpose-read-twice", "the transposes' rows state their input read twice (the host twin of transpose-traffic-twice)",
           "kernels/transpose/spec.cpp", "  return {bytes, bytes};", "  return {2 * bytes, bytes};",
           "host", SPEC, "transpose/TransposeSpec.traffic_is_the_models_count/*"),
    # --- the histogram (the fourth family) ---------------------------------------
    Mutant("hist-no-clear", "the histogram launcher does not clear the bins", "kernels/histogram/cuda/histogram.cu",
           "  SMEMC_CUDA_CHECK(cudaMemsetAsync(bins, 0, static_cast<std::size_t>(a.binning.bins) * sizeof(unsigned), as_cuda(s)));\n",
           "", "cuda", CUDA_HIST, "*exact_counts/*:*edge_sizes/*"),
    Mutant("hist-privatised-barrier", "the privatised histogram merges before every thread has counted (barrier dropped)",
           "kernels/histogram/cuda/histogram.cu", "  __syncthreads();  // every count is in before the merge reads the bins\n",
           "", "cuda", CUDA_HIST, "*edge_sizes/histogram_smem_privatised_*"),
    Mutant("hist-lane-merge-short", "the lane-banks merge sums 31 of a bin's 32 copies", "kernels/histogram/cuda/histogram.cu",
           "for (int c = 0; c < kLanes; ++c) total +=", "for (int c = 0; c < kLanes - 1; ++c) total +=",
           "cuda", CUDA_HIST, "*/histogram_smem_lane_banks_*"),
    Mutant("hist-merge-drops-ones", "the privatised merge skips bins that counted one sample", "kernels/histogram/cuda/histogram.cu",
           "if (block_bins[k] != 0) atomicAdd", "if (block_bins[k] > 1) atomicAdd",
           "cuda", CUDA_HIST, "*/histogram_smem_privatised_*"),
    # The wide row (issue 24): its load shape, its tail and its division-free bin.
    Mutant("hist-wide-second-load", "the wide row's second 16-byte load in flight takes the next vector, not the next stride's",
           "kernels/histogram/cuda/histogram.cu", "second = vectors[q + threads];", "second = vectors[q + 1];",
           "cuda", CUDA_HIST, "*/histogram_smem_wide_*"),
    # The wide row's runs and its one-bin-per-value kernel (issue 24, round 3).
    Mutant("hist-wide-run-counts-one", "the wide row counts 16 bytes of one repeated sample as one sample",
           "kernels/histogram/cuda/histogram.cu", "count_samples(samples[0], kPerVector);", "count_samples(samples[0], 1u);",
           "cuda", CUDA_HIST, "*exact_counts/histogram_smem_wide_*:*every_binning/histogram_smem_wide_*"),
    Mutant("hist-wide-run-words-only", "the wide row takes four equal words of bytes for one repeated byte",
           "kernels/histogram/cuda/histogram.cu", "return words_equal && v.x == __byte_perm(v.x, 0, 0x0000);",
           "return words_equal;", "cuda", CUDA_HIST, "*every_binning/histogram_smem_wide_u8_*"),
    Mutant("hist-wide-run-three-words", "the wide row's run test compares three of the four words",
           "kernels/histogram/cuda/histogram.cu", "((v.x ^ v.y) | (v.y ^ v.z) | (v.z ^ v.w)) == 0;", "((v.x ^ v.y) | (v.y ^ v.z)) == 0;",
           "cuda", CUDA_HIST, "*every_binning/histogram_smem_wide_*"),
    Mutant("hist-wide-offset-unchecked", "the one-bin-per-value kernel counts samples outside the levels too",
           "kernels/histogram/cuda/histogram.cu", "if (offset < integer_bins.range) atomicAdd(", "if (true) atomicAdd(",
           "cuda", CUDA_HIST, "*every_binning/histogram_smem_wide_*"),
    Mutant("hist-wide-offset-any-binning", "the one-bin-per-value kernel is chosen for binnings of fewer bins than values",
           "kernels/histogram/cuda/histogram.cu", "if (p.bins == p.integer_range) return &histogram_smem_wide<T, true>;",
           "if (p.bins <= p.integer_range) return &histogram_smem_wide<T, true>;",
           "cuda", CUDA_HIST, "*every_binning/histogram_smem_wide_*"),
    Mutant("hist-reciprocal-no-step-up", "the division-free bin never steps its estimate up (an estimate one short stays)",
           "kernels/histogram/bin_rule.hpp",
           "  } else if (remainder >= static_cast<std::int32_t>(b.range)) {\n    ++q;\n  }\n", "  }\n",
           "host", SPEC, "HistogramRule.*"),
    Mutant("hist-exact-quotient-no-residual", "the floating bin's exact path trusts a rounded quotient without its residual",
           "kernels/histogram/bin_rule.hpp",
           "    if (fused_multiply_add(c, range, -scaled) == 0) return k;", "    return k;",
           "host", SPEC, "HistogramRule.*"),
    Mutant("hist-exact-quotient-at-one", "the floating bin's exact path puts a quotient of exactly 1 in bin 0",
           "kernels/histogram/bin_rule.hpp", "    if (c < 1) return 0;", "    if (c <= 1) return 0;",
           "host", SPEC, "HistogramRule.*"),
    Mutant("hist-exact-quotient-no-residual-device", "the CUDA rows' floating bin trusts a rounded quotient (on the device only: the host's reference keeps the rule)",
           "kernels/histogram/bin_rule.hpp",
           "    if (fused_multiply_add(c, range, -scaled) == 0) return k;\n",
           "#if defined(__CUDA_ARCH__)\n    return k;\n#else\n    if (fused_multiply_add(c, range, -scaled) == 0) return k;\n#endif\n",
           "cuda", CUDA_HIST, "*every_binning/*_f64_u32"),
    Mutant("ocl-hist-exact-quotient-no-residual", "the OpenCL floating bin trusts a rounded quotient without its residual",
           "kernels/histogram/opencl/histogram.cl",
           "    if (fma(c, range, -scaled) == 0) return k;", "    return k;",
           "opencl", OCL_HIST, "*every_binning/*_f64_u32"),
    Mutant("ocl-hist-wide-tail", "the OpenCL wide row's tail loop stops one sample short",
           "kernels/histogram/opencl/histogram.cl",
           "  for (long i = WIDE_SAMPLES * full + g; i < n; i += stride) {",
           "  for (long i = WIDE_SAMPLES * full + g; i < n - 1; i += stride) {",
           "opencl", OCL_HIST, "*histogram_smem_wide*"),
    Mutant("hist-n-narrowed", "the histogram launcher passes n as int (2^32 - 1 becomes -1)", "kernels/histogram/cuda/histogram.cu",
           "static_cast<long long>(a.n), p, bins);",
           "static_cast<int>(a.n), p, bins);",
           "cuda", CUDA_HIST, "*large_limit/histogram_global_atomics_u8_u32"),
    Mutant("hist-privatised-global", "the privatised histogram counts in global memory (right counts: only the profile sees)",
           "kernels/histogram/cuda/histogram.cu",
           "    if (k >= 0) atomicAdd(&block_bins[k], 1u);\n", "    if (k >= 0) atomicAdd(&bins[k], 1u);\n",
           "cuda", "profile/smemc_profile_target", "profile.histogram_privatised_counts_in_shared",
           ctest="profile.histogram_privatised_counts_in_shared"),
    Mutant("ocl-hist-barrier", "the OpenCL privatised histogram merges before the group has counted (barrier dropped)",
           "kernels/histogram/opencl/histogram.cl",
           "  barrier(CLK_LOCAL_MEM_FENCE);  // every count is in before the merge reads the bins\n", "",
           "opencl", OCL_HIST, "*/histogram_smem_privatised_*"),
    Mutant("ocl-hist-bins-offset", "the OpenCL histograms ignore the bins' offset (write into the guard)",
           "kernels/histogram/opencl/histogram.cl",
           "  global uint* out_bins = bins_base + bins_offset;  ", "  global uint* out_bins = bins_base;                ",
           "opencl", OCL_HIST, "*/histogram_global_atomics_*"),
    Mutant("hist-limit-past-counts", "the histogram rows state a limit one past what 32-bit counts hold", "kernels/histogram/spec.cpp",
           "constexpr std::int64_t kCountLimit = std::int64_t{UINT32_MAX};",
           "constexpr std::int64_t kCountLimit = std::int64_t{UINT32_MAX} + 1;",
           "host", SPEC, "histogram/HistogramSpec.*"),
    Mutant("hist-reference-skips-first", "the checks' reference count skips the first integer sample",
           "tests/histogram/histogram_samples.hpp",
           "      for (T x : samples.as<T>()) {\n        const auto v = static_cast<std::int64_t>(x);",
           "      for (T x : samples.as<T>().subspan(samples.empty() ? 0 : 1)) {\n        const auto v = static_cast<std::int64_t>(x);",
           "host", SPEC, "HistogramReference.*"),
    # --- typed rows (issue 22): the bugs that hide in the types ----------------
    Mutant("ocl-half-rtz", "OpenCL stores half outputs rounded toward zero", "kernels/common/opencl/typed.cl",
           "  vstore_half_rte((float)v, i, base);", "  vstore_half_rtz((float)v, i, base);",
           "opencl", OCL_MA, "*/moving_average_*_f16_f32_f16"),
    Mutant("exhibit-record-blind", "an exhibit's recorded finding may go away unnoticed", "fixtures/src/testing.cpp",
           "  return recorded_to_fail ? ExhibitVerdict::finding_gone : ExhibitVerdict::new_finding;",
           "  return recorded_to_fail ? ExhibitVerdict::as_recorded : ExhibitVerdict::new_finding;",
           "host", FIXTURES, "ExhibitRecord.*"),
    Mutant("ocl-bf16-ties-away", "OpenCL rounds bfloat16 ties away from zero (seen only on ties: integer means past 256, the rounding_ties data)",
           "kernels/common/opencl/typed.cl",
           "  return (ushort)((u + 0x7FFFu + ((u >> 16) & 1u)) >> 16);", "  return (ushort)((u + 0x8000u) >> 16);",
           "opencl", OCL_MA, "*/moving_average_*_bf16_f32_bf16"),
    Mutant("bf16-truncated", "CUDA narrows to bfloat16 by truncation", "kernels/common/cuda/device_types.cuh",
           "    return __float2bfloat16_rn(static_cast<float>(a));", "    return __float2bfloat16_rz(static_cast<float>(a));",
           "cuda", CUDA_MA, "*/moving_average_*_bf16_f32_bf16"),
    Mutant("host-half-ties-away", "the host's half rounding breaks ties away from zero", "kernels/common/types.cpp",
           "  return kept + ((rest > half || (rest == half && (kept & 1u) != 0)) ? 1u : 0u);",
           "  return kept + ((rest >= half) ? 1u : 0u);",
           "host", SPEC, "ScalarTypes.*"),
    Mutant("host-bf16-truncated", "the host's bfloat16 rounding truncates", "kernels/common/types.cpp",
           "  const std::uint32_t lsb = (x >> 16) & 1u;\n  return {static_cast<std::uint16_t>((x + 0x7FFFu + lsb) >> 16)};",
           "  return {static_cast<std::uint16_t>(x >> 16)};",
           "host", SPEC, "ScalarTypes.*"),
    Mutant("ocl-i64-in-32-bits", "OpenCL sums an int64 typing in 32 bits", "kernels/common/opencl/opencl_runtime.cpp",
           "t.accumulator == Scalar::i64 ? Scalar::u64 : t.accumulator;", "t.accumulator == Scalar::i64 ? Scalar::u32 : t.accumulator;",
           "opencl", OCL_REDUCE, "*/reduce_smem_fixup_i64"),
    Mutant("exact-sum-through-float", "the exact sum takes a double through float", "fixtures/include/smemc/exact_sum.hpp",
           "  void add(double x) { add_product(x, 1); }", "  void add(double x) { add_product(static_cast<float>(x), 1); }",
           "host", FIXTURES, "ExactSum*.*:ErrorBound*.*"),
    Mutant("padding-8-byte-word", "the 8-byte elements' tile padding is one word (the f32 rule)", "kernels/transpose/spec.hpp",
           "{{1, 4}, {2, 4}, {4, 4}, {8, 8}, {16, 16}}", "{{1, 4}, {2, 4}, {4, 4}, {8, 4}, {16, 16}}",
           "host", SPEC, "TransposeBanks.*"),
    Mutant("padding-one-byte", "the bytes' tile padding is one element (the 32x33 rule read in elements)", "kernels/transpose/spec.hpp",
           "{{1, 4}, {2, 4}, {4, 4}, {8, 8}, {16, 16}}", "{{1, 1}, {2, 4}, {4, 4}, {8, 8}, {16, 16}}",
           "host", SPEC, "TransposeBanks.*"),
    Mutant("hist-bin-in-int", "the integer bin is computed in int ((x - lower) * bins overflows for 16-bit samples)",
           "kernels/histogram/bin_rule.hpp",
           "  return static_cast<std::int64_t>(offset * static_cast<std::uint64_t>(p.bins) / static_cast<std::uint64_t>(p.integer_range));",
           "  return static_cast<int>(offset) * static_cast<int>(p.bins) / static_cast<int>(p.integer_range);",
           "host", SPEC, "HistogramRule.*"),
    Mutant("ocl-hist-bin-in-int", "the OpenCL integer bin is computed in int", "kernels/histogram/opencl/histogram.cl",
           "  return (long)((ulong)(x - p.integer_lower) * (ulong)p.bins / (ulong)p.integer_range);",
           "  return (long)((int)(x - p.integer_lower) * (int)p.bins / (int)p.integer_range);",
           "opencl", OCL_HIST, "*/histogram_global_atomics_u16_u32:*/histogram_global_atomics_i16_u32"),
    Mutant("ocl-hist-upper-counted", "the OpenCL floating histogram counts a sample equal to the upper level (in the last bin)",
           "kernels/histogram/opencl/histogram.cl",
           "  if (!(x >= lower && x < upper)) return -1;  // a NaN compares false: it does not count",
           "  if (!(x >= lower && x <= upper)) return -1;",
           "opencl", OCL_HIST, "*/histogram_global_atomics_f32_u32"),
    Mutant("hist-filter-too-tight", "the floating bin trusts candidates whose error can reach an integer", "kernels/histogram/bin_rule.hpp",
           "inline constexpr double kCertain = 0x1p-32;", "inline constexpr double kCertain = 0x1p-60;",
           "host", SPEC, "HistogramRule.*"),
    Mutant("hist-upper-counted", "the binning rule (the host's and CUDA's) counts a sample equal to the upper level",
           "kernels/histogram/bin_rule.hpp",
           "  if (!(x >= p.lower && x < p.upper)) return -1;  // a NaN compares false: it does not count",
           "  if (!(x >= p.lower && x <= p.upper)) return -1;",
           "host", SPEC, "HistogramRule.*"),
    # --- the example ports, through the package tests (plant, reinstall, rebuild, rerun)
    Mutant("cpu-hist-chunk-tail", "the CPU port's own histogram loses each chunk's last sample",
           "examples/cpu_port/cpu_histogram.cpp",
           "      for (std::int64_t i = begin; i < end; ++i) {\n        if (const std::int64_t k",
           "      for (std::int64_t i = begin; i < end - 1; ++i) {\n        if (const std::int64_t k",
           "package", "package.example_port", "*cpu_histogram_chunks*"),
    Mutant("cpu-exact-sticky", "the CPU port's exact sum rounds without its sticky bits", "examples/cpu_port/cpu_exact_sum.cpp",
           "      for (int i = top - 25; i >= 0 && !below; --i) below = bit_at(i);", "",
           "package", "package.example_port", "*cpu_exact_sum*"),
    Mutant("cpu-narrowing-unenforced", "the CPU port's narrowed vec4 launcher takes what its narrowing excludes",
           "examples/cpu_port/cpu_reduce.cpp", "  reject_outside(name, kVec4Narrowing, a.n, a.block);\n", "",
           "package", "package.example_port", "*refuses_outside_narrowing*"),
    Mutant("cpu-scan-tail", "the CPU port's own moving average leaves the last element unwritten (tail off by one)",
           "examples/cpu_port/cpu_moving_average.cpp",
           "    for (std::int64_t i = t * tile; i < std::min(n, (t + 1) * tile); ++i) {\n",
           "    for (std::int64_t i = t * tile; i < std::min(n - 1, (t + 1) * tile); ++i) {\n",
           "package", "package.example_port", "*cpu_tiled_scan_mean*"),
    Mutant("cpu-chunked-depth", "the CPU port's own ordered row states a depth one level too small",
           "examples/cpu_port/cpu_chunked_sum.cpp",
           "  return std::min<std::int64_t>(block, n) - 1 + ceil_div(n, block) - 1;",
           "  return std::min<std::int64_t>(block, n) - 1 + ceil_div(n, block) - 2;",
           "package", "package.example_port", "*depth_formula_is_the_models/cpu_chunked_sum_f32"),
    Mutant("install-no-porting-doc", "the package installs no porting.md beside the spec's sources",
           "cmake/SmemcInstall.cmake", 'install(FILES docs/porting.md README.md DESTINATION "${SMEMC_INSTALL_DOCDIR}")',
           'install(FILES README.md DESTINATION "${SMEMC_INSTALL_DOCDIR}")',
           "package", "package.example_port", "package.example_port"),
    # Round 5: the large inputs, the divisor past 2^24, the self-test controls.
    Mutant("scan-divisor-exact", "the scan divides its prefix sum by the exact integer i + 1 (in double) instead of the float divisor",
           "kernels/moving_average/cuda/moving_average.cu",
           "  if constexpr (std::is_floating_point_v<A>) {\n    return sum / static_cast<A>(count);",
           "  if constexpr (std::is_floating_point_v<A>) {\n    return static_cast<A>(static_cast<double>(sum) / static_cast<double>(count));",
           "cuda", CUDA_MA, "*MovingAverageLarge.large_n/moving_average_scan_f32"),
    Mutant("ma-large-input-periodic", "the moving average's large input is periodic again (1, 2, 1, 2, ...)",
           "fixtures/include/smemc/hashed_values.hpp",
           "    case HashedKind::one_to_four: return static_cast<float>(1 + (h & 3u));",
           "    case HashedKind::one_to_four: return static_cast<float>(1 + (static_cast<std::uint64_t>(i) & 1u) + 0 * h);",
           "host", SPEC, "moving_average/MovingAverageSpec.large_input_has_no_period/moving_average_scan_*"),
    Mutant("exact-rounds-twice", "the exact reference rounds the exact sum to double first, then to float",
           "fixtures/src/exact_sum.cpp", "float ExactSum::to_float() const {",
           "float ExactSum::to_float() const { if (is_finite()) return static_cast<float>(to_double());",
           "host", FIXTURES, "ExactSum.*"),
    Mutant("manifest-check-ignores-tests", "the manifest check no longer looks at the family's test folder",
           "ctest_config/family_registrations.cmake",
           '  _files_in(tests_on_disk "${tests}" "${family}/" .cpp .hpp .cu .cmake)',
           '  set(tests_on_disk)',
           "script", "selftest.a_test_header_missing_from_a_manifest_is_named",
           "selftest.a_test_header_missing_from_a_manifest_is_named"),
    Mutant("shfl-half-warp-mask", "the shuffle tail's mask names half a warp (0x0000ffff)",
           "kernels/reduce/cuda/block_tree.cuh",
           "sum = sum + __shfl_down_sync(0xffffffffu, sum, offset);",
           "sum = sum + __shfl_down_sync(0x0000ffffu, sum, offset);",
           "script", "lint.warp_masks", "lint.warp_masks"),
    Mutant("reduce-overflow-edge-fixed", "overflow_edge runs its fixed 2^20 + 3 whatever the row's narrowing takes",
           "tests/reduce/reduce_cases.cpp", "  return size_for_check(s.domain, (std::int64_t{1} << 20) + 3, block);",
           "  return (std::int64_t{1} << 20) + 3 + 0 * block;",
           "host", SPEC, "reduce/ReduceSpec.every_check_case_is_in_the_domain/reduce_smem_fixup_i32"),
    Mutant("reduce-edge-unfitted", "edge_sizes rounds its sizes down to the multiple only, and keeps what the row refuses",
           "tests/reduce/reduce_cases.cpp",
           "  n = size_for_check(s.domain, n, block);\n  if (!takes(s, n, block)) return;",
           "  n = into_domain(s.domain, n);",
           "host", SPEC, "reduce/ReduceSpec.every_check_case_is_in_the_domain/reduce_smem_fixup_f32"),
    Mutant("transpose-held-fixed", "the launch-contract checks run a fixed 100 x 100 whatever the row's narrowing takes",
           "tests/transpose/transpose_cases.cpp",
           "std::pair<std::int64_t, std::int64_t> held_shape(const Spec& s) { return fit_up(s, 100, 100); }",
           "std::pair<std::int64_t, std::int64_t> held_shape(const Spec& s) { return {100 + 0 * s.shape.max_rows, 100}; }",
           "host", SPEC, "transpose/TransposeSpec.every_check_case_is_in_the_domain/transpose_padded_f32"),
    Mutant("transpose-square-ignores-multiple", "a square row's shape check ignores the multiple a narrowing or a port row's tile states",
           "kernels/transpose/spec.cpp",
           "  // Square rows too: a narrowing's or a port row's tile applies to n.\n  if (auto why = multiple_violation(s.shape, rows, cols); !why.empty()) return why;",
           "  if (!s.shape.square)\n    if (auto why = multiple_violation(s.shape, rows, cols); !why.empty()) return why;",
           "host", SPEC, "transpose/TransposeSpec.every_check_case_is_in_the_domain/transpose_naive_f32"),
    Mutant("ma-limit-unfitted", "the moving average's large_limit takes the row's n limit rounded to the multiple only (not to a power of two)",
           "tests/moving_average/moving_average_cases.cpp",
           "  return {block, largest_taken(s.domain, block)};",
           "  return {block, into_domain(s.domain, s.domain.largest_n(block))};",
           "host", SPEC, "moving_average/MovingAverageSpec.every_check_case_is_in_the_domain/moving_average_scan_f32"),
    Mutant("hist-held-fixed", "the histogram's launch-contract checks run a fixed 10007 samples whatever the row takes",
           "tests/histogram/histogram_cases.cpp", "  return {size_for_check(s.domain, 10007, block), block, default_binning_of(s, t)};",
           "  return {10007, block, default_binning_of(s, t)};",
           "host", SPEC, "histogram/HistogramSpec.every_check_case_is_in_the_domain/histogram_global_atomics_u8_u32"),
    Mutant("hist-edges-no-second-turn", "the histogram's edge_sizes lose the size that turns a full grid twice",
           "tests/histogram/histogram_cases.cpp",
           "    for (std::int64_t grid : {full_grid - 1, full_grid, full_grid + 1, 2 * full_grid + 33}) {",
           "    for (std::int64_t grid : {full_grid - 1, full_grid, full_grid + 1}) {",
           "host", SPEC, "histogram/HistogramSpec.edge_sizes_turn_a_full_grid_once_and_twice/histogram_global_atomics_u8_u32"),
    Mutant("hist-offsets-ignore-alignment", "data_offsets steps one sample whatever alignment the row states",
           "tests/histogram/histogram_cases.cpp",
           "  const std::size_t step = data_alignment_of(s, t) / info(t.element).bytes;  // samples",
           "  const std::size_t step = 1 + 0 * data_alignment_of(s, t);",
           "host", SPEC, "histogram/HistogramSpec.every_check_case_is_in_the_domain/histogram_global_atomics_u8_u32"),
    Mutant("hist-default-bins-uncut", "the single-binning checks keep 256 bins for a row that takes fewer",
           "tests/histogram/histogram_cases.cpp", "  b.bins = std::min(b.bins, s.max_bins);", "  b.bins = b.bins + 0 * s.max_bins;",
           "host", SPEC, "histogram/HistogramSpec.every_check_case_is_in_the_domain/histogram_global_atomics_u8_u32"),
    Mutant("ocl-legacy-tail-short", "the legacy tail loses its last step (v[t + 1]): one hazard site fewer, the same kind of finding",
           "kernels/reduce/opencl/reduce.cl", "    v[t] = sum = sum + v[t + 2];\n    v[t] = sum = sum + v[t + 1];\n",
           "    v[t] = sum = sum + v[t + 2];\n",
           "opencl", OCL_REDUCE, "oclgrind.exhibit.reduce_warp_volatile_legacy", ctest="oclgrind.exhibit.reduce_warp_volatile_legacy"),
    Mutant("cuda-legacy-tail-short", "the CUDA legacy tail loses its last step (v[t + 1]): one hazard site fewer, the same kind of finding",
           "kernels/reduce/cuda/block_tree.cuh", "  v[t] = sum = sum + v[t + 2];\n  v[t] = sum = sum + v[t + 1];\n  return sum;",
           "  v[t] = sum = sum + v[t + 2];\n  return sum;",
           "cuda", CUDA_REDUCE, "exhibit.racecheck.reduce_warp_volatile_legacy", ctest="exhibit.racecheck.reduce_warp_volatile_legacy"),
    Mutant("cuda-seed-no-barrier", "the CUDA seed exhibit loses its remaining barrier (the staging store races with the sums)",
           "kernels/moving_average/cuda/moving_average_seed.cu",
           "  __syncthreads();  // every element is in shared memory before anyone sums\n", "",
           "cuda", CUDA_MA, "racecheck.smemc_moving_average_cuda_tests", ctest="racecheck.smemc_moving_average_cuda_tests"),
    Mutant("scan-depth", "the scan's per-prefix depth ignores the chunk's carry", "kernels/moving_average/host_models.cpp",
           "  const std::int64_t carried = chunk == 0 ? 0 : tile_total + width(kCarryThreads - 1) + chunk;",
           "  const std::int64_t carried = 0 * chunk;",
           "host", SPEC, "moving_average/MovingAverageSpec*.*"),
    # --- issue 24: one process per suite and row (SMEMC_TEST_PROCESSES=batch) ----
    Mutant("batch-no-verdict-passes", "a batched test whose process ended during it reads back as passed",
           "fixtures/include/smemc/batch_result.hpp",
           "        << \"') ended during this test; its output above is all it printed\\n\";\n    return kFailed;",
           "        << \"') ended during this test; its output above is all it printed\\n\";\n    return kPassed;",
           "host", "smemc_batch_result", "selftest.batch_reports_each_test_alone",
           ctest="selftest.batch_reports_each_test_alone"),
    Mutant("batch-seed-from-filter", "a property's seed comes from the process's filter (a batched test draws other cases than alone)",
           "fixtures/src/testing.cpp",
           "std::uint64_t property_seed() { return property_seed_for(seeding().rc_params, current_test_name(), seeding().variation); }",
           "std::uint64_t property_seed() { return property_seed_for(seeding().rc_params, ::testing::GTEST_FLAG(filter), seeding().variation); }",
           "host", FIXTURES, "selftest.batch_reports_each_test_alone", ctest="selftest.batch_reports_each_test_alone"),
    Mutant("batch-fault-ends-batch", "after a sticky device fault the batch's later tests never run (no process continues them)",
           "fixtures/src/batch.cpp", "  if (count == 0) std::_Exit(0);", "  if (count >= 0) std::_Exit(0);",
           "host", FIXTURES, "selftest.batch_reports_each_test_alone", ctest="selftest.batch_reports_each_test_alone"),
    Mutant("batch-exhibit-strict-ignored", "a batched exhibit's documented failure passes even when SMEMC_EXHIBITS=strict",
           "fixtures/src/batch.cpp", "  return exhibit && !surprised && !strict_exhibits ? \"passed\" : \"failed\";",
           "  (void)strict_exhibits;\n  return exhibit && !surprised ? \"passed\" : \"failed\";", "host", FIXTURES,
           "BatchVerdict.*"),
    # Round 6: the package tests' argument path (a list value stays one argument).
    Mutant("example-step-splits-lists", "an example step passes its command with ${ARGN}: a list value becomes two arguments",
           "ctest_config/example_steps.cmake", "  execute_process(COMMAND ${step_UNPARSED_ARGUMENTS} COMMAND_ECHO",
           "  execute_process(COMMAND ${ARGN} COMMAND_ECHO",
           "script", "selftest.example_port_arguments", "selftest.example_port_arguments"),
    Mutant("example-architectures-unescaped", "the example's architecture list is joined with a bare ; (split on the way)",
           "ctest_config/example_steps.cmake", '    string(REPLACE "," "\\\\;" list "${architectures}")',
           '    string(REPLACE "," ";" list "${architectures}")',
           "script", "selftest.example_port_arguments", "selftest.example_port_arguments"),
]

SANITIZER_EXIT = 86


def sh(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)


def chosen_mutants(only):
    """`only` names backends or mutant ids (either may be mixed)."""
    return [m for m in MUTANTS if not only or m.backend in only or m.id in only]


def stale_anchors(mutants):
    """The mutants whose original text is not in their file exactly once."""
    stale = []
    for m in mutants:
        count = (ROOT / m.file).read_text().count(m.original)
        if count != 1:
            stale.append(f"{m.id}: {count} matches in {m.file}")
    return stale


def check_sources(mutants):
    stale = stale_anchors(mutants)
    if stale:
        sys.exit("mutants whose original text is not in their file exactly once: " + "; ".join(stale))


def find_sanitizer():
    found = shutil.which("compute-sanitizer")
    if found:
        return found
    for candidate in ("/usr/local/cuda/bin/compute-sanitizer", "/usr/local/cuda/compute-sanitizer/compute-sanitizer"):
        if os.access(candidate, os.X_OK):
            return candidate
    return None


def run_ctest_checks(m, build):
    """A package or script mutant, or one with `ctest`: its CTest test (the
    package test copies the planted example, installs this build and builds
    the example against it) must fail on a test its filter names."""
    test = m.ctest or m.binary
    tested = sh(["ctest", "--test-dir", str(build), "-R", f"^{re.escape(test)}$", "--output-on-failure"], timeout=900)
    out = tested.stdout
    # gtest's verdicts, and the example's CTest list (a crash prints no gtest verdict).
    failed = set(re.findall(r"^\[  FAILED  \] ([^,\s]+)", out, re.M))
    crashed = r"SEGFAULT|Subprocess aborted|Child aborted"
    failed |= set(re.findall(rf"^\s+\d+ - (\S+) \((?:Failed|Timeout|{crashed})", out, re.M))
    # A batch process that crashes (one process per row: a launcher that takes
    # what it must refuse may crash the row's process) leaves its tests "Not
    # Run", CTest's verdict for a failed fixture: the crash kept each of them
    # from passing, and the filter still names which must be among them.
    if re.search(rf"\*\*\*Exception|\((?:{crashed})\)", out):
        failed |= set(re.findall(r"^\s+\d+ - (\S+) \(Not Run\)", out, re.M))
    failed = sorted(failed)
    # A test that skipped (no device, no tool) or does not exist proves nothing.
    if not failed and re.search(r"\*\*\*Skipped|No tests were found", out):
        return "SKIPPED (the CTest check skipped or is not registered here)", [], ""
    wanted = [f for f in failed if any(fnmatch.fnmatch(f, p) for p in m.gtest_filter.split(":"))]
    if tested.returncode != 0 and wanted:
        first = re.search(r"^(.*(?:Failure|exceeds|expected|accepted|did not|lacks|OTHER THAN|MISSING).*)$", out, re.M)
        return "caught", wanted, first.group(1)[:200] if first else ""
    return "NOT CAUGHT", failed, out[-300:].replace("\n", " | ")


def run_checks(m, binary, build=None):
    """Runs the mutant's checks; returns (verdict, failing tests, first report)."""
    if m.backend in ("package", "script"):
        return run_ctest_checks(m, binary)
    if m.ctest:
        if build is None:
            return "SKIPPED (a CTest check: `run` only)", [], ""
        return run_ctest_checks(m, build)
    env = dict(os.environ, SMEMC_RESULTS_DIR="")
    env.pop("SMEMC_WORKLOAD", None)  # the device's ordinary workload: a lost atomic update needs real sizes
    env.pop("RC_PARAMS", None)
    env.update(m.env)
    # Brief output hides the skip lines a clean_output check reads.
    cmd = [str(binary), f"--gtest_filter={m.gtest_filter}", "--gtest_fail_fast"] + ([] if m.clean_output else ["--gtest_brief=1"])
    if m.tool:
        sanitizer = find_sanitizer()
        if not sanitizer:
            return "SKIPPED (no compute-sanitizer)", [], ""
        env["SMEMC_WORKLOAD"] = "reduced"
        cmd = [sanitizer, "--tool", m.tool, "--error-exitcode", str(SANITIZER_EXIT), "--report-api-errors", "no"] + cmd
    tested = sh(cmd, env=env, timeout=900)
    out = tested.stdout
    failed = sorted(set(re.findall(r"^\[  FAILED  \] ([^,\s]+)", out, re.M)))
    if m.tool and tested.returncode == SANITIZER_EXIT:
        reports = re.findall(r"^========= (.*(?:hazard|Race|race|Invalid|error).*)$", out, re.M)
        return "caught", failed, reports[0] if reports else "compute-sanitizer reported"
    if m.clean_output:
        if not re.search(m.clean_output, out, re.M):
            return "caught", failed, f"no line matching /{m.clean_output}/"
    elif tested.returncode != 0 and failed:
        first = re.search(r"^(.*(?:Failure|exceeds|expected|guard|mismatch|did not|written).*)$", out, re.M)
        return "caught", failed, first.group(1)[:200] if first else ""
    # Device checks skipped for want of a device prove nothing either way.
    if not failed and re.search(r"^SMEMC_SKIPPED: no usable", out, re.M):
        return "SKIPPED (no device)", failed, ""
    return "NOT CAUGHT", failed, out[-300:].replace("\n", " | ")


def built_mutants(build, only):
    """Yields (mutant, start time) once its test binary is built with the bug;
    the source is already restored then (also on error), and the build is
    brought back up to date after the last one."""
    mutants = chosen_mutants(only)
    check_sources(mutants)
    try:
        for m in mutants:
            start = time.time()
            path = ROOT / m.file
            source = path.read_text()
            if m.backend in ("package", "script"):  # checked while planted, by a CTest test
                try:
                    path.write_text(source.replace(m.original, m.planted))
                    # What the package test installs is this build's: brought up to
                    # date (and reconfigured, for a bug in the install rules) first.
                    # A script is run from the source tree as it is.
                    if m.backend == "package":
                        built = sh(["cmake", "--build", str(build), "--target", "smemc_package"])
                        if built.returncode != 0:  # else the package test would install the build as it was
                            sys.exit(f"mutant '{m.id}' does not build:\n{built.stdout[-3000:]}")
                    yield m, start
                finally:
                    path.write_text(source)
                continue
            try:
                path.write_text(source.replace(m.original, m.planted))
                built = sh(["cmake", "--build", str(build), "--target", Path(m.binary).name])
                if built.returncode != 0:
                    sys.exit(f"mutant '{m.id}' does not build:\n{built.stdout[-3000:]}")
            finally:
                path.write_text(source)
            yield m, start
    finally:
        if sh(["cmake", "--build", str(build)]).returncode != 0:
            print("rebuilding the restored sources failed", file=sys.stderr)


def table(rows):
    print("\n| planted bug | backend | checked by | verdict | failing tests | first report | seconds |")
    print("|---|---|---|---|---|---|---|")
    for m, verdict, failed, first, seconds in rows:
        checked_by = f"{m.tool} over {m.gtest_filter}" if m.tool else m.gtest_filter
        shown = f"{len(failed)}" + (f" (`{failed[0]}`)" if failed else "")
        first = first.replace("|", "\\|")
        print(f"| {m.bug} | {m.backend} | `{checked_by}` | {verdict} | {shown} | {first} | {seconds:.0f} |")
    caught = sum(1 for r in rows if r[1] == "caught")
    print(f"\n{caught} of {len(rows)} planted bugs caught")


def finish(rows):
    table(rows)
    verdicts = [r[1] for r in rows]
    if any(v == "NOT CAUGHT" for v in verdicts):
        sys.exit(1)
    if any(v.startswith("SKIPPED") for v in verdicts):
        sys.exit(3)


def report(m, verdict, failed, first, seconds, rows):
    rows.append((m, verdict, failed, first, seconds))
    print(f"--- {m.id}: {m.bug} [{m.backend}{', ' + m.tool if m.tool else ''}]: {verdict} ({len(failed)} failing tests)",
          flush=True)
    if first:
        print(f"      first report: {first}", flush=True)


def command_run(build, only):
    rows = []
    for m, start in built_mutants(build, only):
        verdict, failed, first = run_checks(m, build if m.backend in ("package", "script") else build / "tests" / m.binary, build)
        report(m, verdict, failed, first, time.time() - start, rows)
    finish(rows)


def command_prebuild(build, out, only):
    # A build that compiles a family's CUDA sources as one unit (a unity
    # build where no GPU was seen: cmake/SmemcUnityBuild.cmake) makes CUDA
    # binaries only to prove they compile; a GPU must run binaries compiled
    # one unit a source, as its own builds are.
    # Configured again first: a build folder configured before the entry
    # existed would otherwise pass, then turn one-unit at its first rebuild.
    # A CUDA binary is any of the CUDA test binaries or the profile target
    # (a host bug in a .cu file is built into one too).
    sh(["cmake", str(build)])
    cache = (build / "CMakeCache.txt").read_text()
    if "SMEMC_CUDA_SOURCES_AS_ONE_UNIT:INTERNAL=ON" in cache and any(
            m.backend == "cuda" or "_cuda_" in m.binary or m.binary.startswith("profile/")
            for m in chosen_mutants(only or ["cuda", "opencl", "host"])):
        sys.exit(f"{build} compiles each family's CUDA sources as one unit (a unity build with no GPU seen); "
                 "prebuild CUDA mutants in a build configured with -DSMEMC_BUILD_GPU_ONLY=ON or without "
                 "CMAKE_UNITY_BUILD, whose CUDA units are those a GPU machine builds")
    out.mkdir(parents=True, exist_ok=True)
    for m, start in built_mutants(build, [b for b in (only or ["cuda", "opencl", "host"]) if b not in ("package", "script")]):
        if m.ctest or m.backend in ("package", "script"):
            print(f"--- {m.id}: a CTest check, `run` only: not prebuilt", flush=True)
            continue
        (out / m.id).mkdir(exist_ok=True)
        kept = out / m.id / Path(m.binary).name
        shutil.copy2(build / "tests" / m.binary, kept)
        sh(["strip", str(kept)])
        print(f"--- {m.id}: built {kept} in {time.time() - start:.0f} s", flush=True)


def command_prebuilt(out, only):
    rows = []
    for m in chosen_mutants(only):
        if m.backend in ("package", "script") or m.ctest:
            continue  # `run` only: checked by a CTest test of the build, while planted
        binary = out / m.id / Path(m.binary).name
        if not binary.is_file():
            print(f"--- {m.id}: no prebuilt binary at {binary}", flush=True)
            continue
        start = time.time()
        verdict, failed, first = run_checks(m, binary)
        report(m, verdict, failed, first, time.time() - start, rows)
    finish(rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    run_p = sub.add_parser("run", help="plant, rebuild and run here")
    run_p.add_argument("build", type=Path, help="a configured build folder (e.g. build/dev)")
    pre_p = sub.add_parser("prebuild", help="plant and rebuild here; keep the binaries")
    pre_p.add_argument("build", type=Path)
    pre_p.add_argument("out", type=Path, help="where each mutant's binary goes (<out>/<id>/)")
    post_p = sub.add_parser("prebuilt", help="run binaries made by prebuild")
    post_p.add_argument("out", type=Path)
    sub.add_parser("list", help="list the mutants")
    check_p = sub.add_parser("check", help="every mutant's original text occurs exactly once in its file (no planting)")
    check_p.add_argument("--with-missing-anchor", action="store_true",
                         help="negative control: add a mutant whose original text is in no source")
    for p in (run_p, pre_p, post_p):
        p.add_argument("--only", nargs="+", choices=["cuda", "opencl", "host", "package", "script"] + [m.id for m in MUTANTS],
                       help="only these backends' mutants, or these mutants (by id)")
    args = parser.parse_args()
    if args.command == "check":
        # A source edit that moves a planted bug's anchor (a reformat, a
        # rewrite) would otherwise show only when that bug is next run.
        mutants = list(MUTANTS)
        if args.with_missing_anchor:
            mutants.append(Mutant("missing-anchor", "a planted bug whose original text is in no source",
                                  "fixtures/src/testing.cpp", "no source holds this text", "", "host", FIXTURES, "*"))
        stale = stale_anchors(mutants)
        if stale:
            sys.exit("planted bugs whose original text is not in their file exactly once:\n  " + "\n  ".join(stale))
        print(f"all {len(mutants)} planted bugs match their sources once")
        return
    if args.command == "list":
        for m in MUTANTS:
            print(f"{m.id:28} {m.backend:7} {m.tool or '-':10} {m.bug}")
        return
    if args.command in ("run", "prebuild"):
        build = args.build.resolve()
        if not (build / "CMakeCache.txt").is_file():
            sys.exit(f"{build} is not a configured build folder (no CMakeCache.txt)")
        if args.command == "run":
            command_run(build, args.only)
        else:
            command_prebuild(build, args.out.resolve(), args.only)
    else:
        command_prebuilt(args.out.resolve(), args.only)


if __name__ == "__main__":
    main()
