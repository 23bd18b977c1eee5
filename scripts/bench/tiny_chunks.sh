#!/usr/bin/env bash
# Issue 37 item 8: an upstream answer of COUNT one-byte chunks (chunked, 200,000 by default, all
# written at once: scripts/bench/python_upstream.py chunks), read whole by curl directly and through
# `switchboard serve --upstream` (a release build), RUNS times each, alternately: the median time
# to the last byte of each (curl's time_total, no process start in it). Then what the stream costs
# the other requests: a probe of keep-alive GETs of a fixture endpoint (probe_latency.py, on as
# many connections as the server has event loops) with the server idle, and again while STREAMS
# relayed streams run back to back.
#   scripts/bench/tiny_chunks.sh
#   COUNT=200000 RUNS=5 STREAMS=2 PROBE_S=5 SWITCHBOARD=path/to/switchboard scripts/bench/tiny_chunks.sh
# Builds nothing: swift build -c release --product switchboard first. About a minute.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ROOT="$(cd "$BENCH_DIR/../.." && pwd)"
SWITCHBOARD="${SWITCHBOARD:-$ROOT/.build/release/switchboard}"
COUNT="${COUNT:-200000}" RUNS="${RUNS:-5}" STREAMS="${STREAMS:-2}" PROBE_S="${PROBE_S:-5}"
PORT_UP=19093 PORT_SB=19094
[ -x "$SWITCHBOARD" ] || { echo "no release build at $SWITCHBOARD" >&2; exit 1; }
for port in $PORT_UP $PORT_SB; do port_free "$port" || { echo "port $port is in use" >&2; exit 1; }; done

fixtures="$BENCH_RUN_DIR/tiny-chunks-fixtures"
live_fixtures "$fixtures"
cleanup() {
  stop_pid_file tiny-chunks-switchboard >/dev/null 2>&1 || true
  stop_pid_file tiny-chunks-upstream >/dev/null 2>&1 || true
}
trap cleanup EXIT
start_bg tiny-chunks-upstream python3 "$BENCH_DIR/python_upstream.py" "$PORT_UP" chunks "$COUNT" >/dev/null
start_bg tiny-chunks-switchboard bash -c \
  "exec '$SWITCHBOARD' serve '$fixtures' --upstream 'http://127.0.0.1:$PORT_UP' --port $PORT_SB >/dev/null"
wait_ready "http://127.0.0.1:$PORT_UP/tiny" 20
wait_ready "http://127.0.0.1:$PORT_SB/__bench/unused" 20

# last_byte PORT: seconds to read the whole answer, after checking its size once.
last_byte() { curl -s -o /dev/null -w '%{time_total}' "http://127.0.0.1:$1/tiny"; }
size="$(curl -s "http://127.0.0.1:$PORT_SB/tiny" | wc -c)"
[ "$size" = "$COUNT" ] || { echo "relayed $size bytes, not $COUNT" >&2; exit 1; }
direct=() through=()
for ((i = 1; i <= RUNS; i++)); do
  direct+=("$(last_byte $PORT_UP)")
  through+=("$(last_byte $PORT_SB)")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
d="$(median "${direct[@]}")" t="$(median "${through[@]}")"
printf 'tiny chunks (%s one-byte chunks, median of %s): direct %s s, through switchboard %s s (%sx)\n' \
  "$COUNT" "$RUNS" "$d" "$t" "$(python3 -c "print(f'{$t / $d:.0f}')")"

loops="$(nproc)"
idle="$(python3 "$BENCH_DIR/probe_latency.py" $PORT_SB /__bench/unused "$PROBE_S" "$loops")"
# STREAMS relayed streams back to back for as long as the probe runs.
streamers=()
for ((i = 0; i < STREAMS; i++)); do
  bash -c "end=\$((SECONDS + $PROBE_S + 1)); while ((SECONDS < end)); do
    curl -s -o /dev/null http://127.0.0.1:$PORT_SB/tiny; done" &
  streamers+=($!)
done
sleep 0.5
busy="$(python3 "$BENCH_DIR/probe_latency.py" $PORT_SB /__bench/unused "$PROBE_S" "$loops")"
for pid in "${streamers[@]}"; do wait "$pid"; done
read -r ip50 ip99 imax in <<<"$idle"
read -r bp50 bp99 bmax bn <<<"$busy"
printf 'a fixture GET meanwhile (%s connections, %s s): idle p50 %s ms, p99 %s ms, max %s ms (%s requests);\n' \
  "$loops" "$PROBE_S" "$ip50" "$ip99" "$imax" "$in"
printf '  with %s tiny-chunk streams relayed back to back: p50 %s ms, p99 %s ms, max %s ms (%s requests)\n' \
  "$STREAMS" "$bp50" "$bp99" "$bmax" "$bn"
