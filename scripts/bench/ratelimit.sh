#!/usr/bin/env bash
# What a rate limit costs a hot endpoint (issue 13: at most 5%): one `switchboard serve` of
# scripts/bench-fixtures, wrk -t2 -c50 -d10s on /data/all/coinlist and on the same answer behind a
# 1000000/s limit it never reaches (/data/lim/coinlist) and behind the count rule
# after:1000000 (/data/cnt/coinlist), alternated RUNS times in one run so
# both see the same machine. Prints a small table and the ratio of the medians.
#   SWITCHBOARD=.build/release/switchboard OUT=dir scripts/bench/ratelimit.sh
set -euo pipefail
BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$BENCH/lib.sh"
BIN="${SWITCHBOARD:-$BENCH/../../.build/release/switchboard}"
OUT="${OUT:-/tmp/switchboard-bench-ratelimit}"
RUNS="${RUNS:-3}"
PORT="${PORT:-19093}"
mkdir -p "$OUT"

"$BIN" serve "$BENCH/../bench-fixtures" --port "$PORT" >/dev/null 2>"$OUT/serve.log" &
pid=$!
trap 'kill -TERM "$pid" 2>/dev/null || true' EXIT
wait_ready "http://127.0.0.1:$PORT$DATA_PATH" 20
curl -s -D - -o /dev/null "http://127.0.0.1:$PORT/data/lim/coinlist" | grep -i '^ratelimit-limit' >&2

for ((run = 1; run <= RUNS; run++)); do
  for kind in plain limited counted; do
    path="$DATA_PATH"
    [ "$kind" = limited ] && path=/data/lim/coinlist
    if [ "$kind" = counted ]; then
      path=/data/cnt/coinlist
      # Setting the rule again starts its count again: a run never reaches it.
      curl -sf -X PATCH -d '{"mode":"after:1000000"}' "http://127.0.0.1:$PORT/__switchboard/endpoints/counted" >/dev/null
    fi
    wrk -t2 -c50 -d10s "http://127.0.0.1:$PORT$path" >"$OUT/$kind-$run.txt"
    rps="$(awk '/Requests\/sec/ {print $2}' "$OUT/$kind-$run.txt")"
    non2xx="$(awk '/Non-2xx/ {print $NF}' "$OUT/$kind-$run.txt")"
    printf '%s\t%s\t%s\t%s\n' "$kind" "$run" "$rps" "${non2xx:-0}" | tee -a "$OUT/ratelimit.tsv"
  done
done

python3 - "$OUT/ratelimit.tsv" <<'PY'
import statistics, sys
rows = [line.split("\t") for line in open(sys.argv[1]).read().splitlines()]
by = {}
for kind, _, rps, _ in rows:
    by.setdefault(kind, []).append(float(rps))
plain, limited = statistics.median(by["plain"]), statistics.median(by["limited"])
counted = statistics.median(by["counted"])
print(f"| endpoint | req/s (median of {len(by['plain'])}) |")
print("|---|---|")
print(f"| /data/all/coinlist | {plain:,.0f} |")
print(f"| same, rate_limit 1000000/s | {limited:,.0f} |")
print(f"| same, mode after:1000000 | {counted:,.0f} |")
print(f"limited/plain: {limited / plain:.3f} ({(limited / plain - 1) * 100:+.1f}%)")
print(f"counted/plain: {counted / plain:.3f} ({(counted / plain - 1) * 100:+.1f}%)")
non = sum(int(r[3]) for r in rows)
print(f"non-2xx answers: {non}")
PY
