// The transpose rows themselves, on the host with no device: the spec's
// rows in smemc_spec_tests, a port's own rows in its conformance binary.

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <sstream>

#include "smemc/testing.hpp"
#include "transpose/spec.hpp"
#include "contract_checks.hpp"
#include "transpose_cases.hpp"
#include "transpose_contract_cases.hpp"

namespace smemc::transpose::testing {

// The rows these checks hold: defined by tests/spec/builtin_rows.cpp (the
// spec binary) and test_transpose.cpp (a backend's own rows).
const std::vector<Variant>& spec_checked_rows();

namespace {

class TransposeSpec : public ::testing::TestWithParam<Variant> {};

// What each suite needs (smemc/test_size.hpp): host, small or large.
SMEMC_SUITE_SIZE(TransposeContractGaps, host);
SMEMC_SUITE_SIZE(TransposeSpec, host);
SMEMC_SUITE_SIZE(TransposeBanks, host);

// §5.5's banks as a model: 32 banks of 4 bytes; a warp's access of elements
// of `size` bytes is served 128 bytes at a time (all 32 lanes for size <= 4,
// half a warp for 8, a quarter for 16), and within one such group the lanes
// that want different words of one bank are served one after another
// (lanes wanting one word share it). The wavefronts of an access: over its
// groups, the most distinct words any one bank is asked for. The profile
// checks measure the same on the H200 (tests/transpose/profile.cmake).
int wavefronts(const std::vector<std::size_t>& lane_bytes, std::size_t size) {
  constexpr std::size_t kBanks = 32, kWord = 4, kLanes = 32;
  const std::size_t lanes_per_group = size <= kWord ? kLanes : kLanes * kWord / size;
  int total = 0;
  for (std::size_t first = 0; first < kLanes; first += lanes_per_group) {
    std::vector<std::vector<std::size_t>> words_of_bank(kBanks);
    for (std::size_t lane = first; lane < first + lanes_per_group; ++lane) {
      for (std::size_t byte = lane_bytes[lane]; byte < lane_bytes[lane] + size; byte += kWord) {
        const std::size_t word = byte / kWord;
        auto& words = words_of_bank[word % kBanks];
        if (std::find(words.begin(), words.end(), word) == words.end()) words.push_back(word);
      }
    }
    std::size_t most = 0;
    for (const auto& words : words_of_bank) most = std::max(most, words.size());
    total += static_cast<int>(most);
  }
  return total;
}
// The fewest wavefronts a warp's access of `size`-byte elements can take.
int fewest_wavefronts(std::size_t size) { return size <= 4 ? 1 : static_cast<int>(size / 4); }

// Lane i at element (rows i, column c) of a tile whose rows are row_bytes
// long (a column read), or at (row r, column i) (a row write).
std::vector<std::size_t> column(std::size_t row_bytes, std::size_t size, std::size_t c) {
  std::vector<std::size_t> lanes(32);
  for (std::size_t i = 0; i < 32; ++i) lanes[i] = i * row_bytes + c * size;
  return lanes;
}
std::vector<std::size_t> row(std::size_t row_bytes, std::size_t size, std::size_t r) {
  std::vector<std::size_t> lanes(32);
  for (std::size_t i = 0; i < 32; ++i) lanes[i] = r * row_bytes + i * size;
  return lanes;
}

// The model holds the text's facts (§5.5, §5.6): smem[tid] and smem[33*tid]
// take one wavefront, smem[2*tid] two, smem[32*tid] and the unpadded 32x32
// tile's column 32.
TEST(TransposeBanks, the_model_holds_the_texts_figures) {
  auto strided = [](std::size_t stride) {
    std::vector<std::size_t> lanes(32);
    for (std::size_t i = 0; i < 32; ++i) lanes[i] = 4 * stride * i;
    return lanes;
  };
  EXPECT_EQ(wavefronts(strided(1), 4), 1);
  EXPECT_EQ(wavefronts(strided(2), 4), 2);
  EXPECT_EQ(wavefronts(strided(32), 4), 32);
  EXPECT_EQ(wavefronts(strided(33), 4), 1);
  EXPECT_EQ(wavefronts(column(32 * 4, 4, 0), 4), 32) << "the 32x32 float tile's column";
  EXPECT_EQ(wavefronts(column(32 * 8, 8, 0), 8), 32) << "an unpadded tile of 8-byte elements: 16 ways in each half-warp";
  EXPECT_EQ(wavefronts(column(32 * 8 + 4, 8, 0), 8), 4)
      << "a word of padding for 8-byte elements: two ways in each half-warp (and every odd row misaligned)";
}

// The spec's padding (kTilePadding), for every element size of the family:
// every column a warp reads and every row it writes takes the fewest
// wavefronts there are, and every element of every row stays at its own
// alignment (a 4-byte pad of 8-byte elements would put odd rows at 4-byte
// addresses: a fault on the GPU, not a conflict).
TEST(TransposeBanks, the_padding_makes_the_tile_conflict_free) {
  for (const Typing& t : kTypings) {
    const std::size_t size = info(t.element).bytes, padding = tile_padding_bytes(size);
    ASSERT_GT(padding, 0u) << typing_name(t) << ": the spec states no padding for " << size << "-byte elements";
    const std::size_t row_bytes = 32 * size + padding;
    EXPECT_EQ(row_bytes % size, 0u) << typing_name(t) << ": rows of " << row_bytes << " bytes misalign " << size
                                    << "-byte elements";
    for (std::size_t i = 0; i < 32; ++i) {
      EXPECT_EQ(wavefronts(column(row_bytes, size, i), size), fewest_wavefronts(size))
          << typing_name(t) << ": column " << i << " of rows " << row_bytes << " bytes long";
      EXPECT_EQ(wavefronts(row(row_bytes, size, i), size), fewest_wavefronts(size)) << typing_name(t) << ": row " << i;
    }
  }
}

TEST_P(TransposeSpec, spec_row) {
  const Spec& s = *GetParam().spec;
  const Typing& t = GetParam().typing;
  EXPECT_FALSE(s.doc.name.empty());
  EXPECT_FALSE(s.doc.idea.empty()) << s.doc.name;
  EXPECT_FALSE(s.doc.cost.empty()) << s.doc.name;
  EXPECT_TRUE(t.accumulator == t.element && t.output == t.element) << GetParam().typed_name() << ": a transpose computes nothing";
  if (s.padded_tile) EXPECT_GT(tile_padding_bytes(info(t.element).bytes), 0u) << GetParam().typed_name();
  const auto& rows = spec_checked_rows();
  EXPECT_EQ(std::count_if(rows.begin(), rows.end(), [&](const Variant& o) { return o.typed_name() == GetParam().typed_name(); }),
            1);
  ASSERT_TRUE(s.traffic != nullptr);
  EXPECT_EQ(s.shape.square, !accepts(s, 3, 5)) << s.doc.name << ": square-only rows refuse 3x5, the others take it";
  const std::int64_t side = std::min(s.shape.max_rows, s.shape.max_cols);
  EXPECT_TRUE(accepts(s, side, side)) << s.doc.name << ": " << shape_violation(s, side, side);
  EXPECT_FALSE(accepts(s, s.shape.max_rows + 1, s.shape.square ? s.shape.max_rows + 1 : 1)) << s.doc.name;
}

// The traffic the row states is what a model of its kernel's accesses
// counts (common/traffic.hpp's rule), in every typing, for shapes about the
// 32x32 tile and its edges (fitted into the row's shape domain).
TEST_P(TransposeSpec, traffic_is_the_models_count) {
  const Spec& s = *GetParam().spec;
  if (!s.model_traffic) GTEST_SKIP() << s.doc.name << " names no model of its accesses (Spec::model_traffic)";
  const Typing& t = GetParam().typing;
  for (std::int64_t rows : {std::int64_t{1}, std::int64_t{31}, std::int64_t{32}, std::int64_t{33}, std::int64_t{100}}) {
    for (std::int64_t cols : {std::int64_t{1}, std::int64_t{32}, std::int64_t{65}, std::int64_t{257}}) {
      if (!accepts(s, rows, cols)) continue;
      ASSERT_TRUE(
          smemc::testing::same_traffic(s.traffic(rows, cols, t), s.model_traffic(rows, cols, t),
                                       GetParam().typed_name() + " " + std::to_string(rows) + "x" + std::to_string(cols)));
    }
  }
}

// The row's validate() refuses and accepts exactly what its fixed table says.
// The fixed table has a case at each boundary of the row's stated domain
// (the row as stated: a narrowing's own boundaries are refuses_outside_narrowing's).
TEST_P(TransposeSpec, contract_table_covers_the_domain) {
  const Spec& s = *GetParam().declared;
  contract::expect_no_gaps(GetParam().typed_name(), contract_gaps(s.shape, contract::contract_of(s, GetParam().typing_name(),
                                                                                                 contract::transpose_cases())));
}

TEST_P(TransposeSpec, contract_table) {
  const Spec& s = *GetParam().spec;
  const Typing& t = GetParam().typing;
  contract::expect_table_holds(
      s.doc.name, contract::contract_of(s, GetParam().typing_name(), contract::transpose_cases()),
      [&](const contract::ShapeCase& c) {
        validate(
            s, {.rows = c.rows, .cols = c.cols, .in = contract::fake_address(1), .out = contract::fake_address(2), .typing = t});
      },
      [&](const contract::ShapeCase& c) { return contract::describe(s.doc.name, c); },
      [&](const contract::ShapeCase& c) { return shape_violation(s, c.rows, c.cols); });
}

// contract_gaps for shapes, against a table where every case is the only
// one at its boundary: complete, nothing missing; any one taken out, reported.
TEST(TransposeContractGaps, every_boundary_case_removed_is_reported) {
  const ShapeDomain rectangular{.square = false, .max_rows = 100, .max_cols = 200, .multiple_of = 4};
  const std::vector<contract::ShapeCase> minimal = {{-1, 4, "negative"}, {4, -1, "negative"}, {100, 200, ""},
                                                    {104, 4, "exceeds"}, {4, 204, "exceeds"}, {6, 4, "multiple"}};
  EXPECT_TRUE(contract_gaps(rectangular, minimal).empty());
  for (std::size_t i = 0; i < minimal.size(); ++i) {
    std::vector<contract::ShapeCase> cases = minimal;
    cases.erase(cases.begin() + static_cast<std::ptrdiff_t>(i));
    EXPECT_FALSE(contract_gaps(rectangular, cases).empty()) << "case " << i << " removed, and nothing reported";
  }
  const ShapeDomain square{.square = true, .max_rows = 100, .max_cols = 100};
  const std::vector<contract::ShapeCase> square_cases = {
      {-1, -1, "negative"}, {100, 100, ""}, {101, 101, "exceeds"}, {4, 5, "square"}};
  EXPECT_TRUE(contract_gaps(square, square_cases).empty());
  EXPECT_FALSE(contract_gaps(square, std::span(square_cases).first(3)).empty()) << "no non-square shape refused";
}

// The property's shapes in a full run stay within the dense range, written
// out (fixed table): rows·cols <= 2^20, a square side <= 1024; and they
// still reach past 2^16 (a drawn matrix larger than a CPU run's).
TEST_P(TransposeSpec, drawn_shapes_stay_within_2_20_elements) {
  const Variant& v = GetParam();
  std::int64_t largest = 0;
  for (const Shape& s : draws(shape_for(*v.spec, workload_named("full")), 300)) {
    EXPECT_LE(s.rows * s.cols, std::int64_t{1} << 20) << v.typed_name() << " drew " << s.rows << "x" << s.cols;
    if (v.spec->shape.square) EXPECT_LE(s.rows, 1024) << v.typed_name();
    largest = std::max(largest, s.rows * s.cols);
  }
  EXPECT_GT(largest, std::int64_t{1} << 16) << v.typed_name() << ": no drawn shape past 2^16 elements in 300 draws";
}

// Every shape a check runs (transpose_cases.hpp) is one the row takes: for
// the row as stated and narrowed at each bound a backend can narrow it (a
// side limit, a multiple, a product limit, several at once), in every
// workload (the property's generator drawn 200 times).
TEST_P(TransposeSpec, every_check_case_is_in_the_domain) {
  const Variant& v = GetParam();
  constexpr std::string_view kReason = "the domain self-test";
  const std::pair<const char*, Narrowing> bounds[] = {
      {"as stated", {}},
      {"n <= 1", {.reason = kReason, .max_n = 1}},
      {"n <= 100", {.reason = kReason, .max_n = 100}},
      {"n <= 5000", {.reason = kReason, .max_n = 5000}},
      {"a multiple of 3", {.reason = kReason, .n_multiple_of = 3}},
      {"a multiple of 64", {.reason = kReason, .n_multiple_of = 64}},
      {"rows·cols <= 5000", {.reason = kReason, .max_elements = 5000}},
      {"rows·cols <= INT_MAX", {.reason = kReason, .max_elements = INT_MAX}},
      {"n <= 5000, a multiple of 4, rows·cols <= 4096",
       {.reason = kReason, .max_n = 5000, .n_multiple_of = 4, .max_elements = 4096}},
  };
  int outside = 0;
  for (const auto& [name, narrowing] : bounds) {
    const auto row = narrowing.narrows() ? narrowed_row(*v.spec, narrowing) : std::make_shared<const Spec>(*v.spec);
    for (const Workload& w : every_workload()) {
      for (const CheckCase& c : check_cases(*row, w, 200)) {
        std::string why = shape_violation(*row, c.n, c.cols);
        if (why.empty()) why = shape_narrowing_violation(narrowing, c.n, c.cols);  // as a launcher refuses
        if (why.empty() || ++outside > 20) continue;
        std::ostringstream os;
        os << v.typed_name() << ", narrowed " << name << ", workload " << w.name << ": " << c
           << " is outside the domain: " << why;
        ADD_FAILURE() << os.str();
      }
    }
  }
  EXPECT_EQ(outside, 0) << v.typed_name() << ": cases outside the domain (the first 20 above)";
}

INSTANTIATE_TEST_SUITE_P(transpose, TransposeSpec, ::testing::ValuesIn(spec_checked_rows()), smemc::testing::VariantName{});
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(TransposeSpec);

}  // namespace
}  // namespace smemc::transpose::testing
