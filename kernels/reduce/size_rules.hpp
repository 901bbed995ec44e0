#pragma once
// The reduction variants' preconditions on (n, block), as functions returning
// why a pair is rejected (empty when accepted). Launchers throw these as
// std::invalid_argument; tests ask them which sizes a variant claims.
// Backend-neutral: the limits come from the kernels' int index arithmetic.

#include <cstdint>
#include <string>

namespace smemc::reduce::rules {

// n >= 0, n <= INT_MAX; block in [1, 1024] (saxpy is elementwise: any block).
std::string halving_any_n(std::int64_t n, int block);
// The same, and n a power of two (the text's precondition: n = 0 is not one).
std::string halving_power_of_two(std::int64_t n, int block);
// Block trees: block a power of two in [min_block, 1024]; n >= 0 and
// n + 2*block <= INT_MAX, so that idx + blockDim.x cannot overflow int.
std::string block_tree(std::int64_t n, int block, int min_block);
std::string block_tree_any_block(std::int64_t n, int block);  // min_block 1
std::string block_tree_warp_tail(std::int64_t n, int block);  // min_block 64: the tail starts at 64 partials

// The block sizes the suite checks, per kind of variant. Order matters: the
// first is the one tests that need a single block size use (streams, the
// precondition and cache-config checks); reduced (sanitizer) sweeps take
// the first two. Non-powers of two only where the kernels take them.
inline constexpr int kSaxpyBlockSizes[] = {256, 1, 7, 33, 1024};  // any block in [1, 1024]
inline constexpr int kTreeBlockSizes[] = {1024, 1, 2, 32, 64, 256};
inline constexpr int kWarpTailBlockSizes[] = {256, 64, 128, 512, 1024};

}  // namespace smemc::reduce::rules
