#pragma once
// The transpose family's specification (§5.5-5.6): out = in^T, pure data
// movement, of elements of 1, 2, 4, 8 and 16 bytes. Plain C++ (no backend
// header).
//
// Contract, for every (row, typing) of every backend:
//   launch(args, stream) enqueues work that sets, for every r < rows and
//   c < cols, out[c * rows + r] = in[r * cols + c] bit for bit (any bit
//   pattern of the element: NaN payloads, -0, subnormals), writes nothing
//   else, and leaves `in` unchanged. in and out must not overlap, and their
//   byte offsets are multiples of the element's size. Square-only variants
//   (the text's `transpose(int n, ...)`) need rows == cols. Invalid
//   arguments throw std::invalid_argument before anything is enqueued, a
//   typing the row does not state among them; no synchronisation.
//
// Banks (§5.5): shared memory is 32 banks of 4 bytes. A warp's access of
// elements of s bytes is served 128 bytes at a time (all 32 lanes for s <= 4,
// half a warp for 8, a quarter for 16), and within each, lanes that want
// different words of one bank are serialised. The padded tiles' rows are
// 32 elements plus tile_padding_bytes(s) (the table below): 4 bytes for
// elements of up to 4 bytes, one element for 8 and 16. That makes a row an
// odd number of words for s <= 4 (9, 17 and 33 words), so the 32 rows of a
// tile column fall in 32 different banks, and spreads each half- or
// quarter-warp's rows over all 32 banks for 8 and 16, while every element
// keeps its own alignment. The 32x33 rule, one element of padding, is right
// for 4-byte elements only: a row of 33 bytes or 33 halves is not a whole
// number of words, and lanes 31 and 0 of a column then read different words
// of one bank (two wavefronts); for 8-byte elements a word of padding
// misaligns every odd row (an 8-byte access at a 4-byte address), and
// moved as two words it conflicts two ways. The host model of the banks
// (TransposeBanks) holds the table to this; the profile measures it.

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

// The family's typings: one element type of each size (the element, the
// accumulator and the output are one: nothing is computed). Adding a size is
// an entry here, its padding below, then the rows that use it.
inline constexpr Typing kTypings[] = {
    {Scalar::u8, Scalar::u8, Scalar::u8},    {Scalar::f16, Scalar::f16, Scalar::f16},       kF32,
    {Scalar::f64, Scalar::f64, Scalar::f64}, {Scalar::f32x4, Scalar::f32x4, Scalar::f32x4},
};

// The padding of a padded tile's rows, per element size, in bytes (see
// above: a word up to 4-byte elements, one element past them). A constant
// expression: the CUDA kernels' tiles are laid out from it.
struct TilePadding {
  std::size_t element_bytes;
  std::size_t padding_bytes;
};
inline constexpr TilePadding kTilePadding[] = {{1, 4}, {2, 4}, {4, 4}, {8, 8}, {16, 16}};
constexpr std::size_t tile_padding_bytes(std::size_t element_bytes) {
  for (const TilePadding& p : kTilePadding) {
    if (p.element_bytes == element_bytes) return p.padding_bytes;
  }
  return 0;
}

struct Args {
  std::int64_t rows = 0;
  std::int64_t cols = 0;
  DeviceAddress in;
  DeviceAddress out;
  Typing typing = kF32;  // one of the row's typings (Variant::launch sets it)
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
  std::int64_t max_elements = 0;  // > 0: rows·cols at most this (a product limit: 32-bit element offsets)
  std::string_view elements_reason;
};

struct Spec {
  Description doc;
  // The element types the row is stated for; the checks run every one.
  std::span<const Typing> typings = kFloatOnly;
  ShapeDomain shape;
  // Its shared tile's rows are padded by tile_padding_bytes(element size)
  // (what the README's table and the profile checks hold it to).
  bool padded_tile = false;
  // The bytes a launch moves (common/traffic.hpp's rule), as a formula; and
  // the same counted from a model of the kernel's accesses, which the host
  // tests hold the formula to (null: none; the check says so and skips).
  Traffic (*traffic)(std::int64_t rows, std::int64_t cols, const Typing& typing) = nullptr;
  Traffic (*model_traffic)(std::int64_t rows, std::int64_t cols, const Typing& typing) = nullptr;
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
// The launchers' shared checks (same messages on every backend): a typing the
// row does not state, the shape, null in or out, in or out not aligned to
// the element's size, in and out overlapping. Returns false for an empty
// matrix.
bool validate(const Spec& s, const Args& args);

using Entry = Implementation<Spec, Args>;
std::span<const Entry> implementations();
// The spec rows this backend may decline, and for which reasons (its
// conformance profile, defined beside its table): every other row is
// required of it.
std::span<const Allowance> allowances();
using Variant = Joined<Spec, Args>;

// The join's hooks for a narrowed entry: max_n caps both extents,
// n_multiple_of applies to both, max_elements to rows·cols (common/spec.hpp,
// Narrowing).
inline std::shared_ptr<const Spec> typed_row(const Spec& s, const Typing& t) { return untyped(s, t); }
std::shared_ptr<const Spec> narrowed_row(const Spec& s, const Narrowing& n);
std::string narrowing_leaves_nothing(const Spec& s, const Narrowing& n);
// Empty when a narrowed entry takes the shape, else why not: each extent
// within max_n and a multiple of n_multiple_of, rows·cols within
// max_elements.
std::string shape_narrowing_violation(const Narrowing& n, std::int64_t rows, std::int64_t cols);
// What a launcher with a narrowing calls after validate(): throws
// std::invalid_argument "<launcher>: <why>" for a shape outside it.
void reject_shape_outside(std::string_view launcher, const Narrowing& n, std::int64_t rows, std::int64_t cols);
// The first shapes the row takes and the narrowing does not.
std::vector<std::pair<std::int64_t, std::int64_t>> first_outside(const Spec& s, const Narrowing& n);

}  // namespace smemc::transpose
