#pragma once
// Finding a registry row by name, the same way in every family.

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

}  // namespace smemc
