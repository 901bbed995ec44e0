#include "common/spec.hpp"

#include <bit>
#include <climits>

#include "common/preconditions.hpp"

namespace smemc {
namespace {

// INT_MAX and values just below it read as such ("INT_MAX − 1024").
std::string render_limit(std::int64_t v) {
  if (v == INT_MAX) return "INT_MAX";
  if (v >= (std::int64_t{1} << 20) && is_power_of_two(v)) return "2^" + std::to_string(std::bit_width(static_cast<std::uint64_t>(v)) - 1);
  if (v < INT_MAX && INT_MAX - v <= 65536) return "INT_MAX − " + std::to_string(INT_MAX - v);
  return std::to_string(v);
}

std::string render_blocks(const BlockRule& b) {
  if (b.one_block_of_n()) return "one block of n threads (block 0)";
  return std::string(b.power_of_two ? "B a power of two in [" : "B in [") + std::to_string(b.min) + ", " +
         std::to_string(b.max) + "]";
}

}  // namespace

std::string_view to_string(Determinism d) { return d == Determinism::ordered ? "bitwise" : "run to run"; }

bool BlockRule::admits(int block) const noexcept {
  if (one_block_of_n()) return block == 0;
  return block >= min && block <= max && (!power_of_two || is_power_of_two(block));
}

std::string violation(const SizeDomain& d, std::int64_t n, int block) {
  if (!d.block.admits(block)) {
    if (d.block.one_block_of_n()) return "block = " + std::to_string(block) + ": this variant launches one block of n threads (pass 0)";
    return "block = " + std::to_string(block) + (d.block.power_of_two ? " is not a power of two in [" : " is outside [") +
           std::to_string(d.block.min) + ", " + std::to_string(d.block.max) + "]";
  }
  if (n < 0) return "n = " + std::to_string(n) + " is negative";
  const std::int64_t limit = d.largest_n(block);
  if (n > limit) {
    return "n = " + std::to_string(n) + " exceeds " + std::to_string(limit) + " (" + std::string(d.n_limit_reason) + ")";
  }
  if (d.n_power_of_two && !is_power_of_two(n)) {
    return "n = " + std::to_string(n) + " is not a power of two (this variant's precondition)";
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
    limit = render_limit(d.n_base) + (d.n_per_block < 0 ? " − " : " + ") +
            (d.n_per_block == 1 || d.n_per_block == -1 ? "" : std::to_string(d.n_per_block < 0 ? -d.n_per_block : d.n_per_block)) + "B";
  }
  std::string text = render_blocks(d.block) + "; ";
  text += d.n_power_of_two ? "n a power of two ≤ " + limit : "0 ≤ n ≤ " + limit;
  return text;
}

}  // namespace smemc
