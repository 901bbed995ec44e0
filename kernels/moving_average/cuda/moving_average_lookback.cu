// moving_average_lookback: the last rung of the moving averages, one pass.
//
// Idea: each block takes a ticket (its tile, in the order blocks start) and
//   scans a tile of 24B elements: thread h takes elements 24h..24h+23 and
//   scans them serially, the warps scan the thread totals with shuffles,
//   warp 0 scans the warp totals. The tile then publishes its aggregate in
//   its status word and warp 0 looks back: 32 predecessors' status words at
//   a time, adding aggregates (nearest first) until it meets a tile that has
//   published its inclusive prefix; it publishes its own inclusive prefix,
//   and every thread writes (E + X) + l_k over (i + 1).
// Staged accesses: a thread's 24 elements are six float4s, and a warp that
//   read them in place would touch 32 sectors an instruction and use 16
//   bytes of each (ncu, 2026-12-04-b: half of every sector). Each warp
//   instead reads its 32 x 24 contiguous elements striped, 512 contiguous
//   bytes an instruction, into its own region of shared memory, and each
//   thread takes its six float4s from there; the means leave the same way.
//   The order of the additions is the same either way (the model does not
//   know about the staging). The warp whose span holds n reads and writes
//   in place (the warps past it have nothing to move).
// Cost: every element read and written once, whole sectors, one launch
//   (plus clearing the status words); a tile waits only for its
//   predecessors to publish; 96B bytes of shared memory (96 KB at
//   B = 1024: more than 48 KB takes the launcher's opt-in).
// Why 24 elements a thread: a tile holds its block's slot for its loads and
//   then its look-back, a few dependent round trips to L2 whatever the
//   tile's size, so the bytes a tile brings decide the bytes in flight. With
//   8 a thread (this row until 0.6.0) the H200 kept 660 tiles of 8 KB going
//   (B = 256) and ran at 0.45 of CUB's scan, whose 128-thread tiles of 24
//   floats a thread (12 KB) keep 96 KB an SM in flight. The probe
//   (docs/results/probes/2026-12-04-d-lookback-items.cu, 2026-12-05) ran
//   24 a thread staged at 0.76-0.77 of CUB, 24 in place at 0.55-0.61, 12
//   in place at 0.65-0.73, 16 and 32 staged at 0.68 and 0.65.
// Determinism: run to run. Which predecessors have published an inclusive
//   prefix when a tile looks back depends on timing, so the additions that
//   form E differ between runs; the first tile (E = +0) is bit for bit the
//   model's, and every prefix is within the bound of its depth, which the
//   deepest look-back (E_t = the inclusive prefix of tile t - 1) bounds
//   (host_models.hpp: lookback_sums).
// Preconditions: B a power of two in [32, 1024]; at most INT_MAX tiles;
//   data 16-byte aligned; workspace ceil(n/24B) + 1 words of 8 bytes, which
//   the launcher clears on the stream; 96B bytes of shared memory a block
//   on the device (every GPU from sm_80 on has 96 KB; the launcher refuses
//   a block the device cannot stage).
// Forward progress: a tile only waits for tiles with earlier tickets, whose
//   blocks have started and never wait for later ones: no deadlock however
//   the blocks are scheduled. The scheduling adversary below holds that to
//   a test (tests/scheduling): the same code with block 0 started last.

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "common/cuda/cuda_check.hpp"
#include "common/cuda/interop.hpp"
#include "common/preconditions.hpp"
#include "moving_average/cuda/moving_average_cuda.hpp"
#include "moving_average/host_models.hpp"

namespace smemc::moving_average {
namespace {

constexpr int kItems = model::kLookbackItems;
static_assert(kItems % 4 == 0, "a thread's elements are whole float4s");
constexpr int kQuads = kItems / 4;  // float4s a thread
constexpr unsigned kFull = 0xffffffffu;

// A tile's status word: the flag in the high half, the float's bits in the
// low half, written and read as one 8-byte word so that no reader sees a
// flag without its value.
enum Flag : unsigned { kNotYet = 0, kAggregate = 1, kInclusive = 2 };
using Status = unsigned long long;

__device__ Status pack(Flag flag, float value) { return static_cast<Status>(flag) << 32 | __float_as_uint(value); }

__device__ void publish(Status* status, int tile, Flag flag, float value) {
  *reinterpret_cast<volatile Status*>(status + tile) = pack(flag, value);
}

// The scheduling adversary's hooks (launch_lookback_block0_last): where a
// wait would never end, a bounded one gives up after a second and says so,
// instead of hanging the test.
struct Adversary {
  unsigned* finished = nullptr;       // blocks done (block 0 waits for all others)
  unsigned* timed_out = nullptr;      // set when a bounded wait gave up
  unsigned* block0_ticket = nullptr;  // the tile block 0 took
};

__device__ unsigned long long nanoseconds() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// Gives up (true) once `since` is a second old, and says so in *timed_out.
__device__ bool waited_too_long(unsigned long long since, unsigned* timed_out) {
  if (nanoseconds() - since < 1000000000ull) return false;
  atomicExch(timed_out, 1u);
  return true;
}

template <bool kBounded>
__device__ Status wait_for(const Status* status, int tile, const Adversary& adversary) {
  Status s;
  const unsigned long long since = kBounded ? nanoseconds() : 0;
  do {
    s = *reinterpret_cast<const volatile Status*>(status + tile);
    if constexpr (kBounded) {
      if ((s >> 32) == kNotYet && waited_too_long(since, adversary.timed_out)) return pack(kInclusive, 0.0f);
    }
  } while ((s >> 32) == kNotYet);
  return s;
}

// Inclusive Hillis-Steele scan across the warp: after the step at distance
// d, lane l holds the sum of the 2d values ending at l.
__device__ float warp_inclusive_scan(float v, int lane) {
  for (int d = 1; d < 32; d *= 2) {
    const float left = __shfl_up_sync(kFull, v, d);
    if (lane >= d) v = left + v;
  }
  return v;
}

// Warp 0's look-back for tile > 0: the exclusive prefix E, the sum of the
// predecessors' aggregates from the nearest, ending with the first
// inclusive prefix met. Every lane returns the same value.
template <bool kBounded>
__device__ float look_back(const Status* status, int tile, int lane, const Adversary& adversary) {
  bool any = false;
  float running = 0.0f;
  for (int nearest = tile - 1;; nearest -= 32) {
    const int j = nearest - lane;
    // Tile 0 always publishes its inclusive prefix, so no window reads
    // past it; lanes beyond it hold an inclusive +0 they never contribute.
    const Status s = j >= 0 ? wait_for<kBounded>(status, j, adversary) : pack(kInclusive, 0.0f);
    const unsigned inclusive = __ballot_sync(kFull, (s >> 32) == kInclusive);
    const int last = inclusive != 0 ? __ffs(inclusive) - 1 : 31;
    const float value = __uint_as_float(static_cast<unsigned>(s));
    for (int k = 0; k <= last; ++k) {
      const float v = __shfl_sync(kFull, value, k);
      running = any ? running + v : v;
      any = true;
    }
    if (inclusive != 0) return running;
  }
}

// The kernel's body; kAdversary: block 0 takes its ticket only once every
// other block has finished, and every wait is bounded.
template <bool kAdversary>
__device__ __forceinline__ void lookback_scan_body(long long n, float* data, Status* status, unsigned* ticket,
                                                   const Adversary& adversary) {
  __shared__ int tile_of_block;
  __shared__ float warp_prefix[32];  // the warp totals, then the warps' exclusive prefixes
  __shared__ float tile_aggregate;
  __shared__ float tile_exclusive;
  extern __shared__ float4 lookback_staging[];  // B * kItems floats (staging_bytes): a region of 32 * kItems a warp
  if constexpr (kAdversary) {
    if (blockIdx.x == 0 && threadIdx.x == 0) {
      const unsigned long long since = nanoseconds();
      while (*reinterpret_cast<volatile unsigned*>(adversary.finished) < gridDim.x - 1 &&
             !waited_too_long(since, adversary.timed_out)) {
      }
    }
  }
  if (threadIdx.x == 0) tile_of_block = static_cast<int>(atomicAdd(ticket, 1u));
  if constexpr (kAdversary) {
    if (blockIdx.x == 0 && threadIdx.x == 0) *adversary.block0_ticket = static_cast<unsigned>(tile_of_block);
  }
  __syncthreads();  // the ticket is known to the block
  const int tile = tile_of_block;
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32, warps = blockDim.x / 32;
  const long long first = (static_cast<long long>(tile) * blockDim.x + threadIdx.x) * kItems;

  // The thread's elements, then in place its serial inclusive scan l_k,
  // then its means (one array: 24 floats in registers, not three).
  float l[kItems];
  float4* const warp_staging = lookback_staging + warp * 32 * kQuads;
  const long long warp_first = (static_cast<long long>(tile) * blockDim.x + warp * 32) * kItems;
  const bool staged = warp_first + 32 * kItems <= n;  // the warp's whole span is in range: the same for all its lanes
  if (staged) {
    // Striped in (instruction q of the warp reads float4s 32q..32q+31 of
    // its span: 512 contiguous bytes), blocked out (lane h takes its own
    // kQuads float4s).
    const float4* from = reinterpret_cast<const float4*>(data + warp_first);
#pragma unroll
    for (int q = 0; q < kQuads; ++q) warp_staging[q * 32 + lane] = from[q * 32 + lane];
    __syncwarp();  // the warp's span is in its region
#pragma unroll
    for (int q = 0; q < kQuads; ++q) {
      const float4 x = warp_staging[lane * kQuads + q];
      l[4 * q] = x.x, l[4 * q + 1] = x.y, l[4 * q + 2] = x.z, l[4 * q + 3] = x.w;
    }
  } else if (first + kItems <= n) {  // a warp that reaches past n: its threads with all their elements in range
#pragma unroll
    for (int q = 0; q < kQuads; ++q) {
      const float4 x = *reinterpret_cast<const float4*>(data + first + 4 * q);
      l[4 * q] = x.x, l[4 * q + 1] = x.y, l[4 * q + 2] = x.z, l[4 * q + 3] = x.w;
    }
  } else {
#pragma unroll
    for (int k = 0; k < kItems; ++k) l[k] = first + k < n ? data[first + k] : 0.0f;
  }
#pragma unroll
  for (int k = 1; k < kItems; ++k) l[k] = l[k - 1] + l[k];

  const float lanes = warp_inclusive_scan(l[kItems - 1], lane);
  const float lane_before = __shfl_up_sync(kFull, lanes, 1);
  const float lane_exclusive = lane > 0 ? lane_before : 0.0f;
  if (lane == 31) warp_prefix[warp] = lanes;
  __syncthreads();  // every warp total is in shared memory
  if (warp == 0) {
    const float warps_inclusive = warp_inclusive_scan(lane < warps ? warp_prefix[lane] : 0.0f, lane);
    const float warp_before = __shfl_up_sync(kFull, warps_inclusive, 1);
    __syncwarp();  // warp 0 has read every warp total before it overwrites them
    if (lane < warps) warp_prefix[lane] = lane > 0 ? warp_before : 0.0f;
    if (lane == warps - 1) tile_aggregate = warps_inclusive;
  }
  __syncthreads();  // the warps' exclusive prefixes and the aggregate are in shared memory
  const float thread_prefix = warp_prefix[warp] + lane_exclusive;

  if (warp == 0) {
    const float aggregate = tile_aggregate;
    float exclusive = 0.0f;
    if (tile > 0) {
      if (lane == 0) publish(status, tile, kAggregate, aggregate);
      exclusive = look_back<kAdversary>(status, tile, lane, adversary);
    }
    if (lane == 0) {
      publish(status, tile, kInclusive, exclusive + aggregate);
      tile_exclusive = exclusive;
    }
  }
  __syncthreads();  // the tile's exclusive prefix is known to the block
  const float base = tile_exclusive + thread_prefix;
#pragma unroll
  for (int k = 0; k < kItems; ++k) l[k] = (base + l[k]) / static_cast<float>(first + k + 1);
  if (staged) {
    // The way in, backwards. Every lane read its elements from the region
    // before the block's __syncthreads above, so the region is free.
#pragma unroll
    for (int q = 0; q < kQuads; ++q)
      warp_staging[lane * kQuads + q] = make_float4(l[4 * q], l[4 * q + 1], l[4 * q + 2], l[4 * q + 3]);
    __syncwarp();  // the warp's means are in its region
    float4* to = reinterpret_cast<float4*>(data + warp_first);
#pragma unroll
    for (int q = 0; q < kQuads; ++q) to[q * 32 + lane] = warp_staging[q * 32 + lane];
  } else if (first + kItems <= n) {
#pragma unroll
    for (int q = 0; q < kQuads; ++q) {
      *reinterpret_cast<float4*>(data + first + 4 * q) = make_float4(l[4 * q], l[4 * q + 1], l[4 * q + 2], l[4 * q + 3]);
    }
  } else {
#pragma unroll
    for (int k = 0; k < kItems; ++k) {
      if (first + k < n) data[first + k] = l[k];
    }
  }
  if constexpr (kAdversary) {
    __syncthreads();  // every thread of the block has written its outputs
    if (threadIdx.x == 0) {
      __threadfence();
      atomicAdd(adversary.finished, 1u);
    }
  }
}

__global__ void __launch_bounds__(1024) lookback_scan(long long n, float* data, Status* status, unsigned* ticket) {
  lookback_scan_body<false>(n, data, status, ticket, Adversary{});
}

__global__ void __launch_bounds__(1024)
    lookback_scan_block0_last(long long n, float* data, Status* status, unsigned* ticket, Adversary adversary) {
  lookback_scan_body<true>(n, data, status, ticket, adversary);
}

// The kernel's __shared__ variables (140 bytes), padded to the float4
// alignment of the staging that follows them: the 144 bytes ptxas and
// cudaFuncGetAttributes report with nvcc 13.0 (the H200, 2026-12-05). The
// layout before an extern array is the compiler's (README, shared-memory
// facts): tests/smem_facts holds this figure exactly, so a toolkit that
// lays it out otherwise fails there and says so.
constexpr int kStaticSharedBytes = (sizeof(int) + sizeof(float) * 34 + alignof(float4) - 1) / alignof(float4) * alignof(float4);
std::size_t staging_bytes(int block) { return static_cast<std::size_t>(block) * kItems * sizeof(float); }

// Lets `kernel` take the staging of a block of `block` threads: past 48 KB
// a block (B >= 512) only after an opt-in, and only up to the device's
// limit, which a block it exceeds is refused against.
template <typename Kernel>
void allow_staging(Kernel* kernel, const char* name, int block) {
  const std::size_t bytes = staging_bytes(block);
  int device = 0, most = 0;
  SMEMC_CUDA_CHECK(cudaGetDevice(&device));
  SMEMC_CUDA_CHECK(cudaDeviceGetAttribute(&most, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
  if (bytes + kStaticSharedBytes > static_cast<std::size_t>(most)) {
    throw std::invalid_argument(std::string(name) + ": a block of " + std::to_string(block) + " threads stages " +
                                std::to_string(bytes + kStaticSharedBytes) + " bytes of shared memory; device " +
                                std::to_string(device) + " allows " + std::to_string(most) + " a block");
  }
  SMEMC_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(bytes)));
}

}  // namespace

// The launch's status words (cleared on the stream) and its ticket counter.
struct LookbackLaunch {
  float* data;
  Status* status;
  unsigned* ticket;
  unsigned tiles;
};
LookbackLaunch prepare_lookback(const char* name, const Args& a, Stream s) {
  float* data = device_pointer<float>(a.data);
  require_aligned(name, data, 16);
  const std::int64_t tiles = ceil_div(a.n, std::int64_t{kItems} * a.block);
  auto* status = device_pointer<Status>(a.workspace);
  SMEMC_CUDA_CHECK(
      cudaMemsetAsync(status, 0, spec_named("moving_average_lookback").workspace_bytes(a.n, a.block, a.typing), as_cuda(s)));
  return {data, status, reinterpret_cast<unsigned*>(status + tiles), static_cast<unsigned>(tiles)};
}

void launch_moving_average_lookback(const Args& a, Stream s) {
  constexpr const char* kName = "moving_average_lookback";
  if (!validate(spec_named(kName), a)) return;
  allow_staging(lookback_scan, kName, a.block);
  const LookbackLaunch l = prepare_lookback(kName, a, s);
  lookback_scan<<<l.tiles, a.block, staging_bytes(a.block), as_cuda(s)>>>(a.n, l.data, l.status, l.ticket);
  SMEMC_CHECK_LAUNCH("lookback_scan");
}

void launch_lookback_block0_last(const Args& a, Stream s, unsigned* counters) {
  constexpr const char* kName = "moving_average_lookback (block 0 last)";
  if (counters == nullptr) throw std::invalid_argument(std::string(kName) + ": counters is null");
  if (!validate(spec_named("moving_average_lookback"), a)) return;
  allow_staging(lookback_scan_block0_last, kName, a.block);
  const LookbackLaunch l = prepare_lookback(kName, a, s);
  SMEMC_CUDA_CHECK(cudaMemsetAsync(counters, 0, 3 * sizeof(unsigned), as_cuda(s)));
  lookback_scan_block0_last<<<l.tiles, a.block, staging_bytes(a.block), as_cuda(s)>>>(
      a.n, l.data, l.status, l.ticket, Adversary{counters, counters + 1, counters + 2});
  SMEMC_CHECK_LAUNCH("lookback_scan_block0_last");
}

KernelSymbol lookback_kernel_symbol() { return kernel_symbol<&lookback_scan>("lookback_scan", kStaticSharedBytes); }

}  // namespace smemc::moving_average
