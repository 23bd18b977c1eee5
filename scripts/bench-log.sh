#!/usr/bin/env bash
# Every request is written (issue 9, item 11): `serve` with stdout to a file
# and `--log FILE` under wrk load, then `--har FILE`; prints the requests the
# server counted and the lines / entries each file holds. They must be equal.
#   scripts/bench-log.sh            → prints the figures; results in $OUT (default /tmp/switchboard-bench-log)
#   DURATION=10s PORT=19093 scripts/bench-log.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$PWD"
OUT="${OUT:-/tmp/switchboard-bench-log}"
PORT="${PORT:-19093}"
DURATION="${DURATION:-10s}"
BIN="$ROOT/.build/release/switchboard"
FIXTURES="$ROOT/scripts/bench-fixtures"
URL="http://127.0.0.1:$PORT/data/all/coinlist"
mkdir -p "$OUT"
command -v wrk >/dev/null || { echo "needs wrk (apt-get install wrk)" >&2; exit 1; }
swift build -c release --product switchboard | tail -1

pid=""
trap '[ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null || true' EXIT

# run NAME ARGS...: serve under wrk load with ARGS, stdout to $OUT/NAME.stdout;
# leaves the server's own request count in $OUT/NAME.total and stops it.
run() {
  local name="$1"; shift
  rm -f "$OUT/$name".*
  "$BIN" serve "$FIXTURES" --port "$PORT" "$@" >"$OUT/$name.stdout" 2>"$OUT/$name.stderr" &
  pid=$!
  for _ in $(seq 100); do curl -s -o /dev/null "$URL" && break; sleep 0.1; done
  wrk -t2 -c50 -d"$DURATION" "$URL" >"$OUT/$name.wrk"
  curl -s "http://127.0.0.1:$PORT/__switchboard/endpoints" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["total_requests"])' >"$OUT/$name.total"
  kill -TERM "$pid"; wait "$pid" 2>/dev/null || true; pid=""
  echo "  wrk: $(grep -o '[0-9]* requests in [0-9.]*s' "$OUT/$name.wrk"), $(grep Requests/sec "$OUT/$name.wrk")"
}

echo "== serve, stdout to a file, --log FILE ($DURATION of wrk -t2 -c50)"
run log --log "$OUT/log.jsonl"
served="$(cat "$OUT/log.total")"
stdout_lines="$(wc -l <"$OUT/log.stdout")"
log_lines="$(wc -l <"$OUT/log.jsonl")"
echo "  requests served: $served   stdout lines: $stdout_lines   --log lines: $log_lines"

echo "== serve --har FILE ($DURATION of wrk -t2 -c50)"
run har --har "$OUT/har.har"
har_served="$(cat "$OUT/har.total")"
har_entries="$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["log"]["entries"]))' "$OUT/har.har")"
echo "  requests served: $har_served   HAR entries: $har_entries   ($(du -h "$OUT/har.har" | cut -f1))"
grep -h "switchboard: .*requests" "$OUT"/*.stderr | sed 's/^/  /' || true

# The control call that reads the count is not journaled: the counts must match exactly.
if [ "$served" = "$stdout_lines" ] && [ "$served" = "$log_lines" ] && [ "$har_served" = "$har_entries" ]; then
  echo "every request written"
else
  echo "REQUESTS MISSING" >&2; exit 1
fi
