// The CUDA reduction registry, in the order the texts introduce the variants.
#include <stdexcept>
#include <string>

#include "common/registry.hpp"
#include "reduce/fixup.hpp"
#include "reduce/reduce.hpp"
#include "reduce/reduce_cuda.hpp"

namespace smemc::reduce {

std::span<const Variant> registry() {
  static const Variant* const rows[] = {
      &kReduceByHalving,   &kReduceByHalvingAnyN,      &kReduceBlockFixup,   &kReduceBlockAtomic,
      &kReduceSmemFixup,   &kReduceSmemAtomic,         &kReduceSmemDynamic,  &kReduceWarpVolatileLegacy,
      &kReduceWarpSyncwarp, &kReduceWarpShfl,
  };
  static const std::vector<Variant> variants = [] {
    std::vector<Variant> v;
    for (const Variant* row : rows) v.push_back(*row);
    return v;
  }();
  return variants;
}

const Variant& find(std::string_view name) { return find_row(registry(), name, "reduction"); }

std::span<const KernelSymbol> kernel_symbols() {
  static const std::vector<KernelSymbol> symbols = [] {
    std::vector<KernelSymbol> all{fixup_kernel_symbol()};
    for (auto part : {block_kernel_symbols(), smem_kernel_symbols()}) all.insert(all.end(), part.begin(), part.end());
    return all;
  }();
  return symbols;
}

}  // namespace smemc::reduce
