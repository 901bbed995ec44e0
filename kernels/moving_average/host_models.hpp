#pragma once
// Order-faithful host models of the moving averages (see reduce/host_models.hpp
// for the idea). Templates over the value type: float predicts the kernel,
// reduce::model::Depth measures the summation depth of the prefix sums.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace smemc::moving_average::model {

// Threads of the one-block kernel that scans the tile totals.
inline constexpr int kCarryThreads = 1024;

// gpu_shared_memory's loop: sum = 0; sum += a[0]; ... sum += a[i].
template <typename V>
std::vector<V> running_sums(std::span<const V> a) {
  std::vector<V> sums(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    V sum{};
    for (std::size_t j = 0; j <= i; ++j) sum = sum + a[j];
    sums[i] = sum;
  }
  return sums;
}

// Hillis-Steele inclusive scan as the block computes it: at distances 1, 2,
// 4, ... every element at t >= d adds the value at t - d from the step before.
template <typename V>
void inclusive_scan_in_place(std::vector<V>& s) {
  for (std::size_t d = 1; d < s.size(); d *= 2) {
    const std::vector<V> before = s;
    for (std::size_t t = d; t < s.size(); ++t) s[t] = before[t - d] + s[t];
  }
}

// The three-phase scan: tiles of `block` (padded with +0) scanned for their
// totals; the totals turned into exclusive carries by one block of
// kCarryThreads working chunk by chunk; each tile scanned again and its
// carry added in front: prefix_i = carry_tile + inclusive_i.
template <typename V>
std::vector<V> tiled_scan_sums(std::span<const V> a, int block) {
  const std::size_t n = a.size(), tile = static_cast<std::size_t>(block);
  const std::size_t tiles = (n + tile - 1) / tile;
  std::vector<V> inclusive(tiles * tile);  // each tile's scan, tile after tile
  std::vector<V> carries(tiles);
  std::vector<V> s(tile);
  for (std::size_t b = 0; b < tiles; ++b) {
    for (std::size_t t = 0; t < tile; ++t) s[t] = b * tile + t < n ? a[b * tile + t] : V{};
    inclusive_scan_in_place(s);
    std::copy(s.begin(), s.end(), inclusive.begin() + static_cast<std::ptrdiff_t>(b * tile));
    carries[b] = s[tile - 1];  // the tile's total, for now
  }
  V carry{};
  std::vector<V> chunk(kCarryThreads);
  for (std::size_t base = 0; base < tiles; base += kCarryThreads) {
    for (std::size_t t = 0; t < chunk.size(); ++t) chunk[t] = base + t < tiles ? carries[base + t] : V{};
    inclusive_scan_in_place(chunk);
    for (std::size_t t = 0; t < chunk.size() && base + t < tiles; ++t) carries[base + t] = carry + (t > 0 ? chunk[t - 1] : V{});
    carry = carry + chunk[kCarryThreads - 1];
  }
  std::vector<V> sums(n);
  for (std::size_t i = 0; i < n; ++i) sums[i] = carries[i / tile] + inclusive[i];
  return sums;
}

// sum_i / (i + 1), the divisor converted to float as the kernels do.
std::vector<float> means(const std::vector<float>& sums);

std::vector<float> running_mean_model(std::span<const float> a, int block);
std::vector<float> tiled_scan_mean_model(std::span<const float> a, int block);

std::int64_t running_model_depth(std::int64_t n, int block);
std::int64_t tiled_scan_model_depth(std::int64_t n, int block);
std::int64_t running_depth(std::int64_t n, int block);    // n: the first element goes through n additions
std::int64_t tiled_scan_depth(std::int64_t n, int block); // ceil(log2 B) + 10 + ceil(tiles/1024) + 1

}  // namespace smemc::moving_average::model
