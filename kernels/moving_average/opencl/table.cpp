// The OpenCL implementation table of the moving averages (moving_average.cl):
// every row implemented.
#include "common/opencl/opencl_runtime.hpp"
#include "smemc/opencl_programs.hpp"
#include "common/preconditions.hpp"
#include "moving_average/host_models.hpp"
#include "moving_average/spec.hpp"

namespace smemc::moving_average {
namespace {

using namespace smemc::opencl;

// The text's kernel: one group of n work-items, sh_arr[10] in the kernel.
void moving_average_seed(const Args& a, Stream s) {
  constexpr const char* name = "moving_average_seed";
  if (!validate(spec_named(name), a)) return;
  launch(s, programs::moving_average().kernel("gpu_shared_memory"), "gpu_shared_memory", 1, static_cast<std::size_t>(a.n),
         buffer<float>(a.data, name));
}

// One group of n work-items, the array a local argument of n accumulators;
// moving_average.cl built for the launch's typing.
void moving_average_block(const Args& a, Stream s) {
  constexpr const char* name = "moving_average_block";
  if (!validate(spec_named(name), a)) return;
  const auto n = static_cast<std::size_t>(a.n);
  launch(s, programs::moving_average(a.typing).kernel(name), name, 1, n, buffer(a.data, a.typing.element, name),
         LocalBytes{n * info(a.typing.accumulator).bytes});
}

// Tile totals, the carries scan (one group of 1024), the rescan with carries.
void moving_average_scan(const Args& a, Stream s) {
  constexpr const char* name = "moving_average_scan";
  if (!validate(spec_named(name), a)) return;
  Program& program = programs::moving_average(a.typing);
  const BufferArg data = buffer(a.data, a.typing.element, name), carries = buffer(a.workspace, a.typing.accumulator, name);
  const auto tiles = static_cast<std::size_t>(ceil_div(a.n, a.block));
  const auto block = static_cast<std::size_t>(a.block);
  const LocalBytes tile_scratch{block * info(a.typing.accumulator).bytes};
  launch(s, program.kernel("scan_tile_totals"), "scan_tile_totals", tiles, block, static_cast<cl_long>(a.n), data, carries,
         tile_scratch);
  launch(s, program.kernel("scan_carries"), "scan_carries", 1, model::kCarryThreads, static_cast<cl_int>(tiles), carries);
  launch(s, program.kernel("scan_apply_means"), "scan_apply_means", tiles, block, static_cast<cl_long>(a.n), data, carries,
         tile_scratch);
}

DeviceDecline typed_on_device(const Typing& t) { return typing_on_device(t); }

const Entry kTable[] = {
    {"moving_average_seed", &moving_average_seed},
    {"moving_average_block", &moving_average_block, {}, &typed_on_device},
    {"moving_average_scan", &moving_average_scan, {}, &typed_on_device},
    // A tile waits for the tiles that took their tickets before it; OpenCL
    // promises no forward progress between work-groups (a device may run
    // them one after another, as Oclgrind does, or keep a waiting group
    // resident while its predecessor never starts).
    {.name = "moving_average_lookback",
     .not_implemented =
         "needs forward progress between work-groups (a tile waits for its predecessors), which OpenCL 1.2 does not promise",
     .declined = Decline::needs_forward_progress},
};

// Required: every row but the look-back, which OpenCL 1.2's execution model
// cannot run (above), in every typing; double only where the device has it.
const Allowance kAllowances[] = {
    {"moving_average_lookback", Decline::needs_forward_progress},
    {"moving_average_block", Decline::needs_fp64, "f64"},
    {"moving_average_scan", Decline::needs_fp64, "f64"},
};

}  // namespace

std::span<const Entry> implementations() { return kTable; }
std::span<const Allowance> allowances() { return kAllowances; }

}  // namespace smemc::moving_average
