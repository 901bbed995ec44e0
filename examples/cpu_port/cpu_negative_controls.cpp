// Negative controls: one port row per determinism class that breaks the
// class's promise in one way, each a marked exhibit whose failing checks are
// recorded (Description::expected_failures). The run stays green while the
// class's checks catch them, and fails the moment a check stops catching
// one (a recorded failure gone) or starts failing something else: what a
// weakened class check on port rows (an "ordered" row held only to the
// bound, an "exact" one compared within a tolerance, a "deterministic" one
// never re-run) would otherwise let through unseen.
//
//   cpu_control_ordered_reversed     states the left-to-right order and its
//                                    model, sums right to left
//   cpu_control_exact_one_ulp        the correctly rounded exact sum, one
//                                    ulp up
//   cpu_control_deterministic_varies chunk sums chained forwards on odd
//                                    runs, backwards on even ones
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <string_view>
#include <vector>

#include "common/depth.hpp"
#include "common/preconditions.hpp"
#include "common/typed_models.hpp"
#include "cpu_device.hpp"
#include "cpu_rows.hpp"

namespace smemc::reduce {
namespace {

using cpu_port::host_pointer;
using cpu_port::queue_of;

// Left to right from the first element: the order the ordered control
// states (and its depth, n − 1 for the first element).
template <typename V>
V left_to_right(std::span<const V> x) {
  if (x.empty()) return V{};
  V sum = x[0];
  for (std::size_t i = 1; i < x.size(); ++i) sum = sum + x[i];
  return sum;
}

Values left_to_right_model(const Values& x, const Typing& t, int) {
  return visit_model(to_accumulator(x, t), [&]<typename A>(std::span<const A> acc) {
    const A sum = left_to_right(acc);
    return to_output(std::span<const A>(&sum, 1), t.output);
  });
}
std::int64_t left_to_right_model_depth(std::int64_t n, int) {
  const std::vector<Depth> leaves(static_cast<std::size_t>(n));
  return left_to_right(std::span<const Depth>(leaves)).value;
}
std::int64_t chain_depth(std::int64_t n, int) { return n == 0 ? 0 : n - 1; }
// Either direction of the chunk chain: chunk c's first element passes
// min(B, n) − 1 additions in its chunk and at most ⌈n/B⌉ − 1 in the chain.
std::int64_t chunk_chain_depth(std::int64_t n, int block) {
  return n == 0 ? 0 : std::min<std::int64_t>(block, n) - 1 + ceil_div(n, block) - 1;
}

// The recorded findings: every check that compares values to the class's
// promise, and only those ("<check>/<typing>"). The reversed order keeps
// every bound and gives all -0 data the same -0; one ulp off fails every
// value check, the bound's included (the exact class has no slack).
constexpr std::string_view kOrderedFindings[] = {"host_model_bitwise/f32", "edge_sizes/f32", "streams/f32",
                                                 "held_stream_result/f32"};
constexpr std::string_view kExactFindings[] = {"exact_sum/f32",  "exact_small_integers/f32",
                                               "edge_sizes/f32", "error_bound/f32",
                                               "nan_inf/f32",    "negative_zeros_every_size_class/f32",
                                               "streams/f32",    "held_stream_result/f32"};
constexpr std::string_view kDeterministicFindings[] = {"repeatable/f32"};

}  // namespace

const Spec control_ordered_reversed_row = {
    .doc = {.name = "cpu_control_ordered_reversed",
            .idea = "states a left-to-right sum (its model and depth), adds right to left",
            .cost = "one read of the input, one thread",
            .exhibit_reason = "negative control of the ordered class: the model's bits are not the row's",
            .expected_failures = kOrderedFindings},
    .error_model = "n − 1: the chain",
    .input_use = InputUse::preserved,
    .determinism = Determinism::ordered,
    .domain = cpu_port::own_row_domain("the port's 64-bit indices, kept far from overflow"),
    .workspace_bytes = &no_workspace,
    .summation_depth = &chain_depth,
    .model_depth = &left_to_right_model_depth,
    .ordered_model = &left_to_right_model,
    .traffic = &read_once,
    .contract_cases = cpu_port::kOwnRowContract,
};

const Spec control_exact_one_ulp_row = {
    .doc = {.name = "cpu_control_exact_one_ulp",
            .idea = "cpu_exact_sum's correctly rounded sum, then the next float up",
            .cost = "cpu_exact_sum's, and one step",
            .exhibit_reason = "negative control of the exact class: one ulp from the correctly rounded sum",
            .expected_failures = kExactFindings},
    .error_model = "none claimed: the exact class",
    .input_use = InputUse::preserved,
    .determinism = Determinism::exact,
    .domain = cpu_port::own_row_domain("cpu_exact_sum's"),
    .workspace_bytes = &no_workspace,
    .traffic = &read_once,
    .contract_cases = cpu_port::kOwnRowContract,
};

const Spec control_deterministic_varies_row = {
    .doc = {.name = "cpu_control_deterministic_varies",
            .idea = "chunks of B summed left to right; the chunk sums chained forwards on odd runs, backwards on even",
            .cost = "one read of the input, ⌈n/B⌉ sums on the stack, one thread",
            .exhibit_reason = "negative control of the deterministic class: within the bound, but not the same bits "
                              "run to run",
            .expected_failures = kDeterministicFindings},
    .error_model = "min(B, n) − 1 + ⌈n/B⌉ − 1: a chunk, then the chain either way",
    .input_use = InputUse::preserved,
    .determinism = Determinism::deterministic,
    .domain = cpu_port::own_row_domain("the port's 64-bit indices, kept far from overflow"),
    .workspace_bytes = &no_workspace,
    .summation_depth = &chunk_chain_depth,
    .traffic = &read_once,
    .contract_cases = cpu_port::kOwnRowContract,
};

void launch_control_ordered_reversed(const Args& a, Stream stream) {
  const bool work = validate(control_ordered_reversed_row, a);
  queue_of(stream).enqueue([work, n = a.n, x = host_pointer<const float>(a.data), out = host_pointer<float>(a.out)] {
    float sum = 0.0f;
    if (work) {
      sum = x[n - 1];
      for (std::int64_t i = n - 2; i >= 0; --i) sum = sum + x[i];
    }
    out[0] = sum;
  });
}

void launch_control_exact_one_ulp(const Args& a, Stream stream) {
  const bool work = validate(control_exact_one_ulp_row, a);
  launch_exact_sum(a, stream);
  queue_of(stream).enqueue([work, out = host_pointer<float>(a.out)] {
    if (work) out[0] = std::nextafter(out[0], std::numeric_limits<float>::infinity());
  });
}

void launch_control_deterministic_varies(const Args& a, Stream stream) {
  const bool work = validate(control_deterministic_varies_row, a);
  static std::atomic<std::uint64_t> runs{0};
  const bool backwards = runs.fetch_add(1) % 2 == 1;
  queue_of(stream).enqueue(
      [work, backwards, n = a.n, x = host_pointer<const float>(a.data), out = host_pointer<float>(a.out), block = a.block] {
        if (!work) {
          out[0] = 0.0f;
          return;
        }
        const std::span<const float> input(x, static_cast<std::size_t>(n));
        std::vector<float> sums(static_cast<std::size_t>(ceil_div(n, block)));
        for (std::size_t c = 0; c < sums.size(); ++c) sums[c] = chunk_sum(input, static_cast<std::int64_t>(c), block);
        if (backwards) std::reverse(sums.begin(), sums.end());
        float total = sums[0];
        for (std::size_t c = 1; c < sums.size(); ++c) total = total + sums[c];
        out[0] = total;
      });
}

}  // namespace smemc::reduce
