// The moving-average rows themselves, on the host with no device: the
// documentation a row carries, what its class needs, its domain, its depth
// formula against its model, its model against its bound. The spec's rows
// in smemc_spec_tests, a port's own rows in its conformance binary.

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>

#include "moving_average/host_models.hpp"
#include "moving_average/spec.hpp"
#include "moving_average_cases.hpp"
#include "moving_average_checks.hpp"
#include "contract_checks.hpp"
#include "moving_average_contract_cases.hpp"
#include "smemc/cases.hpp"
#include "smemc/data.hpp"
#include "smemc/float_bits.hpp"
#include "smemc/generators.hpp"
#include "smemc/testing.hpp"

namespace smemc::moving_average::testing {
namespace {

using smemc::testing::check_property;

bool accepts(const Spec& s, std::int64_t n, int block) { return size_violation(s, n, block).empty(); }
std::int64_t edge_block(int block) { return block == 0 ? 32 : block; }

class MovingAverageSpec : public ::testing::TestWithParam<Variant> {};
class MovingAverageSpecModel : public MovingAverageSpec {};   // rows with a host model
class MovingAverageSpecStream : public MovingAverageSpec {};  // f32 rows with a streamed model (the large checks')
class MovingAverageSpecDepth : public MovingAverageSpec {
};  // rows with a model, in their first typing (depths do not depend on types)

// What each suite needs (smemc/test_size.hpp): host, small or large.
SMEMC_SUITE_SIZE(MovingAverageSpec, host);
SMEMC_SUITE_SIZE(MovingAverageSpecModel, host);
SMEMC_SUITE_SIZE(MovingAverageSpecStream, host);
SMEMC_SUITE_SIZE(MovingAverageSpecDepth, host);
SMEMC_SUITE_SIZE(MovingAverageCases, host);
SMEMC_SUITE_SIZE(MovingAverageModelMeans, host);

TEST_P(MovingAverageSpec, spec_row) {
  const Spec& s = *GetParam().spec;
  const Typing& t = GetParam().typing;
  EXPECT_FALSE(s.doc.name.empty());
  EXPECT_FALSE(s.doc.idea.empty()) << s.doc.name;
  EXPECT_FALSE(s.doc.cost.empty()) << s.doc.name;
  EXPECT_FALSE(s.error_model.empty()) << s.doc.name;
  const auto& rows = spec_checked_rows();
  EXPECT_EQ(std::count_if(rows.begin(), rows.end(), [&](const Variant& o) { return o.typed_name() == GetParam().typed_name(); }),
            1);
  ASSERT_FALSE(s.domain.tested_blocks.empty());
  ASSERT_TRUE(s.workspace_bytes && s.traffic) << s.doc.name;
  // A floating mean is not integer-valued: only the integer typings (their
  // truncated means) are of the exact class.
  EXPECT_EQ(s.determinism == Determinism::exact, is_integer(t.accumulator))
      << GetParam().typed_name() << ": the exact class is the integer typings'";
  EXPECT_EQ(t.output, t.element) << GetParam().typed_name() << ": in place, the output is the element type";
  // A model comes with its depths, its leading bitwise outputs and its
  // streamed form; ordered rows have one, deterministic ones none.
  const bool modelled = s.model != nullptr;
  EXPECT_EQ(modelled, s.model_depths != nullptr && s.bitwise_prefix != nullptr && s.stream_model != nullptr) << s.doc.name;
  if (s.determinism == Determinism::ordered) {
    EXPECT_TRUE(modelled && s.prefix_depth) << s.doc.name << ": an ordered row has a model and its depths";
  }
  if (s.determinism == Determinism::deterministic) {
    EXPECT_FALSE(modelled) << s.doc.name << ": a model states an order";
  }
  const int first_block = s.domain.tested_blocks.front();
  if (s.determinism == Determinism::ordered || s.determinism == Determinism::exact) {
    EXPECT_EQ(s.bitwise_prefix(1000, first_block), 1000) << s.doc.name << ": an ordered row is bitwise everywhere";
  }
  if (!s.managed_workspace.empty()) {
    EXPECT_EQ(s.workspace_bytes(1000, first_block, t), 0u) << s.doc.name;
  }
  EXPECT_EQ(s.workspace.empty(), s.workspace_bytes(1000, s.domain.tested_blocks.front(), t) == 0) << s.doc.name;
  for (int block : s.domain.tested_blocks) {
    EXPECT_TRUE(s.domain.block.admits(block)) << s.doc.name << " tests block " << block << " but its rule refuses it";
    EXPECT_TRUE(accepts(s, 1, block)) << size_violation(s, 1, block);
    EXPECT_FALSE(accepts(s, s.domain.largest_n(block) + 1, block)) << s.doc.name << " takes one past its largest n";
  }
}

// The depth each prefix's bound uses is exactly the depth the model's tree
// gives that prefix: a formula that overstates it would loosen the bound
// (a carry bug could hide in the slack), one that understates it would make
// the bound unsound.
TEST_P(MovingAverageSpecDepth, depth_formula_is_the_models) {
  const Spec& s = *GetParam().spec;
  if (!s.prefix_depth) GTEST_SKIP() << s.doc.name << " states no depth: its bound uses the worst case";
  for (int block : s.domain.tested_blocks) {
    const std::int64_t largest = std::min<std::int64_t>(s.domain.largest_n(block), std::int64_t{1} << 20);
    for (std::int64_t n : {std::int64_t{0}, std::int64_t{1}, std::int64_t{10}, std::int64_t{1000}, largest}) {
      if (!accepts(s, n, block)) continue;
      const std::vector<std::int64_t> model = s.model_depths(n, block);
      ASSERT_EQ(static_cast<std::int64_t>(model.size()), n);
      for (std::int64_t i = 0; i < n; ++i) {
        ASSERT_EQ(s.prefix_depth(i, n, block), model[static_cast<std::size_t>(i)])
            << s.doc.name << " n=" << n << " block=" << block << " prefix " << i;
      }
    }
  }
}

// The traffic the row states is what its host model's own accesses count
// (common/traffic.hpp's rule), in every typing, for every tested block at
// the edge sizes below 2^16 and at the row's largest n up to 2^20.
TEST_P(MovingAverageSpec, traffic_is_the_models_count) {
  const Spec& s = *GetParam().spec;
  smemc::testing::expect_traffic_is_the_models_count(
      GetParam(), [&](std::int64_t n, int block) { return accepts(s, n, block); },
      [&](int block) {
        std::vector<std::int64_t> sizes = gen::edge_sizes(std::int64_t{1} << 16, block);
        sizes.push_back(std::min<std::int64_t>(s.domain.largest_n(block), std::int64_t{1} << 20));
        return sizes;
      });
}

// The streamed model the large checks compare with gives the model's bits,
// across pieces (the second size spans two pieces of 2^24 elements), in f32
// (the typing the large checks run).
TEST_P(MovingAverageSpecStream, stream_model_is_the_model) {
  const Spec& s = *GetParam().spec;
  const auto blocks = s.domain.tested_blocks;
  // The first tested block, and the smallest (the limit's large check runs
  // the smallest: the scan's one-element tiles).
  for (const auto& [block, n] :
       {std::pair{blocks.front(), std::int64_t{1000}}, std::pair{blocks.front(), (std::int64_t{1} << 24) + 12345},
        std::pair{*std::min_element(blocks.begin(), blocks.end()), std::int64_t{100003}}}) {
    const std::int64_t size = std::min(n, s.domain.largest_n(block));
    const std::vector<float> a = make_data(DataKind::uniform, size, 0x57EAu);
    const Values model = s.model(Values::of(a), kF32, block);
    const std::span<const float> expected = model.as<float>();
    std::vector<float> streamed;
    s.stream_model(
        size, block, [&](std::int64_t i) { return a[static_cast<std::size_t>(i)]; },
        [&](std::int64_t first, std::span<const float> means) {
          ASSERT_EQ(first, static_cast<std::int64_t>(streamed.size())) << "pieces out of order";
          streamed.insert(streamed.end(), means.begin(), means.end());
        });
    ASSERT_EQ(streamed.size(), expected.size()) << s.doc.name << " n=" << size;
    for (std::size_t i = 0; i < expected.size(); ++i) {
      ASSERT_EQ(bits_of(streamed[i]), bits_of(expected[i])) << s.doc.name << " n=" << size << " [" << i << "]";
    }
  }
}

TEST_P(MovingAverageSpecModel, model_within_bound) {
  const Variant& v = GetParam();
  const Spec& s = *v.spec;
  check_property([&] {
    const SizedCase c = *sized_case(
        s.domain.tested_blocks,
        [&s](int block) {
          return gen::size(std::min<std::int64_t>(s.domain.largest_n(block), std::int64_t{1} << 16), edge_block(block));
        },
        finite_sum_kinds(v.typing.element));
    const Values a = make_values(v.typing.element, c.kind, c.n, c.seed);
    expect_prefix_means(v, a, c.block, s.model(a, v.typing, c.block), describe(v.typed_name(), c) + " (host model)");
  });
}

// The row's validate() refuses and accepts exactly what its fixed table says.
// The fixed table has a case at each boundary of the row's stated domain
// (the row as stated: a narrowing's own boundaries are refuses_outside_narrowing's).
// (In the typing: its accumulator's n limit, its element's alignment.)
TEST_P(MovingAverageSpec, contract_table_covers_the_domain) {
  const Variant& v = GetParam();
  const Spec& s = *v.declared;
  contract::expect_no_gaps(v.typed_name(),
                           contract::contract_gaps(typed_domain(s.domain, v.typing),
                                                   contract::contract_of(s, v.typing_name(), contract::moving_average_cases()),
                                                   std::max(s.data_alignment, info(v.typing.element).bytes)));
}

TEST_P(MovingAverageSpec, contract_table) {
  const Variant& v = GetParam();
  const Spec& s = *v.spec;
  contract::expect_table_holds(
      s.doc.name, contract::contract_of(s, v.typing_name(), contract::moving_average_cases()),
      [&](const contract::SizeCase& c) {
        validate(s, {.n = c.n,
                     .data = contract::fake_address(1, c.data_offset_bytes),
                     .workspace = contract::fake_address(3),
                     .block = c.block,
                     .typing = v.typing});
      },
      [&](const contract::SizeCase& c) { return contract::describe(v.typed_name(), c); },
      [&](const contract::SizeCase& c) { return size_violation(s, c.n, c.block); });
}

// The large checks' input has no period (below 4097): a piece read from
// the wrong place, or shifted, changes what the check compares. Negative
// control: the input they used before (1, 2, 1, 2, ...) is told apart from
// no shift by 2.
TEST_P(MovingAverageSpec, large_input_has_no_period) {
  const Variant& v = GetParam();
  constexpr std::int64_t kFirst = std::int64_t{1} << 24, kCount = std::int64_t{1} << 16, kMaxShift = 4096;
  EXPECT_EQ(large_input_period(large_input(*v.spec), kFirst, kCount, kMaxShift), 0) << v.typed_name();
  const auto alternating = [](std::int64_t i) { return i % 2 == 0 ? 1.0f : 2.0f; };
  EXPECT_EQ(large_input_period(alternating, kFirst, kCount, kMaxShift), 2) << "the control: a period of 2";
}

// Past 2^24 elements the divisor i + 1 rounds when converted to float (the
// spec's divisor, model::mean_of); a kernel that divides by the exact
// integer (in double, say) differs from the model only where the two
// quotients round apart. The large checks compare every output past 2^24
// bit for bit with the model; this holds their input to telling the two
// divisors apart there: over 2^16 indices from 2^24 (prefix sums taken
// left to right, as the seed's order), many means must differ.
TEST_P(MovingAverageSpecStream, large_input_tells_the_divisors_apart) {
  const Variant& v = GetParam();
  if (v.spec->determinism != Determinism::ordered) GTEST_SKIP() << v.typed_name() << ": compared within its bound, not bitwise";
  const auto value = large_input(*v.spec);
  constexpr std::int64_t kFirst = std::int64_t{1} << 24, kCount = std::int64_t{1} << 16;
  float sum = 0.0f;
  std::int64_t rounded_divisors = 0, told_apart = 0;
  for (std::int64_t i = 0; i < kFirst + kCount; ++i) {
    sum = sum + value(i);
    if (i < kFirst) continue;
    const float divisor = static_cast<float>(i + 1);
    if (static_cast<std::int64_t>(divisor) == i + 1) continue;
    ++rounded_divisors;
    const float with_float = sum / divisor;
    const auto with_exact = static_cast<float>(static_cast<double>(sum) / static_cast<double>(i + 1));
    if (bits_of(with_float) != bits_of(with_exact)) ++told_apart;
  }
  EXPECT_EQ(rounded_divisors, kCount / 2) << "every other divisor past 2^24 rounds in float";
  EXPECT_GE(told_apart, rounded_divisors / 16) << v.typed_name() << ": the large input tells the float divisor from the exact "
                                               << "one at only " << told_apart << " of " << rounded_divisors << " indices";
  RecordProperty("told_apart", std::to_string(told_apart));
}

// Every case a check runs (moving_average_cases.hpp) is one the row takes:
// for the row as stated, narrowed at each bound a backend can narrow it,
// and with n a power of two as a port row may state it, in every workload
// (each property's generator drawn 200 times).
TEST_P(MovingAverageSpec, every_check_case_is_in_the_domain) {
  expect_row_cases_in_domain(
      GetParam(), [](const Spec& s, const Typing& t, const Workload& w, int draws) { return check_cases(s, t, w, draws); }, 200);
}

// The three-phase scan threads a carry from one chunk of kCarryThreads
// tiles to the next; the dense range crosses a chunk only at B <= 128, and
// its sweep need not hit a chunk's boundary. A full run's edge sizes hit
// the first and second boundaries at every block (a fixed table: blocks
// above 128, 256 and 1024, and two below it, 7 and 33).
// The streamed models' division (model::divide_by_counts) converts the
// counts below 2^31 from 32 bits and the rest from 64: pieces on both
// sides of 2^31, and across it, divide as (float)(first + j + 1) does.
// Only the large checks reach these counts otherwise, on a GPU.
TEST(MovingAverageModelMeans, counts_divide_alike_across_2_to_the_31) {
  constexpr std::int64_t kMax32 = INT32_MAX;
  for (const std::int64_t first : {std::int64_t{0}, std::int64_t{1}, kMax32 - 9, kMax32 - 1, kMax32, kMax32 + 1, kMax32 * 2}) {
    std::vector<float> sums(12);
    for (std::size_t j = 0; j < sums.size(); ++j) sums[j] = 1.0e9f + 3.0e7f * static_cast<float>(j) + 0.25f;
    std::vector<float> means = sums;
    model::divide_by_counts(std::span<float>(means), first);
    for (std::size_t j = 0; j < sums.size(); ++j) {
      const float expected = sums[j] / static_cast<float>(first + static_cast<std::int64_t>(j) + 1);
      EXPECT_EQ(bits_of(means[j]), bits_of(expected))
          << "first " << first << " [" << j << "]: count " << first + static_cast<std::int64_t>(j) + 1;
    }
  }
}

// The bound check decides each prefix in doubles first and by the exact
// residual where they cannot tell (PrefixCheck): fed the rows' own model
// means moved by 2^j ulps, some within their bounds and some past them,
// it reports exactly what the exact residual of every prefix reports.
TEST(MovingAverageModelMeans, the_bound_checks_filter_decides_as_the_exact_residual) {
  std::int64_t failing = 0, passing = 0;
  for (const Spec& s : specs()) {  // the spec's rows, whatever this binary's backend (the check is the harness's)
    if (s.determinism != Determinism::ordered || s.model == nullptr) continue;
    const int block = s.domain.tested_blocks.front();
    for (const DataKind kind : {DataKind::uniform, DataKind::cancellation, DataKind::all_equal, DataKind::subnormals}) {
      for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        const std::int64_t n = std::min<std::int64_t>(s.domain.largest_n(block), 700 + 331 * static_cast<std::int64_t>(seed));
        const std::vector<float> a = make_data(kind, n, seed);
        const Values model = s.model(Values::of(a), kF32, block);
        std::vector<float> got(model.as<float>().begin(), model.as<float>().end());
        SplitMix64 rng(seed * 7919);
        const std::uint64_t widest = 2 * seed;  // the first seeds' moves stay within most bounds, the last's do not
        for (float& o : got) {                  // each mean moved by +-2^j ulps, j in 0..widest, or kept
          const std::uint64_t draw = rng.next();
          if (draw % 3 == 0 || !std::isfinite(o)) continue;
          const int ulps = 1 << ((draw >> 8) % (widest + 1));
          for (int u = 0; u < ulps; ++u) o = std::nextafter(o, (draw >> 4) % 2 ? INFINITY : -INFINITY);
        }
        const std::string filtered = prefix_means_problem(s, a, block, got, PrefixCheck::filtered);
        EXPECT_EQ(filtered, prefix_means_problem(s, a, block, got, PrefixCheck::exact_only))
            << s.doc.name << " " << to_string(kind) << " seed " << seed;
        (filtered.empty() ? passing : failing) += 1;
      }
    }
  }
  EXPECT_GT(failing, 0) << "no moved mean went past its bound: the comparison saw no failure";
  EXPECT_GT(passing, 0) << "every input failed: the comparison saw no pass";
}

// The filter's own bounds, against the exact sums at every prefix: the
// residual's upper bound at least the exact residual rounded up, the lower
// bound of sum|a| at most the exact sum. Doubles of wide exponents and both
// signs (the running prefix rounds, and its error term too), a filter that
// starts from earlier exact sums, counts up to 2^31 + 8, and outputs placed
// where the residual is smallest: the exact prefix rounded (so the residual
// is what the running sums got wrong), at counts that scale it exactly.
TEST(MovingAverageModelMeans, the_filters_bounds_hold) {
  std::int64_t tight = 0, checked = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    SplitMix64 rng(seed);
    const std::int64_t n = 200 + static_cast<std::int64_t>(seed) * 97, start = static_cast<std::int64_t>(rng.next() % 50);
    std::vector<double> a(static_cast<std::size_t>(n));
    for (double& x : a) {
      const std::uint64_t draw = rng.next();
      const double mantissa = 1.0 + static_cast<double>(draw >> 12) * 0x1p-52;
      x = std::ldexp((draw & 1u) ? -mantissa : mantissa, static_cast<int>((draw >> 1) % 121) - 60);
    }
    SumReference exact;
    for (std::int64_t j = 0; j < start; ++j) exact.add(a[static_cast<std::size_t>(j)]);
    detail::PrefixFilter filter(exact);
    for (std::int64_t j = start; j < n; ++j) {
      exact.add(a[static_cast<std::size_t>(j)]);
      filter.add(a[static_cast<std::size_t>(j)]);
      ExactSum above_low = exact.abs_sum;
      above_low.subtract(filter.abs_low());
      ASSERT_GE(above_low.sign(), 0) << "seed " << seed << " [" << j << "]: sum|a| below its lower bound";
      const double rounded = exact.sum.to_double();
      for (const int log2_count : {0, 5, 24, 31}) {
        const std::int64_t i = (std::int64_t{1} << log2_count) - 1;
        for (const double out : {std::ldexp(rounded, -log2_count), std::ldexp(rounded, -log2_count) * (1 + 0x1p-40),
                                 static_cast<double>(static_cast<float>(rounded / static_cast<double>(i + 1)))}) {
          ExactSum residual = exact.sum;
          residual.subtract_product(out, static_cast<std::uint64_t>(i + 1));
          const double high = filter.residual_high(out, i);
          ASSERT_GE(high, residual.abs_rounded_up())
              << "seed " << seed << " [" << j << "] count 2^" << log2_count << " out " << out;
          ++checked;
          if (high <= 0x1p-40 * std::fabs(rounded)) ++tight;
        }
      }
    }
  }
  // The bounds are worth deciding on: most are tight (a filter that says
  // "cannot tell" everywhere would hold the bounds above and help nothing).
  EXPECT_GT(tight, checked / 4) << tight << " of " << checked << " upper bounds within 2^-40 of the prefix";
}

TEST(MovingAverageCases, full_run_crosses_the_scans_carry_chunks) {
  const Spec& scan = spec_named("moving_average_scan");
  const auto cases = edge_size_cases(scan, workload_named("full"));
  const std::pair<int, std::int64_t> needed[] = {{256, 262143},   {256, 262145},   {256, 524289}, {1024, 1048575},
                                                 {1024, 1048577}, {1024, 2097153}, {7, 7167},     {7, 7169},
                                                 {7, 14337},      {33, 33791},     {33, 33793},   {33, 67585}};
  for (const auto& c : needed) {
    EXPECT_NE(std::find(cases.begin(), cases.end(), c), cases.end())
        << "moving_average_scan's edge_sizes lack n = " << c.second << " at block " << c.first;
  }
}

// Fails for each (block, n) of `needed` that the look-back's edge sizes
// under the workload lack.
void expect_lookback_edge_cases(std::string_view workload, std::span<const std::pair<int, std::int64_t>> needed) {
  const auto cases = edge_size_cases(spec_named("moving_average_lookback"), workload_named(workload));
  for (const auto& c : needed) {
    EXPECT_NE(std::find(cases.begin(), cases.end(), c), cases.end())
        << "moving_average_lookback's " << workload << "-workload edge sizes lack n = " << c.second << " at block " << c.first;
  }
}

// A tool run (the reduced workload: at most 8 blocks and 2^12 elements a
// case) must still reach the look-back at every block it sweeps: a case
// past the first tile, whose outputs are the only ones that need no
// predecessor, and one past the second (a look-back over two). The tile is
// 24B elements, so 8 blocks of B elements, or 2^12 at B = 256, never get
// there; the cap counts tiles and takes two and one more
// (Spec::items_per_thread). A fixed table: the blocks the tool runs sweep
// (the first two tested, 256 and 32) and the sizes 2T + 1.
TEST(MovingAverageCases, tool_run_reaches_the_look_back) {
  const std::pair<int, std::int64_t> needed[] = {{256, 6145}, {256, 12289}, {32, 769}, {32, 1537}};
  expect_lookback_edge_cases("reduced", needed);
}

// A full run's edge sizes hit the look-back's tile boundaries (24B, which
// the sweep's powers of two and block multiples miss) at every block: a
// fixed table at 256, 1024 and 32.
TEST(MovingAverageCases, full_run_hits_the_look_backs_tiles) {
  const std::pair<int, std::int64_t> needed[] = {{256, 6143},   {256, 6145},   {256, 12289}, {1024, 24575},
                                                 {1024, 24577}, {1024, 49153}, {32, 767},    {32, 1537}};
  expect_lookback_edge_cases("full", needed);
}

bool modelled(const Variant& v) { return v.spec->model != nullptr; }
bool streamed(const Variant& v) { return v.spec->stream_model != nullptr && v.typing == kF32; }
bool modelled_first_typing(const Variant& v) { return modelled(v) && v.typing == v.declared->typings.front(); }

INSTANTIATE_TEST_SUITE_P(moving_average, MovingAverageSpec, ::testing::ValuesIn(spec_checked_rows()),
                         smemc::testing::VariantName{});
INSTANTIATE_TEST_SUITE_P(moving_average, MovingAverageSpecModel,
                         ::testing::ValuesIn(smemc::testing::rows_where(spec_checked_rows(), &modelled)),
                         smemc::testing::VariantName{});
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(MovingAverageSpec);
INSTANTIATE_TEST_SUITE_P(moving_average, MovingAverageSpecStream,
                         ::testing::ValuesIn(smemc::testing::rows_where(spec_checked_rows(), &streamed)),
                         smemc::testing::VariantName{});
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(MovingAverageSpecModel);
INSTANTIATE_TEST_SUITE_P(moving_average, MovingAverageSpecDepth,
                         ::testing::ValuesIn(smemc::testing::rows_where(spec_checked_rows(), &modelled_first_typing)),
                         smemc::testing::VariantName{});
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(MovingAverageSpecStream);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(MovingAverageSpecDepth);

}  // namespace
}  // namespace smemc::moving_average::testing
