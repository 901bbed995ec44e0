// The transpose rows themselves, on the host with no device: the spec's
// rows in smemc_spec_tests, a port's own rows in its conformance binary.

#include <gtest/gtest.h>

#include <algorithm>

#include "smemc/testing.hpp"
#include "transpose/spec.hpp"
#include "contract_checks.hpp"
#include "transpose_contract_cases.hpp"

namespace smemc::transpose::testing {

// The rows these checks hold: defined by tests/spec/builtin_rows.cpp (the
// spec binary) and test_transpose.cpp (a backend's own rows).
const std::vector<Variant>& spec_checked_rows();

namespace {

bool accepts(const Spec& s, std::int64_t rows, std::int64_t cols) { return shape_violation(s, rows, cols).empty(); }

class TransposeSpec : public ::testing::TestWithParam<Variant> {};

// What each suite needs (smemc/test_size.hpp): host, small or large.
SMEMC_SUITE_SIZE(TransposeContractGaps, host);
SMEMC_SUITE_SIZE(TransposeSpec, host);

TEST_P(TransposeSpec, spec_row) {
  const Spec& s = *GetParam().spec;
  EXPECT_FALSE(s.doc.name.empty());
  EXPECT_FALSE(s.doc.idea.empty()) << s.doc.name;
  EXPECT_FALSE(s.doc.cost.empty()) << s.doc.name;
  const auto& rows = spec_checked_rows();
  EXPECT_EQ(std::count_if(rows.begin(), rows.end(), [&](const Variant& o) { return o.name() == s.doc.name; }), 1);
  ASSERT_TRUE(s.traffic != nullptr);
  EXPECT_EQ(s.shape.square, !accepts(s, 3, 5)) << s.doc.name << ": square-only rows refuse 3x5, the others take it";
  const std::int64_t side = std::min(s.shape.max_rows, s.shape.max_cols);
  EXPECT_TRUE(accepts(s, side, side)) << s.doc.name << ": " << shape_violation(s, side, side);
  EXPECT_FALSE(accepts(s, s.shape.max_rows + 1, s.shape.square ? s.shape.max_rows + 1 : 1)) << s.doc.name;
}

// The row's validate() refuses and accepts exactly what its fixed table says.
// The fixed table has a case at each boundary of the row's stated domain
// (the row as stated: a narrowing's own boundaries are refuses_outside_narrowing's).
TEST_P(TransposeSpec, contract_table_covers_the_domain) {
  const Spec& s = *GetParam().declared;
  contract::expect_no_gaps(s.doc.name, contract_gaps(s.shape, contract::contract_of(s, contract::transpose_cases())));
}

TEST_P(TransposeSpec, contract_table) {
  const Spec& s = *GetParam().spec;
  contract::expect_table_holds(
      s.doc.name, contract::contract_of(s, contract::transpose_cases()),
      [&](const contract::ShapeCase& c) {
        validate(s, {.rows = c.rows, .cols = c.cols, .in = contract::fake_address(1), .out = contract::fake_address(2)});
      },
      [&](const contract::ShapeCase& c) { return contract::describe(s.doc.name, c); },
      [&](const contract::ShapeCase& c) { return shape_violation(s, c.rows, c.cols); });
}

// contract_gaps for shapes, against a table where every case is the only
// one at its boundary: complete, nothing missing; any one taken out, reported.
TEST(TransposeContractGaps, every_boundary_case_removed_is_reported) {
  const ShapeDomain rectangular{.square = false, .max_rows = 100, .max_cols = 200, .multiple_of = 4};
  const std::vector<contract::ShapeCase> minimal = {{-1, 4, "negative"}, {4, -1, "negative"}, {100, 200, ""},
                                                    {104, 4, "exceeds"}, {4, 204, "exceeds"}, {6, 4, "multiple"}};
  EXPECT_TRUE(contract_gaps(rectangular, minimal).empty());
  for (std::size_t i = 0; i < minimal.size(); ++i) {
    std::vector<contract::ShapeCase> cases = minimal;
    cases.erase(cases.begin() + static_cast<std::ptrdiff_t>(i));
    EXPECT_FALSE(contract_gaps(rectangular, cases).empty()) << "case " << i << " removed, and nothing reported";
  }
  const ShapeDomain square{.square = true, .max_rows = 100, .max_cols = 100};
  const std::vector<contract::ShapeCase> square_cases = {
      {-1, -1, "negative"}, {100, 100, ""}, {101, 101, "exceeds"}, {4, 5, "square"}};
  EXPECT_TRUE(contract_gaps(square, square_cases).empty());
  EXPECT_FALSE(contract_gaps(square, std::span(square_cases).first(3)).empty()) << "no non-square shape refused";
}

INSTANTIATE_TEST_SUITE_P(transpose, TransposeSpec, ::testing::ValuesIn(spec_checked_rows()), smemc::testing::VariantName{});
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(TransposeSpec);

}  // namespace
}  // namespace smemc::transpose::testing
