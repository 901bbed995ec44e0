#pragma once
// The queue type of the family contracts. A backend wraps its own queue in it
// (a cudaStream_t, a cl_command_queue, a CPU port's work queue); {nullptr}
// is the backend's default queue.

namespace smemc {

struct Stream {
  void* native = nullptr;
};

}  // namespace smemc
