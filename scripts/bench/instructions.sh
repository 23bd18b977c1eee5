#!/usr/bin/env bash
# Instructions per request, counted by valgrind's cachegrind on a release build: a figure that does
# not depend on what else the machine is doing, unlike requests per second on two shared cores.
# Counts, in one run, each over one keep-alive connection with the same client and the same JSON:
#   - Switchboard's fixture answer (scripts/bench-fixtures; `serve`, its JSON line on stdout), and
#     the same with `serve --quiet` (no JSON line), so the line's share is known;
#   - nginx, one process (master_process off), access log to a file: the tool of the trade;
#   - nio-floor (Sources/nio-floor): NIO's request decoder and prebuilt bytes, the least this stack
#     can do, so the ratio to SwiftNIO's own floor is measured in the same run;
#   - a live answer (serve --upstream, in front of scripts/bench/nginx.sh's nginx), and nginx
#     proxy_pass relaying the same (scripts/bench/nginx-proxy.conf, as passthrough.sh runs it).
# Per request = (instructions for 2N requests - instructions for N) / N, so start-up and shut-down
# cancel out.
#   scripts/bench/instructions.sh            → N=2000, about 6 minutes
#   N=1000 PORT=19188 SWITCHBOARD=path/to/switchboard scripts/bench/instructions.sh
#   PATTERNS=1 scripts/bench/instructions.sh → fixture vs rate-limited vs count rule instead of live
#   BODIES=1 scripts/bench/instructions.sh   → a JSON POST to a plain endpoint vs one a body
#                                              requirement routes, instead of live
# Builds nothing: build first (swift build -c release --product switchboard, then --product nio-floor).
# Needs valgrind (apt-get install -y valgrind), nginx and python3.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ROOT="$(cd "$BENCH_DIR/../.." && pwd)"
SWITCHBOARD="${SWITCHBOARD:-$ROOT/.build/release/switchboard}"
FLOOR="${FLOOR:-$(dirname "$SWITCHBOARD")/nio-floor}"
N="${N:-2000}"
PORT="${PORT:-19187}"
# Swift seeds its hashing per process; fixed seeds make runs comparable.
export SWIFT_DETERMINISTIC_HASHING=1
command -v valgrind >/dev/null || { echo "valgrind is missing: apt-get install -y valgrind" >&2; exit 1; }
[ -x "$SWITCHBOARD" ] || { echo "no release build at $SWITCHBOARD" >&2; exit 1; }
[ -x "$FLOOR" ] || { echo "no nio-floor at $FLOOR: swift build -c release --product nio-floor" >&2; exit 1; }

scratch="$(mktemp -d)"
trap '"$BENCH_DIR/nginx.sh" stop >/dev/null 2>&1 || true; rm -rf "$scratch"' EXIT
# Without debug information valgrind starts in seconds rather than minutes.
objcopy --strip-debug "$SWITCHBOARD" "$scratch/switchboard"
objcopy --strip-debug "$FLOOR" "$scratch/nio-floor"
# nginx as scripts/bench/nginx.sh runs it, and nginx proxy_pass as passthrough.sh runs it, each one
# process on this script's port, logging each request to a file.
mkdir -p "$scratch/nginx/tmp" "$scratch/nginx-proxy/tmp"
one_nginx "$BENCH_DIR/nginx.conf" "$PORT" "$scratch/nginx/nginx.conf"
one_nginx "$BENCH_DIR/nginx-proxy.conf" "$PORT" "$scratch/nginx-proxy/nginx.conf"
live_fixtures "$scratch/live"
"$BENCH_DIR/nginx.sh" start >/dev/null

# count REQUESTS CMD...: instructions for CMD serving REQUESTS keep-alive GETs of $DATA_PATH on $PORT.
count() {
  local requests="$1" pid
  shift
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file="$scratch/cg.out" \
    "$@" >/dev/null 2>"$scratch/valgrind.log" &
  pid=$!
  wait_ready "http://127.0.0.1:$PORT${REQUEST_PATH:-$DATA_PATH}" 120 >/dev/null
  python3 "$BENCH_DIR/keepalive_gets.py" "$PORT" "$requests" "${SENT_PATH:-${REQUEST_PATH:-$DATA_PATH}}" \
    ${SENT_METHOD:+"$SENT_METHOD" "$SENT_BODY"}
  kill -TERM "$pid"
  wait "$pid" || true
  grep -E "I\s+refs" "$scratch/valgrind.log" | tr -d ',' | awk '{print $NF}'
}

per_request() {
  local one two
  one="$(count "$N" "$@")"
  two="$(count $((2 * N)) "$@")"
  echo $(((two - one) / N))
}

serve() { per_request "$scratch/switchboard" serve "$@" --port "$PORT"; }
ratio() { python3 -c "print(f'{$1 / $2:.2f}x')"; }
fixture="$(serve "$ROOT/scripts/bench-fixtures")"
if [ "${PATTERNS:-0}" = 1 ]; then
  # The same answer behind a rate limit it never reaches and behind a count rule (issue 13: at most
  # 5% more than without them); no live run.
  limited="$(REQUEST_PATH=/data/lim/coinlist serve "$ROOT/scripts/bench-fixtures")"
  counted="$(REQUEST_PATH=/data/cnt/coinlist serve "$ROOT/scripts/bench-fixtures")"
  printf 'instructions per request (N=%s): fixture %s, rate-limited %s (%s), count rule %s (%s)\n' \
    "$N" "$fixture" "$limited" "$(python3 -c "print(f'{($limited / $fixture - 1) * 100:+.1f}%')")" \
    "$counted" "$(python3 -c "print(f'{($counted / $fixture - 1) * 100:+.1f}%')")"
  exit 0
fi
if [ "${BODIES:-0}" = 1 ]; then
  # Issue 25: the same JSON POST answered by an endpoint with no body requirement, and by one that
  # a JSON body requirement picks out among two on the same path (the body read and parsed once).
  mkdir -p "$scratch/plain" "$scratch/body"
  cp "$ROOT/scripts/bench-fixtures/body.json" "$scratch/plain/"
  cp "$ROOT/scripts/bench-fixtures/body.json" "$scratch/body/"
  plain_endpoints='endpoints:
  - { id: coinlist, method: GET, path: /data/all/coinlist, success: { file: body.json } }
  - { id: login, method: POST, path: /data/login, success: { file: body.json } }'
  printf '%s
' "$plain_endpoints" >"$scratch/plain/switchboard.yml"
  printf '%s
%s
' "$plain_endpoints" '  - { id: login-alice, method: POST, path: /data/login, body: { json: { username: alice } }, success: { file: body.json } }' >"$scratch/body/switchboard.yml"
  export SENT_PATH=/data/login SENT_METHOD=POST SENT_BODY='{"username":"alice","password":"s3cret"}'
  plain="$(serve "$scratch/plain" --quiet)"
  matched="$(serve "$scratch/body" --quiet)"
  printf 'instructions per request (N=%s, the POSTs with serve --quiet): GET fixture answer %s; JSON POST, no body requirement %s; JSON POST routed by a body requirement %s (%s)\n' \
    "$N" "$fixture" "$plain" "$matched" "$(python3 -c "print(f'{($matched / $plain - 1) * 100:+.1f}%')")"
  exit 0
fi
quiet="$(serve "$ROOT/scripts/bench-fixtures" --quiet)"
nginx="$(per_request nginx -p "$scratch/nginx/" -e "$scratch/nginx/error.log" -c "$scratch/nginx/nginx.conf")"
floor="$(per_request "$scratch/nio-floor" "$PORT" "$BODY_FILE")"
live="$(serve "$scratch/live" --upstream "http://127.0.0.1:$PORT_NGINX")"
proxy="$(per_request nginx -p "$scratch/nginx-proxy/" -e "$scratch/nginx-proxy/error.log" \
  -c "$scratch/nginx-proxy/nginx.conf")"
printf 'instructions per request (N=%s), one run:\n' "$N"
printf '  fixture answer  %8s   %s nginx, %s the NIO floor\n' "$fixture" "$(ratio "$fixture" "$nginx")" \
  "$(ratio "$fixture" "$floor")"
printf '  … without line  %8s   serve --quiet: the JSON line costs %s\n' "$quiet" "$((fixture - quiet))"
printf '  nginx           %8s   one process, access log to a file\n' "$nginx"
printf '  NIO floor       %8s   nio-floor: decoder and prebuilt bytes, %s nginx\n' "$floor" "$(ratio "$floor" "$nginx")"
printf '  live answer     %8s   relayed to nginx, %s nginx proxy_pass, %s the fixture answer\n' "$live" \
  "$(ratio "$live" "$proxy")" "$(ratio "$live" "$fixture")"
printf '  nginx proxy_pass %7s   the same relay: one process, upstream keep-alive, access log to a file\n' "$proxy"
