# Per-target options shared by every smem-conformance target.
#
# Floating point: the suite compares kernels bit for bit with host models, so
# both sides must evaluate float expressions exactly as written:
# - host: no contraction into FMA (-ffp-contract=off), no fast-math;
# - device: nvcc defaults (IEEE division and square root, denormals kept, FMA
#   contraction on). No kernel here multiplies and adds in one expression
#   except saxpy with a = 1, where FMA and add round identically.
# -lineinfo lets compute-sanitizer name source lines; it does not change code.
# CUDA C++20 on CMake 3.25: cmake/SmemcCudaKit.cmake (shared with ports).
if(SMEMC_WITH_CUDA)
  include(SmemcCudaKit)
endif()

function(smemc_target_defaults target)
  # Standards as properties: CMake 3.25 has no CUDA 13 feature table, so
  # compile features (cuda_std_20) are unknown to it.
  set_target_properties(${target} PROPERTIES
    CXX_STANDARD 20
    CXX_STANDARD_REQUIRED ON
    CUDA_STANDARD 20
    CUDA_STANDARD_REQUIRED ON
    CXX_EXTENSIONS OFF
    CUDA_EXTENSIONS OFF
    POSITION_INDEPENDENT_CODE ON)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wno-missing-field-initializers -ffp-contract=off>
    $<$<COMPILE_LANG_AND_ID:CUDA,NVIDIA>:-lineinfo -Xcompiler=-Wall,-Wextra,-Wno-missing-field-initializers,-ffp-contract=off>)
endfunction()
