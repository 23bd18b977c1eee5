#!/usr/bin/env bash
# Switchboard beside nginx, in one run on this machine (issue 3's benchmark):
#   1. throughput (wrk -t2 -c50 -d10s) headless with the journal on, and with the screen in tmux,
#      as a ratio to nginx with one worker serving the same 124-byte JSON, and per server CPU-second;
#      the NIO floor (Sources/nio-floor: NIO's decoder and prebuilt bytes) measured alike beside them;
#   2. latency accuracy: 200 connections on a 500 ms endpoint (req/s against 400, p50, p99);
#   3. memory: RSS before, and after two million requests; and over 6,000 requests with 60KB queries
#      (scripts/bench/long_queries.py), which must stay flat after the first 2,000;
#   4. the screen's cost: render time for 200 endpoints and a full log, taking 2,000 requests in, and
#      routing an unmatched request among 50,000 endpoints (quick alone: see bench_summary.py --screen);
#   5. every request written (scripts/bench-log.sh): requests served against lines on stdout and
#      in --log, and entries in --har;
#   6. passthrough (issue 11, scripts/bench/passthrough.sh): the same nginx upstream behind nginx
#      proxy_pass, mitmdump and switchboard serve --upstream; rows appended to summary.md.
#   7. what a rate limit and a count rule cost (issue 13, scripts/bench/ratelimit.sh): the hot endpoint
#      plain, behind a limit it never reaches and behind after:1000000, alternated in one run; appended
#      to summary.md. (`PATTERNS=1 scripts/bench/instructions.sh` counts the same in instructions.)
#   8. a large OpenAPI description (issue 26, scripts/bench/spec_scale.sh): 1,184 operations made
#      from Box's, `check` and launch to first answer (under 1 s), and route lookup beside the demo
#      against the demo alone (at most 10% slower); appended to summary.md, REGRESSION past a target.
# nginx and Switchboard are measured alike by scripts/bench/measure.sh. Everything it needs is in
# scripts/; wrk, nginx and the rest are installed with apt-get when missing (needs root).
# Takes about 15 minutes. Every figure with a target (bench_summary.py) past it prints a line
# starting REGRESSION and makes the script exit 1.
#   scripts/bench.sh               → results in /tmp/switchboard-bench/<UTC time>/summary.md
#   OUT=dir scripts/bench.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$PWD"
BENCH="$ROOT/scripts/bench"
OUT="${OUT:-/tmp/switchboard-bench/$(date -u +%Y-%m-%dT%H%M%SZ)}"
mkdir -p "$OUT/peers"
export BENCH_RUN_DIR="$OUT/run" OUT_DIR="$OUT/peers"
mkdir -p "$BENCH_RUN_DIR"
source "$BENCH/lib.sh"

PORT_HEADLESS=19090 PORT_SCREEN=19091 PORT_MEMORY=19092 PORT_FLOOR=19093
FIXTURES="$ROOT/scripts/bench-fixtures"
BIN="$ROOT/.build/release/switchboard"

missing=()
for tool in wrk nginx hyperfine tmux curl python3 ss; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if ((${#missing[@]})); then
  echo "== installing: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    wrk nginx hyperfine tmux curl python3 iproute2 procps time
fi

echo "== release build"
swift build -c release --product switchboard
swift build -c release --product switchboard-bench
swift build -c release --product nio-floor

pids=()
tmux_socket="switchboard-bench-$$"
cleanup() {
  local pid
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  tmux -L "$tmux_socket" kill-server 2>/dev/null || true
  "$BENCH/nginx.sh" stop >/dev/null 2>&1 || true
}
trap cleanup EXIT

# start_serve PORT: switchboard serve in the background; prints its PID.
start_serve() {
  "$BIN" serve "$FIXTURES" --port "$1" >/dev/null 2>"$OUT/serve-$1.log" &
  local pid=$!
  pids+=("$pid")
  wait_ready "http://127.0.0.1:$1$DATA_PATH" 20 >&2
  echo "$pid"
}

echo "== 1a. nginx, one worker (measure.sh)"
"$BENCH/nginx.sh" start
"$BENCH/measure.sh" nginx-w1 "$PORT_NGINX" "$(cat "$BENCH_RUN_DIR/nginx-w1.pid")"
"$BENCH/nginx.sh" stop

echo "== 1a'. the NIO floor: NIO's decoder and prebuilt bytes, one event loop (measure.sh)"
"$ROOT/.build/release/nio-floor" "$PORT_FLOOR" "$BODY_FILE" >/dev/null 2>"$OUT/nio-floor.log" &
pid=$!
pids+=("$pid")
wait_ready "http://127.0.0.1:$PORT_FLOOR$DATA_PATH" 20
"$BENCH/measure.sh" nio-floor "$PORT_FLOOR" "$pid"
kill -TERM "$pid"; wait "$pid" 2>/dev/null || true

echo "== 1b. switchboard serve, journal on, JSON lines to /dev/null (measure.sh, with /slow)"
pid="$(start_serve "$PORT_HEADLESS")"
"$BENCH/measure.sh" switchboard-serve "$PORT_HEADLESS" "$pid" slow
kill -TERM "$pid"; wait "$pid" 2>/dev/null || true
python3 "$BENCH/report.py" "$OUT_DIR" >"$OUT/peers/results.md"

echo "== 1c. switchboard with the screen running in tmux (120x40)"
tmux -L "$tmux_socket" -f /dev/null new-session -d -x 120 -y 40 -s bench \
  "exec '$BIN' '$FIXTURES' --port $PORT_SCREEN"
wait_ready "http://127.0.0.1:$PORT_SCREEN$DATA_PATH" 20
screen_pid="$(ss -Hltnp "sport = :$PORT_SCREEN" | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2)"
for run in 1 2; do
  sleep 1
  ticks="$(cpu_ticks_tree "$screen_pid")"
  wrk -t2 -c50 -d10s --latency "http://127.0.0.1:$PORT_SCREEN$DATA_PATH" >"$OUT/screen_throughput_$run.txt"
  # The row parse_wrk.py prints, then the CPU-seconds the server (screen included) used meanwhile.
  printf '%s\t%s\n' "$(python3 "$BENCH/parse_wrk.py" "$OUT/screen_throughput_$run.txt")" \
    "$(python3 -c "print(($(cpu_ticks_tree "$screen_pid") - $ticks) / $(getconf CLK_TCK))")" \
    >"$OUT/screen_throughput_$run.tsv"
done
tmux -L "$tmux_socket" capture-pane -p -t bench >"$OUT/screen_after.txt"
tmux -L "$tmux_socket" send-keys -t bench q
for ((i = 0; i < 50; i++)); do kill -0 "$screen_pid" 2>/dev/null || break; sleep 0.1; done

echo "== 3. memory over two million requests"
pid="$(start_serve "$PORT_MEMORY")"
curl -s -o /dev/null "http://127.0.0.1:$PORT_MEMORY$DATA_PATH"
rss_before="$(rss_kb "$pid")"
total=0 run=0
while ((total < 2000000)); do
  run=$((run + 1))
  wrk -t2 -c50 -d10s "http://127.0.0.1:$PORT_MEMORY$DATA_PATH" >"$OUT/memory_$run.txt"
  total=$((total + $(grep -o '[0-9]* requests in' "$OUT/memory_$run.txt" | cut -d' ' -f1)))
  echo "  $total requests so far, RSS $(rss_kb "$pid") KiB"
done
sleep 3
rss_after="$(rss_kb "$pid")"
kill -TERM "$pid"; wait "$pid" 2>/dev/null || true
printf '%s\t%s\t%s\n' "$total" "$rss_before" "$rss_after" >"$OUT/memory.tsv"

echo "== 3b. long query strings: 3 rounds of 2,000 requests with a 60KB query (long_queries.py)"
"$BIN" serve "$FIXTURES" --port "$PORT_MEMORY" >/dev/null 2>"$OUT/serve-long-queries.log" &
pid=$!
pids+=("$pid")
wait_ready "http://127.0.0.1:$PORT_MEMORY$DATA_PATH" 20
python3 "$BENCH/long_queries.py" "$PORT_MEMORY" "$pid" 2000 3 >"$OUT/long_queries.tsv"
kill -TERM "$pid"; wait "$pid" 2>/dev/null || true
# Every request still written: serve says on exit what its stdout did not get.
grep -c 'were not written' "$OUT/serve-long-queries.log" >>"$OUT/long_queries.tsv" || true
cat "$OUT/long_queries.tsv"

echo "== 4. the screen's render cost"
"$ROOT/.build/release/switchboard-bench" | tee "$OUT/render.txt"

echo "== 5. every request written: serve's stdout, --log and --har under load"
OUT="$OUT/log" "$ROOT/scripts/bench-log.sh" | tee "$OUT/log.txt"

# A figure past its target prints a REGRESSION line and exits 3; the rest still runs, and this
# script exits 1 at the end.
regressed=0
python3 "$ROOT/scripts/bench_summary.py" "$OUT" | tee "$OUT/summary.md" || regressed=1

echo "== 6. passthrough: nginx proxy_pass, mitmdump and switchboard in front of one nginx upstream"
if OUT="$OUT/passthrough" SWITCHBOARD="$BIN" "$BENCH/passthrough.sh" >"$OUT/passthrough.txt" 2>&1; then
  tee -a "$OUT/summary.md" <"$OUT/passthrough/summary.md"
else
  echo "passthrough failed: see $OUT/passthrough.txt" | tee -a "$OUT/summary.md"
fi
echo "== 7. rate limit cost: the same endpoint with and without a limit it never reaches"
if OUT="$OUT/ratelimit" SWITCHBOARD="$BIN" "$BENCH/ratelimit.sh" >"$OUT/ratelimit.txt" 2>&1; then
  { echo; echo "## Rate limit and count rule cost"; tail -9 "$OUT/ratelimit.txt"; } | tee -a "$OUT/summary.md"
else
  echo "rate limit bench failed: see $OUT/ratelimit.txt" | tee -a "$OUT/summary.md"
fi
echo "== 8. a large OpenAPI description (issue 26): start-up, and route lookup beside the demo"
if OUT="$OUT/spec-scale" SWITCHBOARD="$BIN" "$BENCH/spec_scale.sh" >"$OUT/spec-scale.txt" 2>"$OUT/spec-scale.err"; then
  { echo; echo "## A large OpenAPI description"; cat "$OUT/spec-scale.txt"; } | tee -a "$OUT/summary.md"
elif grep -q '^REGRESSION' "$OUT/spec-scale.txt"; then
  { echo; echo "## A large OpenAPI description"; cat "$OUT/spec-scale.txt"; } | tee -a "$OUT/summary.md"
  regressed=1
else
  echo "spec scale bench failed: see $OUT/spec-scale.err" | tee -a "$OUT/summary.md"
fi
echo "results: $OUT"
if ((regressed)); then
  grep '^REGRESSION' "$OUT/summary.md"
  exit 1
fi
