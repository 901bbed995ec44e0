#pragma once
// The moving-average family: the running mean of the text's gpu_shared_memory,
// out[i] = (a[0] + ... + a[i]) / (i + 1), computed in place.
//
// Contract, for every variant of every backend:
//   variant.launch(args, stream) enqueues work that replaces data[i] by the
//   mean of the original data[0..i] for every i < n, writes nothing else, and
//   returns without synchronising. workspace: workspace_bytes(n, block) bytes
//   (may be null when 0). Invalid arguments throw std::invalid_argument.
//   - Every variant is deterministic: equal bit for bit to ordered_model.
//   - |out_i*(i+1) - S_i| <= gamma_{k+2} * sum_{j<=i} |a_j| + (i+1) * 2^-150,
//     S_i the exact prefix sum and k = prefix_depth(n, block) (the +2: the
//     division and the conversion of i+1 to float each round once; the last
//     term: a quotient in the subnormal range).
//   block == 0 means the variant sizes its single block to n itself.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/kernel_symbol.hpp"
#include "common/stream.hpp"

namespace smemc::moving_average {

struct Args {
  std::int64_t n = 0;
  float* data = nullptr;
  void* workspace = nullptr;
  int block = 0;
};

struct Variant {
  std::string_view name;
  std::string_view idea;
  std::string_view cost;
  std::string_view preconditions;
  std::string_view error_model;
  bool exhibit = false;
  std::string_view exhibit_reason;
  std::span<const int> block_sizes;  // 0: one block of n threads
  std::string (*size_violation)(std::int64_t n, int block) = nullptr;
  std::size_t (*workspace_bytes)(std::int64_t n, int block) = nullptr;
  // Additions on the deepest path into any prefix sum (same for every i).
  std::int64_t (*prefix_depth)(std::int64_t n, int block) = nullptr;
  // The deepest prefix sum the host model really builds (host tests hold
  // prefix_depth to it).
  std::int64_t (*model_depth)(std::int64_t n, int block) = nullptr;
  std::vector<float> (*ordered_model)(std::span<const float> a, int block) = nullptr;
  void (*launch)(const Args& args, Stream stream) = nullptr;
};

std::span<const Variant> registry();
const Variant& find(std::string_view name);
std::span<const KernelSymbol> kernel_symbols();

}  // namespace smemc::moving_average
