#pragma once
// The reduction family: the float sum of n values, as §5.1-5.3 build it up.
//
// Contract, for every variant of every backend (docs/porting.md):
//   variant.launch(args, stream) enqueues work on `stream` that writes the sum
//   of data[0..n) to out[0], and returns without synchronising. Invalid
//   arguments throw std::invalid_argument before anything is enqueued.
//   - n = 0 writes +0.
//   - input_use == preserved: data is only read. clobbered: data is the
//     variant's scratch space; its contents afterwards are unspecified.
//   - workspace: the caller provides workspace_bytes(n, block) bytes of device
//     memory (may be null when that is 0); contents unspecified before/after.
//   - determinism == ordered: out[0] is a fixed function of (data, block),
//     equal bit for bit to ordered_model. unordered: each block's partial sum
//     is fixed (unordered_partials) but they are added to out[0] by float
//     atomics in run-dependent order.
//   - |out - exact| <= gamma_k * sum|x| with k = summation_depth(n, block)
//     (unordered: plus the flush allowance of fixtures/error_bound.hpp).

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/kernel_symbol.hpp"
#include "common/stream.hpp"

namespace smemc::reduce {

enum class InputUse { preserved, clobbered };
enum class Determinism { ordered, unordered };

struct Args {
  std::int64_t n = 0;
  float* data = nullptr;
  float* out = nullptr;
  void* workspace = nullptr;
  int block = 0;  // threads per block
};

struct Variant {
  std::string_view name;
  std::string_view idea;
  std::string_view cost;
  std::string_view preconditions;
  std::string_view error_model;
  bool exhibit = false;  // a known-bad specimen kept for the record
  std::string_view exhibit_reason;
  InputUse input_use = InputUse::preserved;
  Determinism determinism = Determinism::ordered;
  std::span<const int> block_sizes;  // the block sizes the suite checks (all claimed ones)
  // Empty when (n, block) is inside the variant's contract, else why not.
  std::string (*size_violation)(std::int64_t n, int block) = nullptr;
  std::size_t (*workspace_bytes)(std::int64_t n, int block) = nullptr;
  std::int64_t (*summation_depth)(std::int64_t n, int block) = nullptr;
  // The depth the host model's tree really has (a host test holds the
  // formula above to it: formula >= model for every n and block).
  std::int64_t (*model_depth)(std::int64_t n, int block) = nullptr;
  float (*ordered_model)(std::span<const float> x, int block) = nullptr;                     // ordered only
  std::vector<float> (*unordered_partials)(std::span<const float> x, int block) = nullptr;  // unordered only
  void (*launch)(const Args& args, Stream stream) = nullptr;
};

// The variants of the backend this binary links, in the order of the texts.
std::span<const Variant> registry();
const Variant& find(std::string_view name);
// CUDA backend: the kernels behind the variants, for the shared-memory facts.
std::span<const KernelSymbol> kernel_symbols();

}  // namespace smemc::reduce
