#pragma once
// The reduction family's specification: the sum of n values, as §5.1-5.3
// build it up, in the types each row states. Plain C++ (no backend header):
// the rows a port implements, with their typings, size domains, error
// models and host models.
//
// Contract, for every (row, typing) of every backend (docs/porting.md):
//   launch(args, stream) enqueues work on `stream` that writes the sum of
//   data[0..n) (args.typing.element values, each converted to the
//   accumulator and added in it) to out[0] (an output value), and returns
//   without synchronising. Invalid arguments throw std::invalid_argument
//   before anything is enqueued, a typing the row does not state among them.
//   - n = 0 writes +0 (integers: 0).
//   - an integer accumulator: the exact sum, or where the typing wraps, the
//     exact sum modulo 2^bits (two's complement); where it refuses, n is
//     limited so that no sum passes the accumulator (common/types.hpp).
//   - input_use == preserved: data is only read. clobbered: data is the
//     variant's scratch space; its contents afterwards are unspecified.
//   - workspace: workspace_bytes(n, block) bytes of device memory (a null
//     address when that is 0); contents unspecified before and after.
//   - determinism == ordered: out[0] is a fixed function of (data, block),
//     equal bit for bit to ordered_model. deterministic: a fixed function
//     of (data, block, device) in an order the row does not state: bitwise
//     run to run and across streams. unordered: the order varies run to
//     run; where the row defines them, each block's partial sum is fixed
//     (unordered_partials) and the partials are added to out[0] by float
//     atomics. exact: out[0] is the exact sum, correctly rounded.
//   - |out - exact| <= gamma_k * sum|x| with k = summation_depth(n, block),
//     or the worst case n - 1 where the row states none (unordered: plus
//     the flush allowance of fixtures/error_bound.hpp for each float atomic
//     add, counted by unordered_partials or atomic_adds).
//   - data's byte offset is a multiple of data_alignment (float4 loads) and
//     of the element's size.
//   - workspace: sized by the spec (workspace_bytes), or, where
//     managed_workspace says so, allocated by the launcher itself (stream
//     ordered); the guard zones then cover data and out only.

#include <cstddef>
#include <cstdint>
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

namespace smemc::reduce {

enum class InputUse { preserved, clobbered };

// The family's typings: the one list a typed row draws from (adding a type
// is an entry here, then the rows that use it; the backends' kernels are
// instantiated over this list). float, double, half and bfloat16 summed in
// float, the integers (the exact class): int32 and int64 wrapping modulo
// 2^32 and 2^64, and bytes summed into 32 bits for as many as cannot overflow.
inline constexpr Typing kTypings[] = {
    kF32,
    {Scalar::f64, Scalar::f64, Scalar::f64},
    {Scalar::f16, Scalar::f32, Scalar::f32},
    {Scalar::bf16, Scalar::f32, Scalar::f32},
    {Scalar::i32, Scalar::i32, Scalar::i32, Overflow::wraps},
    {Scalar::i64, Scalar::i64, Scalar::i64, Overflow::wraps},
    {Scalar::u8, Scalar::u32, Scalar::u32, Overflow::refused},
};

struct Args {
  std::int64_t n = 0;
  DeviceAddress data;
  DeviceAddress out;
  DeviceAddress workspace;
  int block = 0;         // threads per block
  Typing typing = kF32;  // one of the row's typings (Variant::launch sets it)
};

struct Spec {
  Description doc;
  std::string_view error_model;  // the summation depth k, in words
  InputUse input_use = InputUse::preserved;
  // The class of the row's floating typings; a typing with an integer
  // accumulator is of the exact class (typed_row).
  Determinism determinism = Determinism::ordered;
  SizeDomain domain;
  // The (element, accumulator, output) types the row is stated for; the
  // checks run every one. Drawn from kTypings (a port row may state others).
  std::span<const Typing> typings = kFloatOnly;
  std::string_view workspace;      // in words ("⌈n/2B⌉ partials"); empty: none
  std::size_t data_alignment = 1;  // bytes, beyond the element's own size; 16 where the kernels load float4
  // Asked for refused (n, block) too (the contract checks size a launch's
  // buffers first): 0 there, never a division by a zero block.
  std::size_t (*workspace_bytes)(std::int64_t n, int block, const Typing& typing) = nullptr;
  // Not empty: the launcher allocates its own scratch (stream-ordered) and
  // this says what; workspace_bytes is then 0.
  std::string_view managed_workspace;
  // The depth k of the bound; null: the spec's worst case, n - 1.
  std::int64_t (*summation_depth)(std::int64_t n, int block) = nullptr;
  // The depth the host model's tree really has (host tests hold the
  // formula above to it); rows with a model only.
  std::int64_t (*model_depth)(std::int64_t n, int block) = nullptr;
  // The result (one output value) from the elements x, for ordered rows;
  // the block partials (accumulator values) an unordered row adds
  // atomically, where it defines them. Both in the typing's types.
  Values (*ordered_model)(const Values& x, const Typing& typing, int block) = nullptr;
  Values (*unordered_partials)(const Values& x, const Typing& typing, int block) = nullptr;
  // Unordered rows: how many float atomic adds a launch makes at most (each
  // may flush a subnormal); null: one per partial, or none without partials.
  std::int64_t (*atomic_adds)(std::int64_t n, int block) = nullptr;
  // The bytes a launch moves (common/traffic.hpp's rule), as a formula; and
  // the same counted by running the row's host model over a tally, which the
  // host tests hold the formula to (null: no model of the accesses; the
  // check says so and skips).
  Traffic (*traffic)(std::int64_t n, int block, const Typing& typing) = nullptr;
  Traffic (*model_traffic)(std::int64_t n, int block, const Typing& typing) = nullptr;
  // A port row's fixed refusal and acceptance table (contract.hpp); the
  // built-in rows' tables are in tests/reduce/reduce_contract_cases.hpp.
  std::span<const contract::SizeCase> contract_cases;
};

// The k of the row's bound: its stated depth, or the worst case n - 1.
std::int64_t depth_bound(const Spec& s, std::int64_t n, int block);
// The atomic adds a launch makes at most: the row's atomic_adds, or one per
// partial, or none.
std::int64_t atomic_add_count(const Spec& s, const Values& x, const Typing& typing, int block);

// The rows, in the order the texts introduce the variants.
std::span<const Spec> specs();
// The README's variant table of these rows (common/spec.hpp, SpecTable).
SpecTable spec_table();
const Spec& spec_named(std::string_view name);  // throws std::invalid_argument for an unknown name
// Empty when the row takes (n, block), else why not.
std::string size_violation(const Spec& s, std::int64_t n, int block);
// The row's preconditions in words (domain, workspace, clobbering).
std::string preconditions(const Spec& s);
// What every launcher checks before it enqueues anything, with the same
// messages on every backend: throws std::invalid_argument "<name>: <why>"
// for a typing the row does not state, a size or block outside the domain
// (as the typing limits it), a null out, a null data (n > 0), data not
// aligned as the row and its element need, or a null workspace the row
// needs. Returns false when n = 0 (the launcher then only writes 0 to out[0]).
bool validate(const Spec& s, const Args& args);

// One line of a backend's table, and the table of the backend this binary
// links (defined by that backend's reduction library, e.g.
// kernels/reduce/cuda/table.cpp).
using Entry = Implementation<Spec, Args>;
std::span<const Entry> implementations();
// The spec rows this backend may decline, and for which reasons (its
// conformance profile, defined beside its table): every other row is
// required of it.
std::span<const Allowance> allowances();

using Variant = Joined<Spec, Args>;

// The join's hooks for a typing and for a narrowed entry (common/implementation.hpp).
inline std::shared_ptr<const Spec> typed_row(const Spec& s, const Typing& t) { return typed_1d(s, t); }
inline std::shared_ptr<const Spec> narrowed_row(const Spec& s, const Narrowing& n) { return narrowed_1d(s, n); }
inline std::string narrowing_leaves_nothing(const Spec& s, const Narrowing& n) { return narrowing_leaves_nothing_1d(s, n); }

}  // namespace smemc::reduce
