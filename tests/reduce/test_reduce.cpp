// The reduction family's conformance checks, over the spec rows joined with
// this binary's backend table: a new variant (a new row and its table
// entries) is checked by every test here that applies to it, on every
// backend. The backend-free checks of the rows themselves are in
// test_reduce_spec.cpp.
//
// The rows are the spec's and, after them, any the backend defines itself
// (a port row): the tests do not tell them apart. A row the backend does
// not implement is listed once (ReduceUnsupported.declared).
//
// Test names: reduce/<Suite>.<check>/<variant>. Suites:
//   ReduceAll            every implemented row  ReduceOrdered        class ordered: bitwise against the model
//   ReduceDeterministic  class deterministic    ReduceUnordered      class unordered: the bound, the spread
//   ReduceExact          class exact            ReduceLauncher       host-only launcher checks
//   ReduceLauncherNarrowed  a narrowed entry's launcher refuses what its narrowing leaves out (host)
//   ReduceUnsupported    rows this backend does not implement, once each

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>
#include <bit>
#include <climits>
#include <cmath>
#include <iomanip>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>

#include "reduce/host_models.hpp"
#include "reduce/spec.hpp"
#include "reduce_harness.hpp"
#include "reduce_contract_cases.hpp"
#include "smemc/check_failure.hpp"
#include "smemc/device_buffer.hpp"
#include "smemc/digest.hpp"
#include "smemc/error_bound.hpp"
#include "smemc/float_bits.hpp"
#include "smemc/generators.hpp"
#include "smemc/testing.hpp"
#include "smemc/workload.hpp"

namespace smemc::reduce::testing {

const std::vector<Variant>& variants() {
  static const std::vector<Variant> rows = join(specs(), implementations());
  return rows;
}

const std::vector<Variant>& spec_checked_rows() {
  static const std::vector<Variant> rows = smemc::testing::rows_where(variants(), &smemc::testing::port_defined<Variant>);
  return rows;
}

namespace {

using smemc::testing::check_property;
using smemc::testing::VariantName;

std::vector<Variant> variants_where(bool (*keep)(const Variant&)) { return smemc::testing::rows_where(variants(), keep); }
using smemc::testing::implemented;
using smemc::testing::is_narrowed;
using smemc::testing::unimplemented;

bool of_class(const Variant& v, Determinism d) { return implemented(v) && v.spec->determinism == d; }
bool is_ordered(const Variant& v) { return of_class(v, Determinism::ordered); }
bool is_deterministic(const Variant& v) { return of_class(v, Determinism::deterministic); }
bool is_unordered(const Variant& v) { return of_class(v, Determinism::unordered); }
bool is_exact(const Variant& v) { return of_class(v, Determinism::exact); }
// Every run gives the same bits: ordered, deterministic and exact rows.
bool repeats_bitwise(const Spec& s) { return s.determinism != Determinism::unordered; }

// The largest n the checks run with this block: the workload's, the row's,
// and for a row of float atomic adds the n past which one run would make
// more than the workload's max_atomic_adds (atomic_adds grows with n).
std::int64_t size_cap(const Spec& s, int block) {
  std::int64_t cap = std::min(workload().max_elements, largest_taken(s.domain, block));
  if (s.atomic_adds != nullptr && s.atomic_adds(cap, block) > workload().max_atomic_adds) {
    std::int64_t lo = 0, hi = cap;  // atomic_adds(lo) within the limit, atomic_adds(hi) past it
    while (hi - lo > 1) {
      const std::int64_t mid = lo + (hi - lo) / 2;
      (s.atomic_adds(mid, block) <= workload().max_atomic_adds ? lo : hi) = mid;
    }
    cap = lo;
  }
  return cap;
}

// A case the row claims: a block it runs and an n it takes (powers of two
// only, for the rows whose domain says so; multiples of m where it says so).
rc::Gen<Case> case_for(const Spec& s, std::span<const DataKind> kinds) {
  return sized_case(
      s.domain.tested_blocks,
      [&s](int block) -> rc::Gen<std::int64_t> {
        const std::int64_t max = size_cap(s, block);
        if (!s.domain.n_power_of_two)
          return rc::gen::map(gen::size(max, block), [&s](std::int64_t n) { return into_domain(s.domain, n); });
        const int widths = static_cast<int>(std::bit_width(static_cast<std::uint64_t>(max)));
        return rc::gen::map(rc::gen::resize(100, rc::gen::inRange<int>(0, widths)), [](int k) { return std::int64_t{1} << k; });
      },
      kinds);
}

// The exact sums an input's comparison needs, computed once for every block
// and run that uses the input: none for an ordered row (its model is the
// reference).
std::optional<SumReference> reference_for(const Spec& s, std::span<const float> x) {
  if (s.determinism == Determinism::ordered) return std::nullopt;
  return SumReference(x);
}

// The one comparison every device test ends with, by the row's class: the
// model's bits (ordered), the correctly rounded exact sum (exact), else the
// derived bound of the exact sum. `ref`: reference_for(s, x).
void expect_conforms(const Spec& s, std::span<const float> x, const std::optional<SumReference>& ref, int block, float got,
                     const std::string& context) {
  switch (s.determinism) {
    case Determinism::ordered: return expect_same_bits(model_result(s, x, block), got, context);
    case Determinism::exact: return expect_correctly_rounded(ref->sum, got, context);
    case Determinism::deterministic:
    case Determinism::unordered: return expect_within_bound(s, *ref, x, block, got, context);
  }
}
void expect_conforms(const Spec& s, std::span<const float> x, int block, float got, const std::string& context) {
  expect_conforms(s, x, reference_for(s, x), block, got, context);
}

// Bitwise run to run: the first run's bits again, `repeat_runs` times, on
// the same buffers (guards and input checked once, after the last run).
void expect_repeatable(const Variant& v) {
  check_property([&] {
    const Case c = *case_for(*v.spec, finite_sum_kinds());
    const auto x = make_data(c.kind, c.n, c.seed);
    ReductionRun runs(v, x, c.block);
    runs.launch();
    const float first = runs.finish();
    for (int r = 1; r < workload().repeat_runs; ++r) {
      const float again = runs.run_again();
      if (bits_of(again) != bits_of(first)) {
        fail_check(describe(v, c) + ": run " + std::to_string(r) + " gave " + smemc::describe(again) + ", the first run " +
                   smemc::describe(first));
      }
    }
    (void)runs.finish();
  });
}

class ReduceAll : public smemc::testing::VariantTest<Variant> {};
class ReduceLarge : public ReduceAll {};  // the largest n each row takes (gigabytes)
class ReduceOrdered : public ReduceAll {};
class ReduceDeterministic : public ReduceAll {};
class ReduceUnordered : public ReduceAll {};
class ReduceExact : public ReduceAll {};
class ReduceLauncher : public smemc::testing::LauncherTest<Variant> {};
class ReduceLauncherNarrowed : public ReduceLauncher {};
class ReduceUnsupported : public smemc::testing::UnsupportedRowTest<Variant> {};

// What each suite needs (smemc/test_size.hpp): host, small or large.
SMEMC_SUITE_SIZE(ReduceLauncher, host);
SMEMC_SUITE_SIZE(ReduceLauncherNarrowed, host);
SMEMC_SUITE_SIZE(ReduceTable, host);
SMEMC_SUITE_SIZE(ReduceUnsupported, host);
SMEMC_SUITE_SIZE(ReduceLarge, large);
SMEMC_SUITE_SIZE(ReduceAll, small);
SMEMC_SUITE_SIZE(ReduceDeterministic, small);
SMEMC_SUITE_SIZE(ReduceExact, small);
SMEMC_SUITE_SIZE(ReduceOrdered, small);
SMEMC_SUITE_SIZE(ReduceUnordered, small);

TEST_P(ReduceUnsupported, declared) {}

// --- deterministic variants --------------------------------------------------

TEST_P(ReduceOrdered, host_model_bitwise) {
  const Variant& v = GetParam();
  const Spec& s = *v.spec;
  check_property([&] {
    const Case c = *case_for(s, arithmetic_kinds());
    const auto x = make_data(c.kind, c.n, c.seed);
    expect_same_bits(model_result(s, x, c.block), run(v, x, c.block), describe(v, c));
  });
}

TEST_P(ReduceOrdered, repeatable) { expect_repeatable(GetParam()); }

// --- deterministic rows: no stated order, the same bits every run ------------

// Bitwise run to run; across streams the `streams` check compares each
// stream's result with a plain run's bits; the error bound (ReduceAll)
// holds the value to gamma_d, d the row's depth or the worst case n - 1.
TEST_P(ReduceDeterministic, repeatable) { expect_repeatable(GetParam()); }

// --- exact rows: the correctly rounded exact sum -------------------------------

TEST_P(ReduceExact, correctly_rounded) {
  const Variant& v = GetParam();
  check_property([&] {
    const Case c = *case_for(*v.spec, arithmetic_kinds());
    const auto x = make_data(c.kind, c.n, c.seed);
    expect_correctly_rounded(ExactSum(x), run(v, x, c.block), describe(v, c));
  });
}

// --- unordered rows ------------------------------------------------------------

// The order of the additions varies run to run. Each run must lie within
// the derived bound of the exact sum. Where the row defines its block
// partials p (an atomic finish over fixed per-block sums), each run must
// also lie within gamma_nb * sum|p| (+ the flush allowance) of their exact
// sum; a row that defines none (a library call, a kernel whose blocks are
// not fixed) is held to the bound alone. Any two runs then differ by at most
// twice the bound: that follows from the per-run checks, which are what is
// asserted; the spread itself, relative to the bound, and the number of
// distinct results are reported as classifications, never required to be
// anything (in particular not one distinct result).
TEST_P(ReduceUnordered, atomic_spread) {
  const Variant& v = GetParam();
  const Spec& s = *v.spec;
  check_property([&] {
    const Case c = *case_for(s, finite_sum_kinds());
    const auto x = make_data(c.kind, c.n, c.seed);
    const std::vector<float> partials = model_partials(s, x, c.block);
    const SumReference partial_ref(partials), ref(x);
    const auto adds = static_cast<std::int64_t>(partials.size());
    const double chain_bound = sum_error_bound(adds, partial_ref.abs_sum, adds);
    const double run_bound = sum_error_bound(depth_bound(s, c.n, c.block), ref.abs_sum, atomic_add_count(s, x, c.block));
    std::set<std::uint32_t> distinct;
    double lowest = INFINITY, highest = -INFINITY;
    ReductionRun runs(v, x, c.block);
    for (int r = 0; r < workload().repeat_runs; ++r) {
      float got;
      if (r == 0) {
        runs.launch();
        got = runs.finish();
      } else {
        got = runs.run_again();
      }
      const std::string context = describe(v, c) + " run " + std::to_string(r);
      expect_within_bound(s, ref, x, c.block, got, context);
      if (s.unordered_partials && !(partial_ref.sum.distance_to(got) <= chain_bound)) {
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
    (void)runs.finish();  // the guards and the input, after every run
    const double spread = highest - lowest;
    const double scale = s.unordered_partials ? chain_bound : run_bound;
    RC_CLASSIFY(partials.size() > 1, "several blocks");
    RC_TAG(distinct.size() == 1 ? "1 distinct result" : distinct.size() == 2 ? "2 distinct results" : "3+ distinct results");
    RC_TAG(spread == 0 ? "spread 0" : spread <= scale / 64 ? "spread <= bound/64" : "spread > bound/64");
  });
}

// --- every variant -----------------------------------------------------------

// Where gamma_k approaches 1 (an atomic finish over millions of one-thread
// blocks: k = nb) the bound says little; those cases are tagged, and lost
// updates there are caught by exact_small_integers instead.
TEST_P(ReduceAll, error_bound) {
  const Variant& v = GetParam();
  const Spec& s = *v.spec;
  check_property([&] {
    const Case c = *case_for(s, finite_sum_kinds());
    const auto x = make_data(c.kind, c.n, c.seed);
    expect_within_bound(s, x, c.block, run(v, x, c.block), describe(v, c));
    const std::int64_t k = depth_bound(s, c.n, c.block);
    RC_TAG(k < (std::int64_t{1} << 24) && gamma(k) <= 0x1p-10 ? "bound informative (gamma_k <= 2^-10)"
                                                              : "bound loose (gamma_k > 2^-10, or none)");
  });
}

// Every partial sum of these inputs is an integer below 2^24, so every
// addition is exact in any order: one lost or doubled update shows exactly.
TEST_P(ReduceAll, exact_small_integers) {
  const Variant& v = GetParam();
  const DataKind kinds[] = {DataKind::small_integers};
  check_property([&] {
    const Case c = *case_for(*v.spec, kinds);
    const auto x = make_data(c.kind, c.n, c.seed);
    const float exact = ExactSum(x).to_float();
    const float got = run(v, x, c.block);
    if (!(got == exact))
      fail_check(describe(v, c) + ": expected exactly " + smemc::describe(exact) + ", got " + smemc::describe(got));
  });
}

TEST_P(ReduceAll, nan_inf) {
  const Variant& v = GetParam();
  const DataKind kinds[] = {DataKind::nan_inf};
  check_property([&] {
    Case c = *case_for(*v.spec, kinds);
    RC_PRE(c.n > 0);
    const auto x = make_data(c.kind, c.n, c.seed);
    expect_special_value(ExactSum(x), run(v, x, c.block), describe(v, c));
  });
}

// Every edge size (0, 1, 31..33, 2^k +- 1, multiples of the block +- 1, ...)
// the row takes, for every block size it claims: not left to chance.
// Grouped by n: one input (and its exact sums) serves every block that
// sweeps that n.
TEST_P(ReduceAll, edge_sizes) {
  const Variant& v = GetParam();
  const Spec& s = *v.spec;
  std::map<std::int64_t, std::vector<int>> blocks_of;  // n -> the blocks whose sweep names it
  for (int block : gen::sweep_blocks(s.domain.tested_blocks)) {
    std::vector<std::int64_t> sizes = gen::sweep_sizes(size_cap(s, block), block);
    // Past the workload's limit when needed: enough blocks that every
    // fix-up thread takes two partials (its loop's second pass).
    if (!workload().reduced) sizes.push_back(2 * std::int64_t{block} * model::kFixupThreads + 1);
    for (std::int64_t n : sizes) {
      n = into_domain(s.domain, n);
      auto& blocks = blocks_of[n];
      if (accepts(s, n, block) && std::find(blocks.begin(), blocks.end(), block) == blocks.end()) blocks.push_back(block);
    }
  }
  for (const auto& [n, blocks] : blocks_of) {
    if (blocks.empty()) continue;
    const auto x = make_data(DataKind::uniform, n, 0xED6Eu + static_cast<std::uint64_t>(n));
    const auto ref = reference_for(s, x);
    DeviceInput input(x);
    for (int block : blocks) {
      const Case c{n, block, DataKind::uniform, 0xED6Eu + static_cast<std::uint64_t>(n)};
      expect_conforms(s, x, ref, block, input.run(v, block), describe(v, c));
    }
    input.verify(v);
  }
}

// A single check's size about n: n + 1 (not a multiple of anything) where
// the row takes it, else the smallest size from n it takes.
std::int64_t size_about(const Spec& s, std::int64_t n, int block) {
  return accepts(s, n + 1, block) ? n + 1 : smallest_taken_from(s.domain, n, block);
}

// Two reductions of different inputs in flight at once on two streams.
TEST_P(ReduceAll, streams) {
  const Variant& v = GetParam();
  const Spec& s = *v.spec;
  const int block = s.domain.tested_blocks.front();
  std::vector<std::vector<float>> inputs;
  const std::int64_t size = std::min<std::int64_t>(std::int64_t{1} << 16, workload().max_elements);
  for (std::int64_t n : {size, size / 2}) {
    inputs.push_back(make_data(DataKind::uniform, size_about(s, n, block), 0x57EA3u + n));
  }
  StreamOwner first, second;
  ReductionRun a(v, inputs[0], block, first.get()), b(v, inputs[1], block, second.get());
  a.launch();
  b.launch();
  const float got_a = a.finish(), got_b = b.finish();
  expect_conforms(s, inputs[0], block, got_a, std::string(v.name()) + " on stream 1");
  expect_conforms(s, inputs[1], block, got_b, std::string(v.name()) + " on stream 2");
  if (repeats_bitwise(s)) {  // the same bits on the default stream, alone
    expect_same_bits(run(v, inputs[0], block), got_a, std::string(v.name()) + " on stream 1 against a run alone");
    expect_same_bits(run(v, inputs[1], block), got_b, std::string(v.name()) + " on stream 2 against a run alone");
  }
}

// The input of the launch-contract checks: about 2^16 values the row takes.
std::vector<float> held_stream_input(const Spec& s, int block) {
  const std::int64_t n = std::min<std::int64_t>(std::int64_t{1} << 16, workload().max_elements);
  return make_data(DataKind::uniform, size_about(s, n, block), 0xA5C0u);
}

// The launch contract: enqueued on the given stream, no waiting (the
// stream is held while the launcher runs; testing.hpp says how). Only the
// contract: what the run computes is held_stream_result's.
TEST_P(ReduceAll, launch_is_asynchronous) {
  const Variant& v = GetParam();
  const int block = v.spec->domain.tested_blocks.front();
  const auto x = held_stream_input(*v.spec, block);
  (void)run(v, x, block);  // loads the kernels first: CUDA loads a module lazily, waiting for running kernels
  StreamOwner stream;
  ReductionRun held(v, x, block, stream.get());
  if (!smemc::testing::expect_asynchronous_launch(
          stream.get(), [&] { held.launch(); }, [&] { return held.written_while_held(); }, std::string(v.name()))) {
    return;
  }
  held.finish();  // the guards and the input, once the stream has run
}

// A launch enqueued while its stream was held computes the same result
// once the stream runs: nothing the launcher did depended on the work
// having started (a parameter read back too early, a copy on another
// stream). Whether the launcher waited is launch_is_asynchronous's.
TEST_P(ReduceAll, held_stream_result) {
  const Variant& v = GetParam();
  const Spec& s = *v.spec;
  const int block = s.domain.tested_blocks.front();
  const auto x = held_stream_input(s, block);
  (void)run(v, x, block);
  StreamOwner stream;
  ReductionRun held(v, x, block, stream.get());
  if (!smemc::testing::launch_on_held_stream(stream.get(), [&] { held.launch(); })) return;
  expect_conforms(s, x, block, held.finish(), std::string(v.name()) + " after the stream was released");
}

// The largest n the row takes, with the ones at the far end of the array:
// int index arithmetic that overflows near 2^31 loses them. Zeros elsewhere
// make the sum exact (4097) for every variant.
TEST_P(ReduceLarge, large_n) {
  const Variant& v = GetParam();
  const Spec& s = *v.spec;
  const int block = *std::max_element(s.domain.tested_blocks.begin(), s.domain.tested_blocks.end());
  const std::int64_t n = largest_taken(s.domain, block);
  ASSERT_TRUE(accepts(s, n, block)) << v.name() << ": " << size_violation(s, n, block);
  const std::size_t data_bytes = static_cast<std::size_t>(n) * sizeof(float) + 2 * GuardedBytes::kGuardBytes;
  if (const std::string why = smemc::testing::large_check_unfit(data_bytes + s.workspace_bytes(n, block), data_bytes);
      !why.empty()) {
    GTEST_SKIP() << why;
  }
  constexpr std::int64_t kTail = 4096;
  GuardedBuffer<float> data("data", static_cast<std::size_t>(n));
  GuardedBuffer<float> out("out", 1);
  GuardedBytes workspace("workspace", s.workspace_bytes(n, block));
  backend().fill(data.data(), 0, static_cast<std::size_t>(n) * sizeof(float), {});
  const std::vector<float> ones(kTail, 1.0f);
  backend().upload(data.data(), ones.data(), sizeof(float), {});
  backend().upload(data.at(static_cast<std::size_t>(n - kTail)), ones.data(), kTail * sizeof(float), {});
  v.launch({.n = n, .data = data.data(), .out = out.data(), .workspace = workspace.payload(), .block = block}, {});
  backend().synchronize({});
  data.verify_guards();
  out.verify_guards();
  workspace.verify_guards();
  EXPECT_EQ(out.download()[0], static_cast<float>(kTail + 1)) << v.name() << " n=" << n << " block=" << block;
}

// --- host-only: the launcher's preconditions, no device needed ---------------

// Stand-ins for device memory: launchers must reject bad arguments before
// they touch any allocation, so these are never dereferenced.
DeviceAddress fake_address(std::uintptr_t k) { return {reinterpret_cast<void*>(std::uintptr_t{0x10000} * k), 0}; }

void expect_rejected(const Variant& v, Args args, const std::string& mentioning) {
  smemc::testing::expect_invalid_argument(
      [&] { v.launch(args, {}); }, v.name(), mentioning,
      std::string(v.name()) + " n=" + std::to_string(args.n) + " block=" + std::to_string(args.block));
}

Args valid_args(const Spec& s, std::int64_t n, int block) {
  return {.n = n,
          .data = fake_address(1),
          .out = fake_address(2),
          .workspace = s.workspace_bytes(n, block) > 0 ? fake_address(3) : DeviceAddress{},
          .block = block};
}

// Everything the variant's fixed table (tests/reduce/reduce_contract_cases.hpp)
// says it must refuse, this backend's launcher refuses, with the reason.
TEST_P(ReduceLauncher, refuses_its_table) {
  const Variant& v = GetParam();
  const auto cases = contract::contract_of(*v.declared, contract::reduce_cases());
  ASSERT_FALSE(cases.empty()) << v.name()
                              << " has no fixed table (tests/<family>/<family>_contract_cases.hpp, or its own contract_cases)";
  for (const contract::SizeCase& c : cases) {
    if (c.refusal.empty()) continue;  // accepted cases are held to validate() on the host (ReduceSpec)
    Args args = valid_args(*v.spec, std::max<std::int64_t>(c.n, 0), c.block);
    args.n = c.n;
    args.data = args.data.plus_bytes(c.data_offset_bytes);
    expect_rejected(v, args, std::string(c.refusal));
  }
}

// Null addresses: out always, data for n > 0, the workspace where the row needs one.
TEST_P(ReduceLauncher, refuses_null_addresses) {
  const Variant& v = GetParam();
  const Spec& s = *v.spec;
  const int block = s.domain.tested_blocks.front();
  const std::int64_t n = smallest_taken_from(s.domain, 64, block);
  Args no_out = valid_args(s, n, block);
  no_out.out = {};
  expect_rejected(v, no_out, "out");
  Args no_data = valid_args(s, n, block);
  no_data.data = {};
  expect_rejected(v, no_data, "null");
  if (s.workspace_bytes(n, block) > 0) {
    Args no_workspace = valid_args(s, n, block);
    no_workspace.workspace = {};
    expect_rejected(v, no_workspace, "workspace");
  }
}

// A narrowed entry's launcher refuses the first values its narrowing leaves
// out (the next block past each end, one past its largest n, the n beside
// a multiple), naming the narrowing's reason; the row itself takes them.
TEST_P(ReduceLauncherNarrowed, refuses_outside_narrowing) {
  const Variant& v = GetParam();
  const auto outside = first_outside(v.declared->domain, v.impl->narrowing);
  ASSERT_FALSE(outside.empty()) << v.name() << ": its narrowing (" << v.narrowing() << ") leaves nothing of its row out";
  for (const SizePoint& p : outside) {
    Args args = valid_args(*v.declared, p.n, p.block);
    expect_rejected(v, args, std::string(v.impl->narrowing.reason));
  }
}

// The backend's table names exactly the spec's rows.
TEST(ReduceTable, matches_spec) {
  smemc::testing::expect_no_table_problems(table_problems(specs(), implementations()), "reduce");
}

// Required rows: what this backend declines, it declines as its conformance
// profile (allowances(), beside its table) allows.
TEST(ReduceTable, meets_conformance_profile) {
  smemc::testing::expect_no_profile_problems(profile_problems(specs(), implementations(), allowances()), "reduce");
}

// --- the cross-backend digest ------------------------------------------------

// Every deterministic variant this backend runs, on fixed inputs: sizes
// around the block and the fix-up's 1024 partials, each data kind.
void write_digest(std::ostream& out) {
  for (const Variant& v : variants()) {
    const Spec& s = *v.spec;
    if (s.determinism != Determinism::ordered || s.doc.exhibit() || v.port_defined() || !v.narrowing().empty() ||
        !v.not_implemented().empty() || !v.unsupported_on_device().empty()) {
      continue;
    }
    for (int block : s.domain.tested_blocks.first(std::min<std::size_t>(2, s.domain.tested_blocks.size()))) {
      for (std::int64_t n : {std::int64_t{1}, std::int64_t{1000}, std::int64_t{1} << 16, (std::int64_t{1} << 20) + 3}) {
        if (!accepts(s, n, block)) n = std::bit_floor(static_cast<std::uint64_t>(n));
        for (DataKind kind : arithmetic_kinds()) {
          const auto x = make_data(kind, n, 0xD16E57u + static_cast<std::uint64_t>(n));
          const std::uint32_t bits = bits_of(run(v, x, block));
          out << "reduce " << v.name() << " n=" << n << " block=" << block << " data=" << kind << ' ' << std::hex << std::setw(8)
              << std::setfill('0') << bits << std::dec << '\n';
        }
      }
    }
  }
}
const bool digest_registered = register_digest("reduce", &write_digest);

INSTANTIATE_TEST_SUITE_P(reduce, ReduceAll, ::testing::ValuesIn(variants_where(&implemented)), VariantName{});
INSTANTIATE_TEST_SUITE_P(reduce, ReduceLarge, ::testing::ValuesIn(variants_where(&implemented)), VariantName{});
INSTANTIATE_TEST_SUITE_P(reduce, ReduceOrdered, ::testing::ValuesIn(variants_where(&is_ordered)), VariantName{});
INSTANTIATE_TEST_SUITE_P(reduce, ReduceDeterministic, ::testing::ValuesIn(variants_where(&is_deterministic)), VariantName{});
INSTANTIATE_TEST_SUITE_P(reduce, ReduceUnordered, ::testing::ValuesIn(variants_where(&is_unordered)), VariantName{});
INSTANTIATE_TEST_SUITE_P(reduce, ReduceExact, ::testing::ValuesIn(variants_where(&is_exact)), VariantName{});
INSTANTIATE_TEST_SUITE_P(reduce, ReduceLauncher, ::testing::ValuesIn(variants_where(&implemented)), VariantName{});
INSTANTIATE_TEST_SUITE_P(reduce, ReduceLauncherNarrowed, ::testing::ValuesIn(variants_where(&is_narrowed)), VariantName{});
INSTANTIATE_TEST_SUITE_P(reduce, ReduceUnsupported, ::testing::ValuesIn(variants_where(&unimplemented)), VariantName{});
// A backend (or a spec) may have no row of a kind: an empty suite is fine.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ReduceAll);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ReduceLarge);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ReduceOrdered);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ReduceDeterministic);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ReduceUnordered);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ReduceExact);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ReduceLauncher);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ReduceLauncherNarrowed);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ReduceUnsupported);

}  // namespace
}  // namespace smemc::reduce::testing
