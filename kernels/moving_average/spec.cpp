#include "moving_average/spec.hpp"

#include <algorithm>
#include <climits>
#include <stdexcept>

#include "common/preconditions.hpp"
#include "moving_average/host_models.hpp"

namespace smemc::moving_average {
namespace {

constexpr int kOneBlockOfN[] = {0};
// Any block in [1, 1024] works, powers of two or not; the suite runs these.
constexpr int kScanBlocks[] = {256, 1, 7, 32, 33, 100, 1024};
// Whole warps, every power of two from 32 to 1024.
constexpr int kWarpBlocks[] = {256, 32, 64, 128, 512, 1024};

// The text's sh_arr[10].
constexpr std::int64_t kSeedCapacity = 10;

std::int64_t bytes_of(Scalar s) { return static_cast<std::int64_t>(info(s).bytes); }

// One carry (an accumulator value) a tile.
std::size_t carries_workspace(std::int64_t n, int block, const Typing& t) {
  return n <= 0 || block < 1 ? 0 : static_cast<std::size_t>(ceil_div(n, block) * bytes_of(t.accumulator));
}
std::int64_t lookback_tiles(std::int64_t n, int block) { return ceil_div(n, std::int64_t{model::kLookbackItems} * block); }
// One 8-byte status word per tile (flag and value, written together) and the tile ticket.
std::size_t lookback_workspace(std::int64_t n, int block, const Typing&) {
  return n <= 0 || block < 1 ? 0 : static_cast<std::size_t>(lookback_tiles(n, block) + 1) * 8;
}

// Traffic by common/traffic.hpp's rule; each row also names its model's
// count (model_traffic), which the host tests hold the formula to.
// One block: every element read once, every mean written once.
Traffic one_block(std::int64_t n, int, const Typing& t) { return {bytes_of(t.element) * n, bytes_of(t.output) * n}; }
// Three launches. Totals: read n, write tiles; carries: read and write
// tiles; apply: read n and one carry per tile (every thread of a tile loads
// the same one), write n.
Traffic three_phase(std::int64_t n, int block, const Typing& t) {
  const std::int64_t tiles = n == 0 ? 0 : ceil_div(n, block), E = bytes_of(t.element), A = bytes_of(t.accumulator);
  return {E * 2 * n + A * 2 * tiles, bytes_of(t.output) * n + A * 2 * tiles};
}
// A memset clears the tiles + 1 status words (the ticket in the last); then
// one launch reads and writes every element once, takes the ticket (an
// atomic on its 4 bytes) and writes each tile's status word (the aggregate
// and then the inclusive prefix, one word). Its look-back loads words its
// predecessors have stored in the same launch, which the caches serve: the
// run the model follows, in which each tile's predecessor has published
// before the tile looks back. A look-back that loads a word before its
// tile stores it reads those 8 bytes as well. (float only)
Traffic lookback_traffic(std::int64_t n, int block, const Typing&) {
  constexpr std::int64_t F = sizeof(float), kTicket = 4;
  if (n == 0) return {};
  const std::int64_t tiles = lookback_tiles(n, block);
  return {F * n + kTicket, 8 * (tiles + 1) + F * n + kTicket + 8 * tiles};
}

SizeDomain one_block_domain(std::int64_t capacity, std::string_view reason) {
  return {.block = {0, 0, false}, .tested_blocks = kOneBlockOfN, .n_base = capacity, .n_per_block = 0, .n_limit_reason = reason};
}

// gpu_shared_memory's order: thread i sums its prefix left to right.
Spec one_block_row(Description doc, std::int64_t capacity, std::string_view reason,
                   std::span<const Typing> typings = kFloatOnly) {
  return {.doc = doc,
          .typings = typings,
          .error_model = "i + 1: prefix i summed left to right from 0",
          .domain = one_block_domain(capacity, reason),
          .workspace_bytes = &no_workspace,
          .prefix_depth = &model::running_depth,
          .model_depths = &model::running_model_depths,
          .model = &model::running_mean_typed,
          .bitwise_prefix = &model::all_bitwise,
          .stream_model = &model::running_mean_stream,
          .traffic = &one_block,
          .model_traffic = &model::running_model_traffic};
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
                  1024, "one block of 1024 threads; moving_average_scan takes any n", kTypings),
    {.doc = {.name = "moving_average_scan",
             .idea = "any n: per-tile Hillis-Steele scans in shared memory, tile totals scanned into carries, tiles "
                     "rescanned",
             .cost = "3 launches; the input is read twice; O(n log B) additions"},
     .typings = kTypings,
     .error_model = "max(max(c, p) + 1, width(i mod B)) + 1 with the tile's chunk c = ⌊tile/1024⌋ carried (dT + 10 + c, "
                    "0 for c = 0), its prefix in the chunk p = dT + width(tile mod 1024 − 1) (0 first), dT = width(B − 1)",
     // Tiles index the grid's x dimension and the int loop of the carry scan.
     .domain = {.block = {1, 1024, false},
                .tested_blocks = kScanBlocks,
                .n_base = 0,
                .n_per_block = INT_MAX - model::kCarryThreads,
                .n_limit_reason = "tiles index the grid"},
     .workspace = "⌈n/B⌉ carries (accumulator values)",
     .workspace_bytes = &carries_workspace,
     .prefix_depth = &model::tiled_scan_depth,
     .model_depths = &model::tiled_scan_model_depths,
     .model = &model::tiled_scan_mean_typed,
     .bitwise_prefix = &model::all_bitwise,
     .stream_model = &model::tiled_scan_mean_stream,
     .traffic = &three_phase,
     .model_traffic = &model::tiled_scan_model_traffic},
    {.doc = {.name = "moving_average_lookback",
             .idea = "one pass: tiles of 24B elements take a ticket, scan in registers and warp shuffles, publish their "
                     "aggregate and look back over their predecessors' status words for the exclusive prefix; each "
                     "warp stages its contiguous span through shared memory, so every access uses whole sectors",
             .cost = "every element read and written once, in one launch (plus clearing the status words); a tile "
                     "waits only for its predecessors' aggregates; 96B bytes of shared memory a block"},
     .error_model = "(E + X) + l_k: tile t's look-back E at most dA + t deep (dA = 28 + width(B/32 − 1), 0 for the "
                    "first tile), X = the thread's prefix in the tile, l_k its serial scan (k ≤ 23)",
     .determinism = Determinism::unordered,
     .domain = {.block = {32, 1024, true},
                .tested_blocks = kWarpBlocks,
                .n_base = 0,
                .n_per_block = std::int64_t{model::kLookbackItems} * INT_MAX,
                .n_limit_reason = "at most INT_MAX tiles of 24B: the grid's x limit"},
     .items_per_thread = model::kLookbackItems,
     .workspace = "⌈n/24B⌉ + 1 status words of 8 bytes",
     .data_alignment = 16,
     .workspace_bytes = &lookback_workspace,
     .prefix_depth = &model::lookback_depth,
     .model_depths = &model::lookback_model_depths,
     .model = &model::lookback_mean_typed,
     .bitwise_prefix = &model::first_tile,
     .stream_model = &model::lookback_mean_stream,
     .traffic = &lookback_traffic,
     .model_traffic = &model::lookback_model_traffic},
};

}  // namespace

std::span<const Spec> specs() { return kSpecs; }

const Spec& spec_named(std::string_view name) { return row_named(specs(), name, "moving-average"); }

std::string size_violation(const Spec& s, std::int64_t n, int block) { return violation(s.domain, n, block); }

std::string preconditions(const Spec& s) {
  std::string text = describe(s.domain);
  if (!s.workspace.empty()) text += "; workspace " + std::string(s.workspace);
  if (!s.managed_workspace.empty()) text += "; manages its own workspace (" + std::string(s.managed_workspace) + ")";
  if (s.data_alignment > 1) text += "; data " + std::to_string(s.data_alignment) + "-byte aligned";
  return text + "; in place";
}

std::int64_t prefix_depth_bound(const Spec& s, std::int64_t i, std::int64_t n, int block) {
  return s.prefix_depth != nullptr ? s.prefix_depth(i, n, block) : worst_case_depth(i + 1);
}

bool validate(const Spec& s, const Args& a) {
  const std::string_view name = s.doc.name;
  reject_if(name, typing_violation(s.typings, a.typing));
  reject_if(name, violation(typed_domain(s.domain, a.typing), a.n, a.block));
  if (a.n == 0) return false;
  require_address(name, a.data, "data");
  reject_if(name, alignment_violation(a.data.offset, std::max(s.data_alignment, info(a.typing.element).bytes)));
  if (s.workspace_bytes(a.n, a.block, a.typing) > 0) require_address(name, a.workspace, "workspace");
  return true;
}

SpecTable spec_table() {
  return spec_table_of(specs(), &preconditions, {"typings", "determinism", "depth k of prefix i"}, [](const Spec& s) {
    return std::vector<std::string>{describe_typings(s.typings),
                                    std::string(to_string(s.determinism)) + typed_class_note(s.typings),
                                    std::string(s.error_model)};
  });
}

}  // namespace smemc::moving_average
