#pragma once
// Which sizes and block sizes the benchmark registers: the curated selection
// (the default: the recorded H200 run, about three minutes of GPU time) or
// the full sweep (--smemc-full).
//
//               curated                          full
//   n           2^20, 2^25, 2^28                 every power of two 2^20 .. 2^28
//   side        1024, 4096, 16384                1024, 2048, 4096, 8192, 16384
//   block       a row's first tested block,      every block the row tests
//               plus 256 and 1024 where tested
//
// 2^25 and 2^28 are the reduction points, 2^28 its moving-average
// point, 4096² and 16384² its transpose points; 2^20 and 1024² show where
// launch latency dominates. Matrix sides 1024 .. 16384 are n = 2^20 .. 2^28
// elements, the same range as the 1-D axis.

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace smemc::bench {

enum class Selection { curated, full };

// The command-line flag that selects the full sweep (nvbench never sees it).
inline constexpr std::string_view kFullFlag = "--smemc-full";

// Exponents k of the 1-D sizes n = 2^k (an nvbench power-of-two axis).
std::vector<std::int64_t> n_exponents(Selection selection);
// Sides of the square matrices of the transposes and their references.
std::vector<std::int64_t> matrix_sides(Selection selection);
// The block sizes of one row, from the ones it tests (its first one first).
std::vector<std::int64_t> selected_blocks(std::span<const int> tested_blocks, Selection selection);

}  // namespace smemc::bench
