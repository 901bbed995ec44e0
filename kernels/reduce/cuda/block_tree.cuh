#pragma once
// Device building blocks of the shared-memory reductions (§5.3) and of the
// warp-synchronous tails (the legacy idiom and its rewrites).
//
// block_tree_in_shared<tail>(v, scratch): every thread contributes v; thread 0
// returns the block's sum, added in v's type (float, double, or an unsigned
// integer: the accumulator's). Preconditions: blockDim.x a power of two,
// scratch holds blockDim.x values; tails other than `none` need
// blockDim.x >= 64. All four tails build the same tree, so they share one
// host model.

#include <cuda_runtime.h>

namespace smemc::reduce {

enum class WarpTail {
  none,             // __syncthreads() at every level, down to width 1
  volatile_legacy,  // EXHIBIT: last warp without barriers through volatile
  syncwarp,         // the same steps, ordered by __syncwarp()
  shfl,             // the last warp in registers with __shfl_down_sync
};

// The legacy warp-synchronous idiom, kept as an exhibit. Once the tree is
// down to 64 values, the first warp finishes with no barrier, trusting that
// its 32 lanes execute each line in lockstep, so every lane's read of a
// neighbour happens before any lane's write. `volatile` only forces each
// access to go to shared memory; it orders nothing between lanes. Since Volta,
// independent thread scheduling lets lanes of a warp drift apart, so a lane
// can read v[t + s] after lane t + s overwrote it. Data race: racecheck
// reports it (tests/canaries); it usually computes the right value on current
// GPUs, which is why it survived in old code. Template so that the canary can
// run it on integers too.
template <typename T>
__device__ T warp_tail_volatile_legacy(T sum, T* scratch) {
  volatile T* v = scratch;
  const unsigned t = threadIdx.x;
  v[t] = sum = sum + v[t + 32];
  v[t] = sum = sum + v[t + 16];
  v[t] = sum = sum + v[t + 8];
  v[t] = sum = sum + v[t + 4];
  v[t] = sum = sum + v[t + 2];
  v[t] = sum = sum + v[t + 1];
  return sum;
}

// The same six steps, made correct under independent thread scheduling: each
// step reads, waits for the whole warp, writes, waits again.
template <typename T>
__device__ T warp_tail_syncwarp(T sum, T* scratch) {
  const unsigned t = threadIdx.x;
  for (unsigned offset = 32; offset > 0; offset /= 2) {
    sum = sum + scratch[t + offset];
    __syncwarp();  // every lane has read its partner before any lane overwrites its own slot
    scratch[t] = sum;
    __syncwarp();  // every write is visible before the next step's reads
  }
  return sum;
}

// The last warp keeps its partials in registers: one read of shared memory,
// then five register shuffles, which synchronise the warp by construction.
template <typename T>
__device__ T warp_tail_shfl(T sum, const T* scratch) {
  sum = sum + scratch[threadIdx.x + 32];
  for (int offset = 16; offset > 0; offset /= 2) sum = sum + __shfl_down_sync(0xffffffffu, sum, offset);
  return sum;
}

template <WarpTail tail, typename T>
__device__ T block_tree_in_shared(T sum, T* scratch) {
  const unsigned t = threadIdx.x;
  scratch[t] = sum;
  constexpr unsigned last_barrier_width = tail == WarpTail::none ? 0 : 32;
  for (unsigned width = blockDim.x / 2; width > last_barrier_width; width /= 2) {
    __syncthreads();  // the previous level's partials are all in scratch
    if (t < width) scratch[t] = sum = sum + scratch[t + width];
  }
  if constexpr (tail != WarpTail::none) {
    __syncthreads();  // partials 0..63 are in scratch; warp 0 finishes alone
    if (t < 32) {
      if constexpr (tail == WarpTail::volatile_legacy) sum = warp_tail_volatile_legacy(sum, scratch);
      if constexpr (tail == WarpTail::syncwarp) sum = warp_tail_syncwarp(sum, scratch);
      if constexpr (tail == WarpTail::shfl) sum = warp_tail_shfl(sum, scratch);
    }
  }
  return sum;
}

}  // namespace smemc::reduce
