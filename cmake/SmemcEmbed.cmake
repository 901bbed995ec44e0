# cmake -DIN=<file.cl> -DOUT=<file.cpp> -DSYMBOL=<name> -P SmemcEmbed.cmake
# Writes a C++ source defining `extern const char smemc::opencl::sources::<SYMBOL>[]`
# with the contents of IN: the OpenCL C sources are compiled into the
# binaries and built at run time (no file lookup at run time).
file(READ "${IN}" text)
set(delimiter "smemc_cl")
string(FIND "${text}" ")${delimiter}\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${IN} contains the raw-string delimiter )${delimiter}\"")
endif()
file(WRITE "${OUT}.tmp"
  "// Generated from ${IN} by cmake/SmemcEmbed.cmake; do not edit.\n"
  "namespace smemc::opencl::sources {\n"
  "extern const char ${SYMBOL}[];\n"
  "const char ${SYMBOL}[] = R\"${delimiter}(${text})${delimiter}\";\n"
  "}  // namespace smemc::opencl::sources\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
