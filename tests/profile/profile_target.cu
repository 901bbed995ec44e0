// The program the profile checks run under Nsight Compute
// (ctest_config/profile.sh, registered in tests/profile/CMakeLists.txt): it
// runs one named case, one launch of one kernel, once, and exits (its
// inputs made before it by the fixtures' fill kernel, Backend::fill_hashed,
// which no case profiles).
//
//   smemc_profile_target <case>                  run the case
//   smemc_profile_target --list                  "<case> <kernel>" per line: the kernel
//                                                the wrapper points ncu at
//   smemc_profile_target --compute-capability    "9.0": the device a case would run on
//   smemc_profile_target --smemc-device-status   0: usable, 77: no device (1 with
//                                                SMEMC_REQUIRE_DEVICE), as every test binary
//
// Every case but the planted one launches the suite's own kernels, through
// the implementation tables (transpose, reduce) or the facts' launcher
// (bank_stride_read), so the counts are those of the code the conformance
// tests check. Inputs are non-zero (values in [1, 2)): no count may depend on
// zeros that a memory system could treat specially.

#include <cuda_runtime.h>

#include <algorithm>
#include <iterator>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "common/cuda/cuda_check.hpp"
#include "common/cuda/interop.hpp"
#include "common/implementation.hpp"
#include "profile_case.hpp"
#include "smemc/device_buffer.hpp"
#include "smem_facts/smem_facts.hpp"
#include "smemc/families.hpp"

namespace {

using smemc::DeviceBuffer;
using smemc::profile::Case;
using smemc::profile::fill_nonzero;
using smemc::profile::variant_named;
using smemc::profile::wait_for_device;

constexpr int TILE = smemc::transpose::kTile;

constexpr std::int64_t kMatrixEdge = 4096;                    // the text's transpose: 4096 x 4096 floats
constexpr std::int64_t kReduceCount = std::int64_t{1} << 24;  // 2^24 floats, 64 MiB
constexpr int kReduceBlock = 1024;
constexpr int kStrideBlocks = 4096;         // one warp each: 4096 shared load requests per pattern
constexpr int kStrideWordsPerBlock = 1024;  // bank_stride_read stages 1024 floats per block
constexpr int kStrideLanes = 32;

// PLANTED BUG, kept as a negative control (profile.canary.padding_on_wrong_dimension):
// transpose_padded with its padding column on the wrong dimension. A tile
// column is still read 32 floats apart (tile[threadIdx.x][threadIdx.y] is
// word 32*threadIdx.x + threadIdx.y), all 32 lanes in one bank: the 32-way
// conflict the padding was meant to remove. The result is still a correct
// transpose, so only the profile can tell; the padded tile's check must fail
// on it. Square n, n a multiple of TILE (the one case that launches it).
__global__ void transpose_padding_on_wrong_dimension(int n, const float* in, float* out) {
  __shared__ float tile[TILE + 1][TILE];  // PLANTED: should be tile[TILE][TILE + 1]

  const int in_col = blockIdx.x * TILE + threadIdx.x;
  const int in_row = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[static_cast<std::int64_t>(in_row) * n + in_col];

  __syncthreads();  // the whole tile is loaded before any thread reads a column

  const int out_col = blockIdx.y * TILE + threadIdx.x;
  const int out_row = blockIdx.x * TILE + threadIdx.y;
  out[static_cast<std::int64_t>(out_row) * n + out_col] = tile[threadIdx.x][threadIdx.y];
}

// A transpose's input, filled, and its output (edge x edge floats).
struct Matrices {
  DeviceBuffer<float> in, out;
  explicit Matrices(std::int64_t edge = kMatrixEdge)
      : in(static_cast<std::size_t>(edge * edge)), out(static_cast<std::size_t>(edge * edge)) {
    fill_nonzero(in.at(), static_cast<std::size_t>(edge * edge), 1);
  }
};

void run_transpose(std::string_view variant, std::int64_t edge = kMatrixEdge) {
  const auto row = variant_named(smemc::transpose::specs(), smemc::transpose::implementations(), variant);
  const Matrices m(edge);
  row.launch({.rows = edge, .cols = edge, .in = m.in.at(), .out = m.out.at()}, smemc::Stream{});
  wait_for_device();
}

// The padded transpose in another element type: edge x edge elements (the
// values do not change the bank counts; the buffers are left as allocated).
void run_typed_transpose(std::string_view variant, smemc::Scalar element) {
  const smemc::Typing typing{element, element, element};
  const auto row = variant_named(smemc::transpose::specs(), smemc::transpose::implementations(), variant, typing);
  const auto bytes = static_cast<std::size_t>(kMatrixEdge * kMatrixEdge) * smemc::info(element).bytes;
  DeviceBuffer<std::uint8_t> in(bytes), out(bytes);
  row.launch({.rows = kMatrixEdge, .cols = kMatrixEdge, .in = in.at(), .out = out.at()}, smemc::Stream{});
  wait_for_device();
}

void run_planted_transpose() {
  static_assert(kMatrixEdge % TILE == 0, "the planted kernel has no bounds checks");
  const Matrices m;
  const dim3 grid(kMatrixEdge / TILE, kMatrixEdge / TILE);
  transpose_padding_on_wrong_dimension<<<grid, dim3(TILE, TILE)>>>(
      static_cast<int>(kMatrixEdge), smemc::device_pointer<const float>(m.in.at()), smemc::device_pointer<float>(m.out.at()));
  SMEMC_CHECK_LAUNCH("transpose_padding_on_wrong_dimension");
  wait_for_device();
}

void run_bank_stride(int stride) {
  DeviceBuffer<float> in(std::size_t{kStrideBlocks} * kStrideWordsPerBlock);
  DeviceBuffer<float> out(std::size_t{kStrideBlocks} * kStrideLanes);
  fill_nonzero(in.at(), std::size_t{kStrideBlocks} * kStrideWordsPerBlock, 2);
  smemc::facts::bank_stride_read(stride, kStrideBlocks, smemc::device_pointer<const float>(in.at()),
                                 smemc::device_pointer<float>(out.at()), nullptr);
  wait_for_device();
}

void run_reduce(std::string_view variant, std::int64_t count = kReduceCount) {
  const auto row = variant_named(smemc::reduce::specs(), smemc::reduce::implementations(), variant);
  const std::size_t workspace_bytes =
      row.spec->workspace_bytes != nullptr ? row.spec->workspace_bytes(count, kReduceBlock, row.typing) : 0;
  DeviceBuffer<float> data(static_cast<std::size_t>(count));
  DeviceBuffer<float> out(1);
  DeviceBuffer<std::byte> workspace(workspace_bytes);
  fill_nonzero(data.at(), static_cast<std::size_t>(count), 3);
  row.launch({.n = count, .data = data.at(), .out = out.at(), .workspace = workspace.at(), .block = kReduceBlock},
             smemc::Stream{});
  wait_for_device();
}

// The look-back scan, in place on n floats (2^24 unless given), blocks of
// 256 (tiles of 6144): one pass, so its global traffic is the data once
// each way plus a status word per tile.
constexpr int kLookbackBlock = 256;
void run_lookback(std::int64_t count = kReduceCount) {
  const auto row =
      variant_named(smemc::moving_average::specs(), smemc::moving_average::implementations(), "moving_average_lookback");
  DeviceBuffer<float> data(static_cast<std::size_t>(count));
  DeviceBuffer<std::byte> workspace(row.spec->workspace_bytes(count, kLookbackBlock, row.typing));
  fill_nonzero(data.at(), static_cast<std::size_t>(count), 4);
  row.launch({.n = count, .data = data.at(), .workspace = workspace.at(), .block = kLookbackBlock}, smemc::Stream{});
  wait_for_device();
}

// The traffic cases: sizes far past the H200's 50 MB L2, where DRAM bytes
// are the data's own (the checks: tests/profile/CMakeLists.txt).
constexpr std::int64_t kTrafficEdge = 16384;                   // 1 GiB a matrix
constexpr std::int64_t kTrafficCount = std::int64_t{1} << 28;  // 1 GiB of floats
smemc::Traffic transpose_traffic(std::string_view variant) {
  return smemc::transpose::spec_named(variant).traffic(kTrafficEdge, kTrafficEdge, smemc::kF32);
}

constexpr Case kCases[] = {
    {"transpose_naive_4096", "transpose_naive", [] { run_transpose("transpose_naive"); }},
    {"transpose_tiled_4096", "transpose_tiled", [] { run_transpose("transpose_tiled"); }},
    {"transpose_padded_4096", "transpose_padded", [] { run_transpose("transpose_padded"); }},
    {"smem_stride_1", "bank_stride_kernel", [] { run_bank_stride(1); }},
    {"smem_stride_2", "bank_stride_kernel", [] { run_bank_stride(2); }},
    {"smem_stride_32", "bank_stride_kernel", [] { run_bank_stride(32); }},
    {"smem_stride_33", "bank_stride_kernel", [] { run_bank_stride(33); }},
    {"reduce_smem_fixup_16M", "reduce_smem", [] { run_reduce("reduce_smem_fixup"); }},
    // The padded tile in the other element sizes (its padding one element:
    // transpose::kTilePadding).
    {"transpose_padded_u8_4096", "transpose_padded", [] { run_typed_transpose("transpose_padded", smemc::Scalar::u8); }},
    {"transpose_padded_f16_4096", "transpose_padded", [] { run_typed_transpose("transpose_padded", smemc::Scalar::f16); }},
    {"transpose_padded_f64_4096", "transpose_padded", [] { run_typed_transpose("transpose_padded", smemc::Scalar::f64); }},
    {"transpose_padded_f32x4_4096", "transpose_padded", [] { run_typed_transpose("transpose_padded", smemc::Scalar::f32x4); }},
    {"planted_padding_wrong_dimension_4096", "transpose_padding_on_wrong_dimension", run_planted_transpose},
    // The fast variants (the last rungs).
    {"transpose_padded_32x8_4096", "transpose_padded_32x8", [] { run_transpose("transpose_padded_32x8"); }},
    {"reduce_vec4_16M", "reduce_vec4_kernel", [] { run_reduce("reduce_vec4_grid_stride"); }},
    {"moving_average_lookback_16M", "lookback_scan", [] { run_lookback(); }},
    // The rows' stated traffic against DRAM's count (1 GiB of data each).
    {"traffic_transpose_padded_32x8_16384", "transpose_padded_32x8", [] { run_transpose("transpose_padded_32x8", kTrafficEdge); },
     [] { return transpose_traffic("transpose_padded_32x8"); }},
    {"traffic_transpose_naive_16384", "transpose_naive", [] { run_transpose("transpose_naive", kTrafficEdge); },
     [] { return transpose_traffic("transpose_naive"); }},
    {"traffic_reduce_vec4_256M", "reduce_vec4_kernel", [] { run_reduce("reduce_vec4_grid_stride", kTrafficCount); },
     [] { return smemc::reduce::spec_named("reduce_vec4_grid_stride").traffic(kTrafficCount, kReduceBlock, smemc::kF32); }},
    {"traffic_reduce_smem_fixup_256M", "reduce_smem", [] { run_reduce("reduce_smem_fixup", kTrafficCount); },
     [] { return smemc::reduce::spec_named("reduce_smem_fixup").traffic(kTrafficCount, kReduceBlock, smemc::kF32); }},
    {"traffic_moving_average_lookback_256M", "lookback_scan", [] { run_lookback(kTrafficCount); },
     [] {
       return smemc::moving_average::spec_named("moving_average_lookback").traffic(kTrafficCount, kLookbackBlock, smemc::kF32);
     }},
};

// The cases above and every profiled family's (SMEMC_FAMILY_PROFILE_<f>:
// tests/<f>/profile_cases.cu defines <f>::profile_cases()).
#define SMEMC_DECLARE_PROFILE_CASES(family)       \
  namespace smemc::family {                       \
  std::span<const profile::Case> profile_cases(); \
  }
}  // namespace
SMEMC_FOR_EACH_PROFILED_FAMILY(SMEMC_DECLARE_PROFILE_CASES)
#undef SMEMC_DECLARE_PROFILE_CASES
namespace {

std::vector<Case> all_cases() {
  std::vector<Case> all(std::begin(kCases), std::end(kCases));
#define SMEMC_ADD_PROFILE_CASES(family) \
  for (const Case& c : smemc::family::profile_cases()) all.push_back(c);
  SMEMC_FOR_EACH_PROFILED_FAMILY(SMEMC_ADD_PROFILE_CASES)
#undef SMEMC_ADD_PROFILE_CASES
  return all;
}

int print_compute_capability() {
  if (!smemc::backend().status().usable) return smemc::print_device_status();
  int device = 0, major = 0, minor = 0;
  SMEMC_CUDA_CHECK(cudaGetDevice(&device));
  SMEMC_CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
  SMEMC_CUDA_CHECK(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device));
  std::printf("%d.%d\n", major, minor);
  return 0;
}

int usage() {
  std::fprintf(
      stderr,
      "usage: smemc_profile_target <case>... | --traffic <case> | --list | --compute-capability | --smemc-device-status\n");
  return 2;
}

}  // namespace

// <case>...: the cases in the order given, each one launch of its kernel
// (profile.sh's collect run profiles them all in one process: the i-th
// profiled launch is the i-th case's).
int main(int argc, char** argv) {
  if (argc < 2) return usage();
  const std::string_view arg = argv[1];
  try {
    if (argc == 2 && arg == "--smemc-device-status") return smemc::print_device_status();
    if (argc == 2 && arg == "--list") {
      for (const Case& c : all_cases())
        std::printf("%.*s %.*s\n", static_cast<int>(c.name.size()), c.name.data(), static_cast<int>(c.kernel.size()),
                    c.kernel.data());
      return 0;
    }
    if (argc == 2 && arg == "--compute-capability") return print_compute_capability();
    if (argc == 3 && arg == "--traffic") {  // the bytes the case's row states: "<read> <written>"
      for (const Case& c : all_cases()) {
        if (c.name != argv[2] || c.stated == nullptr) continue;
        const smemc::Traffic t = c.stated();
        std::printf("%lld %lld\n", static_cast<long long>(t.bytes_read), static_cast<long long>(t.bytes_written));
        return 0;
      }
      std::fprintf(stderr, "smemc_profile_target: no traffic stated for case '%s'\n", argv[2]);
      return 2;
    }
    const std::vector<Case> cases = all_cases();
    std::vector<const Case*> chosen;
    for (int i = 1; i < argc; ++i) {
      const auto found = std::find_if(cases.begin(), cases.end(), [&](const Case& c) { return c.name == argv[i]; });
      if (found == cases.end()) {
        std::fprintf(stderr, "smemc_profile_target: unknown case '%s' (--list names them)\n", argv[i]);
        return 2;
      }
      chosen.push_back(&*found);
    }
    if (!smemc::backend().status().usable) return smemc::print_device_status();
    for (const Case* c : chosen) {
      c->run();
      std::printf("smemc_profile_target: %.*s done (one launch of %.*s)\n", static_cast<int>(c->name.size()), c->name.data(),
                  static_cast<int>(c->kernel.size()), c->kernel.data());
    }
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "smemc_profile_target: %s: %s\n", argv[1], e.what());
    return 1;
  }
}
