// The reduction rows. Rows that share a kind (the halving cascades, the
// trees with a fix-up, the trees with an atomic finish) are made by one
// function each, so a new tail or scratch kind is one more call with its
// description.
#include "reduce/spec.hpp"

#include <algorithm>
#include <climits>
#include <stdexcept>

#include "common/preconditions.hpp"
#include "common/typed_models.hpp"
#include "reduce/host_models.hpp"

namespace smemc::reduce {
namespace {

// Any block in [1, 1024]: saxpy is elementwise. The suite runs a sample.
constexpr int kSaxpyBlocks[] = {256, 1, 7, 33, 1024};
// Every power of two the tree rule admits; 1024 first (single-size checks).
constexpr int kTreeBlocks[] = {1024, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512};
// The warp tails start at 64 partials.
constexpr int kWarpTailBlocks[] = {256, 64, 128, 512, 1024};
// Whole warps: every power of two from one warp to 32.
constexpr int kWarpBlocks[] = {256, 32, 64, 128, 512, 1024};

constexpr std::string_view kIntIndices = "int index arithmetic";

SizeDomain saxpy_domain(bool n_power_of_two) {
  return {.block = {1, 1024, false},
          .tested_blocks = kSaxpyBlocks,
          .n_base = INT_MAX,
          .n_per_block = 0,
          .n_limit_reason = kIntIndices,
          .n_power_of_two = n_power_of_two};
}
// n + 2B <= INT_MAX, so that idx + blockDim.x cannot overflow int.
SizeDomain tree_domain(int min_block, std::span<const int> tested) {
  return {.block = {min_block, 1024, true},
          .tested_blocks = tested,
          .n_base = INT_MAX,
          .n_per_block = -2,
          .n_limit_reason = kIntIndices};
}

// The byte sizes of a typing's element, accumulator (partials) and output.
struct Sizes {
  std::int64_t element, accumulator, output;
};
Sizes sizes_of(const Typing& t) {
  return {static_cast<std::int64_t>(info(t.element).bytes), static_cast<std::int64_t>(info(t.accumulator).bytes),
          static_cast<std::int64_t>(info(t.output).bytes)};
}

std::size_t vec4_workspace(std::int64_t n, int block, const Typing& t) {
  return n <= 0 || block < 32 ? 0 : static_cast<std::size_t>(model::vec4_blocks(n, block) * sizes_of(t).accumulator);
}
// One accumulator value a block.
std::size_t partials_workspace(std::int64_t n, int block, const Typing& t) {
  return n < 0 || block < 1 ? 0 : static_cast<std::size_t>(model::tree_blocks(n, block) * sizes_of(t).accumulator);
}

// --- traffic, counted from the kernels' source -----------------------------
// By common/traffic.hpp's rule (per launch, distinct bytes; an atomic a load
// and a store), in bytes of the typing's element, accumulator and output.
// Each formula's row also names its model's count (model_traffic), which the
// host tests hold the formula to.

// Each fold of m is one launch reading 2m elements and writing m; the folds
// add up to n - 1; then a copy launch takes x[0] to out (n = 0: a memset of
// out). (float only)
Traffic halving_traffic(std::int64_t n, int, const Typing& t) {
  const std::int64_t F = sizes_of(t).element;
  if (n == 0) return {0, F};
  return {F * (2 * (n - 1) + 1), F * ((n - 1) + 1)};
}

// §5.2's in-place tree: its first level loads every element and stores the
// sums of the threads below n, min(m, B) of a block's m elements; its later
// levels load and store only bytes the launch has already touched, which
// the caches serve. (float only)
Traffic in_place_tree(std::int64_t n, int block) {
  const std::int64_t F = sizeof(float), span = 2 * std::int64_t{block};
  const std::int64_t stores = (n / span) * block + std::min<std::int64_t>(n % span, block);
  return {F * n, F * stores};
}
// The shared-memory tree reads its input once. Before a fix-up, each block
// writes its partial (an accumulator value) to the workspace; before an
// atomic finish, it adds it to out instead (with_atomic counts that).
enum class Finish { fixup, atomic };
Traffic smem_tree(std::int64_t n, int block, const Typing& t, Finish finish) {
  const Sizes z = sizes_of(t);
  return {z.element * n, finish == Finish::fixup ? z.accumulator * model::tree_blocks(n, block) : 0};
}

// Finishes. The fix-up launch reads the nb partials and writes out. An
// atomic finish: a memset writes out, then the tree's launch makes nb atomic
// adds to that one address, which is one load and one store of it. n = 0: a
// memset of out, no kernel.
Traffic with_fixup(Traffic tree, std::int64_t n, int block, const Typing& t) {
  const Sizes z = sizes_of(t);
  if (n == 0) return {0, z.output};
  return {tree.bytes_read + z.accumulator * model::tree_blocks(n, block), tree.bytes_written + z.output};
}
Traffic with_atomic(Traffic tree, std::int64_t n, int, const Typing& t) {
  const Sizes z = sizes_of(t);
  if (n == 0) return {0, z.output};
  return {tree.bytes_read + z.output, tree.bytes_written + z.output + z.output};
}
// Every element once, then the fix-up over the G partials.
Traffic vec4_traffic(std::int64_t n, int block, const Typing& t) {
  const Sizes z = sizes_of(t);
  if (n == 0) return {0, z.output};
  const std::int64_t blocks = model::vec4_blocks(n, block);
  return {z.element * n + z.accumulator * blocks, z.accumulator * blocks + z.output};
}
Traffic in_place_tree_fixup(std::int64_t n, int b, const Typing& t) { return with_fixup(in_place_tree(n, b), n, b, t); }
Traffic in_place_tree_atomic(std::int64_t n, int b, const Typing& t) { return with_atomic(in_place_tree(n, b), n, b, t); }
Traffic smem_tree_fixup(std::int64_t n, int b, const Typing& t) { return with_fixup(smem_tree(n, b, t, Finish::fixup), n, b, t); }
Traffic smem_tree_atomic(std::int64_t n, int b, const Typing& t) {
  return with_atomic(smem_tree(n, b, t, Finish::atomic), n, b, t);
}

// --- row kinds ---------------------------------------------------------------

Spec halving_row(Description doc, bool n_power_of_two) {
  return {.doc = doc,
          .error_model = "⌈log2 n⌉: a balanced pairwise tree",
          .input_use = InputUse::clobbered,
          .determinism = Determinism::ordered,
          .domain = saxpy_domain(n_power_of_two),
          .workspace_bytes = &no_workspace,
          .summation_depth = &model::halving_depth,
          .model_depth = &model::halving_model_depth,
          .ordered_model = &model::halving_cascade_model,
          .traffic = &halving_traffic,
          .model_traffic = &model::halving_model_traffic};
}

// A block tree whose partials a fix-up kernel sums: in place in global
// memory (no workspace, clobbers data) or in shared memory (a workspace).
Spec tree_fixup_row(Description doc, InputUse use, int min_block, std::span<const Typing> typings = kFloatOnly) {
  const bool in_place = use == InputUse::clobbered;
  return {.doc = doc,
          .error_model = "1 + log2 B + ⌈nb/1024⌉ + 10, nb = ⌈n/2B⌉",
          .input_use = use,
          .determinism = Determinism::ordered,
          .domain = tree_domain(min_block, min_block == 1 ? std::span<const int>(kTreeBlocks) : kWarpTailBlocks),
          .typings = typings,
          .workspace = in_place ? "" : "⌈n/2B⌉ partials (accumulator values)",
          .workspace_bytes = in_place ? &no_workspace : &partials_workspace,
          .summation_depth = &model::tree_with_fixup_depth,
          .model_depth = &model::tree_with_fixup_model_depth,
          .ordered_model = &model::tree_with_fixup_model,
          .traffic = in_place ? &in_place_tree_fixup : &smem_tree_fixup,
          .model_traffic = in_place ? &model::in_place_tree_fixup_model_traffic : &model::smem_tree_fixup_model_traffic};
}

// A block tree finished by one atomic add per block to out[0].
Spec tree_atomic_row(Description doc, InputUse use, std::span<const Typing> typings = kFloatOnly) {
  const bool in_place = use == InputUse::clobbered;
  return {.doc = doc,
          .error_model = "1 + log2 B + nb (the atomic chain); + nb·2^-125 for flushed subnormals (f32)",
          .input_use = use,
          .determinism = Determinism::unordered,
          .domain = tree_domain(1, kTreeBlocks),
          .typings = typings,
          .workspace_bytes = &no_workspace,
          .summation_depth = &model::tree_with_atomic_depth,
          .model_depth = &model::tree_with_atomic_model_depth,
          .unordered_partials = &model::block_partials_model,
          .atomic_adds = &model::tree_blocks,
          .traffic = in_place ? &in_place_tree_atomic : &smem_tree_atomic,
          .model_traffic = in_place ? &model::in_place_tree_atomic_model_traffic : &model::smem_tree_atomic_model_traffic};
}

// The last rung: every byte of the input read once, 16 bytes per load, a
// fixed grid looping over the data, the last levels in registers.
Spec vec4_row(Description doc) {
  return {
      .doc = doc,
      .error_model =
          "2 + ⌈(n/4)/T⌉ (+1 when n % 4 ≠ 0) + 5 + 5 + ⌈G/1024⌉ + 10, T = G·B: thread 0's chain, two shuffle trees, the fix-up",
      .input_use = InputUse::preserved,
      .determinism = Determinism::ordered,
      .domain = {.block = {32, 1024, true},
                 .tested_blocks = kWarpBlocks,
                 .n_base = std::int64_t{1} << 32,
                 .n_per_block = 0,
                 .n_limit_reason = "float4 indices in 32-bit arithmetic"},
      .workspace = "G = min(max(⌈(n/4)/B⌉, 1), 2^18/B) partials",
      .data_alignment = 16,
      .workspace_bytes = &vec4_workspace,
      .summation_depth = &model::vec4_depth,
      .model_depth = &model::vec4_model_depth,
      .ordered_model = &model::vec4_grid_stride_model,
      .traffic = &vec4_traffic,
      .model_traffic = &model::vec4_model_traffic};
}

const Spec kSpecs[] = {
    halving_row({.name = "reduce_by_halving",
                 .idea = "§5.1 as written: log2 n saxpy launches, each adding the upper half onto the lower half",
                 .cost = "log2 n launches; every pass round-trips global memory; the kernel boundary is the barrier"},
                true),
    halving_row({.name = "reduce_by_halving_any_n",
                 .idea = "the cascade for any n: fold the upper ⌊m/2⌋ onto the lower ones, carrying the middle one",
                 .cost = "⌈log2 n⌉ launches; as reduce_by_halving"},
                false),
    tree_fixup_row({.name = "reduce_block_fixup",
                    .idea = "§5.2's reduce_block: an in-place halving tree per block in global memory, then a "
                            "one-block fix-up kernel",
                    .cost = "2 launches; every tree level writes its partials through L1 to L2"},
                   InputUse::clobbered, 1),
    tree_atomic_row({.name = "reduce_block_atomic",
                     .idea = "the same global-memory tree; each block adds its partial with atomicAdd(&out[0], sum)",
                     .cost = "1 launch + a 4-byte memset; one atomic per block; the order of the adds varies run to run"},
                    InputUse::clobbered),
    tree_fixup_row({.name = "reduce_smem_fixup",
                    .idea = "§5.3: the block tree in __shared__ float scratch[1024]; block partials to a workspace, "
                            "then the fix-up",
                    .cost = "one read of the input; partials stay on the SM until the block's sum; 2 launches"},
                   InputUse::preserved, 1, kTypings),
    tree_atomic_row({.name = "reduce_smem_atomic",
                     .idea = "the shared-memory tree finished with atomicAdd(&out[0], sum) per block",
                     .cost = "1 launch + a memset of out; one atomic per block; the order of the adds varies run to run"},
                    InputUse::preserved, kTypings),
    tree_fixup_row({.name = "reduce_smem_dynamic",
                    .idea = "the shared-memory tree with extern __shared__ float scratch[], B floats given at launch",
                    .cost = "as reduce_smem_fixup, reserving only B floats of shared memory per block"},
                   InputUse::preserved, 1),
    tree_fixup_row({.name = "reduce_warp_volatile_legacy",
                    .idea = "the tree down to 64 partials, then warp 0 finishes with no barrier through a volatile pointer",
                    .cost = "saves five __syncthreads(); relies on lanes running in lockstep",
                    .exhibit_reason = "a data race wherever lanes are not in lockstep (Volta's independent thread "
                                      "scheduling, CPU work-items): volatile orders nothing between lanes; racecheck "
                                      "and Oclgrind report it"},
                   InputUse::preserved, 64),
    tree_fixup_row({.name = "reduce_warp_syncwarp",
                    .idea = "the legacy tail rewritten: each of its six steps reads, __syncwarp(), writes, __syncwarp()",
                    .cost = "five __syncthreads() fewer than the full tree; cheap warp barriers instead"},
                   InputUse::preserved, 64),
    tree_fixup_row({.name = "reduce_warp_shfl",
                    .idea = "the last warp sums in registers with __shfl_down_sync: one shared read, five shuffles",
                    .cost = "no shared-memory traffic in the last five levels"},
                   InputUse::preserved, 64),
    vec4_row({.name = "reduce_vec4_grid_stride",
              .idea = "G = min(⌈(n/4)/B⌉, 2^18/B) blocks loop over the input in float4 loads, four in flight per thread; "
                      "shuffle trees per warp and across warps; the fix-up sums the G partials",
              .cost = "one read of the input in 16-byte loads, G partials, 2 launches; the grid depends on (n, B) only, "
                      "so the result is the same on every device"}),
};

}  // namespace

std::span<const Spec> specs() { return kSpecs; }

const Spec& spec_named(std::string_view name) { return row_named(specs(), name, "reduction"); }

std::string size_violation(const Spec& s, std::int64_t n, int block) { return violation(s.domain, n, block); }

std::string preconditions(const Spec& s) {
  std::string text = describe(s.domain);
  if (!s.workspace.empty()) text += "; workspace " + std::string(s.workspace);
  if (!s.managed_workspace.empty()) text += "; manages its own workspace (" + std::string(s.managed_workspace) + ")";
  if (s.data_alignment > 1) text += "; data " + std::to_string(s.data_alignment) + "-byte aligned";
  if (s.input_use == InputUse::clobbered) text += "; clobbers data";
  return text;
}

std::int64_t depth_bound(const Spec& s, std::int64_t n, int block) {
  return s.summation_depth != nullptr ? s.summation_depth(n, block) : worst_case_depth(n);
}

std::int64_t atomic_add_count(const Spec& s, const Values& x, const Typing& typing, int block) {
  if (s.atomic_adds != nullptr) return s.atomic_adds(static_cast<std::int64_t>(x.size()), block);
  return s.unordered_partials != nullptr ? static_cast<std::int64_t>(s.unordered_partials(x, typing, block).size()) : 0;
}

bool validate(const Spec& s, const Args& a) {
  const std::string_view name = s.doc.name;
  reject_if(name, typing_violation(s.typings, a.typing));
  reject_if(name, violation(typed_domain(s.domain, a.typing), a.n, a.block));
  require_address(name, a.out, "out");
  reject_if(name, alignment_violation(a.out.offset, info(a.typing.output).bytes));
  if (a.n == 0) return false;
  require_address(name, a.data, "data");
  reject_if(name, alignment_violation(a.data.offset, std::max(s.data_alignment, info(a.typing.element).bytes)));
  if (s.workspace_bytes(a.n, a.block, a.typing) > 0) require_address(name, a.workspace, "workspace");
  return true;
}

SpecTable spec_table() {
  return spec_table_of(specs(), &preconditions, {"typings", "determinism", "summation depth k"}, [](const Spec& s) {
    return std::vector<std::string>{describe_typings(s.typings),
                                    std::string(to_string(s.determinism)) + typed_class_note(s.typings),
                                    std::string(s.error_model)};
  });
}

}  // namespace smemc::reduce
