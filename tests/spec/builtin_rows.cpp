// The rows the spec checks of smemc_spec_tests hold: the spec's own (a
// backend's conformance binary checks its own rows instead), and the fixed
// contract tables, which must name only rows the spec has.
#include <gtest/gtest.h>

#include "contract_checks.hpp"
#include "moving_average/spec.hpp"
#include "reduce/spec.hpp"
#include "transpose/spec.hpp"

namespace smemc {
namespace {

template <typename Spec, typename Args>
std::vector<Joined<Spec, Args>> spec_rows_alone(std::span<const Spec> specs) {
  return join(specs, std::span<const Implementation<Spec, Args>>());
}

}  // namespace

namespace reduce::testing {
const std::vector<Variant>& spec_checked_rows() {
  static const std::vector<Variant> rows = spec_rows_alone<Spec, Args>(specs());
  return rows;
}
}  // namespace reduce::testing

namespace transpose::testing {
const std::vector<Variant>& spec_checked_rows() {
  static const std::vector<Variant> rows = spec_rows_alone<Spec, Args>(specs());
  return rows;
}
}  // namespace transpose::testing

namespace moving_average::testing {
const std::vector<Variant>& spec_checked_rows() {
  static const std::vector<Variant> rows = spec_rows_alone<Spec, Args>(specs());
  return rows;
}
}  // namespace moving_average::testing

namespace {

TEST(ReduceSpecTable, names_only_spec_rows) { contract::expect_tables_name_rows(contract::reduce_cases(), &reduce::spec_named); }
TEST(TransposeSpecTable, names_only_spec_rows) {
  contract::expect_tables_name_rows(contract::transpose_cases(), &transpose::spec_named);
}
TEST(MovingAverageSpecTable, names_only_spec_rows) {
  contract::expect_tables_name_rows(contract::moving_average_cases(), &moving_average::spec_named);
}

}  // namespace
}  // namespace smemc
