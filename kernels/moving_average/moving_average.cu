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

#include <climits>
#include <iterator>
#include <vector>

#include "common/cuda_stream.hpp"
#include "common/preconditions.hpp"
#include "common/registry.hpp"
#include "moving_average/host_models.hpp"
#include "moving_average/moving_average.hpp"
#include "moving_average/moving_average_seed.hpp"
#include "smemc/cuda_check.hpp"

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


std::string block_rules(std::int64_t n, int block) {
  if (block != 0) return "block = " + std::to_string(block) + ": this variant launches one block of n threads (pass 0)";
  if (n > 1024) return "n = " + std::to_string(n) + " exceeds one block of 1024 threads (moving_average_scan takes any n)";
  return size_range_violation(n, 1024, "one block of 1024 threads");
}

std::string scan_rules(std::int64_t n, int block) {
  if (block < 1 || block > 1024) return "block = " + std::to_string(block) + " is outside [1, 1024]";
  // Tiles index the grid's x dimension and the int loop of scan_carries.
  return size_range_violation(n, std::int64_t{block} * (INT_MAX - model::kCarryThreads), "tiles index the grid");
}

std::size_t carries_workspace(std::int64_t n, int block) {
  return n <= 0 || block < 1 ? 0 : static_cast<std::size_t>(ceil_div(n, block)) * sizeof(float);
}

void launch_block(const Args& a, Stream s) {
  reject_if("moving_average_block", block_rules(a.n, a.block));
  if (a.n == 0) return;
  require_pointer("moving_average_block", a.data, "data");
  const int threads = static_cast<int>(a.n);
  moving_average_block_kernel<<<1, threads, threads * sizeof(float), as_cuda(s)>>>(a.data);
  SMEMC_CHECK_LAUNCH("moving_average_block_kernel");
}

void launch_scan(const Args& a, Stream s) {
  reject_if("moving_average_scan", scan_rules(a.n, a.block));
  if (a.n == 0) return;
  require_pointer("moving_average_scan", a.data, "data");
  require_pointer("moving_average_scan", a.workspace, "carries workspace");
  float* carries = static_cast<float*>(a.workspace);
  const auto tiles = static_cast<int>(ceil_div(a.n, a.block));
  const std::size_t tile_bytes = a.block * sizeof(float);
  scan_tile_totals<<<tiles, a.block, tile_bytes, as_cuda(s)>>>(a.n, a.data, carries);
  SMEMC_CHECK_LAUNCH("scan_tile_totals");
  scan_carries<<<1, model::kCarryThreads, 0, as_cuda(s)>>>(tiles, carries);
  SMEMC_CHECK_LAUNCH("scan_carries");
  scan_apply_means<<<tiles, a.block, tile_bytes, as_cuda(s)>>>(a.n, a.data, carries);
  SMEMC_CHECK_LAUNCH("scan_apply_means");
}

// Block 0: the variant launches one block of n threads itself. For the scan,
// the first size is the one single-size tests use and reduced sweeps take
// the first two; any value in [1, 1024] works, powers of two or not.
constexpr int kOneBlockOfN[] = {0};
constexpr int kScanBlocks[] = {256, 1, 7, 32, 33, 100, 1024};

const Variant kVariants[] = {
    {
        .name = "moving_average_seed",
        .idea = "the text's gpu_shared_memory: stage a[0..n) in __shared__ float sh_arr[10], each thread averages its prefix",
        .cost = "one block; thread i reads i+1 shared values (O(n^2) in all); a dead trailing store",
        .preconditions = "0 <= n <= 10 (the size of sh_arr); block 0 (one block of n threads); in place",
        .error_model = "prefix i summed left to right from 0: depth n",
        .block_sizes = kOneBlockOfN,
        .size_violation = &seed_size_violation,
        .workspace_bytes = &no_workspace,
        .prefix_depth = &model::running_depth,
        .model_depth = &model::running_model_depth,
        .ordered_model = &model::running_mean_model,
        .launch = &launch_moving_average_seed,
    },
    {
        .name = "moving_average_block",
        .idea = "gpu_shared_memory for n <= 1024: extern __shared__ array sized at launch, no trailing store",
        .cost = "one block; O(n^2) shared reads; only one SM busy",
        .preconditions = "0 <= n <= 1024; block 0 (one block of n threads); in place",
        .error_model = "prefix i summed left to right from 0: depth n",
        .block_sizes = kOneBlockOfN,
        .size_violation = &block_rules,
        .workspace_bytes = &no_workspace,
        .prefix_depth = &model::running_depth,
        .model_depth = &model::running_model_depth,
        .ordered_model = &model::running_mean_model,
        .launch = &launch_block,
    },
    {
        .name = "moving_average_scan",
        .idea = "any n: per-tile Hillis-Steele scans in shared memory, tile totals scanned into carries, tiles rescanned",
        .cost = "3 launches; the input is read twice; O(n log B) additions",
        .preconditions = "n >= 0; block in [1, 1024], any value; workspace ceil(n/B) floats; in place",
        .error_model = "depth ceil(log2 B) + 10 + ceil(tiles/1024) + 1",
        .block_sizes = kScanBlocks,
        .size_violation = &scan_rules,
        .workspace_bytes = &carries_workspace,
        .prefix_depth = &model::tiled_scan_depth,
        .model_depth = &model::tiled_scan_model_depth,
        .ordered_model = &model::tiled_scan_mean_model,
        .launch = &launch_scan,
    },
};

const KernelSymbol kKernels[] = {
    {"moving_average_block_kernel", reinterpret_cast<const void*>(&moving_average_block_kernel), 0},
    {"scan_tile_totals", reinterpret_cast<const void*>(&scan_tile_totals), 0},
    {"scan_carries", reinterpret_cast<const void*>(&scan_carries), sizeof(float) * model::kCarryThreads},
    {"scan_apply_means", reinterpret_cast<const void*>(&scan_apply_means), 0},
};

}  // namespace

std::span<const Variant> registry() { return kVariants; }

const Variant& find(std::string_view name) { return find_row(registry(), name, "moving-average"); }

std::span<const KernelSymbol> kernel_symbols() {
  static const std::vector<KernelSymbol> all = [] {
    std::vector<KernelSymbol> v{seed_kernel_symbol()};
    v.insert(v.end(), std::begin(kKernels), std::end(kKernels));
    return v;
  }();
  return all;
}

}  // namespace smemc::moving_average
