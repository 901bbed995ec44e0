// The curated and full selections of selection.hpp.
#include "selection.hpp"

#include <algorithm>

namespace smemc::bench {

std::vector<std::int64_t> n_exponents(Selection selection) {
  if (selection == Selection::curated) return {20, 25, 28};
  std::vector<std::int64_t> all;
  for (std::int64_t k = 20; k <= 28; ++k) all.push_back(k);
  return all;
}

std::vector<std::int64_t> matrix_sides(Selection selection) {
  if (selection == Selection::curated) return {1024, 4096, 16384};
  return {1024, 2048, 4096, 8192, 16384};
}

std::vector<std::int64_t> selected_blocks(std::span<const int> tested_blocks, Selection selection) {
  if (selection == Selection::full || tested_blocks.empty()) {
    return std::vector<std::int64_t>(tested_blocks.begin(), tested_blocks.end());
  }
  // The first tested block is the one the suite's single-size checks use:
  // the row's own choice. 256 and 1024 are the sizes the texts time.
  std::vector<std::int64_t> picked{tested_blocks.front()};
  for (const int block : {256, 1024}) {
    const bool tested = std::find(tested_blocks.begin(), tested_blocks.end(), block) != tested_blocks.end();
    if (tested && std::find(picked.begin(), picked.end(), block) == picked.end()) picked.push_back(block);
  }
  return picked;
}

}  // namespace smemc::bench
