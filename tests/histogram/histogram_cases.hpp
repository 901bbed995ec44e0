#pragma once
// The cases the histogram checks run (test_histogram.cpp), as functions of
// the row as the backend runs it (its narrowed domain, its bin limit, its
// data alignment) and the workload, so that the domain self-test
// (HistogramSpec.every_check_case_is_in_the_domain) asks each of them for
// the spec's rows narrowed at each bound, with no device.

#include <rapidcheck.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "histogram/spec.hpp"
#include "smemc/cases.hpp"
#include "smemc/workload.hpp"

namespace smemc::histogram::testing {

// One launch of a check: size, block, binning and the data's offset in
// samples past its buffer's placement.
struct HistogramCase {
  std::int64_t n = 0;
  int block = 0;
  Binning binning;
  std::size_t data_offset = 0;
};

// The binnings of histogram_samples.hpp the row takes.
std::vector<Binning> binnings_taken(const Spec& s, const Typing& t);
// The binning of the single-binning checks: default_binning() of the
// sample type, its bins cut to the row's most.
Binning default_binning_of(const Spec& s, const Typing& t);
// The largest n the checks run with this block: the row's, capped by the
// workload (for this block: Workload::max_elements_for_block), fitted to
// the domain.
std::int64_t max_n(const Spec& s, int block, const Workload& w);
// The largest n exact_counts draws with this block: max_n, at most the
// workload's dense_elements.
std::int64_t max_drawn_n(const Spec& s, int block, const Workload& w);

// exact_counts: a block the row sweeps and an n it takes with it.
rc::Gen<std::pair<int, std::int64_t>> size_case(const Spec& s, const Workload& w);
// every_binning: about 3001 (the tool runs: 301) with the second block.
std::pair<int, std::int64_t> every_binning_size(const Spec& s, const Workload& w);
// Whose launch a row's sizes are swept for: the spec's grid (a spec row,
// on any backend: ⌈n/B⌉ blocks capped at kMaxBlocks, or the wide row's
// wide_blocks), or a port's own row (its launch is its own).
enum class Launch { spec_grid, own };
template <typename Variant>
Launch launch_of(const Variant& v) {
  return v.port_defined() ? Launch::own : Launch::spec_grid;
}
// edge_sizes: (block, n) for every edge size, and sizes about one and two
// full grids (kMaxBlocks·B ± 1 and 2·kMaxBlocks·B + 33), that the row
// takes; for the spec's grid (B > 0) the edges stop at one full grid and
// one sample more.
std::vector<std::pair<int, std::int64_t>> edge_size_cases(const Spec& s, const Workload& w, Launch launch);
// data_offsets: about 1001 samples at four offsets, each a multiple of the
// row's alignment in samples.
std::vector<HistogramCase> data_offset_cases(const Spec& s, const Typing& t);
// takes_its_binning_table: about 2000 (the tool runs: 200) samples, each
// accepted binning of the fixed table (histogram_contract_cases.hpp) that
// applies to the typing, with `limit` (the row's bin limit in that table)
// put in; a fixed case of more bins than the limit (a port row that takes
// fewer than 256) is left out.
std::vector<HistogramCase> binning_table_cases(const Spec& s, const Typing& t, std::int64_t limit, const Workload& w);
// launch_is_asynchronous, held_stream_result: about 10007 samples.
HistogramCase held_case(const Spec& s, const Typing& t);
// large_limit: the largest n with the first block, one bin a byte value
// (byte samples only; a row that takes fewer than 256 bins is skipped).
HistogramCase limit_case(const Spec& s);

// Every case the checks above run for the row (the property's generator
// drawn `draws_per_property` times), named by check.
struct NamedHistogramCase {
  std::string check;
  HistogramCase c;
};
std::vector<NamedHistogramCase> check_cases(const Spec& s, const Typing& t, std::int64_t bins_limit, const Workload& w,
                                            Launch launch, int draws_per_property);

}  // namespace smemc::histogram::testing
