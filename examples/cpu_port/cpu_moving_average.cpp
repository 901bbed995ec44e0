// The moving-average family on the CPU port: none of the spec's rows is
// ported (they are GPU block shapes, the reductions show how a port follows
// them), and one row of this port's own, cpu_tiled_scan_mean, of the
// deterministic class: the order of its additions is a fixed function of
// (n, B), but the row does not state it, so the checks hold it to the same
// bits run to run and across streams, and each prefix to the bound of the
// worst-case depth, i. Typed: float, double, and half averaged in float
// (stored rounded to half), each prefix held to its typing's bound.
//
// The scan: tiles of B elements. Pass 1 (tiles in parallel) sums each tile
// left to right; pass 2 scans the tile sums into carries; pass 3 (tiles in
// parallel) runs each tile's prefix sums from its carry and divides by
// i + 1, in place. Its scratch (the carries) is a host vector the launch
// allocates itself: a managed workspace.
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <type_traits>
#include <vector>

#include "common/preconditions.hpp"
#include "cpu_device.hpp"
#include "cpu_rows.hpp"
#include "moving_average/spec.hpp"

namespace smemc::moving_average {
namespace {

using cpu_port::host_pointer;
using cpu_port::queue_of;
using cpu_port::run_grid;

Traffic two_passes(std::int64_t n, int, const Typing& t) {
  const auto e = static_cast<std::int64_t>(info(t.element).bytes);
  return {2 * e * n, e * n};
}

constexpr Typing kScanTypings[] = {kF32, {Scalar::f64, Scalar::f64, Scalar::f64}, {Scalar::f16, Scalar::f32, Scalar::f16}};

const Spec kTiledScanMean = {
    .doc = {.name = "cpu_tiled_scan_mean",
            .idea = "tiles of B elements: tile sums in parallel, the sums scanned into carries, each tile's running "
                    "sums from its carry divided by i + 1, in place",
            .cost = "two reads of the input, one write; the order is fixed by (n, B) but not stated"},
    .typings = kScanTypings,
    .error_model = "the worst case: prefix i as a chain of i additions",
    .determinism = Determinism::deterministic,
    .domain = cpu_port::own_row_domain("the port's 64-bit indices, kept far from overflow"),
    .workspace_bytes = &no_workspace,
    .managed_workspace = "⌈n/B⌉ tile carries in a host vector, allocated by each launch",
    .traffic = &two_passes,
    .contract_cases = cpu_port::kOwnRowContract,
};

// Elements E (in place), sums and means in A, each mean stored as E.
template <typename E, typename A>
void tiled_scan_mean(std::int64_t n, E* data, int tile) {
  const std::int64_t tiles = ceil_div(n, tile);
  std::vector<A> carries(static_cast<std::size_t>(tiles));
  run_grid(tiles, std::max<std::int64_t>(1, 8192 / tile), [&](std::int64_t t) {
    A sum = 0;
    for (std::int64_t i = t * tile; i < std::min(n, (t + 1) * tile); ++i) sum = sum + static_cast<A>(to_double(data[i]));
    carries[static_cast<std::size_t>(t)] = sum;
  });
  A running = 0;  // exclusive scan of the tile sums
  for (A& c : carries) {
    const A sum = c;
    c = running;
    running = running + sum;
  }
  run_grid(tiles, std::max<std::int64_t>(1, 8192 / tile), [&](std::int64_t t) {
    A sum = carries[static_cast<std::size_t>(t)];
    for (std::int64_t i = t * tile; i < std::min(n, (t + 1) * tile); ++i) {
      sum = sum + static_cast<A>(to_double(data[i]));
      const A mean = sum / static_cast<A>(i + 1);
      if constexpr (std::is_same_v<E, Half>) {
        data[i] = half_from(static_cast<float>(mean));
      } else {
        data[i] = static_cast<E>(mean);
      }
    }
  });
}

void launch_tiled_scan_mean(const Args& a, Stream stream) {
  if (!validate(kTiledScanMean, a)) return;
  auto enqueue = [&]<typename E, typename A>() {
    queue_of(stream).enqueue([n = a.n, data = host_pointer<E>(a.data), tile = a.block] { tiled_scan_mean<E, A>(n, data, tile); });
  };
  if (a.typing == kScanTypings[0]) return enqueue.template operator()<float, float>();
  if (a.typing == kScanTypings[1]) return enqueue.template operator()<double, double>();
  enqueue.template operator()<Half, float>();  // validate() admits no other
}

constexpr std::string_view kNotPorted =
    "not ported: this port's moving average is its own row (cpu_tiled_scan_mean); the spec's rows are GPU block shapes";

const Entry kTable[] = {
    {.name = "moving_average_seed", .not_implemented = kNotPorted, .declined = Decline::port_rows_instead},
    {.name = "moving_average_block", .not_implemented = kNotPorted, .declined = Decline::port_rows_instead},
    {.name = "moving_average_scan", .not_implemented = kNotPorted, .declined = Decline::port_rows_instead},
    {.name = "moving_average_lookback", .not_implemented = kNotPorted, .declined = Decline::port_rows_instead},
    {.launch = &launch_tiled_scan_mean, .port_row = &kTiledScanMean},
};

// This port's conformance profile: its own row stands for the family.
const Allowance kAllowances[] = {
    {"moving_average_seed", Decline::port_rows_instead},
    {"moving_average_block", Decline::port_rows_instead},
    {"moving_average_scan", Decline::port_rows_instead},
    {"moving_average_lookback", Decline::port_rows_instead},
};

}  // namespace

std::span<const Entry> implementations() { return kTable; }
std::span<const Allowance> allowances() { return kAllowances; }

}  // namespace smemc::moving_average
