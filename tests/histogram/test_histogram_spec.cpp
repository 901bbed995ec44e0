// The histogram rows themselves, on the host with no device: the spec's
// rows in smemc_spec_tests, a port's own rows in its conformance binary.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "contract_checks.hpp"
#include "histogram/spec.hpp"
#include "histogram_contract_cases.hpp"
#include "smemc/testing.hpp"

namespace smemc::histogram::testing {

// The rows these checks hold: defined by tests/spec/builtin_rows.cpp (the
// spec binary) and test_histogram.cpp (a backend's own rows).
const std::vector<Variant>& spec_checked_rows();

namespace {

class HistogramSpec : public ::testing::TestWithParam<Variant> {};

// What each suite needs (smemc/test_size.hpp): host, small or large.
SMEMC_SUITE_SIZE(HistogramReference, host);
SMEMC_SUITE_SIZE(HistogramSpec, host);

TEST_P(HistogramSpec, spec_row) {
  const Spec& s = *GetParam().spec;
  EXPECT_FALSE(s.doc.name.empty());
  EXPECT_FALSE(s.doc.idea.empty()) << s.doc.name;
  EXPECT_FALSE(s.doc.cost.empty()) << s.doc.name;
  EXPECT_FALSE(s.shared_bins.empty()) << s.doc.name << ": say where the bins live (\"none\" for global only)";
  const auto& rows = spec_checked_rows();
  EXPECT_EQ(std::count_if(rows.begin(), rows.end(), [&](const Variant& o) { return o.name() == s.doc.name; }), 1);
  ASSERT_TRUE(s.traffic != nullptr);
  // Counts are integers: a histogram is exact, whatever order its atomics
  // ran in, and no other class is a claim a histogram can make.
  EXPECT_EQ(s.determinism, Determinism::exact) << s.doc.name << ": a histogram's class is exact";
  ASSERT_FALSE(s.domain.tested_blocks.empty()) << s.doc.name;
}

// The row's validate() refuses and accepts exactly what its fixed table says.
TEST_P(HistogramSpec, contract_table_covers_the_domain) {
  const Spec& s = *GetParam().declared;
  contract::expect_no_gaps(s.doc.name, contract::contract_gaps(s.domain, contract::contract_of(s, contract::histogram_cases()),
                                                               /*data_alignment=*/1));
}

TEST_P(HistogramSpec, contract_table) {
  const Spec& s = *GetParam().spec;
  contract::expect_table_holds(
      s.doc.name, contract::contract_of(s, contract::histogram_cases()),
      [&](const contract::SizeCase& c) {
        validate(s, {.n = c.n,
                     .data = contract::fake_address(1, c.data_offset_bytes),
                     .bins = contract::fake_address(1u << 20),
                     .block = c.block});
      },
      [&](const contract::SizeCase& c) { return contract::describe(s.doc.name, c); },
      [&](const contract::SizeCase& c) { return size_violation(s, c.n, c.block); });
}

// The exact reference itself, on inputs counted by hand.
TEST(HistogramReference, counts_by_hand) {
  const std::vector<std::uint8_t> data = {0, 0, 255, 7, 7, 7, 128};
  const Counts c = count_bins(data);
  EXPECT_EQ(c[0], 2u);
  EXPECT_EQ(c[7], 3u);
  EXPECT_EQ(c[128], 1u);
  EXPECT_EQ(c[255], 1u);
  std::uint64_t total = 0;
  for (std::uint32_t count : c) total += count;
  EXPECT_EQ(total, data.size());
  EXPECT_EQ(count_bins({}), Counts{});
}

// The grid every backend launches: ⌈n/B⌉ blocks, capped.
TEST(HistogramReference, grid) {
  EXPECT_EQ(blocks_for(1, 256), 1);
  EXPECT_EQ(blocks_for(257, 256), 2);
  EXPECT_EQ(blocks_for(kMaxBlocks * 256, 256), kMaxBlocks);
  EXPECT_EQ(blocks_for(kMaxBlocks * 256 + 1, 256), kMaxBlocks);
  EXPECT_EQ(blocks_for(4294967295, 1), kMaxBlocks);
}

INSTANTIATE_TEST_SUITE_P(histogram, HistogramSpec, ::testing::ValuesIn(spec_checked_rows()), smemc::testing::VariantName{});
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(HistogramSpec);

}  // namespace
}  // namespace smemc::histogram::testing
