#pragma once
// The one way this project checks a CUDA runtime call.
//
//   SMEMC_CUDA_CHECK(cudaMalloc(&p, bytes));      // throws smemc::CudaError
//   SMEMC_CHECK_LAUNCH("reduce_block");           // after every <<<>>> launch
//   SMEMC_CUDA_CHECK_NOTHROW(cudaFree(p));        // destructors: report, never throw
//
// A failure reads "file:line: call failed: cudaErrorName (message)".

#include <cuda_runtime_api.h>

#include "common/device_error.hpp"

namespace smemc {

class CudaError : public DeviceError {
 public:
  CudaError(cudaError_t code, const char* call, const char* file, int line);
  cudaError_t code() const noexcept { return code_; }

 private:
  cudaError_t code_;
};

// A sticky error (illegal address, launch failure, trap...) poisons the
// context: every later call in this process fails with it.
bool is_sticky(cudaError_t code) noexcept;

// Throws CudaError unless code is cudaSuccess. Before throwing it clears the
// runtime's last-error slot, so a non-sticky error is reported once, here, and
// not again by an unrelated check later.
void cuda_check(cudaError_t code, const char* call, const char* file, int line);

// Same report on stderr, never throws: for destructors and cleanup paths.
void cuda_check_nothrow(cudaError_t code, const char* call, const char* file, int line) noexcept;

}  // namespace smemc

#define SMEMC_CUDA_CHECK(call) ::smemc::cuda_check((call), #call, __FILE__, __LINE__)
#define SMEMC_CUDA_CHECK_NOTHROW(call) ::smemc::cuda_check_nothrow((call), #call, __FILE__, __LINE__)
// A bad launch configuration shows up here; a fault inside the kernel shows up
// at the next synchronising call, which is checked as well.
#define SMEMC_CHECK_LAUNCH(kernel_name) ::smemc::cuda_check(cudaGetLastError(), "launch of " kernel_name, __FILE__, __LINE__)
