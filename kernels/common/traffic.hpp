#pragma once
// The traffic a row states, the rule it is counted by, and a host model's
// own count of it.
//
// The rule. A launcher's work is a sequence of launches (a kernel, a memset
// or a device-to-device copy is one launch each). A launch reads the
// distinct bytes of device memory whose first access in it is a load (an
// atomic is a load and a store), and writes the distinct bytes it stores.
// So a byte a launch stores and then loads again is not read again, a byte
// every level of a tree loads is read once, and a byte one launch hands to
// the next is paid for by both. This is what DRAM sees when each launch's
// working set stays in the caches for the launch and nothing stays from one
// launch to the next: the re-reads L1 and L2 serve are not traffic. Where
// the data choose the addresses (a histogram's bins, an atomic's target),
// a row states the most any data can cost.
//
// The count. TrafficTally applies the rule to a host model's accesses: the
// model names the device arrays its kernels use and calls load, store and
// atomic where the kernels' source does (guards included), and launch()
// between launches. A host test holds each row's stated formula to its
// model's count (<Family>Spec.traffic_is_the_models_count); the profile
// holds the same formula to the H200's DRAM counters.

#include <cstdint>
#include <vector>

namespace smemc {

// Bytes a launcher's launches read from and write to device memory
// (workspace included), by the rule above: what a benchmark turns into
// GB/s. The input's own size is the "effective" traffic beside it.
struct Traffic {
  std::int64_t bytes_read = 0;
  std::int64_t bytes_written = 0;
  friend bool operator==(const Traffic&, const Traffic&) = default;
};

class TrafficTally {
 public:
  using Array = int;
  // A device array of `count` elements of `element_bytes` each.
  Array array(std::int64_t count, std::int64_t element_bytes) {
    arrays_.push_back({element_bytes, std::vector<std::uint8_t>(static_cast<std::size_t>(count), 0)});
    return static_cast<Array>(arrays_.size() - 1);
  }
  // A new launch: nothing is in the caches.
  void launch() {
    for (auto& a : arrays_) a.state.assign(a.state.size(), 0);
  }
  void load(Array a, std::int64_t i) {
    std::uint8_t& s = state(a, i);
    if (s == 0) traffic_.bytes_read += arrays_[static_cast<std::size_t>(a)].bytes;
    s |= kTouched;
  }
  void store(Array a, std::int64_t i) {
    std::uint8_t& s = state(a, i);
    if ((s & kStored) == 0) traffic_.bytes_written += arrays_[static_cast<std::size_t>(a)].bytes;
    s |= kTouched | kStored;
  }
  void atomic(Array a, std::int64_t i) {
    load(a, i);
    store(a, i);
  }
  Traffic traffic() const { return traffic_; }

 private:
  static constexpr std::uint8_t kTouched = 1, kStored = 2;
  struct Backing {
    std::int64_t bytes;
    std::vector<std::uint8_t> state;
  };
  std::uint8_t& state(Array a, std::int64_t i) {
    return arrays_.at(static_cast<std::size_t>(a)).state.at(static_cast<std::size_t>(i));
  }
  std::vector<Backing> arrays_;
  Traffic traffic_;
};

// A model's handle on one device array: counted where the model runs with
// a tally, free where it runs to predict a result (the default).
class DeviceArray {
 public:
  DeviceArray() = default;
  DeviceArray(TrafficTally* tally, std::int64_t count, std::int64_t element_bytes)
      : tally_(tally), id_(tally != nullptr ? tally->array(count, element_bytes) : -1) {}
  void load(std::int64_t i) const {
    if (tally_ != nullptr) tally_->load(id_, i);
  }
  void store(std::int64_t i) const {
    if (tally_ != nullptr) tally_->store(id_, i);
  }
  void atomic(std::int64_t i) const {
    if (tally_ != nullptr) tally_->atomic(id_, i);
  }
  // Starts a new launch of the tally this array belongs to.
  void launch() const {
    if (tally_ != nullptr) tally_->launch();
  }

 private:
  TrafficTally* tally_ = nullptr;
  TrafficTally::Array id_ = -1;
};

}  // namespace smemc
