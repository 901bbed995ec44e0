// The reduction family on the CPU port: the implementation table joined to
// the spec rows of the installed reduce/spec.hpp.
//
// Each kernel is ported, not replaced by its host model: a grid's blocks are
// handed to a few std::threads (run_grid), a block's threads become one loop
// per tree level (the end of a loop is the __syncthreads()), shared memory
// is an array on the worker's stack, and atomicAdd is a compare-exchange
// loop. The additions are the kernels' own, on the same operands in the same
// order, so the deterministic variants equal the spec's host models
// (reduce/host_models.hpp) bit for bit, and the tests check exactly that.
#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>

#include "common/preconditions.hpp"
#include "cpu_device.hpp"
#include "cpu_rows.hpp"
#include "reduce/host_models.hpp"
#include "reduce/spec.hpp"

namespace smemc::reduce {
namespace {

using cpu_port::host_pointer;
using cpu_port::queue_of;
using cpu_port::run_grid;

// Below this many elements per worker, starting another thread costs more
// than it saves.
constexpr std::int64_t kElementsPerWorker = 8192;
std::int64_t blocks_per_worker(std::int64_t elements_per_block) { return ceil_div(kElementsPerWorker, elements_per_block); }

// --- the kernels -------------------------------------------------------------

// §5.1: the cascade of saxpy(half, 1, x + upper, x) launches, `block`
// elements per block; a launch boundary (the end of run_grid) separates the
// passes. The sum ends in x[0], copied to out[0].
void halving_cascade(std::int64_t n, float* x, float* out, int block) {
  for (std::int64_t m = n; m > 1;) {
    const std::int64_t half = m / 2, upper = m - half;
    run_grid(ceil_div(half, block), blocks_per_worker(block), [=](std::int64_t b) {
      const std::int64_t end = std::min(half, (b + 1) * block);
      for (std::int64_t i = b * block; i < end; ++i) x[i] = x[i] + x[upper + i];
    });
    m = upper;
  }
  out[0] = x[0];
}

// The levels of a block's tree held in scratch: at widths first_width,
// first_width/2, ... 1, thread t < width adds the value of thread t + width.
void tree_levels(float* scratch, int first_width) {
  for (int width = first_width; width > 0; width /= 2) {
    for (int t = 0; t < width; ++t) scratch[t] = scratch[t] + scratch[t + width];
  }
}

// §5.2's block b, in place in x: thread t (idx = 2bB + t) adds its two
// elements into x[idx], then the halving levels run on x itself. As in the
// kernel, only threads with idx < n write, and a read past n is +0; the
// partial lands in x[2bB].
float global_memory_tree(float* x, std::int64_t n, std::int64_t b, int block) {
  const std::int64_t base = 2 * b * block;
  auto level = [&](std::int64_t width, std::int64_t threads) {
    for (std::int64_t idx = base; idx < std::min(base + threads, n); ++idx) {
      x[idx] = x[idx] + (idx + width < n ? x[idx + width] : 0.0f);
    }
  };
  level(block, block);
  for (int width = block / 2; width > 0; width /= 2) level(width, width);
  return x[base];
}

// §5.3's block b: the two elements of each thread (+0 past n) summed into
// the block's scratch (`__shared__ float scratch[1024]`), then the levels.
// The input is only read.
float shared_memory_tree(const float* in, std::int64_t n, std::int64_t b, int block) {
  std::array<float, 1024> scratch;
  const std::int64_t base = 2 * b * block;
  for (int t = 0; t < block; ++t) {
    const std::int64_t idx = base + t;
    scratch[t] = (idx < n ? in[idx] : 0.0f) + (idx + block < n ? in[idx + block] : 0.0f);
  }
  tree_levels(scratch.data(), block / 2);
  return scratch[0];
}

// A second kernel for reduce_smem_fixup, in the same table (second_kernel():
// the spec row under this port's name, held to everything the row states):
// the block's tree as a recursion over (slot, width) rather than levels over
// a scratch array. Slot t at width w is slot t plus slot t + w at width 2w;
// at width B it is thread t's two elements (+0 past n). The same additions
// in the same order, so the same bits as the row's model.
float recursive_tree(const float* in, std::int64_t n, std::int64_t base, int block, std::int64_t t, int width) {
  if (width == block) {
    const std::int64_t idx = base + t;
    return (idx < n ? in[idx] : 0.0f) + (idx + block < n ? in[idx + block] : 0.0f);
  }
  return recursive_tree(in, n, base, block, t, 2 * width) + recursive_tree(in, n, base, block, t + width, 2 * width);
}

// The fix-up kernel, one block of kFixupThreads threads: thread t adds
// partials t, t + 1024, ... (`stride` floats apart) to +0, then the block's
// tree sums the 1024 accumulators.
float fixup(const float* partials, std::int64_t count, std::int64_t stride) {
  std::array<float, model::kFixupThreads> accumulators;
  for (int t = 0; t < model::kFixupThreads; ++t) {
    float sum = 0.0f;
    for (std::int64_t i = t; i < count; i += model::kFixupThreads) sum = sum + partials[i * stride];
    accumulators[t] = sum;
  }
  tree_levels(accumulators.data(), model::kFixupThreads / 2);
  return accumulators[0];
}

// atomicAdd(&out[0], value): another block may add between the load and the
// exchange; the exchange then fails, reloads, and adds again.
void atomic_add(float& target, float value) {
  std::atomic_ref<float> sum(target);
  float seen = sum.load(std::memory_order_relaxed);
  while (!sum.compare_exchange_weak(seen, seen + value, std::memory_order_relaxed)) {
  }
}

// --- the variants --------------------------------------------------------------

enum class Tree { halving, global_memory, shared_memory };
enum class Finish { copy_first, fixup, atomic };  // copy_first: the cascade's own result copy

struct CpuVariant {
  std::string_view name;  // its spec row
  Tree tree;
  Finish finish;
  Narrowing narrowing = {};  // the part of the row this port takes (none: all of it)
};

// Narrowings at the bounds a port can narrow a row at: below, at the n cap,
// at a multiple of a power-of-two row. The kernels take the whole rows;
// these entries keep the part a port with such limits would, so that the
// checks are seen to stay inside them (a check that ran a case outside
// would be refused by the launcher: a false alarm).
constexpr Narrowing kFromFourWarps{.reason = "this port runs its warp tails from B = 128 up (a narrowing at the lower bound)",
                                   .min_block = 128};
constexpr Narrowing kUpTo100000{.reason = "this port's dynamic-scratch row takes n up to 100000 (a narrowing at the n cap)",
                                .max_n = 100000};
constexpr Narrowing kPowersFrom64{.reason = "this port's halving cascade takes powers of two from 64 (a narrowing by a multiple)",
                                  .n_multiple_of = 64};

constexpr CpuVariant kVariants[] = {
    {"reduce_by_halving", Tree::halving, Finish::copy_first, kPowersFrom64},
    {"reduce_by_halving_any_n", Tree::halving, Finish::copy_first},
    {"reduce_block_fixup", Tree::global_memory, Finish::fixup},
    {"reduce_block_atomic", Tree::global_memory, Finish::atomic},
    {"reduce_smem_fixup", Tree::shared_memory, Finish::fixup},
    {"reduce_smem_atomic", Tree::shared_memory, Finish::atomic},
    // A block's scratch is an ordinary array either way: sized at launch or
    // not is a difference in reservation only, not in the tree.
    {"reduce_smem_dynamic", Tree::shared_memory, Finish::fixup, kUpTo100000},
    // The warp tails build the same tree as reduce_smem_fixup (their spec
    // rows share its model). Without warps there is nothing else for them to
    // do, so they share its implementation; the checks hold them to the
    // same bits.
    {"reduce_warp_syncwarp", Tree::shared_memory, Finish::fixup, kFromFourWarps},
    {"reduce_warp_shfl", Tree::shared_memory, Finish::fixup},
};

// One tree kernel, then its finish. The global tree's partials stay in
// data (partial b at data[2bB]); the shared tree's go to the workspace.
void block_tree(const CpuVariant& v, std::int64_t n, float* data, float* out, float* workspace, int block) {
  const std::int64_t blocks = model::tree_blocks(n, block);
  if (v.finish == Finish::atomic) out[0] = 0.0f;  // the kernel's memset: atomicAdd only ever adds
  run_grid(blocks, blocks_per_worker(2 * std::int64_t{block}), [&](std::int64_t b) {
    const float partial =
        v.tree == Tree::global_memory ? global_memory_tree(data, n, b, block) : shared_memory_tree(data, n, b, block);
    if (v.finish == Finish::atomic) {
      atomic_add(out[0], partial);
    } else if (v.tree == Tree::shared_memory) {
      workspace[b] = partial;
    }
  });
  if (v.finish == Finish::fixup) {
    out[0] = v.tree == Tree::global_memory ? fixup(data, blocks, 2 * std::int64_t{block}) : fixup(workspace, blocks, 1);
  }
}

// --- the last rung, narrowed -------------------------------------------------

// reduce_vec4_grid_stride as its kernel runs it, for whole float4s only: G
// blocks of B lanes (G from the spec's vec4_blocks: the grid is part of the
// order), lane g sums the float4s g, g + G·B, ... each as (x + y) + (z + w);
// each warp of 32 lanes by the shuffle tree, the block's warp sums (+0 for
// the missing ones) by the same tree; the fix-up sums the G partials.
// This port keeps a block's lanes in a std::array of kVec4MaxBlock and
// has no scalar tail: its table narrows the row to B ≤ 256 and n a
// multiple of 4, and its launcher refuses the rest.
constexpr int kVec4MaxBlock = 256;
constexpr Narrowing kVec4Narrowing{.reason = "whole float4s, at most 256 lanes a block: the CPU port's vec4 kernel",
                                   .max_block = kVec4MaxBlock,
                                   .n_multiple_of = 4};

void vec4_grid_stride(std::int64_t n, const float* x, float* out, float* partials, int block) {
  const std::int64_t blocks = model::vec4_blocks(n, block), threads = blocks * block, float4s = n / 4;
  run_grid(blocks, 1, [&](std::int64_t b) {
    std::array<float, kVec4MaxBlock> lanes;
    std::array<float, 32> warp_sums{};  // +0 for warps the block does not have
    for (int t = 0; t < block; ++t) {
      float acc = 0.0f;
      for (std::int64_t q = b * block + t; q < float4s; q += threads) {
        acc = acc + ((x[4 * q] + x[4 * q + 1]) + (x[4 * q + 2] + x[4 * q + 3]));
      }
      lanes[static_cast<std::size_t>(t)] = acc;
    }
    for (int w = 0; w < block / 32; ++w) {
      tree_levels(&lanes[static_cast<std::size_t>(32 * w)], 16);
      warp_sums[static_cast<std::size_t>(w)] = lanes[static_cast<std::size_t>(32 * w)];
    }
    tree_levels(warp_sums.data(), 16);
    partials[b] = warp_sums[0];
  });
  out[0] = fixup(partials, blocks, 1);
}

void launch_vec4(const Args& a, Stream stream) {
  constexpr std::string_view name = "reduce_vec4_grid_stride";
  const bool work = validate(spec_named(name), a);
  reject_outside(name, kVec4Narrowing, a.n, a.block);
  float* out = host_pointer<float>(a.out);
  if (!work) {
    queue_of(stream).enqueue([out] { out[0] = 0.0f; });
    return;
  }
  queue_of(stream).enqueue([n = a.n, x = host_pointer<float>(a.data), out, partials = host_pointer<float>(a.workspace),
                            block = a.block] { vec4_grid_stride(n, x, out, partials, block); });
}

// Made at first use: the spec's rows are themselves made at start-up, in
// another translation unit (no order between the two).
const Spec& recursive_smem_fixup_row() {
  static const Spec row = second_kernel(
      spec_named("reduce_smem_fixup"), "cpu_smem_fixup_recursive",
      "reduce_smem_fixup's block tree as a recursion over (slot, width), no scratch array: a second kernel of the row",
      kFloatOnly);
  return row;
}

void launch_recursive_smem_fixup(const Args& a, Stream stream) {
  const bool work = validate(recursive_smem_fixup_row(), a);
  float* out = host_pointer<float>(a.out);
  if (!work) {
    queue_of(stream).enqueue([out] { out[0] = 0.0f; });
    return;
  }
  queue_of(stream).enqueue(
      [n = a.n, in = host_pointer<const float>(a.data), out, partials = host_pointer<float>(a.workspace), block = a.block] {
        const std::int64_t blocks = ceil_div(n, 2 * std::int64_t{block});
        run_grid(blocks, blocks_per_worker(2 * std::int64_t{block}),
                 [&](std::int64_t b) { partials[b] = recursive_tree(in, n, 2 * b * block, block, 0, 1); });
        out[0] = fixup(partials, blocks, 1);
      });
}

// Checks the arguments with the spec's own rules and messages (throwing
// before anything is enqueued), then enqueues the kernels on the stream and
// returns without waiting.
void enqueue(const CpuVariant& v, const Args& a, Stream stream) {
  const bool work = validate(spec_named(v.name), a);
  reject_outside(v.name, v.narrowing, a.n, a.block);
  float* out = host_pointer<float>(a.out);
  if (!work) {
    queue_of(stream).enqueue([out] { out[0] = 0.0f; });  // n = 0: +0, the empty sum
    return;
  }
  queue_of(stream).enqueue(
      [&v, n = a.n, data = host_pointer<float>(a.data), out, workspace = host_pointer<float>(a.workspace), block = a.block] {
        if (v.tree == Tree::halving) {
          halving_cascade(n, data, out, block);
        } else {
          block_tree(v, n, data, out, workspace, block);
        }
      });
}

template <std::size_t i>
void launch(const Args& a, Stream stream) {
  enqueue(kVariants[i], a, stream);
}

// The spec's trees run here in f32 only; the typed rows' other typings are
// this port's own typed row's (cpu_chunked_sum) to stand for.
constexpr std::string_view kFloatTyping[] = {"f32"};
constexpr std::string_view kTypingsNotPorted =
    "not ported: the CPU port runs the spec's trees in f32; its own typed row (cpu_chunked_sum) stands for the typings";

template <std::size_t... i>
auto make_table(std::index_sequence<i...>) {
  return std::array{
      Entry{.name = kVariants[i].name,
            .launch = &launch<i>,
            .narrowing = kVariants[i].narrowing,
            .typings = kFloatTyping,
            .typings_declined = Decline::port_rows_instead,
            .typings_not_implemented = kTypingsNotPorted}...,
      // The exhibit is not ported: listed, with the reason, so the matrix
      // shows it as unsupported rather than silently missing.
      Entry{.name = "reduce_warp_volatile_legacy",
            .not_implemented = "a CPU has no lanes in lockstep: the legacy unsynchronised warp tail has "
                               "nothing to rely on",
            .declined = Decline::needs_lockstep_lanes},
      // Partial support: the whole-float4 kernel above, on the part of the
      // row it takes; the checks run there and the matrix says so.
      Entry{.name = "reduce_vec4_grid_stride", .launch = &launch_vec4, .narrowing = kVec4Narrowing},
      // Rows of this port's own (cpu_exact_sum.cpp, cpu_chunked_sum.cpp),
      // checked like the spec's.
      Entry{.launch = &launch_exact_sum, .port_row = &exact_sum_row},
      Entry{.launch = &launch_chunked_sum, .port_row = &chunked_sum_row},
      // Two kernels for one spec row: reduce_smem_fixup above, and its
      // second kernel (the recursion), checked as the row is.
      Entry{.launch = &launch_recursive_smem_fixup, .port_row = &recursive_smem_fixup_row()},
      // Negative controls (cpu_negative_controls.cpp): exhibits each class's
      // checks must keep catching, as recorded.
      Entry{.launch = &launch_control_ordered_reversed, .port_row = &control_ordered_reversed_row},
      Entry{.launch = &launch_control_exact_one_ulp, .port_row = &control_exact_one_ulp_row},
      Entry{.launch = &launch_control_deterministic_varies, .port_row = &control_deterministic_varies_row},
  };
}

// This port's conformance profile: every spec row but the legacy exhibit,
// in f32; the typed rows' other typings, which its own typed row stands for.
const Allowance kAllowances[] = {
    {"reduce_warp_volatile_legacy", Decline::needs_lockstep_lanes},
    {"reduce_smem_fixup", Decline::port_rows_instead, "f64"},
    {"reduce_smem_fixup", Decline::port_rows_instead, "f16_f32"},
    {"reduce_smem_fixup", Decline::port_rows_instead, "bf16_f32"},
    {"reduce_smem_fixup", Decline::port_rows_instead, "i32"},
    {"reduce_smem_fixup", Decline::port_rows_instead, "i64"},
    {"reduce_smem_fixup", Decline::port_rows_instead, "u8_u32"},
    {"reduce_smem_atomic", Decline::port_rows_instead, "f64"},
    {"reduce_smem_atomic", Decline::port_rows_instead, "f16_f32"},
    {"reduce_smem_atomic", Decline::port_rows_instead, "bf16_f32"},
    {"reduce_smem_atomic", Decline::port_rows_instead, "i32"},
    {"reduce_smem_atomic", Decline::port_rows_instead, "i64"},
    {"reduce_smem_atomic", Decline::port_rows_instead, "u8_u32"},
};

}  // namespace

std::span<const Entry> implementations() {
  static const auto table = make_table(std::make_index_sequence<std::size(kVariants)>{});
  return table;
}
std::span<const Allowance> allowances() { return kAllowances; }

}  // namespace smemc::reduce
