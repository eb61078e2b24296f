#!/usr/bin/env bash
# The long run: every target (or those named) for FUZZ_SECONDS each (default 600), one after the
# other on one core. A run stopped by a finding is restarted on the grown corpus, at most FUZZ_RESTARTS times (default 5) per target.
#   fuzz/build.sh && fuzz/long_run.sh [TARGET...]
# Logs: $FUZZ_WORK/logs/TARGET.N.log; findings: $FUZZ_WORK/findings/TARGET/.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${FUZZ_WORK:-/tmp/fourchess-fuzz-work}
seconds=${FUZZ_SECONDS:-600}
restarts=${FUZZ_RESTARTS:-5}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fen4_text move_text pgn4_text push_unchecked differential server_requests
    martian_text martian_moves martian_differential rl_encoding martian_rl_encoding)
mkdir -p "$work/logs"
for target in "${targets[@]}"; do
    end=$((SECONDS + seconds))
    for ((run = 0; run <= restarts && SECONDS < end; run++)); do
        log="$work/logs/$target.$run.log"
        "$root/fuzz/run.sh" "$target" -max_total_time=$((end - SECONDS)) -print_final_stats=1 >"$log" 2>&1
        status=$?
        echo "$target run $run: exit $status, $(grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE)' "$log" | tail -1)"
        [ "$status" -eq 0 ] && break
    done
done
