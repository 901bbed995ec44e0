#include "transpose/spec.hpp"

#include <algorithm>
#include <climits>
#include <numeric>
#include <stdexcept>

#include "common/preconditions.hpp"

namespace smemc::transpose {
namespace {

// The largest n with n*n < 2^31: the naive kernel indexes with int.
constexpr std::int64_t kIntSquareSide = 46340;
// gridDim.y is at most 65535 blocks of 32 rows (CUDA's limit; the spec keeps
// it for every backend, docs/porting.md).
constexpr std::int64_t kGridRows = 65535 * std::int64_t{kTile};

// Every row's traffic (common/traffic.hpp's rule): one launch, the input
// read once and the output written once, whatever the tile.
Traffic read_once_write_once(std::int64_t rows, std::int64_t cols, const Typing& t) {
  const std::int64_t bytes = rows * cols * static_cast<std::int64_t>(info(t.element).bytes);
  return {bytes, bytes};
}
// The same counted from the accesses every row's kernel makes: element
// (r, c) loaded from in[r·cols + c] and stored to out[c·rows + r], each by
// one thread (a tile's threads past the matrix's edge touch nothing).
Traffic element_traffic(std::int64_t rows, std::int64_t cols, const Typing& t) {
  TrafficTally tally;
  const auto bytes = static_cast<std::int64_t>(info(t.element).bytes);
  const DeviceArray in(&tally, rows * cols, bytes), out(&tally, rows * cols, bytes);
  in.launch();
  for (std::int64_t r = 0; r < rows; ++r) {
    for (std::int64_t c = 0; c < cols; ++c) {
      in.load(r * cols + c);
      out.store(c * rows + r);
    }
  }
  return tally.traffic();
}

const Spec kSpecs[] = {
    {.doc = {.name = "transpose_naive",
             .idea = "§5.6 as written: one thread per element; coalesced reads, writes strided by n",
             .cost = "each warp's store touches 32 cache lines (8x the sectors of a coalesced store)"},
     .shape = {.square = true,
               .max_rows = kIntSquareSide,
               .max_cols = kIntSquareSide,
               .rows_reason = "n*n must stay below 2^31: int index arithmetic"},
     .traffic = &read_once_write_once,
     .model_traffic = &element_traffic},
    {.doc = {.name = "transpose_tiled",
             .idea = "§5.6's 32x32 shared tile: coalesced read and write, the transpose done in shared memory",
             .cost = "coalesced global traffic; reading a tile column is the text's 32-way bank-conflict exhibit"},
     .shape = {.square = true, .max_rows = kGridRows, .max_cols = kGridRows, .rows_reason = "the grid's y limit, 65535 tiles"},
     .traffic = &read_once_write_once,
     .model_traffic = &element_traffic},
    {.doc = {.name = "transpose_padded",
             .idea = "the 32x33 tile: a padded row (a word; one element past 4 bytes) spreads each tile column over 32 "
                     "banks; rows x cols",
             .cost = "coalesced global traffic and conflict-free shared memory: the copy roofline"},
     .typings = kTypings,
     .shape = {.square = false,
               .max_rows = kGridRows,
               .max_cols = INT_MAX - kTile,
               .rows_reason = "the grid's y limit, 65535 tiles",
               .cols_reason = "int column index"},
     .padded_tile = true,
     .traffic = &read_once_write_once,
     .model_traffic = &element_traffic},
    {.doc = {.name = "transpose_padded_32x8",
             .idea = "the padded tile moved by 32x8 threads, four rows each: a quarter of the threads, four loads and "
                     "four stores in flight per thread",
             .cost = "as transpose_padded, with fewer threads per tile to schedule: the last rung, towards the copy roof"},
     .typings = kTypings,
     .shape = {.square = false,
               .max_rows = kGridRows,
               .max_cols = INT_MAX - kTile,
               .rows_reason = "the grid's y limit, 65535 tiles",
               .cols_reason = "int column index"},
     .padded_tile = true,
     .traffic = &read_once_write_once,
     .model_traffic = &element_traffic},
};

std::string multiple_violation(const ShapeDomain& d, std::int64_t rows, std::int64_t cols) {
  if (d.multiple_of <= 1 || (rows % d.multiple_of == 0 && cols % d.multiple_of == 0)) return {};
  return "shape " + std::to_string(rows) + "x" + std::to_string(cols) + " is not a multiple of " + std::to_string(d.multiple_of) +
         " (" + std::string(d.multiple_reason) + ")";
}

std::string limit_violation(std::string_view what, std::int64_t value, std::int64_t limit, std::string_view reason) {
  if (value <= limit) return {};
  return std::string(what) + " = " + std::to_string(value) + " exceeds " + std::to_string(limit) + " (" + std::string(reason) +
         ")";
}

}  // namespace

std::span<const Spec> specs() { return kSpecs; }

const Spec& spec_named(std::string_view name) { return row_named(specs(), name, "transpose"); }

std::string shape_violation(const Spec& s, std::int64_t rows, std::int64_t cols) {
  const std::string shape = std::to_string(rows) + "x" + std::to_string(cols);
  if (rows < 0 || cols < 0) return "shape " + shape + " is negative";
  if (s.shape.square) {
    if (rows != cols) {
      return "shape " + shape +
             " is not square (the text's transpose(int n, ...) takes n x n; transpose_padded takes rows x cols)";
    }
    if (auto why = limit_violation("n", rows, s.shape.max_rows, s.shape.rows_reason); !why.empty()) return why;
  } else {
    if (auto why = limit_violation("rows", rows, s.shape.max_rows, s.shape.rows_reason); !why.empty()) return why;
    if (auto why = limit_violation("cols", cols, s.shape.max_cols, s.shape.cols_reason); !why.empty()) return why;
  }
  // Square rows too: a narrowing's or a port row's tile applies to n.
  if (auto why = multiple_violation(s.shape, rows, cols); !why.empty()) return why;
  if (s.shape.max_elements > 0) return limit_violation("rows·cols", rows * cols, s.shape.max_elements, s.shape.elements_reason);
  return {};
}

std::shared_ptr<const Spec> narrowed_row(const Spec& s, const Narrowing& n) {
  auto row = std::make_shared<Spec>(s);
  if (n.max_n > 0 && n.max_n < row->shape.max_rows) {
    row->shape.max_rows = n.max_n;
    row->shape.rows_reason = n.reason;
  }
  if (n.max_n > 0 && n.max_n < row->shape.max_cols) {
    row->shape.max_cols = n.max_n;
    row->shape.cols_reason = n.reason;
  }
  if (n.n_multiple_of > 1) {
    row->shape.multiple_of = std::lcm(row->shape.multiple_of, n.n_multiple_of);
    row->shape.multiple_reason = n.reason;
  }
  if (n.max_elements > 0 && (row->shape.max_elements == 0 || n.max_elements < row->shape.max_elements)) {
    row->shape.max_elements = n.max_elements;
    row->shape.elements_reason = n.reason;
  }
  return row;
}

std::string narrowing_leaves_nothing(const Spec&, const Narrowing& n) {
  if (n.max_block > 0 || n.min_block > 0) return "a transpose has no block size to narrow";
  return {};
}

std::string shape_narrowing_violation(const Narrowing& n, std::int64_t rows, std::int64_t cols) {
  Narrowing extents = n;
  extents.max_elements = 0;  // per extent: the box and the multiple; the product below
  if (std::string why = narrowing_violation(extents, rows, 0); !why.empty()) return why;
  if (std::string why = narrowing_violation(extents, cols, 0); !why.empty()) return why;
  if (n.max_elements > 0 && rows * cols > n.max_elements) {
    return "shape " + std::to_string(rows) + "x" + std::to_string(cols) + " has more than " + std::to_string(n.max_elements) +
           " elements, the most this backend takes (" + std::string(n.reason) + ")";
  }
  return {};
}

void reject_shape_outside(std::string_view launcher, const Narrowing& n, std::int64_t rows, std::int64_t cols) {
  reject_if(launcher, shape_narrowing_violation(n, rows, cols));
}

std::vector<std::pair<std::int64_t, std::int64_t>> first_outside(const Spec& s, const Narrowing& n) {
  std::vector<std::pair<std::int64_t, std::int64_t>> shapes;
  const std::int64_t inside = std::max<std::int64_t>(1, n.n_multiple_of);
  auto add = [&](std::int64_t rows, std::int64_t cols) {
    if (shape_violation(s, rows, cols).empty() && !shape_narrowing_violation(n, rows, cols).empty())
      shapes.emplace_back(rows, cols);
  };
  if (n.max_n > 0) {
    add(n.max_n + 1, s.shape.square ? n.max_n + 1 : inside);
    if (!s.shape.square) add(inside, n.max_n + 1);
  }
  if (n.n_multiple_of > 1) {
    for (std::int64_t e : {std::int64_t{1}, n.n_multiple_of - 1, n.n_multiple_of + 1}) {
      add(e, s.shape.square ? e : inside);
      if (!s.shape.square) add(inside, e);
    }
  }
  if (n.max_elements > 0) {
    // The smallest square past the product (inside the box and the
    // multiple where the narrowing has them), and a thin one.
    std::int64_t e = round_up_to(1, inside);
    while (e * e <= n.max_elements) e += inside;
    add(e, e);
    if (!s.shape.square) add(inside, round_up_to(n.max_elements / inside + 1, inside));
  }
  return shapes;
}

std::string preconditions(const Spec& s) {
  const std::string multiple = s.shape.multiple_of > 1 ? ", multiples of " + std::to_string(s.shape.multiple_of) : "";
  if (s.shape.square) {
    return "n x n, n ≤ " + std::to_string(s.shape.max_rows) + " (" + std::string(s.shape.rows_reason) + ")" + multiple +
           "; in and out disjoint";
  }
  return "rows x cols, rows ≤ " + std::to_string(s.shape.max_rows) + ", cols ≤ " + std::to_string(s.shape.max_cols) + multiple +
         "; in and out disjoint";
}

bool validate(const Spec& s, const Args& a) {
  const std::string_view name = s.doc.name;
  reject_if(name, typing_violation(s.typings, a.typing));
  reject_if(name, shape_violation(s, a.rows, a.cols));
  if (a.rows == 0 || a.cols == 0) return false;
  require_address(name, a.in, "in");
  require_address(name, a.out, "out");
  const std::size_t element = info(a.typing.element).bytes;
  reject_if(name, alignment_violation(a.in.offset, element));
  reject_if(name, alignment_violation(a.out.offset, element));
  // Blocks read tiles other blocks overwrite: an in-place transpose races.
  const auto bytes = static_cast<std::size_t>(a.rows * a.cols) * element;
  if (overlap(a.in, bytes, a.out, bytes)) {
    throw std::invalid_argument(std::string(name) + ": in and out overlap (this transpose is not in place)");
  }
  return true;
}

std::vector<std::string> contract_gaps(const ShapeDomain& d, std::span<const contract::ShapeCase> cases) {
  std::vector<std::string> gaps;
  auto any = [&](const auto& pred) { return std::any_of(cases.begin(), cases.end(), pred); };
  auto accepted = [](const contract::ShapeCase& c) { return c.refusal.empty(); };
  auto refused = [](const contract::ShapeCase& c) { return !c.refusal.empty(); };
  if (!any([&](const contract::ShapeCase& c) { return refused(c) && c.rows < 0; }))
    gaps.push_back("no case refuses negative rows");
  if (!any([&](const contract::ShapeCase& c) { return refused(c) && c.cols < 0; }))
    gaps.push_back("no case refuses negative cols");
  // The largest a table can accept: the limit, on the multiple.
  const std::int64_t top_rows = round_down_to(d.max_rows, d.multiple_of), top_cols = round_down_to(d.max_cols, d.multiple_of);
  if (!any([&](const contract::ShapeCase& c) { return accepted(c) && c.rows == top_rows; })) {
    gaps.push_back("no case is accepted at the row limit (" + std::to_string(top_rows) + ")");
  }
  if (!any([&](const contract::ShapeCase& c) {
        return refused(c) && c.rows > d.max_rows && (d.square ? c.cols == c.rows : c.cols >= 0 && c.cols <= d.max_cols);
      })) {
    gaps.push_back("no case refuses rows past the limit (" + std::to_string(d.max_rows) + ")");
  }
  if (!d.square) {
    if (!any([&](const contract::ShapeCase& c) { return accepted(c) && c.cols == top_cols; })) {
      gaps.push_back("no case is accepted at the column limit (" + std::to_string(top_cols) + ")");
    }
    if (!any([&](const contract::ShapeCase& c) {
          return refused(c) && c.cols > d.max_cols && c.rows >= 0 && c.rows <= d.max_rows;
        })) {
      gaps.push_back("no case refuses cols past the limit (" + std::to_string(d.max_cols) + ")");
    }
  } else if (!any([&](const contract::ShapeCase& c) { return refused(c) && c.rows >= 0 && c.cols >= 0 && c.rows != c.cols; })) {
    gaps.push_back("no case refuses a shape that is not square");
  }
  if (d.multiple_of > 1 && !any([&](const contract::ShapeCase& c) {
        return refused(c) && c.rows >= 0 && c.cols >= 0 && c.rows <= d.max_rows && c.cols <= d.max_cols &&
               (c.rows % d.multiple_of != 0 || c.cols % d.multiple_of != 0);
      })) {
    gaps.push_back("no case refuses a shape off the multiple of " + std::to_string(d.multiple_of));
  }
  return gaps;
}

// "u8: 1 B; f16: 2 B; ..." for the padded rows, "none" for the others.
std::string padding_words(const Spec& s) {
  if (!s.padded_tile) return "none";
  std::string text;
  for (const Typing& t : s.typings) {
    text += (text.empty() ? "" : "; ") + std::string(to_string(t.element)) + ": " +
            std::to_string(tile_padding_bytes(info(t.element).bytes)) + " B";
  }
  return text;
}

SpecTable spec_table() {
  return spec_table_of(specs(), &preconditions, {"typings", "row padding"}, [](const Spec& s) {
    return std::vector<std::string>{describe_typings(s.typings), padding_words(s)};
  });
}

}  // namespace smemc::transpose
