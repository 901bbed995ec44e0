#pragma once
// What every family's specification rows share: the documentation a row
// carries, the size domain of the 1-D families as data, and the bytes a
// variant moves. Plain C++: a port reads these rows; it never copies them.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "common/traffic.hpp"
#include "common/types.hpp"

namespace smemc {

// The words a row says about its variant; the README's variant tables are
// generated from them (tools/spec_tables, checked by a host test).
struct Description {
  std::string_view name;  // the text's name where the text names it
  std::string_view idea;
  std::string_view cost;
  std::string_view exhibit_reason;  // not empty: a known-bad specimen kept for the record, and why it is bad
  // A marked exhibit's findings, where they are fixed: the checks it is
  // recorded to fail, "<check>/<typing>" ("exact_counts/i8_u32"). Then every
  // other check must pass and every one listed must fail, or the run fails
  // (the finding changed, or went away). Empty: any check may fail (the
  // texts' exhibits, whose failures depend on the platform).
  std::span<const std::string_view> expected_failures;
  // Not empty: a port row that is a second kernel for the spec row of this
  // name (second_kernel(), implementation.hpp): it states everything that
  // row does, and the row's fixed contract table is its own.
  std::string_view second_kernel_of;
  bool exhibit() const noexcept { return !exhibit_reason.empty(); }
};

// A family's rows as the README's variant table shows them: the column
// headings, then one row of cells per spec row, in spec order. Each family
// defines spec_table() beside its rows (tests/spec/spec_tables.cpp writes
// the tables and checks the README against them).
struct SpecTable {
  std::vector<std::string> columns;
  std::vector<std::vector<std::string>> rows;
};
// A table's first cell: "`name`", and " **exhibit**: <why>" for an exhibit.
std::string table_name_cell(const Description& doc);
// A family's table: the columns every family has (variant, idea, cost,
// preconditions), then `extra_columns`, whose cells `extra_cells(row)` gives.
template <typename Spec, typename ExtraCells>
SpecTable spec_table_of(std::span<const Spec> rows, std::string (*preconditions)(const Spec&),
                        std::vector<std::string> extra_columns, const ExtraCells& extra_cells) {
  SpecTable t{.columns = {"variant", "idea", "cost", "preconditions"}, .rows = {}};
  t.columns.insert(t.columns.end(), extra_columns.begin(), extra_columns.end());
  for (const Spec& s : rows) {
    std::vector<std::string> cells = {table_name_cell(s.doc), std::string(s.doc.idea), std::string(s.doc.cost), preconditions(s)};
    for (std::string& cell : extra_cells(s)) cells.push_back(std::move(cell));
    t.rows.push_back(std::move(cells));
  }
  return t;
}

// How a result relates to the inputs: the class says which checks a row
// gets (docs/porting.md, "Determinism classes").
enum class Determinism {
  // A fixed function of the inputs in a stated order: equal bit for bit to
  // the row's order-faithful host model.
  ordered,
  // A fixed function of (input, launch shape, device) whose order is not
  // stated (a library call, a retuned tile, 64-wide wavefronts): bitwise run
  // to run and across streams, and within gamma_d * sum|x| of the exact
  // value, d the depth the row states or else the spec's worst case.
  deterministic,
  // The order varies run to run (float atomics, a look-back): each run
  // within the bound of the exact value.
  unordered,
  // The correctly rounded exact value (for integer-valued results, equality).
  exact,
};
std::string_view to_string(Determinism d);

// The depth of the deepest summation tree over `leaves` values: a chain.
// The worst case the spec derives for a row that states no depth (adding
// +0 is exact, so padding never deepens what can round).
inline std::int64_t worst_case_depth(std::int64_t leaves) noexcept { return leaves <= 1 ? 0 : leaves - 1; }

// Block sizes a 1-D variant takes. min == max == 0: the variant sizes its
// launch itself and callers pass block = 0: one block of n threads (the
// text's moving averages), or, with own_launch, whatever shape the variant
// picks (a library call: CUB chooses its own tiles).
struct BlockRule {
  int min = 1;
  int max = 1024;
  bool power_of_two = false;
  bool own_launch = false;
  // Why these blocks (a port row's own rule: "a chunk is a loop: any B up to
  // 65536"); said with every refusal of a block. The spec's rows leave it
  // empty: their texts' block shapes are the reason.
  std::string_view reason;
  bool one_block_of_n() const noexcept { return max == 0 && !own_launch; }
  bool takes_no_block() const noexcept { return max == 0; }
  bool admits(int block) const noexcept;
};

// The (n, block) pairs a 1-D variant takes, as data: the block rule, the
// largest n for a block B (n_base + n_per_block * B, and at most n_cap),
// whether n must be a power of two or a multiple of some m. tested_blocks
// are the block sizes the suite runs; the first is the one single-size
// checks use.
struct SizeDomain {
  BlockRule block;
  std::span<const int> tested_blocks;
  std::int64_t n_base = 0;
  std::int64_t n_per_block = 0;
  std::string_view n_limit_reason;  // what the limit protects ("int index arithmetic")
  bool n_power_of_two = false;      // n = 0 is not a power of two
  std::int64_t n_multiple_of = 1;   // n must be a multiple of this (0 is one)
  std::int64_t n_cap = INT64_MAX;   // a limit whatever the block (a backend's narrowing)...
  std::string_view n_cap_reason;    // ...and why

  std::int64_t largest_n(int block) const noexcept {
    const std::int64_t by_block = n_base + n_per_block * block;
    return by_block < n_cap ? by_block : n_cap;
  }
};

// Empty when the domain takes (n, block), else why not ("block = 3 is not a
// power of two in [1, 1024]", "n = -1 is negative", ...).
std::string violation(const SizeDomain& d, std::int64_t n, int block);
// The domain in words, for tables: "B a power of two in [1, 1024]; 0 ≤ n ≤ INT_MAX − 2B".
std::string describe(const SizeDomain& d);

// Sizes inside a domain, for the checks and benchmarks that pick them: n
// rounded down to the domain's multiple (generated and edge sizes); the
// largest n it takes with this block; the smallest n at or above `n` it
// takes with this block (its multiple, its power of two), at most the
// largest (the fixed sizes of single checks).
std::int64_t into_domain(const SizeDomain& d, std::int64_t n);
std::int64_t largest_taken(const SizeDomain& d, int block);
std::int64_t smallest_taken_from(const SizeDomain& d, std::int64_t n, int block);
// The largest n the domain takes with this block, at most `most` (a
// workload's cap), fitted to the domain as size_for_check fits it.
std::int64_t largest_taken_within(const SizeDomain& d, int block, std::int64_t most);
// The size a check that wants about n runs with this block: n where the
// domain takes it; else n rounded down into the domain (at most its
// largest, its power of two, its multiple) where that is taken; else the
// smallest size from n it takes. Outside the domain only where it takes no
// n at all with this block (violation() then says why, and the check
// leaves that block out).
std::int64_t size_for_check(const SizeDomain& d, std::int64_t n, int block);

// The row named `name` of a family's rows; throws std::invalid_argument
// ("no <family> variant named <name>") when there is none.
template <typename Spec>
const Spec& row_named(std::span<const Spec> rows, std::string_view name, std::string_view family) {
  for (const Spec& s : rows) {
    if (s.doc.name == name) return s;
  }
  throw std::invalid_argument("no " + std::string(family) + " variant named " + std::string(name));
}

// A backend's partial support of a row (an implementation table entry's
// `narrowing`): the part of the row's domain it takes, and why no more.
// The checks run on the narrowed domain, the launcher must refuse the first
// values outside it with std::invalid_argument (reject_outside below), and
// the matrix shows the narrowing. For the transposes, max_n and
// n_multiple_of apply to both extents, max_elements to their product
// (rows·cols: a limit of 32-bit element offsets is a product limit, not a
// box), and the block fields are unused; for a 1-D row max_elements caps n
// as max_n does.
struct Narrowing {
  std::string_view reason;         // required when anything is narrowed
  int max_block = 0;               // > 0: no block above
  int min_block = 0;               // > 0: no block below
  std::int64_t max_n = 0;          // > 0: no n above
  std::int64_t n_multiple_of = 1;  // > 1: n a multiple of this
  std::int64_t max_elements = 0;   // > 0: no more elements (a transpose: rows·cols)

  bool narrows() const noexcept { return max_block > 0 || min_block > 0 || max_n > 0 || n_multiple_of > 1 || max_elements > 0; }
};
// "B ≤ 512; n a multiple of 4 (only the 512-thread kernel is built)".
std::string describe(const Narrowing& n);
// Empty when the narrowing takes (n, block), else why not, naming the reason.
std::string narrowing_violation(const Narrowing& narrowing, std::int64_t n, int block);
// What a launcher with a narrowing calls after the spec's validate():
// throws std::invalid_argument "<launcher>: <why>" outside the narrowing.
void reject_outside(std::string_view launcher, const Narrowing& narrowing, std::int64_t n, int block);
// The domain as a backend with this narrowing runs it; `tested_blocks`
// receives the tested blocks that remain, which the result's span views.
SizeDomain narrowed(const SizeDomain& d, const Narrowing& narrowing, std::vector<int>& tested_blocks);
// The first (n, block) pairs the row takes and the narrowing does not: the
// next block past each end, one past max_n, the n next to a multiple. The
// launcher of a narrowed entry must refuse each.
struct SizePoint {
  std::int64_t n = 0;
  int block = 0;
};
std::vector<SizePoint> first_outside(const SizeDomain& row, const Narrowing& narrowing);

// A 1-D family's row (one with a SizeDomain `domain`) as a backend with this
// narrowing runs it: a copy with the narrowed domain, owning its tested
// blocks. The families' narrowed_row() (found by the join) call this.
template <typename Spec>
std::shared_ptr<const Spec> narrowed_1d(const Spec& s, const Narrowing& narrowing) {
  struct Held {
    Spec spec;
    std::vector<int> blocks;
  };
  auto held = std::make_shared<Held>(Held{s, {}});
  held->spec.domain = narrowed(s.domain, narrowing, held->blocks);
  return std::shared_ptr<const Spec>(held, &held->spec);
}
// Empty unless the narrowing leaves the row no block to test.
template <typename Spec>
std::string narrowing_leaves_nothing_1d(const Spec& s, const Narrowing& narrowing) {
  std::vector<int> blocks;
  (void)narrowed(s.domain, narrowing, blocks);
  return blocks.empty() ? "the narrowing (" + describe(narrowing) + ") leaves none of the tested blocks" : std::string();
}

// --- typings -------------------------------------------------------------------

// Why a typed 1-D row's n is capped where its typing refuses overflow.
inline constexpr std::string_view kOverflowRefusedReason =
    "the typing refuses an n whose sum could pass its accumulator (n·max|element| must fit it)";
// The domain as a typing runs it: n capped at overflow_limit(t) where the
// typing refuses overflow (types.hpp), else unchanged.
SizeDomain typed_domain(const SizeDomain& d, const Typing& t);
// Empty when `t` is one of the row's typings, else why not (every
// launcher's validate() calls it: a typing a row does not state is refused).
std::string typing_violation(std::span<const Typing> typings, const Typing& t);
// The typings in words, for tables: "f32; f64; f16 → f32; i32 (wraps mod 2^32)".
std::string describe_typings(std::span<const Typing> typings);
// "; exact in the integer typings" where a typing has an integer
// accumulator (typed_1d gives those the exact class), else empty.
std::string typed_class_note(std::span<const Typing> typings);

// A 1-D family's row (one with `domain` and `determinism`) in one typing:
// its domain capped where the typing refuses overflow, and the exact class
// where the accumulator is an integer (integer additions do not round: any
// order gives the exact sum, or, where the typing wraps, the exact sum
// modulo 2^bits). Null when the typing changes nothing (a float typing).
template <typename Spec>
std::shared_ptr<const Spec> typed_1d(const Spec& s, const Typing& t) {
  if (!is_integer(t.accumulator)) return nullptr;
  auto typed = std::make_shared<Spec>(s);
  typed->domain = typed_domain(s.domain, t);
  typed->determinism = Determinism::exact;
  return typed;
}

// Empty when a data address meets a row's alignment (its byte offset into
// the allocation a multiple of `alignment`; allocations themselves are
// aligned to at least 256 bytes on every backend), else why not.
std::string alignment_violation(std::size_t offset_bytes, std::size_t alignment);

// The workspace_bytes of a row that needs none (or manages its own).
inline std::size_t no_workspace(std::int64_t, int, const Typing&) { return 0; }

}  // namespace smemc
