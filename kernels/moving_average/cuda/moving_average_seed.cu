// moving_average_seed: the text's gpu_shared_memory, as written.
//
// Idea: one block of n threads stages a[0..n) in __shared__ float sh_arr[10];
//   after the barrier thread i sums sh_arr[0..i] and overwrites a[i] with the
//   mean; the last store to sh_arr is the text's demonstration that shared
//   memory dies with the block (EXHIBIT: it races, see the store below).
// Cost: thread i reads i+1 shared values; one block, one SM.
// Preconditions: 0 <= n <= 10 (the size of sh_arr); block 0 (one block of n).
//
// This file declares no extern __shared__ array on purpose: in a file that
// does, nvcc (13.0, sm_90 seen) pads each kernel's static shared memory to a
// multiple of 16 bytes, and sh_arr[10] would report 48 bytes instead of 40.

#include "common/cuda/cuda_check.hpp"
#include "common/cuda/interop.hpp"
#include "moving_average/cuda/moving_average_cuda.hpp"

namespace smemc::moving_average {
namespace {

constexpr int kSeedCapacity = 10;

// Each thread stages its element in shared memory, waits for the whole
// array, sums its prefix and overwrites its input with the mean.
__global__ void gpu_shared_memory(float* d_a) {
  int i, index = threadIdx.x;
  float average, sum = 0.0f;
  __shared__ float sh_arr[kSeedCapacity];

  sh_arr[index] = d_a[index];
  __syncthreads();  // every element is in shared memory before anyone sums

  for (i = 0; i <= index; i++) {
    sum += sh_arr[i];
  }
  average = sum / (index + 1.0f);
  d_a[index] = average;

  // The text calls this store redundant (shared memory dies with the
  // block). It is worse: threads with a larger index may still be reading
  // sh_arr[index] in their loop, and no barrier separates the two. It is
  // kept, as written, and the variant is a marked exhibit: on a CPU device
  // (PoCL) it computes wrong means, and Oclgrind reports the race.
  sh_arr[index] = average;
}

}  // namespace

void launch_moving_average_seed(const Args& a, Stream s) {
  if (!validate(spec_named("moving_average_seed"), a)) return;
  gpu_shared_memory<<<1, static_cast<int>(a.n), 0, as_cuda(s)>>>(device_pointer<float>(a.data));
  SMEMC_CHECK_LAUNCH("gpu_shared_memory");
}

KernelSymbol seed_kernel_symbol() {
  return kernel_symbol<&gpu_shared_memory>("gpu_shared_memory", sizeof(float) * kSeedCapacity);
}

}  // namespace smemc::moving_average
