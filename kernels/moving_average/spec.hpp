#pragma once
// The moving-average family's specification: the running mean of the
// text's gpu_shared_memory, out[i] = (a[0] + ... + a[i]) / (i + 1), in place,
// in the types each row states. Plain C++ (no backend header).
//
// Contract, for every variant of every backend:
//   launch(args, stream) enqueues work that replaces data[i] by the mean of
//   the original data[0..i] for every i < n, writes nothing else, and returns
//   without synchronising. workspace: workspace_bytes(n, block, typing)
//   bytes (a null address when 0). Invalid arguments throw
//   std::invalid_argument, a typing the row does not state among them.
//   - types: each element is widened to the typing's accumulator, the
//     prefix sums are added in it, the divisor i + 1 is converted to it,
//     and the quotient is stored as the element type (in place: the output
//     type is the element's), rounded once to nearest even where that is
//     narrower (f16, bf16).
//   - integer typings: the mean is the exact prefix sum divided by i + 1,
//     truncated toward zero (C++'s integer division: the floor for the
//     unsigned ones), in the exact class: every run, every order, the same
//     value. Their accumulators refuse the n whose sums could pass them
//     (i32 into i64: n ≤ 2^32; u8 into u32: n ≤ 16843009). The family
//     states no int64 elements: their prefix sums need 128 bits.
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
//     the last term: a quotient in the subnormal range), all in the
//     accumulator's unit roundoff and subnormal spacing; a narrower output
//     adds its own rounding of the quotient (tests/moving_average/moving_average_checks.cpp).
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
#include "common/types.hpp"
#include "common/values.hpp"

namespace smemc::moving_average {

// The family's typings (adding a type: an entry here, then the rows that
// use it). In place, so the output is the element type: float, double,
// half and bfloat16 averaged in float (stored rounded to 16 bits), int32
// averaged in int64 and bytes in 32 bits, both exact.
inline constexpr Typing kTypings[] = {
    kF32,
    {Scalar::f64, Scalar::f64, Scalar::f64},
    {Scalar::f16, Scalar::f32, Scalar::f16},
    {Scalar::bf16, Scalar::f32, Scalar::bf16},
    {Scalar::i32, Scalar::i64, Scalar::i32, Overflow::refused},
    {Scalar::u8, Scalar::u32, Scalar::u8, Overflow::refused},
};

struct Args {
  std::int64_t n = 0;
  DeviceAddress data;
  DeviceAddress workspace;
  int block = 0;
  Typing typing = kF32;  // one of the row's typings (Variant::launch sets it)
};

struct Spec {
  Description doc;
  // The types the row is stated for; the checks run every one.
  std::span<const Typing> typings = kFloatOnly;
  std::string_view error_model;  // the depth k of prefix i, in words
  Determinism determinism = Determinism::ordered;
  SizeDomain domain;
  // The elements each thread of a block takes: a block's tile is B of
  // them. A workload that caps a case at a number of blocks
  // (Workload::max_blocks: the tool runs) counts tiles of this size, so a
  // row whose tiles meet (the look-back) still runs more than one.
  int items_per_thread = 1;
  std::string_view workspace;      // in words; empty: none
  std::size_t data_alignment = 1;  // bytes, beyond the element's own size; 16 where the kernels load float4
  // Asked for refused (n, block) too (the contract checks size a launch's
  // buffers first): 0 there, never a division by a zero block.
  std::size_t (*workspace_bytes)(std::int64_t n, int block, const Typing& typing) = nullptr;
  // Not empty: the launcher allocates its own scratch (stream-ordered) and
  // this says what; workspace_bytes is then 0.
  std::string_view managed_workspace;
  // Additions on the deepest path into prefix i (0 <= i < n): its bound's k.
  // Null: the spec's worst case, i.
  std::int64_t (*prefix_depth)(std::int64_t i, std::int64_t n, int block) = nullptr;
  // The depth of every prefix the model builds (host tests hold prefix_depth
  // to it exactly: the formula neither under- nor over-states it).
  std::vector<std::int64_t> (*model_depths)(std::int64_t n, int block) = nullptr;
  // ordered: the result (n output values of the typing). unordered: one
  // result a run may give, the one whose summation tree is deepest (its
  // depths are the bound's); optional there. deterministic: none.
  Values (*model)(const Values& a, const Typing& typing, int block) = nullptr;
  // The leading outputs that equal `model` bit for bit in every run.
  std::int64_t (*bitwise_prefix)(std::int64_t n, int block) = nullptr;
  // `model` in the f32 typing over an input too long to hold twice on the
  // host (the large checks: 2^31 elements and more), computed piece by
  // piece: value(i) gives a[i], and piece(first, means) receives
  // consecutive pieces of the model's output, in order, covering [0, n).
  void (*stream_model)(std::int64_t n, int block, const std::function<float(std::int64_t)>& value,
                       const std::function<void(std::int64_t first, std::span<const float> means)>& piece) = nullptr;
  // The bytes a launch moves (common/traffic.hpp's rule), as a formula; and
  // the same counted by running the row's host model over a tally, which the
  // host tests hold the formula to (null: no model of the accesses).
  Traffic (*traffic)(std::int64_t n, int block, const Typing& typing) = nullptr;
  Traffic (*model_traffic)(std::int64_t n, int block, const Typing& typing) = nullptr;
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
// The launchers' shared checks (same messages on every backend): a typing
// the row does not state, the size and block (as the typing limits them),
// null data, data not aligned as the row and its element need, a null
// workspace the row needs. Returns false when n = 0 (nothing to do).
bool validate(const Spec& s, const Args& args);

using Entry = Implementation<Spec, Args>;
std::span<const Entry> implementations();
// The spec rows this backend may decline, and for which reasons (its
// conformance profile, defined beside its table): every other row is
// required of it.
std::span<const Allowance> allowances();
using Variant = Joined<Spec, Args>;

inline std::shared_ptr<const Spec> typed_row(const Spec& s, const Typing& t) { return typed_1d(s, t); }
inline std::shared_ptr<const Spec> narrowed_row(const Spec& s, const Narrowing& n) { return narrowed_1d(s, n); }
inline std::string narrowing_leaves_nothing(const Spec& s, const Narrowing& n) { return narrowing_leaves_nothing_1d(s, n); }

}  // namespace smemc::moving_average
