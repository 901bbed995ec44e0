#pragma once
// The transpose family's fixed contract table (contract_tables.hpp says what
// one is): written out by hand from the rows' stated preconditions, never
// derived from a row's own rule.

#include <climits>
#include <cstdint>
#include <vector>

#include "contract_tables.hpp"

namespace smemc::contract {

// clang-format off

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

// clang-format on

}  // namespace smemc::contract
