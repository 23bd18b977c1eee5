#!/usr/bin/env bash
# Issue 26, part 8: Switchboard on an OpenAPI description of 1,184 operations (big_spec.py: Box's
# 296 operations under /a, /b, /c and /d over its 305 schemas, deep and recursive $refs), release build.
#   1. start-up, target under a second: `switchboard check` on Box's description and on the large
#      one (hyperfine, a warm-up and RUNS runs; the large one as YAML too, for information), and
#      from launching `switchboard serve` on the large one to its first answer (first_answer.py,
#      the median of RUNS);
#   2. route lookup, target at most 10% slower: GET /episodes/1 of the demo (fixtures/) routed
#      in the demo alone and in a copy whose manifest starts from the large description
#      (`openapi: big.json`: the same endpoint and answer, with 1,184 more endpoints, all ahead of
#      it in precedence order). The target is on the lookup itself (`switchboard-bench routes`,
#      in-process, rounds alternated); the same through the server, for information: wrk -t2 -c50
#      -d10s with a query of its own per request (varied_query.lua: a repeated target is not routed
#      again), alternated RUNS times, and one operation deep in the description (GET /d/files/123,
#      its generated body).
# Prints a small table; a figure past its target prints a line starting REGRESSION and exits 3.
#   SWITCHBOARD=.build/release/switchboard OUT=dir scripts/bench/spec_scale.sh
set -euo pipefail
BENCH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$BENCH/../.." && pwd)"
source "$BENCH/lib.sh"
BIN="${SWITCHBOARD:-$ROOT/.build/release/switchboard}"
BENCH_BIN="${SWITCHBOARD_BENCH:-$(dirname "$BIN")/switchboard-bench}"
OUT="${OUT:-/tmp/switchboard-bench-spec-scale}"
RUNS="${RUNS:-3}"
PORT="${PORT:-19094}"
mkdir -p "$OUT"
rm -f "$OUT/throughput.tsv"

# The demo as it is, and a copy whose manifest starts from the large description.
rm -rf "$OUT/demo" "$OUT/demo-big"
cp -R "$ROOT/fixtures" "$OUT/demo"
cp -R "$ROOT/fixtures" "$OUT/demo-big"
python3 "$BENCH/big_spec.py" "$OUT/demo-big/big.json"
sed -i 's/^endpoints:$/openapi: big.json\nendpoints:/' "$OUT/demo-big/switchboard.yml"
BIG="$OUT/demo-big/big.json"

echo "== start-up" >&2
# The same description as YAML, for information (PyYAML, where it is installed): Yams' parse costs
# more than the JSON reader's.
yaml_run=()
if python3 -c 'import json, sys, yaml; yaml.safe_dump(json.load(open(sys.argv[1])), open(sys.argv[2], "w"), sort_keys=False)' \
  "$BIG" "$OUT/big.yaml" 2>/dev/null; then
  yaml_run=(-n large-yaml "$BIN check $OUT/big.yaml")
fi
hyperfine -N --warmup 1 --runs "$RUNS" --export-json "$OUT/check.json" \
  -n box "$BIN check $ROOT/Tests/Specs/box/openapi.json" -n large "$BIN check $BIG" "${yaml_run[@]}" >&2
for ((run = 1; run <= RUNS; run++)); do
  python3 "$BENCH/first_answer.py" "http://127.0.0.1:$PORT/d/files/123" \
    "$BIN" serve "$BIG" --port "$PORT" >>"$OUT/first_answer.txt"
done

echo "== route lookup, in-process" >&2
"$BENCH_BIN" routes "$OUT/demo" "$OUT/demo-big" /episodes/1 /d/files/123 | tee "$OUT/routes.txt" >&2

echo "== route lookup, through the server" >&2
pid=""
trap '[ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null || true' EXIT
for ((run = 1; run <= RUNS; run++)); do
  for kind in demo demo-big; do
    "$BIN" serve "$OUT/$kind" --port "$PORT" >/dev/null 2>"$OUT/serve-$kind.log" &
    pid=$!
    wait_ready "http://127.0.0.1:$PORT/episodes/1" 60
    paths=(/episodes/1)
    [ "$kind" = demo-big ] && paths+=(/d/files/123)
    for path in "${paths[@]}"; do
      wrk -t2 -c50 -d10s -s "$BENCH/varied_query.lua" "http://127.0.0.1:$PORT$path" >"$OUT/$kind-$run-${path//\//_}.txt"
      rps="$(awk '/Requests\/sec/ {print $2}' "$OUT/$kind-$run-${path//\//_}.txt")"
      printf '%s\t%s\t%s\t%s\n' "$kind" "$path" "$run" "$rps" | tee -a "$OUT/throughput.tsv" >&2
    done
    kill -TERM "$pid"
    wait "$pid" 2>/dev/null || true
    pid=""
  done
done

python3 - "$OUT" <<'PY'
import json, statistics, sys
out = sys.argv[1]
checks = {r["command"]: r for r in json.load(open(f"{out}/check.json"))["results"]}
first = [float(line) for line in open(f"{out}/first_answer.txt").read().split()]
rows = [line.split("\t") for line in open(f"{out}/throughput.tsv").read().splitlines()]
by = {}
for kind, path, _, rps in rows:
    by.setdefault((kind, path), []).append(float(rps))
alone = statistics.median(by[("demo", "/episodes/1")])
beside = statistics.median(by[("demo-big", "/episodes/1")])
deep = statistics.median(by[("demo-big", "/d/files/123")])
lookups = dict(line.rsplit(": ", 1) for line in open(f"{out}/routes.txt").read().splitlines())
small_rate = float(lookups["route GET /episodes/1, small manifest"].split()[0])
large_rate = float(lookups["route GET /episodes/1, beside the large description"].split()[0])
deep_rate = float(lookups["route GET /d/files/123, deep in the large description"].split()[0])
print("| figure | value | target |")
print("|---|---|---|")
print(f"| `check` Box (296 operations), median | {checks['box']['median']:.3f} s | |")
print(f"| `check` large (1,184 operations), median | {checks['large']['median']:.3f} s | < 1 s |")
if "large-yaml" in checks:
    print(f"| `check` large as YAML, median | {checks['large-yaml']['median']:.3f} s | |")
print(f"| `serve` large, launch to first answer, median | {statistics.median(first):.3f} s | < 1 s |")
print(f"| route GET /episodes/1 in-process, demo alone | {small_rate:,.0f} lookups/s | |")
print(f"| … beside the large description | {large_rate:,.0f} lookups/s | ≥ 90% of alone |")
print(f"| route GET /d/files/123 (deep in the description) | {deep_rate:,.0f} lookups/s | |")
print(f"| GET /episodes/1, demo alone, req/s (median of {len(by[('demo', '/episodes/1')])}) | {alone:,.0f} | |")
print(f"| GET /episodes/1, demo beside the large description, req/s | {beside:,.0f} | |")
print(f"| GET /d/files/123 (described, generated body), req/s | {deep:,.0f} | |")
print(f"route lookup, large/small: {large_rate / small_rate:.3f} ({(large_rate / small_rate - 1) * 100:+.1f}%)")
print(f"through the server, beside/alone: {beside / alone:.3f} ({(beside / alone - 1) * 100:+.1f}%)")
regressed = False
for name, seconds in (("check of the large description", checks["large"]["median"]),
                      ("launch to first answer on the large description", statistics.median(first))):
    if seconds >= 1.0:
        print(f"REGRESSION: {name} took {seconds:.3f} s (target: under 1 s)")
        regressed = True
if large_rate < 0.9 * small_rate:
    print(f"REGRESSION: route lookup beside the large description is {large_rate / small_rate:.3f} of the demo alone (target: at least 0.90)")
    regressed = True
sys.exit(3 if regressed else 0)
PY
