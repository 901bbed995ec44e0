#pragma once
// Running one reduction variant under the fixtures: every buffer guarded,
// outputs and workspace poisoned, guards and (for input-preserving variants)
// the input verified after the run. Failures throw smemc::CheckFailure, so
// the same code serves plain tests and rapidcheck properties.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "reduce/spec.hpp"
#include "smemc/cases.hpp"
#include "smemc/data.hpp"
#include "smemc/exact_sum.hpp"
#include "smemc/float_bits.hpp"
#include "smemc/guarded_buffer.hpp"

namespace smemc::reduce::testing {

using smemc::describe;  // describe(float) and describe(name, case), beside describe(Variant, Case)

using Case = SizedCase;
inline std::string describe(const Spec& s, const Case& c) { return smemc::describe(s.doc.name, c); }
inline std::string describe(const Variant& v, const Case& c) { return describe(*v.spec, c); }

// The spec rows joined with the implementation table of this binary's
// backend, in spec order, then the backend's own rows (defined by
// test_reduce.cpp).
const std::vector<Variant>& variants();
// The rows whose statements the spec checks hold to (test_reduce_spec.cpp):
// the spec's own rows in the spec binary (tests/spec/builtin_rows.cpp), a
// port's own rows in its conformance binary (test_reduce.cpp).
const std::vector<Variant>& spec_checked_rows();

// Allocation, upload and launch split apart so that two runs can overlap on
// two streams.
class ReductionRun {
 public:
  ReductionRun(const Variant& v, std::span<const float> x, int block, Stream stream = {});
  void launch();
  float finish();  // synchronises, verifies guards and input, returns out[0]
  // Another run on the same buffers: out and the workspace poisoned again,
  // the input uploaded again where the row clobbers it; synchronises and
  // returns out[0]. The repeated runs of one input cost a launch each, not
  // an allocation, an upload and a check of the input (finish() does those
  // once, at the end).
  float run_again();
  // Empty while nothing the launch may write has changed: out[0] and the
  // workspace still hold the poison, data still holds the input (read on the
  // default stream: the launch contract test looks while the run's stream
  // is held).
  std::string written_while_held() const;

 private:
  const Variant& v_;
  std::span<const float> x_;
  int block_;
  Stream stream_;
  GuardedBuffer<float> data_;
  GuardedBuffer<float> out_;
  GuardedBytes workspace_;
};

float run(const Variant& v, std::span<const float> x, int block, Stream stream = {});

// One input on the device for several runs (every block that sweeps one
// edge size): uploaded once, uploaded again only after a run of a row that
// clobbers it, and checked unchanged once, after the last run.
class DeviceInput {
 public:
  explicit DeviceInput(std::span<const float> x);
  float run(const Variant& v, int block);  // out and workspace guarded and poisoned as run() does
  void verify(const Variant& v) const;     // the guards, and the input for rows that preserve it

 private:
  std::span<const float> x_;
  GuardedBuffer<float> data_;
  bool clobbered_ = false;
};

// The row's host models, timed as host_model (smemc/phase_timer.hpp).
float model_result(const Spec& s, std::span<const float> x, int block);
std::vector<float> model_partials(const Spec& s, std::span<const float> x, int block);

// Does the row take this n (with this block)?
bool accepts(const Spec& s, std::int64_t n, int block);

// The checks. Each throws CheckFailure with `context` and the numbers.
void expect_same_bits(float expected, float got, const std::string& context);
// |got - sum x| within the row's derived bound (finite inputs).
void expect_within_bound(const Spec& s, std::span<const float> x, int block, float got, const std::string& context);
// The same with the exact sums of x computed once (SumReference(x)) for
// every run and block of one input.
void expect_within_bound(const Spec& s, const SumReference& ref, std::span<const float> x, int block, float got,
                         const std::string& context);
// The exact class: bit for bit the exact sum, correctly rounded (NaN and
// infinities as IEEE arithmetic gives them).
void expect_correctly_rounded(const ExactSum& exact, float got, const std::string& context);
// NaN in, or +Inf and -Inf, gives NaN; otherwise infinities propagate.
void expect_special_value(const ExactSum& exact, float got, const std::string& context);

}  // namespace smemc::reduce::testing
