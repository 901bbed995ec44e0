// The running mean of the shared-memory chapter, out[i] = mean(a[0..i]), in place.
//
//   moving_average_seed   the text's gpu_shared_memory as written:
//                         __shared__ float sh_arr[10], one block of n <= 10
//                         threads, including the trailing store the text
//                         calls redundant
//   moving_average_block  the same idea for any n <= 1024: one block, the
//                         shared array sized at launch, no trailing store
//   moving_average_scan   any n: tiles of `block` elements scanned in shared
//                         memory (Hillis-Steele), tile totals turned into
//                         carries by a second kernel, then each tile rescanned
//                         with its carry and divided
//
// The seed kernel lives in its own file (moving_average_seed.cu): a file
// that also declares extern __shared__ arrays pads every kernel's static
// shared memory to 16 bytes (seen with nvcc 13 for sm_90), and the text's
// sh_arr[10] is to report its 40 bytes.
//
// Costs: seed and block do O(n^2) shared reads in one block (thread i loops
// over i+1 values); scan reads the input twice and does O(n log B) work over
// three launches.

#include "common/cuda/cuda_check.hpp"
#include "common/cuda/interop.hpp"
#include "common/preconditions.hpp"
#include "moving_average/cuda/moving_average_cuda.hpp"
#include "moving_average/host_models.hpp"

namespace smemc::moving_average {
namespace {

// gpu_shared_memory for up to 1024 elements: the array is sized at launch,
// and the dead trailing store is gone.
__global__ void moving_average_block_kernel(float* data) {
  extern __shared__ float values[];
  const int index = threadIdx.x;
  values[index] = data[index];
  __syncthreads();  // every element is in shared memory before anyone sums
  float sum = 0.0f;
  for (int i = 0; i <= index; ++i) sum += values[i];
  data[index] = sum / (index + 1.0f);
}

// Inclusive scan of one value per thread across the block (Hillis-Steele):
// after the step at distance d, thread t holds the sum of the 2d values
// ending at t. Returns thread t's inclusive prefix; s holds blockDim.x floats.
__device__ float block_inclusive_scan(float v, float* s) {
  const int t = threadIdx.x;
  s[t] = v;
  for (int d = 1; d < static_cast<int>(blockDim.x); d *= 2) {
    __syncthreads();  // the previous step's values are all in s
    float left = 0.0f;
    if (t >= d) left = s[t - d];
    __syncthreads();  // every thread has read before any thread overwrites
    if (t >= d) {
      v = left + v;
      s[t] = v;
    }
  }
  return v;
}

// Phase 1: the total of each tile of blockDim.x elements (zero-padded).
__global__ void scan_tile_totals(long long n, const float* data, float* totals) {
  extern __shared__ float tile_scratch[];
  const long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  const float total = block_inclusive_scan(i < n ? data[i] : 0.0f, tile_scratch);
  if (threadIdx.x == blockDim.x - 1) totals[blockIdx.x] = total;
}

// Phase 2, one block: replaces the tile totals by exclusive carries (the sum
// of all earlier tiles), kCarryThreads totals at a time.
__global__ void __launch_bounds__(model::kCarryThreads) scan_carries(int tiles, float* totals) {
  __shared__ float s[model::kCarryThreads];
  const int t = threadIdx.x;
  float carry = 0.0f;
  for (int base = 0; base < tiles; base += blockDim.x) {
    const int i = base + t;
    block_inclusive_scan(i < tiles ? totals[i] : 0.0f, s);
    __syncthreads();  // the scan's last writes are visible to every thread
    const float before = t > 0 ? s[t - 1] : 0.0f;
    if (i < tiles) totals[i] = carry + before;
    carry = carry + s[blockDim.x - 1];
    __syncthreads();  // everyone has read s before the next chunk overwrites it
  }
}

// Phase 3: rescan each tile, add its carry, divide, overwrite in place.
__global__ void scan_apply_means(long long n, float* data, const float* carries) {
  extern __shared__ float tile_scratch[];
  const long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  const float prefix = block_inclusive_scan(i < n ? data[i] : 0.0f, tile_scratch);
  if (i < n) data[i] = (carries[blockIdx.x] + prefix) / static_cast<float>(i + 1);
}

void launch_block(const Args& a, Stream s) {
  if (!validate(spec_named("moving_average_block"), a)) return;
  const int threads = static_cast<int>(a.n);
  moving_average_block_kernel<<<1, threads, threads * sizeof(float), as_cuda(s)>>>(device_pointer<float>(a.data));
  SMEMC_CHECK_LAUNCH("moving_average_block_kernel");
}

void launch_scan(const Args& a, Stream s) {
  if (!validate(spec_named("moving_average_scan"), a)) return;
  float* data = device_pointer<float>(a.data);
  float* carries = device_pointer<float>(a.workspace);
  const auto tiles = static_cast<int>(ceil_div(a.n, a.block));
  const std::size_t tile_bytes = a.block * sizeof(float);
  scan_tile_totals<<<tiles, a.block, tile_bytes, as_cuda(s)>>>(a.n, data, carries);
  SMEMC_CHECK_LAUNCH("scan_tile_totals");
  scan_carries<<<1, model::kCarryThreads, 0, as_cuda(s)>>>(tiles, carries);
  SMEMC_CHECK_LAUNCH("scan_carries");
  scan_apply_means<<<tiles, a.block, tile_bytes, as_cuda(s)>>>(a.n, data, carries);
  SMEMC_CHECK_LAUNCH("scan_apply_means");
}

}  // namespace

std::span<const Entry> implementations() {
  static const Entry table[] = {
      {"moving_average_seed", &launch_moving_average_seed},
      {"moving_average_block", &launch_block},
      {"moving_average_scan", &launch_scan},
      {"moving_average_lookback", &launch_moving_average_lookback},
  };
  return table;
}

// The reference backend: every spec row is required of it.
std::span<const Allowance> allowances() { return {}; }

std::span<const KernelSymbol> kernel_symbols() {
  static const KernelSymbol symbols[] = {
      seed_kernel_symbol(),
      kernel_symbol<&moving_average_block_kernel>("moving_average_block_kernel", 0),
      kernel_symbol<&scan_tile_totals>("scan_tile_totals", 0),
      kernel_symbol<&scan_carries>("scan_carries", sizeof(float) * model::kCarryThreads),
      kernel_symbol<&scan_apply_means>("scan_apply_means", 0),
      lookback_kernel_symbol(),
  };
  return symbols;
}

}  // namespace smemc::moving_average
