// The reduction family's conformance checks, over the registry: a new
// variant (a new row) is checked by every test here that applies to it.
//
// Test names: reduce/<Suite>.<check>/<variant>. Suites:
//   ReduceAll        every variant            ReduceOrdered    bitwise-deterministic ones
//   ReduceUnordered  atomic-finish ones       ReduceHost*      host-only (no device)

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <set>
#include <sstream>
#include <stdexcept>

#include "reduce/reduce.hpp"
#include "reduce_harness.hpp"
#include "smemc/check_failure.hpp"
#include "smemc/device_buffer.hpp"
#include "smemc/error_bound.hpp"
#include "smemc/float_bits.hpp"
#include "smemc/generators.hpp"
#include "smemc/testing.hpp"
#include "smemc/workload.hpp"

namespace smemc::reduce::testing {
namespace {

using smemc::testing::check_property;
using smemc::testing::DeviceTestWithParam;
using smemc::testing::VariantName;

std::vector<const Variant*> variants_where(bool (*keep)(const Variant&)) { return smemc::testing::rows_where(registry(), keep); }

bool any_variant(const Variant& v) { return smemc::testing::every_row(v); }
bool is_ordered(const Variant& v) { return v.determinism == Determinism::ordered; }
bool is_unordered(const Variant& v) { return v.determinism == Determinism::unordered; }

// A case the variant claims: a block it supports and an n it takes (powers of
// two only, for the variants whose precondition says so).
rc::Gen<Case> case_for(const Variant& v, std::span<const DataKind> kinds) {
  return sized_case(v.block_sizes, [&v](int block) -> rc::Gen<std::int64_t> {
    const std::int64_t max = workload().max_elements;
    if (accepts(v, 1000, block)) return gen::size(max, block);
    const int widths = static_cast<int>(std::bit_width(static_cast<std::uint64_t>(max)));
    return rc::gen::map(rc::gen::resize(100, rc::gen::inRange<int>(0, widths)), [](int k) { return std::int64_t{1} << k; });
  }, kinds);
}

// The result a deterministic variant must produce, or the bound an atomic one
// must meet: the one comparison every device test ends with.
void expect_conforms(const Variant& v, std::span<const float> x, int block, float got, const std::string& context) {
  if (v.determinism == Determinism::ordered) {
    expect_same_bits(v.ordered_model(x, block), got, context);
  } else {
    expect_within_bound(v, x, block, got, context);
  }
}

class ReduceAll : public DeviceTestWithParam<const Variant*> {};
class ReduceOrdered : public ReduceAll {};
class ReduceUnordered : public ReduceAll {};
class ReduceHostContract : public ::testing::TestWithParam<const Variant*> {};

// --- deterministic variants --------------------------------------------------

TEST_P(ReduceOrdered, host_model_bitwise) {
  const Variant& v = *GetParam();
  check_property([&] {
    const Case c = *case_for(v, arithmetic_kinds());
    const auto x = make_data(c.kind, c.n, c.seed);
    expect_same_bits(v.ordered_model(x, c.block), run(v, x, c.block), describe(v, c));
  });
}

TEST_P(ReduceOrdered, repeatable) {
  const Variant& v = *GetParam();
  check_property([&] {
    const Case c = *case_for(v, finite_sum_kinds());
    const auto x = make_data(c.kind, c.n, c.seed);
    const float first = run(v, x, c.block);
    for (int r = 1; r < 3; ++r) {
      const float again = run(v, x, c.block);
      if (bits_of(again) != bits_of(first)) {
        fail_check(describe(v, c) + ": run " + std::to_string(r) + " gave " + smemc::describe(again) +
                   ", the first run " + smemc::describe(first));
      }
    }
  });
}

// --- atomic variants ---------------------------------------------------------

// Atomic finishes add the block partials in whatever order blocks finish.
// Each run must lie within the derived bound of the exact sum, and within
// gamma_nb * sum|p| (+ the flush allowance) of the exact sum of the
// deterministic block partials p. So any two runs differ by at most twice
// that: the spread bound follows from the per-run check, which is what is
// asserted; the spread itself, relative to the bound, and the number of
// distinct results are reported as classifications, never required to be
// anything (in particular not one distinct result).
TEST_P(ReduceUnordered, atomic_spread) {
  const Variant& v = *GetParam();
  check_property([&] {
    const Case c = *case_for(v, finite_sum_kinds());
    const auto x = make_data(c.kind, c.n, c.seed);
    const std::vector<float> partials = v.unordered_partials(x, c.block);
    const SumReference partial_ref(partials);
    const auto adds = static_cast<std::int64_t>(partials.size());
    const double chain_bound = sum_error_bound(adds, partial_ref.abs_sum, adds);
    std::set<std::uint32_t> distinct;
    double lowest = INFINITY, highest = -INFINITY;
    for (int r = 0; r < workload().repeat_runs; ++r) {
      const float got = run(v, x, c.block);
      const std::string context = describe(v, c) + " run " + std::to_string(r);
      expect_within_bound(v, x, c.block, got, context);
      if (!(partial_ref.sum.distance_to(got) <= chain_bound)) {
        std::ostringstream os;
        os.precision(17);
        os << context << ": result " << smemc::describe(got) << " is further than " << chain_bound
           << " from the exact sum of the block partials " << partial_ref.sum.to_double();
        fail_check(os.str());
      }
      distinct.insert(bits_of(got));
      lowest = std::min(lowest, static_cast<double>(got));
      highest = std::max(highest, static_cast<double>(got));
    }
    const double spread = highest - lowest;
    RC_CLASSIFY(partials.size() > 1, "several blocks");
    RC_TAG(distinct.size() == 1 ? "1 distinct result" : distinct.size() == 2 ? "2 distinct results" : "3+ distinct results");
    RC_TAG(spread == 0 ? "spread 0" : spread <= chain_bound / 64 ? "spread <= bound/64" : "spread > bound/64");
  });
}

// --- every variant -----------------------------------------------------------

// Where gamma_k approaches 1 (an atomic finish over millions of one-thread
// blocks: k = nb) the bound says little; those cases are tagged, and lost
// updates there are caught by exact_small_integers instead.
TEST_P(ReduceAll, error_bound) {
  const Variant& v = *GetParam();
  check_property([&] {
    const Case c = *case_for(v, finite_sum_kinds());
    const auto x = make_data(c.kind, c.n, c.seed);
    expect_within_bound(v, x, c.block, run(v, x, c.block), describe(v, c));
    RC_TAG(gamma(v.summation_depth(c.n, c.block)) <= 0x1p-10 ? "bound informative (gamma_k <= 2^-10)"
                                                             : "bound loose (gamma_k > 2^-10)");
  });
}

// Every partial sum of these inputs is an integer below 2^24, so every
// addition is exact in any order: one lost or doubled update shows exactly.
TEST_P(ReduceAll, exact_small_integers) {
  const Variant& v = *GetParam();
  const DataKind kinds[] = {DataKind::small_integers};
  check_property([&] {
    const Case c = *case_for(v, kinds);
    const auto x = make_data(c.kind, c.n, c.seed);
    const float exact = ExactSum(x).to_float();
    const float got = run(v, x, c.block);
    if (!(got == exact)) fail_check(describe(v, c) + ": expected exactly " + smemc::describe(exact) + ", got " + smemc::describe(got));
  });
}

TEST_P(ReduceAll, nan_inf) {
  const Variant& v = *GetParam();
  const DataKind kinds[] = {DataKind::nan_inf};
  check_property([&] {
    Case c = *case_for(v, kinds);
    RC_PRE(c.n > 0);
    const auto x = make_data(c.kind, c.n, c.seed);
    expect_special_value(ExactSum(x), run(v, x, c.block), describe(v, c));
  });
}

// Every edge size (0, 1, 31..33, 2^k +- 1, multiples of the block +- 1, ...)
// the variant takes, for every block size it claims: not left to chance.
TEST_P(ReduceAll, edge_sizes) {
  const Variant& v = *GetParam();
  for (int block : gen::sweep_blocks(v.block_sizes)) {
    for (std::int64_t n : gen::sweep_sizes(workload().max_elements, block)) {
      if (!accepts(v, n, block)) continue;
      const Case c{n, block, DataKind::uniform, 0xED6Eu + static_cast<std::uint64_t>(n)};
      const auto x = make_data(c.kind, c.n, c.seed);
      expect_conforms(v, x, block, run(v, x, block), describe(v, c));
    }
  }
}

// Two reductions of different inputs in flight at once on two streams.
TEST_P(ReduceAll, streams) {
  const Variant& v = *GetParam();
  const int block = v.block_sizes.front();
  std::vector<std::vector<float>> inputs;
  const std::int64_t size = std::min<std::int64_t>(std::int64_t{1} << 16, workload().max_elements);
  for (std::int64_t n : {size, size / 2}) {
    inputs.push_back(make_data(DataKind::uniform, accepts(v, n + 1, block) ? n + 1 : n, 0x57EA3u + n));
  }
  StreamOwner first, second;
  ReductionRun a(v, inputs[0], block, first.get()), b(v, inputs[1], block, second.get());
  a.launch();
  b.launch();
  const float got_a = a.finish(), got_b = b.finish();
  expect_conforms(v, inputs[0], block, got_a, std::string(v.name) + " on stream 1");
  expect_conforms(v, inputs[1], block, got_b, std::string(v.name) + " on stream 2");
}

// The largest n the variant takes, with the ones at the far end of the
// array: int index arithmetic that overflows near 2^31 loses them. Zeros
// elsewhere make the sum exact (4097) for every variant.
TEST_P(ReduceAll, large_n) {
  const Variant& v = *GetParam();
  const int block = *std::max_element(v.block_sizes.begin(), v.block_sizes.end());
  std::int64_t n = 0;
  for (std::int64_t candidate : {std::int64_t{INT_MAX} - 2 * block, std::int64_t{1} << 30}) {
    if (accepts(v, candidate, block)) {
      n = candidate;
      break;
    }
  }
  ASSERT_GT(n, 0) << v.name << " takes neither INT_MAX - 2*block nor 2^30";
  const std::size_t bytes = static_cast<std::size_t>(n) * sizeof(float) + v.workspace_bytes(n, block);
  const std::size_t free_bytes = backend().free_memory();
  if (free_bytes < bytes + (std::size_t{256} << 20)) {
    GTEST_SKIP() << "needs " << (bytes >> 20) << " MiB of device memory, " << (free_bytes >> 20) << " MiB free";
  }
  constexpr std::int64_t kTail = 4096;
  GuardedBuffer<float> data("data", static_cast<std::size_t>(n));
  GuardedBuffer<float> out("out", 1);
  GuardedBytes workspace("workspace", v.workspace_bytes(n, block));
  backend().fill(data.data(), 0, static_cast<std::size_t>(n) * sizeof(float), {});
  const std::vector<float> ones(kTail, 1.0f);
  backend().upload(data.data(), ones.data(), sizeof(float), {});
  backend().upload(data.data() + (n - kTail), ones.data(), kTail * sizeof(float), {});
  Args args;
  args.n = n;
  args.data = data.data();
  args.out = out.data();
  args.workspace = workspace.payload_bytes() == 0 ? nullptr : workspace.payload();
  args.block = block;
  v.launch(args, {});
  backend().synchronize({});
  data.verify_guards();
  out.verify_guards();
  workspace.verify_guards();
  EXPECT_EQ(out.download()[0], static_cast<float>(kTail + 1)) << v.name << " n=" << n << " block=" << block;
}

// --- host-only: the contract's preconditions, no device needed ---------------

// Stand-ins for device pointers: launchers must reject bad arguments before
// they touch any pointer, so these are never dereferenced.
float* fake_pointer(std::uintptr_t k) { return reinterpret_cast<float*>(std::uintptr_t{0x10000} * k); }

void expect_rejected(const Variant& v, Args args, const std::string& mentioning) {
  smemc::testing::expect_invalid_argument([&] { v.launch(args, {}); }, v.name, mentioning,
                                          std::string(v.name) + " n=" + std::to_string(args.n) +
                                              " block=" + std::to_string(args.block));
}

Args valid_args(const Variant& v, std::int64_t n, int block) {
  Args a;
  a.n = n;
  a.block = block;
  a.data = fake_pointer(1);
  a.out = fake_pointer(2);
  a.workspace = v.workspace_bytes(n, block) > 0 ? fake_pointer(3) : nullptr;
  return a;
}

TEST_P(ReduceHostContract, preconditions) {
  const Variant& v = *GetParam();
  const int block = v.block_sizes.front();
  expect_rejected(v, valid_args(v, -1, block), "negative");
  expect_rejected(v, valid_args(v, std::int64_t{INT_MAX} + 1, block), "n = ");
  for (int bad_block : {0, -32, 2048}) expect_rejected(v, valid_args(v, 64, bad_block), "block");
  // A variant either takes non-powers of two or names the precondition.
  if (!accepts(v, 1000, block)) {
    for (std::int64_t n : {0, 3, 1000, 1025}) expect_rejected(v, valid_args(v, n, block), "power of two");
  }
  // Block sizes next to the claimed ones that the variant does not claim.
  for (int claimed : v.block_sizes) {
    for (int near : {claimed - 1, claimed + 1, claimed * 3}) {
      if (near >= 1 && near <= 1024 && !accepts(v, 64, near)) expect_rejected(v, valid_args(v, 64, near), "block");
    }
  }
  const std::int64_t n = 64;
  Args no_out = valid_args(v, n, block);
  no_out.out = nullptr;
  expect_rejected(v, no_out, "out");
  Args no_data = valid_args(v, n, block);
  no_data.data = nullptr;
  expect_rejected(v, no_data, "null");
  if (v.workspace_bytes(n, block) > 0) {
    Args no_workspace = valid_args(v, n, block);
    no_workspace.workspace = nullptr;
    expect_rejected(v, no_workspace, "workspace");
  }
}

// The registry row is complete and self-consistent.
TEST_P(ReduceHostContract, registry_row) {
  const Variant& v = *GetParam();
  smemc::testing::expect_documented_row(v, registry());
  EXPECT_FALSE(v.error_model.empty());
  ASSERT_FALSE(v.block_sizes.empty());
  ASSERT_TRUE(v.launch && v.size_violation && v.workspace_bytes && v.summation_depth && v.model_depth);
  EXPECT_EQ(v.determinism == Determinism::ordered, v.ordered_model != nullptr);
  EXPECT_EQ(v.determinism == Determinism::unordered, v.unordered_partials != nullptr);
  for (int block : v.block_sizes) {
    EXPECT_TRUE(accepts(v, 1, block)) << v.name << " lists block " << block << " but rejects it: " << v.size_violation(1, block);
  }
}

// The summation depth the row states (the k of its bound) is at least the
// depth its model's tree really has, for every claimed block and many n.
TEST_P(ReduceHostContract, depth_formula_covers_model) {
  const Variant& v = *GetParam();
  for (int block : v.block_sizes) {
    for (std::int64_t n : gen::edge_sizes(std::int64_t{1} << 21, block)) {
      if (!accepts(v, n, block)) continue;
      ASSERT_GE(v.summation_depth(n, block), v.model_depth(n, block)) << v.name << " n=" << n << " block=" << block;
    }
  }
}

// The host model itself meets the bound the row derives, and is exact on
// small integers: checks of the models and of the error model, on the host.
TEST_P(ReduceHostContract, model_within_bound) {
  const Variant& v = *GetParam();
  check_property([&] {
    Case c = *case_for(v, finite_sum_kinds());
    c.n = std::min<std::int64_t>(c.n, std::int64_t{1} << 18);
    RC_PRE(accepts(v, c.n, c.block));
    const auto x = make_data(c.kind, c.n, c.seed);
    if (v.ordered_model) {
      expect_within_bound(v, x, c.block, v.ordered_model(x, c.block), describe(v, c) + " (host model)");
    } else {
      // Any order of adding the partials: try the forward and backward chains.
      const auto partials = v.unordered_partials(x, c.block);
      float forward = 0.0f, backward = 0.0f;
      for (float p : partials) forward = forward + p;
      for (auto it = partials.rbegin(); it != partials.rend(); ++it) backward = backward + *it;
      expect_within_bound(v, x, c.block, forward, describe(v, c) + " (model, forward chain)");
      expect_within_bound(v, x, c.block, backward, describe(v, c) + " (model, backward chain)");
    }
  });
}

INSTANTIATE_TEST_SUITE_P(reduce, ReduceAll, ::testing::ValuesIn(variants_where(&any_variant)), VariantName{});
INSTANTIATE_TEST_SUITE_P(reduce, ReduceOrdered, ::testing::ValuesIn(variants_where(&is_ordered)), VariantName{});
INSTANTIATE_TEST_SUITE_P(reduce, ReduceUnordered, ::testing::ValuesIn(variants_where(&is_unordered)), VariantName{});
INSTANTIATE_TEST_SUITE_P(reduce, ReduceHostContract, ::testing::ValuesIn(variants_where(&any_variant)), VariantName{});

}  // namespace
}  // namespace smemc::reduce::testing
