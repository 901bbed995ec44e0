#pragma once
// Order-faithful host models of the moving averages (see reduce/host_models.hpp
// for the idea). Templates over the value type: float predicts the kernel,
// smemc::Depth measures the summation depth of every prefix sum.

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <type_traits>
#include <vector>

#include "common/traffic.hpp"
#include "common/types.hpp"
#include "common/values.hpp"

namespace smemc::moving_average::model {

// Threads of the one-block kernel that scans the tile totals.
inline constexpr int kCarryThreads = 1024;
// Elements per thread of the look-back scan: a tile is 24 * B elements
// (six float4s a thread; moving_average_lookback.cu says why 24).
inline constexpr int kLookbackItems = 24;

// The device arrays a moving average's launches touch, for a model run that
// counts its traffic (common/traffic.hpp; reduce/host_models.hpp says how);
// left empty, nothing is counted.
struct DeviceArrays {
  DeviceArray data;     // the n elements, overwritten by their means
  DeviceArray carries;  // the three-phase scan's workspace: a tile's total, then its carry
  DeviceArray status;   // the look-back's status words, 8 bytes each, and the ticket's word after them
  DeviceArray ticket;   // the look-back's tile ticket: 4 bytes in that last word
};

// gpu_shared_memory's loop: sum = 0; sum += a[0]; ... sum += a[i]. One
// launch: thread i loads its element into shared memory and stores its mean.
template <typename V>
std::vector<V> running_sums(std::span<const V> a, const DeviceArrays& mem = {}) {
  std::vector<V> sums(a.size());
  V sum{};
  if (!a.empty()) mem.data.launch();
  for (std::size_t i = 0; i < a.size(); ++i) {
    mem.data.load(static_cast<std::int64_t>(i));
    sum = sum + a[i];  // thread i's loop repeats thread i-1's additions, then adds a[i]
    sums[i] = sum;
    mem.data.store(static_cast<std::int64_t>(i));
  }
  return sums;
}

// Hillis-Steele inclusive scan as a block computes it: at distances 1, 2,
// 4, ... every element at t >= d adds the value at t - d from the step
// before. Each step reads only the step before's values, so it is computed
// into `scratch` and the two swapped: the additions of a block's steps, in
// loops without a dependence from one element to the next (a compiler
// vectorises them; the models of the large checks scan 2^31 elements).
template <typename V>
void inclusive_scan_in_place(std::vector<V>& s, std::vector<V>& scratch) {
  const std::size_t n = s.size();
  if (n < 2) return;  // one element scans to itself
  scratch.resize(n);
  for (std::size_t d = 1; d < n; d *= 2) {
    const V* before = s.data();
    V* after = scratch.data();
    for (std::size_t t = 0; t < d; ++t) after[t] = before[t];
    for (std::size_t t = d; t < n; ++t) after[t] = before[t - d] + before[t];
    s.swap(scratch);
  }
}
template <typename V>
void inclusive_scan_in_place(std::vector<V>& s) {
  std::vector<V> scratch;
  inclusive_scan_in_place(s, scratch);
}

// --- the three-phase scan, in the pieces its kernels compute -----------------

// Phase 2, one chunk: the inclusive scan of kCarryThreads tile totals from
// `first` (padded with +0).
template <typename V>
std::vector<V> carry_chunk_scan(std::span<const V> totals, std::size_t first) {
  std::vector<V> chunk(kCarryThreads);
  for (std::size_t t = 0; t < chunk.size() && first + t < totals.size(); ++t) chunk[t] = totals[first + t];
  inclusive_scan_in_place(chunk);
  return chunk;
}
// The same into `chunk` (kCarryThreads long): for the streamed model's
// millions of chunks, no allocation each.
template <typename V>
void carry_chunk_scan_into(std::span<const V> totals, std::size_t first, std::vector<V>& chunk, std::vector<V>& scratch) {
  chunk.assign(kCarryThreads, V{});
  for (std::size_t t = 0; t < chunk.size() && first + t < totals.size(); ++t) chunk[t] = totals[first + t];
  inclusive_scan_in_place(chunk, scratch);
}

// Phase 2, the chunks in order: carries[first + t] = carry + (exclusive
// prefix t of the chunk), then carry grows by the chunk's total. Returns the
// new carry.
template <typename V>
V apply_carry_chunk(const std::vector<V>& chunk, V carry, std::size_t first, std::span<V> carries) {
  for (std::size_t t = 0; t < chunk.size() && first + t < carries.size(); ++t) {
    carries[first + t] = carry + (t > 0 ? chunk[t - 1] : V{});
  }
  return carry + chunk[kCarryThreads - 1];
}

// The tiles' exclusive carries from their totals: phase 2's one launch,
// which loads each total and stores its carry in its place.
template <typename V>
std::vector<V> carries_from_totals(std::span<const V> totals, const DeviceArrays& mem = {}) {
  std::vector<V> carries(totals.size());
  V carry{};
  mem.carries.launch();
  for (std::size_t first = 0; first < totals.size(); first += kCarryThreads) {
    const std::size_t end = std::min(totals.size(), first + kCarryThreads);
    for (std::size_t i = first; i < end; ++i) mem.carries.load(static_cast<std::int64_t>(i));
    carry = apply_carry_chunk(carry_chunk_scan(totals, first), carry, first, std::span<V>(carries));
    for (std::size_t i = first; i < end; ++i) mem.carries.store(static_cast<std::int64_t>(i));
  }
  return carries;
}

// The three phases: prefix_i = carry_(i / B) + inclusive_i. Phase 1 loads
// the elements below n and stores each tile's total; phase 3 loads them
// again with the tile's carry and stores the means over them.
template <typename V>
std::vector<V> tiled_scan_sums(std::span<const V> a, int block, const DeviceArrays& mem = {}) {
  const std::size_t n = a.size(), tile = static_cast<std::size_t>(block);
  const std::size_t tiles = (n + tile - 1) / tile;
  // Each tile's scan in one array (and one tile's worth of work space for
  // all of them: n one-element tiles would otherwise be n allocations).
  std::vector<V> scans(tiles * tile), totals(tiles), s(tile), scratch;
  if (n == 0) return {};
  mem.data.launch();
  for (std::size_t b = 0; b < tiles; ++b) {
    const std::size_t count = std::min(tile, n - b * tile);
    for (std::size_t i = 0; i < count; ++i) mem.data.load(static_cast<std::int64_t>(b * tile + i));
    std::copy(a.begin() + static_cast<std::ptrdiff_t>(b * tile), a.begin() + static_cast<std::ptrdiff_t>(b * tile + count),
              s.begin());
    std::fill(s.begin() + static_cast<std::ptrdiff_t>(count), s.end(), V{});
    inclusive_scan_in_place(s, scratch);
    std::copy(s.begin(), s.end(), scans.begin() + static_cast<std::ptrdiff_t>(b * tile));
    totals[b] = s[tile - 1];
    mem.carries.store(static_cast<std::int64_t>(b));  // the tile's last thread
  }
  const std::vector<V> carries = carries_from_totals(std::span<const V>(totals), mem);
  std::vector<V> sums(n);
  mem.data.launch();
  for (std::size_t i = 0; i < n; ++i) {
    mem.data.load(static_cast<std::int64_t>(i));
    mem.carries.load(static_cast<std::int64_t>(i / tile));
    sums[i] = carries[i / tile] + scans[i];
    mem.data.store(static_cast<std::int64_t>(i));
  }
  return sums;
}

// --- the single-pass look-back scan ------------------------------------------

// Tile t (24 * B elements) as the kernel computes it: thread h owns elements
// 24h..24h+23 and scans them serially (l_k = l_(k-1) + x_k); the warps scan the
// thread totals (Hillis-Steele over 32 lanes), warp 0 scans the warp totals
// the same way; thread h's exclusive prefix in the tile is X = U_excl(warp)
// + W_excl(lane). The tile's exclusive prefix E comes from the look-back;
// output k of thread h is (E + X) + l_k. Returns the tile's sums (before
// E is added: (E + X) + l_k needs E, so the caller passes it) and its
// aggregate A.
template <typename V>
struct LookbackTile {
  std::vector<V> thread_prefix;  // X per thread
  std::vector<V> serial;         // l_k per element
  V aggregate{};
};

template <typename V>
LookbackTile<V> lookback_tile(std::span<const V> tile, int block) {
  const int items = kLookbackItems, warps = block / 32;
  LookbackTile<V> r;
  r.serial.assign(static_cast<std::size_t>(items) * static_cast<std::size_t>(block), V{});
  std::vector<V> totals(static_cast<std::size_t>(block));
  for (int h = 0; h < block; ++h) {
    V l{};
    for (int k = 0; k < items; ++k) {
      const std::size_t i = static_cast<std::size_t>(h) * static_cast<std::size_t>(items) + static_cast<std::size_t>(k);
      const V x = i < tile.size() ? tile[i] : V{};
      l = k == 0 ? x : l + x;
      r.serial[i] = l;
    }
    totals[static_cast<std::size_t>(h)] = l;
  }
  // Each warp's Hillis-Steele over its 32 lanes (shfl_up), then warp 0's
  // over the warp totals.
  std::vector<V> warp_inclusive(static_cast<std::size_t>(block)), warp_scan(32), lanes(32), scratch;
  for (int w = 0; w < warps; ++w) {
    std::copy(totals.begin() + w * 32, totals.begin() + w * 32 + 32, lanes.begin());
    inclusive_scan_in_place(lanes, scratch);
    std::copy(lanes.begin(), lanes.end(), warp_inclusive.begin() + w * 32);
    warp_scan[static_cast<std::size_t>(w)] = lanes[31];
  }
  inclusive_scan_in_place(warp_scan, scratch);  // lanes >= warps hold +0
  r.thread_prefix.resize(static_cast<std::size_t>(block));
  for (int h = 0; h < block; ++h) {
    const int w = h / 32, lane = h % 32;
    const V u = w > 0 ? warp_scan[static_cast<std::size_t>(w - 1)] : V{};
    const V x = lane > 0 ? warp_inclusive[static_cast<std::size_t>(h - 1)] : V{};
    r.thread_prefix[static_cast<std::size_t>(h)] = u + x;
  }
  r.aggregate = warp_scan[static_cast<std::size_t>(warps - 1)];
  return r;
}

// The sums of the run in which every tile's look-back finds its
// predecessor's inclusive prefix at once: E_0 = +0, P_t = E_t + A_t,
// E_(t+1) = P_t. Any other run adds aggregates of earlier tiles in a
// shallower tree (docs/porting.md), so this run's depths bound them all.
// Its accesses: a memset clears the status words and the ticket; in the
// kernel's launch each tile takes a ticket (an atomic), loads its elements,
// publishes its aggregate (tiles after the first), looks back over the 32
// status words before it (one window: its predecessor's inclusive prefix
// is there), publishes its inclusive prefix in the same word, and stores
// its means.
template <typename V>
std::vector<V> lookback_sums(std::span<const V> a, int block, const DeviceArrays& mem = {}) {
  const std::size_t n = a.size(), tile = static_cast<std::size_t>(kLookbackItems) * static_cast<std::size_t>(block);
  std::vector<V> sums(n);
  if (n == 0) return sums;
  const auto tiles = static_cast<std::int64_t>((n + tile - 1) / tile);
  mem.status.launch();
  for (std::int64_t w = 0; w <= tiles; ++w) mem.status.store(w);
  mem.data.launch();
  V exclusive{};
  for (std::size_t first = 0; first < n; first += tile) {
    const auto k = static_cast<std::int64_t>(first / tile);
    const std::size_t count = std::min(tile, n - first);
    mem.ticket.atomic(0);
    for (std::size_t j = 0; j < count; ++j) mem.data.load(static_cast<std::int64_t>(first + j));
    const LookbackTile<V> t = lookback_tile(a.subspan(first, count), block);
    if (k > 0) {
      mem.status.store(k);  // the aggregate
      for (std::int64_t lane = 0; lane < 32 && k - 1 - lane >= 0; ++lane) mem.status.load(k - 1 - lane);
    }
    mem.status.store(k);  // the inclusive prefix
    for (std::size_t j = 0; j < count; ++j) {
      sums[first + j] = (exclusive + t.thread_prefix[j / kLookbackItems]) + t.serial[j];
      mem.data.store(static_cast<std::int64_t>(first + j));
    }
    exclusive = exclusive + t.aggregate;
  }
  return sums;
}

// sum_i / (i + 1), the divisor converted to float as the kernels do.
std::vector<float> means(const std::vector<float>& sums);

// The float models (the f32 typing; the streamed models are built on them).
std::vector<float> running_mean_model(std::span<const float> a, int block);
std::vector<float> tiled_scan_mean_model(std::span<const float> a, int block);
std::vector<float> lookback_mean_model(std::span<const float> a, int block);

// The mean of a prefix sum as the kernels compute it in the accumulator A:
// a floating quotient by the divisor converted to A; an integer one the
// exact quotient truncated toward zero (signed: the accumulator is a
// signed integer whose bits the unsigned model A holds).
template <typename A>
A mean_of(A sum, std::int64_t count, bool signed_accumulator) {
  if constexpr (std::is_floating_point_v<A>) {
    return sum / static_cast<A>(count);
  } else {
    if (signed_accumulator) return static_cast<A>(static_cast<std::int64_t>(sum) / count);
    return sum / static_cast<A>(count);
  }
}

// The models of the spec rows (Spec::model), in any typing of theirs: the
// elements converted to the accumulator, the sums in the float model's
// order, the means as mean_of, stored as the output type.
Values running_mean_typed(const Values& a, const Typing& t, int block);
Values tiled_scan_mean_typed(const Values& a, const Typing& t, int block);
Values lookback_mean_typed(const Values& a, const Typing& t, int block);

// The models piece by piece, for inputs of billions of elements (Spec::stream_model).
using ValueAt = std::function<float(std::int64_t)>;
// sums[j] /= (float)(first + j + 1): a piece's means, its first element's
// index `first`.
void divide_by_counts(std::span<float> sums, std::int64_t first);
using Piece = std::function<void(std::int64_t first, std::span<const float> means)>;
void running_mean_stream(std::int64_t n, int block, const ValueAt& value, const Piece& piece);
void tiled_scan_mean_stream(std::int64_t n, int block, const ValueAt& value, const Piece& piece);
void lookback_mean_stream(std::int64_t n, int block, const ValueAt& value, const Piece& piece);

// The traffic each row's model counts (common/traffic.hpp's rule), run on n
// elements of the typing: what the host tests hold the rows' formulas to.
Traffic running_model_traffic(std::int64_t n, int block, const Typing& t);
Traffic tiled_scan_model_traffic(std::int64_t n, int block, const Typing& t);
Traffic lookback_model_traffic(std::int64_t n, int block, const Typing& t);

// Per-prefix depths the models build (Depth), and the rows' formulas for them.
std::vector<std::int64_t> running_model_depths(std::int64_t n, int block);
std::vector<std::int64_t> tiled_scan_model_depths(std::int64_t n, int block);
std::vector<std::int64_t> lookback_model_depths(std::int64_t n, int block);
std::int64_t running_depth(std::int64_t i, std::int64_t n, int block);     // i + 1
std::int64_t tiled_scan_depth(std::int64_t i, std::int64_t n, int block);  // see host_models.cpp
std::int64_t lookback_depth(std::int64_t i, std::int64_t n, int block);    // see host_models.cpp

std::int64_t all_bitwise(std::int64_t n, int block);  // n: an ordered row
std::int64_t first_tile(std::int64_t n, int block);   // min(n, 24B): the tile with no look-back

}  // namespace smemc::moving_average::model
