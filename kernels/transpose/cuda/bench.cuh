#pragma once
// The transpose family as a benchmark table (bench/registry_bench.cuh): its spec
// rows joined with its CUDA implementation table, one state per (variant,
// side). Registered by bench/families.cu.

#include "family_adapters.cuh"
#include "transpose/spec.hpp"

namespace smemc::transpose {

// Every transpose gets a square matrix: the square-only rows (the text's
// transpose(int n, ...)) take nothing else, and one shape for all keeps
// the rows comparable.
struct Benchmark {
  using Row = Variant;
  struct Point {
    std::int64_t side = 0;
  };
  struct Problem {
    bench::DeviceBuffer in;
    bench::DeviceBuffer out;
    Args args;
  };
  static constexpr std::string_view benchmark = "transpose";

  static const std::vector<Row>& rows() {
    static const std::vector<Row> all = bench::launchable(specs(), implementations());
    return all;
  }
  static std::string_view name(const Row& row) { return row.name(); }
  static void add_axes(nvbench::benchmark_base& bench, bench::Selection selection) {
    bench.add_int64_axis("side", bench::matrix_sides(selection));
  }
  static Point point(const nvbench::state& state) { return {state.get_int64("side")}; }
  static std::string refusal(const Row& row, const Point& p) {
    if (std::string why = shape_violation(*row.spec, p.side, p.side); !why.empty()) {
      return std::string(row.name()) + ": " + why;
    }
    return bench::unsupported_here(row.name(), row.unsupported_on_device());
  }
  static Problem problem(const Row&, const Point& p, cudaStream_t stream) {
    const std::int64_t elements = p.side * p.side;
    Problem problem{bench::random_floats(elements, bench::kInputSeed, stream),
                    bench::DeviceBuffer(static_cast<std::size_t>(elements) * sizeof(float)),
                    {}};
    problem.args = {.rows = p.side, .cols = p.side, .in = problem.in.address(), .out = problem.out.address()};
    return problem;
  }
  static void launch(const Row& row, const Problem& problem, cudaStream_t stream) { row.launch(problem.args, Stream{stream}); }
  static Traffic traffic(const Row& row, const Point& p) { return row.spec->traffic(p.side, p.side, row.typing); }
  static std::int64_t input_bytes(const Point& p) { return p.side * p.side * std::int64_t{sizeof(float)}; }
};

}  // namespace smemc::transpose
