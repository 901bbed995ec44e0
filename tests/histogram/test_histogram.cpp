// The histogram family's conformance checks, over the registry.
//
// Every row is `exact`: its 256 counts must equal the host's count
// (count_bins), bin for bin, in every run, whatever order its atomics ran
// in. The bins start poisoned (a launcher that does not clear them adds to
// garbage); guard zones catch writes outside the bins; the data are checked
// unchanged after every run. The data kinds are the ones a histogram's
// atomics care about: spread values, one value (every atomic on one bin),
// values of one bank (8 words of bank 0: the privatised layout's worst
// conflict) and a lane stride (lane l's value 8l: an 8-way conflict in
// every warp of the privatised layout, none in the lane-banks one).

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/combinable.h>
#include <tbb/parallel_for.h>

#include "histogram/spec.hpp"
#include "histogram_contract_cases.hpp"
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

enum class Bytes { spread, one_value, one_bank, lane_stride };
constexpr Bytes kAllKinds[] = {Bytes::spread, Bytes::one_value, Bytes::one_bank, Bytes::lane_stride};

const char* name_of(Bytes k) {
  switch (k) {
    case Bytes::spread: return "spread";
    case Bytes::one_value: return "one_value";
    case Bytes::one_bank: return "one_bank";
    case Bytes::lane_stride: return "lane_stride";
  }
  return "?";
}

// Byte i of a kind (seeded where the kind is random).
std::uint8_t byte_at(Bytes k, std::int64_t i, std::uint64_t seed) {
  switch (k) {
    case Bytes::spread: return static_cast<std::uint8_t>(SplitMix64(seed ^ static_cast<std::uint64_t>(i)).next() >> 56);
    case Bytes::one_value: return static_cast<std::uint8_t>(seed | 1u);  // an odd value: never 0, the cleared bins' count
    case Bytes::one_bank: return static_cast<std::uint8_t>(32 * (SplitMix64(seed + static_cast<std::uint64_t>(i)).next() >> 61));
    case Bytes::lane_stride: return static_cast<std::uint8_t>(8 * (i % 32));
  }
  return 0;
}

std::vector<std::uint8_t> make_bytes(Bytes k, std::int64_t n, std::uint64_t seed) {
  const timing::ScopedPhase phase(timing::Phase::data);
  std::vector<std::uint8_t> data(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) data[static_cast<std::size_t>(i)] = byte_at(k, i, seed);
  return data;
}

struct Case {
  std::int64_t n = 0;
  int block = 0;
  Bytes kind = Bytes::spread;
  std::uint64_t seed = 0;
  std::size_t data_offset = 0;  // bytes past the data buffer's placement (any alignment is taken)
};

std::string describe(const Variant& v, const Case& c) {
  std::ostringstream os;
  os << v.name() << " {n=" << c.n << ", block=" << c.block << ", data=" << name_of(c.kind) << ", seed=" << c.seed
     << ", data offset=" << c.data_offset << "}";
  return os.str();
}

// The exact class: every count equal to the reference's. Names the first
// few wrong bins and how many there are.
void expect_counts(const Counts& expected, std::span<const std::uint32_t> got, const std::string& context) {
  const timing::ScopedPhase phase(timing::Phase::compare);
  std::string wrong;
  int count = 0;
  for (int v = 0; v < kBins; ++v) {
    if (got[v] == expected[v]) continue;
    if (++count <= 8)
      wrong += " bins[" + std::to_string(v) + "] = " + std::to_string(got[v]) + " (expected " + std::to_string(expected[v]) + ")";
  }
  if (count > 0) fail_check(context + ": " + std::to_string(count) + " wrong bin(s):" + wrong);
}

bool accepts(const Variant& v, std::int64_t n, int block) { return size_violation(*v.spec, n, block).empty(); }

void run_and_check(const Variant& v, const Case& c) {
  const std::string context = describe(v, c);
  const std::vector<std::uint8_t> bytes = make_bytes(c.kind, c.n, c.seed);
  GuardedBuffer<std::uint8_t> data("data", bytes.size() + c.data_offset);
  GuardedBuffer<std::uint32_t> bins("out", kBins);
  backend().upload(data.at(c.data_offset), bytes.data(), bytes.size(), {});
  v.launch({.n = c.n, .data = data.at(c.data_offset), .bins = bins.data(), .block = c.block}, {});
  backend().synchronize({});
  data.verify_guards();
  bins.verify_guards();
  std::vector<std::uint8_t> after(bytes.size());
  backend().download(after.data(), data.at(c.data_offset), after.size(), {});
  if (after != bytes) fail_check(context + ": the data were modified");
  Counts expected;
  {
    const timing::ScopedPhase phase(timing::Phase::host_model);
    expected = count_bins(bytes);
  }
  expect_counts(expected, bins.download(), context);
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

std::int64_t max_n(const Variant& v, int block) { return std::min(v.spec->domain.largest_n(block), workload().max_elements); }

// Any size, block, data kind and seed the row takes.
TEST_P(HistogramAll, exact_counts) {
  const Variant& v = GetParam();
  check_property([&] {
    const int block = *gen::one_of(gen::sweep_blocks(v.spec->domain.tested_blocks));
    const std::int64_t n = into_domain(v.spec->domain, *gen::size(max_n(v, block), block));
    const Bytes kind = *rc::gen::elementOf(std::vector<Bytes>(std::begin(kAllKinds), std::end(kAllKinds)));
    RC_PRE(accepts(v, n, block));
    run_and_check(v, {n, block, kind, *gen::seed()});
  });
}

// The sizes where grid-stride loops break, for every block the row claims
// and every data kind (edge sizes up to 2^20: the data are made on the
// host, four kinds a size; the tool runs, which look at launch shapes, take
// one kind); and sizes around one and two full grids (kMaxBlocks blocks:
// threads loop more than once), up to the workload's largest n.
constexpr std::int64_t kEdgeLimit = std::int64_t{1} << 20;
TEST_P(HistogramAll, edge_sizes) {
  const Variant& v = GetParam();
  const std::span<const Bytes> kinds = workload().reduced ? std::span<const Bytes>(kAllKinds).first(1) : kAllKinds;
  for (int block : gen::sweep_blocks(v.spec->domain.tested_blocks)) {
    const std::int64_t limit = max_n(v, block);
    std::vector<std::int64_t> sizes = gen::sweep_sizes(std::min(limit, kEdgeLimit), block);
    for (std::int64_t grid : {kMaxBlocks * block - 1, kMaxBlocks * block, kMaxBlocks * block + 1, 2 * kMaxBlocks * block + 33}) {
      if (grid <= limit && !workload().reduced) sizes.push_back(grid);
    }
    for (std::int64_t n : sizes) {
      n = into_domain(v.spec->domain, n);
      if (!accepts(v, n, block)) continue;
      for (Bytes kind : kinds) run_and_check(v, {n, block, kind, 0xB1A5u + static_cast<std::uint64_t>(n)});
    }
  }
}

// Data at every byte offset: a byte array has no alignment to lean on.
TEST_P(HistogramAll, data_offsets) {
  const Variant& v = GetParam();
  const int block = v.spec->domain.tested_blocks.front();
  for (std::size_t offset : {1, 2, 3, 5}) run_and_check(v, {1001, block, Bytes::spread, 0x0FF5u + offset, offset});
}

// One histogram on a stream of its own, for the launch-contract checks
// (the stream is held while the launcher runs; testing.hpp says how).
struct HeldHistogram {
  const Variant& v;
  Case c;
  std::vector<std::uint8_t> bytes;
  StreamOwner stream;
  GuardedBuffer<std::uint8_t> data;
  GuardedBuffer<std::uint32_t> bins;

  explicit HeldHistogram(const Variant& variant)
      : v(variant),
        c{10007, variant.spec->domain.tested_blocks.front(), Bytes::spread, 0xA5C2u},
        bytes(make_bytes(c.kind, c.n, c.seed)),
        data("data", bytes.size(), stream.get()),
        bins("out", kBins, stream.get()) {
    data.upload(bytes, stream.get());
  }
  void launch() { v.launch({.n = c.n, .data = data.data(), .bins = bins.data(), .block = c.block}, stream.get()); }
  std::string written_while_held() const {
    const std::vector<std::uint32_t> now = bins.download(Stream{});
    const auto written = std::count_if(now.begin(), now.end(), [](std::uint32_t w) { return w != kPoisonBits; });
    return written == 0 ? std::string() : std::to_string(written) + " bins were written";
  }
  std::vector<std::uint32_t> finish() {
    stream.synchronize();
    data.verify_guards(stream.get());
    bins.verify_guards(stream.get());
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
          held.stream.get(), [&] { held.launch(); }, [&] { return held.written_while_held(); }, std::string(v.name()))) {
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
  expect_counts(count_bins(held.bytes), held.finish(), describe(v, held.c) + " after the stream was released");
}

// The row's stated limit, run at exactly that value: n = 2^32 - 1 bytes,
// where a 32-bit index wraps and one bin's count passes INT_MAX (byte i is
// 255 for odd hash(i), else the hash's next byte: bin 255 gets about 2.15
// billion). The data are made, uploaded and counted chunk by chunk on the
// host's cores; 4 GiB of device memory.
TEST_P(HistogramAtLimit, large_limit) {
  const Variant& v = GetParam();
  const int block = v.spec->domain.tested_blocks.front();
  const std::int64_t n = largest_taken(v.spec->domain, block);
  const std::string context = std::string(v.name()) + " n=" + std::to_string(n) + " block=" + std::to_string(block);
  const auto bytes = static_cast<std::size_t>(n) + 2 * GuardedBytes::kGuardBytes;
  if (const std::string why = smemc::testing::large_check_unfit(bytes, bytes); !why.empty())
    GTEST_SKIP() << context << ": " << why;
  auto byte_at_index = [](std::int64_t i) {
    const std::uint64_t h = SplitMix64(static_cast<std::uint64_t>(i)).next();
    return static_cast<std::uint8_t>((h & 1u) != 0 ? 255 : (h >> 8) & 0xFF);
  };
  GuardedBuffer<std::uint8_t> data("data", static_cast<std::size_t>(n));
  GuardedBuffer<std::uint32_t> bins("out", kBins);
  constexpr std::int64_t kChunk = std::int64_t{1} << 28;
  std::vector<std::uint8_t> chunk;
  std::array<std::uint64_t, kBins> expected{};
  for (std::int64_t first = 0; first < n; first += kChunk) {
    chunk.resize(static_cast<std::size_t>(std::min(kChunk, n - first)));
    tbb::combinable<std::array<std::uint64_t, kBins>> counts([] { return std::array<std::uint64_t, kBins>{}; });
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
      for (int b = 0; b < kBins; ++b) expected[b] += part[b];
    });
    backend().upload(data.at(static_cast<std::size_t>(first)), chunk.data(), chunk.size(), {});
  }
  ASSERT_GT(expected[255], std::uint64_t{INT_MAX}) << "the check must take one bin past INT_MAX";
  v.launch({.n = n, .data = data.data(), .bins = bins.data(), .block = block}, {});
  backend().synchronize({});
  data.verify_guards();
  bins.verify_guards();
  Counts exact{};
  for (int b = 0; b < kBins; ++b) exact[b] = static_cast<std::uint32_t>(expected[b]);
  expect_counts(exact, bins.download(), context);
}

// --- host-only ---------------------------------------------------------------

void expect_rejected(const Variant& v, Args a, const std::string& mentioning) {
  smemc::testing::expect_invalid_argument(
      [&] { v.launch(a, {}); }, v.name(), mentioning,
      std::string(v.name()) + " n=" + std::to_string(a.n) + " block=" + std::to_string(a.block));
}

// What the variant's fixed table refuses, this backend's launcher refuses;
// and the addresses: null data (n > 0), null bins (even for n = 0: the bins
// are cleared), data and bins overlapping.
TEST_P(HistogramLauncher, refuses_its_table) {
  const Variant& v = GetParam();
  const DeviceAddress data{reinterpret_cast<void*>(std::uintptr_t{0x10000}), 0};
  const DeviceAddress bins{reinterpret_cast<void*>(std::uintptr_t{0x20000}), 0};
  const auto cases = contract::contract_of(*v.declared, contract::histogram_cases());
  ASSERT_FALSE(cases.empty()) << v.name()
                              << " has no fixed table (tests/histogram/histogram_contract_cases.hpp, or its own contract_cases)";
  for (const contract::SizeCase& c : cases) {
    if (!c.refusal.empty()) {
      expect_rejected(v, {.n = c.n, .data = data.plus_bytes(c.data_offset_bytes), .bins = bins, .block = c.block},
                      std::string(c.refusal));
    }
  }
  const int block = v.spec->domain.tested_blocks.front();
  expect_rejected(v, {.n = 64, .data = {}, .bins = bins, .block = block}, "data");
  expect_rejected(v, {.n = 64, .data = data, .bins = {}, .block = block}, "bins");
  expect_rejected(v, {.n = 0, .data = {}, .bins = {}, .block = block}, "bins");
  expect_rejected(v, {.n = 4096, .data = data, .bins = data.plus_bytes(4000), .block = block}, "overlap");
}

// A narrowed entry's launcher refuses the first values its narrowing
// leaves out, naming the narrowing's reason.
TEST_P(HistogramLauncherNarrowed, refuses_outside_narrowing) {
  const Variant& v = GetParam();
  const auto outside = first_outside(v.declared->domain, v.impl->narrowing);
  ASSERT_FALSE(outside.empty()) << v.name() << ": its narrowing (" << v.narrowing() << ") leaves nothing of its row out";
  const DeviceAddress data{reinterpret_cast<void*>(std::uintptr_t{0x10000}), 0};
  const DeviceAddress bins{reinterpret_cast<void*>(std::uintptr_t{0x20000}), 0};
  for (const SizePoint& p : outside) {
    expect_rejected(v, {.n = p.n, .data = data, .bins = bins, .block = p.block}, std::string(v.impl->narrowing.reason));
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

// The cross-backend digest: every variant's counts on a few fixed inputs.
void write_digest(std::ostream& out) {
  for (const Variant& v : variants()) {
    if (v.spec->doc.exhibit() || v.port_defined() || !v.narrowing().empty() || !v.not_implemented().empty() ||
        !v.unsupported_on_device().empty()) {
      continue;
    }
    for (const std::int64_t n : {std::int64_t{1}, std::int64_t{1000}, std::int64_t{65537}}) {
      for (Bytes kind : kAllKinds) {
        const int block = v.spec->domain.tested_blocks.front();
        const std::vector<std::uint8_t> bytes = make_bytes(kind, n, 0xD16Eu + static_cast<std::uint64_t>(n));
        GuardedBuffer<std::uint8_t> data("data", bytes.size());
        GuardedBuffer<std::uint32_t> bins("out", kBins);
        data.upload(bytes);
        v.launch({.n = n, .data = data.data(), .bins = bins.data(), .block = block}, {});
        backend().synchronize({});
        const std::vector<std::uint32_t> got = bins.download();
        out << "histogram " << v.name() << ' ' << n << ' ' << name_of(kind) << ' ' << std::hex
            << digest_words(got.data(), got.size()) << std::dec << '\n';
      }
    }
  }
}
const bool digest_registered = register_digest("histogram", &write_digest);

std::vector<Variant> variants_where(bool (*keep)(const Variant&)) { return smemc::testing::rows_where(variants(), keep); }
using smemc::testing::implemented;
using smemc::testing::is_narrowed;
using smemc::testing::unimplemented;

INSTANTIATE_TEST_SUITE_P(histogram, HistogramAll, ::testing::ValuesIn(variants_where(&implemented)), VariantName{});
INSTANTIATE_TEST_SUITE_P(histogram, HistogramAtLimit, ::testing::ValuesIn(variants_where(&implemented)), VariantName{});
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
