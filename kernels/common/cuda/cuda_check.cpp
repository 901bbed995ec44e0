#include "common/cuda/cuda_check.hpp"

#include <cstdio>
#include <string>

namespace smemc {
namespace {

std::string describe(cudaError_t code, const char* call, const char* file, int line) {
  return std::string(file) + ":" + std::to_string(line) + ": " + call + " failed: " + cudaGetErrorName(code) + " (" +
         cudaGetErrorString(code) + ")";
}

}  // namespace

bool is_sticky(cudaError_t code) noexcept {
  switch (code) {
    case cudaErrorIllegalAddress:
    case cudaErrorLaunchFailure:
    case cudaErrorHardwareStackError:
    case cudaErrorIllegalInstruction:
    case cudaErrorMisalignedAddress:
    case cudaErrorInvalidAddressSpace:
    case cudaErrorInvalidPc:
    case cudaErrorAssert:
    case cudaErrorLaunchTimeout:
    case cudaErrorECCUncorrectable:
    case cudaErrorContextIsDestroyed: return true;
    default: return false;
  }
}

CudaError::CudaError(cudaError_t code, const char* call, const char* file, int line)
    : DeviceError(describe(code, call, file, line)), code_(code) {}

void cuda_check(cudaError_t code, const char* call, const char* file, int line) {
  if (code == cudaSuccess) return;
  (void)cudaGetLastError();
  throw CudaError(code, call, file, line);
}

void cuda_check_nothrow(cudaError_t code, const char* call, const char* file, int line) noexcept {
  if (code == cudaSuccess) return;
  (void)cudaGetLastError();
  std::fprintf(stderr, "%s\n", describe(code, call, file, line).c_str());
}

}  // namespace smemc
