// smemc_conformance_matrix <results-dir> [<markdown-file>]
// Prints the conformance matrix of a CTest run (CTest's post-test hook calls
// it) and writes it as Markdown too.
#include <fstream>
#include <iostream>

#include "smemc/conformance.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: smemc_conformance_matrix <results-dir> [<markdown-file>]\n";
    return 2;
  }
  const auto records = smemc::conformance::read_records(argv[1]);
  if (records.empty()) {
    std::cout << "smemc: no conformance records in " << argv[1] << " (no registry test ran)\n";
    return 0;
  }
  std::cout << '\n' << smemc::conformance::render(records, false);
  if (argc > 2) {
    std::ofstream(argv[2]) << smemc::conformance::render(records, true);
    std::cout << "(also written to " << argv[2] << ")\n";
  }
  return 0;
}
