// The histogram family in the CUB port: one row of its own,
// cub_histogram_even, of the exact class (cub::DeviceHistogram counts with
// atomics in an order of its own; the counts are integers, so the suite
// holds them equal to the host's count in every run); the spec's rows are
// not ported.
#include <cub/device/device_histogram.cuh>

#include <climits>
#include <cstdint>
#include <span>
#include <string_view>

#include "common/cuda/cuda_check.hpp"
#include "common/cuda/interop.hpp"
#include "histogram/spec.hpp"

namespace smemc::histogram {
namespace {

constexpr std::int64_t kIntMax = INT_MAX;

// Idea: cub::DeviceHistogram::HistogramEven over the bytes, 257 levels
//   0, 1, ..., 256 (one bin a byte value); CUB clears the bins itself.
// Cost: CUB's privatised sweep (its own tile and launch shape); scratch
//   from cudaMallocAsync on the stream.
// Preconditions: n ≤ INT_MAX (num_samples passed as int); CUB picks its
//   own launch (block 0).
constexpr int kOwnLaunch[] = {0};
constexpr contract::SizeCase kContract[] = {
    {0, 0, ""},          {1, 0, ""},         {1000, 0, ""},    {kIntMax, 0, ""}, {kIntMax + 1, 0, "exceeds"},
    {-1, 0, "negative"}, {10, 256, "block"}, {10, 1, "block"},
};
Traffic bytes_once(std::int64_t n, int) { return {n, kBins * 4}; }

const Spec kHistogramEven = {
    .doc = {.name = "cub_histogram_even",
            .idea = "cub::DeviceHistogram::HistogramEven with 257 levels 0..256: one bin a byte value",
            .cost = "CUB's privatised sweep, read once; a stream-ordered scratch allocation per call"},
    .determinism = Determinism::exact,
    .domain = {.block = {0, 0, false, true},
               .tested_blocks = kOwnLaunch,
               .n_base = kIntMax,
               .n_limit_reason = "CUB's num_samples passed as int"},
    .shared_bins = "CUB's own (privatised per block where its policy says so)",
    .traffic = &bytes_once,
    .contract_cases = kContract,
};

void histogram_even(const Args& a, Stream s) {
  const bool has_data = validate(kHistogramEven, a);
  const cudaStream_t stream = as_cuda(s);
  auto* bins = device_pointer<unsigned>(a.bins);
  if (!has_data) {  // no samples: CUB is not asked, the bins are cleared here
    SMEMC_CUDA_CHECK(cudaMemsetAsync(bins, 0, kBins * sizeof(unsigned), stream));
    return;
  }
  const auto* samples = device_pointer<const unsigned char>(a.data);
  const int n = static_cast<int>(a.n);
  std::size_t bytes = 0;
  SMEMC_CUDA_CHECK(cub::DeviceHistogram::HistogramEven(nullptr, bytes, samples, bins, kBins + 1, 0, kBins, n, stream));
  void* scratch = nullptr;
  SMEMC_CUDA_CHECK(cudaMallocAsync(&scratch, bytes, stream));
  SMEMC_CUDA_CHECK(cub::DeviceHistogram::HistogramEven(scratch, bytes, samples, bins, kBins + 1, 0, kBins, n, stream));
  SMEMC_CUDA_CHECK(cudaFreeAsync(scratch, stream));
}

constexpr std::string_view kNotPorted = "not ported: this CUB port brings its own row";

const Entry kTable[] = {
    {.name = "histogram_global_atomics", .not_implemented = kNotPorted, .declined = Decline::port_rows_instead},
    {.name = "histogram_smem_privatised", .not_implemented = kNotPorted, .declined = Decline::port_rows_instead},
    {.name = "histogram_smem_lane_banks", .not_implemented = kNotPorted, .declined = Decline::port_rows_instead},
    {.launch = &histogram_even, .port_row = &kHistogramEven},
};

// This port's conformance profile: CUB's row stands for the family.
const Allowance kAllowances[] = {
    {"histogram_global_atomics", Decline::port_rows_instead},
    {"histogram_smem_privatised", Decline::port_rows_instead},
    {"histogram_smem_lane_banks", Decline::port_rows_instead},
};

}  // namespace

std::span<const Entry> implementations() { return kTable; }
std::span<const Allowance> allowances() { return kAllowances; }

}  // namespace smemc::histogram
