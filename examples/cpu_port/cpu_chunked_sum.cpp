// cpu_chunked_sum: a reduction row of this port's own in the ordered class,
// with its own host model and depth formula, the shape a port takes for a
// kernel whose order it states exactly.
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
#include "cpu_device.hpp"
#include "cpu_rows.hpp"

namespace smemc::reduce {
namespace {

using cpu_port::host_pointer;
using cpu_port::queue_of;
using cpu_port::run_grid;

// The order, for float (the result) and Depth (the depth of its tree).
template <typename V>
V chunk_sum(std::span<const V> x, std::int64_t c, int block) {
  const std::int64_t begin = c * block, end = std::min<std::int64_t>(static_cast<std::int64_t>(x.size()), begin + block);
  V sum = x[static_cast<std::size_t>(begin)];
  for (std::int64_t i = begin + 1; i < end; ++i) sum = sum + x[static_cast<std::size_t>(i)];
  return sum;
}

template <typename V>
V chunked_sum(std::span<const V> x, int block) {
  const auto n = static_cast<std::int64_t>(x.size());
  if (n == 0) return V{};
  V total = chunk_sum(x, 0, block);
  for (std::int64_t c = 1; c < ceil_div(n, block); ++c) total = total + chunk_sum(x, c, block);
  return total;
}

float chunked_sum_model(std::span<const float> x, int block) { return chunked_sum(x, block); }

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
std::size_t chunk_sums_bytes(std::int64_t n, int block) {
  return n < 0 || block < 1 ? 0 : sizeof(float) * static_cast<std::size_t>(ceil_div(n, block));
}

Traffic chunked_traffic(std::int64_t n, int block) {
  const std::int64_t chunks = ceil_div(n, block);
  return {4 * n + 4 * chunks, 4 * chunks + 4};
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
    .workspace = "⌈n/B⌉ floats: the chunk sums",
    .workspace_bytes = &chunk_sums_bytes,
    .summation_depth = &chunked_sum_depth,
    .model_depth = &chunked_sum_model_depth,
    .ordered_model = &chunked_sum_model,
    .traffic = &chunked_traffic,
    .contract_cases = cpu_port::kOwnRowContract,
};

void launch_chunked_sum(const Args& a, Stream stream) {
  const bool work = validate(chunked_sum_row, a);
  float* out = host_pointer<float>(a.out);
  if (!work) {
    queue_of(stream).enqueue([out] { out[0] = 0.0f; });
    return;
  }
  queue_of(stream).enqueue(
      [n = a.n, x = host_pointer<const float>(a.data), out, sums = host_pointer<float>(a.workspace), block = a.block] {
        const std::int64_t chunks = ceil_div(n, block);
        run_grid(chunks, std::max<std::int64_t>(1, 8192 / block), [&](std::int64_t c) {
          const std::int64_t end = std::min(n, (c + 1) * block);
          float sum = x[c * block];
          for (std::int64_t i = c * block + 1; i < end; ++i) sum = sum + x[i];
          sums[c] = sum;
        });
        float total = sums[0];
        for (std::int64_t c = 1; c < chunks; ++c) total = total + sums[c];
        out[0] = total;
      });
}

}  // namespace smemc::reduce
