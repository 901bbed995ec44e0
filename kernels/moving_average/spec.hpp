#pragma once
// The moving-average family's specification: the running mean of the
// text's gpu_shared_memory, out[i] = (a[0] + ... + a[i]) / (i + 1), in place.
// Plain C++ (no backend header).
//
// Contract, for every variant of every backend:
//   launch(args, stream) enqueues work that replaces data[i] by the mean of
//   the original data[0..i] for every i < n, writes nothing else, and returns
//   without synchronising. workspace: workspace_bytes(n, block) bytes (a null
//   address when 0). Invalid arguments throw std::invalid_argument.
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

#include "common/device_address.hpp"
#include "common/implementation.hpp"
#include "common/spec.hpp"

namespace smemc::moving_average {

struct Args {
  std::int64_t n = 0;
  DeviceAddress data;
  DeviceAddress workspace;
  int block = 0;
};

struct Spec {
  Description doc;
  std::string_view error_model;  // the depth k of the prefix sums, in words
  SizeDomain domain;
  std::string_view workspace;    // in words; empty: none
  std::size_t (*workspace_bytes)(std::int64_t n, int block) = nullptr;
  // Additions on the deepest path into any prefix sum (same for every i).
  std::int64_t (*prefix_depth)(std::int64_t n, int block) = nullptr;
  // The deepest prefix sum the host model really builds.
  std::int64_t (*model_depth)(std::int64_t n, int block) = nullptr;
  std::vector<float> (*ordered_model)(std::span<const float> a, int block) = nullptr;
  Traffic (*traffic)(std::int64_t n, int block) = nullptr;
};

std::span<const Spec> specs();
const Spec& spec_named(std::string_view name);
std::string size_violation(const Spec& s, std::int64_t n, int block);
std::string preconditions(const Spec& s);
// The launchers' shared checks (same messages on every backend). Returns
// false when n = 0 (nothing to do).
bool validate(const Spec& s, const Args& args);

std::span<const Implementation<Args>> implementations();
using Variant = Joined<Spec, Args>;

}  // namespace smemc::moving_average
