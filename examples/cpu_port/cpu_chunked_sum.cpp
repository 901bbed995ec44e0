// cpu_chunked_sum: a reduction row of this port's own in the ordered class,
// with its own host model and depth formula, the shape a port takes for a
// kernel whose order it states exactly; typed: float, double, and half
// summed in float (ordered, bitwise against the model), int64 wrapping
// modulo 2^64 (the exact class, which the join gives an integer typing).
//
// The order: chunks of B elements; each chunk summed left to right from its
// first element (no +0); the chunk sums, in the spec-sized workspace, added
// left to right from the first. The chunks run in parallel, the chain of
// chunk sums on one thread.
//
// Depth: the first element of chunk 0 goes through min(B, n) − 1 additions
// in its chunk and ⌈n/B⌉ − 1 in the chain; no element goes through more
// (chunk c > 0 joins the chain one addition later and is no longer). The
// spec test ReduceSpecModel.depth_formula_is_the_models holds the formula
// to the model's tree, measured with Depth leaves.
#include <algorithm>
#include <cstdint>
#include <span>
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
using cpu_port::run_grid;

// The order, for float (the result) and Depth (the depth of its tree):
// chunk_sum (cpu_rows.hpp) chained left to right.
template <typename V>
V chunked_sum(std::span<const V> x, int block) {
  const auto n = static_cast<std::int64_t>(x.size());
  if (n == 0) return V{};
  V total = chunk_sum(x, 0, block);
  for (std::int64_t c = 1; c < ceil_div(n, block); ++c) total = total + chunk_sum(x, c, block);
  return total;
}

// The typings this row states: its own list (a port row draws from any).
constexpr Typing kChunkedTypings[] = {
    kF32,
    {Scalar::f64, Scalar::f64, Scalar::f64},
    {Scalar::f16, Scalar::f32, Scalar::f32},
    {Scalar::i64, Scalar::i64, Scalar::i64, Overflow::wraps},
};

Values chunked_sum_model(const Values& x, const Typing& t, int block) {
  return visit_model(to_accumulator(x, t), [&]<typename A>(std::span<const A> acc) {
    const A sum = chunked_sum(acc, block);
    return to_output(std::span<const A>(&sum, 1), t.output);
  });
}

std::int64_t chunked_sum_model_depth(std::int64_t n, int block) {
  const std::vector<Depth> leaves(static_cast<std::size_t>(n));
  return chunked_sum(std::span<const Depth>(leaves), block).value;
}

std::int64_t chunked_sum_depth(std::int64_t n, int block) {
  if (n == 0) return 0;
  return std::min<std::int64_t>(block, n) - 1 + ceil_div(n, block) - 1;
}

// Asked for refused arguments too (the contract checks size the workspace
// first): nothing for those.
std::size_t chunk_sums_bytes(std::int64_t n, int block, const Typing& t) {
  return n < 0 || block < 1 ? 0 : info(t.accumulator).bytes * static_cast<std::size_t>(ceil_div(n, block));
}

Traffic chunked_traffic(std::int64_t n, int block, const Typing& t) {
  const std::int64_t chunks = ceil_div(n, block), e = info(t.element).bytes, a = info(t.accumulator).bytes;
  return {e * n + a * chunks, a * chunks + a};
}

}  // namespace

const Spec chunked_sum_row = {
    .doc = {.name = "cpu_chunked_sum",
            .idea = "chunks of B elements summed left to right in parallel, each from its first element; the chunk "
                    "sums added left to right",
            .cost = "one read of the input, ⌈n/B⌉ floats written and read back, one thread for the chain"},
    .error_model = "min(B, n) − 1 + ⌈n/B⌉ − 1: chunk 0's chain, then the chain of chunk sums",
    .input_use = InputUse::preserved,
    .determinism = Determinism::ordered,
    .domain = cpu_port::own_row_domain("the port's 64-bit indices, kept far from overflow"),
    .typings = kChunkedTypings,
    .workspace = "⌈n/B⌉ accumulator values: the chunk sums",
    .workspace_bytes = &chunk_sums_bytes,
    .summation_depth = &chunked_sum_depth,
    .model_depth = &chunked_sum_model_depth,
    .ordered_model = &chunked_sum_model,
    .traffic = &chunked_traffic,
    .contract_cases = cpu_port::kOwnRowContract,
};

// The kernel over elements E, adding in the model accumulator A (the
// unsigned twin of an integer one: its additions wrap), out[0] A's bits.
template <typename E, typename A>
void enqueue_chunked_sum(const Args& a, Stream stream, bool work) {
  A* out = host_pointer<A>(a.out);
  if (!work) {
    queue_of(stream).enqueue([out] { out[0] = A{}; });
    return;
  }
  queue_of(stream).enqueue(
      [n = a.n, x = host_pointer<const E>(a.data), out, sums = host_pointer<A>(a.workspace), block = a.block] {
        const std::int64_t chunks = ceil_div(n, block);
        run_grid(chunks, std::max<std::int64_t>(1, 8192 / block), [&](std::int64_t c) {
          const std::int64_t end = std::min(n, (c + 1) * block);
          A sum = widen_to<A>(x[c * block]);
          for (std::int64_t i = c * block + 1; i < end; ++i) sum = sum + widen_to<A>(x[i]);
          sums[c] = sum;
        });
        A total = sums[0];
        for (std::int64_t c = 1; c < chunks; ++c) total = total + sums[c];
        out[0] = total;
      });
}

void launch_chunked_sum(const Args& a, Stream stream) {
  const bool work = validate(chunked_sum_row, a);
  const Typing& t = a.typing;
  if (t == kChunkedTypings[0]) return enqueue_chunked_sum<float, float>(a, stream, work);
  if (t == kChunkedTypings[1]) return enqueue_chunked_sum<double, double>(a, stream, work);
  if (t == kChunkedTypings[2]) return enqueue_chunked_sum<Half, float>(a, stream, work);
  enqueue_chunked_sum<std::int64_t, std::uint64_t>(a, stream, work);  // validate() admits no other
}

}  // namespace smemc::reduce
