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

// 8-byte elements (f64): the data's byte offset a multiple of 8.
inline std::vector<SizeCase> with_eight_byte_elements(std::vector<SizeCase> cases, int block) {
  cases.insert(cases.end(), {{64, block, "aligned", 4}, {64, block, "", 8}, {64, block, "", 16}});
  return cases;
}

inline const std::vector<VariantCases<SizeCase>>& moving_average_cases() {
  constexpr std::int64_t kTiles = kIntMax - 1024;  // the scan's tiles per block size
  const std::vector<SizeCase> block_cases = {{0, 0, ""}, {1024, 0, ""}, {1025, 0, "exceeds"}, {-1, 0, "negative"}, {5, 1, "block"},
                                             {5, 1024, "block"}};
  const std::vector<SizeCase> scan_cases = {{0, 1, ""}, {1, 1, ""}, {1000, 7, ""}, {1000, 1000, ""}, {kTiles, 1, ""},
                                            {kTiles + 1, 1, "exceeds"}, {kTiles * 1024, 1024, ""},
                                            {kTiles * 1024 + 1, 1024, "exceeds"}, {-1, 256, "negative"}, {100, 0, "block"},
                                            {100, 1025, "block"}};
  static const std::vector<VariantCases<SizeCase>> table = {
      {"moving_average_seed",
       {{0, 0, ""}, {1, 0, ""}, {10, 0, ""}, {11, 0, "exceeds"}, {-1, 0, "negative"}, {5, 32, "block"}, {5, 1, "block"},
        {5, -1, "block"}}},
      {"moving_average_block", block_cases},
      {"moving_average_block_f64", with_eight_byte_elements(block_cases, 0)},
      {"moving_average_scan", scan_cases},
      {"moving_average_scan_f64", with_eight_byte_elements(scan_cases, 256)},
      // int32 averaged in int64: n <= 2^32 (2^32 * 2^31 = 2^63), and the tiles' own limit below it.
      {"moving_average_scan_i32_i64_i32",
       {{0, 1, ""}, {1, 1, ""}, {1000, 7, ""}, {kTiles, 1, ""}, {kTiles + 1, 1, "exceeds"}, {std::int64_t{1} << 32, 1024, ""},
        {(std::int64_t{1} << 32) + 1, 1024, "exceeds"}, {kTiles * 1024, 1024, "exceeds"}, {-1, 256, "negative"},
        {100, 0, "block"}, {100, 1025, "block"}}},
      // Bytes averaged in 32 bits: n <= 16843009 (255 n < 2^32), whatever the block.
      {"moving_average_scan_u8_u32_u8",
       {{0, 1, ""}, {1, 1, ""}, {1000, 7, ""}, {16843009, 1, ""}, {16843010, 1, "exceeds"}, {16843009, 1024, ""},
        {16843010, 1024, "exceeds"}, {kTiles * 1024, 1024, "exceeds"}, {-1, 256, "negative"}, {100, 0, "block"},
        {100, 1025, "block"}}},
      {"moving_average_lookback",
       {{0, 256, ""}, {1, 32, ""}, {1000, 256, ""}, {24 * kIntMax * 32, 32, ""}, {24 * kIntMax * 32 + 1, 32, "exceeds"},
        {24 * kIntMax * 1024, 1024, ""}, {24 * kIntMax * 1024 + 1, 1024, "exceeds"},
        {-1, 256, "negative"}, {64, 16, "block"}, {64, 100, "block"}, {64, 2048, "block"}, {64, 0, "block"},
        {64, 256, "aligned", 4}, {64, 256, "", 16}}},
  };
  return table;
}

// clang-format on

}  // namespace smemc::contract
