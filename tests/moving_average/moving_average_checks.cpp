#include "moving_average_checks.hpp"

#include <cmath>
#include <sstream>

#include "smemc/check_failure.hpp"
#include "smemc/error_bound.hpp"
#include "smemc/float_bits.hpp"
#include "smemc/phase_timer.hpp"

namespace smemc::moving_average::testing {

// out_i = fl(fl(S_i) / fl(i+1)) with fl(S_i) from k additions: then
//   |out_i (i+1) - S_i| <= gamma_{k+2} sum_{j<=i} |a_j| + (i+1) 2^-150
// for every i, S_i exact (the last term: a quotient that underflows).
// Non-finite prefixes must give the IEEE result (NaN, or the infinity).
// The bound on |out_i (i+1) - S_i| derived above.
double mean_error_bound(std::int64_t k, const ExactSum& abs_prefix, std::int64_t i) {
  return sum_error_bound(k, abs_prefix) + static_cast<double>(i + 1) * kDivisionUnderflowAllowance;
}

void expect_prefix_means(const Spec& s, std::span<const float> a, int block, std::span<const float> got,
                         const std::string& context) {
  const timing::ScopedPhase phase(timing::Phase::host_model);  // exact prefix sums and their bounds
  const auto n = static_cast<std::int64_t>(a.size());
  SumReference prefix;
  for (std::int64_t i = 0; i < n; ++i) {
    const std::int64_t k = prefix_depth_bound(s, i, n, block) + 2;  // prefix i's own depth (or the worst case)
    prefix.add(a[i]);
    const float out = got[i];
    if (!prefix.sum.is_finite()) {
      const float expected = prefix.sum.to_float();
      if (!same_result(expected, out)) fail_check(context + ": [" + std::to_string(i) + "] expected " + describe(expected) + ", got " + describe(out));
      continue;
    }
    if (!std::isfinite(out)) fail_check(context + ": [" + std::to_string(i) + "] non-finite " + describe(out));
    ExactSum residual = prefix.sum;
    residual.subtract_product(out, static_cast<std::uint64_t>(i + 1));
    const double error = residual.abs_rounded_up();
    const double bound = mean_error_bound(k, prefix.abs_sum, i);
    if (!(error <= bound)) {
      std::ostringstream os;
      os.precision(17);
      os << context << ": [" << i << "] |out*(i+1) - exact prefix| = " << error << " exceeds gamma_" << k
         << " * sum|a| + (i+1) 2^-150 = " << bound << "; out " << describe(out);
      fail_check(os.str());
    }
  }
}


}  // namespace smemc::moving_average::testing
