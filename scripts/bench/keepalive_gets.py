#!/usr/bin/env python3
"""N keep-alive GETs of PATH on 127.0.0.1:PORT, one connection, each answer read whole and
required to be 200: the client every instruction count uses (instructions.sh, profile.sh).

    keepalive_gets.py PORT N PATH
"""
import http.client, sys

port, n, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
c = http.client.HTTPConnection("127.0.0.1", port)
for _ in range(n):
    c.request("GET", path)
    r = c.getresponse()
    r.read()
    assert r.status == 200, r.status
