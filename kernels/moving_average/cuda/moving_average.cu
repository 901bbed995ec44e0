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
//
// Types: block and scan are instantiated for every typing of the family's
// list (spec.hpp, kTypings), by its index I: elements E widened to the
// accumulator A as they are staged (unsigned for the integer accumulators:
// their additions wrap, and the domain keeps them from it), the sums and
// carries in A, the mean as model::mean_of computes it, stored as E
// (narrow: one rounding to nearest even for half and bfloat16). The float
// instantiation (I = 0) is the text's kernel.

#include "common/cuda/cuda_check.hpp"
#include "common/cuda/device_types.cuh"
#include "common/cuda/interop.hpp"
#include "common/preconditions.hpp"
#include "moving_average/cuda/moving_average_cuda.hpp"
#include "moving_average/host_models.hpp"

namespace smemc::moving_average {
namespace {

// The types of typing I of the family's list.
template <std::size_t I>
struct Types {
  static constexpr Typing typing = kTypings[I];
  using E = DeviceType<typing.element>;
  using A = DeviceModel<typing.accumulator>;
  static constexpr bool kSignedMean = is_signed_integer(typing.accumulator);
};

// model::mean_of on the device: a floating quotient by the divisor converted
// to A, or the exact quotient truncated toward zero.
template <typename A, bool kSigned>
__device__ A mean_of(A sum, long long count) {
  if constexpr (std::is_floating_point_v<A>) {
    return sum / static_cast<A>(count);
  } else if constexpr (kSigned) {
    return static_cast<A>(static_cast<long long>(sum) / count);
  } else {
    return sum / static_cast<A>(count);
  }
}

// Dynamic shared memory as an array of A: one extern array of bytes, viewed
// as each instantiation's type (extern __shared__ arrays of different types
// alias, the texts' fact; one declaration keeps nvcc from seeing them clash).
template <typename A>
__device__ A* dynamic_shared() {
  extern __shared__ __align__(16) unsigned char moving_average_shared[];
  return reinterpret_cast<A*>(moving_average_shared);
}

// gpu_shared_memory for up to 1024 elements: the array is sized at launch,
// and the dead trailing store is gone.
template <std::size_t I>
__global__ void moving_average_block_kernel(typename Types<I>::E* data) {
  using T = Types<I>;
  using A = typename T::A;
  A* values = dynamic_shared<A>();
  const int index = threadIdx.x;
  values[index] = widen<A>(data[index]);
  __syncthreads();  // every element is in shared memory before anyone sums
  A sum = A(0);
  for (int i = 0; i <= index; ++i) sum += values[i];
  data[index] = narrow<typename T::E>(mean_of<A, T::kSignedMean>(sum, index + 1));
}

// Inclusive scan of one value per thread across the block (Hillis-Steele):
// after the step at distance d, thread t holds the sum of the 2d values
// ending at t. Returns thread t's inclusive prefix; s holds blockDim.x values.
template <typename A>
__device__ A block_inclusive_scan(A v, A* s) {
  const int t = threadIdx.x;
  s[t] = v;
  for (int d = 1; d < static_cast<int>(blockDim.x); d *= 2) {
    __syncthreads();  // the previous step's values are all in s
    A left = A(0);
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
template <std::size_t I>
__global__ void scan_tile_totals(long long n, const typename Types<I>::E* data, typename Types<I>::A* totals) {
  using A = typename Types<I>::A;
  const long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  const A total = block_inclusive_scan(i < n ? widen<A>(data[i]) : A(0), dynamic_shared<A>());
  if (threadIdx.x == blockDim.x - 1) totals[blockIdx.x] = total;
}

// Phase 2, one block: replaces the tile totals by exclusive carries (the sum
// of all earlier tiles), kCarryThreads totals at a time.
template <typename A>
__global__ void __launch_bounds__(model::kCarryThreads) scan_carries(int tiles, A* totals) {
  __shared__ A s[model::kCarryThreads];
  const int t = threadIdx.x;
  A carry = A(0);
  for (int base = 0; base < tiles; base += blockDim.x) {
    const int i = base + t;
    block_inclusive_scan(i < tiles ? totals[i] : A(0), s);
    __syncthreads();  // the scan's last writes are visible to every thread
    const A before = t > 0 ? s[t - 1] : A(0);
    if (i < tiles) totals[i] = carry + before;
    carry = carry + s[blockDim.x - 1];
    __syncthreads();  // everyone has read s before the next chunk overwrites it
  }
}

// Phase 3: rescan each tile, add its carry, divide, overwrite in place.
template <std::size_t I>
__global__ void scan_apply_means(long long n, typename Types<I>::E* data, const typename Types<I>::A* carries) {
  using T = Types<I>;
  using A = typename T::A;
  const long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
  const A prefix = block_inclusive_scan(i < n ? widen<A>(data[i]) : A(0), dynamic_shared<A>());
  if (i < n) data[i] = narrow<typename T::E>(mean_of<A, T::kSignedMean>(A(carries[blockIdx.x] + prefix), i + 1));
}

template <std::size_t I>
void launch_block_typed(const Args& a, cudaStream_t stream) {
  using T = Types<I>;
  const int threads = static_cast<int>(a.n);
  moving_average_block_kernel<I><<<1, threads, threads * sizeof(typename T::A), stream>>>(device_pointer<typename T::E>(a.data));
  SMEMC_CHECK_LAUNCH("moving_average_block_kernel");
}

template <std::size_t I>
void launch_scan_typed(const Args& a, cudaStream_t stream) {
  using T = Types<I>;
  using A = typename T::A;
  auto* data = device_pointer<typename T::E>(a.data);
  A* carries = device_pointer<A>(a.workspace);
  const auto tiles = static_cast<int>(ceil_div(a.n, a.block));
  const std::size_t tile_bytes = a.block * sizeof(A);
  scan_tile_totals<I><<<tiles, a.block, tile_bytes, stream>>>(a.n, data, carries);
  SMEMC_CHECK_LAUNCH("scan_tile_totals");
  scan_carries<A><<<1, model::kCarryThreads, 0, stream>>>(tiles, carries);
  SMEMC_CHECK_LAUNCH("scan_carries");
  scan_apply_means<I><<<tiles, a.block, tile_bytes, stream>>>(a.n, data, carries);
  SMEMC_CHECK_LAUNCH("scan_apply_means");
}

void launch_block(const Args& a, Stream s) {
  if (!validate(spec_named("moving_average_block"), a)) return;
  dispatch_typing<kTypings>(a.typing, [&]<std::size_t I>() { launch_block_typed<I>(a, as_cuda(s)); });
}

void launch_scan(const Args& a, Stream s) {
  if (!validate(spec_named("moving_average_scan"), a)) return;
  dispatch_typing<kTypings>(a.typing, [&]<std::size_t I>() { launch_scan_typed<I>(a, as_cuda(s)); });
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

// The f32 instantiations: the kernels the shared-memory facts know.
std::span<const KernelSymbol> kernel_symbols() {
  static const KernelSymbol symbols[] = {
      seed_kernel_symbol(),
      kernel_symbol<&moving_average_block_kernel<0>>("moving_average_block_kernel", 0),
      kernel_symbol<&scan_tile_totals<0>>("scan_tile_totals", 0),
      kernel_symbol<&scan_carries<float>>("scan_carries", sizeof(float) * model::kCarryThreads),
      kernel_symbol<&scan_apply_means<0>>("scan_apply_means", 0),
      lookback_kernel_symbol(),
  };
  return symbols;
}

}  // namespace smemc::moving_average
