#!/usr/bin/env bash
# Runs `npm test` several times in a row while other processes keep the CPU busy, and prints
# whether each run passed and how long it took: the check that the suite holds on a loaded
# machine (no test may race the wall clock). Not part of the package.
#
#   scripts/suite-under-load.sh [runs (20)] [busy processes (2)]
#
# Each run's output is kept in a folder the script names at the start. Exits 0 when every run
# passed, 1 otherwise.
set -u

runs=${1:-20}
burners=${2:-2}
cd "$(dirname "$0")/.." || exit 2
logs=$(mktemp -d "${TMPDIR:-/tmp}/suite-under-load.XXXXXX")

pids=()
stop_burners() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null; done
  pids=()
}
trap 'stop_burners; exit 130' INT TERM
trap stop_burners EXIT

for ((i = 0; i < burners; i++)); do
  node -e 'for (;;) {}' &
  pids+=("$!")
done
busy=$([ "$burners" -eq 1 ] && echo "busy process" || echo "busy processes")
echo "npm test × $runs beside $burners $busy (pids ${pids[*]:-none}); logs in $logs"

passed=0
for ((run = 1; run <= runs; run++)); do
  log="$logs/run-$run.log"
  start=$(date +%s)
  if npm test >"$log" 2>&1; then
    verdict=pass
    passed=$((passed + 1))
  else
    verdict=FAIL
  fi
  seconds=$(($(date +%s) - start))
  summary=$(sed -E 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^\s*(Test Files|Tests) ' | sed -E 's/^\s+//' | tr -s ' ' | paste -sd ';' -)
  printf 'run %2d: %s in %dm%02ds  %s\n' "$run" "$verdict" $((seconds / 60)) $((seconds % 60)) "$summary"
  if [ "$verdict" = FAIL ]; then
    sed -E 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^\s*(FAIL|×|✗)|AssertionError|Error:' | head -n 10 | sed 's/^/    /'
  fi
done

echo "$passed of $runs runs passed"
[ "$passed" -eq "$runs" ]
