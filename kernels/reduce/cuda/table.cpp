// The CUDA implementation table of the reduction family: every spec row is
// implemented. The lines live beside their kernels (one per variant, in
// reduce_by_halving.cu, reduce_block.cu, reduce_smem.cu, reduce_vec4.cu);
// this joins them.
#include <vector>

#include "reduce/cuda/reduce_cuda.hpp"

namespace smemc::reduce {
namespace {

const std::vector<CudaLine<Entry>>& lines() {
  static const std::vector<CudaLine<Entry>> all = [] {
    std::vector<CudaLine<Entry>> v;
    for (auto part : {halving_lines(), block_lines(), smem_lines(), vec4_lines()}) v.insert(v.end(), part.begin(), part.end());
    return v;
  }();
  return all;
}

}  // namespace

std::span<const Entry> implementations() {
  static const std::vector<Entry> table = entries_of<Entry>(lines());
  return table;
}

// The reference backend: every spec row is required of it.
std::span<const Allowance> allowances() { return {}; }

std::span<const KernelSymbol> kernel_symbols() {
  static const std::vector<KernelSymbol> symbols = [] {
    std::vector<KernelSymbol> v{fixup_kernel_symbol()};  // the fix-up every *_fixup row shares, listed once
    const std::vector<KernelSymbol> own = kernels_of<Entry>(lines());
    v.insert(v.end(), own.begin(), own.end());
    return v;
  }();
  return symbols;
}

}  // namespace smemc::reduce
