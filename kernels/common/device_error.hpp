#pragma once
// What a backend throws when a device call fails: the call, where it was
// made, and the runtime's own error name. Tests and fixtures catch this
// type; each backend derives its own (CudaError, OpenClError) to keep the
// native error code.

#include <stdexcept>
#include <string>

namespace smemc {

class DeviceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace smemc
