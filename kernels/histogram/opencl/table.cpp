// The OpenCL implementation table of the histograms (histogram.cl): every
// row implemented in every sample type, each kernel named as its variant,
// the program built once per sample type. A floating sample type is binned
// in double: on a device without cl_khr_fp64 those typings are declined
// (the conformance profile below allows that, and nothing else).
#include <cstring>

#include "common/opencl/opencl_runtime.hpp"
#include "smemc/opencl_programs.hpp"
#include "histogram/spec.hpp"

namespace smemc::histogram {
namespace {

using namespace smemc::opencl;

cl_ulong bits_of(double v) {
  cl_ulong bits = 0;
  std::memcpy(&bits, &v, sizeof bits);
  return bits;
}

// Each row's grid: min(⌈n/B⌉, kMaxBlocks) groups of B (one sample a
// work-item a step), or the wide row's (wide_blocks).
std::int64_t sample_grid(const Args& a) { return blocks_for(a.n, a.block); }
std::int64_t wide_grid(const Args& a) { return wide_blocks(a.n, a.block, a.typing); }

// The spec's checks, the bins cleared on the queue, then the kernel of the
// variant's name (none for n = 0) on the row's grid, with
// `shared_words_per_bin` local words a bin (0: no local argument).
template <const std::string_view& name, int shared_words_per_bin, std::int64_t (*grid)(const Args&) = &sample_grid>
void launch_counts(const Args& a, Stream s) {
  const bool has_data = validate(spec_named(name), a);
  const BufferArg bins = buffer<std::uint32_t>(a.bins, name);
  fill(s, a.bins, 0, static_cast<std::size_t>(a.binning.bins) * sizeof(std::uint32_t));
  if (!has_data) return;
  const rule::BinParams p = params_of(a.binning);
  const std::string kernel(name);
  const auto groups = static_cast<std::size_t>(grid(a));
  const auto block = static_cast<std::size_t>(a.block);
  cl_kernel k = programs::histogram(a.typing).kernel(kernel);
  const auto args = [&](auto&&... local) {
    launch(s, k, kernel.c_str(), groups, block, buffer(a.data, a.typing.element, name), static_cast<cl_long>(a.n), bins,
           static_cast<cl_long>(p.bins), static_cast<cl_long>(p.integer_lower), static_cast<cl_long>(p.integer_range),
           bits_of(p.lower), bits_of(p.upper), local...);
  };
  if constexpr (shared_words_per_bin == 0) {
    args();
  } else {
    args(LocalBytes{static_cast<std::size_t>(shared_words_per_bin * p.bins) * sizeof(std::uint32_t)});
  }
}

// A floating sample is binned in double.
DeviceDecline samples_on_device(const Typing& t) {
  if (is_floating(t.element)) return typing_on_device({Scalar::f64, Scalar::f64, Scalar::f64});
  return {};
}

constexpr std::string_view kGlobalAtomics = "histogram_global_atomics";
constexpr std::string_view kSmemPrivatised = "histogram_smem_privatised";
constexpr std::string_view kSmemLaneBanks = "histogram_smem_lane_banks";
constexpr std::string_view kSmemWide = "histogram_smem_wide";

const Entry kTable[] = {
    {kGlobalAtomics, &launch_counts<kGlobalAtomics, 0>, {}, &samples_on_device},
    {kSmemPrivatised, &launch_counts<kSmemPrivatised, 1>, {}, &samples_on_device},
    {kSmemLaneBanks, &launch_counts<kSmemLaneBanks, 32>, {}, &samples_on_device},
    {kSmemWide, &launch_counts<kSmemWide, 32, &wide_grid>, {}, &samples_on_device},
};

// Every row and sample type is required of the OpenCL port, but the
// floating samples on a device without double precision.
constexpr Allowance kAllowances[] = {
    {kGlobalAtomics, Decline::needs_fp64, "f16_u32"},  {kGlobalAtomics, Decline::needs_fp64, "bf16_u32"},
    {kGlobalAtomics, Decline::needs_fp64, "f32_u32"},  {kGlobalAtomics, Decline::needs_fp64, "f64_u32"},
    {kSmemPrivatised, Decline::needs_fp64, "f16_u32"}, {kSmemPrivatised, Decline::needs_fp64, "bf16_u32"},
    {kSmemPrivatised, Decline::needs_fp64, "f32_u32"}, {kSmemPrivatised, Decline::needs_fp64, "f64_u32"},
    {kSmemLaneBanks, Decline::needs_fp64, "f16_u32"},  {kSmemLaneBanks, Decline::needs_fp64, "bf16_u32"},
    {kSmemLaneBanks, Decline::needs_fp64, "f32_u32"},  {kSmemLaneBanks, Decline::needs_fp64, "f64_u32"},
    {kSmemWide, Decline::needs_fp64, "f16_u32"},       {kSmemWide, Decline::needs_fp64, "bf16_u32"},
    {kSmemWide, Decline::needs_fp64, "f32_u32"},       {kSmemWide, Decline::needs_fp64, "f64_u32"},
};

}  // namespace

std::span<const Entry> implementations() { return kTable; }
std::span<const Allowance> allowances() { return kAllowances; }

}  // namespace smemc::histogram
