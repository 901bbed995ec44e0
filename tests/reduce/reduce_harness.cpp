#include "reduce_harness.hpp"

#include <cmath>
#include <cstring>
#include <sstream>

#include "common/typed_models.hpp"
#include "smemc/check_failure.hpp"
#include "smemc/compare.hpp"
#include "smemc/error_bound.hpp"
#include "smemc/float_bits.hpp"
#include "smemc/phase_timer.hpp"

namespace smemc::reduce::testing {

Values make_input(const Variant& v, DataKind kind, std::int64_t n, std::uint64_t seed) {
  return make_values(element_of(v), kind, n, seed);
}

ReductionRun::ReductionRun(const Variant& v, const Values& x, int block, Stream stream)
    : v_(v),
      x_(x),
      block_(block),
      stream_(stream),
      data_("data", v.typing.element, x.size(), stream),
      out_("out", v.typing.output, 1, stream),
      workspace_("workspace", v.spec->workspace_bytes(static_cast<std::int64_t>(x.size()), block, v.typing), stream) {
  data_.upload(x, stream);
  workspace_.poison(stream);
}

void ReductionRun::launch() {
  v_.launch({.n = static_cast<std::int64_t>(x_.size()),
             .data = data_.data(),
             .out = out_.data(),
             .workspace = workspace_.payload(),
             .block = block_},
            stream_);
}

namespace {

void expect_input_unchanged(const Variant& v, const GuardedArray& data, const Values& x, Stream stream) {
  const Values after = data.download(stream);
  if (x.empty() || std::memcmp(after.data(), x.data(), x.size_bytes()) == 0) return;
  for (std::size_t i = 0; i < after.size(); ++i) {
    if (!same_element(x, i, after, i, NanPayloads::must_match)) {
      fail_check(v.typed_name() + ": input modified at index " + std::to_string(i) + ": " + describe_element(x, i) + " became " +
                 describe_element(after, i));
    }
  }
}

}  // namespace

Values ReductionRun::finish() {
  backend().synchronize(stream_);
  data_.verify_guards(stream_);
  out_.verify_guards(stream_);
  workspace_.verify_guards(stream_);
  if (v_.spec->input_use == InputUse::preserved) expect_input_unchanged(v_, data_, x_, stream_);
  return out_.download(stream_);
}

DeviceInput::DeviceInput(const Values& x) : x_(x), data_("data", x.type(), x.size()) { data_.upload(x); }

Values DeviceInput::run(const Variant& v, int block) {
  if (clobbered_) data_.upload(x_);
  const auto n = static_cast<std::int64_t>(x_.size());
  GuardedArray out("out", v.typing.output, 1);
  GuardedBytes workspace("workspace", v.spec->workspace_bytes(n, block, v.typing));
  v.launch({.n = n, .data = data_.data(), .out = out.data(), .workspace = workspace.payload(), .block = block}, {});
  backend().synchronize({});
  out.verify_guards();
  workspace.verify_guards();
  clobbered_ = v.spec->input_use == InputUse::clobbered;
  return out.download();
}

void DeviceInput::verify(const Variant& v) const {
  data_.verify_guards();
  if (v.spec->input_use == InputUse::preserved) expect_input_unchanged(v, data_, x_, {});
}

Values ReductionRun::run_again() {
  out_.poison(stream_);
  workspace_.poison(stream_);
  if (v_.spec->input_use == InputUse::clobbered) data_.upload(x_, stream_);
  launch();
  backend().synchronize(stream_);
  return out_.download(stream_);
}

std::string ReductionRun::written_while_held() const {
  const Values out = out_.download(Stream{});
  if (!is_poison_element(out, 0)) return "out[0] was written (" + describe_element(out, 0) + ")";
  const Values data = data_.download(Stream{});
  for (std::size_t i = 0; i < data.size(); ++i) {
    if (!same_element(x_, i, data, i, NanPayloads::must_match)) return "data[" + std::to_string(i) + "] was written";
  }
  std::vector<std::uint8_t> workspace(workspace_.payload_bytes());
  backend().download(workspace.data(), workspace_.payload(), workspace.size(), Stream{});
  for (std::size_t i = 0; i < workspace.size(); ++i) {
    if (workspace[i] != kPoisonByte) return "workspace byte " + std::to_string(i) + " was written";
  }
  return {};
}

Values run(const Variant& v, const Values& x, int block, Stream stream) {
  ReductionRun r(v, x, block, stream);
  r.launch();
  return r.finish();
}

Values model_result(const Variant& v, const Values& x, int block) {
  const timing::ScopedPhase phase(timing::Phase::host_model);
  return v.spec->ordered_model(x, v.typing, block);
}

Values model_partials(const Variant& v, const Values& x, int block) {
  const timing::ScopedPhase phase(timing::Phase::host_model);
  return v.spec->unordered_partials ? v.spec->unordered_partials(x, v.typing, block) : Values(v.typing.accumulator, 0);
}

bool accepts(const Spec& s, std::int64_t n, int block) { return size_violation(s, n, block).empty(); }

std::optional<SumReference> sum_reference(const Variant& v, const Values& x) {
  if (!is_floating(v.typing.element)) return std::nullopt;
  return SumReference(x);
}

double value_of(const Values& result) { return result.to_double(0); }

void expect_same_bits(const Values& expected, const Values& got, const std::string& context) {
  if (!same_element(expected, 0, got, 0, NanPayloads::may_differ)) {
    fail_check(context + ": expected " + describe_element(expected, 0) + " (host model), got " + describe_element(got, 0));
  }
}

double bound_of(const Variant& v, const SumReference& ref, const Values& x, int block) {
  const Spec& s = *v.spec;
  const Typing& t = v.typing;
  const auto n = static_cast<std::int64_t>(x.size());
  // A conversion that rounds is one more rounding on each element's path.
  const std::int64_t depth = depth_bound(s, n, block) + (converts_exactly(t.element, t.accumulator) ? 0 : 1);
  const std::int64_t atomic_adds = atomic_add_count(s, x, t, block);
  double bound =
      sum_error_bound(depth, ref.abs_sum, atomic_adds, unit_roundoff(t.accumulator), atomic_flush_allowance(t.accumulator));
  if (t.output != t.accumulator && is_floating(t.output)) {
    bound += output_rounding(ref.abs_sum.abs_rounded_up() + bound, t.output);
  }
  return bound;
}

void expect_within_bound(const Variant& v, const Values& x, int block, const Values& got, const std::string& context) {
  expect_within_bound(v, SumReference(x), x, block, got, context);
}

void expect_within_bound(const Variant& v, const SumReference& ref, const Values& x, int block, const Values& got,
                         const std::string& context) {
  const Spec& s = *v.spec;
  const double result = value_of(got);
  if (!std::isfinite(result)) {
    // An accumulator (or output) whose largest value sum|x| can reach may
    // overflow on the way, in an order the row does not state (a half
    // accumulator): infinity is then a result, not an error, and so is NaN
    // (a partial sum overflowed to +inf met one at -inf). Elsewhere it is.
    const double largest =
        std::ldexp(2.0 - std::ldexp(1.0, 1 - info(v.typing.accumulator).precision), info(v.typing.accumulator).max_exponent);
    if (ref.abs_sum.abs_rounded_up() >= std::min(largest, std::ldexp(1.0, info(v.typing.output).max_exponent))) {
      return;
    }
    fail_check(context + ": non-finite result " + describe_element(got, 0) + " for finite inputs");
  }
  const auto n = static_cast<std::int64_t>(x.size());
  const double bound = bound_of(v, ref, x, block);
  const double error = ref.sum.distance_to(result);
  if (!(error <= bound)) {
    std::ostringstream os;
    os.precision(17);
    os << context << ": |result - exact| = " << error << " exceeds the bound " << bound << " = gamma_" << depth_bound(s, n, block)
       << " * sum|x| in u = 2^" << std::ilogb(unit_roundoff(v.typing.accumulator)) << " (" << to_string(v.typing.accumulator)
       << ")" << (s.summation_depth ? "" : " (the worst case: the row states no depth)")
       << (atomic_add_count(s, x, v.typing, block) ? " + flush allowance" : "") << ", with sum|x| = " << ref.abs_sum.to_double()
       << "; result " << describe_element(got, 0) << ", exact " << ref.sum.to_double();
    fail_check(os.str());
  }
}

namespace {

// The exact sum of floating elements, correctly rounded to the output type.
Values rounded_exact(const ExactSum& exact, Scalar output) {
  if (output == Scalar::f64) return Values::of(std::vector<double>{exact.to_double()});
  const float f = exact.to_float();
  if (output == Scalar::f32) return Values::of(std::vector<float>{f});
  // A non-finite sum (the special values' own, or one past float's range)
  // is the same in a 16-bit output; a finite one would round twice through
  // float, and no check asks for it.
  if (!std::isfinite(f) && output == Scalar::f16) return Values::of(std::vector<Half>{half_from(f)});
  if (!std::isfinite(f) && output == Scalar::bf16) return Values::of(std::vector<BFloat16>{bfloat16_from(f)});
  throw std::logic_error("no exact rounding to " + std::string(to_string(output)) + " of a finite sum");
}

}  // namespace

void expect_exact(const Variant& v, const Values& x, const Values& got, const std::string& context) {
  const timing::ScopedPhase phase(timing::Phase::host_model);
  const Values expected =
      is_integer(v.typing.element) ? exact_integer_sum(x, v.typing) : rounded_exact(ExactSum(x), v.typing.output);
  if (!same_element(expected, 0, got, 0, NanPayloads::may_differ)) {
    fail_check(
        context + ": expected the exact sum " + describe_element(expected, 0) +
        (v.typing.overflow == Overflow::wraps ? " (modulo 2^" + std::to_string(8 * info(v.typing.output).bytes) + ")" : "") +
        ", got " + describe_element(got, 0));
  }
}

void expect_special_value(const Variant& v, const Values& x, const Values& got, const std::string& context) {
  const Values expected = rounded_exact(ExactSum(x), v.typing.output);
  if (!same_element(expected, 0, got, 0, NanPayloads::may_differ))
    fail_check(context + ": expected " + describe_element(expected, 0) + " from the special values, got " +
               describe_element(got, 0));
}

}  // namespace smemc::reduce::testing
