#include "reduce/host_models.hpp"

#include "common/preconditions.hpp"

namespace smemc::reduce::model {

float halving_cascade_model(std::span<const float> x, int) { return halving_cascade(std::vector<float>(x.begin(), x.end())); }
float tree_with_fixup_model(std::span<const float> x, int block) { return tree_with_fixup(x, block); }
std::vector<float> block_partials_model(std::span<const float> x, int block) { return block_partials(x, block); }

float vec4_grid_stride_model(std::span<const float> x, int block) {
  if (x.empty()) return 0.0f;
  const std::vector<float> partials = vec4_partials(x, block);
  return fixup(std::span<const float>(partials));
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
