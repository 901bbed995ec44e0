#pragma once
// Order-faithful host models of the reduction variants: the same additions,
// on the same operands, in the same order as the kernels, in the typing's
// accumulator. A kernel that matches its model bit for bit computed exactly
// what its source says.
//
// Each model is a template over the value type. With the accumulator's type
// (float, double, or the unsigned twin of an integer accumulator:
// common/typed_models.hpp) it predicts the kernel's result; with Depth it
// measures how many additions the deepest input went through, which host
// tests compare with the row's summation_depth formula (the k of the error
// bound).

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "common/depth.hpp"
#include "common/traffic.hpp"
#include "common/types.hpp"
#include "common/values.hpp"

namespace smemc::reduce::model {

using smemc::Depth;

// Threads of the one-block fix-up kernel that finishes the tree variants.
inline constexpr int kFixupThreads = 1024;

// The device arrays a reduction's launches touch, for a model run that
// counts its traffic (common/traffic.hpp); left empty, nothing is counted.
// The models call load/store where the kernels' source does, guards and
// all, and launch() where the launcher enqueues a kernel, memset or copy.
struct DeviceArrays {
  DeviceArray in;        // the n elements (and the global-memory tree's levels: it works in place)
  DeviceArray partials;  // the workspace: one accumulator value a block
  DeviceArray out;       // out[0]
};

// Where a block tree's levels live: shared memory (§5.3), or the input
// itself, in place (§5.2), whose loads and stores are device traffic.
enum class Levels { in_shared, in_place };

// §5.1's cascade: while m > 1, fold the upper floor(m/2) elements onto the
// lower ones, keeping the middle one when m is odd. For a power of two this
// is exactly the text's loop (m = n/2, n/4, ... 1).
// Each fold is one saxpy launch (y[i] = 1·x_upper[i] + y[i]); a copy
// launch takes x[0] to out, or a memset writes +0 there for n = 0.
template <typename V>
V halving_cascade(std::vector<V> x, const DeviceArrays& mem = {}) {
  if (x.empty()) {
    mem.out.launch();
    mem.out.store(0);
    return V{};
  }
  for (std::size_t m = x.size(); m > 1;) {
    const std::size_t half = m / 2, upper = m - half;
    mem.in.launch();
    for (std::size_t i = 0; i < half; ++i) {
      mem.in.load(static_cast<std::int64_t>(upper + i));
      mem.in.load(static_cast<std::int64_t>(i));
      x[i] = x[i] + x[upper + i];
      mem.in.store(static_cast<std::int64_t>(i));
    }
    m = upper;
  }
  mem.in.launch();
  mem.in.load(0);
  mem.out.store(0);
  return x[0];
}

// The block tree of §5.2 (global memory) and §5.3 (shared memory), which
// build the same tree: block b covers x[2·b·B, 2·(b+1)·B); thread t first adds
// its two elements (zero past the end), then at widths B/2, B/4, ... 1 thread
// t < width adds the partial of thread t + width. One partial per block.
// In place (§5.2) a thread loads a partial only where it lies below n (the
// kernel adds 0.f for the others, as the model adds their +0 partials) and
// stores its own only where idx < n. The caller counts where each block's
// partial goes (the workspace, an atomic on out, or nowhere: in place).
template <typename V>
std::vector<V> block_partials(std::span<const V> x, int block, Levels levels = Levels::in_shared, const DeviceArrays& mem = {}) {
  const bool in_place = levels == Levels::in_place;
  const auto n = static_cast<std::int64_t>(x.size());
  const std::int64_t per_block = 2 * static_cast<std::int64_t>(block);
  std::vector<V> partials(static_cast<std::size_t>((n + per_block - 1) / per_block));
  std::vector<V> s(static_cast<std::size_t>(block));
  for (std::size_t b = 0; b < partials.size(); ++b) {
    const std::int64_t base = static_cast<std::int64_t>(b) * per_block;
    for (int t = 0; t < block; ++t) {
      const std::int64_t idx = base + t;
      if (idx < n) mem.in.load(idx);
      if (idx + block < n) mem.in.load(idx + block);
      const V left = idx < n ? x[idx] : V{};
      const V right = idx + block < n ? x[idx + block] : V{};
      s[t] = left + right;
      if (in_place && idx < n) mem.in.store(idx);
    }
    for (int width = block / 2; width > 0; width /= 2) {
      for (int t = 0; t < width; ++t) {
        const std::int64_t idx = base + t;
        if (in_place && idx + width < n) mem.in.load(idx + width);
        s[t] = s[t] + s[t + width];
        if (in_place && idx < n) mem.in.store(idx);
      }
    }
    partials[b] = s[0];
  }
  return partials;
}

// The fix-up kernel: kFixupThreads threads, thread t accumulates partials t,
// t + kFixupThreads, ... starting from +0, then the shared-memory tree. Its
// launch loads partial i at from[i·stride] (the workspace, stride 1, or the
// in-place tree's x[2·i·B]) and stores out[0].
template <typename V>
V fixup(std::span<const V> partials, const DeviceArray& from = {}, std::int64_t stride = 1, const DeviceArray& out = {}) {
  from.launch();
  std::vector<V> s(kFixupThreads);
  for (std::size_t t = 0; t < s.size(); ++t) {
    V sum{};
    for (std::size_t i = t; i < partials.size(); i += kFixupThreads) {
      from.load(static_cast<std::int64_t>(i) * stride);
      sum = sum + partials[i];
    }
    s[t] = sum;
  }
  for (int width = kFixupThreads / 2; width > 0; width /= 2) {
    for (int t = 0; t < width; ++t) s[t] = s[t] + s[t + width];
  }
  out.store(0);
  return s[0];
}

// Block tree finished by the fix-up kernel (n = 0: a memset writes +0 to
// out, no kernel).
template <typename V>
V tree_with_fixup(std::span<const V> x, int block, Levels levels = Levels::in_shared, const DeviceArrays& mem = {}) {
  if (x.empty()) {
    mem.out.launch();
    mem.out.store(0);
    return V{};
  }
  mem.in.launch();
  const std::vector<V> partials = block_partials(x, block, levels, mem);
  if (levels == Levels::in_place) return fixup(std::span<const V>(partials), mem.in, 2 * std::int64_t{block}, mem.out);
  for (std::size_t b = 0; b < partials.size(); ++b) mem.partials.store(static_cast<std::int64_t>(b));  // thread 0 of block b
  return fixup(std::span<const V>(partials), mem.partials, 1, mem.out);
}

// The grid-stride float4 variant. Its grid is a function of (n, B) alone,
// never of the device, so that its result is: G blocks of B threads, at
// most kVec4Threads threads in all.
inline constexpr std::int64_t kVec4Threads = std::int64_t{1} << 18;
inline std::int64_t vec4_blocks(std::int64_t n, int block) {
  const std::int64_t float4s = n / 4, wanted = std::max<std::int64_t>(1, (float4s + block - 1) / block);
  return std::min(wanted, kVec4Threads / block);
}

// The 32-lane tree of __shfl_down_sync (offsets 16, 8, 4, 2, 1): lane l
// adds lane l + offset; lane 0 ends with the sum.
template <typename V>
V warp_tree(std::vector<V> lanes) {
  for (std::size_t width = lanes.size() / 2; width > 0; width /= 2) {
    for (std::size_t t = 0; t < width; ++t) lanes[t] = lanes[t] + lanes[t + width];
  }
  return lanes[0];
}

// Thread g of T = G·B threads sums the float4s g, g + T, g + 2T, ... each as
// (x + y) + (z + w), in that order, then (g < n % 4) the tail element
// x[4·(n/4) + g]. Each warp sums its 32 threads by the shuffle tree; warp 0
// sums the B/32 warp sums (+0 for the missing lanes) by the same tree; the
// block's sum is its partial; the fix-up sums the partials.
template <typename V>
std::vector<V> vec4_partials(std::span<const V> x, int block, const DeviceArrays& mem = {}) {
  const auto n = static_cast<std::int64_t>(x.size());
  const std::int64_t blocks = vec4_blocks(n, block), threads = blocks * block, float4s = n / 4, tail = n % 4;
  std::vector<V> partials(static_cast<std::size_t>(blocks));
  for (std::int64_t b = 0; b < blocks; ++b) {
    std::vector<V> warp_sums(32);
    for (int w = 0; w < block / 32; ++w) {
      std::vector<V> lanes(32);
      for (int l = 0; l < 32; ++l) {
        const std::int64_t g = b * block + w * 32 + l;
        V acc{};
        for (std::int64_t q = g; q < float4s; q += threads) {
          for (int k = 0; k < 4; ++k) mem.in.load(4 * q + k);  // one 16-byte load
          acc = acc + ((x[4 * q] + x[4 * q + 1]) + (x[4 * q + 2] + x[4 * q + 3]));
        }
        if (g < tail) {
          mem.in.load(4 * float4s + g);
          acc = acc + x[4 * float4s + g];
        }
        lanes[static_cast<std::size_t>(l)] = acc;
      }
      warp_sums[static_cast<std::size_t>(w)] = warp_tree(std::move(lanes));
    }
    partials[static_cast<std::size_t>(b)] = warp_tree(std::move(warp_sums));
    mem.partials.store(b);  // lane 0 of warp 0
  }
  return partials;
}

// The entry points the spec rows use: the elements x of the typing, the
// result as one output value (the partials as accumulator values).
Values halving_cascade_model(const Values& x, const Typing& t, int block);
Values tree_with_fixup_model(const Values& x, const Typing& t, int block);
Values block_partials_model(const Values& x, const Typing& t, int block);

Values vec4_grid_stride_model(const Values& x, const Typing& t, int block);

// The traffic each row's model counts (common/traffic.hpp's rule), run on n
// elements of the typing: what the host tests hold the rows' formulas to.
Traffic halving_model_traffic(std::int64_t n, int block, const Typing& t);
Traffic in_place_tree_fixup_model_traffic(std::int64_t n, int block, const Typing& t);
Traffic in_place_tree_atomic_model_traffic(std::int64_t n, int block, const Typing& t);
Traffic smem_tree_fixup_model_traffic(std::int64_t n, int block, const Typing& t);
Traffic smem_tree_atomic_model_traffic(std::int64_t n, int block, const Typing& t);
Traffic vec4_model_traffic(std::int64_t n, int block, const Typing& t);

// Blocks (and so partials) of the tree variants: ceil(n / 2B).
std::int64_t tree_blocks(std::int64_t n, int block);

// The summation depth k each row states (the bound's gamma_k).
std::int64_t halving_depth(std::int64_t n, int block);           // ceil(log2 n)
std::int64_t tree_with_fixup_depth(std::int64_t n, int block);   // 1 + log2 B + ceil(nb/1024) + 10
std::int64_t tree_with_atomic_depth(std::int64_t n, int block);  // 1 + log2 B + nb
std::int64_t vec4_depth(std::int64_t n, int block);              // the chain of thread 0 + 5 + 5 + ceil(G/1024) + 10
// The depths the models' trees actually have, measured with Depth.
std::int64_t halving_model_depth(std::int64_t n, int block);
std::int64_t tree_with_fixup_model_depth(std::int64_t n, int block);
std::int64_t tree_with_atomic_model_depth(std::int64_t n, int block);  // deepest partial + the atomic chain
std::int64_t vec4_model_depth(std::int64_t n, int block);

}  // namespace smemc::reduce::model
