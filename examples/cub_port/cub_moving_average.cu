// The moving-average family in the CUB port: one row of its own,
// cub_inclusive_sum_mean, unordered (CUB's decoupled look-back scan adds
// its tiles' aggregates in an order that varies run to run, as CUB's
// documentation says); the spec's rows are not ported.
#include <cub/device/device_scan.cuh>

#include <climits>
#include <cstdint>
#include <span>
#include <string_view>

#include "common/cuda/cuda_check.hpp"
#include "common/cuda/interop.hpp"
#include "common/preconditions.hpp"
#include "moving_average/spec.hpp"

namespace smemc::moving_average {
namespace {

constexpr std::int64_t kIntMax = INT_MAX;

// Idea: cub::DeviceScan::InclusiveSum in place, then a grid-stride kernel
//   divides prefix i by float(i + 1).
// Cost: CUB's single pass (read and write once), one more read and write
//   for the division; scratch from cudaMallocAsync on the stream.
// Depth: not stated (CUB's look-back): prefix i's worst case, i.
constexpr int kOwnLaunch[] = {0};
constexpr contract::SizeCase kContract[] = {
    {0, 0, ""},          {1, 0, ""},         {1000, 0, ""},    {kIntMax, 0, ""}, {kIntMax + 1, 0, "exceeds"},
    {-1, 0, "negative"}, {10, 256, "block"}, {10, 1, "block"},
};
Traffic scan_then_divide(std::int64_t n, int, const Typing&) { return {8 * n, 8 * n}; }

const Spec kInclusiveSumMean = {
    .doc = {.name = "cub_inclusive_sum_mean",
            .idea = "cub::DeviceScan::InclusiveSum in place, then each prefix divided by float(i + 1)",
            .cost = "CUB's one-pass scan, then one more read and write; a stream-ordered scratch allocation per call"},
    .error_model = "not stated (CUB's look-back): prefix i's worst case, i",
    .determinism = Determinism::unordered,
    .domain = {.block = {0, 0, false, true},
               .tested_blocks = kOwnLaunch,
               .n_base = kIntMax,
               .n_limit_reason = "CUB's num_items passed as int"},
    .workspace_bytes = &no_workspace,
    .managed_workspace = "CUB's temporary storage, cudaMallocAsync and cudaFreeAsync on the stream",
    .traffic = &scan_then_divide,
    .contract_cases = kContract,
};

__global__ void divide_by_count(long long n, float* data) {
  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    data[i] = data[i] / static_cast<float>(i + 1);
  }
}

void inclusive_sum_mean(const Args& a, Stream s) {
  if (!validate(kInclusiveSumMean, a)) return;
  const cudaStream_t stream = as_cuda(s);
  float* data = device_pointer<float>(a.data);
  const int n = static_cast<int>(a.n);
  std::size_t bytes = 0;
  SMEMC_CUDA_CHECK(cub::DeviceScan::InclusiveSum(nullptr, bytes, data, data, n, stream));
  void* scratch = nullptr;
  SMEMC_CUDA_CHECK(cudaMallocAsync(&scratch, bytes, stream));
  SMEMC_CUDA_CHECK(cub::DeviceScan::InclusiveSum(scratch, bytes, data, data, n, stream));
  SMEMC_CUDA_CHECK(cudaFreeAsync(scratch, stream));
  constexpr int kThreads = 256;
  const auto blocks = static_cast<unsigned>(std::min<std::int64_t>(ceil_div(a.n, kThreads), 4096));
  divide_by_count<<<blocks, kThreads, 0, stream>>>(a.n, data);
  SMEMC_CHECK_LAUNCH("divide_by_count");
}

constexpr std::string_view kNotPorted = "not ported: this CUB port brings its own row";

const Entry kTable[] = {
    {.name = "moving_average_seed", .not_implemented = kNotPorted, .declined = Decline::port_rows_instead},
    {.name = "moving_average_block", .not_implemented = kNotPorted, .declined = Decline::port_rows_instead},
    {.name = "moving_average_scan", .not_implemented = kNotPorted, .declined = Decline::port_rows_instead},
    {.name = "moving_average_lookback", .not_implemented = kNotPorted, .declined = Decline::port_rows_instead},
    {.launch = &inclusive_sum_mean, .port_row = &kInclusiveSumMean},
};

// This port's conformance profile: CUB's row stands for the family.
const Allowance kAllowances[] = {
    {"moving_average_seed", Decline::port_rows_instead},
    {"moving_average_block", Decline::port_rows_instead},
    {"moving_average_scan", Decline::port_rows_instead},
    {"moving_average_lookback", Decline::port_rows_instead},
};

}  // namespace

std::span<const Entry> implementations() { return kTable; }
std::span<const Allowance> allowances() { return kAllowances; }

}  // namespace smemc::moving_average
