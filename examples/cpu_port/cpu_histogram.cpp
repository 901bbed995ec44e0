// The histogram family on the CPU port: the spec's baseline row ported as
// written (one atomic add a sample, on std::atomic_ref), in every sample
// type; its two shared-memory rows declined (bank layouts of a GPU block
// have no CPU meaning); and one row of this port's own, cpu_histogram_chunks,
// of the exact class: chunks of B samples counted in parallel, each into
// counts of its own, merged into the bins with atomic adds. Either way the
// counts are exact, whatever order the workers ran in; the checks hold them
// equal to the host's count. Samples are binned by the spec's rule
// (histogram::bin_of: histogram/bin_rule.hpp, the code the CUDA kernels run).
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

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
    {0, 4096, ""},
    {1, 1, ""},
    {1000, 7, ""},
    {1000, 65536, ""},
    {kCountLimit, 1, ""},
    {kCountLimit, 65536, ""},
    {kCountLimit, 4096, ""},
    {kCountLimit + 1, 4096, "exceeds"},
    {-1, 4096, "negative"},
    {10, 0, "block"},
    {10, 65537, "block"},
    {64, 4096, "aligned", 1, "u16_u32"},
    {64, 4096, "", 2, "u16_u32"},
    {64, 4096, "aligned", 2, "f32_u32"},
    {64, 4096, "", 4, "f32_u32"},
};

// The sample types this port's row counts: bytes, 16-bit integers, half
// and float (a port row states its own list).
constexpr Typing kChunkTypings[] = {kTypings[0], kTypings[2], kTypings[4], kTypings[6]};

const Spec kChunkCounts = {
    .doc = {.name = "cpu_histogram_chunks",
            .idea = "chunks of B samples counted in parallel, each into counts of its own, merged into the bins "
                    "with atomic adds",
            .cost = "one read of the data; at most B atomic adds a chunk (a bin's count once, however many of its "
                    "samples the chunk holds)"},
    .typings = kChunkTypings,
    .determinism = Determinism::exact,
    .domain = {.block = {.min = 1, .max = 1 << 16, .reason = "a chunk is a loop: any B up to 65536 samples a chunk"},
               .tested_blocks = kChunkBlocks,
               .n_base = kCountLimit,
               .n_limit_reason = "a bin's count is 32-bit unsigned"},
    .max_bins = kMaxBins,
    .bins_reason = "the suite's largest bin count, 65536",
    .shared_bins = "none: each chunk's counts live in its worker's memory",
    .traffic = &samples_once,
    .contract_cases = kChunkContract,
};

void add_to(std::uint32_t& bin, std::uint32_t count) {
  std::atomic_ref<std::uint32_t>(bin).fetch_add(count, std::memory_order_relaxed);
}

// The bins cleared, then every sample counted by `count` (a template over
// the host sample type): one job on the stream's queue.
template <typename Count>
void enqueue_counts(const Args& a, Stream stream, bool has_data, Count count) {
  queue_of(stream).enqueue([a, n = has_data ? a.n : 0, bins = host_pointer<std::uint32_t>(a.bins), count] {
    std::fill(bins, bins + a.binning.bins, 0u);
    if (n == 0) return;
    visit_scalar(a.typing.element, [&]<typename T>(std::type_identity<T>) {
      if constexpr (!std::is_same_v<T, Float4>)
        count(std::span<const T>(host_pointer<const T>(a.data), static_cast<std::size_t>(n)), params_of(a.binning), bins,
              a.block);
    });
  });
}

struct GlobalAtomics {
  template <typename T>
  void operator()(std::span<const T> data, const rule::BinParams& p, std::uint32_t* bins, int block) const {
    const auto n = static_cast<std::int64_t>(data.size());
    const std::int64_t blocks = blocks_for(n, block), stride = blocks * block;
    run_grid(blocks, 1, [&](std::int64_t b) {
      for (std::int64_t t = b * block; t < (b + 1) * block; ++t) {
        for (std::int64_t i = t; i < n; i += stride) {
          const std::int64_t k = bin_of(data[static_cast<std::size_t>(i)], p);
          if (k >= 0) add_to(bins[k], 1);
        }
      }
    });
  }
};

// Each chunk counts into a worker's own counts (all zero between chunks: the
// merge walks the chunk's samples again, adding each touched bin once and
// clearing it, so a chunk costs O(B), not O(bins)).
struct Chunks {
  template <typename T>
  void operator()(std::span<const T> data, const rule::BinParams& p, std::uint32_t* bins, int block) const {
    const auto n = static_cast<std::int64_t>(data.size());
    run_grid(ceil_div(n, block), std::max<std::int64_t>(1, 65536 / block), [&](std::int64_t c) {
      thread_local std::vector<std::uint32_t> counts;
      if (counts.size() < static_cast<std::size_t>(p.bins)) counts.resize(static_cast<std::size_t>(p.bins), 0u);
      const std::int64_t begin = c * block, end = std::min(n, (c + 1) * block);
      for (std::int64_t i = begin; i < end; ++i) {
        if (const std::int64_t k = bin_of(data[static_cast<std::size_t>(i)], p); k >= 0) ++counts[k];
      }
      for (std::int64_t i = begin; i < end; ++i) {
        const std::int64_t k = bin_of(data[static_cast<std::size_t>(i)], p);
        if (k >= 0 && counts[k] != 0) {
          add_to(bins[k], counts[k]);
          counts[k] = 0;
        }
      }
    });
  }
};

void launch_global_atomics(const Args& a, Stream stream) {
  enqueue_counts(a, stream, validate(spec_named("histogram_global_atomics"), a), GlobalAtomics{});
}
void launch_chunks(const Args& a, Stream stream) { enqueue_counts(a, stream, validate(kChunkCounts, a), Chunks{}); }

constexpr std::string_view kNotPorted =
    "not ported: a GPU block's shared-memory bin layout; this port counts chunks on its own row (cpu_histogram_chunks)";

const Entry kTable[] = {
    {"histogram_global_atomics", &launch_global_atomics},
    {.name = "histogram_smem_privatised", .not_implemented = kNotPorted, .declined = Decline::port_rows_instead},
    {.name = "histogram_smem_lane_banks", .not_implemented = kNotPorted, .declined = Decline::port_rows_instead},
    {.name = "histogram_smem_wide", .not_implemented = kNotPorted, .declined = Decline::port_rows_instead},
    {.launch = &launch_chunks, .port_row = &kChunkCounts},
};

// This port's conformance profile: the baseline is required in every sample
// type, its own row stands for the shared-memory ones.
const Allowance kAllowances[] = {
    {"histogram_smem_privatised", Decline::port_rows_instead},
    {"histogram_smem_lane_banks", Decline::port_rows_instead},
    {"histogram_smem_wide", Decline::port_rows_instead},
};

}  // namespace

std::span<const Entry> implementations() { return kTable; }
std::span<const Allowance> allowances() { return kAllowances; }

}  // namespace smemc::histogram
