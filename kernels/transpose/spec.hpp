#pragma once
// The transpose family's specification (§5.5-5.6): out = in^T, pure data
// movement. Plain C++ (no backend header).
//
// Contract, for every variant of every backend:
//   launch(args, stream) enqueues work that sets, for every r < rows and
//   c < cols, out[c * rows + r] = in[r * cols + c] bit for bit (any bit
//   pattern: NaN payloads, -0, subnormals), writes nothing else, and leaves
//   `in` unchanged. in and out must not overlap. Square-only variants (the
//   text's `transpose(int n, ...)`) need rows == cols. Invalid arguments throw
//   std::invalid_argument before anything is enqueued; no synchronisation.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/contract.hpp"
#include "common/device_address.hpp"
#include "common/implementation.hpp"
#include "common/spec.hpp"

namespace smemc::transpose {

struct Args {
  std::int64_t rows = 0;
  std::int64_t cols = 0;
  DeviceAddress in;
  DeviceAddress out;
};

// The shapes a variant takes, as data: square only or rows x cols, and the
// largest rows and cols (square: max_rows == max_cols is the largest n).
struct ShapeDomain {
  bool square = false;
  std::int64_t max_rows = 0;
  std::int64_t max_cols = 0;
  std::string_view rows_reason;  // what the row limit protects
  std::string_view cols_reason;
  std::int64_t multiple_of = 1;  // rows and cols multiples of this (a narrowing, or a port row's tile)
  std::string_view multiple_reason;
};

struct Spec {
  Description doc;
  ShapeDomain shape;
  Traffic (*traffic)(std::int64_t rows, std::int64_t cols) = nullptr;
  // A port row's fixed refusal and acceptance table (contract.hpp).
  std::span<const contract::ShapeCase> contract_cases;
};

// Tile edge of every tiled variant (and of the naive kernel's blocks).
inline constexpr int kTile = 32;

std::span<const Spec> specs();
// The README's variant table of these rows (common/spec.hpp, SpecTable).
SpecTable spec_table();
const Spec& spec_named(std::string_view name);
// Empty when the row takes the shape, else why not.
std::string shape_violation(const Spec& s, std::int64_t rows, std::int64_t cols);

// Where a transpose's fixed table leaves a boundary of its stated shapes
// without a case, one line each (empty: none): negative rows and negative
// cols refused; the row limit and (rows x cols) the column limit, each
// accepted at the limit and refused past it (the other side in its range); a non-square shape refused
// where the row is square only; a shape off the multiple refused where
// there is one. contract_gaps of contract.hpp, for shapes.
std::vector<std::string> contract_gaps(const ShapeDomain& shape, std::span<const contract::ShapeCase> cases);
std::string preconditions(const Spec& s);
// The launchers' shared checks (same messages on every backend): the shape,
// null in or out, in and out overlapping. Returns false for an empty matrix.
bool validate(const Spec& s, const Args& args);

using Entry = Implementation<Spec, Args>;
std::span<const Entry> implementations();
// The spec rows this backend may decline, and for which reasons (its
// conformance profile, defined beside its table): every other row is
// required of it.
std::span<const Allowance> allowances();
using Variant = Joined<Spec, Args>;

// The join's hooks for a narrowed entry: max_n caps both extents,
// n_multiple_of applies to both (common/spec.hpp, Narrowing).
std::shared_ptr<const Spec> narrowed_row(const Spec& s, const Narrowing& n);
std::string narrowing_leaves_nothing(const Spec& s, const Narrowing& n);
// What a launcher with a narrowing calls after validate(): throws
// std::invalid_argument "<launcher>: <why>" for a shape outside it.
void reject_shape_outside(std::string_view launcher, const Narrowing& n, std::int64_t rows, std::int64_t cols);
// The first shapes the row takes and the narrowing does not.
std::vector<std::pair<std::int64_t, std::int64_t>> first_outside(const Spec& s, const Narrowing& n);

}  // namespace smemc::transpose
