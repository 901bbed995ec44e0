#pragma once
// The "device" of the CPU port, as its kernels see it: host memory behind
// (allocation, byte offset) addresses, in-order work queues for streams, and
// a grid runner that hands a kernel's blocks to a few std::threads.
//
// cpu_backend.cpp defines what is declared here; the family libraries
// (cpu_reduce.cpp) only enqueue work and run grids.

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "common/device_address.hpp"
#include "common/stream.hpp"

namespace cpu_port {

// Device memory is host memory: an address is the allocation's first byte
// plus the offset (a null address stays null).
template <typename T>
T* host_pointer(smemc::DeviceAddress a) noexcept {
  return a.is_null() ? nullptr : reinterpret_cast<T*>(static_cast<std::byte*>(a.buffer) + a.offset);
}

// A stream: one worker thread runs the queued jobs in order, so work
// enqueued on one stream is ordered (as on a cudaStream_t) and work on two
// streams overlaps. A job that throws is reported by the next synchronize().
class WorkQueue {
 public:
  WorkQueue();
  ~WorkQueue();  // finishes the queued work first
  WorkQueue(const WorkQueue&) = delete;
  WorkQueue& operator=(const WorkQueue&) = delete;

  void enqueue(std::function<void()> job);
  // Returns once every job enqueued so far has run; rethrows the first
  // failure since the last synchronize().
  void synchronize();

 private:
  void work();

  std::mutex mutex_;
  std::condition_variable wake_;  // a job arrived, or the queue is stopping
  std::condition_variable idle_;  // the queue ran empty
  std::deque<std::function<void()>> jobs_;
  bool running_job_ = false;
  bool stopping_ = false;
  std::exception_ptr failure_;
  std::thread worker_;  // last: starts once the members above exist
};

// The queue behind a stream; Stream{nullptr} is the backend's default queue.
WorkQueue& queue_of(smemc::Stream stream);

// Threads a grid may use: the machine's hardware threads.
int compute_units() noexcept;

// Runs block(b) for every b in [0, blocks) and returns when all are done:
// the end of a kernel. Blocks go to whichever worker asks next, as a GPU's
// block scheduler hands them to free SMs, so the order in which blocks
// finish varies from run to run. A small grid (below `min_blocks_per_worker`
// per extra worker) runs on the calling thread: a thread start costs more
// than the work.
template <typename Block>
void run_grid(std::int64_t blocks, std::int64_t min_blocks_per_worker, const Block& block) {
  const std::int64_t wanted = std::max<std::int64_t>(1, blocks / std::max<std::int64_t>(1, min_blocks_per_worker));
  const int workers = static_cast<int>(std::min<std::int64_t>(compute_units(), wanted));
  std::atomic<std::int64_t> next{0};
  auto take_blocks = [&] {
    for (std::int64_t b; (b = next.fetch_add(1, std::memory_order_relaxed)) < blocks;) block(b);
  };
  std::vector<std::jthread> helpers;
  for (int w = 1; w < workers; ++w) helpers.emplace_back(take_blocks);
  take_blocks();
}  // the helpers join here

}  // namespace cpu_port
