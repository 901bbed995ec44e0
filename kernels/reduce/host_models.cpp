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
