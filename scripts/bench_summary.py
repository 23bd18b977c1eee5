#!/usr/bin/env python3
"""Summarise a scripts/bench.sh run against its targets, and flag each figure past its target.

  bench_summary.py OUT_DIR          the whole run's table (OUT_DIR as bench.sh leaves it)
  bench_summary.py --screen FILE    only switchboard-bench's figures (its output saved in FILE):
                                    .build/release/switchboard-bench > /tmp/r.txt; bench_summary.py --screen /tmp/r.txt

Each figure past its target prints a line starting `REGRESSION:` (after the table), and the exit
status is then 3, so a script or CI job can stop on it; 0 when every target is met.
"""
import csv
import os
import platform
import re
import statistics
import sys
from datetime import datetime, timezone

# switchboard-bench's figures with a target: the start of the printed line, and the most its median
# (p50) may take, in milliseconds. The same targets as the README's Performance table.
SCREEN_TARGETS = [
    ("ingest ", 5.0, "taking 2,000 new requests into the screen"),
    ("render ", 1.0, "one frame of 200 (or 1,000) endpoints and a full log"),
    ("search ", 1.0, "finding an endpoint among 1,000 as 15 keys are typed after /"),
    ("route an unmatched ", 1.0, "routing an unmatched request among 50,000 endpoints"),
]


def wrk_rows(out):
    with open(os.path.join(out, "peers", "wrk.tsv")) as f:
        return list(csv.DictReader(f, delimiter="\t"))


def mean(rows, peer, test, key):
    values = [float(r[key]) for r in rows if r["peer"] == peer and r["test"] == test]
    return statistics.mean(values) if values else float("nan")


def screen_figures(path):
    """(line's name, its figures, p50 in ms, target in ms or None) for each switchboard-bench line."""
    figures = []
    with open(path) as f:
        for line in f:
            parts = re.match(r"(.*?): (mean .*)$", line.strip())
            if not parts:
                continue
            name, figure = parts.groups()
            p50 = re.search(r"p50 ([0-9.]+) ms", figure)
            target = next((t for start, t, _ in SCREEN_TARGETS if line.startswith(start)), None)
            figures.append((name, figure, float(p50.group(1)) if p50 else None, target))
    return figures


def screen_regressions(figures):
    lines = []
    for name, _, p50, target in figures:
        if target is not None and (p50 is None or p50 > target):
            shown = "no p50 printed" if p50 is None else f"p50 {p50} ms"
            lines.append(f"REGRESSION: {name}: {shown}, target ≤ {target:g} ms")
    return lines


def long_query_rows(out):
    """RSS in KiB (start, after each of 3 rounds, after clearing) and whether serve lost lines."""
    try:
        with open(os.path.join(out, "long_queries.tsv")) as f:
            lines = f.read().split("\n")
    except OSError:
        return None
    rss = [int(x) for x in lines[0].split("\t")]
    lost = int(lines[1]) if len(lines) > 1 and lines[1].strip() else 0
    return rss, lost


def per_cpu_second(rows, peer):
    """Requests answered per CPU-second the server used, over its throughput runs."""
    runs = [r for r in rows if r["peer"] == peer and r["test"] == "throughput"]
    cpu = sum(float(r["server_cpu_s"]) for r in runs)
    return sum(int(r["requests"]) for r in runs) / cpu if cpu else float("nan")


def screen_runs(out):
    """(req/s, requests per server CPU-second) over the runs with the screen open."""
    rates, requests, cpu = [], 0, 0.0
    for run in (1, 2):
        with open(os.path.join(out, f"screen_throughput_{run}.tsv")) as f:
            fields = f.read().strip().split("\t")
        rates.append(float(fields[0]))
        requests += int(fields[3])
        cpu += float(fields[-1])
    return statistics.mean(rates), requests / cpu if cpu else float("nan")


def main(out):
    rows = wrk_rows(out)
    nginx = mean(rows, "nginx-w1", "throughput", "req_per_s")
    headless = mean(rows, "switchboard-serve", "throughput", "req_per_s")
    floor = mean(rows, "nio-floor", "throughput", "req_per_s")
    nginx_cpu = per_cpu_second(rows, "nginx-w1")
    headless_cpu = per_cpu_second(rows, "switchboard-serve")
    floor_cpu = per_cpu_second(rows, "nio-floor")
    screen, screen_cpu = screen_runs(out)
    slow_rps = mean(rows, "switchboard-serve", "slow", "req_per_s")
    slow_p50 = mean(rows, "switchboard-serve", "slow", "p50_ms")
    slow_p99 = max(float(r["p99_ms"]) for r in rows if r["peer"] == "switchboard-serve" and r["test"] == "slow")
    with open(os.path.join(out, "memory.tsv")) as f:
        total, before, after = (int(x) for x in f.read().split("\t"))
    growth_mb = (after - before) / 1024
    figures = screen_figures(os.path.join(out, "render.txt"))

    regressions = []

    def verdict(ok, what, figure, target):
        if not ok:
            regressions.append(f"REGRESSION: {what}: {figure}, target {target}")
        return "met" if ok else "**missed**"

    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(l.split(":", 1)[1].strip() for l in f if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    print(f"# Switchboard benchmark, {when}")
    print(f"\n{os.cpu_count()} cores ({cpu}), {platform.system()} {platform.release()}; "
          f"wrk and the server share the cores.\n")
    print("| measure | Switchboard | reference | ratio / figure | target | |")
    print("|---|---|---|---|---|---|")
    ok = verdict(headless / nginx >= 0.75, "throughput, headless", f"{headless / nginx:.2f}× nginx", "≥ 0.75×")
    print(f"| throughput, headless, journal on (`serve`, JSON lines to /dev/null) | {headless:,.0f} req/s "
          f"| nginx-w1 {nginx:,.0f} req/s | {headless / nginx:.2f}× | ≥ 0.75× | {ok} |")
    ok = verdict(screen / nginx >= 0.65, "throughput, screen running", f"{screen / nginx:.2f}× nginx", "≥ 0.65×")
    print(f"| throughput, screen running in tmux | {screen:,.0f} req/s | nginx-w1 {nginx:,.0f} req/s "
          f"| {screen / nginx:.2f}× | ≥ 0.65× | {ok} |")
    ok = verdict(headless_cpu / nginx_cpu >= 0.5, "requests per server CPU-second, headless",
                 f"{headless_cpu / nginx_cpu:.2f}× nginx", "≥ 0.5×")
    print(f"| requests per server CPU-second, headless | {headless_cpu:,.0f} | nginx-w1 {nginx_cpu:,.0f} "
          f"| {headless_cpu / nginx_cpu:.2f}× | ≥ 0.5× | {ok} |")
    print(f"| … with the screen running | {screen_cpu:,.0f} | nginx-w1 {nginx_cpu:,.0f} "
          f"| {screen_cpu / nginx_cpu:.2f}× | | |")
    print(f"| the NIO floor (nio-floor, one event loop): throughput | {floor:,.0f} req/s | nginx-w1 {nginx:,.0f} req/s "
          f"| {floor / nginx:.2f}× | | |")
    print(f"| … per CPU-second | {floor_cpu:,.0f} | nginx-w1 {nginx_cpu:,.0f} | {floor_cpu / nginx_cpu:.2f}× | | |")
    # 95% is the most any server can show (see the note printed below), so the rate alone misses it
    # whenever wrk's run lasts a little over its 10 s: a run is met when every connection finished its
    # 19 requests (3,800, less 1%).
    slow_requests = min(int(r["requests"]) for r in rows if r["peer"] == "switchboard-serve" and r["test"] == "slow")
    ok = verdict(slow_rps / 400 >= 0.95 or slow_requests >= 3762, "500 ms delay, rate",
                 f"{slow_rps / 400:.1%} of 400 req/s, {slow_requests:,} requests", "≥ 95% or 3,762 requests")
    print(f"| 200 connections on a 500 ms delay: rate | {slow_rps:.1f} req/s | ideal 400 | "
          f"{slow_rps / 400:.1%} | ≥ 95% | {ok} |")
    ok = verdict(500 <= slow_p50 <= 505, "500 ms delay, p50", f"{slow_p50:.2f} ms", "500–505 ms")
    print(f"| … p50 | {slow_p50:.2f} ms | 500 ms | +{slow_p50 - 500:.2f} ms | 500–505 ms | {ok} |")
    ok = verdict(slow_p99 < 520, "500 ms delay, p99", f"{slow_p99:.2f} ms", "< 520 ms")
    print(f"| … p99 (worst run) | {slow_p99:.2f} ms | 500 ms | +{slow_p99 - 500:.2f} ms | < 520 ms | {ok} |")
    ok = verdict(growth_mb < 19.07, f"RSS over {total:,} requests", f"+{growth_mb:.1f} MiB", "< 20 MB")
    print(f"| RSS over {total:,} requests | {before / 1024:.1f} → {after / 1024:.1f} MiB | | "
          f"+{growth_mb:.1f} MiB | < 20 MB | {ok} |")
    long_rows = long_query_rows(out)
    if long_rows is not None:
        rss, lost = long_rows
        # After the first round the allocator holds what it will hold: later rounds add nothing.
        growth = (rss[3] - rss[1]) / 1024
        ok = verdict(growth < 16 and lost == 0, "RSS over 60KB queries", f"+{growth:.1f} MiB after the first "
                     f"2,000, {'lines lost' if lost else 'every line written'}", "< 16 MiB, none lost")
        print(f"| RSS over 3 × 2,000 requests with 60KB queries | "
              f"{' → '.join(f'{x / 1024:.0f}' for x in rss[:4])} MiB (cleared: {rss[4] / 1024:.0f}) | | "
              f"+{growth:.1f} MiB after round 1 | < 16 MiB | {ok} |")
    for name, figure, p50, target in figures:
        if target is None:
            print(f"| {name} | {figure} | | | | |")
        else:
            ok = "met" if p50 is not None and p50 <= target else "**missed**"
            print(f"| {name} | {figure} | | p50 | ≤ {target:g} ms | {ok} |")
    regressions += screen_regressions(figures)
    print("\nThe 400 req/s ideal counts requests still in flight when wrk stops; with every request "
          "taking at least 500 ms, 200 connections can finish at most 19 each inside a 10 s run "
          "(3,800 requests, 380 req/s), so 95% is the most any server can show here.")
    print(f"\nnginx and Switchboard side by side (same run, measure.sh): see {os.path.join(out, 'peers', 'results.md')}")
    return regressions


def screen_only(path):
    figures = screen_figures(path)
    for name, figure, p50, target in figures:
        mark = "" if target is None else f"   (target ≤ {target:g} ms)"
        print(f"{name}: {figure}{mark}")
    return screen_regressions(figures)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--screen":
        found = screen_only(sys.argv[2])
    elif len(sys.argv) == 2:
        found = main(sys.argv[1])
    else:
        sys.exit(__doc__)
    if found:
        print()
        print("\n".join(found))
    sys.exit(3 if found else 0)
