// The transpose rows themselves, on the host with no device: the spec's
// rows in smemc_spec_tests, a port's own rows in its conformance binary.

#include <gtest/gtest.h>

#include <algorithm>

#include "smemc/testing.hpp"
#include "transpose/spec.hpp"
#include "contract_checks.hpp"

namespace smemc::transpose::testing {

// The rows these checks hold: defined by tests/spec/builtin_rows.cpp (the
// spec binary) and test_transpose.cpp (a backend's own rows).
const std::vector<Variant>& spec_checked_rows();

namespace {

bool accepts(const Spec& s, std::int64_t rows, std::int64_t cols) { return shape_violation(s, rows, cols).empty(); }

class TransposeSpec : public ::testing::TestWithParam<Variant> {};

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

INSTANTIATE_TEST_SUITE_P(transpose, TransposeSpec, ::testing::ValuesIn(spec_checked_rows()), smemc::testing::VariantName{});
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(TransposeSpec);

}  // namespace
}  // namespace smemc::transpose::testing
