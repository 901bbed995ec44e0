#pragma once
// The transpose family (§5.5-5.6): out = in^T, pure data movement.
//
// Contract, for every variant of every backend:
//   variant.launch(args, stream) enqueues work that sets, for every r < rows
//   and c < cols, out[c * rows + r] = in[r * cols + c] bit for bit (any bit
//   pattern: NaN payloads, -0, subnormals), writes nothing else, and leaves
//   `in` unchanged. in and out must not overlap. Square-only variants (the
//   text's `transpose(int n, ...)`) need rows == cols. Invalid arguments throw
//   std::invalid_argument before anything is enqueued; no synchronisation.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "common/kernel_symbol.hpp"
#include "common/stream.hpp"

namespace smemc::transpose {

struct Args {
  std::int64_t rows = 0;
  std::int64_t cols = 0;
  const float* in = nullptr;
  float* out = nullptr;
};

struct Variant {
  std::string_view name;
  std::string_view idea;
  std::string_view cost;
  std::string_view preconditions;
  bool exhibit = false;
  std::string_view exhibit_reason;
  bool rectangular = false;  // takes rows != cols
  // Empty when the shape is inside the contract, else why not.
  std::string (*shape_violation)(std::int64_t rows, std::int64_t cols) = nullptr;
  void (*launch)(const Args& args, Stream stream) = nullptr;
};

std::span<const Variant> registry();
const Variant& find(std::string_view name);
std::span<const KernelSymbol> kernel_symbols();

}  // namespace smemc::transpose
