#pragma once
// The histogram family's fixed contract tables (contract_tables.hpp says what
// one is): written out by hand from the rows' stated preconditions, never
// derived from a row's own rule.
//   histogram_cases()  sizes and blocks (any block in [1, 1024]; 0 ≤ n ≤
//                      2^32 − 1) and the samples' alignment, per sample type
//   binning_cases()    the bins and levels a sample type takes or refuses,
//                      with the bin limit of each row (kRowBinLimits)

#include <climits>
#include <cstdint>
#include <string_view>
#include <vector>

#include "contract_tables.hpp"
#include "histogram/spec.hpp"

namespace smemc::contract {

// clang-format off

inline const std::vector<VariantCases<SizeCase>>& histogram_cases() {
  constexpr std::int64_t kCountLimit = 4294967295;  // 2^32 - 1: a bin's count is 32-bit unsigned
  static const std::vector<SizeCase> any_block = {
      {0, 1, ""}, {0, 1024, ""}, {1, 1, ""}, {1000, 7, ""}, {1000, 33, ""}, {1000, 1000, ""},
      {kCountLimit, 1, ""}, {kCountLimit, 256, ""}, {kCountLimit, 1024, ""},
      {kCountLimit + 1, 1, "exceeds"}, {kCountLimit + 1, 1024, "exceeds"},
      {-1, 256, "negative"},
      {64, 0, "block"}, {64, -1, "block"}, {64, 1025, "block"}, {64, 2048, "block"},
      // Samples aligned to their size: bytes at any offset, 16-bit samples
      // on even bytes, 32-bit on multiples of 4, doubles of 8.
      {64, 256, "", 1, "u8_u32"}, {64, 256, "", 3, "i8_u32"},
      {64, 256, "aligned", 1, "u16_u32"}, {64, 256, "", 2, "u16_u32"}, {64, 256, "aligned", 3, "i16_u32"},
      {64, 256, "aligned", 1, "f16_u32"}, {64, 256, "", 6, "f16_u32"}, {64, 256, "aligned", 1, "bf16_u32"},
      {64, 256, "aligned", 2, "f32_u32"}, {64, 256, "", 4, "f32_u32"},
      {64, 256, "aligned", 4, "f64_u32"}, {64, 256, "aligned", 12, "f64_u32"}, {64, 256, "", 8, "f64_u32"},
  };
  // The wide row: the same sizes and blocks, its data 16-byte aligned in
  // every sample type (its 16-byte loads).
  static const std::vector<SizeCase> wide = {
      {0, 1, ""}, {0, 1024, ""}, {1, 1, ""}, {1000, 7, ""}, {1000, 33, ""}, {1000, 1000, ""},
      {kCountLimit, 1, ""}, {kCountLimit, 256, ""}, {kCountLimit, 1024, ""},
      {kCountLimit + 1, 1, "exceeds"}, {kCountLimit + 1, 1024, "exceeds"},
      {-1, 256, "negative"},
      {64, 0, "block"}, {64, -1, "block"}, {64, 1025, "block"}, {64, 2048, "block"},
      {64, 256, "", 16, "u8_u32"},   {64, 256, "aligned", 1, "u8_u32"},   {64, 256, "aligned", 8, "u8_u32"},
      {64, 256, "", 32, "i8_u32"},   {64, 256, "aligned", 8, "i8_u32"},
      {64, 256, "", 32, "u16_u32"},  {64, 256, "aligned", 2, "u16_u32"},  {64, 256, "aligned", 8, "u16_u32"},
      {64, 256, "", 16, "i16_u32"},  {64, 256, "aligned", 8, "i16_u32"},
      {64, 256, "", 16, "f16_u32"},  {64, 256, "aligned", 2, "f16_u32"},
      {64, 256, "", 16, "bf16_u32"}, {64, 256, "aligned", 8, "bf16_u32"},
      {64, 256, "", 16, "f32_u32"},  {64, 256, "aligned", 4, "f32_u32"},  {64, 256, "aligned", 12, "f32_u32"},
      {64, 256, "", 48, "f64_u32"},  {64, 256, "aligned", 8, "f64_u32"},  {64, 256, "aligned", 24, "f64_u32"},
  };
  static const std::vector<VariantCases<SizeCase>> table = {
      {"histogram_global_atomics", any_block},
      {"histogram_smem_privatised", any_block},
      {"histogram_smem_lane_banks", any_block},
      {"histogram_smem_wide", wide},
  };
  return table;
}

// The most bins each spec row takes: its shared-memory layout's limit
// (32 KiB of bins a block, one word each or 32), or the suite's 65536. A
// port's own row states its limit in its Spec (max_bins).
struct RowBinLimit {
  std::string_view row;
  std::int64_t max_bins;
};
inline constexpr RowBinLimit kRowBinLimits[] = {
    {"histogram_global_atomics", 65536},
    {"histogram_smem_privatised", 8192},
    {"histogram_smem_lane_banks", 256},
    {"histogram_smem_wide", 256},
};

// A binning a row must take (refusal empty) or refuse, naming the words of
// the refusal. `samples`: the typings it applies to ("integer", "floating",
// or one typing's name); bins of kRowLimit stand for the row's limit, kPastRowLimit for
// one past it (the limits differ by row: kRowBinLimits).
struct BinningCase {
  std::string_view samples;
  histogram::Binning binning;
  std::string_view refusal;
};
inline constexpr std::int64_t kRowLimit = -1000001, kPastRowLimit = -1000002;

inline const std::vector<BinningCase>& binning_cases() {
  static const std::vector<BinningCase> cases = {
      // The bin count, for every sample type.
      {"integer", {kRowLimit, 0, 100}, ""},  {"integer", {kPastRowLimit, 0, 100}, "bins"},
      {"integer", {1, 0, 1}, ""},            {"integer", {1, 10, 11}, ""},
      {"floating", {kRowLimit, 0, 1}, ""},   {"floating", {kPastRowLimit, 0, 1}, "bins"},
      {"floating", {1, -1, 1}, ""},
      // Integer levels: integers within [min, max + 1] of the sample type.
      {"u8_u32", {256, 0, 256}, ""},         {"u8_u32", {1, -1, 256}, "integers"},    {"u8_u32", {1, 0, 257}, "integers"},
      {"u8_u32", {1, 0.5, 10}, "integers"},    {"u8_u32", {1, 3, 250.25}, "integers"},
      {"i8_u32", {256, -128, 128}, ""},      {"i8_u32", {1, -129, 0}, "integers"},    {"i8_u32", {1, 0, 129}, "integers"},
      {"u16_u32", {256, 0, 65536}, ""},      {"u16_u32", {1, -1, 10}, "integers"},    {"u16_u32", {1, 0, 65537}, "integers"},
      {"i16_u32", {256, -32768, 32768}, ""}, {"i16_u32", {1, -32769, 0}, "integers"}, {"i16_u32", {1, 0, 32769}, "integers"},
      // Floating levels: finite, of magnitude at most 2^1000.
      {"floating", {3, -0x1p1000, 0x1p1000}, ""},  {"floating", {3, -0x1.0000000000001p1000, 0}, "2^1000"},
      {"floating", {3, 0, 0x1p1001}, "2^1000"},     {"floating", {100, 0.1, 0.3}, ""},
      {"floating", {3, 0, HUGE_VAL}, "finite"},     {"floating", {3, -HUGE_VAL, 0}, "finite"},
      {"floating", {3, __builtin_nan(""), 1}, "finite"},
      // For every sample type: lower below upper, at least one bin.
      {"integer", {1, 5, 5}, "below"},       {"integer", {1, 6, 5}, "below"},
      {"floating", {1, 1, 1}, "below"},      {"floating", {1, 2, -2}, "below"},
      {"integer", {0, 0, 256}, "bins"},      {"floating", {-1, 0, 1}, "bins"},
  };
  return cases;
}

// The bin limit a row is held to: the fixed table's for a spec row, a port
// row's own statement (its max_bins) for a row the port defines; 0 when
// there is neither (the checks say so).
inline std::int64_t row_bins_limit(const histogram::Spec& declared, bool port_defined) {
  for (const RowBinLimit& l : kRowBinLimits) {
    if (l.row == declared.doc.name) return l.max_bins;
  }
  return port_defined ? declared.max_bins : 0;
}

// A case's binning with the row's limit put in for kRowLimit and kPastRowLimit.
inline histogram::Binning with_row_limit(histogram::Binning b, std::int64_t limit) {
  if (b.bins == kRowLimit) b.bins = limit;
  if (b.bins == kPastRowLimit) b.bins = limit + 1;
  return b;
}

// Whether a binning case applies to a typing.
inline bool applies(const BinningCase& c, const Typing& t) {
  if (c.samples == "integer") return is_integer(t.element);
  if (c.samples == "floating") return is_floating(t.element);
  return c.samples == typing_name(t);
}

// clang-format on

}  // namespace smemc::contract
