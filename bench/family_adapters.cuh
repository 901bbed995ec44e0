#pragma once
// What the families' benchmark adapters share (registry_bench.cuh says what
// an adapter is): the launchable rows of a join, and the adapter of the
// 1-D families, whose states are (n, block). Each family's own adapter is
// kernels/<family>/cuda/bench.cuh (smemc::<family>::Benchmark), registered
// by families.cu for every family of SMEMC_FAMILIES.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "benchmarks.hpp"
#include "common/cuda/interop.hpp"
#include "common/implementation.hpp"
#include "common/preconditions.hpp"
#include "device_buffer.hpp"
#include "registry_bench.cuh"

namespace smemc::bench {

// Any fixed seed: the values do not change the kernels' speed.
inline constexpr std::uint64_t kInputSeed = 0x5eed2026;  // references.cu's too: one input per size

// The rows of a join that this backend launches, in spec order (a row with
// launch = nullptr has nothing to time), in one typing: float for the
// families whose texts are in float (the benchmark's figures are the
// texts'), bytes for the histograms (a family's bench_typing); the other
// typings' speed is not measured here yet.
template <typename Spec, typename Args>
std::vector<Joined<Spec, Args>> launchable(std::span<const Spec> specs, std::span<const Implementation<Spec, Args>> table,
                                           const Typing& typing = kF32) {
  std::vector<Joined<Spec, Args>> rows;
  for (const auto& row : join(specs, table, std::span<const Allowance>())) {
    if (row.not_implemented().empty() && row.typing == typing) rows.push_back(row);
  }
  return rows;
}

// A family's benchmark typing: its bench_typing where it states one, else float.
template <typename Family>
constexpr Typing bench_typing() {
  if constexpr (requires { Family::bench_typing; }) {
    return Family::bench_typing;
  } else {
    return kF32;
  }
}

inline std::string unsupported_here(std::string_view variant, const std::string& why) {
  return why.empty() ? why : std::string(variant) + " does not run on this device: " + why;
}

// --- the 1-D families: states (n, block) ---------------------------------------

// A 1-D state's device memory: n random floats, the result (reductions
// only) and the row's workspace (absent when the row needs none).
struct VectorBuffers {
  DeviceBuffer data;
  DeviceBuffer out;
  DeviceBuffer workspace;
};

template <typename Family>
struct VectorAdapter {
  using Row = Joined<typename Family::Spec, typename Family::Args>;
  struct Point {
    std::int64_t n = 0;
    std::int64_t block = 0;
    std::string data;  // the `data` axis's value, for a family with data kinds (Family::data_kinds)
  };
  static constexpr bool kHasDataKinds = requires { Family::data_kinds(); };
  struct Problem {
    VectorBuffers buffers;
    typename Family::Args args;
  };
  static constexpr std::string_view benchmark = Family::benchmark;

  static const std::vector<Row>& rows() {
    static const std::vector<Row> all = launchable(Family::specs(), Family::table(), bench_typing<Family>());
    return all;
  }
  static std::string_view name(const Row& row) { return row.name(); }
  static std::span<const int> tested_blocks(const Row& row) { return row.spec->domain.tested_blocks; }

  static void add_axes(nvbench::benchmark_base& bench, Selection selection) {
    bench.add_int64_power_of_two_axis("n", n_exponents(selection));
    bench.add_int64_axis("block", block_axis(rows(), &tested_blocks, selection));
    if constexpr (kHasDataKinds) {
      const auto kinds = Family::data_kinds();
      bench.add_string_axis("data", std::vector<std::string>(kinds.begin(), kinds.end()));
    }
  }
  static Point point(const nvbench::state& state) {
    Point p{state.get_int64("n"), state.get_int64("block"), {}};
    if constexpr (kHasDataKinds) p.data = state.get_string("data");
    return p;
  }

  // Checked in this order, so that the block is known to be a tested one
  // (an int) before the domain sees it.
  static std::string refusal(const Row& row, const Point& p) {
    if (std::string why = tested_block_refusal(row.name(), tested_blocks(row), p.block); !why.empty()) return why;
    if (std::string why = Family::size_violation(*row.spec, p.n, static_cast<int>(p.block)); !why.empty()) {
      return std::string(row.name()) + ": " + why;
    }
    return unsupported_here(row.name(), row.unsupported_on_device());
  }

  // The family's own data where it names them (Family::input, of the
  // state's data kind where it has them), else random floats in [1, 2)
  // over the input's bytes.
  static DeviceBuffer input(const Point& p, cudaStream_t stream) {
    if constexpr (kHasDataKinds) {
      return Family::input(p.n, p.data, stream);
    } else if constexpr (requires { Family::input(p.n, stream); }) {
      return Family::input(p.n, stream);
    } else {
      return random_floats(ceil_div(p.n * std::int64_t{Family::element_bytes}, 4), kInputSeed, stream);
    }
  }
  static Problem problem(const Row& row, const Point& p, cudaStream_t stream) {
    const int block = static_cast<int>(p.block);
    Problem problem{
        {input(p, stream), DeviceBuffer(Family::out_bytes), DeviceBuffer(Family::workspace_bytes(*row.spec, p.n, block))}, {}};
    problem.args = Family::args(problem.buffers, p.n, block);
    return problem;
  }
  static void launch(const Row& row, const Problem& problem, cudaStream_t stream) { row.launch(problem.args, Stream{stream}); }
  static Traffic traffic(const Row& row, const Point& p) {
    if constexpr (requires { Family::traffic(*row.spec, p.n, 0); }) {
      return Family::traffic(*row.spec, p.n, static_cast<int>(p.block));  // a family whose traffic takes more than (n, B, typing)
    } else {
      return row.spec->traffic(p.n, static_cast<int>(p.block), row.typing);
    }
  }
  static std::int64_t input_bytes(const Point& p) { return p.n * std::int64_t{Family::element_bytes}; }
};

}  // namespace smemc::bench
