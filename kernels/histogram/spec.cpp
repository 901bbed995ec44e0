#include "histogram/spec.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>

#include "common/preconditions.hpp"

namespace smemc::histogram {
namespace {

// Any block in [1, 1024] works, powers of two or not; the suite runs these
// (the first two in the tool runs: a block of 1 there would clear and merge
// the lane-banks layout's 8192 words for every sample, too slow to simulate).
constexpr int kBlocks[] = {256, 32, 1, 7, 33, 100, 1024};

// A bin's count is a 32-bit unsigned integer: n below 2^32 cannot overflow
// one, even when every sample falls in one bin.
constexpr std::int64_t kCountLimit = std::int64_t{UINT32_MAX};

constexpr SizeDomain kDomain{.block = {1, 1024, false},
                             .tested_blocks = kBlocks,
                             .n_base = kCountLimit,
                             .n_per_block = 0,
                             .n_limit_reason = "a bin's count is 32-bit unsigned: n < 2^32 cannot overflow one"};

// 32 KiB of bins a block: OpenCL 1.2's least local memory a device may have
// (CUDA's static limit is 48 KiB), so every backend can hold the layout.
constexpr std::int64_t kSharedBinWords = 8192;

// The lane-banks layout, which the lane-banks and the wide rows share.
constexpr std::string_view kLaneBanksReason = "32 copies of a block's bins in 32 KiB of shared memory";
constexpr std::string_view kLaneBanksWords = "bins x 32 words, bin k of lane l in word 32k + l (bank l)";

const Spec kSpecs[] = {
    {.doc = {.name = "histogram_global_atomics",
             .idea = "the baseline: every sample one atomicAdd on its bin in global memory, grid-stride",
             .cost = "n global atomics: same-bin atomics serialise in L2, so narrow data (few bins hit) run slowest"},
     .typings = kTypings,
     .domain = kDomain,
     .max_bins = kMaxBins,
     .bins_reason = "one bin per 16-bit value",
     .shared_bins = "none",
     .traffic = &samples_once,
     .model_traffic = &counted_traffic},
    {.doc = {.name = "histogram_smem_privatised",
             .idea = "each block counts into its own bins in shared memory (shared atomics), then adds each nonzero "
                     "bin to the global one",
             .cost = "n shared atomics and at most `bins` global ones a block; lanes whose bins share a bank "
                     "(k ≡ k' mod 32, k ≠ k') conflict"},
     .typings = kTypings,
     .domain = kDomain,
     .max_bins = kSharedBinWords,
     .bins_reason = "a block's bins in 32 KiB of shared memory, OpenCL's least local memory",
     .shared_bins = "bins words, bin k in word k (bank k mod 32)",
     .traffic = &samples_once,
     .model_traffic = &counted_traffic},
    {.doc = {.name = "histogram_smem_lane_banks",
             .idea = "privatised, with 32 copies of every bin: lane l counts into word 32k + l, in bank l, so a "
                     "warp's atomics never share a bank; the merge sums each bin's 32 copies",
             .cost = "no bank conflict and no same-word atomic within a warp; 32 copies of the bins in shared memory "
                     "(fewer blocks resident) and a 32x longer merge"},
     .typings = kTypings,
     .domain = kDomain,
     .max_bins = kSharedBinWords / 32,
     .bins_reason = kLaneBanksReason,
     .shared_bins = kLaneBanksWords,
     .traffic = &samples_once,
     .model_traffic = &counted_traffic},
    {.doc = {.name = "histogram_smem_wide",
             .idea = "the lane-banks layout fed 16 bytes a thread a load (V = 16 / sample bytes samples) from a fixed "
                     "grid of G = min(max(⌈⌊n/V⌋/B⌉, 1), 2^19/B) blocks; integer samples binned in 32-bit arithmetic "
                     "without a division (one bin per value: the offset itself); 16 bytes of one repeated sample counted by one "
                     "atomic",
             .cost = "n/V 16-byte loads; no bank conflict and no division in the counting loop; the 32-copy merge in "
                     "G blocks only"},
     .typings = kTypings,
     .domain = kDomain,
     .max_bins = kSharedBinWords / 32,
     .bins_reason = kLaneBanksReason,
     .shared_bins = kLaneBanksWords,
     .traffic = &samples_once,
     .model_traffic = &counted_traffic,
     .data_alignment = kWideBytes},
};

std::string level_text(double v) {
  char text[32];
  const auto end = std::to_chars(text, text + sizeof(text), v).ptr;
  return std::string(text, end);
}

// The integer levels an integer sample type takes: [min(T), max(T) + 1].
std::pair<double, double> integer_levels(Scalar s) {
  return visit_scalar(s, []<typename T>(std::type_identity<T>) -> std::pair<double, double> {
    if constexpr (std::is_integral_v<T>) {
      return {static_cast<double>(std::numeric_limits<T>::min()), static_cast<double>(std::numeric_limits<T>::max()) + 1};
    } else {
      return {0, 0};
    }
  });
}

}  // namespace

Binning one_bin_per_value(Scalar sample) {
  if (!is_integer(sample) || info(sample).bytes > 2) {
    throw std::invalid_argument("one_bin_per_value: " + std::string(to_string(sample)) +
                                " is not an 8- or 16-bit integer sample type");
  }
  const auto [lower, upper] = integer_levels(sample);
  return {static_cast<std::int64_t>(upper - lower), lower, upper};
}

std::string describe(const Binning& b) {
  return std::to_string(b.bins) + " bins over [" + level_text(b.lower) + ", " + level_text(b.upper) + ")";
}

rule::BinParams params_of(const Binning& b) {
  // The integer levels only matter for integer samples, whose levels the
  // binning check has held to integers of 17 bits; elsewhere they are unused.
  const bool integral = std::abs(b.lower) <= 0x1p32 && std::abs(b.upper) <= 0x1p32;
  const auto lower = integral ? static_cast<std::int64_t>(b.lower) : 0;
  const auto upper = integral ? static_cast<std::int64_t>(b.upper) : 0;
  return {b.bins, b.lower, b.upper, lower, upper - lower};
}

std::int64_t blocks_for(std::int64_t n, int block) { return std::min(ceil_div(n, block), kMaxBlocks); }

std::int64_t wide_blocks(std::int64_t n, int block, const Typing& t) {
  const std::int64_t vectors = n / (static_cast<std::int64_t>(kWideBytes) / static_cast<std::int64_t>(info(t.element).bytes));
  return std::min(std::max<std::int64_t>(ceil_div(vectors, block), 1), kWideThreads / block);
}

Traffic samples_once(std::int64_t n, int, const Typing& t, std::int64_t bins) {
  constexpr std::int64_t kCount = sizeof(std::uint32_t);
  const std::int64_t hit = std::min(n, bins);  // the most bins any n samples reach
  return {n * static_cast<std::int64_t>(info(t.element).bytes) + kCount * hit, kCount * bins + kCount * hit};
}

Traffic counted_traffic(std::int64_t n, int, const Typing& t, std::int64_t bins) {
  TrafficTally tally;
  const DeviceArray samples(&tally, n, static_cast<std::int64_t>(info(t.element).bytes));
  const DeviceArray counts(&tally, bins, sizeof(std::uint32_t));
  counts.launch();
  for (std::int64_t k = 0; k < bins; ++k) counts.store(k);  // the launcher's memset
  if (n == 0) return tally.traffic();
  samples.launch();
  for (std::int64_t i = 0; i < n; ++i) {
    samples.load(i);
    counts.atomic(i % bins);  // the data that reach the most bins: sample i in bin i mod bins
  }
  return tally.traffic();
}

std::int64_t integer_bin(std::int64_t x, const Binning& b) { return rule::integer_bin(x, params_of(b)); }
std::int64_t floating_bin(double x, const Binning& b) { return rule::floating_bin(x, params_of(b)); }

Counts count_bytes(std::span<const std::uint8_t> data) {
  Counts counts(256, 0);
  for (std::uint8_t v : data) ++counts[v];
  return counts;
}

std::span<const Spec> specs() { return kSpecs; }

const Spec& spec_named(std::string_view name) { return row_named(specs(), name, "histogram"); }

std::string size_violation(const Spec& s, std::int64_t n, int block) { return violation(s.domain, n, block); }

std::string binning_violation(const Spec& s, const Typing& t, const Binning& b) {
  if (b.bins < 1 || b.bins > s.max_bins) {
    return "bins = " + std::to_string(b.bins) + " is outside [1, " + std::to_string(s.max_bins) + "] (" +
           std::string(s.bins_reason) + ")";
  }
  const std::string levels = "levels [" + level_text(b.lower) + ", " + level_text(b.upper) + ")";
  if (!std::isfinite(b.lower) || !std::isfinite(b.upper)) return levels + " are not finite";
  if (!(b.lower < b.upper)) return levels + ": the lower level must be below the upper";
  if (is_integer(t.element)) {
    const auto [least, most] = integer_levels(t.element);
    if (std::floor(b.lower) != b.lower || std::floor(b.upper) != b.upper || b.lower < least || b.upper > most) {
      return levels + " are not integers in [" + level_text(least) + ", " + level_text(most) + "] (the levels of " +
             std::string(to_string(t.element)) + " samples)";
    }
  } else if (std::abs(b.lower) > kLevelLimit || std::abs(b.upper) > kLevelLimit) {
    return levels + " exceed 2^1000 in magnitude (the exact bin's terms must stay finite)";
  }
  return {};
}

std::size_t workspace_of(const Spec& s, std::int64_t n, int block, const Typing& t, std::int64_t bins) {
  return s.workspace_bytes != nullptr ? s.workspace_bytes(n, block, t, bins) : 0;
}

std::size_t data_alignment_of(const Spec& s, const Typing& t) { return std::max(s.data_alignment, info(t.element).bytes); }

std::string preconditions(const Spec& s) {
  std::string text = describe(s.domain) + "; 1 ≤ bins ≤ " + std::to_string(s.max_bins) +
                     "; levels lower < upper, integers of an integer sample type, of magnitude ≤ 2^1000 for a floating one; "
                     "data and bins disjoint";
  if (s.data_alignment > 1) text += "; data aligned to " + std::to_string(s.data_alignment) + " bytes";
  if (s.workspace_bytes != nullptr) text += "; a workspace (workspace_bytes)";
  if (!s.managed_workspace.empty()) text += "; scratch of its own: " + std::string(s.managed_workspace);
  return text;
}

bool validate(const Spec& s, const Args& a) {
  const std::string_view name = s.doc.name;
  reject_if(name, typing_violation(s.typings, a.typing));
  reject_if(name, size_violation(s, a.n, a.block));
  reject_if(name, binning_violation(s, a.typing, a.binning));
  require_address(name, a.bins, "bins");
  reject_if(name, alignment_violation(a.bins.offset, sizeof(std::uint32_t)));
  if (a.n == 0) return false;
  require_address(name, a.data, "data");
  const std::size_t sample = info(a.typing.element).bytes;
  reject_if(name, alignment_violation(a.data.offset, data_alignment_of(s, a.typing)));
  if (workspace_of(s, a.n, a.block, a.typing, a.binning.bins) > 0) require_address(name, a.workspace, "workspace");
  // A block would count samples other blocks' merges are overwriting.
  if (overlap(a.data, static_cast<std::size_t>(a.n) * sample, a.bins,
              static_cast<std::size_t>(a.binning.bins) * sizeof(std::uint32_t))) {
    throw std::invalid_argument(std::string(name) + ": data and bins overlap");
  }
  return true;
}

SpecTable spec_table() {
  return spec_table_of(specs(), &preconditions, {"typings", "determinism", "bins", "shared-memory bins"}, [](const Spec& s) {
    return std::vector<std::string>{describe_typings(s.typings), std::string(to_string(s.determinism)),
                                    "≤ " + std::to_string(s.max_bins) + " (" + std::string(s.bins_reason) + ")",
                                    std::string(s.shared_bins)};
  });
}

}  // namespace smemc::histogram
