#pragma once
// The rows this port defines itself (port rows): specification rows like the
// built-in ones, with their own determinism class, domain, depth and fixed
// contract table, which the port's implementation tables bring to the
// conformance tests (Entry::port_row). The tests do not tell them apart
// from the spec's rows.
#include "moving_average/spec.hpp"
#include "reduce/spec.hpp"

namespace smemc::reduce {
// cpu_exact_sum (cpu_exact_sum.cpp): the exact class.
extern const Spec exact_sum_row;
void launch_exact_sum(const Args& a, Stream stream);
// cpu_chunked_sum (cpu_chunked_sum.cpp): the ordered class, with the row's
// own host model and depth formula.
extern const Spec chunked_sum_row;
void launch_chunked_sum(const Args& a, Stream stream);
}  // namespace smemc::reduce
