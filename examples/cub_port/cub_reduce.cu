// The reduction family in the CUB port: the implementation table and its
// kernels.
//
//   cub_device_reduce_sum    port row, deterministic: cub::DeviceReduce::Sum,
//                            CUB's own launch shape and scratch, in float,
//                            double, half and int64 (the exact class)
//   cub_block_reduce_atomic  port row, unordered: a kernel of the port's own,
//                            cub::BlockReduce per block and an atomicAdd
//   reduce_smem_fixup        the spec's row, ported with a fixed 512-float
//                            shared array: narrowed to B ≤ 512
//
// The spec's other rows are not ported (declared, each with the reason).
#include <cub/block/block_reduce.cuh>
#include <cub/device/device_reduce.cuh>

#include <climits>
#include <cstdint>
#include <span>
#include <string_view>

#include "common/cuda/cuda_check.hpp"
#include "common/cuda/device_types.cuh"
#include "common/cuda/interop.hpp"
#include "common/preconditions.hpp"
#include "reduce/cuda/fixup.hpp"
#include "reduce/host_models.hpp"
#include "reduce/spec.hpp"

namespace smemc::reduce {
namespace {

constexpr std::int64_t kIntMax = INT_MAX;
constexpr std::string_view kNumItemsInt = "CUB's num_items passed as int";
constexpr std::int64_t F = sizeof(float);

// --- cub_device_reduce_sum -----------------------------------------------------
// Idea: the library call. CUB picks its tiles and grid for the device.
// Cost: about one read of the input; two kernels; scratch from
//   cudaMallocAsync on the stream, freed on it.
// Determinism: CUB's two-phase DeviceReduce is run-to-run deterministic on
//   one device (its documented default); its order is CUB's, not stated:
//   the deterministic class, the worst-case depth n - 1.
// Types: what CUB's Sum documents, and no more: it adds with `+` from 0, in
//   the output type (Sum takes the output's value type as its initial
//   value's, and the accumulator is what `+` of the input and that gives):
//   float, double, half added in half (so the bound is half's, u = 2^-11,
//   and says nothing past n = 2048), and int64, which the row states as
//   wrapping modulo 2^64 (CUDA's two's complement addition).
constexpr Typing kSumTypings[] = {
    kF32,
    {Scalar::f64, Scalar::f64, Scalar::f64},
    {Scalar::f16, Scalar::f16, Scalar::f16},
    {Scalar::i64, Scalar::i64, Scalar::i64, Overflow::wraps},
};

constexpr int kOwnLaunch[] = {0};
constexpr contract::SizeCase kDeviceSumContract[] = {
    {0, 0, ""},
    {1, 0, ""},
    {kIntMax, 0, ""},
    {kIntMax + 1, 0, "exceeds"},
    {-1, 0, "negative"},
    {10, 256, "block"},
    {10, 1, "block"},
    {64, 0, "aligned", 4, "f64"},  // the 8-byte typings: the element's alignment
    {64, 0, "", 8, "f64"},
    {64, 0, "aligned", 4, "i64"},
    {64, 0, "", 8, "i64"},
    {64, 0, "aligned", 1, "f16"},
};
Traffic read_once(std::int64_t n, int, const Typing& t) {
  const auto e = static_cast<std::int64_t>(info(t.element).bytes);
  return {e * n, e};
}

const Spec kDeviceSum = {
    .doc = {.name = "cub_device_reduce_sum",
            .idea = "cub::DeviceReduce::Sum: CUB's tiles, grid and second pass, chosen for the device",
            .cost = "about one read of the input, two kernels; a stream-ordered scratch allocation per call"},
    .error_model = "not stated (CUB's order): the worst case, n − 1",
    .input_use = InputUse::preserved,
    .determinism = Determinism::deterministic,
    .domain = {.block = {0, 0, false, true}, .tested_blocks = kOwnLaunch, .n_base = kIntMax, .n_limit_reason = kNumItemsInt},
    .typings = kSumTypings,
    .workspace_bytes = &no_workspace,
    .managed_workspace = "CUB's temporary storage, cudaMallocAsync and cudaFreeAsync on the stream",
    .traffic = &read_once,
    .contract_cases = kDeviceSumContract,
};

template <typename T>
void device_reduce_sum_of(const Args& a, cudaStream_t stream) {
  T* out = device_pointer<T>(a.out);
  if (!validate(kDeviceSum, a)) {
    SMEMC_CUDA_CHECK(cudaMemsetAsync(out, 0, sizeof(T), stream));  // +0, the empty sum
    return;
  }
  const T* in = device_pointer<const T>(a.data);
  const int n = static_cast<int>(a.n);
  std::size_t bytes = 0;
  SMEMC_CUDA_CHECK(cub::DeviceReduce::Sum(nullptr, bytes, in, out, n, stream));
  void* scratch = nullptr;
  SMEMC_CUDA_CHECK(cudaMallocAsync(&scratch, bytes, stream));
  SMEMC_CUDA_CHECK(cub::DeviceReduce::Sum(scratch, bytes, in, out, n, stream));
  SMEMC_CUDA_CHECK(cudaFreeAsync(scratch, stream));
}

void device_reduce_sum(const Args& a, Stream s) {
  reject_if(kDeviceSum.doc.name, typing_violation(kDeviceSum.typings, a.typing));
  dispatch_typing<kSumTypings>(a.typing,
                               [&]<std::size_t I>() { device_reduce_sum_of<DeviceType<kSumTypings[I].element>>(a, as_cuda(s)); });
}

// --- cub_block_reduce_atomic -----------------------------------------------------
// Idea: a grid-stride kernel of the port's own: G = min(⌈n/B⌉, 1024) blocks,
//   thread g sums x[g], x[g + GB], ... in a register, cub::BlockReduce
//   (warp reductions) sums the block, thread 0 adds it to out[0] with
//   atomicAdd (out zeroed first).
// Cost: one read of the input, one launch, G atomic adds.
// Depth (the row's own formula): thread 0's chain c = ⌈n/(GB)⌉, CUB's warp
//   reduction 5 (log2 32), its serial sum of the B/32 warp aggregates
//   B/32 − 1, and the atomic chain G: k = c + 5 + B/32 − 1 + G.

constexpr int kMaxGrid = 1024;
constexpr int kBlockReduceBlocks[] = {256, 128, 512};
constexpr contract::SizeCase kBlockReduceContract[] = {
    {0, 256, ""},
    {1, 128, ""},
    {1000, 512, ""},
    {kIntMax, 512, ""},
    {kIntMax + 1, 512, "exceeds"},
    {kIntMax + 1, 256, "exceeds"},
    {-1, 256, "negative"},
    {10, 64, "block"},
    {10, 1024, "block"},
    {10, 384, "block"},
    {10, 0, "block"},
};

std::int64_t grid_of(std::int64_t n, int block) {
  return std::min<std::int64_t>(std::max<std::int64_t>(1, ceil_div(n, block)), kMaxGrid);
}
std::int64_t block_reduce_depth(std::int64_t n, int block) {
  if (n == 0) return 0;
  const std::int64_t grid = grid_of(n, block);
  return ceil_div(n, grid * block) + 5 + block / 32 - 1 + grid;
}
std::int64_t block_reduce_atomic_adds(std::int64_t n, int block) { return n == 0 ? 0 : grid_of(n, block); }
Traffic block_reduce_traffic(std::int64_t n, int block, const Typing&) {
  const std::int64_t adds = block_reduce_atomic_adds(n, block);
  return {F * n + F * adds, F + F * adds};
}

const Spec kBlockReduceAtomic = {
    .doc = {.name = "cub_block_reduce_atomic",
            .idea = "a grid-stride kernel of the port's own: register chains, cub::BlockReduce per block, atomicAdd of "
                    "each block's sum",
            .cost = "one read of the input, one launch and a 4-byte memset, at most 1024 atomic adds"},
    .error_model = "⌈n/(GB)⌉ + 5 + B/32 − 1 + G, G = min(⌈n/B⌉, 1024): chain, warp shuffles, warp aggregates, atomics",
    .input_use = InputUse::preserved,
    .determinism = Determinism::unordered,
    .domain = {.block = {128, 512, true},
               .tested_blocks = kBlockReduceBlocks,
               .n_base = kIntMax,
               .n_limit_reason = "int grid-stride bounds in the launcher"},
    .workspace_bytes = &no_workspace,
    .summation_depth = &block_reduce_depth,
    .atomic_adds = &block_reduce_atomic_adds,
    .traffic = &block_reduce_traffic,
    .contract_cases = kBlockReduceContract,
};

template <int kBlock>
__global__ void __launch_bounds__(kBlock) block_reduce_atomic(long long n, const float* x, float* out) {
  using BlockReduce = cub::BlockReduce<float, kBlock, cub::BLOCK_REDUCE_WARP_REDUCTIONS>;
  __shared__ typename BlockReduce::TempStorage scratch;
  const long long threads = static_cast<long long>(gridDim.x) * kBlock;
  float acc = 0.0f;
  for (long long i = static_cast<long long>(blockIdx.x) * kBlock + threadIdx.x; i < n; i += threads) acc = acc + x[i];
  const float block_sum = BlockReduce(scratch).Sum(acc);
  if (threadIdx.x == 0) atomicAdd(out, block_sum);
}

void block_reduce_atomic_launch(const Args& a, Stream s) {
  const cudaStream_t stream = as_cuda(s);
  const bool work = validate(kBlockReduceAtomic, a);
  float* out = device_pointer<float>(a.out);
  SMEMC_CUDA_CHECK(cudaMemsetAsync(out, 0, sizeof(float), stream));  // the atomic adds only ever add
  if (!work) return;
  const auto grid = static_cast<unsigned>(grid_of(a.n, a.block));
  const float* x = device_pointer<const float>(a.data);
  switch (a.block) {
    case 128: block_reduce_atomic<128><<<grid, 128, 0, stream>>>(a.n, x, out); break;
    case 256: block_reduce_atomic<256><<<grid, 256, 0, stream>>>(a.n, x, out); break;
    default: block_reduce_atomic<512><<<grid, 512, 0, stream>>>(a.n, x, out); break;  // validate() admits no other
  }
  SMEMC_CHECK_LAUNCH("block_reduce_atomic");
}

// --- reduce_smem_fixup, retuned and narrowed -------------------------------------
// Idea: the spec's §5.3 tree, its scratch a fixed __shared__ float[512]
//   (the text's is [1024]) and __launch_bounds__(512): so it takes blocks of
//   at most 512 threads, which its table entry states (a narrowing); the
//   same additions in the same order, then the kit's fix-up kernel, so the
//   result is the spec's model bit for bit.

constexpr int kMaxTree = 512;
constexpr Narrowing kTree512{.reason = "this port's tree kernel has __shared__ float[512]", .max_block = kMaxTree};

__global__ void __launch_bounds__(kMaxTree) smem_tree_512(long long n, const float* in, float* partials) {
  __shared__ float scratch[kMaxTree];
  const long long idx = 2LL * blockIdx.x * blockDim.x + threadIdx.x;
  float sum = (idx < n ? in[idx] : 0.0f) + (idx + blockDim.x < n ? in[idx + blockDim.x] : 0.0f);
  scratch[threadIdx.x] = sum;
  for (unsigned width = blockDim.x / 2; width > 0; width /= 2) {
    __syncthreads();  // the previous level's partials are all in scratch
    if (threadIdx.x < width) scratch[threadIdx.x] = sum = sum + scratch[threadIdx.x + width];
  }
  if (threadIdx.x == 0) partials[blockIdx.x] = sum;
}

void smem_fixup_512(const Args& a, Stream s) {
  constexpr std::string_view name = "reduce_smem_fixup";
  const bool work = validate(spec_named(name), a);
  reject_outside(name, kTree512, a.n, a.block);
  const cudaStream_t stream = as_cuda(s);
  float* out = device_pointer<float>(a.out);
  if (!work) {
    SMEMC_CUDA_CHECK(cudaMemsetAsync(out, 0, sizeof(float), stream));
    return;
  }
  const std::int64_t blocks = model::tree_blocks(a.n, a.block);
  float* partials = device_pointer<float>(a.workspace);
  smem_tree_512<<<static_cast<unsigned>(blocks), a.block, 0, stream>>>(a.n, device_pointer<const float>(a.data), partials);
  SMEMC_CHECK_LAUNCH("smem_tree_512");
  launch_fixup(blocks, 1, partials, out, stream);  // the spec's fix-up, from the kit
}

constexpr std::string_view kNotPorted = "not ported: this CUB port brings its own rows";
constexpr std::string_view kFloatTyping[] = {"f32"};
constexpr std::string_view kTypingsNotPorted =
    "not ported: the retuned tree runs f32; CUB's own row (cub_device_reduce_sum) stands for the typings";

const Entry kTable[] = {
    {.name = "reduce_by_halving", .not_implemented = kNotPorted, .declined = Decline::port_rows_instead},
    {.name = "reduce_by_halving_any_n", .not_implemented = kNotPorted, .declined = Decline::port_rows_instead},
    {.name = "reduce_block_fixup", .not_implemented = kNotPorted, .declined = Decline::port_rows_instead},
    {.name = "reduce_block_atomic", .not_implemented = kNotPorted, .declined = Decline::port_rows_instead},
    {.name = "reduce_smem_fixup",
     .launch = &smem_fixup_512,
     .narrowing = kTree512,
     .typings = kFloatTyping,
     .typings_declined = Decline::port_rows_instead,
     .typings_not_implemented = kTypingsNotPorted},
    {.name = "reduce_smem_atomic", .not_implemented = kNotPorted, .declined = Decline::port_rows_instead},
    {.name = "reduce_smem_dynamic", .not_implemented = kNotPorted, .declined = Decline::port_rows_instead},
    {.name = "reduce_warp_volatile_legacy", .not_implemented = kNotPorted, .declined = Decline::port_rows_instead},
    {.name = "reduce_warp_syncwarp", .not_implemented = kNotPorted, .declined = Decline::port_rows_instead},
    {.name = "reduce_warp_shfl", .not_implemented = kNotPorted, .declined = Decline::port_rows_instead},
    {.name = "reduce_vec4_grid_stride", .not_implemented = kNotPorted, .declined = Decline::port_rows_instead},
    {.launch = &device_reduce_sum, .port_row = &kDeviceSum},
    {.launch = &block_reduce_atomic_launch, .port_row = &kBlockReduceAtomic},
};

// This port's conformance profile: CUB's rows stand for the family (the
// smem tree is kept, narrowed, in f32).
const Allowance kAllowances[] = {
    {"reduce_smem_fixup", Decline::port_rows_instead, "f64"},
    {"reduce_smem_fixup", Decline::port_rows_instead, "f16_f32"},
    {"reduce_smem_fixup", Decline::port_rows_instead, "bf16_f32"},
    {"reduce_smem_fixup", Decline::port_rows_instead, "i32"},
    {"reduce_smem_fixup", Decline::port_rows_instead, "i64"},
    {"reduce_smem_fixup", Decline::port_rows_instead, "u8_u32"},
    {"reduce_by_halving", Decline::port_rows_instead},
    {"reduce_by_halving_any_n", Decline::port_rows_instead},
    {"reduce_block_fixup", Decline::port_rows_instead},
    {"reduce_block_atomic", Decline::port_rows_instead},
    {"reduce_smem_atomic", Decline::port_rows_instead},
    {"reduce_smem_dynamic", Decline::port_rows_instead},
    {"reduce_warp_volatile_legacy", Decline::port_rows_instead},
    {"reduce_warp_syncwarp", Decline::port_rows_instead},
    {"reduce_warp_shfl", Decline::port_rows_instead},
    {"reduce_vec4_grid_stride", Decline::port_rows_instead},
};

}  // namespace

std::span<const Entry> implementations() { return kTable; }
std::span<const Allowance> allowances() { return kAllowances; }

}  // namespace smemc::reduce
