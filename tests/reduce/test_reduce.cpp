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
// Every check runs over every (row, typing): the typing's elements are
// generated, uploaded and compared as Values of its types, and the class is
// the typing's (an integer accumulator makes a row exact).
//
// Test names: reduce/<Suite>.<check>/<variant>_<typing>. Suites:
//   ReduceAll            every implemented row  ReduceOrdered        class ordered: bitwise against the model
//   ReduceDeterministic  class deterministic    ReduceUnordered      class unordered: the bound, the spread
//   ReduceExact          class exact            ReduceFloating       floating typings: the bound, NaN and infinities
//   ReduceLauncher       host-only launcher checks
//   ReduceLauncherNarrowed  a narrowed entry's launcher refuses what its narrowing leaves out (host)
//   ReduceUnsupported    rows this backend does not implement, once each

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
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
#include "reduce_cases.hpp"
#include "reduce_harness.hpp"
#include "reduce_contract_cases.hpp"
#include "smemc/check_failure.hpp"
#include "smemc/compare.hpp"
#include "smemc/device_buffer.hpp"
#include "smemc/digest.hpp"
#include "smemc/error_bound.hpp"
#include "smemc/float_bits.hpp"
#include "smemc/generators.hpp"
#include "smemc/testing.hpp"
#include "smemc/workload.hpp"

namespace smemc::reduce::testing {

const std::vector<Variant>& variants() {
  static const std::vector<Variant> rows = join(specs(), implementations(), allowances());
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
bool is_floating_typing(const Variant& v) { return implemented(v) && is_floating(v.typing.element); }
// Every run gives the same bits: ordered, deterministic and exact rows.
bool repeats_bitwise(const Spec& s) { return s.determinism != Determinism::unordered; }

// The data kinds of a variant's element type: all its finite-sum kinds, or
// all its arithmetic ones (the floating types add NaN and infinities).
std::span<const DataKind> finite_kinds(const Variant& v) { return finite_sum_kinds(element_of(v)); }
std::span<const DataKind> all_kinds(const Variant& v) { return arithmetic_kinds(element_of(v)); }

// The cases (reduce_cases.hpp) in this run's workload.
rc::Gen<Case> case_for(const Spec& s, std::span<const DataKind> kinds) { return testing::case_for(s, kinds, workload()); }

// The exact sums an input's comparison needs, computed once for every block
// and run that uses the input: none for an ordered row (its model is the
// reference) nor for an exact one (its exact sum is computed by the check).
std::optional<SumReference> reference_for(const Variant& v, const Values& x) {
  const Determinism d = v.spec->determinism;
  if (d == Determinism::ordered || d == Determinism::exact) return std::nullopt;
  return sum_reference(v, x);
}

// The one comparison every device test ends with, by the variant's class:
// the model's bits (ordered), the exact sum (exact: correctly rounded, or
// an integer typing's, modulo 2^bits where it wraps), else the derived
// bound of the exact sum. `ref`: reference_for(v, x).
void expect_conforms(const Variant& v, const Values& x, const std::optional<SumReference>& ref, int block, const Values& got,
                     const std::string& context) {
  switch (v.spec->determinism) {
    case Determinism::ordered: return expect_same_bits(model_result(v, x, block), got, context);
    case Determinism::exact: return expect_exact(v, x, got, context);
    case Determinism::deterministic:
    case Determinism::unordered: return expect_within_bound(v, *ref, x, block, got, context);
  }
}
void expect_conforms(const Variant& v, const Values& x, int block, const Values& got, const std::string& context) {
  expect_conforms(v, x, reference_for(v, x), block, got, context);
}

// Bitwise run to run: the first run's bits again, `repeat_runs` times, on
// the same buffers (guards and input checked once, after the last run).
void expect_repeatable(const Variant& v) {
  check_property([&] {
    const Case c = *case_for(*v.spec, finite_kinds(v));
    const Values x = make_input(v, c.kind, c.n, c.seed);
    ReductionRun runs(v, x, c.block);
    runs.launch();
    const Values first = runs.finish();
    for (int r = 1; r < workload().repeat_runs; ++r) {
      const Values again = runs.run_again();
      if (!same_element(first, 0, again, 0, NanPayloads::must_match)) {
        fail_check(describe(v, c) + ": run " + std::to_string(r) + " gave " + describe_element(again, 0) + ", the first run " +
                   describe_element(first, 0));
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
class ReduceFloating : public ReduceAll {};  // typings of floating elements: the bound, NaN and infinities
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
SMEMC_SUITE_SIZE(ReduceFloating, small);
SMEMC_SUITE_SIZE(ReduceOrdered, small);
SMEMC_SUITE_SIZE(ReduceUnordered, small);

TEST_P(ReduceUnsupported, declared) {}

// --- deterministic variants --------------------------------------------------

TEST_P(ReduceOrdered, host_model_bitwise) {
  const Variant& v = GetParam();
  const Spec& s = *v.spec;
  check_property([&] {
    const Case c = *case_for(s, all_kinds(v));
    const Values x = make_input(v, c.kind, c.n, c.seed);
    expect_same_bits(model_result(v, x, c.block), run(v, x, c.block), describe(v, c));
  });
}

TEST_P(ReduceOrdered, repeatable) { expect_repeatable(GetParam()); }

// --- deterministic rows: no stated order, the same bits every run ------------

// Bitwise run to run; across streams the `streams` check compares each
// stream's result with a plain run's bits; the error bound (ReduceAll)
// holds the value to gamma_d, d the row's depth or the worst case n - 1.
TEST_P(ReduceDeterministic, repeatable) { expect_repeatable(GetParam()); }

// --- exact rows: the exact sum ------------------------------------------------

// Floating typings: the correctly rounded exact sum; integer typings: the
// exact sum, modulo 2^bits where the typing wraps (the data's whole range:
// sums that wrap, and the extremes).
TEST_P(ReduceExact, exact_sum) {
  const Variant& v = GetParam();
  check_property([&] {
    const Case c = *case_for(*v.spec, all_kinds(v));
    const Values x = make_input(v, c.kind, c.n, c.seed);
    expect_exact(v, x, run(v, x, c.block), describe(v, c));
  });
}

// An integer typing at the edge of overflow: every element at its type's
// largest value. Where the typing refuses overflow, at its largest n (the
// sum is then the largest the accumulator can hold, or just below it);
// where it wraps, at 2^20 + 3 elements (the sum passes the accumulator
// several times over).
TEST_P(ReduceExact, overflow_edge) {
  const Variant& v = GetParam();
  const Typing& t = v.typing;
  if (!is_integer(t.accumulator)) GTEST_SKIP() << v.typed_name() << ": no integer accumulator";
  if (workload().reduced) GTEST_SKIP() << "the overflow edge runs in the full and cpu workloads";
  const Spec& s = *v.spec;
  const int block = s.domain.tested_blocks.front();
  const std::int64_t n = overflow_edge_size(s, t, block);
  ASSERT_TRUE(accepts(s, n, block)) << v.typed_name() << ": " << size_violation(s, n, block);
  const Values x = make_input(v, DataKind::extremes, n, 0xED6Eu);
  Values largest(x.type(), static_cast<std::size_t>(n));
  visit_scalar(x.type(), [&]<typename E>(std::type_identity<E>) {
    if constexpr (std::is_integral_v<E>) {
      for (E& e : largest.as<E>()) e = std::numeric_limits<E>::max();
    }
  });
  expect_exact(v, largest, run(v, largest, block), v.typed_name() + " n=" + std::to_string(n) + ", every element its largest");
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
  const Typing& t = v.typing;
  check_property([&] {
    const Case c = *case_for(s, finite_kinds(v));
    const Values x = make_input(v, c.kind, c.n, c.seed);
    const Values partials = model_partials(v, x, c.block);
    const SumReference ref(x);
    const std::optional<SumReference> partial_ref = s.unordered_partials ? std::optional(SumReference(partials)) : std::nullopt;
    const auto adds = static_cast<std::int64_t>(partials.size());
    const double u = unit_roundoff(t.accumulator), flush = atomic_flush_allowance(t.accumulator);
    const double chain_bound = partial_ref ? sum_error_bound(adds, partial_ref->abs_sum, adds, u, flush) : 0.0;
    const double run_bound = bound_of(v, ref, x, c.block);
    std::set<std::uint64_t> distinct;
    double lowest = INFINITY, highest = -INFINITY;
    ReductionRun runs(v, x, c.block);
    for (int r = 0; r < workload().repeat_runs; ++r) {
      Values got;
      if (r == 0) {
        runs.launch();
        got = runs.finish();
      } else {
        got = runs.run_again();
      }
      const std::string context = describe(v, c) + " run " + std::to_string(r);
      expect_within_bound(v, ref, x, c.block, got, context);
      if (partial_ref && !(partial_ref->sum.distance_to(value_of(got)) <= chain_bound)) {
        std::ostringstream os;
        os.precision(17);
        os << context << ": result " << describe_element(got, 0) << " is further than " << chain_bound
           << " from the exact sum of the block partials " << partial_ref->sum.to_double();
        fail_check(os.str());
      }
      std::uint64_t bits = 0;
      std::memcpy(&bits, got.data(), got.element_bytes());
      distinct.insert(bits);
      lowest = std::min(lowest, value_of(got));
      highest = std::max(highest, value_of(got));
    }
    (void)runs.finish();  // the guards and the input, after every run
    const double spread = highest - lowest;
    const double scale = s.unordered_partials ? chain_bound : run_bound;
    RC_CLASSIFY(adds > 1, "several blocks");
    RC_TAG(distinct.size() == 1 ? "1 distinct result" : distinct.size() == 2 ? "2 distinct results" : "3+ distinct results");
    RC_TAG(spread == 0 ? "spread 0" : spread <= scale / 64 ? "spread <= bound/64" : "spread > bound/64");
  });
}

// --- every variant -----------------------------------------------------------

// Where gamma_k approaches 1 (an atomic finish over millions of one-thread
// blocks: k = nb) the bound says little; those cases are tagged, and lost
// updates there are caught by exact_small_integers instead.
TEST_P(ReduceFloating, error_bound) {
  const Variant& v = GetParam();
  const Spec& s = *v.spec;
  check_property([&] {
    const Case c = *case_for(s, finite_kinds(v));
    const Values x = make_input(v, c.kind, c.n, c.seed);
    expect_within_bound(v, x, c.block, run(v, x, c.block), describe(v, c));
    const std::int64_t k = depth_bound(s, c.n, c.block);
    const double u = unit_roundoff(v.typing.accumulator);
    RC_TAG(static_cast<double>(k) * u < 0.5 && gamma(k, u) <= 0x1p-10 ? "bound informative (gamma_k <= 2^-10)"
                                                                      : "bound loose (gamma_k > 2^-10, or none)");
  });
}

// Every partial sum of these inputs is an integer below 2^24, so every
// addition is exact in any order and in every accumulator of 24 bits or
// more: one lost or doubled update shows exactly. (A half accumulator, 11
// bits, rounds sums past 2048: the check does not apply to it.)
TEST_P(ReduceAll, exact_small_integers) {
  const Variant& v = GetParam();
  if (is_floating(v.typing.accumulator) && info(v.typing.accumulator).precision < 24) {
    GTEST_SKIP() << v.typed_name() << ": an accumulator of " << info(v.typing.accumulator).precision
                 << " bits does not hold the check's sums (up to 2^24) exactly";
  }
  const DataKind kinds[] = {DataKind::small_integers};
  check_property([&] {
    const Case c = *case_for(*v.spec, kinds);
    const Values x = make_input(v, c.kind, c.n, c.seed);
    expect_exact(v, x, run(v, x, c.block), describe(v, c));
  });
}

TEST_P(ReduceFloating, nan_inf) {
  const Variant& v = GetParam();
  const DataKind kinds[] = {DataKind::nan_inf};
  check_property([&] {
    Case c = *case_for(*v.spec, kinds);
    RC_PRE(c.n > 0);
    const Values x = make_input(v, c.kind, c.n, c.seed);
    expect_special_value(v, x, run(v, x, c.block), describe(v, c));
  });
}

// A sweep's groups (reduce_cases.hpp): one input of `kind` per n (seeded
// seed + n), every block of its group run on it, each compared.
void expect_groups_conform(const Variant& v, const SizeGroups& groups, DataKind kind, std::uint64_t seed) {
  for (const auto& [n, blocks] : groups) {
    const std::uint64_t input_seed = seed + static_cast<std::uint64_t>(n);
    const Values x = make_input(v, kind, n, input_seed);
    const auto ref = reference_for(v, x);
    DeviceInput input(x);
    for (int block : blocks)
      expect_conforms(v, x, ref, block, input.run(v, block), describe(v, Case{n, block, kind, input_seed}));
    input.verify(v);
  }
}

// Every edge size (0, 1, 31..33, 2^k +- 1, multiples of the block +- 1, ...)
// the row takes, for every block size it claims: not left to chance.
// Grouped by n: one input (and its exact sums) serves every block that
// sweeps that n.
TEST_P(ReduceAll, edge_sizes) {
  expect_groups_conform(GetParam(), edge_size_groups(*GetParam().spec, workload()), DataKind::uniform, 0xED6Eu);
}

// Every value -0, at every size class the row takes (one element, under a
// block, one block, two, several, and 2·B·1024 and one past, where every
// fix-up thread holds a partial), for every block it claims. 0 + x = x for every other
// x, so no other data tell a sum that starts from +0 from one seeded with
// its first element (or a padding of -0 from one of +0): here the first
// ends +0 and the second -0, and an ordered row's model says which.
TEST_P(ReduceFloating, negative_zeros_every_size_class) {
  expect_groups_conform(GetParam(), negative_zero_groups(*GetParam().spec, workload()), DataKind::negative_zeros, 0x2E50u);
}

// Two reductions of different inputs in flight at once on two streams.
TEST_P(ReduceAll, streams) {
  const Variant& v = GetParam();
  const Spec& s = *v.spec;
  const int block = s.domain.tested_blocks.front();
  std::vector<Values> inputs;
  for (std::int64_t n : stream_sizes(s, block, workload())) inputs.push_back(make_input(v, DataKind::uniform, n, 0x57EA3u + n));
  StreamOwner first, second;
  ReductionRun a(v, inputs[0], block, first.get()), b(v, inputs[1], block, second.get());
  a.launch();
  b.launch();
  const Values got_a = a.finish(), got_b = b.finish();
  expect_conforms(v, inputs[0], block, got_a, v.typed_name() + " on stream 1");
  expect_conforms(v, inputs[1], block, got_b, v.typed_name() + " on stream 2");
  if (repeats_bitwise(s)) {  // the same bits on the default stream, alone
    expect_same_bits(run(v, inputs[0], block), got_a, v.typed_name() + " on stream 1 against a run alone");
    expect_same_bits(run(v, inputs[1], block), got_b, v.typed_name() + " on stream 2 against a run alone");
  }
}

// The input of the launch-contract checks: about 2^16 values the row takes.
Values held_stream_input(const Variant& v, int block) {
  return make_input(v, DataKind::uniform, held_stream_size(*v.spec, block, workload()), 0xA5C0u);
}

// The launch contract: enqueued on the given stream, no waiting (the
// stream is held while the launcher runs; testing.hpp says how). Only the
// contract: what the run computes is held_stream_result's.
TEST_P(ReduceAll, launch_is_asynchronous) {
  const Variant& v = GetParam();
  const int block = v.spec->domain.tested_blocks.front();
  const Values x = held_stream_input(v, block);
  (void)run(v, x, block);  // loads the kernels first: CUDA loads a module lazily, waiting for running kernels
  StreamOwner stream;
  ReductionRun held(v, x, block, stream.get());
  if (!smemc::testing::expect_asynchronous_launch(
          stream.get(), [&] { held.launch(); }, [&] { return held.written_while_held(); }, v.typed_name())) {
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
  const Values x = held_stream_input(v, block);
  (void)run(v, x, block);
  StreamOwner stream;
  ReductionRun held(v, x, block, stream.get());
  if (!smemc::testing::launch_on_held_stream(stream.get(), [&] { held.launch(); })) return;
  expect_conforms(v, x, block, held.finish(), v.typed_name() + " after the stream was released");
}

// Small non-negative integers as elements of `type` (every element type
// holds 1 and 2 exactly).
Values integers_of(Scalar type, std::span<const int> values) {
  Values out(type, values.size());
  visit_scalar(type, [&]<typename E>(std::type_identity<E>) {
    auto elements = out.as<E>();
    for (std::size_t i = 0; i < values.size(); ++i) {
      if constexpr (std::is_same_v<E, Half>) {
        elements[i] = half_from(static_cast<float>(values[i]));
      } else if constexpr (std::is_same_v<E, BFloat16>) {
        elements[i] = bfloat16_from(static_cast<float>(values[i]));
      } else if constexpr (std::is_arithmetic_v<E>) {
        elements[i] = static_cast<E>(values[i]);
      }
    }
  });
  return out;
}

// The largest n the row takes, with a 1 at the start and a tail of 1s and
// 2s at the far end of the array: int index arithmetic that overflows near
// 2^31 loses them. The tail has no period (each value from a hash of its
// index), so a block that reads another's piece, or a piece read shifted,
// changes the sum. Zeros elsewhere make the sum exact for every variant, in
// every typing.
TEST_P(ReduceLarge, large_n) {
  const Variant& v = GetParam();
  const Spec& s = *v.spec;
  const Typing& t = v.typing;
  const LargeCase large = large_case(s, t);
  const int block = large.block;
  const std::int64_t n = large.n;
  ASSERT_TRUE(accepts(s, n, block)) << v.typed_name() << ": " << size_violation(s, n, block);
  const std::size_t element = info(t.element).bytes;
  const std::size_t data_bytes = static_cast<std::size_t>(n) * element + 2 * GuardedBytes::kGuardBytes;
  if (const std::string why = smemc::testing::large_check_unfit(data_bytes + s.workspace_bytes(n, block, t), data_bytes);
      !why.empty()) {
    GTEST_SKIP() << why;
  }
  const std::int64_t kTail = large.tail;
  std::vector<int> tail(static_cast<std::size_t>(kTail));
  std::int64_t expected = 1;
  for (std::int64_t j = 0; j < kTail; ++j) {
    tail[static_cast<std::size_t>(j)] = 1 + static_cast<int>(SplitMix64(static_cast<std::uint64_t>(n - kTail + j)).next() & 1u);
    expected += tail[static_cast<std::size_t>(j)];
  }
  const int one[] = {1};
  GuardedArray data("data", t.element, static_cast<std::size_t>(n));
  GuardedArray out("out", t.output, 1);
  GuardedBytes workspace("workspace", s.workspace_bytes(n, block, t));
  backend().fill(data.data(), 0, static_cast<std::size_t>(n) * element, {});
  data.upload(integers_of(t.element, one));
  data.upload(integers_of(t.element, tail), {}, static_cast<std::size_t>(n - kTail));
  v.launch({.n = n, .data = data.data(), .out = out.data(), .workspace = workspace.payload(), .block = block}, {});
  backend().synchronize({});
  data.verify_guards();
  out.verify_guards();
  workspace.verify_guards();
  EXPECT_EQ(value_of(out.download()), static_cast<double>(expected)) << v.typed_name() << " n=" << n << " block=" << block;
}

// --- host-only: the launcher's preconditions, no device needed ---------------

// Stand-ins for device memory: launchers must reject bad arguments before
// they touch any allocation, so these are never dereferenced.
DeviceAddress fake_address(std::uintptr_t k) { return {reinterpret_cast<void*>(std::uintptr_t{0x10000} * k), 0}; }

void expect_rejected(const Variant& v, Args args, const std::string& mentioning) {
  smemc::testing::expect_invalid_argument(
      [&] { v.launch(args, {}); }, v.name(), mentioning,
      v.typed_name() + " n=" + std::to_string(args.n) + " block=" + std::to_string(args.block));
}

Args valid_args(const Variant& v, const Spec& s, std::int64_t n, int block) {
  return {.n = n,
          .data = fake_address(1),
          .out = fake_address(2),
          .workspace = s.workspace_bytes(n, block, v.typing) > 0 ? fake_address(3) : DeviceAddress{},
          .block = block};
}

// Everything the variant's fixed table (tests/reduce/reduce_contract_cases.hpp)
// says it must refuse, this backend's launcher refuses, with the reason.
TEST_P(ReduceLauncher, refuses_its_table) {
  const Variant& v = GetParam();
  const auto cases = contract::contract_of(*v.declared, v.typing_name(), contract::reduce_cases());
  ASSERT_FALSE(cases.empty()) << v.name()
                              << " has no fixed table (tests/<family>/<family>_contract_cases.hpp, or its own contract_cases)";
  for (const contract::SizeCase& c : cases) {
    if (c.refusal.empty()) continue;  // accepted cases are held to validate() on the host (ReduceSpec)
    Args args = valid_args(v, *v.spec, std::max<std::int64_t>(c.n, 0), c.block);
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
  Args no_out = valid_args(v, s, n, block);
  no_out.out = {};
  expect_rejected(v, no_out, "out");
  Args no_data = valid_args(v, s, n, block);
  no_data.data = {};
  expect_rejected(v, no_data, "null");
  if (s.workspace_bytes(n, block, v.typing) > 0) {
    Args no_workspace = valid_args(v, s, n, block);
    no_workspace.workspace = {};
    expect_rejected(v, no_workspace, "workspace");
  }
}

// A typing the row does not state is refused, whatever the backend's kernels
// were built for: every typing of the family's list the row leaves out, and
// one no row states (u64 summed in u64).
TEST_P(ReduceLauncher, refuses_unstated_typings) {
  const Variant& v = GetParam();
  const Spec& s = *v.spec;
  const int block = s.domain.tested_blocks.front();
  std::vector<Typing> unstated = {{Scalar::u64, Scalar::u64, Scalar::u64, Overflow::wraps}};
  for (const Typing& t : kTypings) {
    if (typing_named(v.declared->typings, typing_name(t)) == nullptr) unstated.push_back(t);
  }
  for (const Typing& t : unstated) {
    Args args = valid_args(v, s, std::min<std::int64_t>(64, largest_taken(s.domain, block)), block);
    args.typing = t;
    smemc::testing::expect_invalid_argument([&] { v.impl->launch(args, {}); }, v.name(), "typing",
                                            v.typed_name() + " launched as " + typing_name(t));
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
    Args args = valid_args(v, *v.declared, p.n, p.block);
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

// Every variant this backend runs whose bits are a function of the input
// (ordered, and exact: the integer typings), on fixed inputs: sizes around
// the block and the fix-up's 1024 partials, each data kind of its type.
void write_digest(std::ostream& out) {
  for (const Variant& v : variants()) {
    const Spec& s = *v.spec;
    const bool fixed_bits = s.determinism == Determinism::ordered || s.determinism == Determinism::exact;
    if (!fixed_bits || s.doc.exhibit() || v.port_defined() || !v.narrowing().empty() || !v.not_implemented().empty() ||
        !v.unsupported_on_device().empty()) {
      continue;
    }
    for (int block : s.domain.tested_blocks.first(std::min<std::size_t>(2, s.domain.tested_blocks.size()))) {
      for (std::int64_t n : {std::int64_t{1}, std::int64_t{1000}, std::int64_t{1} << 16, (std::int64_t{1} << 20) + 3}) {
        if (!accepts(s, n, block)) n = std::bit_floor(static_cast<std::uint64_t>(n));
        for (DataKind kind : all_kinds(v)) {
          const Values x = make_input(v, kind, n, 0xD16E57u + static_cast<std::uint64_t>(n));
          const Values got = run(v, x, block);
          out << "reduce " << v.typed_name() << " n=" << n << " block=" << block << " data=" << kind << ' ' << std::hex
              << digest_words(got.data(), got.size_bytes()) << std::dec << '\n';
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
INSTANTIATE_TEST_SUITE_P(reduce, ReduceFloating, ::testing::ValuesIn(variants_where(&is_floating_typing)), VariantName{});
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
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ReduceFloating);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ReduceLauncher);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ReduceLauncherNarrowed);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ReduceUnsupported);

}  // namespace
}  // namespace smemc::reduce::testing
