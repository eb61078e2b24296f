#!/usr/bin/env bash
# Builds fourchess._core with clang for atheris: libFuzzer coverage (-fsanitize=fuzzer-no-link)
# plus ASan and UBSan, into a scratch directory; the normal pip build is left untouched.
#
#   fuzz/build.sh [BUILD_DIR]        (default: $FUZZ_BUILD_DIR or /tmp/fourchess-fuzz-build)
#
# Result: BUILD_DIR/pkg/fourchess (python/fourchess with the instrumented _core beside it).
# Put BUILD_DIR/pkg first on PYTHONPATH and LD_PRELOAD atheris's asan_with_fuzzer.so: fuzz/run.sh
# does both. Needs clang (CLANG_VERSION, default 14), pybind11 and cmake in the active Python.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-${FUZZ_BUILD_DIR:-/tmp/fourchess-fuzz-build}}
version=${CLANG_VERSION:-14}
cc=$(command -v "clang-$version" || command -v clang)
cxx=$(command -v "clang++-$version" || command -v clang++)
python=$(command -v python3)
pybind11_dir=$("$python" -m pybind11 --cmakedir)

# -O1 keeps the sanitizers' reports readable and the fuzzer fast enough; vptr and function are
# left out: their handlers live in the C++ part of the UBSan runtime, which asan_with_fuzzer.so
# does not carry.
sanitize="-fsanitize=address,undefined,fuzzer-no-link -fno-sanitize=vptr,function -fno-sanitize-recover=all"
# _GLIBCXX_ASSERTIONS: std::array and std::vector indexing checked too (UBSan sees only C arrays).
flags="-O1 -g -fno-omit-frame-pointer -D_GLIBCXX_ASSERTIONS $sanitize"

cmake -S "$root" -B "$build/cmake" -G Ninja \
    -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" \
    -DCMAKE_CXX_FLAGS="$flags" \
    -DCMAKE_SHARED_LINKER_FLAGS="$sanitize" \
    -DSKBUILD=ON -DFOURCHESS_TOOLS=OFF -DFOURCHESS_PGO=OFF \
    -Dpybind11_DIR="$pybind11_dir" -DPython_EXECUTABLE="$python" >/dev/null
cmake --build "$build/cmake" --target _core _martian -j "${FUZZ_BUILD_JOBS:-2}"

rm -rf "$build/pkg"
mkdir -p "$build/pkg"
cp -r "$root/python/fourchess" "$build/pkg/fourchess"
find "$build/pkg/fourchess" \( -name '_core*.so' -o -name '_martian*.so' \) -delete
# cpp/bindings/CMakeLists.txt defines the modules
cp "$build"/cmake/cpp/bindings/_core*.so "$build"/cmake/cpp/bindings/_martian*.so "$build/pkg/fourchess/"
echo "instrumented fourchess: $build/pkg"
