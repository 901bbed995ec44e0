// The histogram family's conformance checks, over every (row, typing) of
// the registry.
//
// Every row is `exact`: its counts must equal the host's count
// (reference_counts), bin for bin, in every run, whatever order its atomics
// ran in, for every sample type, binning and sample kind
// (histogram_samples.hpp). The bins start poisoned (a launcher that does not
// clear them adds to garbage); guard zones catch writes outside the bins and
// the data; the data are checked unchanged after every run.

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/combinable.h>
#include <tbb/parallel_for.h>

#include "histogram/spec.hpp"
#include "histogram_contract_cases.hpp"
#include "histogram_cases.hpp"
#include "histogram_samples.hpp"
#include "smemc/check_failure.hpp"
#include "smemc/data.hpp"
#include "smemc/digest.hpp"
#include "smemc/generators.hpp"
#include "smemc/guarded_buffer.hpp"
#include "smemc/phase_timer.hpp"
#include "smemc/testing.hpp"
#include "smemc/workload.hpp"

namespace smemc::histogram::testing {
namespace {

using smemc::testing::check_property;
using smemc::testing::VariantName;

const std::vector<Variant>& variants() {
  static const std::vector<Variant> rows = join(specs(), implementations(), allowances());
  return rows;
}

}  // namespace

const std::vector<Variant>& spec_checked_rows() {
  static const std::vector<Variant> rows = smemc::testing::rows_where(variants(), &smemc::testing::port_defined<Variant>);
  return rows;
}

namespace {

Scalar sample_type(const Variant& v) { return v.typing.element; }

// The binnings of histogram_samples.hpp the row takes.
std::vector<Binning> binnings_of(const Variant& v) { return binnings_taken(*v.spec, v.typing); }

struct Case {
  std::int64_t n = 0;
  int block = 0;
  Samples kind = Samples::spread;
  std::uint64_t seed = 0;
  Binning binning;
  std::size_t data_offset = 0;  // elements past the data buffer's placement
};

std::string describe(const Variant& v, const Case& c) {
  std::ostringstream os;
  os << v.typed_name() << " {n=" << c.n << ", block=" << c.block << ", samples=" << name_of(c.kind) << ", seed=" << c.seed << ", "
     << histogram::describe(c.binning) << ", data offset=" << c.data_offset << "}";
  return os.str();
}

// The exact class: every count equal to the reference's. Names the first
// few wrong bins and how many there are.
void expect_counts(const Counts& expected, std::span<const std::uint32_t> got, const std::string& context) {
  const timing::ScopedPhase phase(timing::Phase::compare);
  std::string wrong;
  std::size_t count = 0;
  for (std::size_t k = 0; k < expected.size(); ++k) {
    if (got[k] == expected[k]) continue;
    if (++count <= 8)
      wrong += " bins[" + std::to_string(k) + "] = " + std::to_string(got[k]) + " (expected " + std::to_string(expected[k]) + ")";
  }
  if (count > 0) fail_check(context + ": " + std::to_string(count) + " wrong bin(s):" + wrong);
}

bool accepts(const Variant& v, std::int64_t n, int block) { return size_violation(*v.spec, n, block).empty(); }

Values samples_of(const Variant& v, const Case& c) {
  const timing::ScopedPhase phase(timing::Phase::data);
  return make_samples(sample_type(v), c.kind, c.binning, c.n, c.seed);
}

Counts reference_of(const Values& samples, const Binning& b) {
  const timing::ScopedPhase phase(timing::Phase::host_model);
  return reference_counts(samples, b);
}

std::span<const std::uint32_t> counts_of(const Values& bins) { return bins.as<std::uint32_t>(); }

// The bytes of the row's workspace for a launch (0 where it states none).
std::size_t workspace_bytes_for(const Variant& v, std::int64_t n, int block, const Binning& b) {
  return workspace_of(*v.spec, n, block, v.typing, b.bins);
}

void run_and_check(const Variant& v, const Case& c) {
  const std::string context = describe(v, c);
  const Values samples = samples_of(v, c);
  GuardedArray data("data", samples.type(), samples.size() + c.data_offset);
  GuardedArray bins("out", Scalar::u32, static_cast<std::size_t>(c.binning.bins));
  GuardedBytes workspace("workspace", workspace_bytes_for(v, c.n, c.block, c.binning));
  workspace.poison();
  data.upload(samples, {}, c.data_offset);
  v.launch({.n = c.n,
            .data = data.at(c.data_offset),
            .bins = bins.data(),
            .workspace = workspace.payload(),
            .block = c.block,
            .binning = c.binning},
           {});
  backend().synchronize({});
  data.verify_guards();
  bins.verify_guards();
  workspace.verify_guards();
  const Values after = data.download().slice(c.data_offset, samples.size());
  if (!(after == samples)) fail_check(context + ": the data were modified");
  expect_counts(reference_of(samples, c.binning), counts_of(bins.download()), context);
}

class HistogramAll : public smemc::testing::VariantTest<Variant> {};
class HistogramAtLimit : public HistogramAll {};  // the rows' stated limit, 4 GiB of bytes
class HistogramLauncher : public smemc::testing::LauncherTest<Variant> {};
class HistogramLauncherNarrowed : public HistogramLauncher {};
class HistogramUnsupported : public smemc::testing::UnsupportedRowTest<Variant> {};

// What each suite needs (smemc/test_size.hpp): host, small or large.
SMEMC_SUITE_SIZE(HistogramLauncher, host);
SMEMC_SUITE_SIZE(HistogramLauncherNarrowed, host);
SMEMC_SUITE_SIZE(HistogramTable, host);
SMEMC_SUITE_SIZE(HistogramUnsupported, host);
SMEMC_SUITE_SIZE(HistogramAtLimit, large);
SMEMC_SUITE_SIZE(HistogramAll, small);

TEST_P(HistogramUnsupported, declared) {}

// Any size, block, binning, sample kind and seed the row takes.
TEST_P(HistogramAll, exact_counts) {
  const Variant& v = GetParam();
  const std::vector<Binning> binnings = binnings_of(v);
  ASSERT_FALSE(binnings.empty()) << v.typed_name() << " takes none of the suite's binnings";
  check_property([&] {
    const auto [block, n] = *size_case(*v.spec, workload());
    const Samples kind = *rc::gen::elementOf(std::vector<Samples>(std::begin(kAllSamples), std::end(kAllSamples)));
    const Binning binning = *rc::gen::elementOf(binnings);
    RC_PRE(accepts(v, n, block));
    run_and_check(v, {n, block, kind, *gen::seed(), binning});
  });
}

// Every binning of the suite with every sample kind, once each, at a size
// of many blocks (n = 3001, block 32; the tool runs, which look at memory
// and barriers, not values: 301, the edge samples only).
TEST_P(HistogramAll, every_binning) {
  const Variant& v = GetParam();
  const auto [block, n] = every_binning_size(*v.spec, workload());
  for (const Binning& b : binnings_of(v)) {
    for (Samples kind : kAllSamples) {
      if (workload().reduced && kind != Samples::edges) continue;
      run_and_check(v, {n, block, kind, 0xB1D5u + static_cast<std::uint64_t>(b.bins), b});
    }
  }
}

// The sizes where grid-stride loops break, for every block the row claims
// (edge sizes within the workload's dense range, 2^18 in a full run: the
// data are made and counted on the host; the tool runs, which look at
// launch shapes, take one size sweep; a spec row's sweep stops one sample
// past a full grid), and sizes around one and two full grids (kMaxBlocks
// blocks: threads loop more than once), up to the workload's largest n;
// spread samples, the typing's default binning.
TEST_P(HistogramAll, edge_sizes) {
  const Variant& v = GetParam();
  const Binning binning = default_binning_of(*v.spec, v.typing);
  for (const auto& [block, n] : edge_size_cases(*v.spec, workload(), launch_of(v))) {
    run_and_check(v, {n, block, Samples::spread, 0xB1A5u + static_cast<std::uint64_t>(n), binning});
  }
}

// Data at element offsets: a sample array has no alignment past its
// samples' (or the row's stated data_alignment) to lean on.
TEST_P(HistogramAll, data_offsets) {
  const Variant& v = GetParam();
  for (const HistogramCase& c : data_offset_cases(*v.spec, v.typing)) {
    run_and_check(v, {c.n, c.block, Samples::spread, 0x0FF5u + c.data_offset, c.binning, c.data_offset});
  }
}

// The accepted binnings of the fixed table (histogram_contract_cases.hpp),
// run: a row must take them, and count them right.
std::int64_t row_bins_limit(const Variant& v) { return contract::row_bins_limit(*v.declared, v.port_defined()); }
using contract::with_row_limit;
TEST_P(HistogramAll, takes_its_binning_table) {
  const Variant& v = GetParam();
  const std::int64_t limit = row_bins_limit(v);
  ASSERT_GT(limit, 0) << v.name() << " has no bin limit in the fixed table (tests/histogram/histogram_contract_cases.hpp)";
  for (const HistogramCase& c : binning_table_cases(*v.spec, v.typing, limit, workload())) {
    run_and_check(v, {c.n, c.block, Samples::edges, 0xCA5Eu, c.binning});
  }
}

// One histogram on a stream of its own, for the launch-contract checks
// (the stream is held while the launcher runs; testing.hpp says how).
struct HeldHistogram {
  const Variant& v;
  Case c;
  Values samples;
  StreamOwner stream;
  GuardedArray data;
  GuardedArray bins;
  GuardedBytes workspace;

  static Case case_of(const Variant& v) {
    const HistogramCase h = held_case(*v.spec, v.typing);
    return {h.n, h.block, Samples::spread, 0xA5C2u, h.binning};
  }
  explicit HeldHistogram(const Variant& variant)
      : v(variant),
        c(case_of(variant)),
        samples(make_samples(sample_type(variant), c.kind, c.binning, c.n, c.seed)),
        data("data", samples.type(), samples.size(), stream.get()),
        bins("out", Scalar::u32, static_cast<std::size_t>(c.binning.bins), stream.get()),
        workspace("workspace", workspace_bytes_for(variant, c.n, c.block, c.binning), stream.get()) {
    data.upload(samples, stream.get());
    workspace.poison(stream.get());
  }
  void launch() {
    v.launch({.n = c.n,
              .data = data.data(),
              .bins = bins.data(),
              .workspace = workspace.payload(),
              .block = c.block,
              .binning = c.binning},
             stream.get());
  }
  std::string written_while_held() const {
    const Values now = bins.download(Stream{});
    const auto words = counts_of(now);
    const auto written = std::count_if(words.begin(), words.end(), [](std::uint32_t w) { return w != kPoisonBits; });
    return written == 0 ? std::string() : std::to_string(written) + " bins were written";
  }
  Values finish() {
    stream.synchronize();
    data.verify_guards(stream.get());
    bins.verify_guards(stream.get());
    workspace.verify_guards(stream.get());
    return bins.download(stream.get());
  }
};

// The launch contract: the clearing and the counting enqueued on the given
// stream, no waiting.
TEST_P(HistogramAll, launch_is_asynchronous) {
  const Variant& v = GetParam();
  HeldHistogram held(v);
  run_and_check(v, held.c);  // loads the kernel first (CUDA loads a module lazily, waiting for running kernels)
  if (!smemc::testing::expect_asynchronous_launch(
          held.stream.get(), [&] { held.launch(); }, [&] { return held.written_while_held(); }, v.typed_name())) {
    return;
  }
  (void)held.finish();
}

// A launch enqueued while its stream was held counts exactly once the
// stream runs.
TEST_P(HistogramAll, held_stream_result) {
  const Variant& v = GetParam();
  HeldHistogram held(v);
  run_and_check(v, held.c);
  if (!smemc::testing::launch_on_held_stream(held.stream.get(), [&] { held.launch(); })) return;
  const Values got = held.finish();
  expect_counts(reference_counts(held.samples, held.c.binning), counts_of(got),
                describe(v, held.c) + " after the stream was released");
}

// The row's stated limit, run at exactly that value: n = 2^32 - 1 bytes,
// where a 32-bit index wraps and one bin's count passes INT_MAX (byte i is
// 255 for odd hash(i), else the hash's next byte: bin 255 gets about 2.15
// billion), one bin a byte value. The data are made, uploaded and counted
// chunk by chunk on the host's cores; 4 GiB of device memory. Byte samples
// only: the index arithmetic it holds is the same code in every sample
// type, and 2^32 samples of 8 bytes would take 32 GiB.
TEST_P(HistogramAtLimit, large_limit) {
  const Variant& v = GetParam();
  const HistogramCase limit = limit_case(*v.spec);
  const int block = limit.block;
  const std::int64_t n = limit.n;
  if (const std::string why = binning_violation(*v.spec, v.typing, limit.binning); !why.empty())
    GTEST_SKIP() << v.typed_name() << ": the check counts one bin a byte value, which the row does not take (" << why << ")";
  const std::string context = v.typed_name() + " n=" + std::to_string(n) + " block=" + std::to_string(block);
  const auto bytes = static_cast<std::size_t>(n) + 2 * GuardedBytes::kGuardBytes;
  if (const std::string why = smemc::testing::large_check_unfit(bytes, bytes); !why.empty())
    GTEST_SKIP() << context << ": " << why;
  auto byte_at_index = [](std::int64_t i) {
    const std::uint64_t h = SplitMix64(static_cast<std::uint64_t>(i)).next();
    return static_cast<std::uint8_t>((h & 1u) != 0 ? 255 : (h >> 8) & 0xFF);
  };
  constexpr int kBytes = 256;
  GuardedArray data("data", Scalar::u8, static_cast<std::size_t>(n));
  GuardedArray bins("out", Scalar::u32, kBytes);
  constexpr std::int64_t kChunk = std::int64_t{1} << 28;
  std::vector<std::uint8_t> chunk;
  std::array<std::uint64_t, kBytes> expected{};
  for (std::int64_t first = 0; first < n; first += kChunk) {
    chunk.resize(static_cast<std::size_t>(std::min(kChunk, n - first)));
    tbb::combinable<std::array<std::uint64_t, kBytes>> counts([] { return std::array<std::uint64_t, kBytes>{}; });
    {
      const timing::ScopedPhase phase(timing::Phase::data);
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, chunk.size(), std::size_t{1} << 20), [&](const auto& r) {
        auto& mine = counts.local();
        for (std::size_t j = r.begin(); j != r.end(); ++j) {
          chunk[j] = byte_at_index(first + static_cast<std::int64_t>(j));
          ++mine[chunk[j]];
        }
      });
    }
    counts.combine_each([&](const auto& part) {
      for (int b = 0; b < kBytes; ++b) expected[b] += part[b];
    });
    backend().upload(data.at(static_cast<std::size_t>(first)), chunk.data(), chunk.size(), {});
  }
  // The row's limit may be below INT_MAX (a port's): then no bin passes it.
  if (n > std::int64_t{INT_MAX}) ASSERT_GT(expected[255], std::uint64_t{INT_MAX}) << "the check must take one bin past INT_MAX";
  GuardedBytes workspace("workspace", workspace_bytes_for(v, n, block, kByteValues));
  workspace.poison();
  v.launch({.n = n,
            .data = data.data(),
            .bins = bins.data(),
            .workspace = workspace.payload(),
            .block = block,
            .binning = kByteValues},
           {});
  backend().synchronize({});
  data.verify_guards();
  bins.verify_guards();
  workspace.verify_guards();
  Counts exact(kBytes);
  for (int b = 0; b < kBytes; ++b) exact[b] = static_cast<std::uint32_t>(expected[b]);
  expect_counts(exact, counts_of(bins.download()), context);
}

// --- host-only ---------------------------------------------------------------

const DeviceAddress kFakeData{reinterpret_cast<void*>(std::uintptr_t{0x10000}), 0};
const DeviceAddress kFakeBins{reinterpret_cast<void*>(std::uintptr_t{0x400000}), 0};
const DeviceAddress kFakeWorkspace{reinterpret_cast<void*>(std::uintptr_t{0x800000}), 0};

void expect_rejected(const Variant& v, const Args& a, const std::string& mentioning) {
  smemc::testing::expect_invalid_argument(
      [&] { v.launch(a, {}); }, v.name(), mentioning,
      v.typed_name() + " n=" + std::to_string(a.n) + " block=" + std::to_string(a.block) + " " + histogram::describe(a.binning));
}

// What the variant's fixed table refuses, this backend's launcher refuses;
// and the addresses: null data (n > 0), null bins (even for n = 0: the bins
// are cleared), data and bins overlapping.
TEST_P(HistogramLauncher, refuses_its_table) {
  const Variant& v = GetParam();
  const auto cases = contract::contract_of(*v.declared, v.typing_name(), contract::histogram_cases());
  ASSERT_FALSE(cases.empty()) << v.name()
                              << " has no fixed table (tests/histogram/histogram_contract_cases.hpp, or its own contract_cases)";
  const Binning binning = default_binning(sample_type(v));
  for (const contract::SizeCase& c : cases) {
    if (!c.refusal.empty()) {
      expect_rejected(v,
                      {.n = c.n,
                       .data = kFakeData.plus_bytes(c.data_offset_bytes),
                       .bins = kFakeBins,
                       .workspace = kFakeWorkspace,
                       .block = c.block,
                       .binning = binning},
                      std::string(c.refusal));
    }
  }
  const int block = v.spec->domain.tested_blocks.front();
  expect_rejected(v, {.n = 64, .data = {}, .bins = kFakeBins, .block = block, .binning = binning}, "data");
  expect_rejected(v, {.n = 64, .data = kFakeData, .bins = {}, .block = block, .binning = binning}, "bins");
  expect_rejected(v, {.n = 0, .data = {}, .bins = {}, .block = block, .binning = binning}, "bins");
  const std::int64_t n = 4096;
  expect_rejected(v,
                  {.n = n,
                   .data = kFakeData,
                   .bins = kFakeData.plus_bytes(4000),
                   .workspace = kFakeWorkspace,
                   .block = block,
                   .binning = binning},
                  "overlap");  // A row that states a workspace refuses a launch without one.
  if (workspace_of(*v.spec, 64, block, v.typing, binning.bins) > 0) {
    expect_rejected(v, {.n = 64, .data = kFakeData, .bins = kFakeBins, .workspace = {}, .block = block, .binning = binning},
                    "workspace");
  }
}

// The binnings the fixed table refuses, refused before anything is
// enqueued, with its words.
TEST_P(HistogramLauncher, refuses_its_binning_table) {
  const Variant& v = GetParam();
  const std::int64_t limit = row_bins_limit(v);
  ASSERT_GT(limit, 0) << v.name() << " has no bin limit in the fixed table (tests/histogram/histogram_contract_cases.hpp)";
  const int block = v.spec->domain.tested_blocks.front();
  for (const contract::BinningCase& c : contract::binning_cases()) {
    if (c.refusal.empty() || !contract::applies(c, v.typing)) continue;
    expect_rejected(v,
                    {.n = 64, .data = kFakeData, .bins = kFakeBins, .block = block, .binning = with_row_limit(c.binning, limit)},
                    std::string(c.refusal));
  }
}

// A typing the row does not state is refused: every typing of the family's
// list it does not name, and one of no family's.
TEST_P(HistogramLauncher, refuses_unstated_typings) {
  const Variant& v = GetParam();
  std::vector<Typing> unstated = {{Scalar::i32, Scalar::u32, Scalar::u32}, {Scalar::u8, Scalar::u64, Scalar::u64}};
  for (const Typing& t : kTypings) {
    if (typing_named(v.declared->typings, typing_name(t)) == nullptr) unstated.push_back(t);
  }
  const int block = v.spec->domain.tested_blocks.front();
  for (const Typing& t : unstated) {
    smemc::testing::expect_invalid_argument(
        [&] {
          v.impl->launch({.n = 64, .data = kFakeData, .bins = kFakeBins, .block = block, .binning = {16, 0, 16}, .typing = t},
                         {});
        },
        v.name(), "typing", v.typed_name() + " launched as " + typing_name(t));
  }
}

// A narrowed entry's launcher refuses the first values its narrowing
// leaves out, naming the narrowing's reason.
TEST_P(HistogramLauncherNarrowed, refuses_outside_narrowing) {
  const Variant& v = GetParam();
  const auto outside = first_outside(v.declared->domain, v.impl->narrowing);
  ASSERT_FALSE(outside.empty()) << v.name() << ": its narrowing (" << v.narrowing() << ") leaves nothing of its row out";
  for (const SizePoint& p : outside) {
    expect_rejected(
        v, {.n = p.n, .data = kFakeData, .bins = kFakeBins, .block = p.block, .binning = default_binning(sample_type(v))},
        std::string(v.impl->narrowing.reason));
  }
}

TEST(HistogramTable, matches_spec) {
  smemc::testing::expect_no_table_problems(table_problems(specs(), implementations()), "histogram");
}

// Required rows: what this backend declines, it declines as its conformance
// profile (allowances(), beside its table) allows.
TEST(HistogramTable, meets_conformance_profile) {
  smemc::testing::expect_no_profile_problems(profile_problems(specs(), implementations(), allowances()), "histogram");
}

// The cross-backend digest: every (row, typing)'s counts on a few fixed
// inputs, in the typing's default binning.
void write_digest(std::ostream& out) {
  for (const Variant& v : variants()) {
    if (v.spec->doc.exhibit() || v.port_defined() || !v.narrowing().empty() || !v.not_implemented().empty() ||
        !v.unsupported_on_device().empty()) {
      continue;
    }
    for (const std::int64_t n : {std::int64_t{1}, std::int64_t{1000}, std::int64_t{65537}}) {
      for (Samples kind : kAllSamples) {
        const int block = v.spec->domain.tested_blocks.front();
        const Binning binning = default_binning(sample_type(v));
        const Values samples = make_samples(sample_type(v), kind, binning, n, 0xD16Eu + static_cast<std::uint64_t>(n));
        GuardedArray data("data", samples.type(), samples.size());
        GuardedArray bins("out", Scalar::u32, static_cast<std::size_t>(binning.bins));
        data.upload(samples);
        v.launch({.n = n, .data = data.data(), .bins = bins.data(), .block = block, .binning = binning}, {});
        backend().synchronize({});
        const Values got = bins.download();
        out << "histogram " << v.typed_name() << ' ' << n << ' ' << name_of(kind) << ' ' << std::hex
            << digest_words(got.data(), got.size_bytes()) << std::dec << '\n';
      }
    }
  }
}
const bool digest_registered = register_digest("histogram", &write_digest);

std::vector<Variant> variants_where(bool (*keep)(const Variant&)) { return smemc::testing::rows_where(variants(), keep); }
using smemc::testing::implemented;
using smemc::testing::is_narrowed;
using smemc::testing::unimplemented;
bool is_large_bytes(const Variant& v) { return implemented(v) && v.typing.element == Scalar::u8; }

INSTANTIATE_TEST_SUITE_P(histogram, HistogramAll, ::testing::ValuesIn(variants_where(&implemented)), VariantName{});
INSTANTIATE_TEST_SUITE_P(histogram, HistogramAtLimit, ::testing::ValuesIn(variants_where(&is_large_bytes)), VariantName{});
INSTANTIATE_TEST_SUITE_P(histogram, HistogramLauncher, ::testing::ValuesIn(variants_where(&implemented)), VariantName{});
INSTANTIATE_TEST_SUITE_P(histogram, HistogramLauncherNarrowed, ::testing::ValuesIn(variants_where(&is_narrowed)), VariantName{});
INSTANTIATE_TEST_SUITE_P(histogram, HistogramUnsupported, ::testing::ValuesIn(variants_where(&unimplemented)), VariantName{});
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(HistogramAll);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(HistogramAtLimit);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(HistogramLauncher);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(HistogramLauncherNarrowed);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(HistogramUnsupported);

}  // namespace
}  // namespace smemc::histogram::testing
