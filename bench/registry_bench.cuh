#pragma once
// The one state generator of the benchmark: every row of a table (a family's
// spec rows joined with the CUDA implementation table, or the references'
// rows) becomes nvbench states, with no code per variant.
//
// An Adapter says how a table is benchmarked; the generator does the rest:
//
//   static constexpr std::string_view benchmark;        nvbench's benchmark name
//   using Row, Point, Problem;
//   static const std::vector<Row>& rows();             launchable rows, in table order
//   static std::string_view name(const Row&);          the `variant` axis value
//   static void add_axes(nvbench::benchmark_base&, Selection);   the axes after `variant`
//   static Point point(const nvbench::state&);         the state's axis values
//   static std::string refusal(const Row&, const Point&);         non-empty: skip, with this reason
//   static Problem problem(const Row&, const Point&, cudaStream_t);  device buffers, filled
//   static void launch(const Row&, const Problem&, cudaStream_t);   one run, enqueued only
//   static Traffic traffic(const Row&, const Point&);  bytes one run moves (the row's own count)
//   static std::int64_t input_bytes(const Point&);     the input's size: the effective traffic
//
// Each state is measured cold only: nvbench flushes L2 before every sample
// (its default, kept), and the batched (hot) measurement, which would time
// back-to-back runs out of a warm L2, is not run (exec_tag::no_batch).
//
// The variants that clobber their input (reduce_by_halving*, reduce_block*)
// and the in-place moving averages are timed without restoring the input
// between runs: each run works on the previous run's output. Their speed
// does not depend on the values: the kernels' control flow depends on n and
// the block size only, and float additions take the same time whatever the
// operands (the sums of positive inputs grow to infinity after a few dozen
// runs of a cascade, which changes nothing but the values).

#include <nvbench/nvbench.cuh>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/spec.hpp"
#include "selection.hpp"

namespace smemc::bench {

// The summary nvbench's markdown and JSON show beside "GlobalMem BW": the
// input's bytes over the mean cold GPU time, the rate a caller sees whatever
// the variant moves. For the halving cascade GlobalMem BW counts about 3x
// the input (every pass re-reads and re-writes), Effective BW the input once.
inline constexpr std::string_view kEffectiveBandwidthTag = "smemc/cold/bw/effective/bytes_per_second";

inline std::optional<double> mean_cold_gpu_time(const nvbench::state& state) {
  for (const auto& summary : state.get_summaries()) {
    if (summary.get_tag() == "nv/cold/time/gpu/mean") return summary.get_float64("value");
  }
  return std::nullopt;  // no cold measurement completed (skipped, or it failed)
}

inline void add_effective_bandwidth(nvbench::state& state, std::int64_t input_bytes) {
  const std::optional<double> seconds = mean_cold_gpu_time(state);
  if (!seconds || *seconds <= 0.0) return;
  auto& summary = state.add_summary(std::string(kEffectiveBandwidthTag));
  summary.set_string("name", "Effective BW");
  summary.set_string("hint", "byte_rate");
  summary.set_string("description", "Input bytes per second of mean GPU time (GlobalMem BW counts every byte the variant moves)");
  summary.set_float64("value", static_cast<double>(input_bytes) / *seconds);
}

template <typename Adapter>
struct RegistryBench {
  void operator()(nvbench::state& state, nvbench::type_list<>) const {
    const std::string& variant = state.get_string("variant");
    const auto& rows = Adapter::rows();
    const auto row = std::find_if(rows.begin(), rows.end(), [&](const auto& r) { return Adapter::name(r) == variant; });
    if (row == rows.end()) {
      state.skip("no " + std::string(Adapter::benchmark) + " variant named '" + variant + "'");
      return;
    }
    const auto point = Adapter::point(state);
    if (const std::string why = Adapter::refusal(*row, point); !why.empty()) {
      state.skip(why);
      return;
    }

    const cudaStream_t stream = state.get_cuda_stream().get_stream();
    const auto problem = Adapter::problem(*row, point, stream);

    const Traffic traffic = Adapter::traffic(*row, point);
    state.add_global_memory_reads(static_cast<std::size_t>(traffic.bytes_read), "Read");
    state.add_global_memory_writes(static_cast<std::size_t>(traffic.bytes_written), "Written");

    state.exec(nvbench::exec_tag::gpu | nvbench::exec_tag::no_batch,
               [&](nvbench::launch& launch) { Adapter::launch(*row, problem, launch.get_stream().get_stream()); });

    add_effective_bandwidth(state, Adapter::input_bytes(point));
  }
};

// Registers the benchmark of one table. Called from main, before nvbench
// initialises: the spec rows are dynamically initialised statics of other
// translation units, so they are read only once main has started, never
// from a static registration (NVBENCH_BENCH) that may run before them.
template <typename Adapter>
void register_benchmark(Selection selection) {
  std::vector<std::string> variants;
  for (const auto& row : Adapter::rows()) variants.emplace_back(Adapter::name(row));
  auto& bench = nvbench::benchmark_manager::get().add(std::make_unique<nvbench::benchmark<RegistryBench<Adapter>>>());
  bench.set_name(std::string(Adapter::benchmark));
  bench.add_string_axis("variant", std::move(variants));
  Adapter::add_axes(bench, selection);
}

// A family whose adapter file defines more than one table names them all:
// `using Benchmark = Benchmarks<A, B>;` (families.cu registers each).
template <typename... Adapters>
struct Benchmarks {};

template <typename Adapter>
struct Registrar {
  static void run(Selection selection) { register_benchmark<Adapter>(selection); }
};
template <typename... Adapters>
struct Registrar<Benchmarks<Adapters...>> {
  static void run(Selection selection) { (register_benchmark<Adapters>(selection), ...); }
};
// Registers a family's table, or each of its tables.
template <typename AdapterOrList>
void register_benchmarks(Selection selection) {
  Registrar<AdapterOrList>::run(selection);
}

// The union of the rows' selected blocks, ascending: the `block` axis of a
// family whose rows test different block sizes (states of a row at a block
// it does not test are skipped, see tested_block_refusal).
template <typename Rows, typename TestedBlocks>
std::vector<std::int64_t> block_axis(const Rows& rows, TestedBlocks tested_blocks_of, Selection selection) {
  std::vector<std::int64_t> blocks;
  for (const auto& row : rows) {
    for (const std::int64_t b : selected_blocks(tested_blocks_of(row), selection)) blocks.push_back(b);
  }
  std::sort(blocks.begin(), blocks.end());
  blocks.erase(std::unique(blocks.begin(), blocks.end()), blocks.end());
  return blocks;
}

// Empty when the row claims `block` (one of its tested blocks), else why
// the state is skipped.
inline std::string tested_block_refusal(std::string_view variant, std::span<const int> tested_blocks, std::int64_t block) {
  if (std::find(tested_blocks.begin(), tested_blocks.end(), block) != tested_blocks.end()) return {};
  std::string tested;
  for (const int b : tested_blocks) tested += (tested.empty() ? "" : ", ") + std::to_string(b);
  return "block = " + std::to_string(block) + " is not one of the blocks " + std::string(variant) + " claims (" + tested + ")";
}

}  // namespace smemc::bench
