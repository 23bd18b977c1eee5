#!/usr/bin/env bash
# Measure ONE server that is already running on 127.0.0.1 (nginx, or Switchboard), the same way for both.
#   measure.sh NAME PORT PID [slow]
# NAME  label for the results;  PORT  its port on 127.0.0.1;  PID  the server's main PID
# (RSS is read for it and, summed, for its child processes);  slow  also load-test /slow.
# Results go to $OUT_DIR (default results/<UTC date>/): raw tool output in $OUT_DIR/NAME/,
# one row per wrk run appended to $OUT_DIR/wrk.tsv, one row per server to $OUT_DIR/server.tsv.
# Every load loop is bounded: wrk -d 10s, hyperfine a fixed number of runs.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

name="$1"; port="$2"; pid="$3"; slow="${4:-}"
READY_S="${READY_S:-}"                      # startup-to-first-200 time, if the caller measured it
OUT_DIR="${OUT_DIR:-/tmp/switchboard-bench/measure-$(date -u +%F)}"
WRK_DURATION="${WRK_DURATION:-10s}"          # keep <= 10s
RUNS="${RUNS:-2}"
raw="$OUT_DIR/$name"
mkdir -p "$raw"
base="http://127.0.0.1:$port"
url="$base$DATA_PATH"

[ -f "$OUT_DIR/wrk.tsv" ] || printf 'date\tpeer\ttest\trun\treq_per_s\tp50_ms\tp99_ms\trequests\tsock_err_c/r/w/t\tnon_2xx\tserver_cpu_s\twrk_cpu_s\tother_cpu_s\tbg_cpu_pct\trecovery_s\n' >"$OUT_DIR/wrk.tsv"
[ -f "$OUT_DIR/server.tsv" ] || printf 'date\tpeer\tcheck\tready_s\tcurl_serial_mean_ms\tcurl_serial_sd_ms\trss_start_kb\trss_start_tree_kb\trss_after_kb\trss_after_tree_kb\tnprocs\n' >"$OUT_DIR/server.tsv"
today="$(date -u +%F)"
# A new measurement of NAME replaces its earlier rows (kept in *.replaced.tsv).
for t in wrk server; do
  if awk -F'\t' -v n="$name" 'NR > 1 && $2 == n {found = 1} END {exit !found}' "$OUT_DIR/$t.tsv"; then
    awk -F'\t' -v n="$name" 'NR > 1 && $2 == n' "$OUT_DIR/$t.tsv" >>"$OUT_DIR/$t.replaced.tsv"
    awk -F'\t' -v n="$name" 'NR == 1 || $2 != n' "$OUT_DIR/$t.tsv" >"$OUT_DIR/$t.tsv.new"
    mv "$OUT_DIR/$t.tsv.new" "$OUT_DIR/$t.tsv"
  fi
done

echo "== $name (port $port, PID $pid)"
kill -0 "$pid" || { echo "PID $pid is not running" >&2; exit 1; }
port_owner_ok "$port" "$pid" || { echo "port $port is not served by PID $pid (or its children)" >&2; exit 1; }
TICKS="$(getconf CLK_TCK)"

# recovery_time: after a run, wait (bounded: DRAIN_WAIT_S, default 150 s) until one GET of the
# fast route is answered within 1 s, and print the seconds waited. A server that serialises
# the 0.5 s sleeps keeps working through the requests wrk abandoned when it stopped; without
# this wait the next run would only measure that backlog.
recovery_time() {
  local t0 r i
  t0="$(date +%s.%N)"
  for ((i = 0; i < ${DRAIN_WAIT_S:-150}; i++)); do
    r="$(curl -s -o /dev/null -w '%{http_code} %{time_total}' --max-time 2 "$url" || true)"
    if [ "${r%% *}" = 200 ] && awk -v x="${r#* }" 'BEGIN { exit !(x < 1.0) }'; then break; fi
    sleep 1
  done
  python3 -c "import time; print('%.1f' % (time.time() - $t0))"
}

# wrk_run KIND I URL ARGS...: one bounded wrk run; appends a row to wrk.tsv.
# Around it: waits (up to BG_WAIT_S, default 180 s) for the machine to be quiet (<= BG_MAX_PCT,
# default 15 % CPU over 1 s) while the server is idle, and records that sample (bg_cpu_pct);
# records the CPU time used during the run by the server's processes (server_cpu_s), by wrk
# (wrk_cpu_s) and by everything else on the machine (other_cpu_s; should be ~0). The machine
# has $(nproc) CPUs, so a 10 s run has 20 CPU-seconds in all.
wrk_run() {
  local kind="$1" i="$2" u="$3"; shift 3
  local bg c0 c1 m0 m1 row rec f="$raw/wrk_${kind}_$i.txt" wrk_cpu cpu_cols
  sleep 1
  bg="$(wait_quiet "${BG_MAX_PCT:-15}" "${BG_WAIT_S:-180}")"
  m0="$(cpu_busy_ticks)"; c0="$(cpu_ticks_tree "$pid")"
  /usr/bin/time -f '%U %S' -o "$f.cpu" wrk "$@" "$u" >"$f" 2>&1 || true
  c1="$(cpu_ticks_tree "$pid")"; m1="$(cpu_busy_ticks)"
  wrk_cpu="$(tail -1 "$f.cpu")"
  cpu_cols="$(python3 -c "import sys
t = float(sys.argv[1]); srv = ($c1 - $c0) / t; tot = ($m1 - $m0) / t
w = sum(map(float, sys.argv[2].split()))
print('%.2f\t%.2f\t%.2f' % (srv, w, max(tot - srv - w, 0.0)))" "$TICKS" "$wrk_cpu")"
  row="$(python3 "$BENCH_DIR/parse_wrk.py" "$f")"
  rec="$(recovery_time)"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$today" "$name" "$kind" "$i" "$row" "$cpu_cols" "$bg" "$rec" >>"$OUT_DIR/wrk.tsv"
  echo "$kind run $i: $row | cpu s server/wrk/other: ${cpu_cols//$'\t'//} | idle-machine cpu before: ${bg}% | recovered after ${rec}s"
}

# 1. Correctness: status, Content-Type, exact body bytes.
check="ok"
curl -s -D "$raw/headers.txt" -o "$raw/body.out" "$url"
code="$(head -1 "$raw/headers.txt" | awk '{print $2}')"
ctype="$(grep -i '^content-type:' "$raw/headers.txt" | head -1 | cut -d: -f2- | tr -d ' \r')"
[ "$code" = 200 ] || check="status=$code"
case "$ctype" in application/json*) ;; *) check="$check ctype=$ctype" ;; esac
cmp -s "$raw/body.out" "$BODY_FILE" || check="$check body-differs"
if [ -n "$slow" ]; then
  scode="$(curl -s -o "$raw/slow.out" -w '%{http_code} %{time_total}' "$base$SLOW_PATH")"
  echo "/slow single request: $scode" >"$raw/slow_single.txt"
  cmp -s "$raw/slow.out" "$BODY_FILE" || check="$check slow-body-differs"
fi
echo "check: $check ($code, $ctype)"

rss_start="$(rss_kb "$pid")"; rss_start_tree="$(rss_tree_kb "$pid")"

# 2. Serial single requests, a new curl process and connection each (what one test does).
hyperfine -N --warmup 20 --runs 200 --export-json "$raw/hyperfine.json" \
  "curl -s -o /dev/null $url" >"$raw/hyperfine.txt" 2>&1 || true
read -r hf_mean hf_sd < <(python3 -c "import json,sys
r = json.load(open(sys.argv[1]))['results'][0]
print('%.2f %.2f' % (r['mean'] * 1000, r['stddev'] * 1000))" "$raw/hyperfine.json" 2>/dev/null || echo "nan nan")

# 3. Throughput: wrk -t2 -c50 -d10s --latency, RUNS times, one after another.
for ((i = 1; i <= RUNS; i++)); do
  wrk_run throughput "$i" "$url" -t2 -c50 -d"$WRK_DURATION" --latency
done

# 4. Latency injection: 200 connections on /slow (0.5 s each; ideal 400 req/s, p50 500 ms).
#    --timeout 10s so that slow-but-completed requests are counted in the latency
#    percentiles instead of being dropped as wrk's default 2 s "timeout" errors.
if [ -n "$slow" ]; then
  for ((i = 1; i <= RUNS; i++)); do
    wrk_run slow "$i" "$base$SLOW_PATH" -t2 -c200 -d"$WRK_DURATION" --latency --timeout 10s
  done
fi

# 5. Idle memory after the runs (the last run was followed by recovery_time).
sleep 3
rss_after="$(rss_kb "$pid")"; rss_after_tree="$(rss_tree_kb "$pid")"
nprocs="$(descendants "$pid" | wc -l)"
ps -o pid,ppid,rss,vsz,nlwp,args -p "$(descendants "$pid" | paste -sd,)" >"$raw/ps_after.txt" || true
printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$today" "$name" "$check" "${READY_S:-}" \
  "$hf_mean" "$hf_sd" "$rss_start" "$rss_start_tree" "$rss_after" "$rss_after_tree" "$nprocs" >>"$OUT_DIR/server.tsv"
echo "serial curl ${hf_mean}±${hf_sd} ms; RSS start ${rss_start}/${rss_start_tree} KiB, after ${rss_after}/${rss_after_tree} KiB (pid/tree, $nprocs procs)"
