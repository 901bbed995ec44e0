// The OpenCL implementation table of the histograms (histogram.cl): every
// row implemented, each kernel named as its variant.
#include "common/opencl/opencl_runtime.hpp"
#include "smemc/opencl_programs.hpp"
#include "histogram/spec.hpp"

namespace smemc::histogram {
namespace {

using namespace smemc::opencl;

// The spec's checks, the bins cleared on the queue, then the kernel of the
// variant's name (none for n = 0), min(⌈n/B⌉, kMaxBlocks) groups of B.
template <const std::string_view& name>
void launch_counts(const Args& a, Stream s) {
  const bool has_data = validate(spec_named(name), a);
  const BufferArg bins = buffer<std::uint32_t>(a.bins, name);
  fill(s, a.bins, 0, kBins * sizeof(std::uint32_t));
  if (!has_data) return;
  const std::string kernel(name);
  launch(s, programs::histogram().kernel(kernel), kernel.c_str(), static_cast<std::size_t>(blocks_for(a.n, a.block)),
         static_cast<std::size_t>(a.block), buffer<std::uint8_t>(a.data, name), static_cast<cl_long>(a.n), bins);
}

constexpr std::string_view kGlobalAtomics = "histogram_global_atomics";
constexpr std::string_view kSmemPrivatised = "histogram_smem_privatised";
constexpr std::string_view kSmemLaneBanks = "histogram_smem_lane_banks";

const Entry kTable[] = {
    {kGlobalAtomics, &launch_counts<kGlobalAtomics>},
    {kSmemPrivatised, &launch_counts<kSmemPrivatised>},
    {kSmemLaneBanks, &launch_counts<kSmemLaneBanks>},
};

}  // namespace

std::span<const Entry> implementations() { return kTable; }
// Every row is required of the OpenCL port.
std::span<const Allowance> allowances() { return {}; }

}  // namespace smemc::histogram
