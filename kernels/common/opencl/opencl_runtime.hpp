#pragma once
// The OpenCL side of the neutral contract types, shared by the OpenCL
// backend and the OpenCL kernels' launchers:
//
//   device()           the platform and device this process runs on,
//                      chosen once (SMEMC_OPENCL_PLATFORM, else the first GPU,
//                      else the first CPU device), with its context and
//                      default queue; never throws: an unusable device says why
//   queue_of(stream)   a Stream is a cl_command_queue ({nullptr}: the default)
//   Program            a .cl source embedded at build time, built once per
//                      process with -cl-fp32-correctly-rounded-divide-sqrt and
//                      no fast-math option; a build failure throws with the
//                      device's build log
//   enqueue(...)       sets a kernel's arguments and enqueues it; a buffer
//                      argument is a (cl_mem, element offset) pair: OpenCL 1.2
//                      has no pointer arithmetic on buffers, so every kernel
//                      takes `global T* base, ulong offset`
//   SMEMC_CL_CHECK     every OpenCL call checked: "file:line: call failed:
//                      CL_ERROR_NAME (code)"

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 300
#endif
#include <CL/cl.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "common/device_address.hpp"
#include "common/device_error.hpp"
#include "common/implementation.hpp"
#include "common/stream.hpp"
#include "common/types.hpp"

namespace smemc::opencl {

class OpenClError : public DeviceError {
 public:
  OpenClError(cl_int code, const std::string& what) : DeviceError(what), code_(code) {}
  cl_int code() const noexcept { return code_; }

 private:
  cl_int code_;
};

const char* error_name(cl_int code) noexcept;
void check(cl_int code, const char* call, const char* file, int line);

struct Device {
  bool usable = false;
  std::string reason;  // why not usable
  cl_platform_id platform = nullptr;
  cl_device_id id = nullptr;
  cl_context context = nullptr;
  cl_command_queue queue = nullptr;  // the default queue (Stream{nullptr})
  std::string platform_name, platform_version, name, version, c_version, extensions;
  cl_device_type type = 0;
  int index = 0;                          // among the platform's GPUs (CTest's assignment), else 0
  bool correctly_rounded_divide = false;  // CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT
  bool denormals = false;                 // CL_FP_DENORM
  std::size_t max_work_group_size = 0;
  cl_ulong local_memory_bytes = 0;
  cl_ulong global_memory_bytes = 0;
  cl_ulong max_allocation_bytes = 0;

  bool has_extension(std::string_view name) const;
  bool simulator() const { return platform_name.find("Oclgrind") != std::string::npos; }
};

// The device of this process (probed on first use).
const Device& device();
// The platform device() would choose, found without a context (empty when
// there is none): what a host-only process names its backend by.
std::string chosen_platform_name();

cl_command_queue queue_of(Stream stream);

// The element offset of an address (its byte offset / sizeof(T)); throws
// std::invalid_argument naming `launcher` when it is not a multiple.
// (In the header, for any element type a family's buffers hold.)
template <typename T>
cl_ulong element_offset(DeviceAddress a, std::string_view launcher) {
  if (a.offset % sizeof(T) != 0) {
    throw std::invalid_argument(std::string(launcher) + ": address offset " + std::to_string(a.offset) +
                                " bytes is not a multiple of the element size " + std::to_string(sizeof(T)));
  }
  return a.offset / sizeof(T);
}

// A buffer argument: the allocation and the element offset into it.
struct BufferArg {
  cl_mem mem = nullptr;
  cl_ulong offset = 0;
};
template <typename T>
BufferArg buffer(DeviceAddress a, std::string_view launcher) {
  return {static_cast<cl_mem>(a.buffer), element_offset<T>(a, launcher)};
}
// The same for elements of a scalar type.
BufferArg buffer(DeviceAddress a, Scalar type, std::string_view launcher);

// A __local kernel argument of `bytes` bytes, sized at launch.
struct LocalBytes {
  std::size_t bytes = 0;
};

class Program {
 public:
  // `extra_options` are added to the suite's options (a -cl-std for the
  // sub-group kernels, say). Built on first use.
  Program(std::string_view name, std::string_view source, std::string extra_options = {});
  ~Program();
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;

  // A program that lives as long as the process (the family tables' own).
  static Program& process_wide(std::string_view name, std::string_view source);
  // The same program built for a typing (typing_options below), once a
  // typing a process (cached here: the generated programs::<stem>(typing)
  // gives the f32 typing the program built without one).
  static Program& process_wide(std::string_view name, std::string_view source, const Typing& typing);

  cl_kernel kernel(const std::string& name);  // throws OpenClError (with the build log) on failure

 private:
  void build();
  std::string name_, source_, options_;
  cl_program program_ = nullptr;
  std::map<std::string, cl_kernel> kernels_;
};

// The options every suite program is built with on this device.
std::string build_options();

// The defines a typed program is built with, which the typed parts of a .cl
// read (a program built without them takes float for all three):
//   SMEMC_ELEM_T, SMEMC_ACC_T, SMEMC_OUT_T   the storage types in OpenCL C (half for f16, ushort for bf16,
//                                            uint and ulong for the integer accumulators: their additions wrap)
//   SMEMC_ELEM_F16, SMEMC_ELEM_BF16, SMEMC_OUT_F16, SMEMC_OUT_BF16   how an element is loaded, an output stored
//   SMEMC_ELEM_FLOATING   the element is a floating type (a histogram bins it in double)
//   SMEMC_ACC_FLOAT, SMEMC_ACC_DOUBLE, SMEMC_ACC_UINT, SMEMC_ACC_ULONG, SMEMC_ACC_LONG   which accumulator
//   SMEMC_MOVE_T    the element as bits, for data movement (uchar, ushort, ulong; float, float4)
//   SMEMC_FP64      some part is double: the program enables cl_khr_fp64 (where the device has it)
//   SMEMC_FP16      the accumulator is half: the program enables cl_khr_fp16 (where the device has it)
std::string typing_options(const Typing& typing);
// The OpenCL C storage type of a scalar ("half", "ushort" for bf16, "uint" ...).
std::string_view opencl_type(Scalar s);
// Whether this device runs a typing's arithmetic: double needs cl_khr_fp64,
// and with `atomics` a 64-bit accumulator needs cl_khr_int64_base_atomics.
// The reason none where it does (what a table's on_device returns).
DeviceDecline typing_on_device(const Typing& typing, bool atomics = false);

void set_arg(cl_kernel k, cl_uint& index, const BufferArg& b);
void set_arg(cl_kernel k, cl_uint& index, const LocalBytes& l);
template <typename T>
void set_arg(cl_kernel k, cl_uint& index, const T& value) {
  check(clSetKernelArg(k, index++, sizeof(T), &value), "clSetKernelArg", __FILE__, __LINE__);
}

// Enqueues `k` over a 1-D or 2-D range: `groups` work-groups of `local`
// work-items in each dimension (global = groups * local, as CUDA's grid).
void enqueue_kernel(cl_command_queue q, cl_kernel k, const char* name, std::size_t dims, const std::size_t* groups,
                    const std::size_t* local);

template <typename... Args>
void launch(Stream stream, cl_kernel k, const char* name, std::size_t groups, std::size_t local, const Args&... args) {
  cl_uint index = 0;
  (set_arg(k, index, args), ...);
  enqueue_kernel(queue_of(stream), k, name, 1, &groups, &local);
}

template <typename... Args>
void launch_2d(Stream stream, cl_kernel k, const char* name, const std::size_t (&groups)[2], const std::size_t (&local)[2],
               const Args&... args) {
  cl_uint index = 0;
  (set_arg(k, index, args), ...);
  enqueue_kernel(queue_of(stream), k, name, 2, groups, local);
}

// Writes `bytes` copies of `byte` (clEnqueueFillBuffer), stream-ordered.
void fill(Stream stream, DeviceAddress dst, std::uint8_t byte, std::size_t bytes);
// Copies `bytes` from the host (blocking clEnqueueWriteBuffer).
void write(Stream stream, DeviceAddress dst, const void* src, std::size_t bytes);

}  // namespace smemc::opencl

#define SMEMC_CL_CHECK(call) ::smemc::opencl::check((call), #call, __FILE__, __LINE__)
