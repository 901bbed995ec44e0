// The byte histogram: bins[v] = #{i < n : data[i] == v}, 256 bins.
//
//   histogram_global_atomics   the baseline: one global atomicAdd per byte.
//                              Same-bin atomics serialise in L2: the cost
//                              grows as the data narrow to few values.
//   histogram_smem_privatised  each block counts into 256 bins of its own in
//                              shared memory, then adds each nonzero bin to
//                              the global one: n shared atomics, at most 256
//                              global ones a block. Flaw: two lanes whose
//                              values are different words of one bank (v and
//                              v + 32k) conflict, and serialise.
//   histogram_smem_lane_banks  privatised with 32 copies of every bin: lane
//                              l counts into word 32v + l, in bank l, so no
//                              two lanes of a warp ever share a bank (nor a
//                              word). Cost: 32 KiB of shared memory a block
//                              and a 32-copy merge.
//
// Grid: min(⌈n/B⌉, kMaxBlocks) blocks of B threads, grid-stride over the
// bytes (64-bit indices: n reaches 2^32 - 1). Every launcher clears the
// bins on the stream first: the kernels only add. Counts are exact, in any
// order the atomics run.

#include "common/cuda/cuda_check.hpp"
#include "common/cuda/interop.hpp"
#include "common/preconditions.hpp"
#include "histogram/cuda/histogram_cuda.hpp"

namespace smemc::histogram {
namespace {

constexpr int kLanes = 32;  // a warp, and the banks of shared memory

__global__ void histogram_global_atomics(const unsigned char* data, long long n, unsigned* bins) {
  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    atomicAdd(&bins[data[i]], 1u);
  }
}

__global__ void histogram_smem_privatised(const unsigned char* data, long long n, unsigned* bins) {
  __shared__ unsigned block_bins[kBins];
  for (int v = threadIdx.x; v < kBins; v += blockDim.x) block_bins[v] = 0;
  __syncthreads();  // every bin is zero before the first count

  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    atomicAdd(&block_bins[data[i]], 1u);
  }
  __syncthreads();  // every count is in before the merge reads the bins

  for (int v = threadIdx.x; v < kBins; v += blockDim.x) {
    if (block_bins[v] != 0) atomicAdd(&bins[v], block_bins[v]);
  }
}

__global__ void histogram_smem_lane_banks(const unsigned char* data, long long n, unsigned* bins) {
  __shared__ unsigned lane_bins[kBins * kLanes];  // bin v of lane l: word 32v + l
  for (int w = threadIdx.x; w < kBins * kLanes; w += blockDim.x) lane_bins[w] = 0;
  __syncthreads();  // every copy is zero before the first count

  const int lane = threadIdx.x % kLanes;
  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    atomicAdd(&lane_bins[data[i] * kLanes + lane], 1u);
  }
  __syncthreads();  // every count is in before the merge reads the copies

  // Thread v sums bin v's copies starting at copy v mod 32: at each step the
  // warp's 32 reads (bins v..v+31) fall in 32 different banks.
  for (int v = threadIdx.x; v < kBins; v += blockDim.x) {
    unsigned count = 0;
    for (int k = 0; k < kLanes; ++k) count += lane_bins[v * kLanes + (v + k) % kLanes];
    if (count != 0) atomicAdd(&bins[v], count);
  }
}

// Table glue, the same for every variant: the spec's checks, the bins
// cleared on the stream, then the kernel (none for n = 0).
template <auto kernel, const std::string_view& name>
void launch_counts(const Args& a, Stream s) {
  const bool has_data = validate(spec_named(name), a);
  SMEMC_CUDA_CHECK(cudaMemsetAsync(device_pointer<unsigned>(a.bins), 0, kBins * sizeof(unsigned), as_cuda(s)));
  if (!has_data) return;
  kernel<<<static_cast<unsigned>(blocks_for(a.n, a.block)), a.block, 0, as_cuda(s)>>>(
      device_pointer<const unsigned char>(a.data), static_cast<long long>(a.n), device_pointer<unsigned>(a.bins));
  cuda_check(cudaGetLastError(), ("launch of " + std::string(name)).c_str(), __FILE__, __LINE__);
}

// One table line per variant: its name (written once), its launcher and its
// kernel with the static shared memory its declarations add up to.
template <auto kernel, const std::string_view& name>
CudaLine<Entry> line(std::size_t static_smem_bytes) {
  return {{name, &launch_counts<kernel, name>}, kernel_symbol<kernel>(name, static_smem_bytes)};
}

constexpr std::string_view kGlobalAtomics = "histogram_global_atomics";
constexpr std::string_view kSmemPrivatised = "histogram_smem_privatised";
constexpr std::string_view kSmemLaneBanks = "histogram_smem_lane_banks";

const std::vector<CudaLine<Entry>>& lines() {
  static const std::vector<CudaLine<Entry>> all = {
      line<&histogram_global_atomics, kGlobalAtomics>(0),
      line<&histogram_smem_privatised, kSmemPrivatised>(sizeof(unsigned) * kBins),
      line<&histogram_smem_lane_banks, kSmemLaneBanks>(sizeof(unsigned) * kBins * kLanes),
  };
  return all;
}

}  // namespace

std::span<const Entry> implementations() {
  static const std::vector<Entry> table = entries_of<Entry>(lines());
  return table;
}

// The reference backend: every spec row is required of it.
std::span<const Allowance> allowances() { return {}; }

std::span<const KernelSymbol> kernel_symbols() {
  static const std::vector<KernelSymbol> symbols = kernels_of<Entry>(lines());
  return symbols;
}

}  // namespace smemc::histogram
