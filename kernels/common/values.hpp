#pragma once
// Host values of one element type: what typed rows' host models take and
// give, and what the typed checks generate, upload and compare. The type
// travels with the bytes (a Scalar), so that one check body serves every
// typing of a row; the arithmetic itself happens in templates over the host
// types (visit_scalar), never on the bytes.

#include <cstddef>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/types.hpp"

namespace smemc {

class Values {
 public:
  Values() = default;
  // `count` zero-valued elements of `type`.
  Values(Scalar type, std::size_t count) : type_(type), count_(count), bytes_(count * info(type).bytes) {}
  template <typename T>
  static Values of(std::span<const T> values) {
    Values v(scalar_of<T>(), values.size());
    if (!values.empty()) std::memcpy(v.bytes_.data(), values.data(), values.size_bytes());
    return v;
  }
  template <typename T>
  static Values of(const std::vector<T>& values) {
    return of(std::span<const T>(values));
  }

  Scalar type() const noexcept { return type_; }
  std::size_t size() const noexcept { return count_; }
  bool empty() const noexcept { return count_ == 0; }
  std::size_t element_bytes() const { return info(type_).bytes; }
  std::size_t size_bytes() const noexcept { return bytes_.size(); }
  const std::byte* data() const noexcept { return bytes_.data(); }
  std::byte* data() noexcept { return bytes_.data(); }

  // Throws std::logic_error unless T is the host type of type().
  template <typename T>
  void expect_type() const {
    if (scalar_of<T>() != type_) {
      throw std::logic_error("Values holds " + std::string(to_string(type_)) + ", asked for " +
                             std::string(to_string(scalar_of<T>())));
    }
  }
  // The elements as their host type; throws std::logic_error for another T.
  template <typename T>
  std::span<const T> as() const {
    expect_type<T>();
    return {reinterpret_cast<const T*>(bytes_.data()), count_};
  }
  template <typename T>
  std::span<T> as() {
    expect_type<T>();
    return {reinterpret_cast<T*>(bytes_.data()), count_};
  }
  // Element i as a double (exact for floating types and integers to 2^53).
  double to_double(std::size_t i) const {
    return visit_scalar(type_, [&]<typename T>(std::type_identity<T>) -> double {
      if constexpr (std::is_same_v<T, Float4>) {
        throw std::logic_error("Values::to_double: a vector element has no single value");
      } else {
        return smemc::to_double(as<T>()[i]);
      }
    });
  }
  // Elements [first, first + count) as Values of their own.
  Values slice(std::size_t first, std::size_t count) const {
    Values v(type_, count);
    if (count > 0) std::memcpy(v.bytes_.data(), bytes_.data() + first * element_bytes(), count * element_bytes());
    return v;
  }

  friend bool operator==(const Values& a, const Values& b) {
    return a.type_ == b.type_ && a.count_ == b.count_ && a.bytes_ == b.bytes_;
  }

 private:
  Scalar type_ = Scalar::f32;
  std::size_t count_ = 0;
  std::vector<std::byte> bytes_;  // operator new's alignment (16 bytes) covers every element type
};

}  // namespace smemc
