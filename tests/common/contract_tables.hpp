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
//
// Each family's table is its own file, tests/<family>/<family>_contract_cases.hpp
// (contract::<family>_cases()); this header has what they share.

#include <climits>
#include <cstdint>
#include <span>
#include <string>
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

// The cases of `variant`, or null when the table has none.
template <typename Case>
const std::vector<Case>* cases_of(const std::vector<VariantCases<Case>>& table, std::string_view variant) {
  for (const auto& entry : table) {
    if (entry.variant == variant) return &entry.cases;
  }
  return nullptr;
}

// The fixed table of a row in a typing: its own (a row a port defines
// carries it, Spec::contract_cases), else the built-in table's entry for
// "<row>_<typing>" where the typing changes what the row takes (an
// accumulator's n limit, an element's alignment), else its entry for the
// row; of those cases, the ones of every typing and the typing's own (a
// case that names a typing); empty when there is none (a failure for the
// caller to report).
template <typename Case, typename Spec>
std::vector<Case> contract_of(const Spec& s, std::string_view typing, const std::vector<VariantCases<Case>>& builtin) {
  std::span<const Case> all = s.contract_cases;
  // A second kernel of a spec row (second_kernel()) answers to that row's table.
  const std::string_view row = s.doc.second_kernel_of.empty() ? s.doc.name : s.doc.second_kernel_of;
  if (all.empty()) {
    if (const std::vector<Case>* cases = cases_of(builtin, std::string(row) + "_" + std::string(typing))) {
      all = *cases;
    } else if (const std::vector<Case>* row_cases = cases_of(builtin, row)) {
      all = *row_cases;
    }
  }
  std::vector<Case> mine;
  for (const Case& c : all) {
    if (c.typing.empty() || c.typing == typing) mine.push_back(c);
  }
  return mine;
}

// clang-format on

}  // namespace smemc::contract
