#pragma once
// The histogram family as benchmark tables (bench/registry_bench.cuh): its
// spec rows joined with its CUDA implementation table. `histogram`: one
// state per (variant, n, block, data), n bytes of a kind counted into one
// bin per byte value. `histogram_typed`: one per (variant, sample, n,
// block), the rows in every other sample type (bench/typed_samples.hpp).
// Registered by bench/families.cu.
//
// Random bytes (uniform and independent: bench::random_bytes) spread the
// counts over all 256 bins: the privatised rows' friendliest case. The
// `data` axis adds the conformance checks' colliding kinds (one bin, one
// bank, a lane stride: bench::ByteKind), where the atomics serialise or a
// kernel can count runs at once. Until 2026-12-02 the samples were the bytes of the
// benchmark's floats in [1, 2), a quarter of them 0x3f and another quarter
// in [0x80, 0x100): figures before then are on that skewed data.
// CUB's HistogramEven and a memcpy of the same n bytes are timed in the
// same run (bench/references.cu, reference_bytes).

#include <algorithm>

#include "family_adapters.cuh"
#include "histogram/spec.hpp"
#include "typed_samples.hpp"

namespace smemc::histogram {

struct BenchFamily {
  using Spec = histogram::Spec;
  using Args = histogram::Args;
  static constexpr std::string_view benchmark = "histogram";
  static constexpr Typing bench_typing = kTypings[0];                                 // bytes
  static constexpr std::size_t element_bytes = 1;                                     // n random bytes
  static constexpr std::size_t out_bytes = kByteValues.bins * sizeof(std::uint32_t);  // the bins
  static std::span<const Spec> specs() { return histogram::specs(); }
  static std::span<const Implementation<Spec, Args>> table() { return histogram::implementations(); }
  static std::string size_violation(const Spec& s, std::int64_t n, int block) { return histogram::size_violation(s, n, block); }
  static std::size_t workspace_bytes(const Spec&, std::int64_t, int) { return 0; }  // none
  static Traffic traffic(const Spec& s, std::int64_t n, int block) { return s.traffic(n, block, bench_typing, kByteValues.bins); }
  // The `data` axis: spread bytes, and the colliding kinds of the
  // conformance checks (bench::ByteKind says what each is).
  static std::span<const std::string> data_kinds() { return bench::byte_kinds(); }
  static bench::DeviceBuffer input(std::int64_t n, std::string_view data, cudaStream_t stream) {
    return bench::random_bytes(n, bench::kInputSeed, stream, bench::byte_kind_named(data));
  }
  static Args args(const bench::VectorBuffers& b, std::int64_t n, int block) {
    return {.n = n,
            .data = b.data.address(),
            .bins = b.out.address(),
            .block = block,
            .binning = kByteValues,
            .typing = bench_typing};
  }
};
// The rows in the other sample types (issue 24: the typed rows measured as
// the bytes are): the `variant` axis names the spec row, the `sample` axis
// its typing; n random samples of the type into the type's bins
// (bench/typed_samples.hpp), CUB's HistogramEven on the same samples and
// bins beside them (reference_samples). Spread samples only: the colliding
// kinds are the byte benchmark's.
struct TypedBenchmark {
  using Joined = histogram::Variant;
  struct Row {
    std::string_view name;      // the spec row
    std::vector<Joined> typed;  // its launchable typings but the bytes, in kTypings' order
  };
  struct Point {
    std::int64_t n = 0;
    std::int64_t block = 0;
    std::string sample;
  };
  struct Problem {
    const Joined* row = nullptr;
    bench::DeviceBuffer data, bins, workspace;
    Args args;
  };
  static constexpr std::string_view benchmark = "histogram_typed";

  static const std::vector<Row>& rows() {
    static const std::vector<Row> all = [] {
      std::vector<Row> rows;
      for (const Spec& s : histogram::specs()) {
        Row row{s.doc.name, {}};
        for (const Typing& t : s.typings) {
          if (t == BenchFamily::bench_typing) continue;
          for (const Joined& j : bench::launchable(histogram::specs(), histogram::implementations(), t)) {
            if (j.name() == s.doc.name) row.typed.push_back(j);
          }
        }
        if (!row.typed.empty()) rows.push_back(std::move(row));
      }
      return rows;
    }();
    return all;
  }
  static std::string_view name(const Row& row) { return row.name; }
  static const Joined* typed(const Row& row, std::string_view sample) {
    const Scalar element = bench::typed_sample_named(sample);
    const auto it =
        std::find_if(row.typed.begin(), row.typed.end(), [&](const Joined& j) { return j.typing.element == element; });
    return it == row.typed.end() ? nullptr : &*it;
  }
  static std::span<const int> tested_blocks(const Row& row) { return row.typed.front().spec->domain.tested_blocks; }

  static void add_axes(nvbench::benchmark_base& bench, bench::Selection selection) {
    const auto samples = bench::typed_sample_names();
    bench.add_string_axis("sample", std::vector<std::string>(samples.begin(), samples.end()));
    bench.add_int64_power_of_two_axis("n", bench::n_exponents(selection));
    bench.add_int64_axis("block", bench::block_axis(rows(), &tested_blocks, selection));
  }
  static Point point(const nvbench::state& state) {
    return {state.get_int64("n"), state.get_int64("block"), state.get_string("sample")};
  }
  static std::string refusal(const Row& row, const Point& p) {
    const Joined* j = typed(row, p.sample);
    if (j == nullptr) return std::string(row.name) + " does not launch " + p.sample + " samples on CUDA";
    if (std::string why = bench::tested_block_refusal(row.name, tested_blocks(row), p.block); !why.empty()) return why;
    if (std::string why = histogram::size_violation(*j->spec, p.n, static_cast<int>(p.block)); !why.empty()) {
      return j->typed_name() + ": " + why;
    }
    const Binning binning = bench::typed_sample_binning(j->typing.element);
    if (std::string why = binning_violation(*j->spec, j->typing, binning); !why.empty()) return j->typed_name() + ": " + why;
    return bench::unsupported_here(j->typed_name(), j->unsupported_on_device());
  }
  static Problem problem(const Row& row, const Point& p, cudaStream_t stream) {
    const Joined* j = typed(row, p.sample);
    const int block = static_cast<int>(p.block);
    const Binning binning = bench::typed_sample_binning(j->typing.element);
    Problem problem{j,
                    bench::random_samples(j->typing.element, p.n, bench::kInputSeed, stream),
                    bench::DeviceBuffer(static_cast<std::size_t>(binning.bins) * sizeof(std::uint32_t)),
                    bench::DeviceBuffer(workspace_of(*j->spec, p.n, block, j->typing, binning.bins)),
                    {}};
    problem.args = {.n = p.n,
                    .data = problem.data.address(),
                    .bins = problem.bins.address(),
                    .workspace = problem.workspace.address(),
                    .block = block,
                    .binning = binning,
                    .typing = j->typing};
    return problem;
  }
  static void launch(const Row&, const Problem& problem, cudaStream_t stream) {
    problem.row->launch(problem.args, Stream{stream});
  }
  static Traffic traffic(const Row& row, const Point& p) {
    const Joined* j = typed(row, p.sample);
    return j->spec->traffic(p.n, static_cast<int>(p.block), j->typing, bench::typed_sample_binning(j->typing.element).bins);
  }
  static std::int64_t input_bytes(const Point& p) {
    return p.n * static_cast<std::int64_t>(info(bench::typed_sample_named(p.sample)).bytes);
  }
};

using Benchmark = bench::Benchmarks<bench::VectorAdapter<BenchFamily>, TypedBenchmark>;

}  // namespace smemc::histogram
