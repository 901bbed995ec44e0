// The kernel families as benchmark tables: each family's spec rows joined
// with its CUDA implementation table. A new spec row (with its CUDA table
// line) is a new value of the family's `variant` axis, with no code here:
// its sizes, block sizes, workspace and bytes all come from the row.
//
// What differs between the families is only how a state becomes the row's
// Args: each family's adapter, kernels/<family>/cuda/bench.cuh (the 1-D
// families share bench/family_adapters.cuh's).
#include "family_adapters.cuh"
#include "registry_bench.cuh"
#include "smemc/families_bench.hpp"

namespace smemc::bench {

// Every family of SMEMC_FAMILIES, in the list's order (a family's
// Benchmark may be a list of tables: registry_bench.cuh, Benchmarks).
void register_families(Selection selection) {
#define SMEMC_REGISTER_BENCHMARK(family) register_benchmarks<family::Benchmark>(selection);
  SMEMC_FOR_EACH_FAMILY(SMEMC_REGISTER_BENCHMARK)
#undef SMEMC_REGISTER_BENCHMARK
}

}  // namespace smemc::bench
