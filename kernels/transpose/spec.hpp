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
#include <span>
#include <string>
#include <string_view>

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
};

struct Spec {
  Description doc;
  ShapeDomain shape;
  Traffic (*traffic)(std::int64_t rows, std::int64_t cols) = nullptr;
};

// Tile edge of every tiled variant (and of the naive kernel's blocks).
inline constexpr int kTile = 32;

std::span<const Spec> specs();
const Spec& spec_named(std::string_view name);
// Empty when the row takes the shape, else why not.
std::string shape_violation(const Spec& s, std::int64_t rows, std::int64_t cols);
std::string preconditions(const Spec& s);
// The launchers' shared checks (same messages on every backend): the shape,
// null in or out, in and out overlapping. Returns false for an empty matrix.
bool validate(const Spec& s, const Args& args);

std::span<const Implementation<Args>> implementations();
using Variant = Joined<Spec, Args>;

}  // namespace smemc::transpose
