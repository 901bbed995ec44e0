#include "reduce/size_rules.hpp"

#include <climits>

#include "common/preconditions.hpp"

namespace smemc::reduce::rules {
namespace {

std::string n_range(std::int64_t n, std::int64_t limit) { return size_range_violation(n, limit, "int index arithmetic"); }

}  // namespace

std::string halving_any_n(std::int64_t n, int block) {
  if (auto why = n_range(n, INT_MAX); !why.empty()) return why;
  if (block < 1 || block > 1024) return "block = " + std::to_string(block) + " is outside [1, 1024]";
  return {};
}

std::string halving_power_of_two(std::int64_t n, int block) {
  if (auto why = halving_any_n(n, block); !why.empty()) return why;
  if (!is_power_of_two(n)) {
    return "n = " + std::to_string(n) + " is not a power of two (this variant's precondition; "
           "reduce_by_halving_any_n takes any n)";
  }
  return {};
}

std::string block_tree(std::int64_t n, int block, int min_block) {
  if (!is_power_of_two(block) || block < min_block || block > 1024) {
    return "block = " + std::to_string(block) + " is not a power of two in [" + std::to_string(min_block) +
           ", 1024]";
  }
  return n_range(n, std::int64_t{INT_MAX} - 2 * std::int64_t{block});
}

std::string block_tree_any_block(std::int64_t n, int block) { return block_tree(n, block, 1); }
std::string block_tree_warp_tail(std::int64_t n, int block) { return block_tree(n, block, 64); }

}  // namespace smemc::reduce::rules
