#pragma once
// The moving-average family as a benchmark table (bench/registry_bench.cuh): its spec
// rows joined with its CUDA implementation table, one state per (variant,
// n, block). Registered by bench/families.cu.

#include "family_adapters.cuh"
#include "moving_average/spec.hpp"

namespace smemc::moving_average {

struct BenchFamily {
  using Spec = moving_average::Spec;
  using Args = moving_average::Args;
  static constexpr std::string_view benchmark = "moving_average";
  static constexpr std::size_t element_bytes = sizeof(float);  // n floats of random bits
  static constexpr std::size_t out_bytes = 0;                  // in place
  static std::span<const Spec> specs() { return moving_average::specs(); }
  static std::span<const Implementation<Spec, Args>> table() { return moving_average::implementations(); }
  static std::string size_violation(const Spec& s, std::int64_t n, int block) {
    return moving_average::size_violation(s, n, block);
  }
  static std::size_t workspace_bytes(const Spec& s, std::int64_t n, int block) { return s.workspace_bytes(n, block, kF32); }
  static Args args(const bench::VectorBuffers& b, std::int64_t n, int block) {
    return {.n = n, .data = b.data.address(), .workspace = b.workspace.address(), .block = block};
  }
};
using Benchmark = bench::VectorAdapter<BenchFamily>;

}  // namespace smemc::moving_average
