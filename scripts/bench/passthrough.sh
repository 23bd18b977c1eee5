#!/usr/bin/env bash
# Issue 11's passthrough benchmark: one upstream for all (nginx returning the demo JSON,
# scripts/bench/nginx.conf, one worker) behind
#   (a) nginx proxy_pass with upstream keep-alive (one worker, like the upstream),
#   (b) mitmproxy's mitmdump --mode reverse: (from PyPI, in a venv; version in the summary),
#   (c) switchboard serve --upstream, once that option exists (else "skipped: no --upstream yet");
#   (d) python-http-server: Python's http.server as the upstream (python_upstream.py json: the head
#       in one write, the body in another), one keep-alive connection's p50 directly, through
#       nginx proxy_pass and through Switchboard: an upstream's Nagle against a delayed ACK costs
#       40 ms a request where the proxy does not acknowledge the head at once (issue 37 item 25).
# Throughput: scripts/bench/measure.sh on each proxy (wrk -t2 -c50 -d10s --latency, twice), as the
# peers of step 1 are measured. Added latency: with ONE connection (wrk -t1 -c1 -d5s --latency,
# keep-alive, HdrHistogram in microseconds; curl or hyperfine would add a process start of a few
# ms to a sub-ms figure), the upstream directly, then through the proxy, PAIRS times alternately;
# added = median over the pairs of (proxy p50 - direct p50).
# Targets (issue 11): Switchboard >= 0.5x nginx proxy throughput, >= 5x mitmdump, < 0.5 ms added.
#   scripts/bench/passthrough.sh     → results in /tmp/switchboard-bench/passthrough-<UTC time>/summary.md
#   OUT=dir SWITCHBOARD=path/to/switchboard PAIRS=3 scripts/bench/passthrough.sh
#   PROXIES="switchboard-upstream" scripts/bench/passthrough.sh   → only some of the three
# scripts/bench.sh runs it as its last step and appends the summary to its own. About 3 minutes.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ROOT="$(cd "$BENCH_DIR/../.." && pwd)"
OUT="${OUT:-/tmp/switchboard-bench/passthrough-$(date -u +%Y-%m-%dT%H%M%SZ)}"
SWITCHBOARD="${SWITCHBOARD:-$ROOT/.build/release/switchboard}"
VENV="${MITMPROXY_VENV:-/tmp/switchboard-bench-venv}"
PAIRS="${PAIRS:-3}"
PROXIES="${PROXIES:-nginx-proxy mitmdump switchboard-upstream python-http-server}"
PORT_MITMDUMP=19085 PORT_SWITCHBOARD=19086
PORT_PYTHON=19095 PORT_PYTHON_NGINX=19096 PORT_PYTHON_SWITCHBOARD=19097
UPSTREAM="http://127.0.0.1:$PORT_NGINX"
mkdir -p "$OUT"
export OUT_DIR="$OUT"
printf 'peer\tpair\tdirect_p50_ms\tproxy_p50_ms\n' >"$OUT/latency.tsv"
: >"$OUT/notes.tsv"

proxy_prefix="$BENCH_RUN_DIR/nginx-proxy"
cleanup() {
  stop_pid_file python-switchboard >/dev/null 2>&1 || true
  stop_pid_file python-nginx >/dev/null 2>&1 || true
  stop_pid_file python-upstream >/dev/null 2>&1 || true
  stop_pid_file switchboard-upstream >/dev/null 2>&1 || true
  stop_pid_file mitmdump >/dev/null 2>&1 || true
  stop_pid_file nginx-proxy >/dev/null 2>&1 || true
  "$BENCH_DIR/nginx.sh" stop >/dev/null 2>&1 || true
}
trap cleanup EXIT

# note KEY VALUE: a fact for the summary (versions, why a peer was skipped).
note() { printf '%s\t%s\n' "$1" "$2" >>"$OUT/notes.tsv"; }

# added_latency NAME PORT: PAIRS one-connection runs, direct then through the proxy, into latency.tsv.
added_latency() {
  local name="$1" port="$2" i direct proxy
  for ((i = 1; i <= PAIRS; i++)); do
    wait_quiet "${BG_MAX_PCT:-15}" "${BG_WAIT_S:-60}" >/dev/null
    wrk -t1 -c1 -d5s --latency "$UPSTREAM$DATA_PATH" >"$OUT/$name/latency_direct_$i.txt" 2>&1 || true
    wrk -t1 -c1 -d5s --latency "http://127.0.0.1:$port$DATA_PATH" >"$OUT/$name/latency_proxy_$i.txt" 2>&1 || true
    direct="$(python3 "$BENCH_DIR/parse_wrk.py" "$OUT/$name/latency_direct_$i.txt" | cut -f2)"
    proxy="$(python3 "$BENCH_DIR/parse_wrk.py" "$OUT/$name/latency_proxy_$i.txt" | cut -f2)"
    printf '%s\t%s\t%s\t%s\n' "$name" "$i" "$direct" "$proxy" >>"$OUT/latency.tsv"
    echo "latency pair $i: p50 direct $direct ms, through $name $proxy ms"
  done
}

# wanted NAME: true when NAME is one of $PROXIES.
wanted() { [[ " $PROXIES " == *" $1 "* ]]; }

# measure_proxy NAME PORT: throughput (measure.sh) and added latency of a proxy already started
# with start_bg NAME.
measure_proxy() {
  local name="$1" port="$2"
  wait_ready "http://127.0.0.1:$port$DATA_PATH" 20
  "$BENCH_DIR/measure.sh" "$name" "$port" "$(cat "$BENCH_RUN_DIR/$name.pid")"
  added_latency "$name" "$port"
  stop_pid_file "$name"
}

echo "== passthrough: upstream nginx-w1 on $UPSTREAM"
"$BENCH_DIR/nginx.sh" start
note upstream "nginx $(nginx -v 2>&1 | sed 's/.*nginx\///'), one worker, scripts/bench/nginx.conf"

if wanted nginx-proxy; then
  echo "== (a) nginx proxy_pass, upstream keep-alive, one worker"
  mkdir -p "$proxy_prefix/tmp"
  cp "$BENCH_DIR/nginx-proxy.conf" "$proxy_prefix/nginx.conf"
  port_free "$PORT_NGINX_PROXY" || { echo "port $PORT_NGINX_PROXY is in use" >&2; exit 1; }
  nginx -t -q -p "$proxy_prefix/" -e "$proxy_prefix/error.log" -c "$proxy_prefix/nginx.conf"
  start_bg nginx-proxy nginx -p "$proxy_prefix/" -e "$proxy_prefix/error.log" -c "$proxy_prefix/nginx.conf"
  measure_proxy nginx-proxy "$PORT_NGINX_PROXY"
fi

if wanted mitmdump; then
  echo "== (b) mitmdump --mode reverse:$UPSTREAM"
  if [ ! -x "$VENV/bin/mitmdump" ]; then
    echo "installing mitmproxy into $VENV (pip)"
    { python3 -m venv "$VENV" && "$VENV/bin/pip" install -q mitmproxy; } >"$OUT/pip.log" 2>&1 || true
  fi
  if [ -x "$VENV/bin/mitmdump" ]; then
    note mitmdump "mitmproxy $("$VENV/bin/mitmdump" --version | sed -n 's/^Mitmproxy: *//p'), $("$VENV/bin/python" --version)"
    port_free "$PORT_MITMDUMP" || { echo "port $PORT_MITMDUMP is in use" >&2; exit 1; }
    # -q: no line per flow, as nginx has access_log off.
    start_bg mitmdump "$VENV/bin/mitmdump" -q --mode "reverse:$UPSTREAM" \
      --listen-host 127.0.0.1 --listen-port "$PORT_MITMDUMP"
    measure_proxy mitmdump "$PORT_MITMDUMP"
  else
    echo "skipped: mitmproxy could not be installed (see $OUT/pip.log)"
    note mitmdump "skipped: pip install mitmproxy failed"
  fi
fi

echo "== (c) switchboard serve --upstream $UPSTREAM"
if ! wanted switchboard-upstream; then
  note switchboard "not measured (PROXIES)"
elif [ ! -x "$SWITCHBOARD" ]; then
  echo "skipped: no release build at $SWITCHBOARD (swift build -c release --product switchboard)"
  note switchboard "skipped: no release build"
# Not `| grep -q`: it stops reading at the first match, and under pipefail the
# help writer's SIGPIPE would read as "no --upstream".
elif [[ "$("$SWITCHBOARD" serve --help 2>&1)" != *--upstream* ]]; then
  echo "skipped: no --upstream yet"
  note switchboard "skipped: no --upstream yet"
else
  fixtures="$BENCH_RUN_DIR/passthrough-fixtures"
  live_fixtures "$fixtures"
  note switchboard "$("$SWITCHBOARD" --version 2>/dev/null || echo "version unknown"), journal on, JSON lines to /dev/null"
  port_free "$PORT_SWITCHBOARD" || { echo "port $PORT_SWITCHBOARD is in use" >&2; exit 1; }
  start_bg switchboard-upstream bash -c \
    "exec '$SWITCHBOARD' serve '$fixtures' --upstream '$UPSTREAM' --port $PORT_SWITCHBOARD >/dev/null"
  measure_proxy switchboard-upstream "$PORT_SWITCHBOARD"
fi

# p50_through NAME PORT I: one connection's p50 (ms) on 127.0.0.1:PORT, its wrk output kept.
p50_through() {
  wrk -t1 -c1 -d5s --latency "http://127.0.0.1:$2$DATA_PATH" >"$OUT/python/$1_$3.txt" 2>&1 || true
  python3 "$BENCH_DIR/parse_wrk.py" "$OUT/python/$1_$3.txt" | cut -f2
}

python_line=""
if wanted python-http-server; then
  echo "== (d) Python http.server upstream (head and body apart), one connection"
  mkdir -p "$OUT/python" "$BENCH_RUN_DIR/python-nginx/tmp"
  for port in $PORT_PYTHON $PORT_PYTHON_NGINX $PORT_PYTHON_SWITCHBOARD; do
    port_free "$port" || { echo "port $port is in use" >&2; exit 1; }
  done
  start_bg python-upstream python3 "$BENCH_DIR/python_upstream.py" "$PORT_PYTHON" json
  sed -e "s/server 127.0.0.1:19080;/server 127.0.0.1:$PORT_PYTHON;/" \
    -e "s/listen 127.0.0.1:19084;/listen 127.0.0.1:$PORT_PYTHON_NGINX;/" \
    "$BENCH_DIR/nginx-proxy.conf" >"$BENCH_RUN_DIR/python-nginx/nginx.conf"
  start_bg python-nginx nginx -p "$BENCH_RUN_DIR/python-nginx/" -e "$BENCH_RUN_DIR/python-nginx/error.log" \
    -c "$BENCH_RUN_DIR/python-nginx/nginx.conf"
  peers="direct nginx"
  if [ -x "$SWITCHBOARD" ]; then
    fixtures="$BENCH_RUN_DIR/passthrough-fixtures"
    live_fixtures "$fixtures"
    start_bg python-switchboard bash -c "exec '$SWITCHBOARD' serve '$fixtures' \
      --upstream 'http://127.0.0.1:$PORT_PYTHON' --port $PORT_PYTHON_SWITCHBOARD >/dev/null"
    wait_ready "http://127.0.0.1:$PORT_PYTHON_SWITCHBOARD$DATA_PATH" 20
    peers="$peers switchboard"
  fi
  wait_ready "http://127.0.0.1:$PORT_PYTHON_NGINX$DATA_PATH" 20
  printf 'pair\tdirect_p50_ms\tnginx_p50_ms\tswitchboard_p50_ms\n' >"$OUT/python.tsv"
  for ((i = 1; i <= PAIRS; i++)); do
    d="$(p50_through direct $PORT_PYTHON "$i")"
    n="$(p50_through nginx $PORT_PYTHON_NGINX "$i")"
    s="n/a"
    [[ " $peers " == *" switchboard "* ]] && s="$(p50_through switchboard $PORT_PYTHON_SWITCHBOARD "$i")"
    printf '%s\t%s\t%s\t%s\n' "$i" "$d" "$n" "$s" >>"$OUT/python.tsv"
    echo "python pair $i: p50 direct $d ms, nginx proxy_pass $n ms, switchboard $s ms"
  done
  python_line="$(python3 - "$OUT/python.tsv" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
def med(key):
    values = [float(r[key]) for r in rows if r[key] not in ("", "n/a", "nan")]
    return f"{statistics.median(values):.3f} ms" if values else "n/a"
print(f"\nPython http.server upstream (head and body in two writes; `wrk -t1 -c1 -d5s`, median p50 "
      f"of {len(rows)}): directly {med('direct_p50_ms')}, through nginx proxy_pass (keep-alive) "
      f"{med('nginx_p50_ms')}, through Switchboard {med('switchboard_p50_ms')}.")
PY
)"
  stop_pid_file python-switchboard >/dev/null 2>&1 || true
  stop_pid_file python-nginx >/dev/null 2>&1 || true
  stop_pid_file python-upstream >/dev/null 2>&1 || true
fi

# PROXIES=python-http-server alone measures no throughput: nothing for the reports.
if [ -f "$OUT/wrk.tsv" ]; then
  python3 "$BENCH_DIR/report.py" "$OUT" >"$OUT/results.md"
  python3 "$BENCH_DIR/passthrough_report.py" "$OUT" >"$OUT/summary.md"
fi
echo "$python_line" >>"$OUT/summary.md"
cat "$OUT/summary.md"
echo "results: $OUT"
