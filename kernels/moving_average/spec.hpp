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
//   - determinism == ordered: equal bit for bit to `model`. deterministic:
//     a fixed function of (data, block, device) in an order the row does
//     not state: bitwise run to run and across streams. unordered (the
//     single-pass look-back, a library scan): where the row has a model,
//     the first bitwise_prefix(n, block) outputs are equal bit for bit to
//     `model` in every run; the rest vary with the order in which tiles
//     finish. (No exact class: a mean is not integer-valued.)
//   - |out_i*(i+1) - S_i| <= gamma_{k+2} * sum_{j<=i} |a_j| + (i+1) * 2^-150,
//     S_i the exact prefix sum and k = prefix_depth(i, n, block), the depth
//     of prefix i itself, or the worst case i where the row states none (the
//     +2: the division and the conversion of i+1 to float each round once;
//     the last term: a quotient in the subnormal range).
//   - workspace: sized by the spec (workspace_bytes), or, where
//     managed_workspace says so, allocated by the launcher itself.
//   - data's byte offset is a multiple of data_alignment.
//   block == 0 means the variant sizes its single block to n itself.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/contract.hpp"
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
  std::string_view error_model;  // the depth k of prefix i, in words
  Determinism determinism = Determinism::ordered;
  SizeDomain domain;
  std::string_view workspace;                   // in words; empty: none
  std::size_t data_alignment = alignof(float);  // bytes; 16 where the kernels load float4
  // Asked for refused (n, block) too (the contract checks size a launch's
  // buffers first): 0 there, never a division by a zero block.
  std::size_t (*workspace_bytes)(std::int64_t n, int block) = nullptr;
  // Not empty: the launcher allocates its own scratch (stream-ordered) and
  // this says what; workspace_bytes is then 0.
  std::string_view managed_workspace;
  // Additions on the deepest path into prefix i (0 <= i < n): its bound's k.
  // Null: the spec's worst case, i.
  std::int64_t (*prefix_depth)(std::int64_t i, std::int64_t n, int block) = nullptr;
  // The depth of every prefix the model builds (host tests hold prefix_depth
  // to it exactly: the formula neither under- nor over-states it).
  std::vector<std::int64_t> (*model_depths)(std::int64_t n, int block) = nullptr;
  // ordered: the result. unordered: one result a run may give, the one whose
  // summation tree is deepest (its depths are the bound's); optional there.
  // deterministic: none.
  std::vector<float> (*model)(std::span<const float> a, int block) = nullptr;
  // The leading outputs that equal `model` bit for bit in every run.
  std::int64_t (*bitwise_prefix)(std::int64_t n, int block) = nullptr;
  // `model` over an input too long to hold twice on the host (the large
  // checks: 2^31 elements and more), computed piece by piece: value(i) gives
  // a[i], and piece(first, means) receives consecutive pieces of the model's
  // output, in order, covering [0, n).
  void (*stream_model)(std::int64_t n, int block, const std::function<float(std::int64_t)>& value,
                       const std::function<void(std::int64_t first, std::span<const float> means)>& piece) = nullptr;
  Traffic (*traffic)(std::int64_t n, int block) = nullptr;
  // A port row's fixed refusal and acceptance table (contract.hpp).
  std::span<const contract::SizeCase> contract_cases;
};

// The k of prefix i's bound: the stated depth, or the worst case i.
std::int64_t prefix_depth_bound(const Spec& s, std::int64_t i, std::int64_t n, int block);

std::span<const Spec> specs();
// The README's variant table of these rows (common/spec.hpp, SpecTable).
SpecTable spec_table();
const Spec& spec_named(std::string_view name);
std::string size_violation(const Spec& s, std::int64_t n, int block);
std::string preconditions(const Spec& s);
// The launchers' shared checks (same messages on every backend). Returns
// false when n = 0 (nothing to do).
bool validate(const Spec& s, const Args& args);

using Entry = Implementation<Spec, Args>;
std::span<const Entry> implementations();
// The spec rows this backend may decline, and for which reasons (its
// conformance profile, defined beside its table): every other row is
// required of it.
std::span<const Allowance> allowances();
using Variant = Joined<Spec, Args>;

inline std::shared_ptr<const Spec> narrowed_row(const Spec& s, const Narrowing& n) { return narrowed_1d(s, n); }
inline std::string narrowing_leaves_nothing(const Spec& s, const Narrowing& n) { return narrowing_leaves_nothing_1d(s, n); }

}  // namespace smemc::moving_average
