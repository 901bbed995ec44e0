#pragma once
// The CUDA moving averages. The implementation table is in
// moving_average.cu; the seed kernel sits alone in moving_average_seed.cu
// (its static shared memory is to report the text's 40 bytes: see there).

#include <span>

#include "common/cuda/kernel_symbol.hpp"
#include "moving_average/spec.hpp"

namespace smemc::moving_average {

void launch_moving_average_seed(const Args& args, Stream stream);
KernelSymbol seed_kernel_symbol();

// The single-pass look-back scan (moving_average_lookback.cu).
void launch_moving_average_lookback(const Args& args, Stream stream);
KernelSymbol lookback_kernel_symbol();

// The scheduling adversary (tests/scheduling): the look-back's own code, with
// block 0 taking its ticket only once every other block has finished (the
// blocks started in the worst order for a tile that trusted blockIdx), and
// its waits bounded to a second. `counters`: three device words, [0] the
// blocks finished, [1] nonzero when a wait gave up (a deadlock the
// unbounded kernel would hang in), [2] the tile block 0 took; cleared on
// the stream by this call.
void launch_lookback_block0_last(const Args& args, Stream stream, unsigned* counters);

// Every moving-average kernel, for the shared-memory facts.
std::span<const KernelSymbol> kernel_symbols();

}  // namespace smemc::moving_average
