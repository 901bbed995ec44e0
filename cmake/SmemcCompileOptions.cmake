# Per-target options shared by every smem-conformance target.
#
# Floating point: the suite compares kernels bit for bit with host models, so
# both sides must evaluate float expressions exactly as written:
# - host: no contraction into FMA (-ffp-contract=off), no fast-math;
# - device: nvcc defaults (IEEE division and square root, denormals kept, FMA
#   contraction on). No kernel here multiplies and adds in one expression
#   except saxpy with a = 1, where FMA and add round identically.
# -lineinfo lets compute-sanitizer name source lines; it does not change code.
# CMake 3.25 (Debian 12) predates nvcc's C++20 flag in its compiler tables;
# newer CMake defines it itself.
if(CMAKE_CUDA_COMPILER_ID STREQUAL "NVIDIA" AND NOT DEFINED CMAKE_CUDA20_STANDARD_COMPILE_OPTION)
  set(CMAKE_CUDA20_STANDARD_COMPILE_OPTION "-std=c++20")
  set(CMAKE_CUDA20_EXTENSION_COMPILE_OPTION "-std=c++20")
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
