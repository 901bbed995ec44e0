#pragma once
// The histogram family as a benchmark table (bench/registry_bench.cuh): its
// spec rows joined with its CUDA implementation table, one state per
// (variant, n, block, data), n bytes of a kind counted into one bin per byte value
// (the byte typing; the other sample types' speed is not measured yet).
// Registered by bench/families.cu.
//
// Random bytes (uniform and independent: bench::random_bytes) spread the
// counts over all 256 bins: the privatised rows' friendliest case. The
// `data` axis adds the conformance checks' colliding kinds (one bin, one
// bank, a lane stride: bench::ByteKind), where the atomics serialise or a
// kernel can count runs at once. Until 2026-12-02 the samples were the bytes of the
// benchmark's floats in [1, 2), a quarter of them 0x3f and another quarter
// in [0x80, 0x100): figures before then are on that skewed data.
// CUB's HistogramEven and a memcpy of the same n bytes are timed in the
// same run (bench/references.cu, reference_bytes).

#include "family_adapters.cuh"
#include "histogram/spec.hpp"

namespace smemc::histogram {

struct BenchFamily {
  using Spec = histogram::Spec;
  using Args = histogram::Args;
  static constexpr std::string_view benchmark = "histogram";
  static constexpr Typing bench_typing = kTypings[0];                                 // bytes
  static constexpr std::size_t element_bytes = 1;                                     // n random bytes
  static constexpr std::size_t out_bytes = kByteValues.bins * sizeof(std::uint32_t);  // the bins
  static std::span<const Spec> specs() { return histogram::specs(); }
  static std::span<const Implementation<Spec, Args>> table() { return histogram::implementations(); }
  static std::string size_violation(const Spec& s, std::int64_t n, int block) { return histogram::size_violation(s, n, block); }
  static std::size_t workspace_bytes(const Spec&, std::int64_t, int) { return 0; }  // none
  static Traffic traffic(const Spec& s, std::int64_t n, int block) { return s.traffic(n, block, bench_typing, kByteValues.bins); }
  // The `data` axis: spread bytes, and the colliding kinds of the
  // conformance checks (bench::ByteKind says what each is).
  static std::span<const std::string> data_kinds() { return bench::byte_kinds(); }
  static bench::DeviceBuffer input(std::int64_t n, std::string_view data, cudaStream_t stream) {
    return bench::random_bytes(n, bench::kInputSeed, stream, bench::byte_kind_named(data));
  }
  static Args args(const bench::VectorBuffers& b, std::int64_t n, int block) {
    return {.n = n,
            .data = b.data.address(),
            .bins = b.out.address(),
            .block = block,
            .binning = kByteValues,
            .typing = bench_typing};
  }
};
using Benchmark = bench::VectorAdapter<BenchFamily>;

}  // namespace smemc::histogram
