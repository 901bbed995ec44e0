#pragma once
// The benchmarks smemc_bench registers (main.cu calls these once, before
// nvbench initialises):
//
//   reduce             variant x n x block           every CUDA reduction row
//   transpose          variant x side                every CUDA transpose row (side x side)
//   moving_average     variant x n x block           every CUDA moving-average row
//   histogram          variant x n x block x data    every CUDA histogram row on bytes of a kind
//   histogram_typed    variant x sample x n x block  the same rows on the other sample types
//   reference_n        variant x n                   cub_reduce_sum, cub_inclusive_sum, memcpy, copy_float4
//   reference_matrix   variant x side                memcpy, copy_tile32 (the transposes' launch shape)
//   reference_bytes    variant x n x data            cub_histogram_even, memcpy (the histograms' bytes)
//   reference_samples  variant x sample x n          cub_histogram_even, memcpy (histogram_typed's samples)

#include "selection.hpp"

namespace smemc::bench {

void register_families(Selection selection);    // families.cu
void register_references(Selection selection);  // references.cu

}  // namespace smemc::bench
