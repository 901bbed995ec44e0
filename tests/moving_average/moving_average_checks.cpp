#include "moving_average_checks.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <sstream>
#include <string>
#include <vector>

#include "smemc/check_failure.hpp"
#include "smemc/data.hpp"
#include "smemc/compare.hpp"
#include "smemc/error_bound.hpp"
#include "smemc/exact_sum.hpp"
#include "smemc/float_bits.hpp"
#include "smemc/phase_timer.hpp"

#include <tbb/parallel_for.h>

namespace smemc::moving_average::testing {

namespace detail {

namespace {
constexpr double kU = 0x1p-53;        // binary64's unit roundoff
constexpr double kSlack = 0x1p-1073;  // two subnormal spacings: where 2u|x| underflows
}  // namespace

// The prefix as a double-double s_hi + s_lo: each addition's rounding
// error, exact by TwoSum (round to nearest, no overflow), goes into s_lo,
// whose own roundings (at most u |s_lo| each) lo_far_ adds up twice over,
// so that summed in doubles it still covers them. The start: before's exact
// prefix rounded, and what that rounding left, rounded.
PrefixFilter::PrefixFilter(const SumReference& before) {
  if (!before.sum.is_finite() || !before.abs_sum.is_finite()) {
    s_hi_ = std::numeric_limits<double>::quiet_NaN();  // the exact path decides every prefix
    return;
  }
  s_hi_ = before.sum.to_double();
  ExactSum rest = before.sum;
  rest.subtract(s_hi_);
  s_lo_ = rest.to_double();
  lo_far_ = 2 * kU * std::fabs(s_lo_) + kSlack;
  abs_ = before.abs_sum.to_double();
}

void PrefixFilter::add(double x) {
  const double hi = s_hi_ + x, back = hi - s_hi_;
  const double error = (s_hi_ - (hi - back)) + (x - back);  // TwoSum: s_hi + x = hi + error exactly
  s_hi_ = hi;
  s_lo_ += error;
  lo_far_ += 2 * kU * std::fabs(s_lo_) + kSlack;
  abs_ += std::fabs(x);
  ++abs_roundings_;
}

// |S - out (i+1)| <= |(s_hi + s_lo) - (p + p_error)| + lo_far, with
// out (i+1) = p + p_error exactly (fma); d = s_hi - p, q = s_lo - p_error
// and t = d + q each round by at most u of themselves. Every sum and
// product of the bound rounds down by at most u: the last factor makes up
// for them. Infinity where doubles cannot tell (non-finite or tiny values,
// where spacings outgrow the relative terms).
double PrefixFilter::residual_high(double out, std::int64_t i) const {
  constexpr double kTiny = 0x1p-1000;
  const double count = static_cast<double>(i + 1);
  if (!(std::isfinite(s_hi_) && std::isfinite(s_lo_) && std::isfinite(out) && std::fabs(out) > kTiny &&
        std::fabs(s_hi_) < 0x1p1000 && std::fabs(out) * count < 0x1p1000))
    return std::numeric_limits<double>::infinity();
  const double p = out * count, p_error = std::fma(out, count, -p);
  const double d = s_hi_ - p, q = s_lo_ - p_error, t = d + q;
  const double rounded = 2 * kU * (std::fabs(d) + std::fabs(q));
  return (((std::fabs(t) * (1 + 4 * kU) + rounded) + lo_far_) + kSlack) * (1 + 8 * kU);
}

// sum|a| >= abs_ / (1 + u)^roundings >= abs_ (1 - 2 (roundings + 2) u), the
// factor's own rounding included; 0 where it is too small to say.
double PrefixFilter::abs_low() const {
  if (!(abs_ > 0x1p-1000 && abs_ < 0x1p1000)) return 0.0;
  return abs_ * (1.0 - 2.0 * static_cast<double>(abs_roundings_ + 2) * kU);
}

}  // namespace detail

// out_i = fl(fl(S_i) / fl(i+1)) with fl(S_i) from k additions, in the
// accumulator's unit roundoff u: then
//   |out_i (i+1) - S_i| <= gamma_{k+1+c} sum_{j<=i} |a_j| + (i+1) e
// for every i, S_i exact: the division rounds once, the divisor's
// conversion once more where i + 1 is not exact in the accumulator (c = 1
// past 2^24 in float, 2^53 in double), e half the accumulator's subnormal
// spacing (a quotient that underflows: 2^-150 in float). An output narrower
// than the accumulator (f16, bf16) rounds the quotient q once more:
// (i+1) |o - q| <= u_out (sum|a| + the bound above) + (i+1) e_out.
// Non-finite prefixes must give the IEEE result (NaN, or the infinity).
// The typing's constants are worked out once (a check asks at every
// output); abs_prefix is sum_{j<=i} |a_j| rounded upwards.
namespace {

class MeanBound {
 public:
  explicit MeanBound(const Typing& t);
  double operator()(std::int64_t k, double abs_prefix, std::int64_t i) const;

 private:
  std::int64_t exact_divisors_;   // i + 1 up to this converts exactly to the accumulator
  double accumulator_u_;          // the accumulator's unit roundoff
  double accumulator_underflow_;  // half its subnormal spacing
  bool output_rounds_;            // the output is narrower and rounds the quotient again
  double output_u_;
  double output_underflow_;
};

MeanBound::MeanBound(const Typing& t)
    : exact_divisors_(std::int64_t{1} << std::min(info(t.accumulator).precision, 62)),
      accumulator_u_(unit_roundoff(t.accumulator)),
      accumulator_underflow_(std::ldexp(1.0, info(t.accumulator).min_normal_exponent - info(t.accumulator).precision)),
      output_rounds_(t.output != t.accumulator),
      output_u_(unit_roundoff(t.output)),
      output_underflow_(std::ldexp(1.0, info(t.output).min_normal_exponent - info(t.output).precision)) {}

double MeanBound::operator()(std::int64_t k, double abs_prefix, std::int64_t i) const {
  const bool divisor_rounds = i + 1 > exact_divisors_;
  const double count = static_cast<double>(i + 1);
  double bound =
      sum_error_bound(k + 1 + (divisor_rounds ? 1 : 0), abs_prefix, 0, accumulator_u_) + count * accumulator_underflow_;
  if (output_rounds_) bound += output_u_ * (abs_prefix + bound) + count * output_underflow_;
  return std::nextafter(bound, INFINITY);
}

// Element i of a floating input as a double (exact).
template <typename Input>
double element(const Input& a, std::int64_t i) {
  if constexpr (std::is_same_v<Input, Values>) {
    return a.to_double(static_cast<std::size_t>(i));
  } else {
    return static_cast<double>(a[static_cast<std::size_t>(i)]);
  }
}

// Checks prefixes [first, last) of one floating input, starting from the
// exact sums of a[0..first); returns the first failure's message (empty:
// none). PrefixCheck::exact_only leaves out the filter (its self-test).
template <typename Input>
std::string check_prefixes(const Spec& s, const Typing& t, const Input& a, int block, const Input& got,
                           const std::string& context, std::int64_t first, std::int64_t last, SumReference prefix,
                           PrefixCheck how = PrefixCheck::filtered) {
  const auto n = static_cast<std::int64_t>(a.size());
  const MeanBound bound_of(t);
  detail::PrefixFilter filter(prefix);
  // The exact sums catch up only where the exact residual is asked for:
  // `prefix` holds those of a[0..exact_through). Every element so far
  // finite (and the start's sums) is what prefix.sum.is_finite() would say.
  std::int64_t exact_through = first;
  bool finite = prefix.sum.is_finite();
  for (std::int64_t i = first; i < last; ++i) {
    const std::int64_t k = prefix_depth_bound(s, i, n, block);  // prefix i's own depth (or the worst case)
    const double x = element(a, i);
    filter.add(x);
    finite = finite && std::isfinite(x);
    const double out = element(got, i);
    // In doubles first: a residual surely within the bound (the bound grows
    // with sum|a|) is one the exact check accepts; anything else, every
    // failure among it, the exact residual decides and reports.
    if (how == PrefixCheck::filtered && finite && std::isfinite(out) &&
        filter.residual_high(out, i) <= bound_of(k, filter.abs_low(), i))
      continue;
    for (; exact_through <= i; ++exact_through) prefix.add(element(a, exact_through));
    if (!prefix.sum.is_finite()) {
      const double expected = prefix.sum.to_double();
      if (!(std::isnan(expected) ? std::isnan(out) : expected == out))
        return context + ": [" + std::to_string(i) + "] expected " + std::to_string(expected) + ", got " + std::to_string(out);
      continue;
    }
    if (!std::isfinite(out)) return context + ": [" + std::to_string(i) + "] non-finite " + std::to_string(out);
    ExactSum residual = prefix.sum;
    residual.subtract_product(out, static_cast<std::uint64_t>(i + 1));
    const double error = residual.abs_rounded_up();
    const double bound = bound_of(k, prefix.abs_sum.abs_rounded_up(), i);
    if (!(error <= bound)) {
      std::ostringstream os;
      os.precision(17);
      os << context << ": [" << i << "] |out*(i+1) - exact prefix| = " << error << " exceeds the bound " << bound << " (gamma_"
         << k << "+ in " << to_string(t.accumulator) << ", out " << to_string(t.output) << "); out " << out;
      return os.str();
    }
  }
  return {};
}

// The exact class of the integer typings: out_i = trunc(S_i / (i + 1)),
// S_i the exact prefix sum (the domain keeps it in 64 bits).
void expect_exact_means(const Typing& t, const Values& a, const Values& got, const std::string& context) {
  const timing::ScopedPhase phase(timing::Phase::host_model);
  std::int64_t sum = 0;
  std::size_t wrong = 0;
  std::string first;
  visit_scalar(a.type(), [&]<typename E>(std::type_identity<E>) {
    if constexpr (std::is_integral_v<E>) {
      const std::span<const E> x = a.as<E>();
      for (std::size_t i = 0; i < x.size(); ++i) {
        sum += static_cast<std::int64_t>(x[i]);
        const std::int64_t mean = sum / static_cast<std::int64_t>(i + 1);
        const std::int64_t out = static_cast<std::int64_t>(got.to_double(i));
        if (out != mean && ++wrong == 1) {
          first = "[" + std::to_string(i) + "] expected " + std::to_string(mean) + " (the exact prefix sum " +
                  std::to_string(sum) + " / " + std::to_string(i + 1) + ", truncated), got " + describe_element(got, i);
        }
      }
    }
  });
  if (wrong > 0)
    fail_check(context + ": " + std::to_string(wrong) + " wrong means in " + std::string(to_string(t.output)) + "; " + first);
}

}  // namespace

// Long inputs are checked in pieces over the cores: the pieces' exact sums
// first (in parallel), their running totals, then each piece's prefixes from
// its total (in parallel); the failure reported is the first prefix's that
// fails, as one pass would find it.
template <typename Input>
void expect_floating_means(const Spec& s, const Typing& t, const Input& a, int block, const Input& got,
                           const std::string& context) {
  const timing::ScopedPhase phase(timing::Phase::host_model);  // exact prefix sums and their bounds
  const auto n = static_cast<std::int64_t>(a.size());
  if (static_cast<std::int64_t>(got.size()) != n)
    fail_check(context + ": " + std::to_string(got.size()) + " outputs for " + std::to_string(n));
  constexpr std::int64_t kPiece = std::int64_t{1} << 15;
  const std::int64_t pieces = (n + kPiece - 1) / kPiece;
  if (pieces <= 2) {
    if (const std::string why = check_prefixes(s, t, a, block, got, context, 0, n, SumReference{}); !why.empty()) fail_check(why);
    return;
  }
  std::vector<SumReference> before(static_cast<std::size_t>(pieces));  // the exact sums of a[0..p·kPiece)
  tbb::parallel_for(std::int64_t{1}, pieces, [&](std::int64_t p) {
    for (std::int64_t i = (p - 1) * kPiece; i < p * kPiece; ++i) before[static_cast<std::size_t>(p)].add(element(a, i));
  });
  for (std::int64_t p = 2; p < pieces; ++p) before[static_cast<std::size_t>(p)].add(before[static_cast<std::size_t>(p - 1)]);
  std::vector<std::string> failures(static_cast<std::size_t>(pieces));
  tbb::parallel_for(std::int64_t{0}, pieces, [&](std::int64_t p) {
    failures[static_cast<std::size_t>(p)] = check_prefixes(s, t, a, block, got, context, p * kPiece,
                                                           std::min(n, (p + 1) * kPiece), before[static_cast<std::size_t>(p)]);
  });
  for (const std::string& why : failures) {
    if (!why.empty()) fail_check(why);
  }
}

void expect_prefix_means(const Variant& v, const Values& a, int block, const Values& got, const std::string& context) {
  if (is_integer(v.typing.accumulator)) return expect_exact_means(v.typing, a, got, context);
  expect_floating_means(*v.spec, v.typing, a, block, got, context);
}

void expect_prefix_means(const Spec& s, std::span<const float> a, int block, std::span<const float> got,
                         const std::string& context) {
  expect_floating_means(s, kF32, a, block, got, context);
}

std::string prefix_means_problem(const Spec& s, std::span<const float> a, int block, std::span<const float> got,
                                 PrefixCheck how) {
  return check_prefixes(s, kF32, a, block, got, "self-test", 0, static_cast<std::int64_t>(a.size()), SumReference{}, how);
}

HashedFloats large_input_values(const Spec& s) {
  constexpr std::uint64_t kSalt = 0x1A46E5u;
  if (s.determinism == Determinism::ordered && s.stream_model) return {HashedKind::one_to_four, kSalt};
  return {HashedKind::one_in_1021, kSalt};
}

std::function<float(std::int64_t)> large_input(const Spec& s) {
  return [g = large_input_values(s)](std::int64_t i) { return hashed_float(g, i); };
}

std::int64_t large_input_period(const std::function<float(std::int64_t)>& value, std::int64_t first, std::int64_t count,
                                std::int64_t max_shift) {
  for (std::int64_t k = 1; k <= max_shift; ++k) {
    bool same = true;
    for (std::int64_t i = first; i < first + count && same; ++i) same = value(i + k) == value(i);
    if (same) return k;
  }
  return 0;
}

}  // namespace smemc::moving_average::testing
