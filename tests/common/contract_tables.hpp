#pragma once
// What each variant must refuse and must accept, as fixed tables written
// out by hand from the rows' stated preconditions (README's variant tables):
// never derived from a row's own rule, so loosening a rule (a block size
// let through, a limit moved by one) fails the tests that iterate these
// tables, on the host (the spec's validate) and on every backend (the
// launchers, with addresses that are never dereferenced).
//
// A case's `refusal` is empty when the variant must accept it, else a word
// its std::invalid_argument message must contain. Every spec row must have
// a table; a table naming no row fails too (a renamed variant).

#include <climits>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "common/contract.hpp"

namespace smemc::contract {

// The tables keep the layout they were written in (one case per line where
// the boundaries matter, rows of cases otherwise).
// clang-format off

template <typename Case>
struct VariantCases {
  std::string_view variant;
  std::vector<Case> cases;
};

constexpr std::int64_t kIntMax = INT_MAX;

// The block rule of the trees (a power of two in [1, 1024]) and their limit
// n <= INT_MAX - 2B, at both ends of the block range.
inline std::vector<SizeCase> tree_cases(int min_block) {
  std::vector<SizeCase> cases = {
      {0, 1024, ""},
      {kIntMax - 2048, 1024, ""},
      {kIntMax - 2047, 1024, "exceeds"},
      {1000, 64, ""},
      {1000, 1024, ""},
      {-1, 256, "negative"},
      {64, 0, "block"},
      {64, -32, "block"},
      {64, 3, "block"},
      {64, 48, "block"},
      {64, 100, "block"},
      {64, 1023, "block"},
      {64, 2048, "block"},
  };
  if (min_block == 1) {
    cases.insert(cases.end(), {{1, 1, ""}, {kIntMax - 2, 1, ""}, {kIntMax - 1, 1, "exceeds"}, {64, 2, ""}, {64, 32, ""}});
  } else {  // the warp tails start at 64 partials
    cases.insert(cases.end(), {{64, 64, ""}, {kIntMax - 128, 64, ""}, {kIntMax - 127, 64, "exceeds"}, {64, 32, "block"},
                               {64, 16, "block"}, {64, 1, "block"}});
  }
  return cases;
}

inline const std::vector<VariantCases<SizeCase>>& reduce_cases() {
  static const std::vector<VariantCases<SizeCase>> table = {
      {"reduce_by_halving",
       {{1, 256, ""}, {2, 256, ""}, {std::int64_t{1} << 30, 256, ""}, {64, 1, ""}, {64, 7, ""}, {64, 1024, ""},
        {0, 256, "power of two"}, {3, 256, "power of two"}, {1000, 256, "power of two"}, {1025, 256, "power of two"},
        {kIntMax, 256, "power of two"}, {std::int64_t{1} << 31, 256, "exceeds"}, {-1, 256, "negative"}, {64, 0, "block"},
        {64, 1025, "block"}, {64, -1, "block"}}},
      {"reduce_by_halving_any_n",
       {{0, 256, ""}, {3, 256, ""}, {1000, 1, ""}, {1000, 7, ""}, {1000, 1000, ""}, {1000, 1024, ""}, {kIntMax, 256, ""},
        {kIntMax + 1, 256, "exceeds"},
        {-1, 256, "negative"}, {64, 0, "block"}, {64, 1025, "block"}}},
      {"reduce_block_fixup", tree_cases(1)},
      {"reduce_block_atomic", tree_cases(1)},
      {"reduce_smem_fixup", tree_cases(1)},
      {"reduce_smem_atomic", tree_cases(1)},
      {"reduce_smem_dynamic", tree_cases(1)},
      {"reduce_warp_volatile_legacy", tree_cases(64)},
      {"reduce_warp_syncwarp", tree_cases(64)},
      {"reduce_warp_shfl", tree_cases(64)},
      {"reduce_vec4_grid_stride",
       {{0, 256, ""}, {1, 32, ""}, {3, 256, ""}, {std::int64_t{1} << 32, 256, ""}, {std::int64_t{1} << 32, 32, ""},
        {1000, 1024, ""}, {(std::int64_t{1} << 32) + 1, 256, "exceeds"}, {-1, 256, "negative"}, {64, 16, "block"},
        {64, 1, "block"}, {64, 48, "block"}, {64, 96, "block"}, {64, 2048, "block"}, {64, 0, "block"},
        {64, 256, "aligned", 4}, {64, 256, "aligned", 8}, {64, 256, "", 16}}},
  };
  return table;
}

inline const std::vector<VariantCases<ShapeCase>>& transpose_cases() {
  constexpr std::int64_t kGridRows = 65535 * 32;
  static const std::vector<ShapeCase> rectangular = {
      {0, 0, ""},          {1, 1, ""},  {3, 5, ""}, {kGridRows, 1, ""}, {kGridRows + 1, 1, "exceeds"}, {1, kIntMax - 32, ""},
      {1, kIntMax - 31, "exceeds"}, {46341, 46341, ""}, {-1, 2, "negative"}, {2, -1, "negative"}};
  static const std::vector<VariantCases<ShapeCase>> table = {
      {"transpose_naive",
       {{0, 0, ""}, {1, 1, ""}, {46340, 46340, ""}, {46341, 46341, "exceeds"}, {64, 65, "square"}, {-1, 4, "negative"},
        {-1, -1, "negative"}}},
      {"transpose_tiled",
       {{0, 0, ""}, {46341, 46341, ""}, {kGridRows, kGridRows, ""}, {kGridRows + 1, kGridRows + 1, "exceeds"},
        {64, 65, "square"}, {-1, -1, "negative"}}},
      {"transpose_padded", rectangular},
      {"transpose_padded_32x8", rectangular},
  };
  return table;
}

inline const std::vector<VariantCases<SizeCase>>& moving_average_cases() {
  constexpr std::int64_t kTiles = kIntMax - 1024;  // the scan's tiles per block size
  static const std::vector<VariantCases<SizeCase>> table = {
      {"moving_average_seed",
       {{0, 0, ""}, {1, 0, ""}, {10, 0, ""}, {11, 0, "exceeds"}, {-1, 0, "negative"}, {5, 32, "block"}, {5, 1, "block"},
        {5, -1, "block"}}},
      {"moving_average_block",
       {{0, 0, ""}, {1024, 0, ""}, {1025, 0, "exceeds"}, {-1, 0, "negative"}, {5, 1, "block"}, {5, 1024, "block"}}},
      {"moving_average_scan",
       {{0, 1, ""}, {1, 1, ""}, {1000, 7, ""}, {1000, 1000, ""}, {kTiles, 1, ""}, {kTiles + 1, 1, "exceeds"},
        {kTiles * 1024, 1024, ""}, {kTiles * 1024 + 1, 1024, "exceeds"}, {-1, 256, "negative"}, {100, 0, "block"},
        {100, 1025, "block"}}},
      {"moving_average_lookback",
       {{0, 256, ""}, {1, 32, ""}, {1000, 256, ""}, {8 * kIntMax * 32, 32, ""}, {8 * kIntMax * 32 + 1, 32, "exceeds"},
        {8 * kIntMax * 1024, 1024, ""}, {8 * kIntMax * 1024 + 1, 1024, "exceeds"},
        {-1, 256, "negative"}, {64, 16, "block"}, {64, 100, "block"}, {64, 2048, "block"}, {64, 0, "block"},
        {64, 256, "aligned", 4}, {64, 256, "", 16}}},
  };
  return table;
}

// The cases of `variant`, or null when the table has none.
template <typename Case>
const std::vector<Case>* cases_of(const std::vector<VariantCases<Case>>& table, std::string_view variant) {
  for (const auto& entry : table) {
    if (entry.variant == variant) return &entry.cases;
  }
  return nullptr;
}

// The fixed table of a row: its own (a row a port defines carries it,
// Spec::contract_cases), else the built-in table's entry for its name;
// empty when there is none (a failure for the caller to report).
template <typename Case, typename Spec>
std::span<const Case> contract_of(const Spec& s, const std::vector<VariantCases<Case>>& builtin) {
  if (!s.contract_cases.empty()) return s.contract_cases;
  if (const std::vector<Case>* cases = cases_of(builtin, s.doc.name)) return *cases;
  return {};
}

// clang-format on

}  // namespace smemc::contract
