// The moving-average family's conformance checks, over every (row, typing)
// of the spec and then any the backend defines itself. Every floating
// typing: within the derived bound of the exact prefix means, prefix by
// prefix; every integer typing: the exact truncated means. Rows with a model: bit for
// bit against it (all outputs of an ordered row, the leading ones a run
// cannot vary of an unordered one). Deterministic rows: bitwise run to run
// and across streams. A row the backend does not implement is listed once.

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>
#include <atomic>
#include <future>
#include <string>
#include <limits>
#include <type_traits>
#include <cmath>
#include <set>
#include <sstream>
#include <stdexcept>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "moving_average/spec.hpp"
#include "moving_average_cases.hpp"
#include "moving_average_checks.hpp"
#include "moving_average_contract_cases.hpp"
#include "smemc/backend.hpp"
#include "smemc/cases.hpp"
#include "smemc/check_failure.hpp"
#include "smemc/compare.hpp"
#include "smemc/data.hpp"
#include "smemc/device_buffer.hpp"
#include "smemc/digest.hpp"
#include "smemc/error_bound.hpp"
#include "smemc/exact_sum.hpp"
#include "smemc/float_bits.hpp"
#include "smemc/generators.hpp"
#include "smemc/guarded_buffer.hpp"
#include "smemc/phase_timer.hpp"
#include "smemc/testing.hpp"
#include "smemc/workload.hpp"

namespace smemc::moving_average::testing {
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

using Case = SizedCase;
std::string describe(const Variant& v, const Case& c) { return smemc::describe(v.typed_name(), c); }

// The data kinds of a variant's element type.
std::span<const DataKind> all_kinds(const Variant& v) { return arithmetic_kinds(v.typing.element); }
std::span<const DataKind> finite_kinds(const Variant& v) { return finite_sum_kinds(v.typing.element); }
Values make_input(const Variant& v, DataKind kind, std::int64_t n, std::uint64_t seed) {
  return make_values(v.typing.element, kind, n, seed);
}

bool accepts(const Variant& v, std::int64_t n, int block) { return size_violation(*v.spec, n, block).empty(); }

// The cases (moving_average_cases.hpp) in this run's workload.
std::int64_t max_drawn_n(const Variant& v, int block) { return testing::max_drawn_n(*v.spec, block, workload()); }
rc::Gen<Case> case_for(const Variant& v, std::span<const DataKind> kinds) {
  return testing::case_for(*v.spec, kinds, workload());
}
// The smallest n from `n` the row takes (the host-only refusal checks' valid sizes).
std::int64_t at_least(const Variant& v, std::int64_t n, int block) { return smallest_taken_from(v.spec->domain, n, block); }

// Runs in place on a guarded buffer; returns what the buffer holds after.
Values run(const Variant& v, const Values& a, int block, Stream stream = {}) {
  const auto n = static_cast<std::int64_t>(a.size());
  GuardedArray data("data", v.typing.element, a.size(), stream);
  GuardedBytes workspace("workspace", v.spec->workspace_bytes(n, block, v.typing), stream);
  workspace.poison(stream);
  data.upload(a, stream);
  v.launch({.n = n, .data = data.data(), .workspace = workspace.payload(), .block = block}, stream);
  backend().synchronize(stream);
  data.verify_guards(stream);
  workspace.verify_guards(stream);
  return data.download(stream);
}

bool modelled(const Variant& v) { return v.spec->model != nullptr; }

void expect_same_outputs(const Values& expected, const Values& got, const std::string& context) {
  expect_elementwise(expected, got, NanPayloads::may_differ, context);
}

// Bit for bit against the model: every output of an ordered row, the
// leading outputs no run can vary (bitwise_prefix) of an unordered one;
// nothing for a row without a model.
void expect_model(const Variant& v, const Values& a, int block, const Values& got, const std::string& context) {
  if (!modelled(v)) return;
  const auto count = static_cast<std::size_t>(v.spec->bitwise_prefix(static_cast<std::int64_t>(a.size()), block));
  const Values model = [&] {
    const timing::ScopedPhase phase(timing::Phase::host_model);
    return v.spec->model(a, v.typing, block);
  }();
  expect_elementwise(
      model.slice(0, count), got.slice(0, count), NanPayloads::may_differ,
      context + " (against the host model" + (count < a.size() ? ", first " + std::to_string(count) + " outputs" : "") + ")");
}

class MovingAverageAll : public smemc::testing::VariantTest<Variant> {};
class MovingAverageAtLimit : public MovingAverageAll {};        // the rows' stated limits (gigabytes)
class MovingAverageModel : public MovingAverageAll {};          // rows with a host model
class MovingAverageDeterministic : public MovingAverageAll {};  // class deterministic
class MovingAverageLarge : public MovingAverageAll {};          // variants that take n past 2^31
class MovingAverageLauncher : public smemc::testing::LauncherTest<Variant> {};
class MovingAverageLauncherNarrowed : public MovingAverageLauncher {};
class MovingAverageUnsupported : public smemc::testing::UnsupportedRowTest<Variant> {};

// What each suite needs (smemc/test_size.hpp): host, small or large.
SMEMC_SUITE_SIZE(MovingAverageLauncher, host);
SMEMC_SUITE_SIZE(MovingAverageLauncherNarrowed, host);
SMEMC_SUITE_SIZE(MovingAverageTable, host);
SMEMC_SUITE_SIZE(MovingAverageUnsupported, host);
SMEMC_SUITE_SIZE(MovingAverageAtLimit, large);
SMEMC_SUITE_SIZE(MovingAverageLarge, large);
SMEMC_SUITE_SIZE(MovingAverageAll, small);
SMEMC_SUITE_SIZE(MovingAverageDeterministic, small);
SMEMC_SUITE_SIZE(MovingAverageModel, small);

TEST_P(MovingAverageUnsupported, declared) {}

TEST_P(MovingAverageModel, host_model_bitwise) {
  const Variant& v = GetParam();
  check_property([&] {
    const Case c = *case_for(v, all_kinds(v));
    const Values a = make_input(v, c.kind, c.n, c.seed);
    expect_model(v, a, c.block, run(v, a, c.block), describe(v, c));
  });
}

// Bitwise run to run, and across streams: two runs at once on two streams
// give the bits of a run alone.
TEST_P(MovingAverageDeterministic, repeatable) {
  const Variant& v = GetParam();
  check_property([&] {
    const Case c = *case_for(v, finite_kinds(v));
    const Values a = make_input(v, c.kind, c.n, c.seed);
    const Values first = run(v, a, c.block);
    for (int r = 1; r < workload().repeat_runs; ++r) {
      expect_same_outputs(first, run(v, a, c.block), describe(v, c) + " run " + std::to_string(r) + " against the first");
    }
  });
}

// Floating typings: within the bound of the exact prefix means; integer
// typings: the exact truncated means (the data's whole range included).
TEST_P(MovingAverageAll, error_bound) {
  const Variant& v = GetParam();
  check_property([&] {
    const Case c = *case_for(v, all_kinds(v));
    const Values a = make_input(v, c.kind, c.n, c.seed);
    expect_prefix_means(v, a, c.block, run(v, a, c.block), describe(v, c));
  });
}

// An integer typing at the edge of overflow: every element at its type's
// largest value, at the typing's largest n where that is near (bytes: the
// sum of 16843009 of 255 is 2^32 - 1, the most a u32 holds) or else at
// 2^20 + 3 (int32: a sum past 2^31, which an int32 accumulator would wrap).
// Every mean is then the largest value.
TEST_P(MovingAverageAll, overflow_edge) {
  const Variant& v = GetParam();
  const Typing& t = v.typing;
  if (!is_integer(t.accumulator)) GTEST_SKIP() << v.typed_name() << ": no integer accumulator";
  if (workload().reduced) GTEST_SKIP() << "the overflow edge runs in the full and cpu workloads";
  const int block = v.spec->domain.tested_blocks.front();
  const std::int64_t n = overflow_edge_size(*v.spec, block);
  ASSERT_TRUE(accepts(v, n, block)) << v.typed_name() << ": " << size_violation(*v.spec, n, block);
  Values largest(t.element, static_cast<std::size_t>(n));
  visit_scalar(t.element, [&]<typename E>(std::type_identity<E>) {
    if constexpr (std::is_integral_v<E>) {
      for (E& e : largest.as<E>()) e = std::numeric_limits<E>::max();
    }
  });
  expect_prefix_means(v, largest, block, run(v, largest, block),
                      v.typed_name() + " n=" + std::to_string(n) + ", every element its largest");
}

// One run on a stream of its own, set up, launched and finished apart (the
// launch-contract checks hold the stream while the launcher runs,
// testing.hpp says how). In place: while held, the data still holds the input.
struct StreamRun {
  const Variant& v;
  int block;
  Values a;
  StreamOwner stream;
  GuardedArray data;
  GuardedBytes workspace;

  StreamRun(const Variant& variant, int b, Values input)
      : v(variant),
        block(b),
        a(std::move(input)),
        data("data", variant.typing.element, a.size(), stream.get()),
        workspace("workspace", v.spec->workspace_bytes(static_cast<std::int64_t>(a.size()), b, v.typing), stream.get()) {
    data.upload(a, stream.get());
    workspace.poison(stream.get());
  }
  void launch() {
    v.launch({.n = static_cast<std::int64_t>(a.size()), .data = data.data(), .workspace = workspace.payload(), .block = block},
             stream.get());
  }
  std::string written_while_held() const {
    const Values now = data.download(Stream{});
    for (std::size_t i = 0; i < now.size(); ++i) {
      if (!same_element(a, i, now, i, NanPayloads::must_match)) return "data[" + std::to_string(i) + "] was overwritten";
    }
    return {};
  }
  Values finish() {
    stream.synchronize();
    data.verify_guards(stream.get());
    workspace.verify_guards(stream.get());
    return data.download(stream.get());
  }
};

// Two runs in flight at once on two streams give the bits of a run alone.
TEST_P(MovingAverageDeterministic, streams) {
  const Variant& v = GetParam();
  const int block = v.spec->domain.tested_blocks.front();
  const std::int64_t n = stream_size(*v.spec, block, workload());
  StreamRun first(v, block, make_input(v, DataKind::uniform, n, 0x57EA5u)),
      second(v, block, make_input(v, DataKind::uniform, n, 0x57EA6u));
  first.launch();
  second.launch();
  const Values got_first = first.finish(), got_second = second.finish();
  expect_same_outputs(run(v, first.a, block), got_first, v.typed_name() + " on stream 1 against a run alone");
  expect_same_outputs(run(v, second.a, block), got_second, v.typed_name() + " on stream 2 against a run alone");
}

Values held_stream_input(const Variant& v, int block) {
  return make_input(v, DataKind::uniform, held_stream_size(*v.spec, block, workload()), 0xA5C2u);
}

// The launch contract: enqueued on the given stream, no waiting. Only the
// contract: what the run computes is held_stream_result's.
TEST_P(MovingAverageAll, launch_is_asynchronous) {
  const Variant& v = GetParam();
  const int block = v.spec->domain.tested_blocks.front();
  StreamRun held(v, block, held_stream_input(v, block));
  (void)run(v, held.a, block);  // loads the kernels first: CUDA loads a module lazily, waiting for running kernels
  if (!smemc::testing::expect_asynchronous_launch(
          held.stream.get(), [&] { held.launch(); }, [&] { return held.written_while_held(); }, v.typed_name())) {
    return;
  }
  (void)held.finish();  // the guards, once the stream has run
}

// A launch enqueued while its stream was held computes the right means once
// the stream runs.
TEST_P(MovingAverageAll, held_stream_result) {
  const Variant& v = GetParam();
  const int block = v.spec->domain.tested_blocks.front();
  StreamRun held(v, block, held_stream_input(v, block));
  (void)run(v, held.a, block);
  if (!smemc::testing::launch_on_held_stream(held.stream.get(), [&] { held.launch(); })) return;
  const Values got = held.finish();
  const std::string context = v.typed_name() + " after the stream was released";
  expect_model(v, held.a, block, got, context);
  expect_prefix_means(v, held.a, block, got, context);
}

// The text's own example: a[i] = i for ten elements, the result replacing
// the input: 0, 0.5, 1, ..., 4.5, all exact in every floating type (an
// integer typing's truncated means: 0, 0, 1, 1, ..., 4).
TEST_P(MovingAverageAll, text_example_in_place) {
  const Variant& v = GetParam();
  const Scalar type = v.typing.element;
  Values a(type, 10);
  visit_scalar(type, [&]<typename E>(std::type_identity<E>) {
    if constexpr (std::is_same_v<E, Half>) {
      for (int i = 0; i < 10; ++i) a.as<E>()[i] = half_from(static_cast<float>(i));
    } else if constexpr (std::is_same_v<E, BFloat16>) {
      for (int i = 0; i < 10; ++i) a.as<E>()[i] = bfloat16_from(static_cast<float>(i));
    } else if constexpr (std::is_arithmetic_v<E>) {
      for (int i = 0; i < 10; ++i) a.as<E>()[i] = static_cast<E>(i);
    }
  });
  for (int block : text_example_blocks(*v.spec)) {
    const Values got = run(v, a, block);
    for (int i = 0; i < 10; ++i) {
      const double expected = is_integer(type) ? static_cast<double>(i / 2) : 0.5 * i;
      EXPECT_EQ(got.to_double(i), expected) << v.typed_name() << " block=" << block << " [" << i << "]";
    }
  }
}

TEST_P(MovingAverageAll, edge_sizes) {
  const Variant& v = GetParam();
  for (const auto& [block, n] : edge_size_cases(*v.spec, workload())) {
    const Case c{n, block, DataKind::uniform, 0xA5E7u + static_cast<std::uint64_t>(n)};
    const Values a = make_input(v, c.kind, c.n, c.seed);
    const Values got = run(v, a, block);
    expect_model(v, a, block, got, describe(v, c));
    expect_prefix_means(v, a, block, got, describe(v, c));
  }
}

// A row without a model, at a large n, on an input whose every partial sum
// is a small integer (large_input): each prefix sum S_i is then exact in
// any order, so the bound of every output is that of the division alone,
// |out_i (i+1) - S_i| <= gamma_2 S_i + (i+1) 2^-150 (k = 0). S_i is counted
// exactly (integers below 2^24 in double) as the outputs are read back chunk
// by chunk, each chunk in pieces over the cores; out_i (i+1), a 24-bit by
// 32-bit product, is exact in long double. Returns the outputs compared;
// the first failure stops the check.
std::int64_t compare_large_with_bound(const GuardedBuffer<float>& data, std::int64_t n,
                                      const std::function<float(std::int64_t)>& value, const std::string& context) {
  constexpr std::int64_t kChunk = std::int64_t{1} << 24, kPiece = std::int64_t{1} << 16;
  std::vector<float> chunk, inputs;
  double before_chunk = 0;  // the exact prefix sum before the chunk: an integer below 2^24
  std::int64_t compared = 0;
  for (std::int64_t first = 0; first < n; first += kChunk) {
    const auto size = static_cast<std::size_t>(std::min(kChunk, n - first));
    chunk.resize(size);
    inputs.resize(size);
    backend().download(chunk.data(), data.at(static_cast<std::size_t>(first)), size * sizeof(float), {});
    const timing::ScopedPhase phase(timing::Phase::compare);
    const auto pieces = static_cast<std::size_t>((static_cast<std::int64_t>(size) + kPiece - 1) / kPiece);
    std::vector<double> piece_start(pieces + 1, 0.0);
    tbb::parallel_for(std::size_t{0}, pieces, [&](std::size_t p) {
      double sum = 0;
      for (std::size_t j = p * kPiece; j < std::min(size, (p + 1) * kPiece); ++j)
        sum += inputs[j] = value(first + static_cast<std::int64_t>(j));
      piece_start[p + 1] = sum;
    });
    piece_start[0] = before_chunk;
    for (std::size_t p = 1; p <= pieces; ++p) piece_start[p] += piece_start[p - 1];
    before_chunk = piece_start[pieces];
    std::vector<std::string> failures(pieces);
    tbb::parallel_for(std::size_t{0}, pieces, [&](std::size_t p) {
      double prefix = piece_start[p];
      for (std::size_t j = p * kPiece; j < std::min(size, (p + 1) * kPiece); ++j) {
        const std::int64_t i = first + static_cast<std::int64_t>(j);
        prefix += inputs[j];
        const long double error =
            std::fabs(static_cast<long double>(chunk[j]) * static_cast<long double>(i + 1) - static_cast<long double>(prefix));
        const double bound = gamma(2) * prefix + static_cast<double>(i + 1) * kDivisionUnderflowAllowance;
        if (!(error <= bound)) {
          std::ostringstream os;
          os << context << ": [" << i << "] out " << smemc::describe(chunk[j]) << ", exact prefix sum " << prefix
             << ": |out*(i+1) - S| = " << static_cast<double>(error) << " exceeds gamma_2 S + (i+1) 2^-150 = " << bound;
          failures[p] = os.str();
          return;
        }
      }
    });
    for (const std::string& why : failures) {
      if (!why.empty()) fail_check(why);
    }
    compared += static_cast<std::int64_t>(size);
  }
  return compared;
}

// The streamed model beside the device: its means computed on a thread of
// their own while the input is made (on the device where the backend can:
// Backend::fill_hashed) and the device runs (the model needs only
// value(i), not the device's output), and kept as one result_digest a
// chunk of kChunk outputs (smemc/compare.hpp), not as means. The large
// checks' model took 8-12 s after 3-13 s of device work
// (docs/results/2026-12-04-b-h200.md); beside it, a check takes the longer
// of the two. Keeping the means themselves took n floats of fresh host
// memory (8.6 GB at 2^31 + 7) a check: about 2.2 million page faults and
// 6.7-8.9 s of system time each on the H200's host, and the three large
// checks that run at once slowed each other from 5-9 s alone to 12-17 s
// (docs/results/2026-12-05-f-h200.md, call 3). The digests take 8 bytes a
// chunk. Where they disagree, run_large_and_compare runs the model again
// after the device for the report, element by element.
class ModelBeside {
 public:
  static constexpr std::int64_t kChunk = std::int64_t{1} << 24;

  ModelBeside(const Spec& s, std::int64_t n, int block, const std::function<float(std::int64_t)>& value)
      : n_(n), digests_(static_cast<std::size_t>((n + kChunk - 1) / kChunk), 0) {
    if (s.stream_model == nullptr) return;
    running_ = std::async(std::launch::async, [this, &s, block, &value] {
      s.stream_model(n_, block, value, [this](std::int64_t first, std::span<const float> piece) { keep(first, piece); });
    });
  }
  ModelBeside(const ModelBeside&) = delete;
  ModelBeside& operator=(const ModelBeside&) = delete;
  // A test that stops early (a throw, an ASSERT) stops the model at its
  // next piece, and waits for its thread.
  ~ModelBeside() {
    stop_ = true;
    if (running_.valid()) running_.wait();
  }

  // Waits for the model (rethrowing what it threw); how many outputs it
  // covered.
  std::int64_t finish() {
    const timing::ScopedPhase phase(timing::Phase::host_model);
    running_.get();
    return covered_;
  }
  // The digest of the model's means of chunk c: outputs [c·kChunk,
  // min(n, (c + 1)·kChunk)), each at its own index.
  std::uint64_t digest(std::size_t c) const { return digests_[c]; }

 private:
  struct Stopped {};
  // Spec::stream_model's contract: consecutive pieces, in order, within
  // [0, n); a model that breaks it fails the check here rather than leave
  // means uncounted. A piece adds its parts' digests to their chunks'.
  void keep(std::int64_t first, std::span<const float> piece) {
    if (stop_) throw Stopped{};
    if (first != covered_ || static_cast<std::int64_t>(piece.size()) > n_ - first) {
      throw std::logic_error("stream_model gave the piece [" + std::to_string(first) + ", " +
                             std::to_string(first + static_cast<std::int64_t>(piece.size())) + ") after " +
                             std::to_string(covered_) + " of " + std::to_string(n_) + " outputs");
    }
    for (std::size_t done = 0; done < piece.size();) {
      const std::int64_t at = first + static_cast<std::int64_t>(done), chunk = at / kChunk;
      const auto part = std::min(piece.size() - done, static_cast<std::size_t>((chunk + 1) * kChunk - at));
      digests_[static_cast<std::size_t>(chunk)] += result_digest(piece.subspan(done, part), at);
      done += part;
    }
    covered_ += static_cast<std::int64_t>(piece.size());
  }

  std::int64_t n_;
  std::vector<std::uint64_t> digests_;
  std::int64_t covered_ = 0;
  std::atomic<bool> stop_{false};
  std::future<void> running_;  // last: destroyed first, after ~ModelBeside has waited
};

// Runs the row at n on a guarded buffer whose element i is input's
// (made on the device where the backend can: Backend::fill_hashed), and
// compares chunk by chunk: every output against the row's streamed model
// (Spec::stream_model), as same_result compares (a digest a chunk, the
// model's computed beside the device: ModelBeside; where one differs, bit
// for bit after the device), else within the bound; the guards, the
// workspace.
void run_large_and_compare(const Variant& v, std::int64_t n, int block, const HashedFloats& input) {
  const std::function<float(std::int64_t)> value = [input](std::int64_t i) { return hashed_float(input, i); };
  const std::size_t data_bytes = static_cast<std::size_t>(n) * sizeof(float) + 2 * GuardedBytes::kGuardBytes;
  if (const std::string why =
          smemc::testing::large_check_unfit(data_bytes + v.spec->workspace_bytes(n, block, v.typing), data_bytes);
      !why.empty()) {
    GTEST_SKIP() << v.typed_name() << " n=" << n << " block=" << block << ": " << why;
  }
  ModelBeside model(*v.spec, n, block, value);
  GuardedBuffer<float> data("data", static_cast<std::size_t>(n));
  GuardedBytes workspace("workspace", v.spec->workspace_bytes(n, block, v.typing));
  workspace.poison();
  constexpr std::int64_t kChunk = ModelBeside::kChunk;
  std::vector<float> chunk;
  backend().fill_hashed(data.data(), input, 0, static_cast<std::size_t>(n), {});
  v.launch({.n = n, .data = data.data(), .workspace = workspace.payload(), .block = block}, {});
  backend().synchronize({});
  data.verify_guards();
  workspace.verify_guards();
  const std::string context = std::string(v.name()) + " n=" + std::to_string(n) + " block=" + std::to_string(block);
  if (!v.spec->stream_model) {
    const std::int64_t compared = compare_large_with_bound(data, n, value, context);
    EXPECT_EQ(compared, n) << context << ": compared " << compared << " outputs";
    return;
  }
  const auto download = [&](std::int64_t first, std::size_t count) {
    chunk.resize(count);
    backend().download(chunk.data(), data.at(static_cast<std::size_t>(first)), count * sizeof(float), {});
  };
  const std::int64_t covered = model.finish();
  ASSERT_EQ(covered, n) << context << ": the streamed model covered " << covered << " outputs";
  std::vector<std::int64_t> differing;  // chunks whose digests differ
  for (std::int64_t first = 0; first < n; first += kChunk) {
    download(first, static_cast<std::size_t>(std::min(kChunk, n - first)));
    const timing::ScopedPhase phase(timing::Phase::compare);
    if (result_digest(chunk, first) != model.digest(static_cast<std::size_t>(first / kChunk)))
      differing.push_back(first / kChunk);
  }
  if (differing.empty()) return;
  // The report: the model again, piece by piece after the device, every
  // piece of a differing chunk compared element by element (the first
  // piece with a mismatch ends the check with its first five).
  const timing::ScopedPhase model_phase(timing::Phase::host_model);
  v.spec->stream_model(n, block, value, [&](std::int64_t first, std::span<const float> means) {
    const std::int64_t last = first + static_cast<std::int64_t>(means.size()) - 1;
    if (means.empty() || !std::any_of(differing.begin(), differing.end(),
                                      [&](std::int64_t c) { return c * kChunk <= last && first < (c + 1) * kChunk; })) {
      return;
    }
    download(first, means.size());
    expect_elementwise(means, chunk, NanPayloads::may_differ, context,
                       [first](std::size_t j) { return "[" + std::to_string(first + static_cast<std::int64_t>(j)) + "]"; });
  });
  ADD_FAILURE() << context << ": the digests of " << differing.size() << " chunk(s) of " << kChunk
                << " outputs differ from the streamed model's (the first: chunk " << differing.front()
                << "), yet its means, run again, match every output of them";
}

// n = 2^31 + 7 with the largest block: 64-bit element indices, and divisors
// i + 1 above 2^24 that round when converted to float (the "+2" of the
// bound); every output compared. About 8.6 GB of device memory.
TEST_P(MovingAverageLarge, large_n) {
  const Variant& v = GetParam();
  run_large_and_compare(v, kLargeN, largest_block(*v.spec), large_input_values(*v.spec));
}

// The row's stated limit, n = largest_n(B), run at exactly that value for
// the smallest block it tests (the smallest instance of the limit: the
// scan's INT_MAX − 1024 one-element tiles). Where even that does not fit
// the device, the skip says how much it would take; one past the limit is
// refused on the host (the contract tables).
TEST_P(MovingAverageAtLimit, large_limit) {
  const Variant& v = GetParam();
  const auto [block, n] = limit_case(*v.spec);
  ASSERT_TRUE(accepts(v, n, block)) << size_violation(*v.spec, n, block);
  if (n <= max_drawn_n(v, block)) GTEST_SKIP() << "the limit n = " << n << " is run by edge_sizes";
  run_large_and_compare(v, n, block, large_input_values(*v.spec));
}

// --- host-only ---------------------------------------------------------------

void expect_rejected(const Variant& v, const Args& a, const std::string& mentioning) {
  smemc::testing::expect_invalid_argument([&] { v.launch(a, {}); }, v.name(), mentioning,
                                          v.typed_name() + " n=" + std::to_string(a.n) + " block=" + std::to_string(a.block));
}

// What the variant's fixed table refuses, this backend's launcher refuses;
// and a null data address, or workspace where the row needs one.
TEST_P(MovingAverageLauncher, refuses_its_table) {
  const Variant& v = GetParam();
  const Spec& s = *v.spec;
  const DeviceAddress fake{reinterpret_cast<void*>(std::uintptr_t{0x10000}), 0};
  auto args = [&](std::int64_t n, int b) {
    return Args{
        .n = n, .data = fake, .workspace = s.workspace_bytes(n < 0 ? 0 : n, b, v.typing) ? fake : DeviceAddress{}, .block = b};
  };
  const auto cases = contract::contract_of(*v.declared, v.typing_name(), contract::moving_average_cases());
  ASSERT_FALSE(cases.empty()) << v.name()
                              << " has no fixed table (tests/<family>/<family>_contract_cases.hpp, or its own contract_cases)";
  for (const contract::SizeCase& c : cases) {
    if (c.refusal.empty()) continue;  // accepted cases are held to validate() on the host
    Args a = args(c.n, c.block);
    a.data = a.data.plus_bytes(c.data_offset_bytes);
    expect_rejected(v, a, std::string(c.refusal));
  }
  const int block = s.domain.tested_blocks.front();
  const std::int64_t n = at_least(v, 8, block);
  Args no_data = args(n, block);
  no_data.data = {};
  expect_rejected(v, no_data, "data");
  if (s.workspace_bytes(n, block, v.typing) > 0) {
    Args no_workspace = args(n, block);
    no_workspace.workspace = {};
    expect_rejected(v, no_workspace, "workspace");
  }
}

// A typing the row does not state is refused: every typing of the family's
// list the row leaves out, and one no row states (int64 elements).
TEST_P(MovingAverageLauncher, refuses_unstated_typings) {
  const Variant& v = GetParam();
  const Spec& s = *v.spec;
  const int block = s.domain.tested_blocks.front();
  const DeviceAddress fake{reinterpret_cast<void*>(std::uintptr_t{0x10000}), 0};
  std::vector<Typing> unstated = {{Scalar::i64, Scalar::i64, Scalar::i64, Overflow::wraps}};
  for (const Typing& t : kTypings) {
    if (typing_named(v.declared->typings, typing_name(t)) == nullptr) unstated.push_back(t);
  }
  for (const Typing& t : unstated) {
    const std::int64_t n = at_least(v, 8, block);
    const Args a{.n = n, .data = fake, .workspace = fake, .block = block, .typing = t};
    smemc::testing::expect_invalid_argument([&] { v.impl->launch(a, {}); }, v.name(), "typing",
                                            v.typed_name() + " launched as " + typing_name(t));
  }
}

// A narrowed entry's launcher refuses the first values its narrowing
// leaves out, naming the narrowing's reason.
TEST_P(MovingAverageLauncherNarrowed, refuses_outside_narrowing) {
  const Variant& v = GetParam();
  const auto outside = first_outside(v.declared->domain, v.impl->narrowing);
  ASSERT_FALSE(outside.empty()) << v.name() << ": its narrowing (" << v.narrowing() << ") leaves nothing of its row out";
  const DeviceAddress fake{reinterpret_cast<void*>(std::uintptr_t{0x10000}), 0};
  for (const SizePoint& p : outside) {
    const Args a{.n = p.n,
                 .data = fake,
                 .workspace = v.declared->workspace_bytes(p.n, p.block, v.typing) ? fake : DeviceAddress{},
                 .block = p.block};
    expect_rejected(v, a, std::string(v.impl->narrowing.reason));
  }
}

TEST(MovingAverageTable, matches_spec) {
  smemc::testing::expect_no_table_problems(table_problems(specs(), implementations()), "moving_average");
}

// Required rows: what this backend declines, it declines as its conformance
// profile (allowances(), beside its table) allows.
TEST(MovingAverageTable, meets_conformance_profile) {
  smemc::testing::expect_no_profile_problems(profile_problems(specs(), implementations(), allowances()), "moving_average");
}

// The cross-backend digest: every deterministic variant on fixed inputs of
// each data kind.
void write_digest(std::ostream& out) {
  for (const Variant& v : variants()) {
    const bool fixed_bits = v.spec->determinism == Determinism::ordered || v.spec->determinism == Determinism::exact;
    if (!fixed_bits || v.spec->doc.exhibit() || v.port_defined() || !v.narrowing().empty() || !v.not_implemented().empty() ||
        !v.unsupported_on_device().empty()) {
      continue;
    }
    for (int block : v.spec->domain.tested_blocks.first(std::min<std::size_t>(2, v.spec->domain.tested_blocks.size()))) {
      for (std::int64_t n : {std::int64_t{1}, std::int64_t{10}, std::int64_t{1000}, std::int64_t{100003}}) {
        n = std::min(n, v.spec->domain.largest_n(block));
        for (DataKind kind : all_kinds(v)) {
          const Values a = make_input(v, kind, n, 0xD16E57u + static_cast<std::uint64_t>(n));
          const Values got = run(v, a, block);
          out << "moving_average " << v.typed_name() << " n=" << n << " block=" << block << " data=" << kind << ' ' << std::hex
              << digest_words(got.data(), got.size_bytes()) << std::dec << '\n';
        }
      }
    }
  }
}
const bool digest_registered = register_digest("moving_average", &write_digest);

std::vector<Variant> variants_where(bool (*keep)(const Variant&)) { return smemc::testing::rows_where(variants(), keep); }
using smemc::testing::implemented;
using smemc::testing::is_narrowed;
using smemc::testing::unimplemented;
bool implemented_with_model(const Variant& v) { return implemented(v) && modelled(v); }
bool is_deterministic(const Variant& v) { return implemented(v) && v.spec->determinism == Determinism::deterministic; }
// The large checks run the f32 typing: they hold the 64-bit index
// arithmetic and the divisors past 2^24, which the kernels' templates share
// across typings, with inputs of billions of elements streamed through the
// float model; the integer typings' overflow edge is overflow_edge's.
bool is_large_f32(const Variant& v) { return implemented(v) && v.typing == kF32; }
bool takes_large_n(const Variant& v) { return is_large_f32(v) && testing::takes_large_n(*v.spec); }

INSTANTIATE_TEST_SUITE_P(moving_average, MovingAverageAll, ::testing::ValuesIn(variants_where(&implemented)), VariantName{});
INSTANTIATE_TEST_SUITE_P(moving_average, MovingAverageAtLimit, ::testing::ValuesIn(variants_where(&is_large_f32)), VariantName{});
INSTANTIATE_TEST_SUITE_P(moving_average, MovingAverageModel, ::testing::ValuesIn(variants_where(&implemented_with_model)),
                         VariantName{});
INSTANTIATE_TEST_SUITE_P(moving_average, MovingAverageDeterministic, ::testing::ValuesIn(variants_where(&is_deterministic)),
                         VariantName{});
INSTANTIATE_TEST_SUITE_P(moving_average, MovingAverageLarge, ::testing::ValuesIn(variants_where(&takes_large_n)), VariantName{});
INSTANTIATE_TEST_SUITE_P(moving_average, MovingAverageLauncher, ::testing::ValuesIn(variants_where(&implemented)), VariantName{});
INSTANTIATE_TEST_SUITE_P(moving_average, MovingAverageLauncherNarrowed, ::testing::ValuesIn(variants_where(&is_narrowed)),
                         VariantName{});
INSTANTIATE_TEST_SUITE_P(moving_average, MovingAverageUnsupported, ::testing::ValuesIn(variants_where(&unimplemented)),
                         VariantName{});
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(MovingAverageAll);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(MovingAverageAtLimit);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(MovingAverageModel);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(MovingAverageDeterministic);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(MovingAverageLarge);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(MovingAverageLauncher);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(MovingAverageLauncherNarrowed);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(MovingAverageUnsupported);

}  // namespace
}  // namespace smemc::moving_average::testing
