// The transpose family's conformance checks, over every (row, typing) of
// the registry: elements of 1, 2, 4, 8 and 16 bytes.
//
// Data movement must be exact for every bit pattern, so every check compares
// bits. Outputs start poisoned and the inputs never contain the poison
// pattern, so an unwritten element cannot match; guard zones catch writes
// outside the output; the input is checked unchanged after every run.

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>
#include <cstring>
#include <cstdint>
#include <sstream>
#include <stdexcept>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "common/preconditions.hpp"
#include "smemc/check_failure.hpp"
#include "smemc/compare.hpp"
#include "smemc/data.hpp"
#include "smemc/device_buffer.hpp"
#include "smemc/float_bits.hpp"
#include "smemc/generators.hpp"
#include "smemc/guarded_buffer.hpp"
#include "smemc/phase_timer.hpp"
#include "smemc/testing.hpp"
#include "smemc/workload.hpp"
#include "smemc/digest.hpp"
#include "transpose/spec.hpp"
#include "transpose_cases.hpp"
#include "transpose_contract_cases.hpp"

namespace smemc::transpose::testing {
namespace {

using smemc::describe;
using smemc::testing::check_property;
using smemc::testing::VariantName;

const std::vector<Variant>& variants() {
  static const std::vector<Variant> rows = join(specs(), implementations(), allowances());
  return rows;
}

}  // namespace

const std::vector<Variant>& spec_checked_rows() {
  static const std::vector<Variant> rows = smemc::testing::rows_where(variants(), &smemc::testing::port_defined<Variant>);
  return rows;
}

namespace {

std::string describe(const Variant& v, const Shape& s) {
  std::ostringstream os;
  os << v.typed_name() << ' ' << s;
  return os.str();
}

Scalar element_of(const Variant& v) { return v.typing.element; }

// Does the row take this shape?
bool accepts(const Variant& v, std::int64_t rows, std::int64_t cols) { return testing::accepts(*v.spec, rows, cols); }

// The exact transpose on the host, element by element as bytes, compared bit for bit.
void expect_transpose(const Values& in, const Values& out, const Shape& s, const std::string& context) {
  Values expected(in.type(), in.size());
  {
    const timing::ScopedPhase phase(timing::Phase::host_model);
    const std::size_t size = in.element_bytes();
    for (std::int64_t r = 0; r < s.rows; ++r) {
      for (std::int64_t c = 0; c < s.cols; ++c) {
        std::memcpy(expected.data() + static_cast<std::size_t>(c * s.rows + r) * size,
                    in.data() + static_cast<std::size_t>(r * s.cols + c) * size, size);
      }
    }
  }
  expect_elementwise(expected, out, NanPayloads::must_match, context, [&s](std::size_t i) {
    return "out[" + std::to_string(i / s.rows) + "][" + std::to_string(i % s.rows) + "]";
  });
}

void run_and_check(const Variant& v, const Shape& s) {
  const std::string context = describe(v, s);
  const Values in = make_values(element_of(v), DataKind::bit_patterns, s.rows * s.cols, s.seed);
  GuardedArray input("in", in.type(), in.size()), output("out", in.type(), in.size());
  input.upload(in);
  v.launch({.rows = s.rows, .cols = s.cols, .in = input.data(), .out = output.data()}, {});
  backend().synchronize({});
  input.verify_guards();
  output.verify_guards();
  if (input.download() != in) fail_check(context + ": the input was modified");
  expect_transpose(in, output.download(), s, context);
}

// The shapes (transpose_cases.hpp) in this run's workload.
rc::Gen<Shape> shape_for(const Variant& v) { return testing::shape_for(*v.spec, workload()); }
// An extent rounded up to the row's multiple (the host-only refusal checks' valid shapes).
std::int64_t at_least(const Variant& v, std::int64_t extent) { return round_up_to(extent, v.spec->shape.multiple_of); }

class TransposeAll : public smemc::testing::VariantTest<Variant> {};
class TransposeAtLimit : public TransposeAll {};  // the rows' stated limits (gigabytes)
class TransposeLarge : public TransposeAll {};    // variants that claim n = 46341
class TransposeLauncher : public smemc::testing::LauncherTest<Variant> {};
class TransposeLauncherNarrowed : public TransposeLauncher {};
class TransposeUnsupported : public smemc::testing::UnsupportedRowTest<Variant> {};

// What each suite needs (smemc/test_size.hpp): host, small or large.
SMEMC_SUITE_SIZE(TransposeLauncher, host);
SMEMC_SUITE_SIZE(TransposeLauncherNarrowed, host);
SMEMC_SUITE_SIZE(TransposeTable, host);
SMEMC_SUITE_SIZE(TransposeUnsupported, host);
SMEMC_SUITE_SIZE(TransposeAtLimit, large);
SMEMC_SUITE_SIZE(TransposeLarge, large);
SMEMC_SUITE_SIZE(TransposeAll, small);

TEST_P(TransposeUnsupported, declared) {}

TEST_P(TransposeAll, exact_bitwise) {
  const Variant& v = GetParam();
  check_property([&] {
    const Shape s = *shape_for(v);
    RC_PRE(s.rows * s.cols <= workload().max_matrix_elements && accepts(v, s.rows, s.cols));
    run_and_check(v, s);
  });
}

TEST_P(TransposeAll, edge_shapes) {
  const Variant& v = GetParam();
  for (const auto& [rows, cols] : edge_shapes(*v.spec, workload())) {
    run_and_check(v, {rows, cols, 0x7A5Eu + static_cast<std::uint64_t>(rows * 1000 + cols)});
  }
}

// One transpose on a stream of its own, for the launch-contract checks
// (the stream is held while the launcher runs; testing.hpp says how).
struct HeldTranspose {
  const Variant& v;
  Shape shape;
  Values in;
  StreamOwner stream;
  GuardedArray input, output;

  explicit HeldTranspose(const Variant& variant)
      : v(variant),
        shape{held_shape(*variant.spec).first, held_shape(*variant.spec).second, 0xA5C1u},
        in(make_values(element_of(variant), DataKind::bit_patterns, shape.rows * shape.cols, shape.seed)),
        input("in", in.type(), in.size(), stream.get()),
        output("out", in.type(), in.size(), stream.get()) {
    input.upload(in, stream.get());
  }
  void launch() { v.launch({.rows = shape.rows, .cols = shape.cols, .in = input.data(), .out = output.data()}, stream.get()); }
  std::string written_while_held() const {
    const Values out = output.download(Stream{});
    std::size_t written = 0;
    for (std::size_t i = 0; i < out.size(); ++i) written += is_poison_element(out, i) ? 0 : 1;
    return written == 0 ? std::string() : std::to_string(written) + " outputs were written";
  }
  Values finish() {
    stream.synchronize();
    input.verify_guards(stream.get());
    output.verify_guards(stream.get());
    return output.download(stream.get());
  }
};

// The launch contract: enqueued on the given stream, no waiting. Only the
// contract: what the run computes is held_stream_result's.
TEST_P(TransposeAll, launch_is_asynchronous) {
  const Variant& v = GetParam();
  HeldTranspose held(v);
  run_and_check(v, held.shape);  // loads the kernel first: CUDA loads a module lazily, waiting for running kernels
  if (!smemc::testing::expect_asynchronous_launch(
          held.stream.get(), [&] { held.launch(); }, [&] { return held.written_while_held(); }, v.typed_name())) {
    return;
  }
  (void)held.finish();  // the guards, once the stream has run
}

// A launch enqueued while its stream was held transposes exactly once the
// stream runs.
TEST_P(TransposeAll, held_stream_result) {
  const Variant& v = GetParam();
  HeldTranspose held(v);
  run_and_check(v, held.shape);
  if (!smemc::testing::launch_on_held_stream(held.stream.get(), [&] { held.launch(); })) return;
  expect_transpose(held.in, held.finish(), held.shape, describe(v, held.shape) + " after the stream was released");
}

// n = 46341: n*n = 2147488281 > 2^31, so 32-bit index arithmetic overflows.
// Every variant that claims the size transposes it exactly (the ones that do
// not are held to refusing it by TransposeHostContract.preconditions). About
// 17.2 GB of device memory; the data come from a hash of the index
// (smemc/hashed_values.hpp), made on the device where the backend can and
// checked chunk by chunk on the host.

// A rows x cols transpose too large to hold twice on the host: the input
// is a hash of the element index (Backend::fill_hashed: made on the device
// where the backend can), and every output element is compared with the
// input element it must be, computed again on the host chunk by chunk.
void run_large_and_compare(const Variant& v, std::int64_t rows, std::int64_t cols) {
  const std::string context = v.typed_name() + " " + std::to_string(rows) + "x" + std::to_string(cols);
  const auto elements = static_cast<std::size_t>(rows * cols);
  const std::size_t bytes = elements * sizeof(float) + 2 * GuardedBytes::kGuardBytes;
  if (const std::string why = smemc::testing::large_check_unfit(2 * bytes, bytes); !why.empty())
    GTEST_SKIP() << context << ": " << why;
  // Every bit pattern but the poison one, made on the device where the
  // backend can (Backend::fill_hashed).
  constexpr HashedFloats kInput{HashedKind::float_bits, 0};
  auto value_at = [g = kInput](std::int64_t index) { return hashed_float(g, index); };
  GuardedBuffer<float> input("in", elements), output("out", elements);
  constexpr std::int64_t kChunk = std::int64_t{1} << 24;
  std::vector<float> chunk, expected;
  // The expected outputs are made over the cores (oneTBB).
  auto fill = [](std::vector<float>& out, const auto& value) {
    const timing::ScopedPhase phase(timing::Phase::data);
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, out.size(), std::size_t{1} << 16), [&](const auto& r) {
      for (std::size_t j = r.begin(); j != r.end(); ++j) out[j] = value(j);
    });
  };
  backend().fill_hashed(input.data(), kInput, 0, elements, {});
  v.launch({.rows = rows, .cols = cols, .in = input.data(), .out = output.data()}, {});
  backend().synchronize({});
  input.verify_guards();
  output.verify_guards();
  for (std::int64_t first = 0; first < rows * cols;
       first += kChunk) {  // out is cols x rows: out[k] = in[(k % rows) * cols + k / rows]
    chunk.resize(static_cast<std::size_t>(std::min(kChunk, rows * cols - first)));
    expected.resize(chunk.size());
    backend().download(chunk.data(), output.at(static_cast<std::size_t>(first)), chunk.size() * sizeof(float), {});
    fill(expected, [&](std::size_t j) {
      const std::int64_t k = first + static_cast<std::int64_t>(j);
      return value_at((k % rows) * cols + k / rows);
    });
    expect_elementwise(expected, chunk, NanPayloads::must_match, context, [first, rows](std::size_t j) {
      const std::int64_t k = first + static_cast<std::int64_t>(j);
      return "out[" + std::to_string(k / rows) + "][" + std::to_string(k % rows) + "]";
    });
  }
}

TEST_P(TransposeLarge, large_n46341) { run_large_and_compare(GetParam(), kLargeN, kLargeN); }

// The row's stated limits, run at exactly those values: the largest square
// of a square-only row; the most rows (one column) and the most columns
// (one row) of the others. One past each is refused on the host (the
// contract tables). A limit no device can hold (the tiled transpose's
// 2097120², 17.6 TB) skips, saying how much it would take.
TEST_P(TransposeAtLimit, large_limit) {
  const Variant& v = GetParam();
  for (const auto& [rows, cols] : limit_shapes(*v.spec)) {
    run_large_and_compare(v, rows, cols);
    if (IsSkipped() || HasFailure()) return;
  }
}

// --- host-only ---------------------------------------------------------------

void expect_rejected(const Variant& v, Args a, const std::string& mentioning) {
  smemc::testing::expect_invalid_argument([&] { v.launch(a, {}); }, v.name(), mentioning,
                                          v.typed_name() + " " + std::to_string(a.rows) + "x" + std::to_string(a.cols));
}

// What the variant's fixed table refuses, this backend's launcher refuses;
// and the addresses: null, or overlapping (no transpose here is in place).
TEST_P(TransposeLauncher, refuses_its_table) {
  const Variant& v = GetParam();
  const DeviceAddress in{reinterpret_cast<void*>(std::uintptr_t{0x10000}), 0};
  const DeviceAddress out{reinterpret_cast<void*>(std::uintptr_t{0x20000}), 0};
  const auto cases = contract::contract_of(*v.declared, v.typing_name(), contract::transpose_cases());
  ASSERT_FALSE(cases.empty()) << v.name()
                              << " has no fixed table (tests/<family>/<family>_contract_cases.hpp, or its own contract_cases)";
  for (const contract::ShapeCase& c : cases) {
    if (!c.refusal.empty()) expect_rejected(v, {.rows = c.rows, .cols = c.cols, .in = in, .out = out}, std::string(c.refusal));
  }
  const std::int64_t side = at_least(v, 64);
  const std::size_t size = info(element_of(v)).bytes;
  expect_rejected(v, {.rows = side, .cols = side, .in = in, .out = in.plus_bytes(static_cast<std::size_t>(side + 36) * size)},
                  "overlap");
  expect_rejected(v, {.rows = side, .cols = side, .in = {}, .out = out}, "in");
  expect_rejected(v, {.rows = side, .cols = side, .in = in, .out = {}}, "out");
  if (size > 1) {  // an element's own alignment
    expect_rejected(v, {.rows = side, .cols = side, .in = in.plus_bytes(size / 2), .out = out}, "aligned");
    expect_rejected(v, {.rows = side, .cols = side, .in = in, .out = out.plus_bytes(size / 2)}, "aligned");
  }
}

// A typing the row does not state is refused: every typing of the family's
// list the row leaves out, and one no row states (an i32 transpose).
TEST_P(TransposeLauncher, refuses_unstated_typings) {
  const Variant& v = GetParam();
  const DeviceAddress in{reinterpret_cast<void*>(std::uintptr_t{0x10000}), 0};
  const DeviceAddress out{reinterpret_cast<void*>(std::uintptr_t{0x20000}), 0};
  std::vector<Typing> unstated = {{Scalar::i32, Scalar::i32, Scalar::i32}};
  for (const Typing& t : kTypings) {
    if (typing_named(v.declared->typings, typing_name(t)) == nullptr) unstated.push_back(t);
  }
  const std::int64_t side = at_least(v, 64);
  for (const Typing& t : unstated) {
    smemc::testing::expect_invalid_argument(
        [&] { v.impl->launch({.rows = side, .cols = side, .in = in, .out = out, .typing = t}, {}); }, v.name(), "typing",
        v.typed_name() + " launched as " + typing_name(t));
  }
}

// A narrowed entry's launcher refuses the first shapes its narrowing leaves
// out, naming the narrowing's reason.
TEST_P(TransposeLauncherNarrowed, refuses_outside_narrowing) {
  const Variant& v = GetParam();
  const auto outside = first_outside(*v.declared, v.impl->narrowing);
  ASSERT_FALSE(outside.empty()) << v.name() << ": its narrowing (" << v.narrowing() << ") leaves nothing of its row out";
  const DeviceAddress in{reinterpret_cast<void*>(std::uintptr_t{0x10000}), 0};
  const DeviceAddress out{reinterpret_cast<void*>(std::uintptr_t{0x20000}), 0};
  for (const auto& [rows, cols] : outside) {
    expect_rejected(v, {.rows = rows, .cols = cols, .in = in, .out = out}, std::string(v.impl->narrowing.reason));
  }
}

TEST(TransposeTable, matches_spec) {
  smemc::testing::expect_no_table_problems(table_problems(specs(), implementations()), "transpose");
}

// Required rows: what this backend declines, it declines as its conformance
// profile (allowances(), beside its table) allows.
TEST(TransposeTable, meets_conformance_profile) {
  smemc::testing::expect_no_profile_problems(profile_problems(specs(), implementations(), allowances()), "transpose");
}

// The cross-backend digest: every variant (all are deterministic) on a few
// fixed shapes of arbitrary bit patterns.
void write_digest(std::ostream& out) {
  for (const Variant& v : variants()) {
    if (v.spec->doc.exhibit() || v.port_defined() || !v.narrowing().empty() || !v.not_implemented().empty() ||
        !v.unsupported_on_device().empty()) {
      continue;
    }
    for (const auto& [rows, cols] :
         {std::pair<std::int64_t, std::int64_t>{1, 1}, {33, 33}, {100, 100}, {1000, 1000}, {37, 1000}}) {
      if (!accepts(v, rows, cols)) continue;
      const Values in = make_values(element_of(v), DataKind::bit_patterns, rows * cols, 0xD16E57u + rows);
      GuardedArray input("in", in.type(), in.size()), output("out", in.type(), in.size());
      input.upload(in);
      v.launch({.rows = rows, .cols = cols, .in = input.data(), .out = output.data()}, {});
      backend().synchronize({});
      const Values got = output.download();
      out << "transpose " << v.typed_name() << ' ' << rows << 'x' << cols << ' ' << std::hex
          << digest_words(got.data(), got.size_bytes()) << std::dec << '\n';
    }
  }
}
const bool digest_registered = register_digest("transpose", &write_digest);

std::vector<Variant> variants_where(bool (*keep)(const Variant&)) { return smemc::testing::rows_where(variants(), keep); }
using smemc::testing::implemented;
using smemc::testing::is_narrowed;
using smemc::testing::unimplemented;
// The large checks run the f32 typing: they hold the 64-bit index arithmetic
// past 2^31 elements, which the kernels' templates share across element
// sizes (an 8- or 16-byte typing would take 34 or 69 GB at 46341²).
bool is_large_f32(const Variant& v) { return implemented(v) && v.typing == kF32; }
bool takes_large_n(const Variant& v) { return is_large_f32(v) && testing::takes_large_n(*v.spec); }

INSTANTIATE_TEST_SUITE_P(transpose, TransposeAll, ::testing::ValuesIn(variants_where(&implemented)), VariantName{});
INSTANTIATE_TEST_SUITE_P(transpose, TransposeAtLimit, ::testing::ValuesIn(variants_where(&is_large_f32)), VariantName{});
INSTANTIATE_TEST_SUITE_P(transpose, TransposeLarge, ::testing::ValuesIn(variants_where(&takes_large_n)), VariantName{});
INSTANTIATE_TEST_SUITE_P(transpose, TransposeLauncher, ::testing::ValuesIn(variants_where(&implemented)), VariantName{});
INSTANTIATE_TEST_SUITE_P(transpose, TransposeLauncherNarrowed, ::testing::ValuesIn(variants_where(&is_narrowed)), VariantName{});
INSTANTIATE_TEST_SUITE_P(transpose, TransposeUnsupported, ::testing::ValuesIn(variants_where(&unimplemented)), VariantName{});
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(TransposeAll);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(TransposeAtLimit);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(TransposeLarge);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(TransposeLauncher);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(TransposeLauncherNarrowed);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(TransposeUnsupported);

}  // namespace
}  // namespace smemc::transpose::testing
