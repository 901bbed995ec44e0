#include "reduce_harness.hpp"

#include <cstring>
#include <cmath>
#include <sstream>

#include "smemc/check_failure.hpp"
#include "smemc/error_bound.hpp"
#include "smemc/float_bits.hpp"
#include "smemc/phase_timer.hpp"

namespace smemc::reduce::testing {

ReductionRun::ReductionRun(const Variant& v, std::span<const float> x, int block, Stream stream)
    : v_(v),
      x_(x),
      block_(block),
      stream_(stream),
      data_("data", x.size(), stream),
      out_("out", 1, stream),
      workspace_("workspace", v.spec->workspace_bytes(static_cast<std::int64_t>(x.size()), block), stream) {
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

void expect_input_unchanged(const Variant& v, const GuardedBuffer<float>& data, std::span<const float> x, Stream stream) {
  const std::vector<float> after = data.download(stream);
  if (x.empty() || std::memcmp(after.data(), x.data(), x.size_bytes()) == 0) return;
  for (std::size_t i = 0; i < after.size(); ++i) {
    if (bits_of(after[i]) != bits_of(x[i])) {
      fail_check(std::string(v.name()) + ": input modified at index " + std::to_string(i) + ": " + describe(x[i]) + " became " +
                 describe(after[i]));
    }
  }
}

}  // namespace

float ReductionRun::finish() {
  backend().synchronize(stream_);
  data_.verify_guards(stream_);
  out_.verify_guards(stream_);
  workspace_.verify_guards(stream_);
  if (v_.spec->input_use == InputUse::preserved) expect_input_unchanged(v_, data_, x_, stream_);
  return out_.download(stream_)[0];
}

DeviceInput::DeviceInput(std::span<const float> x) : x_(x), data_("data", x.size()) { data_.upload(x); }

float DeviceInput::run(const Variant& v, int block) {
  if (clobbered_) data_.upload(x_);
  const auto n = static_cast<std::int64_t>(x_.size());
  GuardedBuffer<float> out("out", 1);
  GuardedBytes workspace("workspace", v.spec->workspace_bytes(n, block));
  v.launch({.n = n, .data = data_.data(), .out = out.data(), .workspace = workspace.payload(), .block = block}, {});
  backend().synchronize({});
  out.verify_guards();
  workspace.verify_guards();
  clobbered_ = v.spec->input_use == InputUse::clobbered;
  return out.download()[0];
}

void DeviceInput::verify(const Variant& v) const {
  data_.verify_guards();
  if (v.spec->input_use == InputUse::preserved) expect_input_unchanged(v, data_, x_, {});
}

float ReductionRun::run_again() {
  out_.poison(stream_);
  workspace_.poison(stream_);
  if (v_.spec->input_use == InputUse::clobbered) data_.upload(x_, stream_);
  launch();
  backend().synchronize(stream_);
  return out_.download(stream_)[0];
}

std::string ReductionRun::written_while_held() const {
  const float out = out_.download(Stream{})[0];
  if (bits_of(out) != kPoisonBits) return "out[0] was written (" + describe(out) + ")";
  const std::vector<float> data = data_.download(Stream{});
  for (std::size_t i = 0; i < data.size(); ++i) {
    if (bits_of(data[i]) != bits_of(x_[i])) return "data[" + std::to_string(i) + "] was written";
  }
  std::vector<std::uint8_t> workspace(workspace_.payload_bytes());
  backend().download(workspace.data(), workspace_.payload(), workspace.size(), Stream{});
  for (std::size_t i = 0; i < workspace.size(); ++i) {
    if (workspace[i] != kPoisonByte) return "workspace byte " + std::to_string(i) + " was written";
  }
  return {};
}

float run(const Variant& v, std::span<const float> x, int block, Stream stream) {
  ReductionRun r(v, x, block, stream);
  r.launch();
  return r.finish();
}

float model_result(const Spec& s, std::span<const float> x, int block) {
  const timing::ScopedPhase phase(timing::Phase::host_model);
  return s.ordered_model(x, block);
}

std::vector<float> model_partials(const Spec& s, std::span<const float> x, int block) {
  const timing::ScopedPhase phase(timing::Phase::host_model);
  return s.unordered_partials ? s.unordered_partials(x, block) : std::vector<float>{};
}

bool accepts(const Spec& s, std::int64_t n, int block) { return size_violation(s, n, block).empty(); }

void expect_correctly_rounded(const ExactSum& exact, float got, const std::string& context) {
  const float expected = exact.to_float();
  if (!same_result(expected, got)) {
    fail_check(context + ": expected the correctly rounded exact sum " + describe(expected) + ", got " + describe(got));
  }
}

void expect_same_bits(float expected, float got, const std::string& context) {
  if (!same_result(expected, got)) {
    fail_check(context + ": expected " + describe(expected) + " (host model), got " + describe(got));
  }
}

void expect_within_bound(const Spec& s, std::span<const float> x, int block, float got, const std::string& context) {
  expect_within_bound(s, SumReference(x), x, block, got, context);
}

void expect_within_bound(const Spec& s, const SumReference& ref, std::span<const float> x, int block, float got,
                         const std::string& context) {
  const auto n = static_cast<std::int64_t>(x.size());
  if (!std::isfinite(got)) fail_check(context + ": non-finite result " + describe(got) + " for finite inputs");
  const std::int64_t atomic_adds = atomic_add_count(s, x, block);
  const std::int64_t depth = depth_bound(s, n, block);
  const double bound = sum_error_bound(depth, ref.abs_sum, atomic_adds);
  const double error = ref.sum.distance_to(got);
  if (!(error <= bound)) {
    std::ostringstream os;
    os.precision(17);
    os << context << ": |result - exact| = " << error << " exceeds the bound " << bound << " = gamma_" << depth << " * sum|x|"
       << (s.summation_depth ? "" : " (the worst case: the row states no depth)") << (atomic_adds ? " + flush allowance" : "")
       << ", with sum|x| = " << ref.abs_sum.to_double() << "; result " << describe(got) << ", exact " << ref.sum.to_double();
    fail_check(os.str());
  }
}

void expect_special_value(const ExactSum& exact, float got, const std::string& context) {
  const float expected = exact.to_float();
  if (!same_result(expected, got))
    fail_check(context + ": expected " + describe(expected) + " from the special values, got " + describe(got));
}

}  // namespace smemc::reduce::testing
