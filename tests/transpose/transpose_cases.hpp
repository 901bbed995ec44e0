#pragma once
// The shapes the transpose checks run (test_transpose.cpp), as functions of
// the row as the backend runs it (its narrowed shape domain) and the
// workload, so that the domain self-test
// (TransposeSpec.every_check_case_is_in_the_domain) asks each of them for
// the spec's rows narrowed at each bound, with no device.

#include <rapidcheck.h>

#include <cstdint>
#include <iosfwd>
#include <utility>
#include <vector>

#include "smemc/cases.hpp"
#include "smemc/workload.hpp"
#include "transpose/spec.hpp"

namespace smemc::transpose::testing {

struct Shape {
  std::int64_t rows = 0;
  std::int64_t cols = 0;
  std::uint64_t seed = 0;
};
std::ostream& operator<<(std::ostream& os, const Shape& s);

// Does the row take this shape?
inline bool accepts(const Spec& s, std::int64_t rows, std::int64_t cols) { return shape_violation(s, rows, cols).empty(); }

// A shape rounded down into the row's domain: each extent to its multiple
// and its limit (a square row's both to the smaller), then the columns (a
// square's side) to the row's product limit. Up: each extent first rounded
// up to the multiple (the fixed shapes of single checks), then down.
std::pair<std::int64_t, std::int64_t> fit_down(const Spec& s, std::int64_t rows, std::int64_t cols);
std::pair<std::int64_t, std::int64_t> fit_up(const Spec& s, std::int64_t rows, std::int64_t cols);

// exact_bitwise: a shape of the workload's size the row takes.
rc::Gen<Shape> shape_for(const Spec& s, const Workload& w);
// edge_shapes: every edge side (squares of a square row), and a few thin
// rectangles, that the row takes.
std::vector<std::pair<std::int64_t, std::int64_t>> edge_shapes(const Spec& s, const Workload& w);
// launch_is_asynchronous, held_stream_result: about 100 x 100.
std::pair<std::int64_t, std::int64_t> held_shape(const Spec& s);
// large_n46341: 46341 x 46341 (n² past 2^31), where the row takes it.
inline constexpr std::int64_t kLargeN = 46341;
inline bool takes_large_n(const Spec& s) { return accepts(s, kLargeN, kLargeN); }
// large_limit: the largest square of a square row; else the most rows (the
// thinnest column) and the most columns (the thinnest row).
std::vector<std::pair<std::int64_t, std::int64_t>> limit_shapes(const Spec& s);

// Every shape the checks above run for the row in this workload (the
// property's generator drawn `draws_per_property` times), named by check
// (n = rows).
std::vector<CheckCase> check_cases(const Spec& s, const Workload& w, int draws_per_property);

}  // namespace smemc::transpose::testing
