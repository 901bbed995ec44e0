#!/usr/bin/env bash
# cross_backend.sh <binary A> <binary B> <smemc_compare_digests> <output prefix>
# Writes both binaries' digests (--smemc-digest) and compares them. Exits 77
# (a skip) when either binary has no usable device.
set -u
a=$1 b=$2 compare=$3 prefix=$4
mkdir -p "$(dirname "$prefix")"
for side in a b; do
  binary=${!side}
  "$binary" --smemc-digest "$prefix.$side.txt"
  code=$?
  if [ "$code" -eq 77 ]; then
    echo "SMEMC_SKIPPED: $(basename "$binary") has no usable device"
    exit 77
  elif [ "$code" -ne 0 ]; then
    echo "cross_backend.sh: $(basename "$binary") --smemc-digest failed with exit code $code"
    exit 1
  fi
done
"$compare" "$prefix.a.txt" "$prefix.b.txt"
