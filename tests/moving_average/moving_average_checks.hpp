#pragma once
// The moving-average checks shared by the backend tests and the spec tests.
// Each throws smemc::CheckFailure with `context` and the numbers.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "common/values.hpp"
#include "moving_average/spec.hpp"
#include "smemc/exact_sum.hpp"

namespace smemc::moving_average::testing {

// The rows the spec checks hold (test_moving_average_spec.cpp): the spec's
// own in the spec binary (tests/spec/builtin_rows.cpp), a backend's own
// rows in its conformance binary (test_moving_average.cpp).
const std::vector<Variant>& spec_checked_rows();

// The bound on |out_i (i+1) - S_i| for a prefix of depth k in a floating
// typing (see the .cpp).
double mean_error_bound(const Typing& t, std::int64_t k, const ExactSum& abs_prefix, std::int64_t i);

// Floating typings: every out_i within its bound of the exact prefix mean,
// non-finite prefixes giving the IEEE result. Integer typings (the exact
// class): every out_i the exact prefix sum divided by i + 1, truncated
// toward zero.
void expect_prefix_means(const Variant& v, const Values& a, int block, const Values& got, const std::string& context);
// The same in f32 (the streamed large checks, the self-tests).
void expect_prefix_means(const Spec& s, std::span<const float> a, int block, std::span<const float> got,
                         const std::string& context);

}  // namespace smemc::moving_average::testing
