// The OpenCL implementation table of the reduction family (reduce.cl,
// reduce_shfl.cl). Every row is implemented in every typing it states (the
// typed rows through reduce.cl built for the typing); reduce_warp_shfl runs
// only where the device offers sub-group shuffles of at least 32 lanes, a
// typing in double only where it has cl_khr_fp64, an atomic finish on 64
// bits only where it has cl_khr_int64_base_atomics.
#include <memory>

#include "common/opencl/opencl_runtime.hpp"
#include "common/preconditions.hpp"
#include "smemc/opencl_programs.hpp"
#include "reduce/host_models.hpp"
#include "reduce/spec.hpp"

namespace smemc::reduce {
namespace {

using namespace smemc::opencl;

void zero_out(const Args& a, Stream s) { fill(s, a.out, 0, info(a.typing.output).bytes); }

std::size_t groups_of(const Args& a) { return static_cast<std::size_t>(model::tree_blocks(a.n, a.block)); }

// The fix-up: one group of 1024 sums `count` partials `stride` values apart,
// in the accumulator of the program's typing (float: programs::reduce()).
void enqueue_fixup(Stream s, std::int64_t count, std::int64_t stride, BufferArg partials, BufferArg out,
                   Program& program = programs::reduce()) {
  launch(s, program.kernel("fixup_partials"), "fixup_partials", 1, model::kFixupThreads, static_cast<cl_int>(count),
         static_cast<cl_long>(stride), partials, out);
}

// A float-only row refuses another typing before its float buffers are formed.
void float_only(const char* name, const Args& a) { reject_if(name, typing_violation(spec_named(name).typings, a.typing)); }

// §5.1: saxpy(m, 1, x + upper, x) per level; the sum ends in x[0].
void by_halving(const Args& a, Stream s, const char* name) {
  float_only(name, a);
  if (!validate(spec_named(name), a)) {
    zero_out(a, s);  // +0, the empty sum
    return;
  }
  const BufferArg x = buffer<float>(a.data, name);
  cl_kernel saxpy = programs::reduce().kernel("saxpy");
  // Fold the upper floor(m/2) onto the lower ones (for a power of two,
  // exactly the text's m = n/2, n/4, ... 1).
  for (std::int64_t m = a.n; m > 1;) {
    const std::int64_t half = m / 2, upper = m - half;
    const auto groups = static_cast<std::size_t>((half + a.block - 1) / a.block);
    launch(s, saxpy, "saxpy", groups, static_cast<std::size_t>(a.block), static_cast<cl_int>(half), 1.0f,
           BufferArg{x.mem, x.offset + static_cast<cl_ulong>(upper)}, x);
    m = upper;
  }
  const BufferArg out = buffer<float>(a.out, name);
  SMEMC_CL_CHECK(clEnqueueCopyBuffer(queue_of(s), x.mem, out.mem, x.offset * sizeof(float), out.offset * sizeof(float),
                                     sizeof(float), 0, nullptr, nullptr));
}
void reduce_by_halving(const Args& a, Stream s) { by_halving(a, s, "reduce_by_halving"); }
void reduce_by_halving_any_n(const Args& a, Stream s) { by_halving(a, s, "reduce_by_halving_any_n"); }

// §5.2: the in-place tree; partial b sits at x[2bB] for the fix-up.
void reduce_block_fixup(const Args& a, Stream s) {
  constexpr const char* name = "reduce_block_fixup";
  float_only(name, a);
  if (!validate(spec_named(name), a)) return zero_out(a, s);
  const BufferArg x = buffer<float>(a.data, name);
  launch(s, programs::reduce().kernel("reduce_block"), "reduce_block", groups_of(a), static_cast<std::size_t>(a.block),
         static_cast<cl_int>(a.n), x);
  enqueue_fixup(s, model::tree_blocks(a.n, a.block), 2 * std::int64_t{a.block}, x, buffer<float>(a.out, name));
}

void reduce_block_atomic(const Args& a, Stream s) {
  constexpr const char* name = "reduce_block_atomic";
  float_only(name, a);
  const bool work = validate(spec_named(name), a);
  zero_out(a, s);  // the atomic adds only ever add to out[0]
  if (!work) return;
  launch(s, programs::reduce().kernel("reduce_block_atomic"), "reduce_block_atomic", groups_of(a),
         static_cast<std::size_t>(a.block), static_cast<cl_int>(a.n), buffer<float>(a.data, name), buffer<float>(a.out, name));
}

// §5.3 and the tails: the tree kernel writes one partial per group to the
// workspace, the fix-up sums them. `local_scratch`: the scratch is a local
// argument of B floats (reduce_smem_dynamic) rather than a fixed array.
void tree_with_fixup(const Args& a, Stream s, const char* name, Program& from, bool local_scratch) {
  if (!validate(spec_named(name), a)) return zero_out(a, s);
  const Typing& t = a.typing;
  const BufferArg in = buffer(a.data, t.element, name), partials = buffer(a.workspace, t.accumulator, name);
  cl_kernel k = from.kernel(name);
  const auto block = static_cast<std::size_t>(a.block);
  if (local_scratch) {
    launch(s, k, name, groups_of(a), block, static_cast<cl_int>(a.n), in, partials, LocalBytes{block * sizeof(float)});
  } else {
    launch(s, k, name, groups_of(a), block, static_cast<cl_int>(a.n), in, partials);
  }
  enqueue_fixup(s, model::tree_blocks(a.n, a.block), 1, partials, buffer(a.out, t.output, name), programs::reduce(t));
}
void float_tree_with_fixup(const Args& a, Stream s, const char* name, Program& from, bool local_scratch) {
  float_only(name, a);
  tree_with_fixup(a, s, name, from, local_scratch);
}

// The typed rows: reduce.cl built for the launch's typing.
void reduce_smem_fixup(const Args& a, Stream s) { tree_with_fixup(a, s, "reduce_smem_fixup", programs::reduce(a.typing), false); }
void reduce_smem_dynamic(const Args& a, Stream s) {
  float_tree_with_fixup(a, s, "reduce_smem_dynamic", programs::reduce(), true);
}
void reduce_warp_volatile_legacy(const Args& a, Stream s) {
  float_tree_with_fixup(a, s, "reduce_warp_volatile_legacy", programs::reduce(), false);
}
void reduce_warp_syncwarp(const Args& a, Stream s) {
  float_tree_with_fixup(a, s, "reduce_warp_syncwarp", programs::reduce(), false);
}

// The last rung: G groups of the fixed grid (a function of n and B only, as
// on CUDA), then the fix-up over the G partials.
void reduce_vec4_grid_stride(const Args& a, Stream s) {
  constexpr const char* name = "reduce_vec4_grid_stride";
  float_only(name, a);
  if (!validate(spec_named(name), a)) return zero_out(a, s);
  const auto groups = static_cast<std::size_t>(model::vec4_blocks(a.n, a.block));
  const BufferArg partials = buffer<float>(a.workspace, name);
  launch(s, programs::reduce().kernel(name), name, groups, static_cast<std::size_t>(a.block), static_cast<cl_int>(a.n / 4),
         static_cast<cl_int>(a.n % 4), buffer<float>(a.data, name), partials);
  enqueue_fixup(s, static_cast<std::int64_t>(groups), 1, partials, buffer<float>(a.out, name));
}

void reduce_smem_atomic(const Args& a, Stream s) {
  constexpr const char* name = "reduce_smem_atomic";
  const bool work = validate(spec_named(name), a);
  zero_out(a, s);
  if (!work) return;
  launch(s, programs::reduce(a.typing).kernel(name), name, groups_of(a), static_cast<std::size_t>(a.block),
         static_cast<cl_int>(a.n), buffer(a.data, a.typing.element, name), buffer(a.out, a.typing.output, name));
}

// The sub-group program needs a newer OpenCL C than the rest: the first
// standard the device builds it with. Null (with why) when none does.
struct ShflProgram {
  std::unique_ptr<Program> program;
  std::string why_not;
};
const ShflProgram& shfl_program() {
  static const ShflProgram& built = *new ShflProgram([] {  // never destroyed: see Program::process_wide
    ShflProgram result;
    for (const char* standard : {"-cl-std=CL3.0", "-cl-std=CL2.0", ""}) {
      auto p = std::make_unique<Program>("reduce_shfl.cl", sources::reduce_shfl_cl, standard);
      try {
        (void)p->kernel("reduce_warp_shfl");
        result.program = std::move(p);
        return result;
      } catch (const OpenClError& e) {
        const std::string what = e.what();
        result.why_not = what.substr(0, what.find('\n'));
      }
    }
    return result;
  }());
  return built;
}

std::string shfl_unsupported() {
  const Device& d = device();
  if (!d.has_extension("cl_khr_subgroup_shuffle_relative")) {
    return "no sub-group shuffles on " + d.name + " (cl_khr_subgroup_shuffle_relative is not offered)";
  }
  const ShflProgram& p = shfl_program();
  if (!p.program) return "the sub-group shuffle kernel does not build here: " + p.why_not;
  // Work-items 0..31 must share sub-group 0 at the smallest block the row runs.
  const std::size_t local = 64;
  std::size_t lanes = 0;
  const cl_int code =
      clGetKernelSubGroupInfo(p.program->kernel("reduce_warp_shfl"), d.id, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, sizeof local,
                              &local, sizeof lanes, &lanes, nullptr);
  if (code != CL_SUCCESS) return std::string("the sub-group size cannot be queried (") + error_name(code) + ")";
  if (lanes < 32) return "sub-groups of " + std::to_string(lanes) + " work-items; the shuffle tail needs 32";
  return {};
}

DeviceDecline shfl_on_device(const Typing&) {
  const std::string why = shfl_unsupported();
  return why.empty() ? DeviceDecline{} : DeviceDecline{Decline::needs_subgroups, why};
}

void reduce_warp_shfl(const Args& a, Stream s) {
  float_only("reduce_warp_shfl", a);
  if (!validate(spec_named("reduce_warp_shfl"), a)) return zero_out(a, s);
  if (const std::string why = shfl_unsupported(); !why.empty()) throw DeviceError("reduce_warp_shfl: unsupported here: " + why);
  tree_with_fixup(a, s, "reduce_warp_shfl", *shfl_program().program, false);
}

DeviceDecline typed_on_device(const Typing& t) { return typing_on_device(t); }
DeviceDecline typed_atomic_on_device(const Typing& t) { return typing_on_device(t, true); }

const Entry kTable[] = {
    {"reduce_by_halving", &reduce_by_halving},
    {"reduce_by_halving_any_n", &reduce_by_halving_any_n},
    {"reduce_block_fixup", &reduce_block_fixup},
    {"reduce_block_atomic", &reduce_block_atomic},
    {"reduce_smem_fixup", &reduce_smem_fixup, {}, &typed_on_device},
    {"reduce_smem_atomic", &reduce_smem_atomic, {}, &typed_atomic_on_device},
    {"reduce_smem_dynamic", &reduce_smem_dynamic},
    {"reduce_warp_volatile_legacy", &reduce_warp_volatile_legacy},
    {"reduce_warp_syncwarp", &reduce_warp_syncwarp},
    {"reduce_warp_shfl", &reduce_warp_shfl, {}, &shfl_on_device},
    {"reduce_vec4_grid_stride", &reduce_vec4_grid_stride},
};

// Every spec row and typing is implemented. What an OpenCL device may lack
// (optional extensions) declines these on such a device, and only these.
const Allowance kAllowances[] = {
    {"reduce_smem_fixup", Decline::needs_fp64, "f64"},
    {"reduce_smem_atomic", Decline::needs_fp64, "f64"},
    {"reduce_smem_atomic", Decline::needs_int64_atomics, "f64"},
    {"reduce_smem_atomic", Decline::needs_int64_atomics, "i64"},
    {"reduce_warp_shfl", Decline::needs_subgroups},
};

}  // namespace

std::span<const Entry> implementations() { return kTable; }
std::span<const Allowance> allowances() { return kAllowances; }

}  // namespace smemc::reduce
