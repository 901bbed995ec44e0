// The rows the spec checks of smemc_spec_tests hold: the spec's own (a
// backend's conformance binary checks its own rows instead), and the fixed
// contract tables, which must name only rows the spec has.
#include <gtest/gtest.h>

#include "contract_checks.hpp"
#include "moving_average/moving_average_checks.hpp"
#include "smemc/check_failure.hpp"
#include "smemc/data.hpp"
#include "smemc/families_tests.hpp"

namespace smemc {
namespace {

template <typename Spec, typename Args>
std::vector<Joined<Spec, Args>> spec_rows_alone(std::span<const Spec> specs) {
  return join(specs, std::span<const Implementation<Spec, Args>>(), std::span<const Allowance>());
}

}  // namespace

// Every family of SMEMC_FAMILIES (smemc/families.hpp): the rows its spec
// checks hold here, and its fixed contract table naming only its rows.
#define SMEMC_SPEC_CHECKED_ROWS(family)                                            \
  namespace family::testing {                                                      \
  const std::vector<Variant>& spec_checked_rows() {                                \
    static const std::vector<Variant> rows = spec_rows_alone<Spec, Args>(specs()); \
    return rows;                                                                   \
  }                                                                                \
  }
SMEMC_FOR_EACH_FAMILY(SMEMC_SPEC_CHECKED_ROWS)
#undef SMEMC_SPEC_CHECKED_ROWS

namespace {

#define SMEMC_TABLE_NAMES_ROWS(family)                                                  \
  TEST(SpecTable, family##_names_only_spec_rows) {                                      \
    contract::expect_tables_name_rows(contract::family##_cases(), &family::spec_named); \
  }
SMEMC_FOR_EACH_FAMILY(SMEMC_TABLE_NAMES_ROWS)
#undef SMEMC_TABLE_NAMES_ROWS

// The per-prefix check runs long inputs in pieces over the cores: a wrong
// mean in the first, a middle or the last piece (or at a piece's edge) is
// still caught, and the model itself passes.
TEST(MovingAverageChecks, a_wrong_mean_in_any_piece_is_caught) {
  const auto& s = moving_average::spec_named("moving_average_scan");
  const std::int64_t n = 5 * (std::int64_t{1} << 15) + 123;
  const std::vector<float> a = make_data(DataKind::uniform, n, 0x9E1Cu);
  const Values typed_model = s.model(Values::of(a), kF32, 256);
  const std::vector<float> model(typed_model.as<float>().begin(), typed_model.as<float>().end());
  EXPECT_NO_THROW(moving_average::testing::expect_prefix_means(s, a, 256, model, "model"));
  for (std::int64_t i :
       {std::int64_t{0}, std::int64_t{1} << 15, (std::int64_t{1} << 16) - 1, 3 * (std::int64_t{1} << 15) + 7, n - 1}) {
    std::vector<float> wrong = model;
    wrong[static_cast<std::size_t>(i)] = wrong[static_cast<std::size_t>(i)] * 1.001f + 0.001f;
    EXPECT_THROW(moving_average::testing::expect_prefix_means(s, a, 256, wrong, "wrong"), CheckFailure)
        << "a wrong mean at " << i;
  }
}

}  // namespace
}  // namespace smemc
