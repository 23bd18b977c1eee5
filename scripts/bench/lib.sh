# Settings and helpers shared by scripts/bench.sh, measure.sh and nginx.sh. Source it; do not run it.
# shellcheck shell=bash

BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# Scratch: pid files, server logs, nginx prefix.
BENCH_RUN_DIR="${BENCH_RUN_DIR:-/tmp/switchboard-bench-run}"
mkdir -p "$BENCH_RUN_DIR"

# The 124-byte JSON both servers answer with (Switchboard from scripts/bench-fixtures).
BODY_FILE="$BENCH_DIR/../bench-fixtures/body.json"
BODY="$(cat "$BODY_FILE")"
DATA_PATH="/data/all/coinlist"
SLOW_PATH="/slow"

# nginx's port (bound to 127.0.0.1 only; scripts/bench/nginx.conf says the same).
PORT_NGINX=19080
# nginx proxy_pass in front of it (scripts/bench/nginx-proxy.conf says the same).
PORT_NGINX_PROXY=19084

# live_fixtures DIR: a fixtures folder whose one endpoint matches none of the benchmark's
# paths, so that `serve DIR --upstream URL` relays every request: the live answer, as
# passthrough.sh, instructions.sh and profile.sh measure it.
live_fixtures() {
  mkdir -p "$1"
  cat >"$1/switchboard.yml" <<'EOF'
# Nothing here matches the benchmark's paths, so every request goes live.
endpoints:
  - id: unused
    method: GET
    path: /__bench/unused
    success: { body: "unused" }
EOF
}

# one_nginx CONF PORT OUT: CONF (nginx.conf or nginx-proxy.conf) as instructions.sh and
# profile.sh count it: one process (master_process off) listening on PORT, each request
# logged to a file, written to OUT.
one_nginx() {
  sed -e "s/worker_processes 1;/worker_processes 1;\nmaster_process off;/" \
    -e "s/access_log off;/access_log access.log;/" \
    -e "s/listen 127.0.0.1:[0-9]*;/listen 127.0.0.1:$2;/" "$1" >"$3"
}

# wait_ready URL [max_seconds]: poll until URL answers 200; bounded in time.
wait_ready() {
  local url="$1" max="${2:-30}" i
  for ((i = 0; i < max * 20; i++)); do
    if [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "$url" 2>/dev/null)" = "200" ]; then
      return 0
    fi
    sleep 0.05
  done
  echo "not ready after ${max}s: $url" >&2
  return 1
}

# start_bg NAME CMD...: start CMD in the background, log to $BENCH_RUN_DIR/NAME.log,
# write its PID to $BENCH_RUN_DIR/NAME.pid. The PID is the server's own PID (exec).
start_bg() {
  local name="$1"; shift
  local log="$BENCH_RUN_DIR/$name.log" pidf="$BENCH_RUN_DIR/$name.pid"
  if [ -f "$pidf" ] && kill -0 "$(cat "$pidf")" 2>/dev/null; then
    echo "$name already running as PID $(cat "$pidf")" >&2
    return 1
  fi
  nohup "$@" >"$log" 2>&1 </dev/null &
  echo $! >"$pidf"
  echo "$name started: PID $(cat "$pidf") (log $log)"
}

# stop_pid_file NAME: stop the server whose PID is in $BENCH_RUN_DIR/NAME.pid
# (TERM, wait up to 10 s, then KILL), by PID only.
stop_pid_file() {
  local name="$1" pidf="$BENCH_RUN_DIR/$1.pid" pid i
  [ -f "$pidf" ] || { echo "no pid file for $name" >&2; return 0; }
  pid="$(cat "$pidf")"
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null
    for ((i = 0; i < 100; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$pid" 2>/dev/null; then
      echo "$name (PID $pid) still alive after 10 s, sending KILL" >&2
      kill -KILL "$pid" 2>/dev/null
    fi
  fi
  rm -f "$pidf"
  echo "$name stopped (PID $pid)"
}

# descendants PID: print PID and all its descendant PIDs, one per line.
descendants() {
  local p="$1" c
  echo "$p"
  for c in $(ps -o pid= --ppid "$p" 2>/dev/null); do descendants "$c"; done
}

# rss_kb PID: RSS in KiB of PID alone.
rss_kb() { ps -o rss= -p "$1" 2>/dev/null | tr -d ' '; }

# rss_tree_kb PID: summed RSS in KiB of PID and its descendants (master + workers).
rss_tree_kb() {
  local total=0 p r
  for p in $(descendants "$1"); do
    r="$(rss_kb "$p")"; total=$((total + ${r:-0}))
  done
  echo "$total"
}

# port_free PORT: true when nothing listens on 127.0.0.1:PORT (or any address) yet.
port_free() { ! ss -Hltn "sport = :$1" | grep -q .; }

# port_owner_ok PORT PID: true when the socket listening on PORT belongs to PID or a child of it.
port_owner_ok() {
  local owners p
  owners="$(ss -Hltnp "sport = :$1" | grep -o 'pid=[0-9]*' | cut -d= -f2 | sort -u)"
  for p in $(descendants "$2"); do
    grep -qx "$p" <<<"$owners" && return 0
  done
  return 1
}

# cpu_busy_pct [SECONDS]: machine-wide CPU busy % over SECONDS (default 1), from /proc/stat.
# Taken while the server under test is idle, it shows load from other processes.
cpu_busy_pct() {
  local s="${1:-1}" a b
  a=($(head -1 /proc/stat)); sleep "$s"; b=($(head -1 /proc/stat))
  python3 -c "import sys
a=list(map(int,sys.argv[1].split())); b=list(map(int,sys.argv[2].split()))
d=[y-x for x,y in zip(a,b)]; tot=sum(d[:8]); idle=d[3]+d[4]
print('%.0f' % (100.0*(tot-idle)/tot if tot else 0))" "${a[*]:1}" "${b[*]:1}"
}

# cpu_ticks_tree PID: utime+stime clock ticks of PID and its descendants (all threads).
cpu_ticks_tree() {
  local total=0 p t
  for p in $(descendants "$1"); do
    t="$(awk '{print $14 + $15}' "/proc/$p/stat" 2>/dev/null || echo 0)"
    total=$((total + ${t:-0}))
  done
  echo "$total"
}

# cpu_busy_ticks: machine-wide busy clock ticks so far (user+nice+system+irq+softirq+steal).
cpu_busy_ticks() { awk '/^cpu /{print $2 + $3 + $4 + $7 + $8 + $9; exit}' /proc/stat; }

# wait_quiet MAX_PCT MAX_WAIT_S: wait (bounded) until machine CPU use over 1 s is <= MAX_PCT;
# prints the last sample.
wait_quiet() {
  local max="${1:-15}" wait_s="${2:-60}" bg i
  for ((i = 0; i < wait_s; i++)); do
    bg="$(cpu_busy_pct 1)"
    [ "$bg" -le "$max" ] && break
  done
  echo "$bg"
}
