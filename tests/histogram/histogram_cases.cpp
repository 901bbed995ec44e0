#include "histogram_cases.hpp"

#include <algorithm>

#include "histogram_contract_cases.hpp"
#include "histogram_samples.hpp"
#include "smemc/generators.hpp"

namespace smemc::histogram::testing {
namespace {

bool takes(const Spec& s, std::int64_t n, int block) { return size_violation(s, n, block).empty(); }
int first_block(const Spec& s) { return s.domain.tested_blocks.front(); }

}  // namespace

std::vector<Binning> binnings_taken(const Spec& s, const Typing& t) {
  std::vector<Binning> taken;
  for (const Binning& b : binnings_of(t.element, s.max_bins)) {
    if (binning_violation(s, t, b).empty()) taken.push_back(b);
  }
  return taken;
}

Binning default_binning_of(const Spec& s, const Typing& t) {
  Binning b = default_binning(t.element);
  b.bins = std::min(b.bins, s.max_bins);
  return b;
}

std::int64_t max_n(const Spec& s, int block, const Workload& w) {
  return largest_taken_within(s.domain, block, w.max_elements_for_block(block));
}

std::int64_t max_drawn_n(const Spec& s, int block, const Workload& w) {
  return largest_taken_within(s.domain, block, w.max_drawn_for_block(block));
}

rc::Gen<std::pair<int, std::int64_t>> size_case(const Spec& s, const Workload& w) {
  return rc::gen::mapcat(gen::one_of(gen::sweep_blocks(s.domain.tested_blocks, w)), [&s, &w](int block) {
    return rc::gen::map(gen::size(max_drawn_n(s, block, w), block), [&s, block](std::int64_t n) {
      return std::pair{block, size_for_check(s.domain, n, block)};
    });
  });
}

std::pair<int, std::int64_t> every_binning_size(const Spec& s, const Workload& w) {
  const auto blocks = s.domain.tested_blocks;
  const int block = blocks.size() > 1 ? blocks[1] : blocks[0];
  return {block, size_for_check(s.domain, w.reduced ? 301 : 3001, block)};
}

std::vector<std::pair<int, std::int64_t>> edge_size_cases(const Spec& s, const Workload& w, Launch launch) {
  std::vector<std::pair<int, std::int64_t>> cases;
  for (int block : gen::sweep_blocks(s.domain.tested_blocks, w)) {
    const std::int64_t limit = max_n(s, block, w);
    // Every edge within the dense range (the data are made and counted on
    // the host) up to a full grid of kMaxBlocks blocks and one sample more,
    // then the grids of kMaxBlocks: a full grid, its first turn (one sample
    // past it) and a second turn with a partial block. Past a full grid a
    // block's edges only add grid-stride turns of the same shape (the wide
    // row's grid reaches its own cap only past 2^19 vectors; below it more
    // samples are more blocks of one shape). The cpu workload swept B = 1
    // and 7 on to 2^16 samples (16 and 3 passes of the grid): 10.6 of the
    // 25.5 s its OpenCL edge_sizes took (docs/results/2026-12-05-g-cpu.md).
    // A port's own row (or one that picks its own block, B = 0) sweeps every
    // edge: its launch is its own.
    const std::int64_t full_grid = kMaxBlocks * block;
    std::int64_t swept = max_drawn_n(s, block, w);
    if (launch == Launch::spec_grid && block > 0) swept = std::min(swept, full_grid + 1);
    std::vector<std::int64_t> sizes = gen::sweep_sizes(swept, block, w);
    for (std::int64_t grid : {full_grid - 1, full_grid, full_grid + 1, 2 * full_grid + 33}) {
      if (grid <= limit && !w.reduced) sizes.push_back(grid);
    }
    std::vector<std::int64_t> done;
    for (std::int64_t n : sizes) {
      n = size_for_check(s.domain, n, block);
      if (!takes(s, n, block) || std::find(done.begin(), done.end(), n) != done.end()) continue;
      done.push_back(n);
      cases.emplace_back(block, n);
    }
  }
  return cases;
}

std::vector<HistogramCase> data_offset_cases(const Spec& s, const Typing& t) {
  const int block = first_block(s);
  const std::int64_t n = size_for_check(s.domain, 1001, block);
  const std::size_t step = data_alignment_of(s, t) / info(t.element).bytes;  // samples
  std::vector<HistogramCase> cases;
  for (std::size_t k : {1, 2, 3, 5}) cases.push_back({n, block, default_binning_of(s, t), k * step});
  return cases;
}

std::vector<HistogramCase> binning_table_cases(const Spec& s, const Typing& t, std::int64_t limit, const Workload& w) {
  const int block = first_block(s);
  const std::int64_t n = size_for_check(s.domain, w.reduced ? 200 : 2000, block);
  std::vector<HistogramCase> cases;
  for (const contract::BinningCase& c : contract::binning_cases()) {
    if (!c.refusal.empty() || !contract::applies(c, t)) continue;
    const Binning b = contract::with_row_limit(c.binning, limit);
    if (b.bins <= limit) cases.push_back({n, block, b});
  }
  return cases;
}

HistogramCase held_case(const Spec& s, const Typing& t) {
  const int block = first_block(s);
  return {size_for_check(s.domain, 10007, block), block, default_binning_of(s, t)};
}

HistogramCase limit_case(const Spec& s) {
  const int block = first_block(s);
  return {largest_taken(s.domain, block), block, kByteValues};
}

std::vector<NamedHistogramCase> check_cases(const Spec& s, const Typing& t, std::int64_t bins_limit, const Workload& w,
                                            Launch launch, int draws_per_property) {
  std::vector<NamedHistogramCase> cases;
  const std::vector<Binning> binnings = binnings_taken(s, t);
  for (const auto& [block, n] : draws(size_case(s, w), draws_per_property)) {
    for (const Binning& b : binnings) cases.push_back({"exact_counts", {n, block, b}});
  }
  {
    const auto [block, n] = every_binning_size(s, w);
    for (const Binning& b : binnings) cases.push_back({"every_binning", {n, block, b}});
  }
  for (const auto& [block, n] : edge_size_cases(s, w, launch))
    cases.push_back({"edge_sizes", {n, block, default_binning_of(s, t)}});
  for (const HistogramCase& c : data_offset_cases(s, t)) cases.push_back({"data_offsets", c});
  for (const HistogramCase& c : binning_table_cases(s, t, bins_limit, w)) cases.push_back({"takes_its_binning_table", c});
  cases.push_back({"launch_is_asynchronous, held_stream_result", held_case(s, t)});
  if (t.element == Scalar::u8 && binning_violation(s, t, kByteValues).empty()) cases.push_back({"large_limit", limit_case(s)});
  return cases;
}

}  // namespace smemc::histogram::testing
