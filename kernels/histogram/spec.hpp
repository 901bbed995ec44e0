#pragma once
// The histogram family's specification: the counts of the 256 byte values
// of an array, the classic shared-memory privatisation exercise (the
// fourth family: it proves a family registers in one place, its
// manifest kernels/histogram/family.cmake and its name in SMEMC_FAMILIES).
// Plain C++ (no backend header).
//
// Contract, for every variant of every backend:
//   launch(args, stream) enqueues work that sets bins[v], for every v < 256,
//   to the number of i < n with data[i] == v (whatever bins held before:
//   n = 0 writes 256 zeros), writes nothing else, leaves data unchanged,
//   and returns without synchronising. data and bins must not overlap.
//   The class is `exact`: integer counts, equal to the host's count (no
//   tolerance, whatever order the atomics ran in). Invalid arguments throw
//   std::invalid_argument before anything is enqueued.

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "common/contract.hpp"
#include "common/device_address.hpp"
#include "common/implementation.hpp"
#include "common/spec.hpp"

namespace smemc::histogram {

// One bin per byte value.
inline constexpr int kBins = 256;
using Counts = std::array<std::uint32_t, kBins>;

struct Args {
  std::int64_t n = 0;
  DeviceAddress data;  // n bytes, any alignment
  DeviceAddress bins;  // kBins 32-bit counts
  int block = 0;
};

struct Spec {
  Description doc;
  Determinism determinism = Determinism::exact;
  SizeDomain domain;
  // The block's bins in shared memory, in words ("none" for the baseline):
  // what the profile and the shared-memory facts hold the kernel to.
  std::string_view shared_bins;
  Traffic (*traffic)(std::int64_t n, int block) = nullptr;
  // A port row's fixed refusal and acceptance table (contract.hpp).
  std::span<const contract::SizeCase> contract_cases;
};

// The grid every backend launches (a grid-stride loop over the data):
// min(⌈n/B⌉, kMaxBlocks) blocks. A fixed cap keeps the privatised
// variants' merge (256 global atomics a block) small beside n, and makes
// the profile counts a function of (n, B) alone.
inline constexpr std::int64_t kMaxBlocks = 4096;
std::int64_t blocks_for(std::int64_t n, int block);

// The exact histogram on the host: the exact class's reference, a plain
// count with nothing in common with the kernels.
Counts count_bins(std::span<const std::uint8_t> data);

std::span<const Spec> specs();
// The README's variant table of these rows (common/spec.hpp, SpecTable).
SpecTable spec_table();
const Spec& spec_named(std::string_view name);
std::string size_violation(const Spec& s, std::int64_t n, int block);
std::string preconditions(const Spec& s);
// The launchers' shared checks (same messages on every backend): the size
// and block, null data (n > 0) or bins, data and bins overlapping. Returns
// false when n = 0 (the launcher then only clears the bins).
bool validate(const Spec& s, const Args& args);

using Entry = Implementation<Spec, Args>;
std::span<const Entry> implementations();
// The spec rows this backend may decline, and for which reasons (its
// conformance profile, defined beside its table): every other row is
// required of it.
std::span<const Allowance> allowances();
using Variant = Joined<Spec, Args>;

inline std::shared_ptr<const Spec> narrowed_row(const Spec& s, const Narrowing& n) { return narrowed_1d(s, n); }
inline std::string narrowing_leaves_nothing(const Spec& s, const Narrowing& n) { return narrowing_leaves_nothing_1d(s, n); }

}  // namespace smemc::histogram
