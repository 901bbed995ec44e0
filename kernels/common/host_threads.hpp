#pragma once
// How many threads the host side of a check may use: its models, and the
// inputs and comparisons the tests spread over the cores (oneTBB, whose
// limit the test binaries set from the same number).
//
// SMEMC_HOST_THREADS=<n> (a positive number) caps it; unset or empty, every
// core. CTest runs many test processes at once, each of which would
// otherwise start a thread per core: on the H200's 16 cores, 5 large checks
// beside each other kept them 80-98 % busy (docs/results/2026-12-05-c-h200.md).

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <thread>

namespace smemc {

// The cap SMEMC_HOST_THREADS gives, 0 where it gives none; throws
// std::invalid_argument for a value that is not a positive number.
inline unsigned host_threads_cap() {
  const char* value = std::getenv("SMEMC_HOST_THREADS");
  if (value == nullptr || *value == '\0') return 0;
  char* end = nullptr;
  const long n = std::strtol(value, &end, 10);
  if (*end != '\0' || n < 1 || n > 4096) {
    throw std::invalid_argument("SMEMC_HOST_THREADS must be a positive number of threads, not '" + std::string(value) + "'");
  }
  return static_cast<unsigned>(n);
}

// The threads host-side work may use: the cap, or else the host's cores
// (at least 1).
inline unsigned host_threads() {
  const unsigned cap = host_threads_cap();
  return cap != 0 ? cap : std::max(1u, std::thread::hardware_concurrency());
}

}  // namespace smemc
