#pragma once
// The cases the moving-average checks run (test_moving_average.cpp), as
// functions of the row as the backend runs it (its typed and narrowed
// domain) and the workload, so that the domain self-test
// (MovingAverageSpec.every_check_case_is_in_the_domain) asks each of them
// for the spec's rows narrowed at each bound, with no device.

#include <rapidcheck.h>

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "moving_average/spec.hpp"
#include "smemc/cases.hpp"
#include "smemc/data.hpp"
#include "smemc/workload.hpp"

namespace smemc::moving_average::testing {

// Block 0 means "one block of n threads": edge sizes then come from the
// warp width.
inline std::int64_t edge_block(int block) { return block == 0 ? 32 : block; }
// The largest n the checks run with this block: the row's, capped by the
// workload (Workload::max_elements_for_block, for a block of the row's
// tile, B x Spec::items_per_thread), fitted to the domain.
std::int64_t max_n(const Spec& s, int block, const Workload& w);
// The largest n a property draws, and edge_sizes sweeps, with this block:
// max_n, at most the workload's dense_elements (2^18 in a full run: each
// output's exact bound is worked out on the host). A limit past it is
// large_limit's.
std::int64_t max_drawn_n(const Spec& s, int block, const Workload& w);
// A case the row takes: a block it runs, an n it takes.
rc::Gen<SizedCase> case_for(const Spec& s, std::span<const DataKind> kinds, const Workload& w);
// overflow_edge (integer accumulators): the largest n where that is small
// (up to 2^25), else about 2^20 + 3.
std::int64_t overflow_edge_size(const Spec& s, int block);
// streams: about 100003 values; launch_is_asynchronous and
// held_stream_result: about 1000.
std::int64_t stream_size(const Spec& s, int block, const Workload& w);
std::int64_t held_stream_size(const Spec& s, int block, const Workload& w);
// text_example_in_place: the blocks that take the text's ten elements.
std::vector<int> text_example_blocks(const Spec& s);
// The sizes where the three-phase scan's carry crosses a chunk of
// kCarryThreads tiles, c = kCarryThreads * B: c - 1 and c + 1 (one chunk;
// the first carry threaded) and 2c + 1 (the second).
std::vector<std::int64_t> carry_chunk_sizes(int block);
// edge_sizes: (block, n) for every edge size the row takes, every block,
// and its carry-chunk sizes up to max_n: past the dense range too, which
// crosses a chunk only at B <= 128 in a full run (2^18), and exactly at
// the boundary, which the dense sweep's edges need not be. And the row's
// tile boundaries, T - 1, T + 1 and 2T + 1 for T = B x items_per_thread
// (the sweep's own for a row of one item a thread; the look-back's 24B is
// no power of two the sweep would hit).
std::vector<std::pair<int, std::int64_t>> edge_size_cases(const Spec& s, const Workload& w);
// large_n: 2^31 + 7 with the largest block, where the row takes it.
inline constexpr std::int64_t kLargeN = (std::int64_t{1} << 31) + 7;
int largest_block(const Spec& s);
bool takes_large_n(const Spec& s);
// large_limit: the largest n the row takes with its smallest block (skipped
// where edge_sizes runs it: within max_drawn_n).
std::pair<int, std::int64_t> limit_case(const Spec& s);

// Every case the checks above run for the row in this workload (each
// property's generator drawn `draws_per_property` times), named by check.
std::vector<CheckCase> check_cases(const Spec& s, const Typing& t, const Workload& w, int draws_per_property);

}  // namespace smemc::moving_average::testing
