// The kernel families as benchmark tables: each family's spec rows joined
// with its CUDA implementation table. A new spec row (with its CUDA table
// line) is a new value of the family's `variant` axis, with no code here:
// its sizes, block sizes, workspace and bytes all come from the row.
//
// What differs between the families is only how a state becomes the row's
// Args: the 1-D families (reduce, moving_average) take (n, block) and the
// row's workspace; the transposes take a side x side matrix.
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
#include "device_buffer.hpp"
#include "moving_average/spec.hpp"
#include "reduce/spec.hpp"
#include "registry_bench.cuh"
#include "transpose/spec.hpp"

namespace smemc::bench {
namespace {

// Any fixed seed: the values do not change the kernels' speed.
constexpr std::uint64_t kInputSeed = 0x5eed2026;

// The rows of a join that this backend launches, in spec order (a row with
// launch = nullptr has nothing to time).
template <typename Spec, typename Args>
std::vector<Joined<Spec, Args>> launchable(std::span<const Spec> specs, std::span<const Implementation<Spec, Args>> table) {
  std::vector<Joined<Spec, Args>> rows;
  for (const auto& row : join(specs, table)) {
    if (row.not_implemented().empty()) rows.push_back(row);
  }
  return rows;
}

std::string unsupported_here(std::string_view variant, const std::string& why) {
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

struct ReduceFamily {
  using Spec = reduce::Spec;
  using Args = reduce::Args;
  static constexpr std::string_view benchmark = "reduce";
  static constexpr std::size_t out_bytes = sizeof(float);  // out[0], the sum
  static std::span<const Spec> specs() { return reduce::specs(); }
  static std::span<const Implementation<Spec, Args>> table() { return reduce::implementations(); }
  static std::string size_violation(const Spec& s, std::int64_t n, int block) { return reduce::size_violation(s, n, block); }
  static Args args(const VectorBuffers& b, std::int64_t n, int block) {
    return {.n = n, .data = b.data.address(), .out = b.out.address(), .workspace = b.workspace.address(), .block = block};
  }
};

struct MovingAverageFamily {
  using Spec = moving_average::Spec;
  using Args = moving_average::Args;
  static constexpr std::string_view benchmark = "moving_average";
  static constexpr std::size_t out_bytes = 0;  // in place
  static std::span<const Spec> specs() { return moving_average::specs(); }
  static std::span<const Implementation<Spec, Args>> table() { return moving_average::implementations(); }
  static std::string size_violation(const Spec& s, std::int64_t n, int block) {
    return moving_average::size_violation(s, n, block);
  }
  static Args args(const VectorBuffers& b, std::int64_t n, int block) {
    return {.n = n, .data = b.data.address(), .workspace = b.workspace.address(), .block = block};
  }
};

template <typename Family>
struct VectorAdapter {
  using Row = Joined<typename Family::Spec, typename Family::Args>;
  struct Point {
    std::int64_t n = 0;
    std::int64_t block = 0;
  };
  struct Problem {
    VectorBuffers buffers;
    typename Family::Args args;
  };
  static constexpr std::string_view benchmark = Family::benchmark;

  static const std::vector<Row>& rows() {
    static const std::vector<Row> all = launchable(Family::specs(), Family::table());
    return all;
  }
  static std::string_view name(const Row& row) { return row.name(); }
  static std::span<const int> tested_blocks(const Row& row) { return row.spec->domain.tested_blocks; }

  static void add_axes(nvbench::benchmark_base& bench, Selection selection) {
    bench.add_int64_power_of_two_axis("n", n_exponents(selection));
    bench.add_int64_axis("block", block_axis(rows(), &tested_blocks, selection));
  }
  static Point point(const nvbench::state& state) { return {state.get_int64("n"), state.get_int64("block")}; }

  // Checked in this order, so that the block is known to be a tested one
  // (an int) before the domain sees it.
  static std::string refusal(const Row& row, const Point& p) {
    if (std::string why = tested_block_refusal(row.name(), tested_blocks(row), p.block); !why.empty()) return why;
    if (std::string why = Family::size_violation(*row.spec, p.n, static_cast<int>(p.block)); !why.empty()) {
      return std::string(row.name()) + ": " + why;
    }
    return unsupported_here(row.name(), row.unsupported_on_device());
  }

  static Problem problem(const Row& row, const Point& p, cudaStream_t stream) {
    const int block = static_cast<int>(p.block);
    Problem problem{{random_floats(p.n, kInputSeed, stream), DeviceBuffer(Family::out_bytes),
                     DeviceBuffer(row.spec->workspace_bytes(p.n, block))},
                    {}};
    problem.args = Family::args(problem.buffers, p.n, block);
    return problem;
  }
  static void launch(const Row& row, const Problem& problem, cudaStream_t stream) { row.launch(problem.args, Stream{stream}); }
  static Traffic traffic(const Row& row, const Point& p) { return row.spec->traffic(p.n, static_cast<int>(p.block)); }
  static std::int64_t input_bytes(const Point& p) { return p.n * std::int64_t{sizeof(float)}; }
};

// --- the transposes: states side x side --------------------------------------

// Every transpose gets a square matrix: the square-only rows (the text's
// transpose(int n, ...)) take nothing else, and one shape for all keeps
// the rows comparable.
struct TransposeAdapter {
  using Row = transpose::Variant;
  struct Point {
    std::int64_t side = 0;
  };
  struct Problem {
    DeviceBuffer in;
    DeviceBuffer out;
    transpose::Args args;
  };
  static constexpr std::string_view benchmark = "transpose";

  static const std::vector<Row>& rows() {
    static const std::vector<Row> all = launchable(transpose::specs(), transpose::implementations());
    return all;
  }
  static std::string_view name(const Row& row) { return row.name(); }
  static void add_axes(nvbench::benchmark_base& bench, Selection selection) {
    bench.add_int64_axis("side", matrix_sides(selection));
  }
  static Point point(const nvbench::state& state) { return {state.get_int64("side")}; }
  static std::string refusal(const Row& row, const Point& p) {
    if (std::string why = transpose::shape_violation(*row.spec, p.side, p.side); !why.empty()) {
      return std::string(row.name()) + ": " + why;
    }
    return unsupported_here(row.name(), row.unsupported_on_device());
  }
  static Problem problem(const Row&, const Point& p, cudaStream_t stream) {
    const std::int64_t elements = p.side * p.side;
    Problem problem{
        random_floats(elements, kInputSeed, stream), DeviceBuffer(static_cast<std::size_t>(elements) * sizeof(float)), {}};
    problem.args = {.rows = p.side, .cols = p.side, .in = problem.in.address(), .out = problem.out.address()};
    return problem;
  }
  static void launch(const Row& row, const Problem& problem, cudaStream_t stream) { row.launch(problem.args, Stream{stream}); }
  static Traffic traffic(const Row& row, const Point& p) { return row.spec->traffic(p.side, p.side); }
  static std::int64_t input_bytes(const Point& p) { return p.side * p.side * std::int64_t{sizeof(float)}; }
};

}  // namespace

void register_families(Selection selection) {
  register_benchmark<VectorAdapter<ReduceFamily>>(selection);
  register_benchmark<TransposeAdapter>(selection);
  register_benchmark<VectorAdapter<MovingAverageFamily>>(selection);
}

}  // namespace smemc::bench
