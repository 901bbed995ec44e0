// §5.6's transposes in OpenCL C 1.2, as the CUDA kernels write them
// (kernels/transpose/cuda/transpose.cu): 32x32 work-items per group, one
// element each; buffers passed as (base, element offset). The padded rows
// move the typing's elements as move_t (common/opencl/typed.cl: their bits)
// through a tile whose row length, in elements, the launcher gives from the
// spec's padding (32 elements and tile_padding_bytes of the element's size):
// for floats the text's 32x33 layout.

#define TILE 32

// One work-item per element; int index arithmetic as in the text, so
// n*n must stay below 2^31. Consecutive work-items read consecutive
// addresses and write addresses n floats apart.
kernel void transpose_naive(int n, global const float* in_base, ulong in_offset, global float* out_base, ulong out_offset) {
  global const float* in = in_base + in_offset;
  global float* out = out_base + out_offset;
  int x = get_group_id(0) * TILE + get_local_id(0);
  int y = get_group_id(1) * TILE + get_local_id(1);
  if (x >= n || y >= n)
    return;

  out[x * n + y] = in[y * n + x];
}

// The tile loaded by rows and read back by columns (the text's 32-way bank
// conflict on GPUs; a cost, not a bug).
kernel void transpose_tiled(int n, global const float* in_base, ulong in_offset, global float* out_base, ulong out_offset) {
  local float tile[TILE][TILE];
  global const float* in = in_base + in_offset;
  global float* out = out_base + out_offset;

  int x = get_group_id(0) * TILE + get_local_id(0);
  int y = get_group_id(1) * TILE + get_local_id(1);
  if (x < n && y < n)
    tile[get_local_id(1)][get_local_id(0)] = in[(size_t)y * n + x];

  barrier(CLK_LOCAL_MEM_FENCE);  // the whole tile is loaded before any work-item reads a column

  x = get_group_id(1) * TILE + get_local_id(0);
  y = get_group_id(0) * TILE + get_local_id(1);
  if (x < n && y < n)
    out[(size_t)y * n + x] = tile[get_local_id(0)][get_local_id(1)];
}

// Element (r, c) of a padded tile whose rows are row_elements long (the
// spec's padding is a whole number of elements for every size). The tile is
// a local argument of move_t, so the runtime aligns it to the element (a
// tile of bytes cast to wider elements faulted on NVIDIA's OpenCL, 2026-12-02).
local move_t* tile_at(local move_t* tile, int row_elements, int r, int c) { return tile + r * row_elements + c; }

// The padded tile, rows x cols, 64-bit indices.
kernel void transpose_padded(int rows, int cols, global const move_t* in_base, ulong in_offset, global move_t* out_base,
                             ulong out_offset, local move_t* tile, int row_elements) {
  global const move_t* in = in_base + in_offset;
  global move_t* out = out_base + out_offset;

  const int in_col = get_group_id(0) * TILE + get_local_id(0);
  const int in_row = get_group_id(1) * TILE + get_local_id(1);
  if (in_row < rows && in_col < cols)
    *tile_at(tile, row_elements, get_local_id(1), get_local_id(0)) = in[(long)in_row * cols + in_col];

  barrier(CLK_LOCAL_MEM_FENCE);  // the whole tile is loaded before any work-item reads a column

  const int out_col = get_group_id(1) * TILE + get_local_id(0);
  const int out_row = get_group_id(0) * TILE + get_local_id(1);
  if (out_row < cols && out_col < rows)
    out[(long)out_row * rows + out_col] = *tile_at(tile, row_elements, get_local_id(0), get_local_id(1));
}

// The padded tile moved by 32x8 work-items, four rows each (the last rung).
#define ROWS_PER_PASS 8
kernel void transpose_padded_32x8(int rows, int cols, global const move_t* in_base, ulong in_offset, global move_t* out_base,
                                  ulong out_offset, local move_t* tile, int row_elements) {
  global const move_t* in = in_base + in_offset;
  global move_t* out = out_base + out_offset;

  const int in_col = get_group_id(0) * TILE + get_local_id(0);
  const int in_row = get_group_id(1) * TILE + get_local_id(1);
  if (in_col < cols) {
    for (int k = 0; k < TILE; k += ROWS_PER_PASS) {
      if (in_row + k < rows) *tile_at(tile, row_elements, get_local_id(1) + k, get_local_id(0)) = in[(long)(in_row + k) * cols + in_col];
    }
  }

  barrier(CLK_LOCAL_MEM_FENCE);  // the whole tile is loaded before any work-item reads a column

  const int out_col = get_group_id(1) * TILE + get_local_id(0);
  const int out_row = get_group_id(0) * TILE + get_local_id(1);
  if (out_col < rows) {
    for (int k = 0; k < TILE; k += ROWS_PER_PASS) {
      if (out_row + k < cols) out[(long)(out_row + k) * rows + out_col] = *tile_at(tile, row_elements, get_local_id(0), get_local_id(1) + k);
    }
  }
}
