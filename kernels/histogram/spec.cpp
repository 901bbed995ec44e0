#include "histogram/spec.hpp"

#include <algorithm>
#include <cstdint>
#include <stdexcept>

#include "common/preconditions.hpp"

namespace smemc::histogram {
namespace {

// Any block in [1, 1024] works, powers of two or not; the suite runs these
// (the first two in the tool runs: a block of 1 there would clear and merge
// the lane-banks layout's 8192 words for every byte, too slow to simulate).
constexpr int kBlocks[] = {256, 32, 1, 7, 33, 100, 1024};

// A bin's count is a 32-bit unsigned integer: n below 2^32 cannot overflow
// one, even when every byte has the same value.
constexpr std::int64_t kCountLimit = std::int64_t{UINT32_MAX};

constexpr SizeDomain kDomain{.block = {1, 1024, false},
                             .tested_blocks = kBlocks,
                             .n_base = kCountLimit,
                             .n_per_block = 0,
                             .n_limit_reason = "a bin's count is 32-bit unsigned: n < 2^32 cannot overflow one"};

constexpr std::int64_t kBinBytes = kBins * std::int64_t{sizeof(std::uint32_t)};

// Every byte read once; the bins cleared, then their final counts written
// (the atomics resolve in L2, not in DRAM).
Traffic bytes_once(std::int64_t n, int) { return {n, kBinBytes}; }

const Spec kSpecs[] = {
    {.doc = {.name = "histogram_global_atomics",
             .idea = "the baseline: every byte one atomicAdd on its bin in global memory, grid-stride",
             .cost = "n global atomics on 256 words: same-bin atomics serialise in L2, so narrow data (few values) "
                     "run slowest"},
     .domain = kDomain,
     .shared_bins = "none",
     .traffic = &bytes_once},
    {.doc = {.name = "histogram_smem_privatised",
             .idea = "each block counts into its own 256 bins in shared memory (shared atomics), then adds each "
                     "nonzero bin to the global one",
             .cost = "n shared atomics and at most 256 global ones a block; lanes whose values share a bank "
                     "(v ≡ v' mod 32, v ≠ v') conflict"},
     .domain = kDomain,
     .shared_bins = "256 words, bin v in word v (bank v mod 32)",
     .traffic = &bytes_once},
    {.doc = {.name = "histogram_smem_lane_banks",
             .idea = "privatised, with 32 copies of every bin: lane l counts into word 32v + l, in bank l, so a "
                     "warp's atomics never share a bank; the merge sums each bin's 32 copies",
             .cost = "no bank conflict and no same-word atomic within a warp; 32 KiB of shared memory a block (fewer "
                     "blocks resident) and a 32x longer merge"},
     .domain = kDomain,
     .shared_bins = "256 x 32 words, bin v of lane l in word 32v + l (bank l)",
     .traffic = &bytes_once},
};

}  // namespace

std::int64_t blocks_for(std::int64_t n, int block) { return std::min(ceil_div(n, block), kMaxBlocks); }

Counts count_bins(std::span<const std::uint8_t> data) {
  Counts counts{};
  for (std::uint8_t v : data) ++counts[v];
  return counts;
}

std::span<const Spec> specs() { return kSpecs; }

const Spec& spec_named(std::string_view name) { return row_named(specs(), name, "histogram"); }

std::string size_violation(const Spec& s, std::int64_t n, int block) { return violation(s.domain, n, block); }

std::string preconditions(const Spec& s) { return describe(s.domain) + "; data and bins disjoint"; }

bool validate(const Spec& s, const Args& a) {
  const std::string_view name = s.doc.name;
  reject_if(name, size_violation(s, a.n, a.block));
  require_address(name, a.bins, "bins");
  if (a.n == 0) return false;
  require_address(name, a.data, "data");
  // A block would count bytes other blocks' merges are overwriting.
  if (overlap(a.data, static_cast<std::size_t>(a.n), a.bins, static_cast<std::size_t>(kBinBytes))) {
    throw std::invalid_argument(std::string(name) + ": data and bins overlap");
  }
  return true;
}

SpecTable spec_table() {
  return spec_table_of(specs(), &preconditions, {"determinism", "shared-memory bins"}, [](const Spec& s) {
    return std::vector<std::string>{std::string(to_string(s.determinism)), std::string(s.shared_bins)};
  });
}

}  // namespace smemc::histogram
