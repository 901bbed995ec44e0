#pragma once
// The host checks of the fixed tables (contract_tables.hpp), shared by the
// families' spec tests: a row's validate() accepts what its table accepts
// and refuses the rest with the table's reason, and every table names a row.

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "common/device_address.hpp"
#include "contract_tables.hpp"
#include "smemc/testing.hpp"

namespace smemc::contract {

// Addresses that are never dereferenced (validate() only looks at them).
inline DeviceAddress fake_address(std::uintptr_t k, std::size_t offset = 0) {
  return {reinterpret_cast<void*>(std::uintptr_t{0x10000} * k), offset};
}

// validate_case(c) calls the row's validate() on the case's arguments;
// situation(c) names the case in failures; accepted(c) says why the row
// refuses it, for the failure of a case it must accept.
template <typename Case, typename Validate, typename Situation, typename Why>
void expect_table_holds(std::string_view variant, std::span<const Case> cases, const Validate& validate_case,
                        const Situation& situation, const Why& why_refused) {
  ASSERT_FALSE(cases.empty()) << variant
                              << " has no fixed table (tests/<family>/<family>_contract_cases.hpp, or its own contract_cases)";
  for (const Case& c : cases) {
    if (c.refusal.empty()) {
      EXPECT_NO_THROW(validate_case(c)) << situation(c) << " must be accepted: " << why_refused(c);
    } else {
      smemc::testing::expect_invalid_argument([&] { validate_case(c); }, variant, c.refusal, situation(c));
    }
  }
}
template <typename Case, typename Validate, typename Situation, typename Why>
void expect_table_holds(std::string_view variant, const std::vector<Case>& cases, const Validate& validate_case,
                        const Situation& situation, const Why& why_refused) {
  expect_table_holds(variant, std::span<const Case>(cases), validate_case, situation, why_refused);
}

// Every table names a row of the family, or a typing a row states
// ("<row>_<typing>"); spec_named throws for an unknown row.
template <typename Case, typename SpecNamed>
void expect_tables_name_rows(const std::vector<VariantCases<Case>>& table, const SpecNamed& spec_named) {
  for (const auto& entry : table) {
    bool named = false;
    try {
      (void)spec_named(entry.variant);
      named = true;
    } catch (const std::invalid_argument&) {
      for (std::size_t cut = entry.variant.rfind('_'); cut != std::string_view::npos && !named;
           cut = cut == 0 ? std::string_view::npos : entry.variant.rfind('_', cut - 1)) {
        try {
          const auto& row = spec_named(entry.variant.substr(0, cut));
          named = typing_named(row.typings, entry.variant.substr(cut + 1)) != nullptr;
        } catch (const std::invalid_argument&) {
        }
      }
    }
    EXPECT_TRUE(named) << "the fixed contract table names " << entry.variant << ", which is neither a row nor a row's typing";
  }
}

// contract_gaps() of a row's table: a boundary of its stated domain with no
// case is a table to complete (by hand: tests/<family>/<family>_contract_cases.hpp, or the port
// row's contract_cases).
inline void expect_no_gaps(std::string_view variant, const std::vector<std::string>& gaps) {
  std::string text;
  for (const auto& g : gaps) text += "\n  " + g;
  EXPECT_TRUE(gaps.empty()) << variant << "'s fixed table misses a boundary of its stated domain:" << text;
}

inline std::string describe(std::string_view variant, const SizeCase& c) {
  return std::string(variant) + " n=" + std::to_string(c.n) + " block=" + std::to_string(c.block) + " data offset " +
         std::to_string(c.data_offset_bytes);
}
inline std::string describe(std::string_view variant, const ShapeCase& c) {
  return std::string(variant) + " " + std::to_string(c.rows) + "x" + std::to_string(c.cols);
}

}  // namespace smemc::contract
