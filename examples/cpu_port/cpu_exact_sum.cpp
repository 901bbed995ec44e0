// cpu_exact_sum: a row of this port's own, of the exact class. Every float
// is an integer multiple of 2^-149 (the smallest subnormal), so a sum of
// floats is an integer in those units: each block adds its elements into a
// 320-bit fixed-point accumulator, the blocks' accumulators are added
// together (in whatever order they finish: integer addition does not care),
// and the total is rounded to float once, to nearest even. The result is
// the correctly rounded exact sum, which the exact class's check
// (ReduceExact.correctly_rounded) holds it to bit for bit. Written apart
// from the suite's own exact sum (smemc::ExactSum), on purpose: that is
// the reference this row is compared with, and a row that called it would
// be checked against itself.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <mutex>

#include "common/preconditions.hpp"
#include "cpu_device.hpp"
#include "cpu_rows.hpp"

namespace smemc::reduce {
namespace {

using cpu_port::host_pointer;
using cpu_port::queue_of;
using cpu_port::run_grid;

// A two's-complement integer of 320 bits in units of 2^-149. The largest
// float is below 2^277 units, so 2^40 of them (the row's largest n) stay
// below 2^317: no overflow. Infinities and NaN are counted apart.
class ExactAccumulator {
 public:
  void add(float x) {
    ++terms_;
    if (std::isnan(x)) {
      nan_ = true;
      return;
    }
    if (std::isinf(x)) {
      (x > 0 ? pos_inf_ : neg_inf_) = true;
      return;
    }
    std::uint32_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    const bool negative = bits >> 31;
    const std::uint32_t exponent = (bits >> 23) & 0xFF, fraction = bits & 0x7FFFFF;
    if (exponent == 0 && fraction == 0) {
      negative_zeros_ += negative;
      return;
    }
    // |x| = m · 2^shift units: subnormals m = fraction, shift 0; normals the
    // hidden bit too, shift = exponent - 1.
    const std::uint64_t m = exponent == 0 ? fraction : (fraction | 0x800000u);
    const unsigned shift = exponent == 0 ? 0 : exponent - 1;
    Limbs value{};
    const unsigned limb = shift / 64, bit = shift % 64;
    value[limb] = m << bit;
    if (bit != 0 && limb + 1 < value.size()) value[limb + 1] = m >> (64 - bit);
    negative ? subtract(value) : add(value);
  }

  void add(const ExactAccumulator& other) {
    add(other.limbs_);
    terms_ += other.terms_;
    negative_zeros_ += other.negative_zeros_;
    nan_ = nan_ || other.nan_;
    pos_inf_ = pos_inf_ || other.pos_inf_;
    neg_inf_ = neg_inf_ || other.neg_inf_;
  }

  // The exact value rounded to float, to nearest even; NaN and infinities
  // as IEEE addition gives them; a zero sum is -0 only when every term was -0.
  float to_float() const {
    if (nan_ || (pos_inf_ && neg_inf_)) return std::numeric_limits<float>::quiet_NaN();
    if (pos_inf_ || neg_inf_) return pos_inf_ ? std::numeric_limits<float>::infinity() : -std::numeric_limits<float>::infinity();
    const bool negative = limbs_.back() >> 63;
    Limbs magnitude = limbs_;
    if (negative) negate(magnitude);
    int top = -1;  // the highest set bit
    for (int i = static_cast<int>(magnitude.size()) - 1; i >= 0 && top < 0; --i) {
      if (magnitude[static_cast<std::size_t>(i)] != 0)
        top = 64 * i + 63 - std::countl_zero(magnitude[static_cast<std::size_t>(i)]);
    }
    if (top < 0) return terms_ > 0 && negative_zeros_ == terms_ ? -0.0f : 0.0f;
    auto bit_at = [&](int i) { return i >= 0 && ((magnitude[static_cast<std::size_t>(i / 64)] >> (i % 64)) & 1u) != 0; };
    float value;
    if (top < 24) {  // at most 24 bits: exact (every subnormal, the smallest normals)
      value = static_cast<float>(std::ldexp(static_cast<double>(magnitude[0]), -149));
    } else {
      std::uint64_t kept = 0;  // the 24 leading bits
      for (int i = top; i > top - 24; --i) kept = (kept << 1) | (bit_at(i) ? 1u : 0u);
      const bool half = bit_at(top - 24);
      bool below = false;
      for (int i = top - 25; i >= 0 && !below; --i) below = bit_at(i);
      int exponent = top - 23 - 149;  // of kept's last bit
      if (half && (below || (kept & 1u) != 0)) {
        if (++kept == (std::uint64_t{1} << 24)) {
          kept >>= 1;
          ++exponent;
        }
      }
      value = exponent + 23 > 127 ? std::numeric_limits<float>::infinity()
                                  : static_cast<float>(std::ldexp(static_cast<double>(kept), exponent));
    }
    return negative ? -value : value;
  }

 private:
  using Limbs = std::array<std::uint64_t, 5>;

  void add(const Limbs& v) {
    std::uint64_t carry = 0;
    for (std::size_t i = 0; i < limbs_.size(); ++i) {
      const std::uint64_t a = limbs_[i], sum = a + v[i] + carry;
      carry = (sum < a || (carry != 0 && sum == a)) ? 1 : 0;
      limbs_[i] = sum;
    }
  }
  void subtract(Limbs v) {
    negate(v);
    add(v);
  }
  static void negate(Limbs& v) {
    std::uint64_t carry = 1;
    for (auto& limb : v) {
      limb = ~limb + carry;
      carry = (carry != 0 && limb == 0) ? 1 : 0;
    }
  }

  Limbs limbs_{};
  std::int64_t terms_ = 0, negative_zeros_ = 0;
  bool nan_ = false, pos_inf_ = false, neg_inf_ = false;
};

}  // namespace

const Spec exact_sum_row = {
    .doc = {.name = "cpu_exact_sum",
            .idea = "per block of B elements a 320-bit fixed-point accumulator in units of 2^-149; the blocks' "
                    "accumulators added together exactly; one rounding to float at the end",
            .cost = "one read of the input; a few integer additions per element; no rounding until the end"},
    .error_model = "none: the correctly rounded exact sum (the exact class)",
    .input_use = InputUse::preserved,
    .determinism = Determinism::exact,
    .domain = cpu_port::own_row_domain("2^40 of the largest float stay below the accumulator's 2^319"),
    .workspace_bytes = &no_workspace,
    .traffic = &read_once,
    .contract_cases = cpu_port::kOwnRowContract,
};

void launch_exact_sum(const Args& a, Stream stream) {
  const bool work = validate(exact_sum_row, a);
  float* out = host_pointer<float>(a.out);
  queue_of(stream).enqueue([work, n = a.n, x = host_pointer<const float>(a.data), out, block = a.block] {
    ExactAccumulator total;
    if (work) {
      std::mutex merge;
      run_grid(ceil_div(n, block), std::max<std::int64_t>(1, 8192 / block), [&](std::int64_t b) {
        ExactAccumulator mine;
        for (std::int64_t i = b * block; i < std::min(n, (b + 1) * block); ++i) mine.add(x[i]);
        const std::lock_guard lock(merge);
        total.add(mine);
      });
    }
    out[0] = total.to_float();
  });
}

}  // namespace smemc::reduce
