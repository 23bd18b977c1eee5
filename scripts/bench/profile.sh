#!/usr/bin/env bash
# Where a fixture answer's instructions go, function by function (docs/performance-profile.md):
# cachegrind over N (2,000) and then 2N keep-alive GETs of the benchmark's answer, and
# cg_per_request.py's tables of the difference per request, by area and for the TOP functions.
#   scripts/bench/profile.sh            → TOP=30, N=2000
#   TOP=50 N=1000 PORT=19291 SWITCHBOARD=path/to/switchboard scripts/bench/profile.sh
#   QUIET=1 scripts/bench/profile.sh → serve --quiet: no JSON line, whose cost moves with how the
#     stream's writer batches (so with the machine's load); what is left repeats to a few instructions
#   UPSTREAM=http://127.0.0.1:19080 scripts/bench/profile.sh → the live answer instead: serve
#     --upstream URL relays every GET (start the upstream first: scripts/bench/nginx.sh start)
# Builds nothing: swift build -c release --product switchboard first. valgrind 3.19 cannot read
# the DWARF 5 Swift 6.3 writes, so the binary is profiled with its debug information stripped (its
# symbol table, and so every function's name, stays).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ROOT="$(cd "$BENCH_DIR/../.." && pwd)"
SWITCHBOARD="${SWITCHBOARD:-$ROOT/.build/release/switchboard}"
PORT="${PORT:-19290}"
export SWIFT_DETERMINISTIC_HASHING=1
command -v valgrind >/dev/null || { echo "valgrind is missing: apt-get install -y valgrind" >&2; exit 1; }
[ -x "$SWITCHBOARD" ] || { echo "no release build at $SWITCHBOARD" >&2; exit 1; }
N="${N:-2000}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
objcopy --strip-debug "$SWITCHBOARD" "$scratch/switchboard"
serve=(serve "$ROOT/scripts/bench-fixtures")
[ -n "${QUIET:-}" ] && serve+=(--quiet)
if [ -n "${UPSTREAM:-}" ]; then
  wait_ready "$UPSTREAM$DATA_PATH" 5 >/dev/null || {
    echo "no upstream answering at $UPSTREAM (scripts/bench/nginx.sh start)" >&2
    exit 1
  }
  live_fixtures "$scratch/live"
  serve=(serve "$scratch/live" --upstream "$UPSTREAM")
fi
for n in "$N" $((2 * N)); do
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file="$scratch/cg-$n.out" \
    "$scratch/switchboard" "${serve[@]}" --port "$PORT" >/dev/null 2>"$scratch/valgrind.log" &
  pid=$!
  wait_ready "http://127.0.0.1:$PORT$DATA_PATH" 120 >/dev/null
  python3 "$BENCH_DIR/keepalive_gets.py" "$PORT" "$n" "$DATA_PATH"
  kill -TERM "$pid"
  wait "$pid" || true
done
"$BENCH_DIR/cg_per_request.py" "$scratch/cg-$N.out" "$scratch/cg-$((2 * N)).out" "$N" "${TOP:-30}"
