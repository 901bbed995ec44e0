#pragma once
// The histogram family's specification: the counts of samples in even
// bins, the classic shared-memory privatisation exercise, for samples of
// 8- and 16-bit integers and of every floating type. Plain C++ (no backend
// header).
//
// Contract, for every (row, typing) of every backend:
//   launch(args, stream) enqueues work that sets bins[k], for every
//   k < binning.bins, to the number of i < n whose sample data[i] falls in
//   bin k (whatever bins held before: n = 0 writes binning.bins zeros),
//   writes nothing else, leaves data unchanged, and returns without
//   synchronising. data and bins must not overlap. The class is `exact`:
//   integer counts, equal to the host's count (no tolerance, whatever order
//   the atomics ran in). Invalid arguments throw std::invalid_argument
//   before anything is enqueued.
//
// The binning rule (docs/porting.md, "The histogram's bins"), the same for
// every sample type:
//   - a sample x counts iff lower <= x < upper, compared as real numbers: a
//     sample equal to the upper level does not count, nor does one outside
//     the levels, nor a NaN (it compares false), nor an infinity (the levels
//     are finite);
//   - it counts in bin floor((x - lower) * bins / (upper - lower)), the
//     real value's floor: no intermediate type rounds it. The bin index is
//     unsigned and below bins.
//   - integer samples: exact in integers (what the kernels compute:
//     (x - lower) as an unsigned 64-bit value, times bins, divided by
//     (upper - lower)). A 16-bit sample's (x - lower) * bins reaches
//     65535 * 65536: past INT_MAX, so neither the sample's type nor int
//     holds it.
//   - floating samples: the kernels take a candidate bin from the quotient
//     in double, then correct it by the exact sign of
//     bins * (x - lower) - k * (upper - lower) (histogram/bin_rule.hpp: the
//     method, one source for the host and CUDA). It is exact for levels of
//     magnitude at most 2^1000, which the rows' level domain states.
// A bin's count is a 32-bit unsigned integer: n < 2^32 cannot overflow one.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "common/contract.hpp"
#include "common/device_address.hpp"
#include "common/implementation.hpp"
#include "common/spec.hpp"
#include "common/types.hpp"
#include "histogram/bin_rule.hpp"

namespace smemc::histogram {

// The family's typings: the sample types; the counts are u32 in all of them
// (accumulator and output). Adding a sample type is an entry here, then the
// rows that use it.
inline constexpr Typing kTypings[] = {
    {Scalar::u8, Scalar::u32, Scalar::u32},  {Scalar::i8, Scalar::u32, Scalar::u32},  {Scalar::u16, Scalar::u32, Scalar::u32},
    {Scalar::i16, Scalar::u32, Scalar::u32}, {Scalar::f16, Scalar::u32, Scalar::u32}, {Scalar::bf16, Scalar::u32, Scalar::u32},
    {Scalar::f32, Scalar::u32, Scalar::u32}, {Scalar::f64, Scalar::u32, Scalar::u32},
};
// Bytes: the suite's first histogram (256 bins, one a byte value), and the
// typings of a row that states no other.
inline constexpr Typing kByteSamples[] = {kTypings[0]};

// Even bins: `bins` bins of equal width over [lower, upper), the levels.
// Integer samples take integer levels in [min(T), max(T) + 1]; floating
// samples finite levels of magnitude at most 2^1000 (kLevelLimit).
struct Binning {
  std::int64_t bins = 256;
  double lower = 0;
  double upper = 256;
  friend bool operator==(const Binning&, const Binning&) = default;
};
inline constexpr std::int64_t kMaxBins = 65536;
inline constexpr double kLevelLimit = 0x1p1000;
// The byte values, one bin each: the histogram of the suite's first rows.
inline constexpr Binning kByteValues{};
// One bin per value of an 8- or 16-bit integer sample type: [min, max + 1),
// 256 or 65536 bins.
Binning one_bin_per_value(Scalar sample);
std::string describe(const Binning& b);  // "256 bins over [0, 256)"
// The binning as the kernels take it (bin_rule.hpp).
rule::BinParams params_of(const Binning& b);

struct Args {
  std::int64_t n = 0;
  DeviceAddress data;       // n samples of typing.element, aligned to their size
  DeviceAddress bins;       // binning.bins 32-bit counts
  DeviceAddress workspace;  // the row's workspace_bytes of scratch, where it states any (else unused)
  int block = 0;
  Binning binning;
  Typing typing = kTypings[0];  // one of the row's typings (Variant::launch sets it)
};

struct Spec {
  Description doc;
  // The sample types the row is stated for; the checks run every one.
  std::span<const Typing> typings = kByteSamples;
  Determinism determinism = Determinism::exact;
  SizeDomain domain;
  // The most bins the row takes, and what limits them (its shared-memory
  // layout: a row whose bins do not fit narrows its domain here).
  std::int64_t max_bins = kMaxBins;
  std::string_view bins_reason = "the suite's largest bin count, 65536";
  // The block's bins in shared memory, in words ("none" for the baseline):
  // what the profile and the shared-memory facts hold the kernel to.
  std::string_view shared_bins;
  // The bytes a launch moves (common/traffic.hpp's rule), as a formula; and
  // the same counted from a model of the launch's accesses, which the host
  // tests hold the formula to (null: none; the check says so and skips).
  Traffic (*traffic)(std::int64_t n, int block, const Typing& typing, std::int64_t bins) = nullptr;
  Traffic (*model_traffic)(std::int64_t n, int block, const Typing& typing, std::int64_t bins) = nullptr;
  // A port row's fixed refusal and acceptance table (contract.hpp).
  std::span<const contract::SizeCase> contract_cases;
  // What a row may state beside its domain, as a reduction row does (the
  // spec's own rows state none of them; a port's may):
  //   data_alignment     bytes the data's offset is a multiple of, beyond
  //                      the sample's own size (wide loads: 16)
  //   workspace_bytes    device scratch the caller passes (Args::workspace),
  //                      asked for refused (n, block) too: 0 there; null:
  //                      none. Its contents afterwards are unspecified, and
  //                      the checks guard its ends.
  //   managed_workspace  not empty: the launcher allocates and frees scratch
  //                      of its own (a library's temporary storage, stream
  //                      ordered), and this says what; the checks can neither
  //                      poison nor guard it
  // A size multiple is the domain's (domain.n_multiple_of).
  std::size_t data_alignment = 1;
  std::size_t (*workspace_bytes)(std::int64_t n, int block, const Typing& typing, std::int64_t bins) = nullptr;
  std::string_view managed_workspace;
};
// The row's workspace in bytes for this launch (0: none).
std::size_t workspace_of(const Spec& s, std::int64_t n, int block, const Typing& t, std::int64_t bins);
// The alignment of the row's data in a typing: the sample's size or the
// row's data_alignment, whichever is larger.
std::size_t data_alignment_of(const Spec& s, const Typing& t);

// The grid every backend launches (a grid-stride loop over the data):
// min(⌈n/B⌉, kMaxBlocks) blocks. A fixed cap keeps the privatised
// variants' merge (a global atomic a nonzero bin a block) small beside n,
// and makes the profile counts a function of (n, B) alone.
inline constexpr std::int64_t kMaxBlocks = 4096;
std::int64_t blocks_for(std::int64_t n, int block);

// The wide row's grid (histogram_smem_wide, on every backend): thread g of
// T = G·B counts the 16-byte vectors g, g + T, ... (V = 16 / sample bytes
// samples each, the data 16-byte aligned), then the tail samples
// V·⌊n/V⌋ + g, + T, ...; G = min(max(⌈⌊n/V⌋/B⌉, 1), 2^19/B): a function of
// (n, B, sample type) alone, about two resident waves on the H200 at B =
// 1024 (2^18/B, one wave less a few blocks, left 8 of its 132 SMs a block
// short: 0.98 of CUB against 1.0 at two waves, probe of 2026-12-04), so the
// 32-copy merge still runs in few blocks.
inline constexpr std::size_t kWideBytes = 16;
inline constexpr std::int64_t kWideThreads = std::int64_t{1} << 19;
std::int64_t wide_blocks(std::int64_t n, int block, const Typing& t);

// The traffic of every row here, and of a port's that reads its samples
// once, by common/traffic.hpp's rule: a memset writes every bin; then one
// launch reads every sample once and makes its atomics on the bins, one
// load and one store of each bin it reaches in that launch (every atomic on
// a bin after the first is served by L2), at most min(n, bins) of them.
Traffic samples_once(std::int64_t n, int block, const Typing& t, std::int64_t bins);
// The same counted from the accesses of a run that reaches the most bins
// (sample i in bin i mod bins): what the host tests hold samples_once to.
// The privatised rows' merge reaches the same bins as their samples do.
Traffic counted_traffic(std::int64_t n, int block, const Typing& t, std::int64_t bins);

// The rule, as the kernels compute it (the header comment): the bin of an
// integer sample, and of a floating one (a double: every floating sample
// type's values are doubles); -1 where the sample does not count.
std::int64_t integer_bin(std::int64_t x, const Binning& b);
std::int64_t floating_bin(double x, const Binning& b);
// The same for a host sample of any sample type (what a CPU port counts with).
template <typename T>
std::int64_t bin_of(T x, const rule::BinParams& p) {
  if constexpr (std::is_integral_v<T>) {
    return rule::integer_bin(static_cast<std::int64_t>(x), p);
  } else {
    return rule::floating_bin(to_double(x), p);
  }
}

// The byte histogram on the host (one bin a byte value): the reference of
// the large check, a plain count with nothing in common with the kernels.
using Counts = std::vector<std::uint32_t>;
Counts count_bytes(std::span<const std::uint8_t> data);

std::span<const Spec> specs();
// The README's variant table of these rows (common/spec.hpp, SpecTable).
SpecTable spec_table();
const Spec& spec_named(std::string_view name);
std::string size_violation(const Spec& s, std::int64_t n, int block);
// Empty when the (row, typing) takes the binning, else why not: bins in
// [1, max_bins]; finite levels, lower < upper; integer samples' levels
// integers in [min, max + 1]; floating ones' within ±2^1000.
std::string binning_violation(const Spec& s, const Typing& t, const Binning& b);
std::string preconditions(const Spec& s);
// The launchers' shared checks (same messages on every backend): a typing
// the row does not state, the size and block, the binning, null data
// (n > 0) or bins, data not aligned to its samples, data and bins
// overlapping. Returns false when n = 0 (the launcher then only clears the
// bins).
bool validate(const Spec& s, const Args& args);

using Entry = Implementation<Spec, Args>;
std::span<const Entry> implementations();
// The spec rows this backend may decline, and for which reasons (its
// conformance profile, defined beside its table): every other row is
// required of it.
std::span<const Allowance> allowances();
using Variant = Joined<Spec, Args>;

inline std::shared_ptr<const Spec> typed_row(const Spec& s, const Typing& t) { return untyped(s, t); }
inline std::shared_ptr<const Spec> narrowed_row(const Spec& s, const Narrowing& n) { return narrowed_1d(s, n); }
inline std::string narrowing_leaves_nothing(const Spec& s, const Narrowing& n) { return narrowing_leaves_nothing_1d(s, n); }

}  // namespace smemc::histogram
