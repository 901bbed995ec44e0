#include "moving_average_cases.hpp"

#include <algorithm>

#include "moving_average/host_models.hpp"
#include "smemc/generators.hpp"

namespace smemc::moving_average::testing {
namespace {

bool takes(const Spec& s, std::int64_t n, int block) { return violation(s.domain, n, block).empty(); }

// A workload's cap on blocks counts the row's tiles (Spec::items_per_thread).
std::int64_t tile_of(const Spec& s, int block) { return edge_block(block) * std::int64_t{s.items_per_thread}; }

}  // namespace

// A tool run's cap (Workload::max_blocks) still takes two tiles and one
// more element: the look-back's tile (24B) can exceed the cap's 2^12.
std::int64_t max_n(const Spec& s, int block, const Workload& w) {
  const std::int64_t tile = tile_of(s, block);
  return largest_taken_within(s.domain, block, std::max(w.max_elements_for_block(tile), 2 * tile + 1));
}

std::int64_t max_drawn_n(const Spec& s, int block, const Workload& w) {
  return largest_taken_within(s.domain, block, w.max_drawn_for_block(tile_of(s, block)));
}

rc::Gen<SizedCase> case_for(const Spec& s, std::span<const DataKind> kinds, const Workload& w) {
  return sized_case(
      s.domain.tested_blocks,
      [&s, &w](int block) {
        return rc::gen::map(gen::size(max_drawn_n(s, block, w), edge_block(block)),
                            [&s, block](std::int64_t n) { return size_for_check(s.domain, n, block); });
      },
      kinds);
}

std::int64_t overflow_edge_size(const Spec& s, int block) {
  const std::int64_t limit = largest_taken(s.domain, block);
  return limit <= (std::int64_t{1} << 25) ? limit : size_for_check(s.domain, std::min(limit, (std::int64_t{1} << 20) + 3), block);
}

std::int64_t stream_size(const Spec& s, int block, const Workload& w) {
  return std::min(max_n(s, block, w), smallest_taken_from(s.domain, 100003, block));
}

std::int64_t held_stream_size(const Spec& s, int block, const Workload& w) {
  return std::min(smallest_taken_from(s.domain, 1000, block), max_n(s, block, w));
}

std::vector<int> text_example_blocks(const Spec& s) {
  std::vector<int> blocks;
  for (int block : s.domain.tested_blocks) {
    if (takes(s, 10, block)) blocks.push_back(block);  // not a row of multiples of 4, say
  }
  return blocks;
}

std::vector<std::int64_t> carry_chunk_sizes(int block) {
  const std::int64_t chunk = std::int64_t{model::kCarryThreads} * edge_block(block);
  return {chunk - 1, chunk + 1, 2 * chunk + 1};
}

std::vector<std::pair<int, std::int64_t>> edge_size_cases(const Spec& s, const Workload& w) {
  std::vector<std::pair<int, std::int64_t>> cases;
  for (int block : gen::sweep_blocks(s.domain.tested_blocks, w)) {
    std::vector<std::int64_t> sizes = gen::sweep_sizes(max_drawn_n(s, block, w), edge_block(block), w);
    for (std::int64_t n : carry_chunk_sizes(block)) {
      if (n <= max_n(s, block, w)) sizes.push_back(n);
    }
    const std::int64_t tile = tile_of(s, block);  // the sweep's B - 1, B + 1, 2B + 1 for a row of one item a thread
    for (std::int64_t n : {tile - 1, tile + 1, 2 * tile + 1}) {
      if (n <= max_n(s, block, w)) sizes.push_back(n);
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

int largest_block(const Spec& s) { return *std::max_element(s.domain.tested_blocks.begin(), s.domain.tested_blocks.end()); }

bool takes_large_n(const Spec& s) { return takes(s, kLargeN, largest_block(s)); }

std::pair<int, std::int64_t> limit_case(const Spec& s) {
  const int block = *std::min_element(s.domain.tested_blocks.begin(), s.domain.tested_blocks.end());
  return {block, largest_taken(s.domain, block)};
}

std::vector<CheckCase> check_cases(const Spec& s, const Typing& t, const Workload& w, int draws_per_property) {
  std::vector<CheckCase> cases;
  const DataKind any_kind[] = {DataKind::uniform};
  for (const SizedCase& c : draws(case_for(s, any_kind, w), draws_per_property)) {
    // host_model_bitwise, repeatable and error_bound draw from it.
    cases.push_back({"the properties (case_for)", c.n, c.block});
  }
  const int first = s.domain.tested_blocks.front();
  if (is_integer(t.accumulator) && !w.reduced) cases.push_back({"overflow_edge", overflow_edge_size(s, first), first});
  cases.push_back({"streams", stream_size(s, first, w), first});
  cases.push_back({"launch_is_asynchronous, held_stream_result", held_stream_size(s, first, w), first});
  for (int block : text_example_blocks(s)) cases.push_back({"text_example_in_place", 10, block});
  for (const auto& [block, n] : edge_size_cases(s, w)) cases.push_back({"edge_sizes", n, block});
  if (takes_large_n(s)) cases.push_back({"large_n", kLargeN, largest_block(s)});
  const auto [limit_block, limit_n] = limit_case(s);
  cases.push_back({"large_limit", limit_n, limit_block});
  return cases;
}

}  // namespace smemc::moving_average::testing
