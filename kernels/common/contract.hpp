#pragma once
// The case types of a fixed contract table: what a variant must refuse and
// must accept, written out by hand from its stated preconditions, never
// derived from its own rule. The built-in rows' tables are in the test tree
// (tests/<family>/<family>_contract_cases.hpp); a row a port defines carries its own
// (Spec::contract_cases), written the same way.
//
// A case's `refusal` is empty when the variant must accept it, else a word
// its std::invalid_argument message must contain.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace smemc {
struct SizeDomain;
}

namespace smemc::contract {

// A 1-D family's case (reduce, moving average, histogram).
struct SizeCase {
  std::int64_t n = 0;
  int block = 0;
  std::string_view refusal;           // empty: must be accepted
  std::size_t data_offset_bytes = 0;  // added to the data address (alignment preconditions)
  std::string_view typing;            // not empty: the case is this typing's only (an element's alignment, say)
};

// Where a 1-D row's table leaves a boundary of its stated domain without a
// case, one line each (empty: none): a negative n refused; the block rule's
// ends, each accepted and each passed by one refused (and a block between
// them that is not a power of two, refused, where the rule wants one); the
// n limit, accepted at the largest n a block takes and refused past it for
// that block; an n that is not a power of two or not a multiple, refused,
// where the domain says so; and for data_alignment > 4, a misaligned data
// address refused and an aligned one accepted. The tables stay written by
// hand: this only says which boundary a table forgot.
std::vector<std::string> contract_gaps(const SizeDomain& domain, std::span<const SizeCase> cases, std::size_t data_alignment);

// A transpose's case.
struct ShapeCase {
  std::int64_t rows = 0;
  std::int64_t cols = 0;
  std::string_view refusal;
  std::string_view typing;  // not empty: the case is this typing's only
};

}  // namespace smemc::contract
