// The moving-average family's conformance checks, over the registry.
// Every variant is deterministic: bitwise against its order-faithful model,
// and within the derived bound of the exact prefix means.

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "moving_average/spec.hpp"
#include "moving_average_checks.hpp"
#include "contract_tables.hpp"
#include "smemc/cases.hpp"
#include "smemc/check_failure.hpp"
#include "smemc/compare.hpp"
#include "smemc/data.hpp"
#include "smemc/device_buffer.hpp"
#include "smemc/digest.hpp"
#include "smemc/error_bound.hpp"
#include "smemc/exact_sum.hpp"
#include "smemc/float_bits.hpp"
#include "smemc/generators.hpp"
#include "smemc/guarded_buffer.hpp"
#include "smemc/testing.hpp"
#include "smemc/workload.hpp"

namespace smemc::moving_average::testing {
namespace {

using smemc::describe;
using smemc::testing::check_property;
using smemc::testing::VariantName;

const std::vector<Variant>& variants() {
  static const std::vector<Variant> rows = join(specs(), implementations());
  return rows;
}

using Case = SizedCase;
std::string describe(const Variant& v, const Case& c) { return smemc::describe(v.name(), c); }

bool accepts(const Variant& v, std::int64_t n, int block) { return size_violation(*v.spec, n, block).empty(); }

// Block 0 means "one block of n threads": edge sizes then come from the
// warp width.
std::int64_t edge_block(int block) { return block == 0 ? 32 : block; }

// The largest n the row takes with this block, capped by the workload.
std::int64_t max_n(const Variant& v, int block) { return std::min(v.spec->domain.largest_n(block), workload().max_elements); }

rc::Gen<Case> case_for(const Variant& v, std::span<const DataKind> kinds) {
  return sized_case(v.spec->domain.tested_blocks, [&v](int block) { return gen::size(max_n(v, block), edge_block(block)); }, kinds);
}

// Runs in place on a guarded buffer; returns what the buffer holds after.
std::vector<float> run(const Variant& v, std::span<const float> a, int block) {
  const auto n = static_cast<std::int64_t>(a.size());
  GuardedBuffer<float> data("data", a.size());
  GuardedBytes workspace("workspace", v.spec->workspace_bytes(n, block));
  workspace.poison();
  data.upload(a);
  v.launch({.n = n, .data = data.data(), .workspace = workspace.payload(), .block = block}, {});
  backend().synchronize({});
  data.verify_guards();
  workspace.verify_guards();
  return data.download();
}

// Bit for bit against the model: every output of an ordered row, the
// leading outputs no run can vary (bitwise_prefix) of an unordered one.
void expect_model(const Variant& v, std::span<const float> a, int block, std::span<const float> got,
                  const std::string& context) {
  const auto count = static_cast<std::size_t>(v.spec->bitwise_prefix(static_cast<std::int64_t>(a.size()), block));
  const std::vector<float> model = v.spec->model(a, block);
  expect_elementwise(std::span<const float>(model).first(count), got.first(count), NanPayloads::may_differ,
                     context + " (against the host model" + (count < a.size() ? ", first " + std::to_string(count) + " outputs" : "") + ")");
}

class MovingAverageAll : public smemc::testing::VariantTest<Variant> {};
class MovingAverageLarge : public MovingAverageAll {};  // variants that take n past 2^31
class MovingAverageLauncher : public smemc::testing::LauncherTest<Variant> {};

TEST_P(MovingAverageAll, host_model_bitwise) {
  const Variant& v = GetParam();
  check_property([&] {
    const Case c = *case_for(v, arithmetic_kinds());
    const auto a = make_data(c.kind, c.n, c.seed);
    expect_model(v, a, c.block, run(v, a, c.block), describe(v, c));
  });
}

TEST_P(MovingAverageAll, error_bound) {
  const Variant& v = GetParam();
  check_property([&] {
    const Case c = *case_for(v, arithmetic_kinds());
    const auto a = make_data(c.kind, c.n, c.seed);
    expect_prefix_means(*v.spec, a, c.block, run(v, a, c.block), describe(v, c));
  });
}

// The launch contract: enqueued on the given stream, no waiting (the
// stream is held while the launcher runs; testing.hpp says how). In place:
// while held, the data still holds the input.
TEST_P(MovingAverageAll, launch_is_asynchronous) {
  const Variant& v = GetParam();
  const int block = v.spec->domain.tested_blocks.front();
  const std::int64_t n = std::min<std::int64_t>(1000, max_n(v, block));
  const auto a = make_data(DataKind::uniform, n, 0xA5C2u);
  (void)run(v, a, block);  // loads the kernels first: CUDA loads a module lazily, waiting for running kernels
  StreamOwner stream;
  GuardedBuffer<float> data("data", a.size(), stream.get());
  GuardedBytes workspace("workspace", v.spec->workspace_bytes(n, block), stream.get());
  data.upload(a, stream.get());
  const bool held = smemc::testing::expect_asynchronous_launch(
      stream.get(),
      [&] { v.launch({.n = n, .data = data.data(), .workspace = workspace.payload(), .block = block}, stream.get()); },
      [&] {
        const std::vector<float> now = data.download(Stream{});
        for (std::size_t i = 0; i < now.size(); ++i) {
          if (bits_of(now[i]) != bits_of(a[i])) return "data[" + std::to_string(i) + "] was overwritten";
        }
        return std::string();
      },
      std::string(v.name()));
  if (!held) return;
  stream.synchronize();
  data.verify_guards(stream.get());
  workspace.verify_guards(stream.get());
  const std::vector<float> got = data.download(stream.get());
  expect_model(v, a, block, got, std::string(v.name()) + " after the stream was released");
}

// The text's own example: a[i] = i for ten elements, the result replacing
// the input: 0, 0.5, 1, ..., 4.5, all exact.
TEST_P(MovingAverageAll, text_example_in_place) {
  const Variant& v = GetParam();
  std::vector<float> a(10);
  for (int i = 0; i < 10; ++i) a[i] = static_cast<float>(i);
  for (int block : v.spec->domain.tested_blocks) {
    const std::vector<float> got = run(v, a, block);
    for (int i = 0; i < 10; ++i) EXPECT_EQ(got[i], 0.5f * static_cast<float>(i)) << v.name() << " block=" << block << " [" << i << "]";
  }
}

TEST_P(MovingAverageAll, edge_sizes) {
  const Variant& v = GetParam();
  for (int block : gen::sweep_blocks(v.spec->domain.tested_blocks)) {
    for (std::int64_t n : gen::sweep_sizes(std::min<std::int64_t>(max_n(v, block), std::int64_t{1} << 20), edge_block(block))) {
      const Case c{n, block, DataKind::uniform, 0xA5E7u + static_cast<std::uint64_t>(n)};
      const auto a = make_data(c.kind, c.n, c.seed);
      const auto got = run(v, a, block);
      expect_model(v, a, block, got, describe(v, c));
      expect_prefix_means(*v.spec, a, block, got, describe(v, c));
    }
  }
}

// Runs the row at n on a guarded buffer whose element i is value(i),
// uploaded and compared chunk by chunk: every output bit for bit against
// the row's streamed model (Spec::stream_model), the guards, the workspace.
void run_large_and_compare(const Variant& v, std::int64_t n, int block, const std::function<float(std::int64_t)>& value) {
  const std::size_t data_bytes = static_cast<std::size_t>(n) * sizeof(float) + 2 * GuardedBytes::kGuardBytes;
  if (const std::string why = smemc::testing::large_check_unfit(data_bytes + v.spec->workspace_bytes(n, block), data_bytes);
      !why.empty()) {
    GTEST_SKIP() << v.name() << " n=" << n << " block=" << block << ": " << why;
  }
  GuardedBuffer<float> data("data", static_cast<std::size_t>(n));
  GuardedBytes workspace("workspace", v.spec->workspace_bytes(n, block));
  workspace.poison();
  constexpr std::int64_t kChunk = std::int64_t{1} << 24;
  std::vector<float> chunk;
  for (std::int64_t begin = 0; begin < n; begin += kChunk) {
    chunk.resize(static_cast<std::size_t>(std::min(kChunk, n - begin)));
    for (std::size_t j = 0; j < chunk.size(); ++j) chunk[j] = value(begin + static_cast<std::int64_t>(j));
    backend().upload(data.at(static_cast<std::size_t>(begin)), chunk.data(), chunk.size() * sizeof(float), {});
  }
  v.launch({.n = n, .data = data.data(), .workspace = workspace.payload(), .block = block}, {});
  backend().synchronize({});
  data.verify_guards();
  workspace.verify_guards();
  const std::string context = std::string(v.name()) + " n=" + std::to_string(n) + " block=" + std::to_string(block);
  std::int64_t compared = 0;
  v.spec->stream_model(n, block, value, [&](std::int64_t first, std::span<const float> means) {
    chunk.resize(means.size());
    backend().download(chunk.data(), data.at(static_cast<std::size_t>(first)), chunk.size() * sizeof(float), {});
    expect_elementwise(means, chunk, NanPayloads::may_differ, context, [first](std::size_t j) {
      return "[" + std::to_string(first + static_cast<std::int64_t>(j)) + "]";
    });
    compared += static_cast<std::int64_t>(means.size());
  });
  EXPECT_EQ(compared, n) << context << ": the streamed model covered " << compared << " outputs";
}

// The input of the large checks. An ordered row is compared bit for bit
// with its model on any input: 1, 2, 1, 2, ..., whose prefix sums pass 2^24
// and round, and whose means (about 1.5) cannot pass for an unwritten
// input. An unordered row's sums depend on the order the look-back added
// them in, except where every partial sum is exact: a 1 every 1021
// elements and zeros between (the sums stay below 2^24), so that any run
// must give the model's bits there too.
std::function<float(std::int64_t)> large_input(const Spec& s) {
  if (s.determinism == Determinism::ordered) return [](std::int64_t i) { return i % 2 == 0 ? 1.0f : 2.0f; };
  return [](std::int64_t i) { return i % 1021 == 0 ? 1.0f : 0.0f; };
}

// n = 2^31 + 7 with the largest block: 64-bit element indices, and divisors
// i + 1 above 2^24 that round when converted to float (the "+2" of the
// bound); every output compared. About 8.6 GB of device memory.
constexpr std::int64_t kLargeN = (std::int64_t{1} << 31) + 7;

int largest_block(const Variant& v) {
  const auto blocks = v.spec->domain.tested_blocks;
  return *std::max_element(blocks.begin(), blocks.end());
}

TEST_P(MovingAverageLarge, large_n) {
  const Variant& v = GetParam();
  run_large_and_compare(v, kLargeN, largest_block(v), large_input(*v.spec));
}

// The row's stated limit, n = largest_n(B), run at exactly that value for
// the smallest block it tests (the smallest instance of the limit: the
// scan's INT_MAX − 1024 one-element tiles). Where even that does not fit
// the device, the skip says how much it would take; one past the limit is
// refused on the host (the contract tables).
TEST_P(MovingAverageAll, large_limit) {
  const Variant& v = GetParam();
  const auto blocks = v.spec->domain.tested_blocks;
  const int block = *std::min_element(blocks.begin(), blocks.end());
  const std::int64_t n = v.spec->domain.largest_n(block);
  ASSERT_TRUE(accepts(v, n, block)) << size_violation(*v.spec, n, block);
  if (n <= workload().max_elements) GTEST_SKIP() << "the limit n = " << n << " is run by edge_sizes";
  run_large_and_compare(v, n, block, large_input(*v.spec));
}

// --- host-only ---------------------------------------------------------------

void expect_rejected(const Variant& v, const Args& a, const std::string& mentioning) {
  smemc::testing::expect_invalid_argument([&] { v.launch(a, {}); }, v.name(), mentioning,
                                          std::string(v.name()) + " n=" + std::to_string(a.n) + " block=" + std::to_string(a.block));
}

// What the variant's fixed table refuses, this backend's launcher refuses;
// and a null data address, or workspace where the row needs one.
TEST_P(MovingAverageLauncher, refuses_its_table) {
  const Variant& v = GetParam();
  const Spec& s = *v.spec;
  const DeviceAddress fake{reinterpret_cast<void*>(std::uintptr_t{0x10000}), 0};
  auto args = [&](std::int64_t n, int b) {
    return Args{.n = n, .data = fake, .workspace = s.workspace_bytes(n < 0 ? 0 : n, b) ? fake : DeviceAddress{}, .block = b};
  };
  const auto* cases = contract::cases_of(contract::moving_average_cases(), v.name());
  ASSERT_NE(cases, nullptr) << v.name() << " has no fixed table in tests/common/contract_tables.hpp";
  for (const contract::SizeCase& c : *cases) {
    if (c.refusal.empty()) continue;  // accepted cases are held to validate() on the host
    Args a = args(c.n, c.block);
    a.data = a.data.plus_bytes(c.data_offset_bytes);
    expect_rejected(v, a, std::string(c.refusal));
  }
  const int block = s.domain.tested_blocks.front();
  Args no_data = args(8, block);
  no_data.data = {};
  expect_rejected(v, no_data, "data");
  if (s.workspace_bytes(8, block) > 0) {
    Args no_workspace = args(8, block);
    no_workspace.workspace = {};
    expect_rejected(v, no_workspace, "workspace");
  }
}

TEST(MovingAverageTable, matches_spec) {
  smemc::testing::expect_no_table_problems(table_problems(specs(), implementations()), "moving_average");
}

// The cross-backend digest: every deterministic variant on fixed inputs of
// each data kind.
void write_digest(std::ostream& out) {
  for (const Variant& v : variants()) {
    if (v.spec->determinism != Determinism::ordered || v.spec->doc.exhibit() || !v.not_implemented().empty() ||
        !v.unsupported_on_device().empty()) {
      continue;
    }
    for (int block : v.spec->domain.tested_blocks.first(std::min<std::size_t>(2, v.spec->domain.tested_blocks.size()))) {
      for (std::int64_t n : {std::int64_t{1}, std::int64_t{10}, std::int64_t{1000}, std::int64_t{100003}}) {
        n = std::min(n, v.spec->domain.largest_n(block));
        for (DataKind kind : arithmetic_kinds()) {
          const auto a = make_data(kind, n, 0xD16E57u + static_cast<std::uint64_t>(n));
          const std::vector<float> got = run(v, a, block);
          std::vector<std::uint32_t> words(got.size());
          for (std::size_t i = 0; i < got.size(); ++i) words[i] = bits_of(got[i]);
          out << "moving_average " << v.name() << " n=" << n << " block=" << block << " data=" << kind << ' ' << std::hex
              << digest_words(words.data(), words.size()) << std::dec << '\n';
        }
      }
    }
  }
}
const bool digest_registered = register_digest("moving_average", &write_digest);

std::vector<Variant> variants_where(bool (*keep)(const Variant&)) { return smemc::testing::rows_where(variants(), keep); }
bool any_variant(const Variant& v) { return smemc::testing::every_row(v); }
bool takes_large_n(const Variant& v) { return accepts(v, kLargeN, largest_block(v)); }

INSTANTIATE_TEST_SUITE_P(moving_average, MovingAverageAll, ::testing::ValuesIn(variants_where(&any_variant)), VariantName{});
INSTANTIATE_TEST_SUITE_P(moving_average, MovingAverageLarge, ::testing::ValuesIn(variants_where(&takes_large_n)), VariantName{});
INSTANTIATE_TEST_SUITE_P(moving_average, MovingAverageLauncher, ::testing::ValuesIn(variants_where(&any_variant)), VariantName{});
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(MovingAverageAll);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(MovingAverageLarge);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(MovingAverageLauncher);

}  // namespace
}  // namespace smemc::moving_average::testing
