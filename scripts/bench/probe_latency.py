#!/usr/bin/env python3
"""Keep-alive GETs of PATH on 127.0.0.1:PORT for SECONDS, on CONNECTIONS connections at once (one
thread each, one request at a time): the latency a small request sees while something else keeps
the server busy (tiny_chunks.sh). Prints "p50_ms p99_ms max_ms requests".

    probe_latency.py PORT PATH SECONDS CONNECTIONS
"""
import http.client, sys, threading, time

port, path, seconds, connections = int(sys.argv[1]), sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
times = []
lock = threading.Lock()
stop = time.monotonic() + seconds


def probe():
    c = http.client.HTTPConnection("127.0.0.1", port)
    mine = []
    while time.monotonic() < stop:
        start = time.monotonic()
        c.request("GET", path)
        r = c.getresponse()
        r.read()
        assert r.status == 200, r.status
        mine.append(time.monotonic() - start)
        time.sleep(0.002)
    with lock:
        times.extend(mine)


threads = [threading.Thread(target=probe) for _ in range(connections)]
for t in threads:
    t.start()
for t in threads:
    t.join()
times.sort()
ms = lambda q: times[min(len(times) - 1, int(q * len(times)))] * 1000
print(f"{ms(0.5):.2f} {ms(0.99):.2f} {times[-1] * 1000:.2f} {len(times)}")
