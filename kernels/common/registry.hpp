#pragma once
// Helpers shared by every family's registry.

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace smemc {

template <typename Row>
const Row& find_row(std::span<const Row> rows, std::string_view name, std::string_view family) {
  for (const Row& row : rows) {
    if (row.name == name) return row;
  }
  throw std::invalid_argument("no " + std::string(family) + " variant named " + std::string(name));
}

// workspace_bytes of a variant that needs none.
inline std::size_t no_workspace(std::int64_t, int) { return 0; }

}  // namespace smemc
