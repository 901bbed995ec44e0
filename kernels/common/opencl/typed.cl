// The typings of a typed OpenCL program, prepended to every suite program
// (common/opencl/opencl_runtime.cpp). A program built for a typing gets the
// defines of typing_options() (opencl_runtime.hpp); built without one, its
// typed parts are float's.
//
//   elem_t, acc_t, out_t       the element, accumulator and output storage types
//                              (half for f16, ushort for bf16, uint and ulong for
//                              the integer accumulators: their additions wrap)
//   element_as_acc(base, i)    element i widened to the accumulator: half through
//                              vload_half (core OpenCL C: no cl_khr_fp16), bfloat16
//                              as its 16 bits shifted into a float, integers converted
//   store_out(base, i, v)      an accumulator value stored as the output: rounded
//                              once to nearest even for half (vstore_half_rte) and
//                              bfloat16, converted otherwise
//   move_t                     the element as bits, for data movement (an unsigned
//                              type of its size; float and float4 for f32 and f32x4)
#ifndef SMEMC_ELEM_T
#define SMEMC_ELEM_T float
#define SMEMC_ACC_T float
#define SMEMC_OUT_T float
#define SMEMC_ACC_FLOAT
#define SMEMC_MOVE_T float
#endif
typedef SMEMC_MOVE_T move_t;
// The arithmetic types, where the device has them: a typing in double on a
// device without cl_khr_fp64, or one whose accumulator is half (the
// transposes' f16 typing, which moves bits only) on a device without
// cl_khr_fp16, builds its data movement only (the tables decline any
// arithmetic there).
#if (!defined(SMEMC_FP64) || defined(cl_khr_fp64)) && (!defined(SMEMC_FP16) || defined(cl_khr_fp16))
#ifdef SMEMC_FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
#ifdef SMEMC_FP16
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#endif
typedef SMEMC_ELEM_T elem_t;
typedef SMEMC_ACC_T acc_t;
typedef SMEMC_OUT_T out_t;

// bfloat16 from float, to nearest even; a NaN stays a (quiet) NaN.
ushort smemc_bf16_from_float(float f) {
  const uint u = as_uint(f);
  if ((u & 0x7FFFFFFFu) > 0x7F800000u) return (ushort)((u >> 16) | 0x0040u);
  return (ushort)((u + 0x7FFFu + ((u >> 16) & 1u)) >> 16);
}

acc_t element_as_acc(global const elem_t* base, ulong i) {
#if defined(SMEMC_ELEM_F16)
  return (acc_t)vload_half(i, base);
#elif defined(SMEMC_ELEM_BF16)
  return (acc_t)as_float((uint)base[i] << 16);
#else
  return (acc_t)base[i];
#endif
}

void store_out(global out_t* base, ulong i, acc_t v) {
#if defined(SMEMC_OUT_F16)
  vstore_half_rte((float)v, i, base);
#elif defined(SMEMC_OUT_BF16)
  base[i] = smemc_bf16_from_float((float)v);
#elif defined(SMEMC_ACC_LONG)
  base[i] = (out_t)(long)v;  // a signed accumulator's value, in the output's range
#else
  base[i] = (out_t)v;
#endif
}
#endif  // the arithmetic types
