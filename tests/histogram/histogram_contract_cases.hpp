#pragma once
// The histogram family's fixed contract table (contract_tables.hpp says what
// one is): written out by hand from the rows' stated preconditions (any
// block in [1, 1024]; 0 ≤ n ≤ 2^32 − 1), never derived from a row's own rule.

#include <climits>
#include <cstdint>
#include <vector>

#include "contract_tables.hpp"

namespace smemc::contract {

// clang-format off

inline const std::vector<VariantCases<SizeCase>>& histogram_cases() {
  constexpr std::int64_t kCountLimit = 4294967295;  // 2^32 - 1: a bin's count is 32-bit unsigned
  static const std::vector<SizeCase> any_block = {
      {0, 1, ""}, {0, 1024, ""}, {1, 1, ""}, {1000, 7, ""}, {1000, 33, ""}, {1000, 1000, ""},
      {kCountLimit, 1, ""}, {kCountLimit, 256, ""}, {kCountLimit, 1024, ""},
      {kCountLimit + 1, 1, "exceeds"}, {kCountLimit + 1, 1024, "exceeds"},
      {-1, 256, "negative"},
      {64, 0, "block"}, {64, -1, "block"}, {64, 1025, "block"}, {64, 2048, "block"},
  };
  static const std::vector<VariantCases<SizeCase>> table = {
      {"histogram_global_atomics", any_block},
      {"histogram_smem_privatised", any_block},
      {"histogram_smem_lane_banks", any_block},
  };
  return table;
}

// clang-format on

}  // namespace smemc::contract
