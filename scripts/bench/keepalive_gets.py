#!/usr/bin/env python3
"""N keep-alive GETs of PATH on 127.0.0.1:PORT, one connection, each answer read whole and
required to be 200: the client every instruction count uses (instructions.sh, profile.sh).
With METHOD and BODY, N requests of that method with that JSON body instead.

    keepalive_gets.py PORT N PATH [METHOD BODY]
"""
import http.client, sys

port, n, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
method = sys.argv[4] if len(sys.argv) > 4 else "GET"
body = sys.argv[5].encode() if len(sys.argv) > 5 else None
headers = {"Content-Type": "application/json"} if body is not None else {}
c = http.client.HTTPConnection("127.0.0.1", port)
for _ in range(n):
    c.request(method, path, body=body, headers=headers)
    r = c.getresponse()
    r.read()
    assert r.status == 200, r.status
