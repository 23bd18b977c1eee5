#!/usr/bin/env bash
# Issue 11's passthrough benchmark: one upstream for all (nginx returning the demo JSON,
# scripts/bench/nginx.conf, one worker) behind
#   (a) nginx proxy_pass with upstream keep-alive (one worker, like the upstream),
#   (b) mitmproxy's mitmdump --mode reverse: (from PyPI, in a venv; version in the summary),
#   (c) switchboard serve --upstream, once that option exists (else "skipped: no --upstream yet").
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
PROXIES="${PROXIES:-nginx-proxy mitmdump switchboard-upstream}"
PORT_MITMDUMP=19085 PORT_SWITCHBOARD=19086
UPSTREAM="http://127.0.0.1:$PORT_NGINX"
mkdir -p "$OUT"
export OUT_DIR="$OUT"
printf 'peer\tpair\tdirect_p50_ms\tproxy_p50_ms\n' >"$OUT/latency.tsv"
: >"$OUT/notes.tsv"

proxy_prefix="$BENCH_RUN_DIR/nginx-proxy"
cleanup() {
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

python3 "$BENCH_DIR/report.py" "$OUT" >"$OUT/results.md"
python3 "$BENCH_DIR/passthrough_report.py" "$OUT" | tee "$OUT/summary.md"
echo "results: $OUT"
