#include "common/spec.hpp"

#include <algorithm>
#include <bit>
#include <climits>
#include <numeric>

#include "common/contract.hpp"
#include "common/implementation.hpp"
#include "common/preconditions.hpp"

namespace smemc {
namespace {

// INT_MAX and values just below it read as such ("INT_MAX − 1024").
std::string render_limit(std::int64_t v) {
  if (v == INT_MAX) return "INT_MAX";
  if (v >= (std::int64_t{1} << 20) && is_power_of_two(v))
    return "2^" + std::to_string(std::bit_width(static_cast<std::uint64_t>(v)) - 1);
  if (v < INT_MAX && INT_MAX - v <= 65536) return "INT_MAX − " + std::to_string(INT_MAX - v);
  return std::to_string(v);
}

std::string render_blocks(const BlockRule& b) {
  if (b.own_launch) return "block 0: the variant picks its own launch shape";
  if (b.one_block_of_n()) return "one block of n threads (block 0)";
  return std::string(b.power_of_two ? "B a power of two in [" : "B in [") + std::to_string(b.min) + ", " + std::to_string(b.max) +
         "]";
}

}  // namespace

std::string table_name_cell(const Description& doc) {
  return "`" + std::string(doc.name) + "`" + (doc.exhibit() ? " **exhibit**: " + std::string(doc.exhibit_reason) : "");
}

std::string_view to_string(Determinism d) {
  switch (d) {
    case Determinism::ordered: return "bitwise";
    case Determinism::deterministic: return "deterministic";
    case Determinism::unordered: return "run to run";
    case Determinism::exact: return "exact";
  }
  return "?";
}

std::string_view to_string(Decline d) noexcept {
  switch (d) {
    case Decline::none: return "none";
    case Decline::needs_forward_progress: return "needs forward progress between blocks";
    case Decline::needs_lockstep_lanes: return "needs lanes in lockstep";
    case Decline::port_rows_instead: return "the port's own rows stand for the family";
    case Decline::needs_fp64: return "needs double precision (cl_khr_fp64)";
    case Decline::needs_fp16: return "needs half-precision arithmetic (cl_khr_fp16)";
    case Decline::needs_int64_atomics: return "needs 64-bit atomics (cl_khr_int64_base_atomics)";
    case Decline::needs_subgroups: return "needs sub-group shuffles of 32 lanes";
  }
  return "?";
}

bool BlockRule::admits(int block) const noexcept {
  if (takes_no_block()) return block == 0;
  return block >= min && block <= max && (!power_of_two || is_power_of_two(block));
}

std::string violation(const SizeDomain& d, std::int64_t n, int block) {
  if (!d.block.admits(block)) {
    const std::string why = d.block.reason.empty() ? "" : " (" + std::string(d.block.reason) + ")";
    if (d.block.own_launch)
      return "block = " + std::to_string(block) + ": this variant picks its own launch shape (pass 0)" + why;
    if (d.block.one_block_of_n())
      return "block = " + std::to_string(block) + ": this variant launches one block of n threads (pass 0)" + why;
    return "block = " + std::to_string(block) + (d.block.power_of_two ? " is not a power of two in [" : " is outside [") +
           std::to_string(d.block.min) + ", " + std::to_string(d.block.max) + "]" + why;
  }
  if (n < 0) return "n = " + std::to_string(n) + " is negative";
  const std::int64_t limit = d.largest_n(block);
  if (n > limit) {
    const bool capped = limit == d.n_cap && d.n_cap < d.n_base + d.n_per_block * block;
    return "n = " + std::to_string(n) + " exceeds " + std::to_string(limit) + " (" +
           std::string(capped ? d.n_cap_reason : d.n_limit_reason) + ")";
  }
  if (d.n_power_of_two && !is_power_of_two(n)) {
    return "n = " + std::to_string(n) + " is not a power of two (this variant's precondition)";
  }
  if (d.n_multiple_of > 1 && n % d.n_multiple_of != 0) {
    return "n = " + std::to_string(n) + " is not a multiple of " + std::to_string(d.n_multiple_of) +
           " (this variant's precondition)";
  }
  return {};
}

std::int64_t into_domain(const SizeDomain& d, std::int64_t n) { return round_down_to(n, d.n_multiple_of); }

std::int64_t largest_taken(const SizeDomain& d, int block) {
  std::int64_t n = d.largest_n(block);
  if (d.n_power_of_two) n = static_cast<std::int64_t>(std::bit_floor(static_cast<std::uint64_t>(n)));
  return into_domain(d, n);
}

std::int64_t smallest_taken_from(const SizeDomain& d, std::int64_t n, int block) {
  n = round_up_to(n, d.n_multiple_of);
  if (d.n_power_of_two) {
    n = static_cast<std::int64_t>(std::bit_ceil(static_cast<std::uint64_t>(std::max<std::int64_t>(n, 1))));
    // 0 rounds up to the power 1, which a multiple of m > 1 is not: then m
    // (the powers of two that are multiples of m start there).
    n = round_up_to(n, d.n_multiple_of);
  }
  return std::min(n, largest_taken(d, block));
}

std::int64_t size_for_check(const SizeDomain& d, std::int64_t n, int block) {
  if (violation(d, n, block).empty()) return n;
  std::int64_t down = std::min(n, largest_taken(d, block));
  if (d.n_power_of_two && down > 0) down = static_cast<std::int64_t>(std::bit_floor(static_cast<std::uint64_t>(down)));
  down = into_domain(d, down);
  if (violation(d, down, block).empty()) return down;
  return smallest_taken_from(d, std::max<std::int64_t>(n, 0), block);
}

std::int64_t largest_taken_within(const SizeDomain& d, int block, std::int64_t most) {
  return size_for_check(d, std::min(d.largest_n(block), most), block);
}

std::vector<std::string> contract::contract_gaps(const SizeDomain& d, std::span<const SizeCase> cases,
                                                 std::size_t data_alignment) {
  std::vector<std::string> gaps;
  auto any = [&](const auto& pred) { return std::any_of(cases.begin(), cases.end(), pred); };
  auto accepted = [](const SizeCase& c) { return c.refusal.empty(); };
  auto refused = [](const SizeCase& c) { return !c.refusal.empty(); };
  const std::size_t alignment = std::max<std::size_t>(data_alignment, 1);
  if (!any([&](const SizeCase& c) { return refused(c) && c.n < 0 && d.block.admits(c.block); })) {
    gaps.push_back("no case refuses a negative n");
  }
  const BlockRule& b = d.block;
  if (b.takes_no_block()) {
    if (!any([&](const SizeCase& c) { return accepted(c) && c.block == 0; })) gaps.push_back("no case is accepted with block 0");
    if (!any([&](const SizeCase& c) { return refused(c) && c.block != 0 && c.n >= 0; })) {
      gaps.push_back("no case refuses a block other than 0");
    }
  } else {
    for (const auto& end : {std::pair{b.min, "the smallest block"}, std::pair{b.max, "the largest block"}}) {
      const int block = end.first;  // (no lambda captures a structured binding: clang 14 refuses it)
      if (!any([&](const SizeCase& c) { return accepted(c) && c.block == block; })) {
        gaps.push_back(std::string("no case is accepted at ") + end.second + " (" + std::to_string(block) + ")");
      }
    }
    if (!any([&](const SizeCase& c) { return refused(c) && c.block < b.min && c.n >= 0; })) {
      gaps.push_back("no case refuses a block below " + std::to_string(b.min));
    }
    if (!any([&](const SizeCase& c) { return refused(c) && c.block > b.max && c.n >= 0; })) {
      gaps.push_back("no case refuses a block above " + std::to_string(b.max));
    }
    if (b.power_of_two && b.max - b.min >= 2 &&
        !any([&](const SizeCase& c) { return refused(c) && c.block > b.min && c.block < b.max && !is_power_of_two(c.block); })) {
      gaps.push_back("no case refuses a block inside the range that is not a power of two");
    }
  }
  const bool limit = any([&](const SizeCase& a) {
    if (!accepted(a) || a.data_offset_bytes % alignment != 0 || a.n != largest_taken(d, a.block)) {
      return false;
    }
    return any([&](const SizeCase& r) { return refused(r) && r.block == a.block && r.n > d.largest_n(a.block); });
  });
  if (!limit) gaps.push_back("no block has a case at its n limit (largest n accepted) and one past it (refused)");
  // An n refused for itself: its block taken, the n under the limit.
  auto n_only = [&](const SizeCase& c) {
    return refused(c) && c.n > 0 && b.admits(c.block) && c.n <= d.largest_n(c.block) && c.data_offset_bytes % alignment == 0;
  };
  if (d.n_power_of_two && !any([&](const SizeCase& c) { return n_only(c) && !is_power_of_two(c.n); })) {
    gaps.push_back("no case refuses an n that is not a power of two");
  }
  if (d.n_multiple_of > 1 && !any([&](const SizeCase& c) { return n_only(c) && c.n % d.n_multiple_of != 0; })) {
    gaps.push_back("no case refuses an n that is not a multiple of " + std::to_string(d.n_multiple_of));
  }
  if (data_alignment > alignof(float)) {
    if (!any([&](const SizeCase& c) {
          return refused(c) && c.data_offset_bytes % data_alignment != 0 && violation(d, c.n, c.block).empty();
        })) {
      gaps.push_back("no case refuses data misaligned for its " + std::to_string(data_alignment) + "-byte loads");
    }
    if (!any([&](const SizeCase& c) {
          return accepted(c) && c.data_offset_bytes != 0 && c.data_offset_bytes % data_alignment == 0;
        })) {
      gaps.push_back("no case accepts data at a nonzero offset that is a multiple of " + std::to_string(data_alignment));
    }
  }
  return gaps;
}

std::string describe(const Narrowing& n) {
  std::string text;
  auto add = [&](const std::string& part) { text += (text.empty() ? "" : "; ") + part; };
  if (n.min_block > 0) add("B ≥ " + std::to_string(n.min_block));
  if (n.max_block > 0) add("B ≤ " + std::to_string(n.max_block));
  if (n.max_n > 0) add("n ≤ " + std::to_string(n.max_n));
  if (n.n_multiple_of > 1) add("n a multiple of " + std::to_string(n.n_multiple_of));
  if (n.max_elements > 0) add("at most " + std::to_string(n.max_elements) + " elements");
  return text + " (" + std::string(n.reason) + ")";
}

std::string narrowing_violation(const Narrowing& narrowing, std::int64_t n, int block) {
  const std::string why = " this backend takes (" + std::string(narrowing.reason) + ")";
  if (narrowing.max_block > 0 && block > narrowing.max_block) {
    return "block = " + std::to_string(block) + " is above " + std::to_string(narrowing.max_block) + ", the largest" + why;
  }
  if (narrowing.min_block > 0 && block < narrowing.min_block) {
    return "block = " + std::to_string(block) + " is below " + std::to_string(narrowing.min_block) + ", the smallest" + why;
  }
  if (narrowing.max_n > 0 && n > narrowing.max_n) {
    return "n = " + std::to_string(n) + " exceeds " + std::to_string(narrowing.max_n) + ", the largest n" + why;
  }
  if (narrowing.n_multiple_of > 1 && n % narrowing.n_multiple_of != 0) {
    return "n = " + std::to_string(n) + " is not a multiple of " + std::to_string(narrowing.n_multiple_of) + ", the only n" + why;
  }
  if (narrowing.max_elements > 0 && n > narrowing.max_elements) {
    return "n = " + std::to_string(n) + " exceeds " + std::to_string(narrowing.max_elements) + ", the most elements" + why;
  }
  return {};
}

void reject_outside(std::string_view launcher, const Narrowing& narrowing, std::int64_t n, int block) {
  reject_if(launcher, narrowing_violation(narrowing, n, block));
}

SizeDomain narrowed(const SizeDomain& d, const Narrowing& narrowing, std::vector<int>& tested_blocks) {
  SizeDomain out = d;
  if (narrowing.max_block > 0 && narrowing.max_block < out.block.max) out.block.max = narrowing.max_block;
  if (narrowing.min_block > out.block.min) out.block.min = narrowing.min_block;
  if (narrowing.max_n > 0 && narrowing.max_n < out.n_cap) {
    out.n_cap = narrowing.max_n;
    out.n_cap_reason = narrowing.reason;
  }
  if (narrowing.n_multiple_of > 1) out.n_multiple_of = std::lcm(out.n_multiple_of, narrowing.n_multiple_of);
  if (narrowing.max_elements > 0 && narrowing.max_elements < out.n_cap) {
    out.n_cap = narrowing.max_elements;
    out.n_cap_reason = narrowing.reason;
  }
  tested_blocks.clear();
  for (int b : d.tested_blocks) {
    if (narrowing_violation(narrowing, 0, b).empty()) tested_blocks.push_back(b);
  }
  out.tested_blocks = tested_blocks;
  return out;
}

std::vector<SizePoint> first_outside(const SizeDomain& row, const Narrowing& narrowing) {
  std::vector<SizePoint> points;
  std::vector<int> kept;
  const SizeDomain inside = narrowed(row, narrowing, kept);
  if (kept.empty()) return points;
  const int block = kept.front();
  // The smallest positive n both take, paired with blocks outside.
  std::int64_t small_n = inside.n_multiple_of;
  if (inside.n_power_of_two) small_n = std::bit_ceil(static_cast<std::uint64_t>(small_n));
  auto row_takes = [&](std::int64_t n, int b) { return violation(row, n, b).empty(); };
  auto add = [&](std::int64_t n, int b) {
    if (row_takes(n, b) && !narrowing_violation(narrowing, n, b).empty()) points.push_back({n, b});
  };
  if (narrowing.max_block > 0) {
    int next = narrowing.max_block + 1;
    while (next <= row.block.max && !row.block.admits(next)) ++next;
    add(small_n, next);
  }
  if (narrowing.min_block > 0) {
    int previous = narrowing.min_block - 1;
    while (previous >= row.block.min && previous > 0 && !row.block.admits(previous)) --previous;
    add(small_n, previous);
  }
  for (const std::int64_t most : {narrowing.max_n, narrowing.max_elements}) {
    if (most <= 0) continue;
    // The next n past the cap that the row itself takes.
    std::int64_t past = round_up_to(most + 1, row.n_multiple_of);
    if (row.n_power_of_two) past = static_cast<std::int64_t>(std::bit_ceil(static_cast<std::uint64_t>(past)));
    add(past, block);
  }
  if (narrowing.n_multiple_of > 1) {
    for (std::int64_t n : {std::int64_t{1}, narrowing.n_multiple_of - 1, narrowing.n_multiple_of + 1}) add(n, block);
  }
  return points;
}

SizeDomain typed_domain(const SizeDomain& d, const Typing& t) {
  SizeDomain out = d;
  if (const std::int64_t limit = overflow_limit(t); limit > 0 && limit < out.n_cap) {
    out.n_cap = limit;
    out.n_cap_reason = kOverflowRefusedReason;
  }
  return out;
}

std::string typing_violation(std::span<const Typing> typings, const Typing& t) {
  for (const Typing& stated : typings) {
    if (stated == t) return {};
  }
  std::string stated;
  for (const Typing& s : typings) stated += (stated.empty() ? "" : ", ") + typing_name(s);
  return "typing " + typing_name(t) + " is not one this row states (" + stated + ")";
}

std::string describe_typings(std::span<const Typing> typings) {
  std::string text;
  for (const Typing& t : typings) text += (text.empty() ? "" : "; ") + describe(t);
  return text;
}

std::string typed_class_note(std::span<const Typing> typings) {
  for (const Typing& t : typings) {
    if (is_integer(t.accumulator)) return "; exact in the integer typings";
  }
  return {};
}

std::string alignment_violation(std::size_t offset_bytes, std::size_t alignment) {
  if (alignment <= 1 || offset_bytes % alignment == 0) return {};
  return "data is not " + std::to_string(alignment) + "-byte aligned (byte offset " + std::to_string(offset_bytes) + ")";
}

std::string describe(const SizeDomain& d) {
  std::string limit;
  if (d.n_per_block == 0) {
    limit = render_limit(d.n_base);
  } else if (d.n_base == 0) {
    limit = "(" + render_limit(d.n_per_block) + ")·B";
  } else {
    limit =
        render_limit(d.n_base) + (d.n_per_block < 0 ? " − " : " + ") +
        (d.n_per_block == 1 || d.n_per_block == -1 ? "" : std::to_string(d.n_per_block < 0 ? -d.n_per_block : d.n_per_block)) +
        "B";
  }
  std::string text = render_blocks(d.block) + (d.block.reason.empty() ? "" : " (" + std::string(d.block.reason) + ")") + "; ";
  text += d.n_power_of_two ? "n a power of two ≤ " + limit : "0 ≤ n ≤ " + limit;
  if (d.n_cap != INT64_MAX) text += " and ≤ " + render_limit(d.n_cap);
  if (d.n_multiple_of > 1) text += ", a multiple of " + std::to_string(d.n_multiple_of);
  return text;
}

}  // namespace smemc
