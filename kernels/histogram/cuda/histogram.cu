// The histograms: bins[k] = #{i < n : data[i] falls in bin k} of `bins` even
// bins over [lower, upper) (histogram/spec.hpp states the rule; every kernel
// bins a sample through histogram/bin_rule.hpp, the host's own code).
//
//   histogram_global_atomics   the baseline: one global atomicAdd per sample.
//                              Same-bin atomics serialise in L2: the cost
//                              grows as the data narrow to few bins.
//   histogram_smem_privatised  each block counts into bins of its own in
//                              shared memory, then adds each nonzero bin to
//                              the global one: n shared atomics, at most
//                              `bins` global ones a block. Flaw: two lanes
//                              whose bins are different words of one bank (k
//                              and k + 32j) conflict, and serialise.
//   histogram_smem_lane_banks  privatised with 32 copies of every bin: lane
//                              l counts into word 32k + l, in bank l, so no
//                              two lanes of a warp ever share a bank (nor a
//                              word). Cost: 32 copies of the bins in shared
//                              memory (32 KiB for 256 bins) and a 32-copy merge.
//   histogram_smem_wide        the lane-banks layout, fed 16 bytes a thread a
//                              load (two in flight) from a fixed grid of about
//                              two resident waves (histogram::wide_blocks), so
//                              the merge runs in few blocks; integer samples
//                              binned in 32-bit arithmetic without a division
//                              (bin_rule.hpp's integer_bin_32), and with one
//                              bin per value by a kernel whose bin is the
//                              offset, chosen at launch; 16 bytes of one
//                              repeated sample counted by one atomic.
//                              Precondition: data 16-byte aligned.
//
// Every kernel is instantiated for each sample type of histogram::kTypings;
// the shared bins are dynamic (their count is the binning's). Grid:
// min(⌈n/B⌉, kMaxBlocks) blocks of B threads (the wide row: wide_blocks),
// grid-stride over the samples (64-bit indices: n reaches 2^32 - 1). Every launcher clears the bins on
// the stream first: the kernels only add. Counts are exact, in any order
// the atomics run.

#include <type_traits>

#include "common/cuda/cuda_check.hpp"
#include "common/cuda/device_types.cuh"
#include "common/cuda/interop.hpp"
#include "common/preconditions.hpp"
#include "histogram/cuda/histogram_cuda.hpp"

namespace smemc::histogram {
namespace {

constexpr int kLanes = 32;  // a warp, and the banks of shared memory

// A sample's bin, or -1 where it does not count: integers exactly in 64-bit
// integers, floating samples widened (exactly) to double.
template <typename T>
__device__ __forceinline__ long long bin_of(T x, const rule::BinParams& p) {
  if constexpr (std::is_integral_v<T>) {
    return rule::integer_bin(static_cast<long long>(x), p);
  } else {
    return rule::floating_bin(widen<double>(x), p);
  }
}

template <typename T>
__global__ void histogram_global_atomics(const T* data, long long n, rule::BinParams p, unsigned* bins) {
  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    const long long k = bin_of(data[i], p);
    if (k >= 0) atomicAdd(&bins[k], 1u);
  }
}

template <typename T>
__global__ void histogram_smem_privatised(const T* data, long long n, rule::BinParams p, unsigned* bins) {
  extern __shared__ unsigned block_bins[];  // p.bins words
  const int count = static_cast<int>(p.bins);
  for (int k = threadIdx.x; k < count; k += blockDim.x) block_bins[k] = 0;
  __syncthreads();  // every bin is zero before the first count

  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    const long long k = bin_of(data[i], p);
    if (k >= 0) atomicAdd(&block_bins[k], 1u);
  }
  __syncthreads();  // every count is in before the merge reads the bins

  for (int k = threadIdx.x; k < count; k += blockDim.x) {
    if (block_bins[k] != 0) atomicAdd(&bins[k], block_bins[k]);
  }
}

// The lane-banks layout's two ends: its copies cleared before the counting,
// and summed into the global bins after it.
__device__ void clear_lane_bins(unsigned* lane_bins, int count) {
  for (int w = threadIdx.x; w < count * kLanes; w += blockDim.x) lane_bins[w] = 0;
  __syncthreads();  // every copy is zero before the first count
}
__device__ void merge_lane_bins(const unsigned* lane_bins, int count, unsigned* bins) {
  __syncthreads();  // every count is in before the merge reads the copies
  // Thread k sums bin k's copies starting at copy k mod 32: at each step the
  // warp's 32 reads (bins k..k+31) fall in 32 different banks.
  for (int k = threadIdx.x; k < count; k += blockDim.x) {
    unsigned total = 0;
    for (int c = 0; c < kLanes; ++c) total += lane_bins[k * kLanes + (k + c) % kLanes];
    if (total != 0) atomicAdd(&bins[k], total);
  }
}

template <typename T>
__global__ void histogram_smem_lane_banks(const T* data, long long n, rule::BinParams p, unsigned* bins) {
  extern __shared__ unsigned lane_bins[];  // bin k of lane l: word 32k + l
  const int count = static_cast<int>(p.bins);
  clear_lane_bins(lane_bins, count);
  const int lane = threadIdx.x % kLanes;
  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    const long long k = bin_of(data[i], p);
    if (k >= 0) atomicAdd(&lane_bins[k * kLanes + lane], 1u);
  }
  merge_lane_bins(lane_bins, count, bins);
}

// The wide row's bin: integer samples in 32-bit arithmetic without a
// division (bin_rule.hpp's integer_bin_32), the others by the rule as every
// row bins them.
template <typename T>
__device__ __forceinline__ int wide_bin_of(T x, const rule::BinParams& p, const rule::IntegerBins32& b) {
  if constexpr (std::is_integral_v<T>) {
    return rule::integer_bin_32(static_cast<std::int32_t>(x), b);
  } else {
    return static_cast<int>(bin_of(x, p));
  }
}

// True when the 16 bytes hold one sample repeated: the four words equal,
// and for samples narrower than a word the word its first sample repeated
// (the bits, so every copy has that sample's bin).
template <typename T>
__device__ __forceinline__ bool one_sample_repeated(const uint4& v) {
  const bool words_equal = ((v.x ^ v.y) | (v.y ^ v.z) | (v.z ^ v.w)) == 0;  // two three-input logic ops and a test
  if constexpr (sizeof(T) == 1) return words_equal && v.x == __byte_perm(v.x, 0, 0x0000);
  if constexpr (sizeof(T) == 2) return words_equal && v.x == __byte_perm(v.x, 0, 0x1010);
  // 4-byte samples: the words. 8-byte ones take it only when all four words
  // are equal, so a repeated sample whose two words differ is counted one by
  // one: exact, only slower (comparing x with z and y with w would take it).
  return words_equal;
}

// kOneBinPerValue (integer samples whose bins equal the range, chosen at
// launch): the bin is the offset, where the generic kernel asks the rule.
template <typename T, bool kOneBinPerValue>
__global__ void histogram_smem_wide(const T* data, long long n, rule::BinParams p, unsigned* bins) {
  constexpr int kPerVector = static_cast<int>(kWideBytes / sizeof(T));
  extern __shared__ unsigned lane_bins[];  // bin k of lane l: word 32k + l
  const int count = static_cast<int>(p.bins);
  clear_lane_bins(lane_bins, count);
  const int lane = threadIdx.x % kLanes;
  const rule::IntegerBins32 integer_bins = rule::integer_bins_32(p);
  unsigned* const lane_copy = lane_bins + lane;  // this lane's copy of the bins: bin k at lane_copy[32k]
  // Counts `copies` samples x: a run's, or one.
  const auto count_samples = [&](T x, unsigned copies) {
    if constexpr (kOneBinPerValue) {
      const auto offset = static_cast<std::uint32_t>(static_cast<std::int32_t>(x) - integer_bins.lower);
      if (offset < integer_bins.range) atomicAdd(lane_copy + offset * kLanes, copies);
    } else {
      const int k = wide_bin_of(x, p, integer_bins);
      if (k >= 0) atomicAdd(lane_copy + k * kLanes, copies);
    }
  };
  const auto count_vector = [&](const uint4& v) {
    T samples[kPerVector];
    memcpy(samples, &v, sizeof v);
    if (one_sample_repeated<T>(v)) {  // a run: one atomic for the vector
      count_samples(samples[0], kPerVector);
      return;
    }
#pragma unroll
    for (int j = 0; j < kPerVector; ++j) count_samples(samples[j], 1u);
  };
  const auto* vectors = reinterpret_cast<const uint4*>(data);  // 16-byte aligned: the row's precondition
  const long long full = n / kPerVector, threads = static_cast<long long>(gridDim.x) * blockDim.x;
  const long long g = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  long long q = g;
  for (; q + threads < full; q += 2 * threads) {  // two 16-byte loads in flight
    const uint4 first = vectors[q], second = vectors[q + threads];
    count_vector(first);
    count_vector(second);
  }
  for (; q < full; q += threads) count_vector(vectors[q]);
  for (long long i = kPerVector * full + g; i < n; i += threads) count_samples(data[i], 1u);
  merge_lane_bins(lane_bins, count, bins);
}

// Each variant's kernel for a sample type, the shared words a bin takes
// in it (0: none), and its grid.
struct SampleGrid {  // min(⌈n/B⌉, kMaxBlocks): one sample a thread a step
  static std::int64_t blocks(const Args& a) { return blocks_for(a.n, a.block); }
};
template <typename T>
struct GlobalAtomics : SampleGrid {
  static constexpr auto kernel = &histogram_global_atomics<T>;
  static constexpr int shared_words_per_bin = 0;
};
template <typename T>
struct SmemPrivatised : SampleGrid {
  static constexpr auto kernel = &histogram_smem_privatised<T>;
  static constexpr int shared_words_per_bin = 1;
};
template <typename T>
struct SmemLaneBanks : SampleGrid {
  static constexpr auto kernel = &histogram_smem_lane_banks<T>;
  static constexpr int shared_words_per_bin = kLanes;
};
template <typename T>
struct SmemWide {
  static constexpr auto kernel = &histogram_smem_wide<T, false>;
  static constexpr int shared_words_per_bin = kLanes;
  static std::int64_t blocks(const Args& a) { return wide_blocks(a.n, a.block, a.typing); }
  // Integer samples with one bin per value: the kernel whose bin is the
  // offset (the probe of 2026-12-04: 0.86 to 1.03 of CUB on random bytes).
  static auto kernel_for(const rule::BinParams& p) {
    if constexpr (std::is_integral_v<T>) {
      if (p.bins == p.integer_range) return &histogram_smem_wide<T, true>;
    }
    return kernel;
  }
};

// A variant's kernel for this binning: its kernel_for where it chooses one.
template <typename V>
auto kernel_for(const rule::BinParams& p) {
  if constexpr (requires { V::kernel_for(p); }) {
    return V::kernel_for(p);
  } else {
    return V::kernel;
  }
}

// Table glue, the same for every variant: the spec's checks, the bins
// cleared on the stream, then the kernel of the launch's sample type (none
// for n = 0).
template <template <typename> class Variant, const std::string_view& name>
void launch_counts(const Args& a, Stream s) {
  const bool has_data = validate(spec_named(name), a);
  auto* bins = device_pointer<unsigned>(a.bins);
  SMEMC_CUDA_CHECK(cudaMemsetAsync(bins, 0, static_cast<std::size_t>(a.binning.bins) * sizeof(unsigned), as_cuda(s)));
  if (!has_data) return;
  const rule::BinParams p = params_of(a.binning);
  dispatch_typing<kTypings>(a.typing, [&]<std::size_t I>() {
    using T = DeviceType<kTypings[I].element>;
    using V = Variant<T>;
    const std::size_t shared = static_cast<std::size_t>(V::shared_words_per_bin * p.bins) * sizeof(unsigned);
    kernel_for<V>(p)<<<static_cast<unsigned>(V::blocks(a)), a.block, shared, as_cuda(s)>>>(device_pointer<const T>(a.data),
                                                                                           static_cast<long long>(a.n), p, bins);
  });
  cuda_check(cudaGetLastError(), ("launch of " + std::string(name)).c_str(), __FILE__, __LINE__);
}

// One table line per variant: its name (written once), its launcher and its
// kernel for byte samples (its shared bins are dynamic: no static shared
// memory).
template <template <typename> class Variant, const std::string_view& name>
CudaLine<Entry> line() {
  return {{name, &launch_counts<Variant, name>}, kernel_symbol<Variant<unsigned char>::kernel>(name, 0)};
}

constexpr std::string_view kGlobalAtomics = "histogram_global_atomics";
constexpr std::string_view kSmemPrivatised = "histogram_smem_privatised";
constexpr std::string_view kSmemLaneBanks = "histogram_smem_lane_banks";
constexpr std::string_view kSmemWide = "histogram_smem_wide";

const std::vector<CudaLine<Entry>>& lines() {
  static const std::vector<CudaLine<Entry>> all = {
      line<GlobalAtomics, kGlobalAtomics>(),
      line<SmemPrivatised, kSmemPrivatised>(),
      line<SmemLaneBanks, kSmemLaneBanks>(),
      line<SmemWide, kSmemWide>(),
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
