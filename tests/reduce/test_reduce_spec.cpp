// The reduction rows themselves, checked on the host with no device: the
// documentation a row carries, what its class needs, its domain, its depth
// formula against its model, its model against its bound, its fixed
// contract table. The spec's rows are checked once, in smemc_spec_tests; a
// port's own rows in the port's conformance binary (spec_checked_rows()).

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>

#include "common/typed_models.hpp"
#include "reduce/spec.hpp"
#include "reduce_cases.hpp"
#include "reduce_harness.hpp"
#include "contract_checks.hpp"
#include "reduce_contract_cases.hpp"
#include "smemc/generators.hpp"
#include "smemc/testing.hpp"
#include "smemc/workload.hpp"

namespace smemc::reduce::testing {
namespace {

using smemc::testing::check_property;

class ReduceSpec : public ::testing::TestWithParam<Variant> {};
class ReduceSpecModel : public ReduceSpec {};  // rows with a host model (of the result or of the partials)
class ReduceSpecDepth : public ReduceSpec {};  // the same, in each row's first typing (a depth does not depend on the types)

// What each suite needs (smemc/test_size.hpp): host, small or large.
SMEMC_SUITE_SIZE(ReduceSpec, host);
SMEMC_SUITE_SIZE(ReduceSpecModel, host);
SMEMC_SUITE_SIZE(ReduceSpecDepth, host);

rc::Gen<Case> case_for(const Spec& s, std::span<const DataKind> kinds) {
  return sized_case(
      s.domain.tested_blocks,
      [&s](int block) -> rc::Gen<std::int64_t> {
        const std::int64_t max = std::int64_t{1} << 18;
        if (!s.domain.n_power_of_two) return gen::size(max, block);
        return rc::gen::map(rc::gen::resize(100, rc::gen::inRange<int>(0, 19)), [](int k) { return std::int64_t{1} << k; });
      },
      kinds);
}

// The row is complete and self-consistent, with what its class needs: a
// model and its depth (ordered), partials only where unordered, a depth
// formula only with a model to hold it to, or none (the worst case).
TEST_P(ReduceSpec, spec_row) {
  const Spec& s = *GetParam().spec;
  EXPECT_FALSE(s.doc.name.empty());
  EXPECT_FALSE(s.doc.idea.empty()) << s.doc.name;
  EXPECT_FALSE(s.doc.cost.empty()) << s.doc.name;
  EXPECT_FALSE(s.error_model.empty()) << s.doc.name;
  const auto& rows = spec_checked_rows();
  EXPECT_EQ(std::count_if(rows.begin(), rows.end(), [&](const Variant& o) { return o.typed_name() == GetParam().typed_name(); }),
            1)
      << GetParam().typed_name() << ": (row, typing) names must be unique";
  const Typing& t = GetParam().typing;
  ASSERT_FALSE(s.domain.tested_blocks.empty());
  ASSERT_TRUE(s.workspace_bytes && s.traffic) << s.doc.name;
  if (is_floating(t.accumulator)) {
    EXPECT_EQ(s.determinism == Determinism::ordered, s.ordered_model != nullptr)
        << s.doc.name << ": a model is the ordered class's";
  } else {
    EXPECT_EQ(s.determinism, Determinism::exact) << GetParam().typed_name() << ": an integer accumulator is the exact class";
    EXPECT_NE(t.overflow, Overflow::none) << GetParam().typed_name() << ": an integer typing says whether it wraps or refuses";
  }
  EXPECT_EQ(s.ordered_model != nullptr || s.unordered_partials != nullptr, s.model_depth != nullptr)
      << s.doc.name << ": a model (or the partials' model) comes with its depth";
  if (s.determinism == Determinism::ordered) {
    EXPECT_TRUE(s.summation_depth) << s.doc.name << ": an ordered row states its depth";
  }
  if (s.unordered_partials && is_floating(t.accumulator)) {
    EXPECT_EQ(s.determinism, Determinism::unordered) << s.doc.name << ": partials are the unordered class's";
  }
  const int first = s.domain.tested_blocks.front();
  if (s.unordered_partials && s.atomic_adds) {  // the formula counts what the partials are
    for (std::int64_t n : {std::int64_t{1}, std::int64_t{1000}, std::int64_t{1} << 20}) {
      const Values x =
          make_values(t.element, DataKind::uniform, std::min(into_domain(s.domain, n), largest_taken(s.domain, first)), 0xADD5u);
      EXPECT_EQ(s.atomic_adds(static_cast<std::int64_t>(x.size()), first),
                static_cast<std::int64_t>(s.unordered_partials(x, t, first).size()))
          << s.doc.name << " n=" << x.size();
    }
  }
  if (!s.managed_workspace.empty()) {
    EXPECT_EQ(s.workspace_bytes(1000, first, t), 0u) << s.doc.name << ": a managed workspace is not sized by the spec";
    EXPECT_TRUE(s.workspace.empty()) << s.doc.name << ": a managed workspace is described in managed_workspace";
  }
  EXPECT_EQ(s.workspace.empty(), s.workspace_bytes(into_domain(s.domain, 1000), first, t) == 0)
      << s.doc.name << ": the workspace in words and in bytes disagree";
  for (int block : s.domain.tested_blocks) {
    EXPECT_TRUE(s.domain.block.admits(block)) << s.doc.name << " tests block " << block << " but its rule refuses it";
    const std::int64_t largest = s.domain.largest_n(block);
    EXPECT_TRUE(accepts(s, s.domain.n_power_of_two ? 1 : 0, block)) << s.doc.name;
    EXPECT_FALSE(accepts(s, largest + 1, block)) << s.doc.name << " takes one past its largest n";
  }
}

// The summation depth the row states (the k of its bound) is exactly the
// depth its model's tree has, for every tested block and many n: a formula
// that overstates it loosens the bound, one that understates it makes the
// bound unsound.
TEST_P(ReduceSpecDepth, depth_formula_is_the_models) {
  const Spec& s = *GetParam().spec;
  if (!s.summation_depth) GTEST_SKIP() << s.doc.name << " states no depth: its bound uses the worst case";
  for (int block : s.domain.tested_blocks) {
    for (std::int64_t n : gen::edge_sizes(std::int64_t{1} << 21, block)) {
      if (!accepts(s, n, block)) continue;
      ASSERT_EQ(s.summation_depth(n, block), s.model_depth(n, block)) << s.doc.name << " n=" << n << " block=" << block;
    }
  }
}

// The traffic the row states (its formula) is what its host model's own
// accesses count by common/traffic.hpp's rule, in every typing, for every
// tested block at the edge sizes, and past the vec4 grid's wrap (2^20 + 15,
// the first block): a formula that miscounts a launch, a guard, a width or
// a finish is caught here, on the host. The profile holds the same formula
// to the H200's DRAM counters.
TEST_P(ReduceSpec, traffic_is_the_models_count) {
  const Spec& s = *GetParam().spec;
  smemc::testing::expect_traffic_is_the_models_count(
      GetParam(), [&](std::int64_t n, int block) { return accepts(s, n, block); },
      [&](int block) {
        std::vector<std::int64_t> sizes = gen::edge_sizes(std::int64_t{1} << 16, block);
        if (block == s.domain.tested_blocks.front()) sizes.push_back((std::int64_t{1} << 20) + 15);
        return sizes;
      });
}

// The host model itself meets the bound the row derives (floating
// typings), or the exact sum (integer ones): checks of the models and of
// the error model, on the host.
TEST_P(ReduceSpecModel, model_within_bound) {
  const Variant& v = GetParam();
  const Spec& s = *v.spec;
  const Typing& t = v.typing;
  check_property([&] {
    const Case c = *case_for(s, finite_sum_kinds(t.element));
    RC_PRE(accepts(s, c.n, c.block));
    const Values x = make_values(t.element, c.kind, c.n, c.seed);
    if (s.ordered_model) {
      const Values result = s.ordered_model(x, t, c.block);
      if (is_integer(t.accumulator)) {
        expect_exact(v, x, result, describe(v, c) + " (host model)");
      } else {
        expect_within_bound(v, x, c.block, result, describe(v, c) + " (host model)");
      }
    } else {
      // Any order of adding the partials: try the forward and backward chains.
      const Values partials = s.unordered_partials(x, t, c.block);
      visit_model(partials, [&]<typename A>(std::span<const A> p) {
        A forward{}, backward{};
        for (A q : p) forward = forward + q;
        for (auto it = p.rbegin(); it != p.rend(); ++it) backward = backward + *it;
        const Values f = to_output(std::span<const A>(&forward, 1), t.output);
        const Values b = to_output(std::span<const A>(&backward, 1), t.output);
        if (is_integer(t.accumulator)) {
          expect_exact(v, x, f, describe(v, c) + " (model, forward chain)");
          expect_exact(v, x, b, describe(v, c) + " (model, backward chain)");
        } else {
          expect_within_bound(v, x, c.block, f, describe(v, c) + " (model, forward chain)");
          expect_within_bound(v, x, c.block, b, describe(v, c) + " (model, backward chain)");
        }
      });
    }
  });
}

// The row's validate() refuses and accepts exactly what its fixed table says.
// The fixed table has a case at each boundary of the row's stated domain
// (the row as stated: a narrowing's own boundaries are refuses_outside_narrowing's).
// (In the typing: its accumulator's n limit, its element's alignment.)
TEST_P(ReduceSpec, contract_table_covers_the_domain) {
  const Variant& v = GetParam();
  const Spec& s = *v.declared;
  contract::expect_no_gaps(v.typed_name(),
                           contract::contract_gaps(typed_domain(s.domain, v.typing),
                                                   contract::contract_of(s, v.typing_name(), contract::reduce_cases()),
                                                   std::max(s.data_alignment, info(v.typing.element).bytes)));
}

TEST_P(ReduceSpec, contract_table) {
  const Variant& v = GetParam();
  const Spec& s = *v.spec;
  contract::expect_table_holds(
      s.doc.name, contract::contract_of(s, v.typing_name(), contract::reduce_cases()),
      [&](const contract::SizeCase& c) {
        validate(s, {.n = c.n,
                     .data = contract::fake_address(1, c.data_offset_bytes),
                     .out = contract::fake_address(2),
                     .workspace = contract::fake_address(3),
                     .block = c.block,
                     .typing = v.typing});
      },
      [&](const contract::SizeCase& c) { return contract::describe(v.typed_name(), c); },
      [&](const contract::SizeCase& c) { return size_violation(s, c.n, c.block); });
}

// Every case a check runs (reduce_cases.hpp) is one the row takes: for the
// row as stated, narrowed at each bound a backend can narrow it, and with
// n a power of two as a port row may state it, in every workload (each
// property's generator drawn 200 times). A check that picked a size or a
// block outside would be a false alarm on a port that narrows the row.
TEST_P(ReduceSpec, every_check_case_is_in_the_domain) {
  expect_row_cases_in_domain(
      GetParam(), [](const Spec& s, const Typing& t, const Workload& w, int draws) { return check_cases(s, t, w, draws); }, 200);
}

bool modelled(const Variant& v) { return v.spec->ordered_model != nullptr || v.spec->unordered_partials != nullptr; }
bool modelled_first_typing(const Variant& v) { return modelled(v) && v.typing == v.declared->typings.front(); }

INSTANTIATE_TEST_SUITE_P(reduce, ReduceSpec, ::testing::ValuesIn(spec_checked_rows()), smemc::testing::VariantName{});
INSTANTIATE_TEST_SUITE_P(reduce, ReduceSpecModel, ::testing::ValuesIn(smemc::testing::rows_where(spec_checked_rows(), &modelled)),
                         smemc::testing::VariantName{});
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ReduceSpec);  // a port with no rows of its own
INSTANTIATE_TEST_SUITE_P(reduce, ReduceSpecDepth,
                         ::testing::ValuesIn(smemc::testing::rows_where(spec_checked_rows(), &modelled_first_typing)),
                         smemc::testing::VariantName{});
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ReduceSpecModel);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ReduceSpecDepth);

}  // namespace
}  // namespace smemc::reduce::testing
