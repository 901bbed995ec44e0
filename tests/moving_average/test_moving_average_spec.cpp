// The moving-average rows themselves, on the host with no backend: the
// documentation a row carries, its domain, its depth formula against its
// model, its model against its bound.

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>

#include "moving_average/spec.hpp"
#include "moving_average_checks.hpp"
#include "smemc/cases.hpp"
#include "smemc/generators.hpp"
#include "smemc/testing.hpp"

namespace smemc::moving_average::testing {
namespace {

using smemc::testing::check_property;

const std::vector<Variant>& spec_rows() {
  static const std::vector<Variant> rows = join(specs(), std::span<const Implementation<Args>>());
  return rows;
}

bool accepts(const Spec& s, std::int64_t n, int block) { return size_violation(s, n, block).empty(); }
std::int64_t edge_block(int block) { return block == 0 ? 32 : block; }

class MovingAverageSpec : public ::testing::TestWithParam<Variant> {};

TEST_P(MovingAverageSpec, spec_row) {
  const Spec& s = *GetParam().spec;
  EXPECT_FALSE(s.doc.name.empty());
  EXPECT_FALSE(s.doc.idea.empty()) << s.doc.name;
  EXPECT_FALSE(s.doc.cost.empty()) << s.doc.name;
  EXPECT_FALSE(s.error_model.empty()) << s.doc.name;
  EXPECT_EQ(std::count_if(specs().begin(), specs().end(), [&](const Spec& o) { return o.doc.name == s.doc.name; }), 1);
  ASSERT_FALSE(s.domain.tested_blocks.empty());
  ASSERT_TRUE(s.workspace_bytes && s.prefix_depth && s.model_depth && s.ordered_model && s.traffic);
  EXPECT_EQ(s.workspace.empty(), s.workspace_bytes(1000, s.domain.tested_blocks.front()) == 0) << s.doc.name;
  for (int block : s.domain.tested_blocks) {
    EXPECT_TRUE(s.domain.block.admits(block)) << s.doc.name << " tests block " << block << " but its rule refuses it";
    EXPECT_TRUE(accepts(s, 1, block)) << size_violation(s, 1, block);
    EXPECT_FALSE(accepts(s, s.domain.largest_n(block) + 1, block)) << s.doc.name << " takes one past its largest n";
  }
}

TEST_P(MovingAverageSpec, depth_formula_covers_model) {
  const Spec& s = *GetParam().spec;
  for (int block : s.domain.tested_blocks) {
    for (std::int64_t n : gen::edge_sizes(std::min<std::int64_t>(s.domain.largest_n(block), std::int64_t{1} << 20), edge_block(block))) {
      ASSERT_GE(s.prefix_depth(n, block), s.model_depth(n, block)) << s.doc.name << " n=" << n << " block=" << block;
    }
  }
}

TEST_P(MovingAverageSpec, model_within_bound) {
  const Spec& s = *GetParam().spec;
  check_property([&] {
    const SizedCase c = *sized_case(s.domain.tested_blocks, [&s](int block) {
      return gen::size(std::min<std::int64_t>(s.domain.largest_n(block), std::int64_t{1} << 16), edge_block(block));
    }, finite_sum_kinds());
    const auto a = make_data(c.kind, c.n, c.seed);
    expect_prefix_means(s, a, c.block, s.ordered_model(a, c.block), describe(s.doc.name, c) + " (host model)");
  });
}

INSTANTIATE_TEST_SUITE_P(moving_average, MovingAverageSpec, ::testing::ValuesIn(spec_rows()), smemc::testing::VariantName{});

}  // namespace
}  // namespace smemc::moving_average::testing
