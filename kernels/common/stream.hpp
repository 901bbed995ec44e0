#pragma once
// The queue type of the family contracts. A backend wraps its own queue in it
// (cudaStream_t for CUDA); {nullptr} is the backend's default queue.

namespace smemc {

struct Stream {
  void* native = nullptr;
};

}  // namespace smemc
