#include "moving_average/host_models.hpp"

#include <algorithm>
#include <bit>

#include "common/preconditions.hpp"
#include "common/depth.hpp"

namespace smemc::moving_average::model {
namespace {
using smemc::Depth;
std::int64_t deepest(const std::vector<Depth>& sums) {
  std::int64_t d = 0;
  for (const Depth& s : sums) d = std::max(d, s.value);
  return d;
}
}  // namespace

std::int64_t running_model_depth(std::int64_t n, int) {
  const std::vector<Depth> leaves(static_cast<std::size_t>(n));
  return deepest(running_sums(std::span<const Depth>(leaves)));
}

std::int64_t tiled_scan_model_depth(std::int64_t n, int block) {
  const std::vector<Depth> leaves(static_cast<std::size_t>(n));
  return deepest(tiled_scan_sums(std::span<const Depth>(leaves), block));
}

std::vector<float> means(const std::vector<float>& sums) {
  std::vector<float> out(sums.size());
  for (std::size_t i = 0; i < sums.size(); ++i) out[i] = sums[i] / static_cast<float>(static_cast<std::int64_t>(i) + 1);
  return out;
}

std::vector<float> running_mean_model(std::span<const float> a, int) { return means(running_sums(a)); }
std::vector<float> tiled_scan_mean_model(std::span<const float> a, int block) { return means(tiled_scan_sums(a, block)); }

std::int64_t running_depth(std::int64_t n, int) { return n; }

std::int64_t tiled_scan_depth(std::int64_t n, int block) {
  if (n == 0) return 0;
  const std::int64_t tiles = (n + block - 1) / block;
  const std::int64_t chunks = (tiles + kCarryThreads - 1) / kCarryThreads;
  return ceil_log2(block) + ceil_log2(kCarryThreads) + chunks + 1;
}

}  // namespace smemc::moving_average::model
