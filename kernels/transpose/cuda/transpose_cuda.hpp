#pragma once
// The CUDA transposes: the implementation table is defined in transpose.cu
// beside the kernels (transpose::implementations()); the kernels themselves,
// for the shared-memory facts:

#include <span>

#include "common/cuda/kernel_symbol.hpp"
#include "transpose/spec.hpp"

namespace smemc::transpose {

std::span<const KernelSymbol> kernel_symbols();

}  // namespace smemc::transpose
