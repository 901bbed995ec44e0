#pragma once
// The README's variant tables, generated from the spec rows so that they
// cannot drift from them. README.md holds each family's table between
//   <!-- spec-table:<family> -->  and  <!-- /spec-table:<family> -->
// A host test (test_spec_tables.cpp) fails when a table differs from what
// the rows say; `smemc_spec_tables --update README.md` rewrites them.

#include <string>
#include <string_view>
#include <vector>

namespace smemc::spec_tables {

struct Table {
  std::string family;    // one of SMEMC_FAMILIES (smemc/families.hpp)
  std::string markdown;  // the table, ending in a newline
};

std::vector<Table> tables();

// The text between a family's markers in `document` (without the marker
// lines); empty when the markers are missing.
std::string block(std::string_view document, std::string_view family);
// `document` with every family's block replaced by the generated table.
std::string updated(std::string document);

}  // namespace smemc::spec_tables
