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
#include "smemc/cases.hpp"
#include "smemc/check_failure.hpp"
#include "smemc/compare.hpp"
#include "smemc/data.hpp"
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

void expect_model(const Variant& v, std::span<const float> a, int block, std::span<const float> got,
                  const std::string& context) {
  expect_elementwise(v.spec->ordered_model(a, block), got, NanPayloads::may_differ, context + " (against the host model)");
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

// n = 2^31 + 7 with the largest block: 64-bit element indices, and divisors
// i + 1 above 2^24 that round when converted to float (the "+2" of the
// bound). The input alternates 1, 2, 1, 2, ... so every exact prefix sum is
// known in closed form, S_i = (i+1) + floor((i+1)/2), and a mean (about 1.5)
// cannot be mistaken for an unwritten input (1 or 2). Checked at indices
// around the tile, 2^24 and 2^31 boundaries; about 8.6 GB of device memory.
constexpr std::int64_t kLargeN = (std::int64_t{1} << 31) + 7;

int largest_block(const Variant& v) {
  const auto blocks = v.spec->domain.tested_blocks;
  return *std::max_element(blocks.begin(), blocks.end());
}

TEST_P(MovingAverageLarge, large_n) {
  const Variant& v = GetParam();
  const std::int64_t n = kLargeN;
  const int block = largest_block(v);
  const std::size_t data_bytes = static_cast<std::size_t>(n) * sizeof(float) + 2 * GuardedBytes::kGuardBytes;
  if (const std::string why = smemc::testing::large_check_unfit(data_bytes + v.spec->workspace_bytes(n, block), data_bytes);
      !why.empty()) {
    GTEST_SKIP() << why;
  }
  GuardedBuffer<float> data("data", static_cast<std::size_t>(n));
  GuardedBytes workspace("workspace", v.spec->workspace_bytes(n, block));
  constexpr std::int64_t kChunk = std::int64_t{1} << 24;  // even, so every chunk starts with a 1
  std::vector<float> pattern(kChunk);
  for (std::int64_t j = 0; j < kChunk; ++j) pattern[j] = j % 2 == 0 ? 1.0f : 2.0f;
  for (std::int64_t begin = 0; begin < n; begin += kChunk) {
    const std::int64_t count = std::min(kChunk, n - begin);
    backend().upload(data.at(static_cast<std::size_t>(begin)), pattern.data(), static_cast<std::size_t>(count) * sizeof(float), {});
  }
  v.launch({.n = n, .data = data.data(), .workspace = workspace.payload(), .block = block}, {});
  backend().synchronize({});
  data.verify_guards();
  workspace.verify_guards();
  const std::int64_t k = v.spec->prefix_depth(n, block) + 2;
  const std::int64_t p24 = std::int64_t{1} << 24, p31 = std::int64_t{1} << 31;
  for (std::int64_t i : {std::int64_t{0}, std::int64_t{1}, std::int64_t{block} - 1, std::int64_t{block}, p24 - 2, p24 - 1,
                         p24, p24 + 1, p24 + 3, p31 - block, p31 - 1, p31, p31 + 1, n - 2, n - 1}) {
    float out = 0.0f;
    backend().download(&out, data.at(static_cast<std::size_t>(i)), sizeof(float), {});
    const auto exact_sum = static_cast<std::uint64_t>((i + 1) + (i + 1) / 2);
    ExactSum residual;
    residual.add_product(1.0f, exact_sum);
    residual.subtract_product(out, static_cast<std::uint64_t>(i + 1));
    ExactSum magnitude;
    magnitude.add_product(1.0f, exact_sum);
    const double bound = mean_error_bound(k, magnitude, i);
    EXPECT_LE(residual.abs_rounded_up(), bound) << v.name() << " n=" << n << " block=" << block << " [" << i
                                                << "] = " << describe(out) << ", exact mean "
                                                << static_cast<double>(exact_sum) / static_cast<double>(i + 1);
  }
}

// --- host-only ---------------------------------------------------------------

void expect_rejected(const Variant& v, const Args& a, const std::string& mentioning) {
  smemc::testing::expect_invalid_argument([&] { v.launch(a, {}); }, v.name(), mentioning,
                                          std::string(v.name()) + " n=" + std::to_string(a.n) + " block=" + std::to_string(a.block));
}

TEST_P(MovingAverageLauncher, preconditions) {
  const Variant& v = GetParam();
  const Spec& s = *v.spec;
  const DeviceAddress fake{reinterpret_cast<void*>(std::uintptr_t{0x10000}), 0};
  const int block = s.domain.tested_blocks.front();
  const std::int64_t limit = s.domain.largest_n(block);
  auto args = [&](std::int64_t n, int b) {
    return Args{.n = n, .data = fake, .workspace = s.workspace_bytes(n < 0 ? 0 : n, b) ? fake : DeviceAddress{}, .block = b};
  };
  expect_rejected(v, args(-1, block), "negative");
  expect_rejected(v, args(limit + 1, block), "exceeds");
  for (int bad_block : {-1, 2048, block == 0 ? 32 : 0}) expect_rejected(v, args(8, bad_block), "block");
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

// The cross-backend digest: every variant on fixed inputs of each data kind.
void write_digest(std::ostream& out) {
  for (const Variant& v : variants()) {
    if (v.spec->doc.exhibit() || !v.not_implemented().empty() || !v.unsupported_on_device().empty()) continue;
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
