// The CPU port's smemc::Backend ("cpu-threads"): device memory is host
// memory, a stream is a WorkQueue (one worker std::thread running its jobs
// in order), and a kernel's blocks run on a few std::threads (run_grid in
// cpu_device.hpp). Everything the conformance tests need from a device, and
// nothing vendor-specific.
#include <climits>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <utility>

#include "cpu_device.hpp"
#include "smemc/backend.hpp"

namespace cpu_port {

WorkQueue::WorkQueue() : worker_([this] { work(); }) {}

WorkQueue::~WorkQueue() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  worker_.join();
}

void WorkQueue::enqueue(std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    jobs_.push_back(std::move(job));
  }
  wake_.notify_one();
}

void WorkQueue::synchronize() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return jobs_.empty() && !running_job_; });
  if (failure_) std::rethrow_exception(std::exchange(failure_, nullptr));
}

void WorkQueue::work() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
    if (jobs_.empty()) return;  // stopping, and the queue is drained
    std::function<void()> job = std::move(jobs_.front());
    jobs_.pop_front();
    running_job_ = true;
    lock.unlock();
    // Like an asynchronous kernel error, a failure surfaces at the next
    // synchronisation; later jobs still run (nothing here is sticky).
    std::exception_ptr failed;
    try {
      job();
    } catch (...) {
      failed = std::current_exception();
    }
    lock.lock();
    if (failed && !failure_) failure_ = failed;
    running_job_ = false;
    if (jobs_.empty()) idle_.notify_all();
  }
}

int compute_units() noexcept { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

namespace {

// cudaMalloc's alignment: any float (and atomic_ref<float>) address a test
// builds from an allocation is aligned.
constexpr std::align_val_t kAllocationAlignment{256};

// What a block may keep in "shared memory". A CPU block's scratch is an
// ordinary array on its worker's stack, so this is a stated budget, not a
// hardware limit: 48 KiB, CUDA's default per block, so that every kernel
// sized for a GPU fits.
constexpr std::int64_t kLocalMemoryBytes = 48 * 1024;

// A hold is a job at the head of the rest of the queue that waits until
// release(): the jobs behind it run once it returns.
class CpuStreamHold final : public smemc::StreamHold {
 public:
  explicit CpuStreamHold(WorkQueue& queue) : gate_(std::make_shared<Gate>()) {
    queue.enqueue([gate = gate_] {
      std::unique_lock lock(gate->mutex);
      gate->opened.wait(lock, [&] { return gate->released; });
    });
  }
  ~CpuStreamHold() override { release(); }

  void release() noexcept override {
    {
      std::lock_guard lock(gate_->mutex);
      gate_->released = true;
    }
    gate_->opened.notify_all();
  }

 private:
  struct Gate {
    std::mutex mutex;
    std::condition_variable opened;
    bool released = false;
  };
  std::shared_ptr<Gate> gate_;  // shared with the job, which may outlive the hold
};

class CpuBackend final : public smemc::Backend {
 public:
  CpuBackend() {
    status_.usable = true;
    status_.name = "std::thread CPU port";
    status_.details = std::to_string(compute_units()) + " hardware threads; blocks run as loops, up to " +
                      std::to_string(compute_units()) + " at a time";
    status_.kind = smemc::DeviceKind::cpu;  // the tests then default to SMEMC_WORKLOAD=cpu
    status_.ordinal = 0;
    status_.limits = {.max_group_size = 1024,  // the block sizes the specs are written for
                      .sub_group_sizes = {},   // no lanes in lockstep: no warps
                      .local_memory_bytes = kLocalMemoryBytes,
                      .max_groups = {INT_MAX, INT_MAX, INT_MAX}};
  }

  std::string_view name() const noexcept override { return "cpu-threads"; }
  const smemc::DeviceStatus& status() noexcept override { return status_; }

  // Device memory is host memory: half of what the host has free, since a
  // large check holds as much again on the host (Backend::free_memory).
  std::size_t free_memory() override { return smemc::host_available_memory() / 2; }

  void* allocate(std::size_t bytes) override { return bytes == 0 ? nullptr : ::operator new[](bytes, kAllocationAlignment); }
  void release(void* allocation) noexcept override {
    if (allocation != nullptr) ::operator delete[](allocation, kAllocationAlignment);
  }

  // Copies are jobs on the stream, ordered after the kernels enqueued before
  // them; uploads and downloads then wait, as the contract says.
  void fill(smemc::DeviceAddress dst, std::uint8_t byte, std::size_t bytes, smemc::Stream s) override {
    if (bytes == 0) return;
    queue_of(s).enqueue([to = host_pointer<std::byte>(dst), byte, bytes] { std::memset(to, byte, bytes); });
  }
  void upload(smemc::DeviceAddress dst, const void* src, std::size_t bytes, smemc::Stream s) override {
    if (bytes == 0) return;
    queue_of(s).enqueue([to = host_pointer<std::byte>(dst), src, bytes] { std::memcpy(to, src, bytes); });
    queue_of(s).synchronize();
  }
  void download(void* dst, smemc::DeviceAddress src, std::size_t bytes, smemc::Stream s) override {
    if (bytes == 0) return;
    queue_of(s).enqueue([dst, from = host_pointer<const std::byte>(src), bytes] { std::memcpy(dst, from, bytes); });
    queue_of(s).synchronize();
  }

  smemc::Stream create_stream() override { return {new WorkQueue}; }
  void destroy_stream(smemc::Stream s) noexcept override { delete static_cast<WorkQueue*>(s.native); }
  void synchronize(smemc::Stream s) override { queue_of(s).synchronize(); }
  std::unique_ptr<smemc::StreamHold> hold(smemc::Stream s) override { return std::make_unique<CpuStreamHold>(queue_of(s)); }

  // Host memory cannot get into a state that poisons later work.
  std::string context_fault() noexcept override { return {}; }

  WorkQueue& default_queue() noexcept { return default_queue_; }

 private:
  smemc::DeviceStatus status_;
  WorkQueue default_queue_;
};

CpuBackend& cpu_backend() {
  static CpuBackend instance;
  return instance;
}

}  // namespace

WorkQueue& queue_of(smemc::Stream stream) {
  return stream.native != nullptr ? *static_cast<WorkQueue*>(stream.native) : cpu_backend().default_queue();
}

}  // namespace cpu_port

smemc::Backend& smemc::backend() { return cpu_port::cpu_backend(); }
