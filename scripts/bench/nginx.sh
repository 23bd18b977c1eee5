#!/usr/bin/env bash
# Start nginx in the foreground (background job) with our own config; not the system service.
#   scripts/bench/nginx.sh start
#   scripts/bench/nginx.sh stop
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
action="${1:-start}"
name="nginx-w1"
conf="$BENCH_DIR/nginx.conf"
prefix="$BENCH_RUN_DIR/$name"
case "$action" in
  start)
    port_free "$PORT_NGINX" || { echo "port $PORT_NGINX is already in use; not starting" >&2; exit 1; }
    mkdir -p "$prefix/tmp"
    nginx -t -q -p "$prefix/" -e "$prefix/error.log" -c "$conf"
    start_bg "$name" nginx -p "$prefix/" -e "$prefix/error.log" -c "$conf"
    wait_ready "http://127.0.0.1:$PORT_NGINX$DATA_PATH" 10 ;;
  stop) stop_pid_file "$name" ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
