#pragma once
// The cases the reduction checks run (test_reduce.cpp), as functions of the
// row as the backend runs it (its typed and narrowed domain) and the
// workload. Every size and block a check picks comes from here, so that the
// domain self-test (ReduceDomain, test_reduce_spec.cpp) asks each of them,
// for the spec's rows narrowed at each bound, with no device: a check that
// picks a case its row does not take would be a false alarm on a port.

#include <rapidcheck.h>

#include <array>
#include <cstdint>
#include <map>
#include <span>
#include <vector>

#include "reduce/spec.hpp"
#include "smemc/cases.hpp"
#include "smemc/data.hpp"
#include "smemc/workload.hpp"

namespace smemc::reduce::testing {

// The largest n the checks run with this block: the workload's (for this
// block: Workload::max_elements_for_block), the row's, and for a row of
// float atomic adds the n past which one run would make more than the
// workload's max_atomic_adds (atomic_adds grows with n).
std::int64_t size_cap(const Spec& s, int block, const Workload& w);
// The largest n a property draws with this block: size_cap, at most the
// workload's dense_elements (past it the sweeps' limit cases run).
std::int64_t drawn_size_cap(const Spec& s, int block, const Workload& w);

// A case the row takes: a block it runs and an n it takes (powers of two
// only, for the rows whose domain says so; multiples of m where it says so).
rc::Gen<SizedCase> case_for(const Spec& s, std::span<const DataKind> kinds, const Workload& w);

// The sizes of a sweep, each with the blocks that run it (one input per n
// serves every block that sweeps it).
using SizeGroups = std::map<std::int64_t, std::vector<int>>;
// edge_sizes: every edge size the row takes, for every block it claims, and
// past the workload's limit (full and cpu workloads) enough blocks that
// every fix-up thread takes two partials.
SizeGroups edge_size_groups(const Spec& s, const Workload& w);
// negative_zeros_every_size_class: one element, under a block, one block,
// two, several, and 2·B·1024 and one past (every fix-up thread holds a
// partial), for every block it claims.
SizeGroups negative_zero_groups(const Spec& s, const Workload& w);

// A single check's size about n: n + 1 (not a multiple of anything) where
// the row takes it, else the size the row takes nearest n.
std::int64_t size_about(const Spec& s, std::int64_t n, int block);
// streams: two sizes, about 2^16 (or the workload's cap for the block) and
// half that.
std::array<std::int64_t, 2> stream_sizes(const Spec& s, int block, const Workload& w);
// launch_is_asynchronous, held_stream_result: about 2^16 (or the cap).
std::int64_t held_stream_size(const Spec& s, int block, const Workload& w);
// overflow_edge (integer accumulators): the largest n where the typing
// refuses overflow, else (it wraps) about 2^20 + 3.
std::int64_t overflow_edge_size(const Spec& s, const Typing& t, int block);

// large_n: the largest block, the largest n it takes, and the tail of 1s
// and 2s at the far end (at most n - 1 values: the first element is a 1
// of its own), short enough that every partial sum is exact.
struct LargeCase {
  int block = 0;
  std::int64_t n = 0;
  std::int64_t tail = 0;
};
LargeCase large_case(const Spec& s, const Typing& t);

// Every case the checks above run for the row in this typing and workload
// (each property's generator drawn `draws_per_property` times), named by
// check: what the domain self-test holds to the row's domain.
std::vector<CheckCase> check_cases(const Spec& s, const Typing& t, const Workload& w, int draws_per_property);

}  // namespace smemc::reduce::testing
