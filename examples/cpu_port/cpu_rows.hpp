#pragma once
// The rows this port defines itself (port rows): specification rows like the
// built-in ones, with their own determinism class, domain, depth and fixed
// contract table, which the port's implementation tables bring to the
// conformance tests (Entry::port_row). The tests do not tell them apart
// from the spec's rows.
#include <algorithm>
#include <cstdint>
#include <span>
#include <string_view>

#include "common/contract.hpp"
#include "common/spec.hpp"
#include "moving_average/spec.hpp"
#include "reduce/spec.hpp"

namespace cpu_port {
// The domain every row of this port's own shares: a block is a loop, so any
// B in [1, 65536]; n ≤ 2^40 (`why` says what bounds n for the row). And its
// fixed contract table, written out by hand from that domain.
inline constexpr int kOwnRowBlocks[] = {4096, 1, 1000};
inline constexpr std::int64_t kOwnRowMaxN = std::int64_t{1} << 40;
inline constexpr smemc::contract::SizeCase kOwnRowContract[] = {
    {0, 4096, ""},
    {1, 1, ""},
    {1000, 7, ""},
    {1000, 1000, ""},
    {1000, 65536, ""},
    {kOwnRowMaxN, 4096, ""},
    {kOwnRowMaxN + 1, 4096, "exceeds"},
    {-1, 4096, "negative"},
    {10, 0, "block"},
    {10, 65537, "block"},
    // The 8-byte typings of a row that states them: the element's alignment.
    {64, 4096, "aligned", 4, "f64"},
    {64, 4096, "", 8, "f64"},
    {64, 4096, "aligned", 4, "i64"},
    {64, 4096, "", 8, "i64"},
};
inline smemc::SizeDomain own_row_domain(std::string_view why) {
  return {.block = {1, 1 << 16, false}, .tested_blocks = kOwnRowBlocks, .n_base = kOwnRowMaxN, .n_limit_reason = why};
}
}  // namespace cpu_port

namespace smemc::reduce {
// One read of n floats and one float written: the traffic of the f32 rows
// that read their input once (cpu_exact_sum and the negative controls).
inline Traffic read_once(std::int64_t n, int, const Typing&) {
  return {static_cast<std::int64_t>(sizeof(float)) * n, sizeof(float)};
}
// Chunk c of B elements summed left to right from its first element: the
// order of cpu_chunked_sum's chunks (and of its model, over Depth leaves),
// and of the deterministic negative control's.
template <typename V>
V chunk_sum(std::span<const V> x, std::int64_t c, int block) {
  const std::int64_t begin = c * block, end = std::min<std::int64_t>(static_cast<std::int64_t>(x.size()), begin + block);
  V sum = x[static_cast<std::size_t>(begin)];
  for (std::int64_t i = begin + 1; i < end; ++i) sum = sum + x[static_cast<std::size_t>(i)];
  return sum;
}

// cpu_exact_sum (cpu_exact_sum.cpp): the exact class.
extern const Spec exact_sum_row;
void launch_exact_sum(const Args& a, Stream stream);
// cpu_chunked_sum (cpu_chunked_sum.cpp): the ordered class, with the row's
// own host model and depth formula.
extern const Spec chunked_sum_row;
void launch_chunked_sum(const Args& a, Stream stream);
// The negative controls (cpu_negative_controls.cpp): one row per class that
// breaks its class's promise, exhibits whose failing checks are recorded.
extern const Spec control_ordered_reversed_row;
extern const Spec control_exact_one_ulp_row;
extern const Spec control_deterministic_varies_row;
void launch_control_ordered_reversed(const Args& a, Stream stream);
void launch_control_exact_one_ulp(const Args& a, Stream stream);
void launch_control_deterministic_varies(const Args& a, Stream stream);
}  // namespace smemc::reduce
