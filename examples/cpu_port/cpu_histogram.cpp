// The histogram family on the CPU port: the spec's baseline row ported as
// written (one atomic add a byte, on std::atomic_ref), its two shared-memory
// rows declined (bank layouts of a GPU block have no CPU meaning), and one
// row of this port's own, cpu_histogram_chunks, of the exact class: chunks
// of B bytes counted in parallel, each into 256 counts on its worker's
// stack, merged into the bins with atomic adds. Either way the counts are
// exact, whatever order the workers ran in; the checks hold them equal to
// the host's count.
#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <span>

#include "common/preconditions.hpp"
#include "cpu_device.hpp"
#include "histogram/spec.hpp"

namespace smemc::histogram {
namespace {

using cpu_port::host_pointer;
using cpu_port::queue_of;
using cpu_port::run_grid;

// A chunk is a loop: any B in [1, 65536]. n < 2^32 keeps every count in 32 bits.
constexpr int kChunkBlocks[] = {4096, 1, 1000};
constexpr std::int64_t kCountLimit = 4294967295;
constexpr contract::SizeCase kChunkContract[] = {
    {0, 4096, ""},           {1, 1, ""},
    {1000, 7, ""},           {1000, 65536, ""},
    {kCountLimit, 1, ""},    {kCountLimit, 65536, ""},
    {kCountLimit, 4096, ""}, {kCountLimit + 1, 4096, "exceeds"},
    {-1, 4096, "negative"},  {10, 0, "block"},
    {10, 65537, "block"},
};

Traffic bytes_once(std::int64_t n, int) { return {n, kBins * 4}; }

const Spec kChunkCounts = {
    .doc = {.name = "cpu_histogram_chunks",
            .idea = "chunks of B bytes counted in parallel, each into 256 counts of its own, merged into the bins "
                    "with atomic adds",
            .cost = "one read of the data; at most 256 atomic adds a chunk"},
    .determinism = Determinism::exact,
    .domain = {.block = {1, 1 << 16, false},
               .tested_blocks = kChunkBlocks,
               .n_base = kCountLimit,
               .n_limit_reason = "a bin's count is 32-bit unsigned"},
    .shared_bins = "none: each chunk's 256 counts live on its worker's stack",
    .traffic = &bytes_once,
    .contract_cases = kChunkContract,
};

void add_to(std::uint32_t& bin, std::uint32_t count) {
  std::atomic_ref<std::uint32_t>(bin).fetch_add(count, std::memory_order_relaxed);
}

// The bins cleared, then every byte counted: one job on the stream's queue.
template <typename Count>
void enqueue_counts(const Args& a, Stream stream, bool has_data, Count count) {
  queue_of(stream).enqueue([n = has_data ? a.n : 0, data = host_pointer<const std::uint8_t>(a.data),
                            bins = host_pointer<std::uint32_t>(a.bins), block = a.block, count] {
    std::fill(bins, bins + kBins, 0u);
    if (n > 0) count(n, data, bins, block);
  });
}

void launch_global_atomics(const Args& a, Stream stream) {
  const bool has_data = validate(spec_named("histogram_global_atomics"), a);
  enqueue_counts(a, stream, has_data, [](std::int64_t n, const std::uint8_t* data, std::uint32_t* bins, int block) {
    run_grid(blocks_for(n, block), 1, [&](std::int64_t b) {
      const std::int64_t stride = blocks_for(n, block) * block;
      for (std::int64_t t = b * block; t < (b + 1) * block; ++t) {
        for (std::int64_t i = t; i < n; i += stride) add_to(bins[data[i]], 1);
      }
    });
  });
}

void launch_chunks(const Args& a, Stream stream) {
  const bool has_data = validate(kChunkCounts, a);
  enqueue_counts(a, stream, has_data, [](std::int64_t n, const std::uint8_t* data, std::uint32_t* bins, int block) {
    run_grid(ceil_div(n, block), std::max<std::int64_t>(1, 65536 / block), [&](std::int64_t c) {
      std::array<std::uint32_t, kBins> counts{};
      for (std::int64_t i = c * block; i < std::min(n, (c + 1) * block); ++i) ++counts[data[i]];
      for (int v = 0; v < kBins; ++v) {
        if (counts[v] != 0) add_to(bins[v], counts[v]);
      }
    });
  });
}

constexpr std::string_view kNotPorted =
    "not ported: a GPU block's shared-memory bin layout; this port counts chunks on its own row (cpu_histogram_chunks)";

const Entry kTable[] = {
    {"histogram_global_atomics", &launch_global_atomics},
    {.name = "histogram_smem_privatised", .not_implemented = kNotPorted, .declined = Decline::port_rows_instead},
    {.name = "histogram_smem_lane_banks", .not_implemented = kNotPorted, .declined = Decline::port_rows_instead},
    {.launch = &launch_chunks, .port_row = &kChunkCounts},
};

// This port's conformance profile: the baseline is required, its own row
// stands for the shared-memory ones.
const Allowance kAllowances[] = {
    {"histogram_smem_privatised", Decline::port_rows_instead},
    {"histogram_smem_lane_banks", Decline::port_rows_instead},
};

}  // namespace

std::span<const Entry> implementations() { return kTable; }
std::span<const Allowance> allowances() { return kAllowances; }

}  // namespace smemc::histogram
