#define CL_USE_DEPRECATED_OPENCL_1_2_APIS  // clCreateCommandQueue: Oclgrind and PoCL 3 are OpenCL 1.2-era
#include "common/opencl/opencl_runtime.hpp"

#include <algorithm>
#include <cstddef>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <stdexcept>

#include "common/ctest_gpu.hpp"

namespace smemc::opencl {
namespace sources {
extern const char typed_cl[];  // common/opencl/typed.cl
}  // namespace sources

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

std::string platform_info(cl_platform_id p, cl_platform_info what) {
  std::size_t size = 0;
  if (clGetPlatformInfo(p, what, 0, nullptr, &size) != CL_SUCCESS || size == 0) return {};
  std::string text(size, '\0');
  clGetPlatformInfo(p, what, size, text.data(), nullptr);
  text.resize(text.find('\0') == std::string::npos ? text.size() : text.find('\0'));
  return text;
}

std::string device_info(cl_device_id d, cl_device_info what) {
  std::size_t size = 0;
  if (clGetDeviceInfo(d, what, 0, nullptr, &size) != CL_SUCCESS || size == 0) return {};
  std::string text(size, '\0');
  clGetDeviceInfo(d, what, size, text.data(), nullptr);
  text.resize(text.find('\0') == std::string::npos ? text.size() : text.find('\0'));
  return text;
}

template <typename T>
T device_value(cl_device_id d, cl_device_info what) {
  T value{};
  clGetDeviceInfo(d, what, sizeof(T), &value, nullptr);
  return value;
}

// The device this process would use (SMEMC_OPENCL_PLATFORM, CTest's GPU),
// chosen without a context: its fields platform, id, type and index, or
// its reason.
Device choose_device() {
  Device d;
  cl_uint count = 0;
  cl_int code = clGetPlatformIDs(0, nullptr, &count);
  if (code != CL_SUCCESS || count == 0) {
    d.reason = std::string("no usable OpenCL platform: clGetPlatformIDs ") +
               (code != CL_SUCCESS ? std::string("returned ") + error_name(code) : std::string("found none")) +
               " (install an ICD such as pocl-opencl-icd, or point OCL_ICD_VENDORS at one)";
    return d;
  }
  std::vector<cl_platform_id> platforms(count);
  clGetPlatformIDs(count, platforms.data(), nullptr);

  const char* wanted_env = std::getenv("SMEMC_OPENCL_PLATFORM");
  const std::string wanted = wanted_env == nullptr ? "" : lower(wanted_env);
  struct Candidate {
    cl_platform_id platform;
    cl_device_id device;
    cl_device_type type;
  };
  std::vector<Candidate> candidates;
  std::string seen;
  for (cl_platform_id p : platforms) {
    const std::string name = platform_info(p, CL_PLATFORM_NAME);
    seen += (seen.empty() ? "" : ", ") + ("'" + name + "'");
    if (!wanted.empty() && lower(name).find(wanted) == std::string::npos) continue;
    cl_uint devices = 0;
    if (clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, nullptr, &devices) != CL_SUCCESS || devices == 0) continue;
    std::vector<cl_device_id> ids(devices);
    clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, devices, ids.data(), nullptr);
    for (cl_device_id id : ids) candidates.push_back({p, id, device_value<cl_device_type>(id, CL_DEVICE_TYPE)});
  }
  if (candidates.empty()) {
    d.reason =
        "no usable OpenCL device" +
        (wanted.empty() ? std::string() : " on a platform matching SMEMC_OPENCL_PLATFORM='" + std::string(wanted_env) + "'") +
        " (platforms found: " + seen + ")";
    return d;
  }
  // The first GPU (the one CTest assigned, when it did), else the first CPU, else the first device.
  std::vector<Candidate> gpus, cpus;
  for (const auto& c : candidates) {
    if (c.type & CL_DEVICE_TYPE_GPU) gpus.push_back(c);
    if (c.type & CL_DEVICE_TYPE_CPU) cpus.push_back(c);
  }
  Candidate chosen = candidates.front();
  if (!gpus.empty()) {
    const int index = ctest_assigned_gpu();
    if (index < 0 || index >= static_cast<int>(gpus.size())) {
      d.reason = "no usable OpenCL device: CTest assigned GPU " + std::to_string(index) + " but the platform has " +
                 std::to_string(gpus.size());
      return d;
    }
    chosen = gpus[static_cast<std::size_t>(index)];
    d.index = index;
  } else if (!cpus.empty()) {
    chosen = cpus.front();
  }

  d.platform = chosen.platform;
  d.id = chosen.device;
  d.type = chosen.type;
  return d;
}

Device probe() {
  Device d = choose_device();
  if (!d.reason.empty()) return d;
  d.platform_name = platform_info(d.platform, CL_PLATFORM_NAME);
  d.platform_version = platform_info(d.platform, CL_PLATFORM_VERSION);
  d.name = device_info(d.id, CL_DEVICE_NAME);
  d.version = device_info(d.id, CL_DEVICE_VERSION);
  d.c_version = device_info(d.id, CL_DEVICE_OPENCL_C_VERSION);
  d.extensions = device_info(d.id, CL_DEVICE_EXTENSIONS);
  const auto fp = device_value<cl_device_fp_config>(d.id, CL_DEVICE_SINGLE_FP_CONFIG);
  d.correctly_rounded_divide = (fp & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT) != 0;
  d.denormals = (fp & CL_FP_DENORM) != 0;
  d.max_work_group_size = device_value<std::size_t>(d.id, CL_DEVICE_MAX_WORK_GROUP_SIZE);
  d.local_memory_bytes = device_value<cl_ulong>(d.id, CL_DEVICE_LOCAL_MEM_SIZE);
  d.global_memory_bytes = device_value<cl_ulong>(d.id, CL_DEVICE_GLOBAL_MEM_SIZE);
  d.max_allocation_bytes = device_value<cl_ulong>(d.id, CL_DEVICE_MAX_MEM_ALLOC_SIZE);

  const cl_context_properties properties[] = {CL_CONTEXT_PLATFORM, reinterpret_cast<cl_context_properties>(d.platform), 0};
  cl_int code = CL_SUCCESS;
  d.context = clCreateContext(properties, 1, &d.id, nullptr, nullptr, &code);
  if (code != CL_SUCCESS) {
    d.reason = std::string("no usable OpenCL device: clCreateContext returned ") + error_name(code) + " for " + d.name;
    return d;
  }
  d.queue = clCreateCommandQueue(d.context, d.id, 0, &code);
  if (code != CL_SUCCESS) {
    d.reason = std::string("no usable OpenCL device: clCreateCommandQueue returned ") + error_name(code) + " for " + d.name;
    return d;
  }
  d.usable = true;
  return d;
}

}  // namespace

const char* error_name(cl_int code) noexcept {
  switch (code) {
#define SMEMC_CL_ERROR(name) \
  case name: return #name;
    SMEMC_CL_ERROR(CL_SUCCESS)
    SMEMC_CL_ERROR(CL_DEVICE_NOT_FOUND)
    SMEMC_CL_ERROR(CL_DEVICE_NOT_AVAILABLE)
    SMEMC_CL_ERROR(CL_COMPILER_NOT_AVAILABLE)
    SMEMC_CL_ERROR(CL_MEM_OBJECT_ALLOCATION_FAILURE)
    SMEMC_CL_ERROR(CL_OUT_OF_RESOURCES)
    SMEMC_CL_ERROR(CL_OUT_OF_HOST_MEMORY)
    SMEMC_CL_ERROR(CL_PROFILING_INFO_NOT_AVAILABLE)
    SMEMC_CL_ERROR(CL_MEM_COPY_OVERLAP)
    SMEMC_CL_ERROR(CL_IMAGE_FORMAT_MISMATCH)
    SMEMC_CL_ERROR(CL_IMAGE_FORMAT_NOT_SUPPORTED)
    SMEMC_CL_ERROR(CL_BUILD_PROGRAM_FAILURE)
    SMEMC_CL_ERROR(CL_MAP_FAILURE)
    SMEMC_CL_ERROR(CL_MISALIGNED_SUB_BUFFER_OFFSET)
    SMEMC_CL_ERROR(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
    SMEMC_CL_ERROR(CL_COMPILE_PROGRAM_FAILURE)
    SMEMC_CL_ERROR(CL_LINKER_NOT_AVAILABLE)
    SMEMC_CL_ERROR(CL_LINK_PROGRAM_FAILURE)
    SMEMC_CL_ERROR(CL_DEVICE_PARTITION_FAILED)
    SMEMC_CL_ERROR(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
    SMEMC_CL_ERROR(CL_INVALID_VALUE)
    SMEMC_CL_ERROR(CL_INVALID_DEVICE_TYPE)
    SMEMC_CL_ERROR(CL_INVALID_PLATFORM)
    SMEMC_CL_ERROR(CL_INVALID_DEVICE)
    SMEMC_CL_ERROR(CL_INVALID_CONTEXT)
    SMEMC_CL_ERROR(CL_INVALID_QUEUE_PROPERTIES)
    SMEMC_CL_ERROR(CL_INVALID_COMMAND_QUEUE)
    SMEMC_CL_ERROR(CL_INVALID_HOST_PTR)
    SMEMC_CL_ERROR(CL_INVALID_MEM_OBJECT)
    SMEMC_CL_ERROR(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)
    SMEMC_CL_ERROR(CL_INVALID_IMAGE_SIZE)
    SMEMC_CL_ERROR(CL_INVALID_SAMPLER)
    SMEMC_CL_ERROR(CL_INVALID_BINARY)
    SMEMC_CL_ERROR(CL_INVALID_BUILD_OPTIONS)
    SMEMC_CL_ERROR(CL_INVALID_PROGRAM)
    SMEMC_CL_ERROR(CL_INVALID_PROGRAM_EXECUTABLE)
    SMEMC_CL_ERROR(CL_INVALID_KERNEL_NAME)
    SMEMC_CL_ERROR(CL_INVALID_KERNEL_DEFINITION)
    SMEMC_CL_ERROR(CL_INVALID_KERNEL)
    SMEMC_CL_ERROR(CL_INVALID_ARG_INDEX)
    SMEMC_CL_ERROR(CL_INVALID_ARG_VALUE)
    SMEMC_CL_ERROR(CL_INVALID_ARG_SIZE)
    SMEMC_CL_ERROR(CL_INVALID_KERNEL_ARGS)
    SMEMC_CL_ERROR(CL_INVALID_WORK_DIMENSION)
    SMEMC_CL_ERROR(CL_INVALID_WORK_GROUP_SIZE)
    SMEMC_CL_ERROR(CL_INVALID_WORK_ITEM_SIZE)
    SMEMC_CL_ERROR(CL_INVALID_GLOBAL_OFFSET)
    SMEMC_CL_ERROR(CL_INVALID_EVENT_WAIT_LIST)
    SMEMC_CL_ERROR(CL_INVALID_EVENT)
    SMEMC_CL_ERROR(CL_INVALID_OPERATION)
    SMEMC_CL_ERROR(CL_INVALID_GL_OBJECT)
    SMEMC_CL_ERROR(CL_INVALID_BUFFER_SIZE)
    SMEMC_CL_ERROR(CL_INVALID_MIP_LEVEL)
    SMEMC_CL_ERROR(CL_INVALID_GLOBAL_WORK_SIZE)
    SMEMC_CL_ERROR(CL_INVALID_PROPERTY)
    SMEMC_CL_ERROR(CL_INVALID_IMAGE_DESCRIPTOR)
    SMEMC_CL_ERROR(CL_INVALID_COMPILER_OPTIONS)
    SMEMC_CL_ERROR(CL_INVALID_LINKER_OPTIONS)
    SMEMC_CL_ERROR(CL_INVALID_DEVICE_PARTITION_COUNT)
#undef SMEMC_CL_ERROR
    case -1001: return "CL_PLATFORM_NOT_FOUND_KHR";  // the ICD loader found no platform
    default: return "CL_UNKNOWN_ERROR";
  }
}

void check(cl_int code, const char* call, const char* file, int line) {
  if (code == CL_SUCCESS) return;
  throw OpenClError(code, std::string(file) + ":" + std::to_string(line) + ": " + call + " failed: " + error_name(code) + " (" +
                              std::to_string(code) + ")");
}

bool Device::has_extension(std::string_view wanted) const {
  std::size_t at = 0;
  while ((at = extensions.find(wanted, at)) != std::string::npos) {
    const std::size_t end = at + wanted.size();
    const bool starts = at == 0 || extensions[at - 1] == ' ';
    const bool ends = end == extensions.size() || extensions[end] == ' ';
    if (starts && ends) return true;
    at = end;
  }
  return false;
}

const Device& device() {
  static const Device d = probe();
  return d;
}

std::string chosen_platform_name() {
  const Device d = choose_device();
  return d.reason.empty() ? platform_info(d.platform, CL_PLATFORM_NAME) : std::string();
}

cl_command_queue queue_of(Stream stream) {
  return stream.native == nullptr ? device().queue : static_cast<cl_command_queue>(stream.native);
}

std::string build_options() {
  // Division correctly rounded as CUDA's default (-prec-div=true); no
  // -cl-fast-relaxed-math, -cl-mad-enable or -cl-denorms-are-zero, so
  // float expressions are evaluated as written (each .cl also turns
  // FP_CONTRACT off).
  return device().correctly_rounded_divide ? "-cl-fp32-correctly-rounded-divide-sqrt" : "";
}

Program::Program(std::string_view name, std::string_view source, std::string extra_options)
    : name_(name), source_(source), options_(build_options() + (extra_options.empty() ? "" : " " + extra_options)) {}

Program::~Program() {
  for (auto& [_, k] : kernels_) clReleaseKernel(k);
  if (program_ != nullptr) clReleaseProgram(program_);
}

Program& Program::process_wide(std::string_view name, std::string_view source) {
  // Never destroyed: a static destructor would release the program after
  // some runtimes have torn themselves down at exit (Oclgrind then
  // corrupts the heap); the process's end releases it.
  return *new Program(name, source);
}

Program& Program::process_wide(std::string_view name, std::string_view source, const Typing& typing) {
  static std::mutex guard;
  static auto& built = *new std::map<std::string, Program*>;  // never destroyed, as above
  const std::string key = std::string(name) + "/" + typing_name(typing);
  const std::lock_guard lock(guard);
  Program*& p = built[key];
  if (p == nullptr) p = new Program(std::string(name) + " (" + typing_name(typing) + ")", source, typing_options(typing));
  return *p;
}

BufferArg buffer(DeviceAddress a, Scalar type, std::string_view launcher) {
  const std::size_t bytes = info(type).bytes;
  if (a.offset % bytes != 0) {
    throw std::invalid_argument(std::string(launcher) + ": address offset " + std::to_string(a.offset) +
                                " bytes is not a multiple of the element size " + std::to_string(bytes));
  }
  return {static_cast<cl_mem>(a.buffer), a.offset / bytes};
}

std::string_view opencl_type(Scalar s) {
  switch (s) {
    case Scalar::u8: return "uchar";
    case Scalar::i8: return "char";
    case Scalar::u16: return "ushort";
    case Scalar::i16: return "short";
    case Scalar::i32: return "int";
    case Scalar::u32: return "uint";
    case Scalar::i64: return "long";
    case Scalar::u64: return "ulong";
    case Scalar::f16: return "half";
    case Scalar::bf16: return "ushort";
    case Scalar::f32: return "float";
    case Scalar::f64: return "double";
    case Scalar::f32x4: return "float4";
  }
  return "?";
}

// The type data movement copies an element as: its bits (float and float4
// keep their own type, as the f32 kernels do).
std::string_view moved_type(Scalar s) {
  switch (info(s).bytes) {
    case 1: return "uchar";
    case 2: return "ushort";
    case 4: return s == Scalar::f32 ? "float" : "uint";
    case 8: return "ulong";
    default: return "float4";
  }
}

std::string typing_options(const Typing& t) {
  // The accumulator a kernel adds in: the unsigned twin of an integer one
  // (its additions wrap), as the host models do (common/typed_models.hpp).
  const Scalar acc = t.accumulator == Scalar::i32 ? Scalar::u32 : t.accumulator == Scalar::i64 ? Scalar::u64 : t.accumulator;
  std::string o = "-DSMEMC_ELEM_T=" + std::string(opencl_type(t.element)) + " -DSMEMC_ACC_T=" + std::string(opencl_type(acc)) +
                  " -DSMEMC_OUT_T=" + std::string(opencl_type(t.output)) +
                  " -DSMEMC_MOVE_T=" + std::string(moved_type(t.element));
  if (t.element == Scalar::f16) o += " -DSMEMC_ELEM_F16";
  if (t.element == Scalar::bf16) o += " -DSMEMC_ELEM_BF16";
  if (is_floating(t.element)) o += " -DSMEMC_ELEM_FLOATING";
  if (t.output == Scalar::f16) o += " -DSMEMC_OUT_F16";
  if (t.output == Scalar::bf16) o += " -DSMEMC_OUT_BF16";
  switch (acc) {
    case Scalar::f32: o += " -DSMEMC_ACC_FLOAT"; break;
    case Scalar::f64: o += " -DSMEMC_ACC_DOUBLE"; break;
    case Scalar::u32: o += " -DSMEMC_ACC_UINT"; break;
    case Scalar::u64: o += " -DSMEMC_ACC_ULONG"; break;
    default: break;
  }
  if (t.accumulator == Scalar::i64) o += " -DSMEMC_ACC_LONG";
  if (t.element == Scalar::f64 || t.accumulator == Scalar::f64 || t.output == Scalar::f64) o += " -DSMEMC_FP64";
  if (t.accumulator == Scalar::f16) o += " -DSMEMC_FP16";
  return o;
}

DeviceDecline typing_on_device(const Typing& t, bool atomics) {
  const Device& d = device();
  const bool fp64 = t.element == Scalar::f64 || t.accumulator == Scalar::f64 || t.output == Scalar::f64;
  if (fp64 && !d.has_extension("cl_khr_fp64")) {
    return {Decline::needs_fp64, "no double precision on " + d.name + " (cl_khr_fp64 is not offered)"};
  }
  if (atomics && info(t.accumulator).bytes == 8 && !d.has_extension("cl_khr_int64_base_atomics")) {
    return {Decline::needs_int64_atomics, "no 64-bit atomics on " + d.name + " (cl_khr_int64_base_atomics is not offered)"};
  }
  return {};
}

void Program::build() {
  const Device& d = device();
  if (!d.usable) throw OpenClError(CL_DEVICE_NOT_AVAILABLE, "OpenCL program " + name_ + ": " + d.reason);
  // The typed prelude first (common/opencl/typed.cl): the types a typed
  // program's kernels are written over, float's without a typing.
  const char* texts[] = {sources::typed_cl, source_.c_str()};
  const std::size_t lengths[] = {std::strlen(sources::typed_cl), source_.size()};
  cl_int code = CL_SUCCESS;
  cl_program program = clCreateProgramWithSource(d.context, 2, texts, lengths, &code);
  check(code, ("clCreateProgramWithSource(" + name_ + ")").c_str(), __FILE__, __LINE__);
  code = clBuildProgram(program, 1, &d.id, options_.c_str(), nullptr, nullptr);
  if (code != CL_SUCCESS) {
    std::size_t size = 0;
    clGetProgramBuildInfo(program, d.id, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
    std::string log(size, '\0');
    clGetProgramBuildInfo(program, d.id, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
    clReleaseProgram(program);
    throw OpenClError(code, "building OpenCL program " + name_ + " for " + d.name + " with options '" + options_ +
                                "' failed: " + error_name(code) + "; build log:\n" + log);
  }
  program_ = program;
}

cl_kernel Program::kernel(const std::string& name) {
  if (program_ == nullptr) build();
  auto it = kernels_.find(name);
  if (it != kernels_.end()) return it->second;
  cl_int code = CL_SUCCESS;
  cl_kernel k = clCreateKernel(program_, name.c_str(), &code);
  check(code, ("clCreateKernel(" + name + ")").c_str(), __FILE__, __LINE__);
  kernels_.emplace(name, k);
  return k;
}

void set_arg(cl_kernel k, cl_uint& index, const BufferArg& b) {
  SMEMC_CL_CHECK(clSetKernelArg(k, index++, sizeof(cl_mem), &b.mem));
  SMEMC_CL_CHECK(clSetKernelArg(k, index++, sizeof(cl_ulong), &b.offset));
}

void set_arg(cl_kernel k, cl_uint& index, const LocalBytes& l) { SMEMC_CL_CHECK(clSetKernelArg(k, index++, l.bytes, nullptr)); }

void enqueue_kernel(cl_command_queue q, cl_kernel k, const char* name, std::size_t dims, const std::size_t* groups,
                    const std::size_t* local) {
  std::size_t global[2] = {groups[0] * local[0], dims > 1 ? groups[1] * local[1] : 1};
  check(clEnqueueNDRangeKernel(q, k, static_cast<cl_uint>(dims), nullptr, global, local, 0, nullptr, nullptr),
        (std::string("clEnqueueNDRangeKernel(") + name + ")").c_str(), __FILE__, __LINE__);
}

namespace {

// Oclgrind 21.10 records a host write into a buffer (clEnqueueWriteBuffer,
// FillBuffer, CopyBuffer, a mapped write) as defining the bytes from the
// start of the buffer, whatever the write's offset: after 8 bytes written
// at offset 16, --uninitialized reports every kernel read of them (seen
// here with a 30-line program; docs/porting.md). Under the simulator a
// write at an offset is therefore made as a write of the whole buffer from
// its start: read it, change the range, write it back. The bytes are the
// same; only the simulator's bookkeeping differs. The price: under the
// simulator a fill waits for its queue, so the backend does not offer to
// hold a stream there (launch_is_asynchronous skips; PoCL and NVIDIA's
// OpenCL check the launch contract).
template <typename Change>
bool rewrite_whole_under_simulator(Stream stream, DeviceAddress dst, std::size_t bytes, Change change) {
  if (!device().simulator() || dst.offset == 0) return false;
  auto* mem = static_cast<cl_mem>(dst.buffer);
  std::size_t whole = 0;
  SMEMC_CL_CHECK(clGetMemObjectInfo(mem, CL_MEM_SIZE, sizeof whole, &whole, nullptr));
  if (dst.offset + bytes > whole) throw std::invalid_argument("OpenCL: a write past the end of a buffer");
  std::vector<unsigned char> host(whole);
  const cl_command_queue q = queue_of(stream);
  SMEMC_CL_CHECK(clEnqueueReadBuffer(q, mem, CL_TRUE, 0, whole, host.data(), 0, nullptr, nullptr));
  change(host.data() + dst.offset);
  SMEMC_CL_CHECK(clEnqueueWriteBuffer(q, mem, CL_TRUE, 0, whole, host.data(), 0, nullptr, nullptr));
  return true;
}

}  // namespace

// NVIDIA's OpenCL (CUDA 13.0, driver 580) mishandles clEnqueueFillBuffer
// ranges past 4 GiB of a buffer: on the H200, the guard zone written after
// a 4 GiB payload read back as zeros, as if the offset had been cut to 32
// bits (docs/porting.md). Ranges that reach past 4 GiB are filled by this
// kernel instead, whose indices are 64-bit.
const char* const kFillSource = R"(
kernel void fill_bytes(global uchar* base, ulong offset, ulong count, uchar value) {
  for (ulong i = get_global_id(0); i < count; i += get_global_size(0)) base[offset + i] = value;
}
)";

void fill_by_kernel(Stream stream, DeviceAddress dst, std::uint8_t byte, std::size_t bytes) {
  static Program& program = Program::process_wide("fill_bytes", kFillSource);
  const auto groups = std::min<std::size_t>((bytes + 255) / 256, 65536);
  launch(stream, program.kernel("fill_bytes"), "fill_bytes", groups, 256, static_cast<cl_mem>(dst.buffer),
         static_cast<cl_ulong>(dst.offset), static_cast<cl_ulong>(bytes), static_cast<cl_uchar>(byte));
}

constexpr std::size_t k4GiB = std::size_t{1} << 32;

void fill(Stream stream, DeviceAddress dst, std::uint8_t byte, std::size_t bytes) {
  if (bytes == 0) return;
  if (rewrite_whole_under_simulator(stream, dst, bytes, [&](unsigned char* at) { std::memset(at, byte, bytes); })) return;
  if (dst.offset + bytes > k4GiB) return fill_by_kernel(stream, dst, byte, bytes);
  SMEMC_CL_CHECK(
      clEnqueueFillBuffer(queue_of(stream), static_cast<cl_mem>(dst.buffer), &byte, 1, dst.offset, bytes, 0, nullptr, nullptr));
}

void write(Stream stream, DeviceAddress dst, const void* src, std::size_t bytes) {
  if (bytes == 0) return;
  if (rewrite_whole_under_simulator(stream, dst, bytes, [&](unsigned char* at) { std::memcpy(at, src, bytes); })) return;
  SMEMC_CL_CHECK(clEnqueueWriteBuffer(queue_of(stream), static_cast<cl_mem>(dst.buffer), CL_TRUE, dst.offset, bytes, src, 0,
                                      nullptr, nullptr));
}

}  // namespace smemc::opencl
