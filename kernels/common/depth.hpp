#pragma once
// A node of a summation tree that records only its depth. The host models
// are templates over the value type: run on Depth instead of float, a model
// reports how many additions its deepest input went through, which host
// tests hold the rows' depth formulas (the k of gamma_k) to.

#include <algorithm>
#include <cstdint>

namespace smemc {

struct Depth {
  std::int64_t value = 0;
};
inline Depth operator+(Depth a, Depth b) { return {std::max(a.value, b.value) + 1}; }

}  // namespace smemc
