#pragma once
// CUDA extras of an implementation table: the kernels behind the variants,
// for the CUDA-only tests of shared-memory facts (cudaFuncGetAttributes,
// cudaFuncSetCacheConfig). `static_smem_bytes` is what the kernel's
// __shared__ declarations add up to, which cudaFuncGetAttributes reports;
// in a kernel that also declares an extern __shared__ array, what nvcc lays
// out before it (tests/smem_facts: a float[10] reports 48 bytes beside
// extern users; the look-back's 140 bytes before its float4 staging, 144).

#include <cstddef>
#include <span>
#include <string_view>
#include <vector>

#include "common/implementation.hpp"

namespace smemc {

struct KernelSymbol {
  std::string_view name;
  const void* function = nullptr;
  std::size_t static_smem_bytes = 0;
};

// One line of a CUDA implementation table: the neutral entry and the
// variant's own kernel (helpers it shares, like the fix-up, are listed once
// by the family).
template <typename Entry>
struct CudaLine {
  Entry impl;
  KernelSymbol kernel;
};

template <auto kernel>
KernelSymbol kernel_symbol(std::string_view name, std::size_t static_smem_bytes) {
  return {name, reinterpret_cast<const void*>(kernel), static_smem_bytes};
}

// A family's implementation table and kernel list, from its lines.
template <typename Entry>
std::vector<Entry> entries_of(std::span<const CudaLine<Entry>> lines) {
  std::vector<Entry> entries;
  for (const auto& l : lines) entries.push_back(l.impl);
  return entries;
}
template <typename Entry>
std::vector<KernelSymbol> kernels_of(std::span<const CudaLine<Entry>> lines) {
  std::vector<KernelSymbol> kernels;
  for (const auto& l : lines) kernels.push_back(l.kernel);
  return kernels;
}

}  // namespace smemc
