#include "reduce_cases.hpp"

#include <algorithm>
#include <bit>

#include "reduce/host_models.hpp"
#include "smemc/generators.hpp"

namespace smemc::reduce::testing {
namespace {

bool takes(const Spec& s, std::int64_t n, int block) { return violation(s.domain, n, block).empty(); }

// Adds (n, block) to the groups where the row takes it (once).
void add_case(SizeGroups& groups, const Spec& s, std::int64_t n, int block) {
  n = size_for_check(s.domain, n, block);
  if (!takes(s, n, block)) return;
  auto& blocks = groups[n];
  if (std::find(blocks.begin(), blocks.end(), block) == blocks.end()) blocks.push_back(block);
}

// The largest n the row takes at `block`, at most `most`, and within the
// workload's atomic adds.
std::int64_t size_cap_within(const Spec& s, int block, const Workload& w, std::int64_t most) {
  std::int64_t cap = std::min(most, largest_taken(s.domain, block));
  if (s.atomic_adds != nullptr && s.atomic_adds(cap, block) > w.max_atomic_adds) {
    std::int64_t lo = 0, hi = cap;  // atomic_adds(lo) within the limit, atomic_adds(hi) past it
    while (hi - lo > 1) {
      const std::int64_t mid = lo + (hi - lo) / 2;
      (s.atomic_adds(mid, block) <= w.max_atomic_adds ? lo : hi) = mid;
    }
    cap = lo;
  }
  return cap;
}

}  // namespace

std::int64_t size_cap(const Spec& s, int block, const Workload& w) {
  return size_cap_within(s, block, w, w.max_elements_for_block(block));
}

std::int64_t drawn_size_cap(const Spec& s, int block, const Workload& w) {
  return size_cap_within(s, block, w, w.max_drawn_for_block(block));
}

rc::Gen<SizedCase> case_for(const Spec& s, std::span<const DataKind> kinds, const Workload& w) {
  return sized_case(
      s.domain.tested_blocks,
      [&s, &w](int block) -> rc::Gen<std::int64_t> {
        const std::int64_t max = drawn_size_cap(s, block, w);
        auto fit = [&s, block](std::int64_t n) { return size_for_check(s.domain, n, block); };
        if (!s.domain.n_power_of_two) return rc::gen::map(gen::size(max, block), fit);
        const int widths = static_cast<int>(std::bit_width(static_cast<std::uint64_t>(max)));
        return rc::gen::map(rc::gen::resize(100, rc::gen::inRange<int>(0, widths)),
                            [fit](int k) { return fit(std::int64_t{1} << k); });
      },
      kinds);
}

SizeGroups edge_size_groups(const Spec& s, const Workload& w) {
  SizeGroups groups;
  for (int block : gen::sweep_blocks(s.domain.tested_blocks, w)) {
    std::vector<std::int64_t> sizes = gen::sweep_sizes(size_cap(s, block, w), block, w);
    if (!w.reduced) sizes.push_back(2 * std::int64_t{block} * model::kFixupThreads + 1);
    for (std::int64_t n : sizes) add_case(groups, s, n, block);
  }
  return groups;
}

SizeGroups negative_zero_groups(const Spec& s, const Workload& w) {
  SizeGroups groups;
  for (int block : gen::sweep_blocks(s.domain.tested_blocks, w)) {
    std::vector<std::int64_t> sizes = {1, block - 1, block, 2 * std::int64_t{block}, 2 * std::int64_t{block} + 1};
    // Only from 2·B·1024 values, a multiple of 2B (no +0 padding in any
    // block), does every fix-up thread hold a -0 partial: below it the
    // threads without one add +0 and hide a wrong start. Small blocks take
    // it even in a reduced workload (2048 values at B = 1: past its cap of
    // blocks, which is for sweeps).
    const std::int64_t every_fixup_thread = 2 * std::int64_t{block} * model::kFixupThreads;
    if (!w.reduced || every_fixup_thread + 1 <= size_cap_within(s, block, w, w.max_elements)) {
      sizes.push_back(every_fixup_thread);
      sizes.push_back(every_fixup_thread + 1);
    }
    for (std::int64_t n : sizes) add_case(groups, s, std::max<std::int64_t>(n, 1), block);
  }
  return groups;
}

std::int64_t size_about(const Spec& s, std::int64_t n, int block) {
  return takes(s, n + 1, block) ? n + 1 : size_for_check(s.domain, n, block);
}

std::array<std::int64_t, 2> stream_sizes(const Spec& s, int block, const Workload& w) {
  const std::int64_t size = std::min<std::int64_t>(std::int64_t{1} << 16, w.max_elements_for_block(block));
  return {size_about(s, size, block), size_about(s, size / 2, block)};
}

std::int64_t held_stream_size(const Spec& s, int block, const Workload& w) {
  return size_about(s, std::min<std::int64_t>(std::int64_t{1} << 16, w.max_elements_for_block(block)), block);
}

std::int64_t overflow_edge_size(const Spec& s, const Typing& t, int block) {
  if (t.overflow == Overflow::refused) return largest_taken(s.domain, block);
  return size_for_check(s.domain, (std::int64_t{1} << 20) + 3, block);
}

LargeCase large_case(const Spec& s, const Typing& t) {
  LargeCase c;
  c.block = *std::max_element(s.domain.tested_blocks.begin(), s.domain.tested_blocks.end());
  c.n = largest_taken(s.domain, c.block);
  // At most 2 each: every partial sum an integer the accumulator holds
  // exactly (below 2^p: 2048 for a half accumulator), so any order gives it.
  const std::int64_t most = is_floating(t.accumulator)
                                ? std::min<std::int64_t>(4096, ((std::int64_t{1} << info(t.accumulator).precision) - 2) / 2)
                                : 4096;
  c.tail = std::clamp<std::int64_t>(c.n - 1, 0, most);
  return c;
}

std::vector<CheckCase> check_cases(const Spec& s, const Typing& t, const Workload& w, int draws_per_property) {
  std::vector<CheckCase> cases;
  const DataKind any_kind[] = {DataKind::uniform};
  for (const SizedCase& c : draws(case_for(s, any_kind, w), draws_per_property)) {
    // host_model_bitwise, repeatable, exact_sum, atomic_spread, error_bound,
    // exact_small_integers and nan_inf draw from the same generator.
    cases.push_back({"the properties (case_for)", c.n, c.block});
  }
  for (const auto& [n, blocks] : edge_size_groups(s, w)) {
    for (int block : blocks) cases.push_back({"edge_sizes", n, block});
  }
  for (const auto& [n, blocks] : negative_zero_groups(s, w)) {
    for (int block : blocks) cases.push_back({"negative_zeros_every_size_class", n, block});
  }
  const int first = s.domain.tested_blocks.front();
  for (std::int64_t n : stream_sizes(s, first, w)) cases.push_back({"streams", n, first});
  cases.push_back({"launch_is_asynchronous, held_stream_result", held_stream_size(s, first, w), first});
  if (is_integer(t.accumulator)) cases.push_back({"overflow_edge", overflow_edge_size(s, t, first), first});
  const LargeCase large = large_case(s, t);
  cases.push_back({"large_n", large.n, large.block});
  return cases;
}

}  // namespace smemc::reduce::testing
