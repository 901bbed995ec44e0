// smemc_batch_result <result file> <batch test>: the CTest test standing for
// one test of a batch (SMEMC_TEST_PROCESSES=batch): prints the test's own
// output and exits with its verdict (0 passed, 1 failed, 77 skipped).
#include <iostream>

#include "smemc/batch_result.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: smemc_batch_result <result file> <batch test name>\n";
    return 2;
  }
  return smemc::batch::report_result(argv[1], argv[2], std::cout);
}
