#pragma once
// How many threads the host side of a check may use: its models, and the
// inputs and comparisons the tests spread over the cores (oneTBB, whose
// limit the test binaries set from the same number).
//
// SMEMC_HOST_THREADS=<n> (a positive number) caps it; unset or empty, every
// core. It caps each pool: oneTBB's, and the threads of a model running
// beside it (the moving averages' large checks run their streamed model on
// a thread of its own while the test thread waits for the device), so such
// a check may run up to twice n threads at once. CTest runs many test processes at once, each of which would
// otherwise start a thread per core: on the H200's 16 cores, 5 large checks
// beside each other kept them 80-98 % busy (docs/results/2026-12-05-c-h200.md).

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <thread>

namespace smemc {

// The cap a value of SMEMC_HOST_THREADS gives, 0 for none (unset or
// empty); throws std::invalid_argument for a value that is not a positive
// number (at most 4096).
inline unsigned parse_host_threads(const char* value) {
  if (value == nullptr || *value == '\0') return 0;
  char* end = nullptr;
  const long n = std::strtol(value, &end, 10);
  if (*value < '0' || *value > '9' || *end != '\0' || n < 1 || n > 4096) {
    throw std::invalid_argument("SMEMC_HOST_THREADS must be a positive number of threads, not '" + std::string(value) + "'");
  }
  return static_cast<unsigned>(n);
}

// The cap this process's SMEMC_HOST_THREADS gives (parse_host_threads).
inline unsigned host_threads_cap() { return parse_host_threads(std::getenv("SMEMC_HOST_THREADS")); }

// The threads host-side work may use: the cap, or else the host's cores
// (at least 1).
inline unsigned host_threads() {
  const unsigned cap = host_threads_cap();
  return cap != 0 ? cap : std::max(1u, std::thread::hardware_concurrency());
}

}  // namespace smemc
