#pragma once
// What every family's specification rows share: the documentation a row
// carries, the size domain of the 1-D families as data, and the bytes a
// variant moves. Plain C++: a port reads these rows; it never copies them.

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace smemc {

// The words a row says about its variant; the README's variant tables are
// generated from them (tools/spec_tables, checked by a host test).
struct Description {
  std::string_view name;            // the text's name where the text names it
  std::string_view idea;
  std::string_view cost;
  std::string_view exhibit_reason;  // not empty: a known-bad specimen kept for the record, and why it is bad
  bool exhibit() const noexcept { return !exhibit_reason.empty(); }
};

// How a result relates to the inputs.
enum class Determinism {
  ordered,    // a fixed function of the inputs: equal bit for bit to the order-faithful host model
  unordered,  // float atomics add in run-dependent order: within a derived bound of the exact value
};
std::string_view to_string(Determinism d);

// Block sizes a 1-D variant takes. min == max == 0: the variant launches one
// block of n threads itself, and callers pass block = 0.
struct BlockRule {
  int min = 1;
  int max = 1024;
  bool power_of_two = false;
  bool one_block_of_n() const noexcept { return max == 0; }
  bool admits(int block) const noexcept;
};

// The (n, block) pairs a 1-D variant takes, as data: the block rule, the
// largest n for a block B (n_base + n_per_block * B), and whether n must be
// a power of two. tested_blocks are the block sizes the suite runs; the
// first is the one single-size checks use.
struct SizeDomain {
  BlockRule block;
  std::span<const int> tested_blocks;
  std::int64_t n_base = 0;
  std::int64_t n_per_block = 0;
  std::string_view n_limit_reason;  // what the limit protects ("int index arithmetic")
  bool n_power_of_two = false;      // n = 0 is not a power of two

  std::int64_t largest_n(int block) const noexcept { return n_base + n_per_block * block; }
};

// Empty when the domain takes (n, block), else why not ("block = 3 is not a
// power of two in [1, 1024]", "n = -1 is negative", ...).
std::string violation(const SizeDomain& d, std::int64_t n, int block);
// The domain in words, for tables: "B a power of two in [1, 1024]; 0 ≤ n ≤ INT_MAX − 2B".
std::string describe(const SizeDomain& d);

// The row named `name` of a family's rows; throws std::invalid_argument
// ("no <family> variant named <name>") when there is none.
template <typename Spec>
const Spec& row_named(std::span<const Spec> rows, std::string_view name, std::string_view family) {
  for (const Spec& s : rows) {
    if (s.doc.name == name) return s;
  }
  throw std::invalid_argument("no " + std::string(family) + " variant named " + std::string(name));
}

// Empty when a data address meets a row's alignment (its byte offset into
// the allocation a multiple of `alignment`; allocations themselves are
// aligned to at least 256 bytes on every backend), else why not.
std::string alignment_violation(std::size_t offset_bytes, std::size_t alignment);

// Bytes a launch reads from and writes to device memory (workspace
// included), counted from the kernels' source: what a benchmark turns into
// GB/s. The input's own size is the "effective" traffic beside it.
struct Traffic {
  std::int64_t bytes_read = 0;
  std::int64_t bytes_written = 0;
};

}  // namespace smemc
