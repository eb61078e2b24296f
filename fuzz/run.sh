#!/usr/bin/env bash
# Runs one fuzz target on the instrumented build (fuzz/build.sh first):
#   fuzz/run.sh TARGET [libFuzzer options]        fuzz/run.sh TARGET FILE...   (replay inputs)
# New corpus entries go to $FUZZ_WORK/corpus/TARGET (seeded from fuzz/corpus/TARGET), findings
# to $FUZZ_WORK/findings/TARGET/ (FUZZ_WORK default: /tmp/fourchess-fuzz-work).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
target=${1:?usage: fuzz/run.sh TARGET [libFuzzer options]}
shift
build=${FUZZ_BUILD_DIR:-/tmp/fourchess-fuzz-build}
work=${FUZZ_WORK:-/tmp/fourchess-fuzz-work}
mkdir -p "$work/corpus/$target" "$work/findings/$target"
atheris_dir=$(python3 -c "import atheris; print(atheris.path())")
export PYTHONPATH="$build/pkg:$root/fuzz${PYTHONPATH:+:$PYTHONPATH}"
export LD_PRELOAD="$atheris_dir/asan_with_fuzzer.so"
# Python itself leaks at exit and is not instrumented; the core's memory errors still abort.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
options=()
[ -f "$root/fuzz/dicts/$target.dict" ] && options=(-dict="$root/fuzz/dicts/$target.dict")
# Built positions take a few bytes a piece: let their inputs grow past 16 bytes sooner.
case $target in
    push_unchecked | differential | rl_encoding) options+=(-max_len=160 -len_control=10) ;;
    martian_differential) options+=(-max_len=420 -len_control=10) ;;
    martian_rl_encoding) options+=(-max_len=200 -len_control=10) ;;
esac
# Files among the arguments: replay them (libFuzzer runs each once), no corpus directories.
corpus=("$work/corpus/$target" "$root/fuzz/corpus/$target")
for argument in "$@"; do [ -f "$argument" ] && corpus=(); done
exec python3 "$root/fuzz/fuzz.py" "$target" "${options[@]}" \
    -artifact_prefix="$work/findings/$target/" -rss_limit_mb=4096 -timeout=30 \
    "$@" "${corpus[@]}"
