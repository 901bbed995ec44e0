#pragma once
// The case types of a fixed contract table: what a variant must refuse and
// must accept, written out by hand from its stated preconditions, never
// derived from its own rule. The built-in rows' tables are in the test tree
// (tests/common/contract_tables.hpp); a row a port defines carries its own
// (Spec::contract_cases), written the same way.
//
// A case's `refusal` is empty when the variant must accept it, else a word
// its std::invalid_argument message must contain.

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace smemc::contract {

// A 1-D family's case (reduce, moving average).
struct SizeCase {
  std::int64_t n = 0;
  int block = 0;
  std::string_view refusal;           // empty: must be accepted
  std::size_t data_offset_bytes = 0;  // added to the data address (alignment preconditions)
};

// A transpose's case.
struct ShapeCase {
  std::int64_t rows = 0;
  std::int64_t cols = 0;
  std::string_view refusal;
};

}  // namespace smemc::contract
