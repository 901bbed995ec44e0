#include "moving_average_checks.hpp"

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "smemc/check_failure.hpp"
#include "smemc/error_bound.hpp"
#include "smemc/float_bits.hpp"
#include "smemc/phase_timer.hpp"

#include <tbb/parallel_for.h>

namespace smemc::moving_average::testing {

// out_i = fl(fl(S_i) / fl(i+1)) with fl(S_i) from k additions: then
//   |out_i (i+1) - S_i| <= gamma_{k+2} sum_{j<=i} |a_j| + (i+1) 2^-150
// for every i, S_i exact (the last term: a quotient that underflows).
// Non-finite prefixes must give the IEEE result (NaN, or the infinity).
// The bound on |out_i (i+1) - S_i| derived above.
double mean_error_bound(std::int64_t k, const ExactSum& abs_prefix, std::int64_t i) {
  return sum_error_bound(k, abs_prefix) + static_cast<double>(i + 1) * kDivisionUnderflowAllowance;
}

namespace {

// Checks prefixes [first, last) of one input, starting from the exact sums
// of a[0..first); returns the first failure's message (empty: none).
std::string check_prefixes(const Spec& s, std::span<const float> a, int block, std::span<const float> got,
                           const std::string& context, std::int64_t first, std::int64_t last, SumReference prefix) {
  const auto n = static_cast<std::int64_t>(a.size());
  for (std::int64_t i = first; i < last; ++i) {
    const std::int64_t k = prefix_depth_bound(s, i, n, block) + 2;  // prefix i's own depth (or the worst case)
    prefix.add(a[i]);
    const float out = got[i];
    if (!prefix.sum.is_finite()) {
      const float expected = prefix.sum.to_float();
      if (!same_result(expected, out))
        return context + ": [" + std::to_string(i) + "] expected " + describe(expected) + ", got " + describe(out);
      continue;
    }
    if (!std::isfinite(out)) return context + ": [" + std::to_string(i) + "] non-finite " + describe(out);
    ExactSum residual = prefix.sum;
    residual.subtract_product(out, static_cast<std::uint64_t>(i + 1));
    const double error = residual.abs_rounded_up();
    const double bound = mean_error_bound(k, prefix.abs_sum, i);
    if (!(error <= bound)) {
      std::ostringstream os;
      os.precision(17);
      os << context << ": [" << i << "] |out*(i+1) - exact prefix| = " << error << " exceeds gamma_" << k
         << " * sum|a| + (i+1) 2^-150 = " << bound << "; out " << describe(out);
      return os.str();
    }
  }
  return {};
}

}  // namespace

// Long inputs are checked in pieces over the cores: the pieces' exact sums
// first (in parallel), their running totals, then each piece's prefixes from
// its total (in parallel); the failure reported is the first prefix's that
// fails, as one pass would find it.
void expect_prefix_means(const Spec& s, std::span<const float> a, int block, std::span<const float> got,
                         const std::string& context) {
  const timing::ScopedPhase phase(timing::Phase::host_model);  // exact prefix sums and their bounds
  const auto n = static_cast<std::int64_t>(a.size());
  constexpr std::int64_t kPiece = std::int64_t{1} << 15;
  const std::int64_t pieces = (n + kPiece - 1) / kPiece;
  if (pieces <= 2) {
    if (const std::string why = check_prefixes(s, a, block, got, context, 0, n, SumReference{}); !why.empty()) fail_check(why);
    return;
  }
  auto piece_of = [&](std::int64_t p) {
    return a.subspan(static_cast<std::size_t>(p * kPiece), static_cast<std::size_t>(std::min(kPiece, n - p * kPiece)));
  };
  std::vector<SumReference> before(static_cast<std::size_t>(pieces));  // the exact sums of a[0..p·kPiece)
  tbb::parallel_for(std::int64_t{1}, pieces, [&](std::int64_t p) {
    for (float x : piece_of(p - 1)) before[static_cast<std::size_t>(p)].add(x);
  });
  for (std::int64_t p = 2; p < pieces; ++p) before[static_cast<std::size_t>(p)].add(before[static_cast<std::size_t>(p - 1)]);
  std::vector<std::string> failures(static_cast<std::size_t>(pieces));
  tbb::parallel_for(std::int64_t{0}, pieces, [&](std::int64_t p) {
    failures[static_cast<std::size_t>(p)] =
        check_prefixes(s, a, block, got, context, p * kPiece, std::min(n, (p + 1) * kPiece), before[static_cast<std::size_t>(p)]);
  });
  for (const std::string& why : failures) {
    if (!why.empty()) fail_check(why);
  }
}

}  // namespace smemc::moving_average::testing
