// smemc_conformance_matrix <results-dir> [<markdown-file> [<junit-file>]]
//
// CTest's post-test hook (ctest_config/CTestCustom.cmake.in). Prints the
// conformance matrix of the run from the records the tests wrote, writes it
// as Markdown too, and, where CTest wrote a JUnit file, names the suite and
// every skip's reason in it and ends with CTest's own count:
// "ctest: N passed, N failed, N skipped". A run that recorded nothing (ctest
// -N, --print-labels, or only tests that record nothing) prints nothing and
// leaves no matrix file behind.
#include <filesystem>
#include <fstream>
#include <iostream>

#include "smemc/conformance.hpp"

int main(int argc, char** argv) {
  if (argc < 2 || argc > 4) {
    std::cerr << "usage: smemc_conformance_matrix <results-dir> [<markdown-file> [<junit-file>]]\n";
    return 2;
  }
  namespace conformance = smemc::conformance;
  const auto records = conformance::read_records(argv[1]);
  const auto ctest_cases =
      argc > 3 ? conformance::read_and_annotate_junit(argv[3], "smem-conformance") : std::vector<conformance::CtestCase>{};
  if (records.empty()) {
    if (argc > 2) std::filesystem::remove(argv[2]);  // not a stale matrix of an earlier run
    if (!ctest_cases.empty()) std::cout << conformance::render_totals(records, ctest_cases);
    return 0;
  }
  std::cout << '\n' << conformance::render(records, false);
  std::cout << "(the tables hold the records of every ctest run in this build tree since it was configured; "
               "`cmake --build <build> --target smemc_clear_results` clears them)\n";
  if (argc > 2) {
    std::ofstream(argv[2]) << conformance::render(records, true);
    std::cout << "(also written to " << argv[2] << ")\n";
  }
  std::cout << conformance::render_totals(records, ctest_cases);
  return 0;
}
