#pragma once
// The reduction family as a benchmark table (bench/registry_bench.cuh): its spec
// rows joined with its CUDA implementation table, one state per (variant,
// n, block). Registered by bench/families.cu.

#include "family_adapters.cuh"
#include "reduce/spec.hpp"

namespace smemc::reduce {

struct BenchFamily {
  using Spec = reduce::Spec;
  using Args = reduce::Args;
  static constexpr std::string_view benchmark = "reduce";
  static constexpr std::size_t element_bytes = sizeof(float);  // n floats of random bits
  static constexpr std::size_t out_bytes = sizeof(float);      // out[0], the sum
  static std::span<const Spec> specs() { return reduce::specs(); }
  static std::span<const Implementation<Spec, Args>> table() { return reduce::implementations(); }
  static std::string size_violation(const Spec& s, std::int64_t n, int block) { return reduce::size_violation(s, n, block); }
  static std::size_t workspace_bytes(const Spec& s, std::int64_t n, int block) { return s.workspace_bytes(n, block, kF32); }
  static Args args(const bench::VectorBuffers& b, std::int64_t n, int block) {
    return {.n = n, .data = b.data.address(), .out = b.out.address(), .workspace = b.workspace.address(), .block = block};
  }
};
using Benchmark = bench::VectorAdapter<BenchFamily>;

}  // namespace smemc::reduce
