#!/usr/bin/env python3
"""Long query strings, held or let go (issue 22, item 14).

Sends ROUNDS rounds of N requests whose query is 60KB (one credential among
it, so every line is masked) to a running `switchboard serve` on PORT, over
one keep-alive connection, and prints the server's RSS before, after each
round and after `DELETE /__switchboard/requests`, tab-separated in KiB:

    long_queries.py PORT PID [N=2000] [ROUNDS=3]
"""
import http.client
import sys


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))


def main(port, pid, count=2000, rounds=3):
    figures = [rss_kib(pid)]
    connection = http.client.HTTPConnection("127.0.0.1", port)
    filler = "a" * 60000
    for round_ in range(rounds):
        for i in range(count):
            connection.request("GET", f"/data/all/coinlist?q={round_}-{i}&token=secret&x={filler}")
            connection.getresponse().read()
        figures.append(rss_kib(pid))
    connection.request("DELETE", "/__switchboard/requests")
    connection.getresponse().read()
    figures.append(rss_kib(pid))
    print("\t".join(str(x) for x in figures))


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:]]
    main(*args)
