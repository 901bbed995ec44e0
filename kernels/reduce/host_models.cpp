#include "reduce/host_models.hpp"

#include "common/preconditions.hpp"
#include "common/typed_models.hpp"

namespace smemc::reduce::model {
namespace {

// The model `sum(std::span<const A>) -> A` over x converted to the typing's
// accumulator, its result as one output value.
template <typename Sum>
Values summed(const Values& x, const Typing& t, const Sum& sum) {
  return visit_model(to_accumulator(x, t), [&]<typename A>(std::span<const A> acc) {
    const A result = sum(acc);
    return to_output(std::span<const A>(&result, 1), t.output);
  });
}

}  // namespace

Values halving_cascade_model(const Values& x, const Typing& t, int) {
  return summed(x, t, [](auto acc) { return halving_cascade(std::vector(acc.begin(), acc.end())); });
}
Values tree_with_fixup_model(const Values& x, const Typing& t, int block) {
  return summed(x, t, [block](auto acc) { return tree_with_fixup(acc, block); });
}
Values block_partials_model(const Values& x, const Typing& t, int block) {
  return visit_model(to_accumulator(x, t),
                     [&]<typename A>(std::span<const A> acc) { return Values::of(block_partials(acc, block)); });
}

Values vec4_grid_stride_model(const Values& x, const Typing& t, int block) {
  return summed(x, t, [block]<typename A>(std::span<const A> acc) {
    if (acc.empty()) return A{};
    const std::vector<A> partials = vec4_partials(acc, block);
    return fixup(std::span<const A>(partials));
  });
}

std::int64_t vec4_model_depth(std::int64_t n, int block) {
  if (n == 0) return 0;
  const std::vector<Depth> leaves(static_cast<std::size_t>(n));
  const std::vector<Depth> partials = vec4_partials(std::span<const Depth>(leaves), block);
  return fixup(std::span<const Depth>(partials)).value;
}

std::int64_t vec4_depth(std::int64_t n, int block) {
  if (n == 0) return 0;
  const std::int64_t blocks = vec4_blocks(n, block), float4s = n / 4;
  const std::int64_t per_thread = ceil_div(float4s, blocks * block);  // float4s of thread 0, the most of any thread
  // acc = 0 + ((x + y) + (z + w)): 3 additions deep after the first float4, one more per further float4; the tail one more.
  const std::int64_t chain = (per_thread > 0 ? 2 + per_thread : 0) + (n % 4 != 0 ? 1 : 0);
  return chain + 5 + 5 + ceil_div(blocks, kFixupThreads) + ceil_log2(kFixupThreads);
}

std::int64_t halving_model_depth(std::int64_t n, int) {
  return halving_cascade(std::vector<Depth>(static_cast<std::size_t>(n))).value;
}

std::int64_t tree_with_fixup_model_depth(std::int64_t n, int block) {
  const std::vector<Depth> leaves(static_cast<std::size_t>(n));
  return tree_with_fixup(std::span<const Depth>(leaves), block).value;
}

std::int64_t tree_with_atomic_model_depth(std::int64_t n, int block) {
  const std::vector<Depth> leaves(static_cast<std::size_t>(n));
  const std::vector<Depth> partials = block_partials(std::span<const Depth>(leaves), block);
  Depth chain{};  // out[0] = 0, then one atomic add per partial, in any order
  for (const Depth& p : partials) chain = chain + p;
  return partials.empty() ? 0 : chain.value;
}

// --- the models' own traffic counts ----------------------------------------
namespace {

std::int64_t bytes_of(Scalar s) { return static_cast<std::int64_t>(info(s).bytes); }

// A tally with the launcher's arrays: n elements, the workspace's partials
// (when the row has them) and out[0], each at its typing's width.
struct Counted {
  TrafficTally tally;
  DeviceArrays mem;
  Counted(std::int64_t n, std::int64_t partials, const Typing& t)
      : mem{DeviceArray(&tally, n, bytes_of(t.element)), DeviceArray(&tally, partials, bytes_of(t.accumulator)),
            DeviceArray(&tally, 1, bytes_of(t.output))} {}
};
// The counts do not depend on the values: the models run on +0s.
std::vector<float> zeros(std::int64_t n) { return std::vector<float>(static_cast<std::size_t>(n)); }

Traffic tree_fixup_traffic(std::int64_t n, int block, const Typing& t, Levels levels) {
  Counted c(n, tree_blocks(n, block), t);
  const std::vector<float> x = zeros(n);
  tree_with_fixup(std::span<const float>(x), block, levels, c.mem);
  return c.tally.traffic();
}
// A memset zeroes out[0]; then (n > 0) the tree's launch, each block's
// partial one atomic add on out[0].
Traffic tree_atomic_traffic(std::int64_t n, int block, const Typing& t, Levels levels) {
  Counted c(n, 0, t);
  c.mem.out.launch();
  c.mem.out.store(0);
  if (n > 0) {
    const std::vector<float> x = zeros(n);
    c.mem.in.launch();
    const std::vector<float> partials = block_partials(std::span<const float>(x), block, levels, c.mem);
    for (std::size_t b = 0; b < partials.size(); ++b) c.mem.out.atomic(0);
  }
  return c.tally.traffic();
}

}  // namespace

Traffic halving_model_traffic(std::int64_t n, int, const Typing& t) {
  Counted c(n, 0, t);
  halving_cascade(zeros(n), c.mem);
  return c.tally.traffic();
}
Traffic in_place_tree_fixup_model_traffic(std::int64_t n, int block, const Typing& t) {
  return tree_fixup_traffic(n, block, t, Levels::in_place);
}
Traffic in_place_tree_atomic_model_traffic(std::int64_t n, int block, const Typing& t) {
  return tree_atomic_traffic(n, block, t, Levels::in_place);
}
Traffic smem_tree_fixup_model_traffic(std::int64_t n, int block, const Typing& t) {
  return tree_fixup_traffic(n, block, t, Levels::in_shared);
}
Traffic smem_tree_atomic_model_traffic(std::int64_t n, int block, const Typing& t) {
  return tree_atomic_traffic(n, block, t, Levels::in_shared);
}
// A memset for n = 0; else the grid-stride kernel, then the fix-up.
Traffic vec4_model_traffic(std::int64_t n, int block, const Typing& t) {
  Counted c(n, n > 0 ? vec4_blocks(n, block) : 0, t);
  if (n == 0) {
    c.mem.out.launch();
    c.mem.out.store(0);
    return c.tally.traffic();
  }
  const std::vector<float> x = zeros(n);
  c.mem.in.launch();
  const std::vector<float> partials = vec4_partials(std::span<const float>(x), block, c.mem);
  fixup(std::span<const float>(partials), c.mem.partials, 1, c.mem.out);
  return c.tally.traffic();
}

std::int64_t tree_blocks(std::int64_t n, int block) { return (n + 2 * std::int64_t{block} - 1) / (2 * std::int64_t{block}); }

std::int64_t halving_depth(std::int64_t n, int) { return ceil_log2(n); }

std::int64_t tree_with_fixup_depth(std::int64_t n, int block) {
  if (n == 0) return 0;
  const std::int64_t per_fixup_thread = (tree_blocks(n, block) + kFixupThreads - 1) / kFixupThreads;
  return 1 + ceil_log2(block) + per_fixup_thread + ceil_log2(kFixupThreads);
}

std::int64_t tree_with_atomic_depth(std::int64_t n, int block) {
  if (n == 0) return 0;
  return 1 + ceil_log2(block) + tree_blocks(n, block);
}

}  // namespace smemc::reduce::model
