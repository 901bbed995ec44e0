// The histogram rows themselves, on the host with no device: the spec's
// rows in smemc_spec_tests, a port's own rows in its conformance binary;
// and the binning rule, held to an exact rational reference.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "contract_checks.hpp"
#include "histogram/spec.hpp"
#include "histogram_cases.hpp"
#include "histogram_contract_cases.hpp"
#include "histogram_samples.hpp"
#include "smemc/exact_sum.hpp"
#include "smemc/testing.hpp"

namespace smemc::histogram::testing {

// The rows these checks hold: defined by tests/spec/builtin_rows.cpp (the
// spec binary) and test_histogram.cpp (a backend's own rows).
const std::vector<Variant>& spec_checked_rows();

namespace {

class HistogramSpec : public ::testing::TestWithParam<Variant> {};

// What each suite needs (smemc/test_size.hpp): host, small or large.
SMEMC_SUITE_SIZE(HistogramReference, host);
SMEMC_SUITE_SIZE(HistogramRule, host);
SMEMC_SUITE_SIZE(HistogramSamples, host);
SMEMC_SUITE_SIZE(HistogramSpec, host);

TEST_P(HistogramSpec, spec_row) {
  const Spec& s = *GetParam().spec;
  EXPECT_FALSE(s.doc.name.empty());
  EXPECT_FALSE(s.doc.idea.empty()) << s.doc.name;
  EXPECT_FALSE(s.doc.cost.empty()) << s.doc.name;
  EXPECT_FALSE(s.shared_bins.empty()) << s.doc.name << ": say where the bins live (\"none\" for global only)";
  EXPECT_FALSE(s.bins_reason.empty()) << s.doc.name << ": say what limits the bins";
  EXPECT_GE(s.max_bins, 1) << s.doc.name;
  EXPECT_LE(s.max_bins, kMaxBins) << s.doc.name;
  const auto& rows = spec_checked_rows();
  EXPECT_EQ(std::count_if(rows.begin(), rows.end(),
                          [&](const Variant& o) { return o.name() == s.doc.name && o.typing == GetParam().typing; }),
            1);
  ASSERT_TRUE(s.traffic != nullptr);
  // Counts are integers: a histogram is exact, whatever order its atomics
  // ran in, and no other class is a claim a histogram can make.
  EXPECT_EQ(s.determinism, Determinism::exact) << s.doc.name << ": a histogram's class is exact";
  EXPECT_EQ(GetParam().typing.accumulator, Scalar::u32) << s.doc.name << ": a bin's count is 32-bit unsigned";
  ASSERT_FALSE(s.domain.tested_blocks.empty()) << s.doc.name;
}

// The traffic the row states is what a model of its launch's accesses
// counts (common/traffic.hpp's rule), in every sample type, for bin counts
// from 1 to the row's most and n around them: the memset of the bins, the
// samples read once, one atomic's load and store for each bin reached.
TEST_P(HistogramSpec, traffic_is_the_models_count) {
  const Spec& s = *GetParam().spec;
  if (!s.model_traffic) GTEST_SKIP() << s.doc.name << " names no model of its accesses (Spec::model_traffic)";
  const Typing& t = GetParam().typing;
  const int block = s.domain.tested_blocks.front();
  for (std::int64_t bins : {std::int64_t{1}, std::int64_t{3}, std::int64_t{256}, s.max_bins}) {
    if (bins > s.max_bins) continue;
    for (std::int64_t n : {std::int64_t{0}, std::int64_t{1}, bins - 1, bins, bins + 1, 3 * bins + 7, std::int64_t{10007}}) {
      if (n < 0 || !size_violation(s, n, block).empty()) continue;
      ASSERT_TRUE(
          smemc::testing::same_traffic(s.traffic(n, block, t, bins), s.model_traffic(n, block, t, bins),
                                       GetParam().typed_name() + " n=" + std::to_string(n) + " bins=" + std::to_string(bins)));
    }
  }
}

// The row's validate() refuses and accepts exactly what its fixed table says
// (in the typing: its samples' alignment).
TEST_P(HistogramSpec, contract_table_covers_the_domain) {
  const Variant& v = GetParam();
  const Spec& s = *v.declared;
  contract::expect_no_gaps(
      v.typed_name(), contract::contract_gaps(s.domain, contract::contract_of(s, v.typing_name(), contract::histogram_cases()),
                                              data_alignment_of(s, v.typing)));
}

TEST_P(HistogramSpec, contract_table) {
  const Variant& v = GetParam();
  const Spec& s = *v.spec;
  contract::expect_table_holds(
      s.doc.name, contract::contract_of(s, v.typing_name(), contract::histogram_cases()),
      [&](const contract::SizeCase& c) {
        validate(s, {.n = c.n,
                     .data = contract::fake_address(1, c.data_offset_bytes),
                     .bins = contract::fake_address(1u << 20),
                     .workspace = contract::fake_address(1u << 21),
                     .block = c.block,
                     .binning = default_binning(v.typing.element),
                     .typing = v.typing});
      },
      [&](const contract::SizeCase& c) { return contract::describe(v.typed_name(), c); },
      [&](const contract::SizeCase& c) { return size_violation(s, c.n, c.block); });
}

// Every case a check runs (histogram_cases.hpp) is one the row takes, its
// size, block, binning and data offset: for the row as stated, narrowed at
// each bound a backend can narrow it, with n a power of two, and as a port
// row may state it with fewer bins (16) or wider data (16 bytes), in every
// workload (the property's generator drawn 200 times).
TEST_P(HistogramSpec, every_check_case_is_in_the_domain) {
  const Variant& v = GetParam();
  const std::int64_t table_limit = contract::row_bins_limit(*v.declared, v.port_defined());
  struct Statement {
    const char* name;
    std::int64_t max_bins;
    std::size_t data_alignment;
  };
  const Statement statements[] = {{"", 0, 0}, {", 16 bins at most", 16, 0}, {", data aligned to 16 bytes", 0, 16}};
  int outside = 0;
  for (const Statement& st : statements) {
    for (const BoundaryDomain& b : boundary_domains(v.spec->domain)) {
      Spec s = *v.spec;
      s.domain = b.domain;
      if (st.max_bins > 0) s.max_bins = std::min(s.max_bins, st.max_bins);
      if (st.data_alignment > 0) s.data_alignment = std::max(s.data_alignment, st.data_alignment);
      const std::int64_t limit = std::min(table_limit, s.max_bins);
      for (const Workload& w : every_workload()) {
        for (const NamedHistogramCase& nc : check_cases(s, v.typing, limit, w, launch_of(v), 200)) {
          const HistogramCase& c = nc.c;
          std::string why = violation(s.domain, c.n, c.block);
          if (why.empty()) why = narrowing_violation(b.narrowing, c.n, c.block);
          if (why.empty()) why = binning_violation(s, v.typing, c.binning);
          if (why.empty())
            why = alignment_violation(c.data_offset * info(v.typing.element).bytes, data_alignment_of(s, v.typing));
          if (why.empty() || ++outside > 20) continue;
          ADD_FAILURE() << v.typed_name() << ", its domain " << b.name << st.name << ", workload " << w.name << ": " << nc.check
                        << " {n=" << c.n << ", block=" << c.block << ", " << describe(c.binning)
                        << ", data offset=" << c.data_offset << "} is outside the domain: " << why;
        }
      }
    }
  }
  EXPECT_EQ(outside, 0) << v.typed_name() << ": cases outside the domain (the first 20 above)";
}

// edge_sizes runs every tested block B > 0 at a full grid of kMaxBlocks
// blocks and at its grid-stride turns: kMaxBlocks·B − 1, kMaxBlocks·B,
// kMaxBlocks·B + 1 (the first turn) and 2·kMaxBlocks·B + 33 (a second,
// with a partial block), wherever the workload's cap and the row take
// them. For the spec's grid its dense sweep stops at the first turn
// (histogram_cases.cpp), so these sizes are what holds the turns. (The
// tool runs stop at 8 blocks. The wide row's own grid, wide_blocks, turns
// only past 2^19 vectors: its large_limit, 2^32 − 1 bytes, reaches that.)
TEST_P(HistogramSpec, edge_sizes_turn_a_full_grid_once_and_twice) {
  const Variant& v = GetParam();
  for (const BoundaryDomain& b : boundary_domains(v.spec->domain)) {  // as stated, and narrowed at each bound
    Spec s = *v.spec;
    s.domain = b.domain;
    for (const Workload& w : every_workload()) {
      if (w.reduced) continue;
      const std::vector<std::pair<int, std::int64_t>> cases = edge_size_cases(s, w, launch_of(v));
      int held = 0;
      int blocks = 0;
      for (int block : s.domain.tested_blocks) {
        if (block <= 0) continue;  // a row that picks its own launch
        ++blocks;
        const std::int64_t grid = kMaxBlocks * block;
        for (std::int64_t n : {grid - 1, grid, grid + 1, 2 * grid + 33}) {
          if (n > max_n(s, block, w) || !size_violation(s, n, block).empty()) continue;
          ++held;
          EXPECT_NE(std::find(cases.begin(), cases.end(), std::pair{block, n}), cases.end())
              << v.typed_name() << ", its domain " << b.name << ", workload " << w.name << ": edge_sizes lacks n = " << n
              << " at B = " << block;
        }
      }
      // A full run's cap (2^24) holds a second turn at every B below 2048
      // (the spec's rows go up to 1024), where the row's own domain does.
      if (w.name == "full" && blocks > 0 && !b.narrowing.narrows())
        EXPECT_GT(held, 0) << v.typed_name() << ": no block's grid turns within a full run's cap";
    }
  }
}

// The binnings of the fixed table, taken and refused by the row's rule as
// the table says; the row's bin limit is the table's (a port row: its own).
TEST_P(HistogramSpec, binning_table) {
  const Variant& v = GetParam();
  const Spec& s = *v.declared;
  const std::int64_t limit = contract::row_bins_limit(s, v.port_defined());
  ASSERT_GT(limit, 0) << s.doc.name << " has no bin limit in tests/histogram/histogram_contract_cases.hpp";
  EXPECT_EQ(s.max_bins, limit) << s.doc.name << ": the row's stated bin limit differs from the fixed table's";
  int applied = 0;
  for (const contract::BinningCase& c : contract::binning_cases()) {
    if (!contract::applies(c, v.typing)) continue;
    ++applied;
    const Binning binning = contract::with_row_limit(c.binning, limit);
    const std::string why = binning_violation(s, v.typing, binning);
    const std::string context = v.typed_name() + " " + histogram::describe(binning);
    if (c.refusal.empty()) {
      EXPECT_EQ(why, "") << context << " must be taken";
    } else {
      EXPECT_NE(why.find(c.refusal), std::string::npos)
          << context << " must be refused for \"" << c.refusal << "\"; got: " << why;
    }
  }
  EXPECT_GE(applied, 8) << v.typed_name() << ": too few binning cases apply";
}

// --- the rule --------------------------------------------------------------

// The exact reference: the sign of bins*(x - lower) - k*(upper - lower) in
// exact rational arithmetic (ExactSum: a fixed-point accumulator over the
// whole double range), with nothing in common with the rule's expansions.
int exact_edge_sign(double x, std::int64_t k, const Binning& b) {
  ExactSum s;
  const auto bins = static_cast<std::uint64_t>(b.bins), kk = static_cast<std::uint64_t>(k);
  s.add_product(x, bins);
  s.subtract_product(b.lower, bins);
  s.subtract_product(b.upper, kk);
  s.add_product(b.lower, kk);
  return s.sign();
}
// Whether k is x's bin by the definition: x in [lower, upper) and
// k = floor(bins*(x - lower)/(upper - lower)), i.e. S(k) >= 0 > S(k + 1).
std::string bin_error(double x, std::int64_t k, const Binning& b) {
  const bool counts = x >= b.lower && x < b.upper;
  if (!counts) return k == -1 ? "" : "counted a sample outside the levels (or NaN) in bin " + std::to_string(k);
  if (k < 0 || k >= b.bins) return "bin " + std::to_string(k) + " is outside [0, bins)";
  if (exact_edge_sign(x, k, b) < 0) return "bin " + std::to_string(k) + " is past the sample's bin";
  if (k + 1 < b.bins && exact_edge_sign(x, k + 1, b) >= 0) return "bin " + std::to_string(k) + " is below the sample's bin";
  return {};
}

// The reference's own check, on values worked by hand: the double nearest
// 1/3 lies below 1/3, so 3 bins over [0, 1) put it in bin 0, though the
// quotient rounds to 1.0 (a floor of the rounded quotient, the naive
// implementation, puts it in bin 1).
TEST(HistogramRule, by_hand) {
  const Binning thirds{3, 0, 1};
  const double third = 1.0 / 3.0;
  EXPECT_EQ((third - 0) / (1 - 0) * 3, 1.0) << "the rounded quotient is 1";
  EXPECT_EQ(exact_edge_sign(third, 1, thirds), -1);
  EXPECT_EQ(exact_edge_sign(third, 0, thirds), 1);
  EXPECT_EQ(floating_bin(third, thirds), 0);
  EXPECT_EQ(floating_bin(std::nextafter(third, 1.0), thirds), 1);
  EXPECT_EQ(floating_bin(0.5, {2, 0, 1}), 1);   // an edge itself belongs to the bin above it
  EXPECT_EQ(floating_bin(1.0, {2, 0, 1}), -1);  // the upper level does not count
  EXPECT_EQ(floating_bin(-0.0, {2, 0, 1}), 0);  // -0 == lower
  EXPECT_EQ(floating_bin(std::nan(""), {2, 0, 1}), -1);
  EXPECT_EQ(floating_bin(HUGE_VAL, {2, -1e300, 1e300}), -1);
  // Subnormal levels (the split products stay exact): 2 bins over
  // [-2u, 2u), u = 2^-1074, put u in bin floor(2 * 3u / 4u) = 1, 0 in bin 1,
  // -u in bin 0; u is not below the upper level of [-u, u).
  EXPECT_EQ(floating_bin(0x1p-1074, {2, -0x1p-1073, 0x1p-1073}), 1);
  EXPECT_EQ(floating_bin(0.0, {2, -0x1p-1073, 0x1p-1073}), 1);
  EXPECT_EQ(floating_bin(-0x1p-1074, {2, -0x1p-1073, 0x1p-1073}), 0);
  EXPECT_EQ(floating_bin(0x1p-1074, {2, -0x1p-1074, 0x1p-1074}), -1);
  EXPECT_EQ(floating_bin(0x1p999, {3, -0x1p1000, 0x1p1000}), 2);  // 2/3 * 2^1000 < 2^999 + 2^1000: bin 2
  // A candidate near an integer on the wrong side of it: over [0.1, 0.7)
  // with 4096 bins, x = 0x1.6673333333333p-2 has (x - 0.1)*4096/(0.7 - 0.1)
  // = 1706.99999999999977 in double (three roundings), 2^-42 below 1707,
  // and its bin is 1707: the filter (kCertain = 2^-32) must not trust it.
  EXPECT_EQ(floating_bin(0x1.6673333333333p-2, {4096, 0.1, 0.7}), 1707);
  EXPECT_EQ(exact_edge_sign(0x1.6673333333333p-2, 1707, {4096, 0.1, 0.7}), 1);
  // A quotient of exact terms that rounds up to an integer: over [0, r),
  // r = 2 - 2^-52, with 256 bins, x = (6 - 2^-50)/256 gives x*256 = 3r -
  // 2^-52 exactly, so the real quotient is 3 - 2^-52/r, within half an ulp
  // of 3 (2^-52): the division rounds to 3.0, the bin is 2. (The rule's
  // exact quotient, floating_bin's step 2, must see the division's
  // residual, 2^-52; the f64
  // binnings hold this one for the device rows: histogram_samples.hpp.)
  {
    const Binning near_two{256, 0, 2 - 0x1p-52};
    const double x = (6 - 0x1p-50) / 256;
    EXPECT_EQ(x * 256 / near_two.upper, 3.0) << "the rounded quotient is 3";
    EXPECT_EQ(exact_edge_sign(x, 3, near_two), -1);
    EXPECT_EQ(floating_bin(x, near_two), 2);
  }
  // Integers: 16-bit samples with one bin per value, and past INT_MAX in
  // the product: (65535 - 0) * 65536 / 65536.
  EXPECT_EQ(integer_bin(65535, {65536, 0, 65536}), 65535);
  EXPECT_EQ(integer_bin(32767, {65536, -32768, 32768}), 65535);
  EXPECT_EQ(integer_bin(-32768, {65536, -32768, 32768}), 0);
  EXPECT_EQ(integer_bin(5, {3, 0, 10}), 1);  // 5 * 3 / 10 = 1.5
  EXPECT_EQ(integer_bin(10, {3, 0, 10}), -1);
  EXPECT_EQ(integer_bin(-1, {3, 0, 10}), -1);
}

// The integer rule over every value of the 8- and 16-bit types, against the
// definition's inequalities (k*range <= bins*(x - lower) < (k+1)*range).
TEST(HistogramRule, integer_samples_exhaustively) {
  for (Scalar type : {Scalar::u8, Scalar::i8, Scalar::u16, Scalar::i16}) {
    for (const Binning& b : binnings_of(type, kMaxBins)) {
      const Binning all = one_bin_per_value(type);
      for (auto x = static_cast<std::int64_t>(all.lower); x < static_cast<std::int64_t>(all.upper); ++x) {
        const std::int64_t k = integer_bin(x, b);
        const auto lower = static_cast<std::int64_t>(b.lower), range = static_cast<std::int64_t>(b.upper - b.lower);
        bool right = k == -1;
        if (x >= lower && x < lower + range) {
          right = k >= 0 && k < b.bins && k * range <= b.bins * (x - lower) && b.bins * (x - lower) < (k + 1) * range;
        }
        ASSERT_TRUE(right) << to_string(type) << " " << x << " in " << histogram::describe(b) << ": bin " << k;
      }
    }
  }
}

// The wide row's 32-bit, division-free bin (bin_rule.hpp's integer_bin_32)
// is the rule's bin for every value of the 8-
// and 16-bit types, in the suite's binnings and in the extremes of the
// argument (bins and range up to 2^16, quotients near 2^16, ranges that are
// not powers of two), with the reciprocal rounded to nearest and moved 3
// ulps either way (OpenCL may give 1.0f / range within 2.5 ulp).
TEST(HistogramRule, reciprocal_bin_is_the_rule_exhaustively) {
  for (Scalar type : {Scalar::u8, Scalar::i8, Scalar::u16, Scalar::i16}) {
    const Binning all = one_bin_per_value(type);
    std::vector<Binning> binnings = binnings_of(type, kMaxBins);
    const double lo = all.lower, hi = all.upper, span = hi - lo;
    for (double bins : {1.0, 3.0, 7.0, 255.0, 256.0, 257.0, 1000.0, 40000.0, 65535.0, 65536.0}) {
      binnings.push_back({static_cast<std::int64_t>(bins), lo, hi});
      binnings.push_back({static_cast<std::int64_t>(bins), lo + 1, hi - 1});
      binnings.push_back({static_cast<std::int64_t>(bins), lo + std::floor(span / 3), lo + std::floor(span / 3) + 3});
    }
    for (const Binning& b : binnings) {
      const rule::IntegerBins32 nearest = rule::integer_bins_32(params_of(b));
      for (int ulps = -3; ulps <= 3; ++ulps) {
        rule::IntegerBins32 bins32 = nearest;
        for (int step = 0; step < std::abs(ulps); ++step) {
          bins32.reciprocal = std::nextafter(bins32.reciprocal, ulps < 0 ? 0.0f : 1.0f);
        }
        for (auto x = static_cast<std::int64_t>(lo); x < static_cast<std::int64_t>(hi); ++x) {
          ASSERT_EQ(rule::integer_bin_32(static_cast<std::int32_t>(x), bins32), integer_bin(x, b))
              << to_string(type) << " " << x << " in " << histogram::describe(b) << ", reciprocal " << ulps << " ulps off";
        }
      }
    }
  }
}

// The floating rule over every value of f16 and bf16 (NaNs, infinities and
// subnormals included), and edge-heavy samples of f32 and f64, in every
// binning of the suite, against the exact reference.
template <typename T>
void expect_rule_holds(const Values& samples, const Binning& b, const std::string& what) {
  for (T x : samples.as<T>()) {
    const double d = to_double(x);
    const std::string error = bin_error(d, floating_bin(d, b), b);
    ASSERT_EQ(error, "") << what << " sample " << d << " in " << histogram::describe(b);
  }
}
TEST(HistogramRule, sixteen_bit_floats_exhaustively) {
  std::vector<std::uint16_t> every(65536);
  for (std::size_t i = 0; i < every.size(); ++i) every[i] = static_cast<std::uint16_t>(i);
  for (Scalar type : {Scalar::f16, Scalar::bf16}) {
    Values samples(type, every.size());
    std::memcpy(samples.data(), every.data(), samples.size_bytes());
    for (const Binning& b : binnings_of(type, 4096)) {
      if (type == Scalar::f16)
        expect_rule_holds<Half>(samples, b, "f16");
      else
        expect_rule_holds<BFloat16>(samples, b, "bf16");
    }
  }
}
TEST(HistogramRule, wide_floats_at_the_edges) {
  for (Scalar type : {Scalar::f32, Scalar::f64}) {
    for (const Binning& b : binnings_of(type, 4096)) {
      const Values samples = make_samples(type, Samples::edges, b, 20000, 0x5EEDu + static_cast<std::uint64_t>(b.bins));
      if (type == Scalar::f32)
        expect_rule_holds<float>(samples, b, "f32");
      else
        expect_rule_holds<double>(samples, b, "f64");
    }
  }
}

// The reference itself catches a wrong bin: the naive floor of the rounded
// quotient, fed to it, is caught on the suite's own edge samples.
TEST(HistogramRule, reference_catches_the_naive_rule) {
  const Binning b{10, 0.1, 0.7};
  const Values samples = make_samples(Scalar::f64, Samples::edges, b, 20000, 7);
  int caught = 0;
  for (double x : samples.as<double>()) {
    if (!(x >= b.lower && x < b.upper)) continue;
    const auto naive = std::min<std::int64_t>(b.bins - 1, static_cast<std::int64_t>((x - b.lower) / (b.upper - b.lower) * 10));
    if (!bin_error(x, naive, b).empty()) ++caught;
  }
  EXPECT_GT(caught, 0) << "the edge samples never separate the naive rule from the exact one";
}

// --- the samples -----------------------------------------------------------

// Each kind's promise (histogram_samples.hpp), made checkable: empty when
// the samples keep it, else the first broken promise.
std::string sample_promise_violation(Samples kind, const Values& samples, const Binning& b) {
  const Counts counts = reference_counts(samples, b);
  std::int64_t counted = 0, nonzero = 0;
  for (std::uint32_t c : counts) {
    counted += c;
    nonzero += c != 0 ? 1 : 0;
  }
  const auto n = static_cast<std::int64_t>(samples.size());
  // Each sample's bin, and the bin of the sample one step below it (the
  // spec's rule, held to the exact reference by the HistogramRule checks).
  const rule::BinParams p = params_of(b);
  std::vector<std::int64_t> bin(samples.size()), bin_below(samples.size());
  std::vector<bool> same_bits(samples.size());  // sample i's bits are those of sample i mod the runs' period
  visit_scalar(samples.type(), [&]<typename T>(std::type_identity<T>) {
    if constexpr (!std::is_same_v<T, Float4>) {
      const auto x = samples.as<T>();
      const auto period = static_cast<std::size_t>(run_period(sizeof(T)));
      for (std::size_t i = 0; i < x.size(); ++i) {
        bin[i] = bin_of(x[i], p);
        bin_below[i] = bin_of(detail::step(x[i], -1), p);
        same_bits[i] = std::memcmp(&x[i], &x[i % period], sizeof(T)) == 0;
      }
    }
  });
  switch (kind) {
    case Samples::spread:
      if (nonzero != b.bins) return std::to_string(b.bins - nonzero) + " bins are empty";
      if (is_floating(samples.type()) && counted == n) return "no sample lies outside the levels";
      return {};
    case Samples::one_bin:
      if (nonzero != 1 || counted != n) return "the samples fill " + std::to_string(nonzero) + " bins, not one";
      return {};
    case Samples::one_bank:
      for (std::size_t k = 0; k < counts.size(); ++k) {
        if (counts[k] != 0 && k % 32 != 0) return "bin " + std::to_string(k) + " is not in bank 0";
      }
      return counted == n ? "" : "some samples are not counted";
    case Samples::lane_stride:
      for (std::size_t i = 0; i < samples.size(); ++i) {
        if (bin[i] != static_cast<std::int64_t>(8 * (i % 32)) % b.bins) {
          return "sample " + std::to_string(i) + " is not in bin 8 * (i mod 32)";
        }
      }
      return {};
    case Samples::runs: {
      // The samples repeat the first word's, bit for bit, but for one in
      // every fifth 16 bytes, in another bin; the word's samples are in as
      // many bins as the binning has, up to the period.
      const std::int64_t period = run_period(info(samples.type()).bytes);
      const auto stretch = 16 / static_cast<std::int64_t>(info(samples.type()).bytes);
      std::int64_t strays = 0;
      for (std::int64_t i = 0; i < n; ++i) {
        if (same_bits[static_cast<std::size_t>(i)]) continue;
        if (bin[static_cast<std::size_t>(i)] == bin[static_cast<std::size_t>(i % period)]) {
          return "sample " + std::to_string(i) + " breaks the run in the run's own bin";
        }
        ++strays;
      }
      if (strays == 0) return "no sample breaks the runs";
      if (strays > n / (5 * stretch) + 1)
        return std::to_string(strays) + " samples break the runs: more than one in five 16 bytes";
      const std::set<std::int64_t> word_bins(bin.begin(), bin.begin() + period);
      if (static_cast<std::int64_t>(word_bins.size()) != std::min(period, b.bins)) return "the word's samples share a bin";
      return {};
    }
    case Samples::edges: {
      // A fair share of samples right at an edge: its bin differs from the
      // bin of the sample one step below it; and samples that do not count.
      std::int64_t at_edge = 0;
      for (std::size_t i = 0; i < samples.size(); ++i) at_edge += bin[i] != bin_below[i] ? 1 : 0;
      if (at_edge * 8 < n) return "only " + std::to_string(at_edge) + " samples lie at a bin edge";
      if (is_floating(samples.type()) && counted == n) return "every sample counts: no level, extreme or special";
      return {};
    }
  }
  return "unknown kind";
}

// Every kind keeps its promise for every sample type, in the type's
// default binning.
TEST(HistogramSamples, kinds_keep_their_promises) {
  for (const Typing& t : kTypings) {
    const Binning b = default_binning(t.element);
    for (Samples kind : kAllSamples) {
      const Values samples = make_samples(t.element, kind, b, 8192, 42);
      EXPECT_EQ(sample_promise_violation(kind, samples, b), "") << typing_name(t) << " " << name_of(kind);
    }
  }
}

// The promises can fail: each fed another kind's samples breaks.
TEST(HistogramSamples, broken_promises_are_caught) {
  const Binning b = kByteValues;
  const Values spread = make_samples(Scalar::u8, Samples::spread, b, 8192, 1);
  const Values one = make_samples(Scalar::u8, Samples::one_bin, b, 8192, 1);
  EXPECT_NE(sample_promise_violation(Samples::one_bin, spread, b), "");
  EXPECT_NE(sample_promise_violation(Samples::one_bank, spread, b), "");
  EXPECT_NE(sample_promise_violation(Samples::lane_stride, spread, b), "");
  EXPECT_NE(sample_promise_violation(Samples::spread, one, b), "");
  EXPECT_NE(sample_promise_violation(Samples::runs, spread, b), "");
  EXPECT_NE(sample_promise_violation(Samples::runs, one, b), "");
  const Binning f{256, -1, 1};
  EXPECT_NE(sample_promise_violation(Samples::edges, make_samples(Scalar::f32, Samples::one_bin, f, 8192, 1), f), "");
  EXPECT_NE(sample_promise_violation(Samples::spread, make_samples(Scalar::f32, Samples::one_bank, f, 8192, 1), f), "");
}

// Samples are a function of their arguments alone.
TEST(HistogramSamples, reproducible) {
  const Binning b{100, 0, 1};
  EXPECT_TRUE(make_samples(Scalar::f16, Samples::edges, b, 1000, 9) == make_samples(Scalar::f16, Samples::edges, b, 1000, 9));
  EXPECT_FALSE(make_samples(Scalar::f16, Samples::edges, b, 1000, 9) == make_samples(Scalar::f16, Samples::edges, b, 1000, 10));
}

// --- the rest ----------------------------------------------------------------

// The byte count, on inputs counted by hand.
TEST(HistogramReference, counts_by_hand) {
  const std::vector<std::uint8_t> data = {0, 0, 255, 7, 7, 7, 128};
  const Counts c = count_bytes(data);
  ASSERT_EQ(c.size(), 256u);
  EXPECT_EQ(c[0], 2u);
  EXPECT_EQ(c[7], 3u);
  EXPECT_EQ(c[128], 1u);
  EXPECT_EQ(c[255], 1u);
  std::uint64_t total = 0;
  for (std::uint32_t count : c) total += count;
  EXPECT_EQ(total, data.size());
  EXPECT_EQ(reference_counts(Values::of(data), kByteValues), c);
  const std::vector<std::int8_t> signed_bytes = {-128, -1, 0, 127, 127};
  const Counts s = reference_counts(Values::of(signed_bytes), one_bin_per_value(Scalar::i8));
  EXPECT_EQ(s[0], 1u);
  EXPECT_EQ(s[127], 1u);
  EXPECT_EQ(s[128], 1u);
  EXPECT_EQ(s[255], 2u);
}

TEST(HistogramReference, one_bin_per_value) {
  EXPECT_EQ(one_bin_per_value(Scalar::u8), (Binning{256, 0, 256}));
  EXPECT_EQ(one_bin_per_value(Scalar::i8), (Binning{256, -128, 128}));
  EXPECT_EQ(one_bin_per_value(Scalar::u16), (Binning{65536, 0, 65536}));
  EXPECT_EQ(one_bin_per_value(Scalar::i16), (Binning{65536, -32768, 32768}));
  EXPECT_THROW(one_bin_per_value(Scalar::f16), std::invalid_argument);
  EXPECT_THROW(one_bin_per_value(Scalar::i32), std::invalid_argument);
  EXPECT_EQ(histogram::describe(Binning{10, 0.1, 0.7}), "10 bins over [0.1, 0.7)");
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
