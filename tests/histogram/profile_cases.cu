// The histogram's profile cases (tests/histogram/profile.cmake checks them;
// tests/profile/profile_target.cu runs them): one launch of a variant from
// the CUDA implementation table (byte samples, one bin a byte value), 2^24 bytes in 4096 blocks of 256 threads
// (16 bytes a thread), or 2^30 bytes for the traffic case.
//
// lane_stride data: byte i is 8 * (i mod 32), so lane l of every warp counts
// value 8l: 32 values in 4 banks of the privatised layout (8 words each, an
// 8-way conflict), in 32 banks of the lane-banks layout (none). one_value
// data: every byte 7, so every 16 bytes are a run.

#include <cstdint>
#include <span>
#include <vector>

#include "histogram/spec.hpp"
#include "profile_case.hpp"
#include "smemc/data.hpp"
#include "smemc/device_buffer.hpp"

namespace smemc::histogram {
namespace {

constexpr std::int64_t kCount = std::int64_t{1} << 24;
constexpr std::int64_t kTrafficCount = std::int64_t{1} << 30;
constexpr int kBlock = 256;

enum class Pattern { lane_stride, spread, one_value };

// The traffic case's GiB of spread bytes: made on the device as hashed
// float bits (Backend::fill_hashed; 4 bytes of a hash each), not on the
// host and uploaded while profile.counters holds a whole GPU. Its check
// counts bytes, which the values do not change.
void run_traffic(std::string_view variant) {
  const auto row = profile::variant_named(specs(), implementations(), variant, kTypings[0]);
  static_assert(kTrafficCount % 4 == 0);
  DeviceBuffer<std::uint8_t> data(static_cast<std::size_t>(kTrafficCount));
  DeviceBuffer<std::uint32_t> bins(static_cast<std::size_t>(kByteValues.bins));
  backend().fill_hashed(data.at(), HashedFloats{HashedKind::float_bits, 5}, 0, static_cast<std::size_t>(kTrafficCount / 4),
                        Stream{});
  row.launch({.n = kTrafficCount, .data = data.at(), .bins = bins.at(), .block = kBlock, .binning = kByteValues}, Stream{});
  profile::wait_for_device();
}

void run(std::string_view variant, Pattern pattern) {
  constexpr std::int64_t count = kCount;
  const auto row = profile::variant_named(specs(), implementations(), variant, kTypings[0]);
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(count));
  SplitMix64 rng(5);
  generate_in_pieces(std::span<std::uint8_t>(bytes), rng, 1, [pattern](SplitMix64& r, std::size_t i) {
    const std::uint64_t draw = r.next();  // one draw an element, whatever the pattern
    return pattern == Pattern::lane_stride ? static_cast<std::uint8_t>(8 * (i % 32))
           : pattern == Pattern::one_value ? std::uint8_t{7}
                                           : static_cast<std::uint8_t>(draw >> 56);
  });
  DeviceBuffer<std::uint8_t> data(bytes.size());
  DeviceBuffer<std::uint32_t> bins(static_cast<std::size_t>(kByteValues.bins));
  data.upload(bytes);
  row.launch({.n = count, .data = data.at(), .bins = bins.at(), .block = kBlock, .binning = kByteValues}, Stream{});
  profile::wait_for_device();
}

const profile::Case kCases[] = {
    {"histogram_global_spread_16M", "histogram_global_atomics", [] { run("histogram_global_atomics", Pattern::spread); }},
    {"histogram_privatised_lane_stride_16M", "histogram_smem_privatised",
     [] { run("histogram_smem_privatised", Pattern::lane_stride); }},
    {"histogram_lane_banks_lane_stride_16M", "histogram_smem_lane_banks",
     [] { run("histogram_smem_lane_banks", Pattern::lane_stride); }},
    {"histogram_wide_spread_16M", "histogram_smem_wide", [] { run("histogram_smem_wide", Pattern::spread); }},
    {"histogram_wide_one_value_16M", "histogram_smem_wide", [] { run("histogram_smem_wide", Pattern::one_value); }},
    {"traffic_histogram_privatised_1G", "histogram_smem_privatised", [] { run_traffic("histogram_smem_privatised"); },
     [] { return spec_named("histogram_smem_privatised").traffic(kTrafficCount, kBlock, kTypings[0], kByteValues.bins); }},
};

}  // namespace

std::span<const profile::Case> profile_cases() { return kCases; }

}  // namespace smemc::histogram
