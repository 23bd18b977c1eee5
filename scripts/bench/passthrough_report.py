#!/usr/bin/env python3
"""Summarise scripts/bench/passthrough.sh against issue 11's targets, in the rows of
scripts/bench_summary.py: passthrough_report.py OUT (wrk.tsv, latency.tsv, notes.tsv there)."""
import csv
import os
import statistics
import sys

SWITCHBOARD, NGINX, MITM = "switchboard-upstream", "nginx-proxy", "mitmdump"


def rows(out, name):
    path = os.path.join(out, name)
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return list(csv.DictReader(f, delimiter="\t"))


def number(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return float("nan")


def main(out):
    wrk = rows(out, "wrk.tsv")
    latency = rows(out, "latency.tsv")
    notes = {}
    with open(os.path.join(out, "notes.tsv")) as f:
        for line in f:
            key, _, value = line.rstrip("\n").partition("\t")
            notes[key] = value

    def throughput(peer):
        values = [number(r["req_per_s"]) for r in wrk if r["peer"] == peer and r["test"] == "throughput"]
        return statistics.mean(values) if values else None

    def disturbed(peer):
        return any(number(r.get("other_cpu_s")) > 1.0 for r in wrk if r["peer"] == peer)

    def added(peer):
        diffs = [number(r["proxy_p50_ms"]) - number(r["direct_p50_ms"]) for r in latency if r["peer"] == peer]
        diffs = [d for d in diffs if d == d]
        return statistics.median(diffs) if diffs else None

    def direct(peer):
        values = [number(r["direct_p50_ms"]) for r in latency if r["peer"] == peer]
        return statistics.median(values) if values else None

    def rate(peer):
        value = throughput(peer)
        if value is None:
            return notes.get(peer.split("-")[0], "not measured")
        return f"{value:,.0f} req/s" + (" ⚠" if disturbed(peer) else "")

    def verdict(ok):
        return "met" if ok else "**missed**"

    sb, ng, mi = throughput(SWITCHBOARD), throughput(NGINX), throughput(MITM)
    skipped = notes.get("switchboard", "not measured") if sb is None else None
    print("\n## Passthrough: in front of a real upstream (issue 11, scripts/bench/passthrough.sh)\n")
    print(f"Upstream for all: {notes.get('upstream', 'nginx')}, on 127.0.0.1. "
          f"mitmdump: {notes.get('mitmdump', 'n/a')}. Switchboard: {notes.get('switchboard', 'n/a')}. "
          "Throughput: `wrk -t2 -c50 -d10s` through each proxy (mean of two runs); added latency: "
          "`wrk -t1 -c1 -d5s --latency` directly and through the proxy, alternately; median over the "
          "pairs of the p50 difference. ⚠ = other processes used more than 1 CPU-second during a run.\n")
    print("| measure | Switchboard | reference | ratio / figure | target | |")
    print("|---|---|---|---|---|---|")
    if ng is not None:
        figure = f"{sb / ng:.2f}×" if sb is not None else "–"
        print(f"| passthrough throughput vs nginx `proxy_pass` (keep-alive) | {rate(SWITCHBOARD)} "
              f"| nginx-proxy {rate(NGINX)} | {figure} | ≥ 0.5× "
              f"| {verdict(sb / ng >= 0.5) if sb is not None else skipped} |")
    if mi is not None:
        figure = f"{sb / mi:.1f}×" if sb is not None else "–"
        print(f"| passthrough throughput vs `mitmdump --mode reverse:` | {rate(SWITCHBOARD)} "
              f"| mitmdump {rate(MITM)} | {figure} | ≥ 5× "
              f"| {verdict(sb / mi >= 5) if sb is not None else skipped} |")
    refs = ", ".join(f"{p} +{added(p):.3f} ms" for p in (NGINX, MITM) if added(p) is not None)
    base = next((direct(p) for p in (SWITCHBOARD, NGINX, MITM) if direct(p) is not None), None)
    sb_added = added(SWITCHBOARD)
    print(f"| added median latency, one connection | "
          f"{f'+{sb_added:.3f} ms' if sb_added is not None else skipped} | {refs or 'n/a'} "
          f"| upstream alone p50 {f'{base:.3f} ms' if base is not None else 'n/a'} | < 0.5 ms "
          f"| {verdict(sb_added < 0.5) if sb_added is not None else skipped} |")
    print(f"\nEach proxy in full (measure.sh's tables): {os.path.join(out, 'results.md')}")


if __name__ == "__main__":
    main(sys.argv[1])
