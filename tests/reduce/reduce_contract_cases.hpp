#pragma once
// The reduction family's fixed contract table (contract_tables.hpp says what
// one is): written out by hand from the rows' stated preconditions, never
// derived from a row's own rule.

#include <climits>
#include <cstdint>
#include <vector>

#include "contract_tables.hpp"

namespace smemc::contract {

// clang-format off

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

// The trees summing bytes into 32 bits (u8_u32, which refuses overflow):
// n <= 16843009 (255·n < 2^32), whatever the block.
inline std::vector<SizeCase> byte_sum_tree_cases() {
  return {
      {0, 1024, ""},
      {16843009, 1024, ""},
      {16843010, 1024, "exceeds"},
      {16843009, 1, ""},
      {16843010, 1, "exceeds"},
      {kIntMax - 2048, 1024, "exceeds"},
      {1, 1, ""},
      {1000, 64, ""},
      {1000, 1024, ""},
      {-1, 256, "negative"},
      {64, 0, "block"},
      {64, 2, ""},
      {64, 3, "block"},
      {64, 32, ""},
      {64, 48, "block"},
      {64, 1023, "block"},
      {64, 2048, "block"},
  };
}

// The trees over 8-byte elements (f64, i64): the data's byte offset a
// multiple of 8, beside the tree's own cases.
inline std::vector<SizeCase> eight_byte_tree_cases() {
  std::vector<SizeCase> cases = tree_cases(1);
  cases.insert(cases.end(), {{64, 256, "aligned", 4}, {64, 256, "aligned", 12}, {64, 256, "", 8}, {64, 256, "", 16}});
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
      {"reduce_smem_fixup_f64", eight_byte_tree_cases()},
      {"reduce_smem_fixup_i64", eight_byte_tree_cases()},
      {"reduce_smem_fixup_u8_u32", byte_sum_tree_cases()},
      {"reduce_smem_atomic", tree_cases(1)},
      {"reduce_smem_atomic_f64", eight_byte_tree_cases()},
      {"reduce_smem_atomic_i64", eight_byte_tree_cases()},
      {"reduce_smem_atomic_u8_u32", byte_sum_tree_cases()},
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

// clang-format on

}  // namespace smemc::contract
