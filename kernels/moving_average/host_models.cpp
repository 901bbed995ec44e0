#include "moving_average/host_models.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>
#include <thread>

#include "common/depth.hpp"
#include "common/host_threads.hpp"
#include "common/preconditions.hpp"
#include "common/typed_models.hpp"

namespace smemc::moving_average::model {
namespace {

using smemc::Depth;

std::vector<std::int64_t> values(const std::vector<Depth>& sums) {
  std::vector<std::int64_t> d(sums.size());
  std::transform(sums.begin(), sums.end(), d.begin(), [](Depth x) { return x.value; });
  return d;
}

std::int64_t width(std::int64_t x) { return std::bit_width(static_cast<std::uint64_t>(x)); }

// Elements per piece of a streamed model: about 64 MiB of floats.
constexpr std::int64_t kPieceElements = std::int64_t{1} << 24;

// Runs work(begin, end) over [0, count) split into one contiguous range per
// thread the host side may use (host_threads(): a core each, or
// SMEMC_HOST_THREADS).
template <typename Work>
void parallel_ranges(std::int64_t count, const Work& work) {
  const std::int64_t workers = std::clamp<std::int64_t>(host_threads(), 1, 32);
  const std::int64_t per = (count + workers - 1) / workers;
  std::vector<std::thread> threads;
  for (std::int64_t begin = 0; begin < count; begin += per)
    threads.emplace_back([&, begin] { work(begin, std::min(count, begin + per)); });
  for (auto& t : threads) t.join();
}

// a[first .. first + out.size()), +0 past n (a tile's padding).
void values_into(const ValueAt& value, std::int64_t n, std::int64_t first, std::span<float> out) {
  const auto taken = static_cast<std::size_t>(std::clamp<std::int64_t>(n - first, 0, static_cast<std::int64_t>(out.size())));
  for (std::size_t j = 0; j < taken; ++j) out[j] = value(first + static_cast<std::int64_t>(j));
  std::fill(out.begin() + static_cast<std::ptrdiff_t>(taken), out.end(), 0.0f);
}

// Pieces of whole tiles: fill(first_tile, tiles, sums) writes the sums of
// the piece's tiles (in order), then the means go to `piece`.
template <typename Fill>
void stream_pieces(std::int64_t n, std::int64_t tile, const Piece& piece, const Fill& fill) {
  const std::int64_t tiles_per_piece = std::max<std::int64_t>(1, kPieceElements / tile);
  std::vector<float> sums;
  for (std::int64_t first_tile = 0; first_tile * tile < n; first_tile += tiles_per_piece) {
    const std::int64_t first = first_tile * tile, count = std::min(n - first, tiles_per_piece * tile);
    sums.assign(static_cast<std::size_t>(count), 0.0f);
    fill(first_tile, (count + tile - 1) / tile, std::span<float>(sums));
    parallel_ranges(count, [&](std::int64_t begin, std::int64_t end) {
      divide_by_counts(std::span<float>(sums).subspan(static_cast<std::size_t>(begin), static_cast<std::size_t>(end - begin)),
                       first + begin);
    });
    piece(first, sums);
  }
}

}  // namespace

// The counts below 2^31 are converted from 32-bit integers, a conversion
// any x86-64 vectorises (a 64-bit one is scalar there before AVX-512); a
// count converts to the same float from either width.
void divide_by_counts(std::span<float> sums, std::int64_t first) {
  const auto count = static_cast<std::int64_t>(sums.size());
  const std::int64_t narrow = std::clamp<std::int64_t>(std::int64_t{INT32_MAX} - first, 0, count);  // first + j + 1 <= INT32_MAX
  float* out = sums.data();
  if (narrow > 0) {
    const auto counted = static_cast<std::int32_t>(first + 1);
    const auto n32 = static_cast<std::int32_t>(narrow);
    for (std::int32_t j = 0; j < n32; ++j) out[j] = out[j] / static_cast<float>(counted + j);
  }
  for (std::int64_t j = narrow; j < count; ++j) out[j] = out[j] / static_cast<float>(first + j + 1);
}

std::vector<float> means(const std::vector<float>& sums) {
  std::vector<float> out = sums;
  divide_by_counts(std::span<float>(out), 0);
  return out;
}

std::vector<float> running_mean_model(std::span<const float> a, int) { return means(running_sums(a)); }
std::vector<float> tiled_scan_mean_model(std::span<const float> a, int block) { return means(tiled_scan_sums(a, block)); }
std::vector<float> lookback_mean_model(std::span<const float> a, int block) { return means(lookback_sums(a, block)); }

namespace {

// sums(std::span<const A>) -> std::vector<A> over a converted to the
// typing's accumulator, then the means, as the output type.
template <typename Sums>
Values typed_means(const Values& a, const Typing& t, const Sums& sums) {
  const bool signed_accumulator = info(t.accumulator).kind == ScalarKind::signed_integer;
  return visit_model(to_accumulator(a, t), [&]<typename A>(std::span<const A> acc) {
    std::vector<A> s = sums(acc);
    for (std::size_t i = 0; i < s.size(); ++i) s[i] = mean_of<A>(s[i], static_cast<std::int64_t>(i) + 1, signed_accumulator);
    return to_output(s, t.output);
  });
}

}  // namespace

Values running_mean_typed(const Values& a, const Typing& t, int) {
  return typed_means(a, t, [](auto acc) { return running_sums(acc); });
}
Values tiled_scan_mean_typed(const Values& a, const Typing& t, int block) {
  return typed_means(a, t, [block](auto acc) { return tiled_scan_sums(acc, block); });
}
Values lookback_mean_typed(const Values& a, const Typing& t, int block) {
  return typed_means(a, t, [block](auto acc) { return lookback_sums(acc, block); });
}

// --- the models' own traffic counts ----------------------------------------
namespace {

std::int64_t bytes_of(Scalar s) { return static_cast<std::int64_t>(info(s).bytes); }

// A tally with the launchers' arrays at the typing's widths: the elements,
// the three-phase scan's ⌈n/B⌉ carries, the look-back's ⌈n/24B⌉ + 1 status
// words and its ticket. The counts do not depend on the values: the models
// run on +0s.
struct Counted {
  TrafficTally tally;
  DeviceArrays mem;
  std::vector<float> zeros;
  Counted(std::int64_t n, int block, const Typing& t)
      : mem{DeviceArray(&tally, n, bytes_of(t.element)), DeviceArray(&tally, ceil_div(n, block), bytes_of(t.accumulator)),
            DeviceArray(&tally, ceil_div(n, std::int64_t{kLookbackItems} * block) + 1, 8), DeviceArray(&tally, 1, 4)},
        zeros(static_cast<std::size_t>(n)) {}
};

}  // namespace

Traffic running_model_traffic(std::int64_t n, int, const Typing& t) {
  Counted c(n, 1, t);
  running_sums(std::span<const float>(c.zeros), c.mem);
  return c.tally.traffic();
}
Traffic tiled_scan_model_traffic(std::int64_t n, int block, const Typing& t) {
  Counted c(n, block, t);
  tiled_scan_sums(std::span<const float>(c.zeros), block, c.mem);
  return c.tally.traffic();
}
Traffic lookback_model_traffic(std::int64_t n, int block, const Typing& t) {
  Counted c(n, block, t);
  lookback_sums(std::span<const float>(c.zeros), block, c.mem);
  return c.tally.traffic();
}

std::vector<std::int64_t> running_model_depths(std::int64_t n, int) {
  const std::vector<Depth> leaves(static_cast<std::size_t>(n));
  return values(running_sums(std::span<const Depth>(leaves)));
}
std::vector<std::int64_t> tiled_scan_model_depths(std::int64_t n, int block) {
  const std::vector<Depth> leaves(static_cast<std::size_t>(n));
  return values(tiled_scan_sums(std::span<const Depth>(leaves), block));
}
std::vector<std::int64_t> lookback_model_depths(std::int64_t n, int block) {
  const std::vector<Depth> leaves(static_cast<std::size_t>(n));
  return values(lookback_sums(std::span<const Depth>(leaves), block));
}

void running_mean_stream(std::int64_t n, int block, const ValueAt& value, const Piece& piece) {
  std::vector<float> a(static_cast<std::size_t>(n));
  values_into(value, n, 0, a);
  piece(0, running_mean_model(a, block));
}

// One pass, piece by piece, each piece whole chunks of kCarryThreads tiles
// (phase 2 threads its carry from chunk to chunk): the piece's tiles
// scanned in parallel (phase 1's totals and phase 3's inclusive values are
// the same scans), its chunks of totals scanned in parallel and their
// carries threaded in order (one addition a chunk), then carry + inclusive value and the division
// in parallel. The operations of tiled_scan_sums, in a piece's memory.
void tiled_scan_mean_stream(std::int64_t n, int block, const ValueAt& value, const Piece& piece) {
  const std::int64_t tile = block, chunk_elements = std::int64_t{kCarryThreads} * tile;
  const std::int64_t piece_elements = std::max<std::int64_t>(1, kPieceElements / chunk_elements) * chunk_elements;
  std::vector<float> sums, totals, carries;
  std::vector<std::vector<float>> chunk_scans;
  float carry = 0.0f;
  for (std::int64_t first = 0; first < n; first += piece_elements) {
    const std::int64_t count = std::min(piece_elements, n - first), tiles = (count + tile - 1) / tile;
    const std::int64_t first_tile = first / tile, chunks = (tiles + kCarryThreads - 1) / kCarryThreads;
    sums.resize(static_cast<std::size_t>(count));
    totals.resize(static_cast<std::size_t>(tiles));
    carries.resize(static_cast<std::size_t>(tiles));
    chunk_scans.resize(static_cast<std::size_t>(chunks));
    parallel_ranges(tiles, [&](std::int64_t begin, std::int64_t end) {
      if (block == 1) {  // one-element tiles, each its own scan and total (all below n)
        const std::span<float> own =
            std::span<float>(sums).subspan(static_cast<std::size_t>(begin), static_cast<std::size_t>(end - begin));
        values_into(value, n, first + begin, own);
        std::copy(own.begin(), own.end(), totals.begin() + begin);
        return;
      }
      std::vector<float> s(static_cast<std::size_t>(block)), scratch;
      for (std::int64_t t = begin; t < end; ++t) {
        values_into(value, n, (first_tile + t) * tile, s);  // +0 past n
        inclusive_scan_in_place(s, scratch);
        totals[static_cast<std::size_t>(t)] = s.back();
        const std::int64_t offset = t * tile, kept = std::min(tile, count - offset);
        std::copy(s.begin(), s.begin() + kept, sums.begin() + offset);
      }
    });
    parallel_ranges(chunks, [&](std::int64_t begin, std::int64_t end) {
      std::vector<float> scratch;
      for (std::int64_t c = begin; c < end; ++c) {
        carry_chunk_scan_into(std::span<const float>(totals), static_cast<std::size_t>(c * kCarryThreads),
                              chunk_scans[static_cast<std::size_t>(c)], scratch);
      }
    });
    // Each chunk's carry in order (one addition a chunk), then the chunks'
    // tiles from theirs in parallel.
    std::vector<float> carry_of(static_cast<std::size_t>(chunks));
    for (std::int64_t c = 0; c < chunks; ++c) {
      carry_of[static_cast<std::size_t>(c)] = carry;
      carry = carry + chunk_scans[static_cast<std::size_t>(c)].back();
    }
    parallel_ranges(chunks, [&](std::int64_t begin, std::int64_t end) {
      for (std::int64_t c = begin; c < end; ++c) {
        (void)apply_carry_chunk(chunk_scans[static_cast<std::size_t>(c)], carry_of[static_cast<std::size_t>(c)],
                                static_cast<std::size_t>(c * kCarryThreads), std::span<float>(carries));
      }
    });
    // Each element's carry (its tile's) plus its inclusive value, tile by
    // tile, then the means.
    parallel_ranges(count, [&](std::int64_t begin, std::int64_t end) {
      float* out = sums.data();
      if (tile == 1) {
        for (std::int64_t j = begin; j < end; ++j) out[j] = carries[static_cast<std::size_t>(j)] + out[j];
      } else {
        for (std::int64_t lo = begin; lo < end;) {
          const std::int64_t t = lo / tile, hi = std::min(end, (t + 1) * tile);
          const float carried = carries[static_cast<std::size_t>(t)];
          for (std::int64_t j = lo; j < hi; ++j) out[j] = carried + out[j];
          lo = hi;
        }
      }
      divide_by_counts(std::span<float>(sums).subspan(static_cast<std::size_t>(begin), static_cast<std::size_t>(end - begin)),
                       first + begin);
    });
    piece(first, sums);
  }
}

// Each tile's own part in parallel, the exclusive prefixes threaded in order.
void lookback_mean_stream(std::int64_t n, int block, const ValueAt& value, const Piece& piece) {
  const std::int64_t tile = std::int64_t{kLookbackItems} * block;
  float exclusive = 0.0f;
  std::vector<float> thread_prefix, aggregates, exclusive_of;  // a piece's, reused
  stream_pieces(n, tile, piece, [&](std::int64_t first_tile, std::int64_t piece_tiles, std::span<float> sums) {
    thread_prefix.resize(sums.size());
    aggregates.resize(static_cast<std::size_t>(piece_tiles));
    exclusive_of.resize(static_cast<std::size_t>(piece_tiles));
    parallel_ranges(piece_tiles, [&](std::int64_t begin, std::int64_t end) {
      std::vector<float> v(static_cast<std::size_t>(tile));
      for (std::int64_t t = begin; t < end; ++t) {
        values_into(value, n, (first_tile + t) * tile, v);
        const LookbackTile<float> part = lookback_tile(std::span<const float>(v), block);
        const std::int64_t offset = t * tile,
                           kept = std::min<std::int64_t>(tile, static_cast<std::int64_t>(sums.size()) - offset);
        std::copy_n(part.serial.begin(), kept, sums.begin() + offset);
        for (std::int64_t h = 0; h * kLookbackItems < kept; ++h) {  // each thread's prefix, over its elements
          const std::int64_t from = offset + h * kLookbackItems,
                             to = offset + std::min<std::int64_t>(kept, (h + 1) * kLookbackItems);
          std::fill(thread_prefix.begin() + from, thread_prefix.begin() + to, part.thread_prefix[static_cast<std::size_t>(h)]);
        }
        aggregates[static_cast<std::size_t>(t)] = part.aggregate;
      }
    });
    // The exclusive prefixes in order (one addition a tile), then each
    // tile's elements from its own, in parallel.
    for (std::int64_t t = 0; t < piece_tiles; ++t) {
      exclusive_of[static_cast<std::size_t>(t)] = exclusive;
      exclusive = exclusive + aggregates[static_cast<std::size_t>(t)];
    }
    parallel_ranges(piece_tiles, [&](std::int64_t begin, std::int64_t end) {
      for (std::int64_t t = begin; t < end; ++t) {
        const float e = exclusive_of[static_cast<std::size_t>(t)];
        for (std::int64_t j = t * tile; j < std::min<std::int64_t>((t + 1) * tile, static_cast<std::int64_t>(sums.size())); ++j) {
          sums[static_cast<std::size_t>(j)] =
              (e + thread_prefix[static_cast<std::size_t>(j)]) + sums[static_cast<std::size_t>(j)];
        }
      }
    });
  });
}

std::int64_t running_depth(std::int64_t i, std::int64_t, int) { return i + 1; }

// Element p of a Hillis-Steele scan is width(p) additions deep; a tile's
// total dT = width(B - 1). Tile t of chunk c (t = tile % 1024): its carry is
// the carry of the c earlier chunks (dT + 10 + c deep, 0 for c = 0) plus the
// chunk's exclusive prefix (dT + width(t - 1), 0 for t = 0), and prefix i
// adds its tile's inclusive element on top.
std::int64_t tiled_scan_depth(std::int64_t i, std::int64_t, int block) {
  const std::int64_t tile_total = width(block - 1), tile = i / block, position = i % block;
  const std::int64_t chunk = tile / kCarryThreads, in_chunk = tile % kCarryThreads;
  const std::int64_t carried = chunk == 0 ? 0 : tile_total + width(kCarryThreads - 1) + chunk;
  const std::int64_t chunk_prefix = in_chunk == 0 ? 0 : tile_total + width(in_chunk - 1);
  return std::max(std::max(carried, chunk_prefix) + 1, width(position)) + 1;
}

// Element k of thread h (lane, warp w) of tile t: l_k is k deep; a thread
// total 23 (kLookbackItems - 1), a warp total 28; the lane's exclusive
// prefix 23 + width(lane - 1) (0 for lane 0), the warp's 28 + width(w - 1)
// (0 for warp 0), X one more than the deeper; the tile's aggregate
// dA = 28 + width(B/32 - 1); the deepest look-back gives E_t at dA + t (0
// for the first tile); the sum is (E + X) + l_k.
std::int64_t lookback_depth(std::int64_t i, std::int64_t, int block) {
  const std::int64_t items = kLookbackItems, tile = i / (items * block), in_tile = i % (items * block);
  const std::int64_t thread = in_tile / items, k = in_tile % items, lane = thread % 32, warp = thread / 32;
  const std::int64_t thread_total = items - 1, warp_total = thread_total + width(31);
  const std::int64_t lane_prefix = lane == 0 ? 0 : thread_total + width(lane - 1);
  const std::int64_t warp_prefix = warp == 0 ? 0 : warp_total + width(warp - 1);
  const std::int64_t x = std::max(lane_prefix, warp_prefix) + 1;
  const std::int64_t aggregate = warp_total + width(block / 32 - 1);
  const std::int64_t e = tile == 0 ? 0 : aggregate + tile;
  return std::max(std::max(e, x) + 1, k) + 1;
}

std::int64_t all_bitwise(std::int64_t n, int) { return n; }
std::int64_t first_tile(std::int64_t n, int block) { return std::min<std::int64_t>(n, std::int64_t{kLookbackItems} * block); }

}  // namespace smemc::moving_average::model
