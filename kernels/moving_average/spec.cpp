#include "moving_average/spec.hpp"

#include <climits>
#include <stdexcept>

#include "common/preconditions.hpp"
#include "moving_average/host_models.hpp"

namespace smemc::moving_average {
namespace {

constexpr int kOneBlockOfN[] = {0};
// Any block in [1, 1024] works, powers of two or not; the suite runs these.
constexpr int kScanBlocks[] = {256, 1, 7, 32, 33, 100, 1024};

// The text's sh_arr[10].
constexpr std::int64_t kSeedCapacity = 10;

std::size_t no_workspace(std::int64_t, int) { return 0; }
std::size_t carries_workspace(std::int64_t n, int block) {
  return n <= 0 || block < 1 ? 0 : static_cast<std::size_t>(ceil_div(n, block)) * sizeof(float);
}

constexpr std::int64_t F = sizeof(float);

// One block: every element read once, every mean written once.
Traffic one_block(std::int64_t n, int) { return {F * n, F * n}; }
// Totals: read n, write tiles; carries: read and write tiles; apply: read n
// and one carry per tile, write n.
Traffic three_phase(std::int64_t n, int block) {
  const std::int64_t tiles = n == 0 ? 0 : ceil_div(n, block);
  return {F * (2 * n + 2 * tiles), F * (n + 2 * tiles)};
}

SizeDomain one_block_domain(std::int64_t capacity, std::string_view reason) {
  return {.block = {0, 0, false}, .tested_blocks = kOneBlockOfN, .n_base = capacity, .n_per_block = 0,
          .n_limit_reason = reason};
}

// gpu_shared_memory's order: thread i sums its prefix left to right.
Spec one_block_row(Description doc, std::int64_t capacity, std::string_view reason) {
  return {.doc = doc,
          .error_model = "n: prefix i summed left to right from 0",
          .domain = one_block_domain(capacity, reason),
          .workspace_bytes = &no_workspace,
          .prefix_depth = &model::running_depth,
          .model_depth = &model::running_model_depth,
          .ordered_model = &model::running_mean_model,
          .traffic = &one_block};
}

const Spec kSpecs[] = {
    one_block_row({.name = "moving_average_seed",
                   .idea = "the text's gpu_shared_memory: stage a[0..n) in __shared__ float sh_arr[10], each thread "
                           "averages its prefix",
                   .cost = "one block; thread i reads i+1 shared values (O(n²) in all); a trailing store",
                   .exhibit_reason = "the trailing store sh_arr[index] = average, which the text calls redundant, races "
                                     "with the other threads' reads of sh_arr (no barrier between them): harmless only "
                                     "while the block's threads run in lockstep; on a CPU device later work-items "
                                     "average overwritten values, and Oclgrind reports the race"},
                  kSeedCapacity,
                  "the 10 elements of __shared__ float sh_arr[10]; moving_average_block takes up to 1024, "
                  "moving_average_scan any n"),
    one_block_row({.name = "moving_average_block",
                   .idea = "gpu_shared_memory for n ≤ 1024 and without the seed's racing trailing store: an extern "
                           "__shared__ array sized at launch",
                   .cost = "one block; O(n²) shared reads; only one SM busy"},
                  1024, "one block of 1024 threads; moving_average_scan takes any n"),
    {.doc = {.name = "moving_average_scan",
             .idea = "any n: per-tile Hillis-Steele scans in shared memory, tile totals scanned into carries, tiles "
                     "rescanned",
             .cost = "3 launches; the input is read twice; O(n log B) additions"},
     .error_model = "⌈log2 B⌉ + 10 + ⌈tiles/1024⌉ + 1",
     // Tiles index the grid's x dimension and the int loop of the carry scan.
     .domain = {.block = {1, 1024, false}, .tested_blocks = kScanBlocks, .n_base = 0,
                .n_per_block = INT_MAX - model::kCarryThreads, .n_limit_reason = "tiles index the grid"},
     .workspace = "⌈n/B⌉ floats",
     .workspace_bytes = &carries_workspace,
     .prefix_depth = &model::tiled_scan_depth,
     .model_depth = &model::tiled_scan_model_depth,
     .ordered_model = &model::tiled_scan_mean_model,
     .traffic = &three_phase},
};

}  // namespace

std::span<const Spec> specs() { return kSpecs; }

const Spec& spec_named(std::string_view name) { return row_named(specs(), name, "moving-average"); }

std::string size_violation(const Spec& s, std::int64_t n, int block) { return violation(s.domain, n, block); }

std::string preconditions(const Spec& s) {
  std::string text = describe(s.domain);
  if (!s.workspace.empty()) text += "; workspace " + std::string(s.workspace);
  return text + "; in place";
}

bool validate(const Spec& s, const Args& a) {
  const std::string_view name = s.doc.name;
  reject_if(name, size_violation(s, a.n, a.block));
  if (a.n == 0) return false;
  require_address(name, a.data, "data");
  if (s.workspace_bytes(a.n, a.block) > 0) require_address(name, a.workspace, "workspace");
  return true;
}

}  // namespace smemc::moving_average
