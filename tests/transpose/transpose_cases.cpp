#include "transpose_cases.hpp"

#include <algorithm>
#include <cmath>
#include <ostream>

#include "common/preconditions.hpp"
#include "smemc/generators.hpp"

namespace smemc::transpose::testing {

std::ostream& operator<<(std::ostream& os, const Shape& s) {
  return os << "{rows=" << s.rows << ", cols=" << s.cols << ", seed=" << s.seed << "}";
}

std::pair<std::int64_t, std::int64_t> fit_down(const Spec& s, std::int64_t rows, std::int64_t cols) {
  const ShapeDomain& d = s.shape;
  const std::int64_t m = std::max<std::int64_t>(1, d.multiple_of);
  rows = round_down_to(std::clamp<std::int64_t>(rows, 0, d.max_rows), m);
  cols = round_down_to(std::clamp<std::int64_t>(cols, 0, d.square ? d.max_rows : d.max_cols), m);
  if (d.square) rows = cols = std::min(rows, cols);
  if (d.max_elements > 0 && rows * cols > d.max_elements) {
    if (d.square) {
      auto side = static_cast<std::int64_t>(std::sqrt(static_cast<double>(d.max_elements)));
      while (side * side > d.max_elements) --side;
      while ((side + 1) * (side + 1) <= d.max_elements) ++side;
      rows = cols = round_down_to(std::min(rows, side), m);
    } else {
      cols = round_down_to(d.max_elements / std::max<std::int64_t>(rows, 1), m);
    }
  }
  return {rows, cols};
}

std::pair<std::int64_t, std::int64_t> fit_up(const Spec& s, std::int64_t rows, std::int64_t cols) {
  const std::int64_t m = std::max<std::int64_t>(1, s.shape.multiple_of);
  return fit_down(s, round_up_to(rows, m), round_up_to(cols, m));
}

rc::Gen<Shape> shape_for(const Spec& s, const Workload& w) {
  // Up to the workload's dense matrix elements (the large checks hold the
  // limits): a square row's side up to its square root.
  const std::int64_t most = std::min(w.max_matrix_elements, w.dense_matrix_elements);
  std::int64_t square_side = 1;
  while ((square_side + 1) * (square_side + 1) <= most) ++square_side;
  const std::int64_t side = s.shape.square ? std::min(w.max_matrix_side, square_side) : w.max_matrix_side;
  return rc::gen::mapcat(gen::size(side, 32), [&s, side, most](std::int64_t rows) {
    const std::int64_t max_cols = std::max<std::int64_t>(1, std::min(side, most / std::max<std::int64_t>(rows, 1)));
    rc::Gen<std::int64_t> cols = s.shape.square ? rc::gen::just(rows) : gen::size(max_cols, 32);
    return rc::gen::map(rc::gen::pair(cols, gen::seed()), [&s, rows](const std::pair<std::int64_t, std::uint64_t>& c) {
      const auto [r, k] = fit_down(s, rows, c.first);
      return Shape{r, k, c.second};
    });
  });
}

std::vector<std::pair<std::int64_t, std::int64_t>> edge_shapes(const Spec& s, const Workload& w) {
  const std::vector<std::int64_t> all_sides = {0, 1, 2, 31, 32, 33, 63, 64, 65, 97, 100, 257};
  const std::vector<std::int64_t> sides = w.reduced ? std::vector<std::int64_t>{0, 1, 31, 33, 65} : all_sides;
  std::vector<std::pair<std::int64_t, std::int64_t>> shapes;
  for (std::int64_t rows : sides) {
    for (std::int64_t cols : sides) {
      if ((!s.shape.square || rows == cols) && accepts(s, rows, cols)) shapes.emplace_back(rows, cols);
    }
  }
  if (!s.shape.square && !w.reduced) {
    for (const auto& [rows, cols] :
         {std::pair<std::int64_t, std::int64_t>{1, 4099}, {4099, 1}, {2, 2049}, {33, 1000}, {1000, 33}}) {
      if (accepts(s, rows, cols)) shapes.emplace_back(rows, cols);
    }
  }
  return shapes;
}

std::pair<std::int64_t, std::int64_t> held_shape(const Spec& s) { return fit_up(s, 100, 100); }

std::vector<std::pair<std::int64_t, std::int64_t>> limit_shapes(const Spec& s) {
  const ShapeDomain& d = s.shape;
  if (d.square) return {fit_down(s, d.max_rows, d.max_rows)};
  const std::int64_t thinnest = std::max<std::int64_t>(1, d.multiple_of);
  return {fit_down(s, d.max_rows, thinnest), fit_down(s, thinnest, d.max_cols)};
}

std::vector<CheckCase> check_cases(const Spec& s, const Workload& w, int draws_per_property) {
  std::vector<CheckCase> cases;
  auto add = [&](const char* check, std::int64_t rows, std::int64_t cols) { cases.push_back({check, rows, 0, cols}); };
  for (const Shape& shape : draws(shape_for(s, w), draws_per_property)) {
    // exact_bitwise keeps the cases within the workload's matrix size.
    if (shape.rows * shape.cols <= w.max_matrix_elements) add("exact_bitwise", shape.rows, shape.cols);
  }
  for (const auto& [rows, cols] : edge_shapes(s, w)) add("edge_shapes", rows, cols);
  const auto [held_rows, held_cols] = held_shape(s);
  add("launch_is_asynchronous, held_stream_result", held_rows, held_cols);
  if (takes_large_n(s)) add("large_n46341", kLargeN, kLargeN);
  for (const auto& [rows, cols] : limit_shapes(s)) add("large_limit", rows, cols);
  return cases;
}

}  // namespace smemc::transpose::testing
