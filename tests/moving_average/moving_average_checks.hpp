#pragma once
// The moving-average checks shared by the backend tests and the spec tests.
// Each throws smemc::CheckFailure with `context` and the numbers.

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "common/values.hpp"
#include "moving_average/spec.hpp"
#include "smemc/exact_sum.hpp"
#include "smemc/hashed_values.hpp"

namespace smemc::moving_average::testing {

// The rows the spec checks hold (test_moving_average_spec.cpp): the spec's
// own in the spec binary (tests/spec/builtin_rows.cpp), a backend's own
// rows in its conformance binary (test_moving_average.cpp).
const std::vector<Variant>& spec_checked_rows();

// Floating typings: every out_i within its bound of the exact prefix mean,
// non-finite prefixes giving the IEEE result. Integer typings (the exact
// class): every out_i the exact prefix sum divided by i + 1, truncated
// toward zero.
void expect_prefix_means(const Variant& v, const Values& a, int block, const Values& got, const std::string& context);
// The same in f32 (the streamed large checks, the self-tests).
void expect_prefix_means(const Spec& s, std::span<const float> a, int block, std::span<const float> got,
                         const std::string& context);
namespace detail {

// The floating check's double-precision side (check_prefixes), beside the
// exact sums of one input's prefixes: bounds it can prove in doubles.
class PrefixFilter {
 public:
  explicit PrefixFilter(const SumReference& before);  // the exact sums of the elements before
  void add(double x);                                 // the next element
  // An upper bound of |S - out (i+1)|, S the exact sum of the elements so
  // far (infinity where doubles cannot tell).
  double residual_high(double out, std::int64_t i) const;
  // A lower bound of the exact sum of |a| so far (0 where too small to say).
  double abs_low() const;

 private:
  double s_hi_ = 0, s_lo_ = 0, lo_far_ = 0, abs_ = 0;
  std::int64_t abs_roundings_ = 1;  // the start's conversion
};

}  // namespace detail

// How the floating check decides each prefix: in doubles first, and by the
// exact residual where those cannot tell (what the checks run), or by the
// exact residual always. The two give the same verdict and message.
enum class PrefixCheck { filtered, exact_only };
// The f32 check's report on `got` as the means of `a` (empty: within every
// bound), one way or the other: for the self-test that holds them equal.
std::string prefix_means_problem(const Spec& s, std::span<const float> a, int block, std::span<const float> got, PrefixCheck how);

// The input of the large checks, element i as a function of i. An ordered row is compared bit for bit with its
// model on any input: 1, 2, 3 or 4 from a hash of i, whose prefix sums pass
// 2^24 and round, whose means (about 2.5) cannot pass for an unwritten
// input, and which has no period: a piece read from the wrong place, or
// shifted, changes the means (large_input_period is the self-test). An
// unordered row's sums depend on the order the look-back added them in,
// except where every partial sum is exact: a 1 where the hash of i is a
// multiple of 1021, else 0 (the sums stay below 2^24), so that any run
// must give the model's bits there too. Both are hashed inputs
// (smemc/hashed_values.hpp): the checks make them on the device where the
// backend can (Backend::fill_hashed), and the model computes them again.
HashedFloats large_input_values(const Spec& s);
std::function<float(std::int64_t)> large_input(const Spec& s);  // element i of large_input_values(s)

// The smallest shift k in [1, max_shift] for which value(i + k) equals
// value(i) at every i in [first, first + count): the input cannot tell a
// read shifted by k from the right one there. 0 when there is none.
std::int64_t large_input_period(const std::function<float(std::int64_t)>& value, std::int64_t first, std::int64_t count,
                                std::int64_t max_shift);

}  // namespace smemc::moving_average::testing
