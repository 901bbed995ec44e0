#pragma once
// Running one reduction variant, a (row, typing), under the fixtures: every
// buffer guarded, outputs and workspace poisoned, guards and (for
// input-preserving variants) the input verified after the run. Inputs and
// results are Values of the typing's element and output types, so that one
// check body serves every typing. Failures throw smemc::CheckFailure, so the
// same code serves plain tests and rapidcheck properties.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "common/values.hpp"
#include "reduce/spec.hpp"
#include "smemc/cases.hpp"
#include "smemc/data.hpp"
#include "smemc/exact_sum.hpp"
#include "smemc/float_bits.hpp"
#include "smemc/guarded_buffer.hpp"

namespace smemc::reduce::testing {

using smemc::describe;  // describe(float) and describe(name, case), beside describe(Variant, Case)

using Case = SizedCase;
inline std::string describe(const Variant& v, const Case& c) { return smemc::describe(v.typed_name(), c); }

// The spec rows joined with the implementation table of this binary's
// backend, in spec order, then the backend's own rows (defined by
// test_reduce.cpp).
const std::vector<Variant>& variants();
// The rows whose statements the spec checks hold to (test_reduce_spec.cpp):
// the spec's own rows in the spec binary (tests/spec/builtin_rows.cpp), a
// port's own rows in its conformance binary (test_reduce.cpp).
const std::vector<Variant>& spec_checked_rows();

// The variant's element type, and its inputs: make_values of that type.
inline Scalar element_of(const Variant& v) { return v.typing.element; }
Values make_input(const Variant& v, DataKind kind, std::int64_t n, std::uint64_t seed);

// Allocation, upload and launch split apart so that two runs can overlap on
// two streams.
class ReductionRun {
 public:
  ReductionRun(const Variant& v, const Values& x, int block, Stream stream = {});
  void launch();
  Values finish();  // synchronises, verifies guards and input, returns out[0]
  // Another run on the same buffers: out and the workspace poisoned again,
  // the input uploaded again where the row clobbers it; synchronises and
  // returns out[0]. The repeated runs of one input cost a launch each, not
  // an allocation, an upload and a check of the input (finish() does those
  // once, at the end).
  Values run_again();
  // Empty while nothing the launch may write has changed: out[0] and the
  // workspace still hold the poison, data still holds the input (read on the
  // default stream: the launch contract test looks while the run's stream
  // is held).
  std::string written_while_held() const;

 private:
  const Variant& v_;
  const Values& x_;
  int block_;
  Stream stream_;
  GuardedArray data_;
  GuardedArray out_;
  GuardedBytes workspace_;
};

Values run(const Variant& v, const Values& x, int block, Stream stream = {});

// One input on the device for several runs (every block that sweeps one
// edge size): uploaded once, uploaded again only after a run of a row that
// clobbers it, and checked unchanged once, after the last run.
class DeviceInput {
 public:
  explicit DeviceInput(const Values& x);
  Values run(const Variant& v, int block);  // out and workspace guarded and poisoned as run() does
  void verify(const Variant& v) const;      // the guards, and the input for rows that preserve it

 private:
  const Values& x_;
  GuardedArray data_;
  bool clobbered_ = false;
};

// The row's host models in the variant's typing, timed as host_model
// (smemc/phase_timer.hpp): the result (one output value), the partials.
Values model_result(const Variant& v, const Values& x, int block);
Values model_partials(const Variant& v, const Values& x, int block);

// Does the row take this n (with this block)?
bool accepts(const Spec& s, std::int64_t n, int block);

// The exact sums a floating input's bounds are built from (none for an
// integer typing: its reference is the exact integer sum).
std::optional<SumReference> sum_reference(const Variant& v, const Values& x);

// The checks. Each throws CheckFailure with `context` and the numbers.
void expect_same_bits(const Values& expected, const Values& got, const std::string& context);
// |got - sum x| within the variant's derived bound (finite inputs):
// gamma_k in the accumulator's unit roundoff, k the row's depth (plus one
// where the typing's conversion of an element rounds), plus the flush
// allowance of each atomic add in float, plus one rounding of a narrower
// output.
void expect_within_bound(const Variant& v, const Values& x, int block, const Values& got, const std::string& context);
// The same with the exact sums of x computed once for every run and block of one input.
void expect_within_bound(const Variant& v, const SumReference& ref, const Values& x, int block, const Values& got,
                         const std::string& context);
// The bound's value, and its parts in words (for failure messages and tags).
double bound_of(const Variant& v, const SumReference& ref, const Values& x, int block);
// The exact class: an integer typing's exact sum (modulo 2^bits where it
// wraps); a floating one's exact sum correctly rounded to the output.
void expect_exact(const Variant& v, const Values& x, const Values& got, const std::string& context);
// NaN in, or +Inf and -Inf, gives NaN; otherwise infinities propagate.
void expect_special_value(const Variant& v, const Values& x, const Values& got, const std::string& context);
// out[0] as a double (floating outputs).
double value_of(const Values& result);

}  // namespace smemc::reduce::testing
