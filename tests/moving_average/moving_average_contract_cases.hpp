#pragma once
// The moving-average family's fixed contract table (contract_tables.hpp says what
// one is): written out by hand from the rows' stated preconditions, never
// derived from a row's own rule.

#include <climits>
#include <cstdint>
#include <vector>

#include "contract_tables.hpp"

namespace smemc::contract {

// clang-format off

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

// clang-format on

}  // namespace smemc::contract
