#pragma once
// The CUDA histograms: the implementation table is defined in histogram.cu
// beside the kernels (histogram::implementations()); the kernels themselves,
// for the shared-memory facts:

#include <span>

#include "common/cuda/kernel_symbol.hpp"
#include "histogram/spec.hpp"

namespace smemc::histogram {

std::span<const KernelSymbol> kernel_symbols();

}  // namespace smemc::histogram
