// smemc_bench: nvbench over every CUDA variant of every family, with the
// references beside them (benchmarks.hpp lists the benchmarks and axes).
//
//   smemc_bench [--smemc-full] [nvbench options]
//
// Without --smemc-full it registers the curated selection (selection.hpp);
// with it, the full sweep. nvbench's own options narrow either, per
// benchmark, e.g.
//   smemc_bench -b reduce -a variant=[reduce_smem_fixup,reduce_warp_shfl] -a "n[pow2]=[25,28]" -a block=256
//   smemc_bench -b transpose -a side=16384
// and --json / --md write its results (bench/run_h200.sh, bench/ladder.py).
//
// The recorded H200 run (bench/run_h200.sh, docs/results/bench/) is the
// curated selection with
//   smemc_bench --min-time 0.05 --max-noise 1 --timeout 1.5 --json <file> --md <file>
// 108 measured states with the rows of this writing (a new row adds about
// six): at most 1.5 s each, most far less, so at most about three minutes.
//
// The benchmarks are registered here, at run time, through nvbench's
// customisation points of its own main (nvbench/main.cuh): before nvbench
// initialises (it gives each registered benchmark the devices it finds),
// and after every static initialiser has run (the spec rows are statics of
// other translation units). The flag is removed before nvbench parses the
// command line, which would refuse it.
#include <string>
#include <vector>

#include "benchmarks.hpp"
#include "selection.hpp"

namespace smemc::bench {
namespace {

Selection selection_from(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (argv[i] == kFullFlag) return Selection::full;
  }
  return Selection::curated;
}

void register_all(int argc, char** argv) {
  const Selection selection = selection_from(argc, argv);
  register_families(selection);
  register_references(selection);
}

void drop_own_flags(std::vector<std::string>& args) { std::erase(args, std::string(kFullFlag)); }

}  // namespace
}  // namespace smemc::bench

#define NVBENCH_MAIN_INITIALIZE_CUSTOM_PRE(argc, argv) smemc::bench::register_all(argc, argv)
#define NVBENCH_MAIN_CUSTOM_ARGS_HANDLER(args) smemc::bench::drop_own_flags(args)
#include <nvbench/main.cuh>

NVBENCH_MAIN
