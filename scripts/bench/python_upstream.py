#!/usr/bin/env python3
"""Python upstreams for the live benchmarks, HTTP/1.1 keep-alive on 127.0.0.1:PORT, one thread a
connection (http.server's ThreadingHTTPServer), until killed:

    python_upstream.py PORT json        # the benchmark's JSON (scripts/bench-fixtures/body.json)
                                        # as http.server sends it: the head in one write, the
                                        # body in another (passthrough.sh's python-http-server)
    python_upstream.py PORT chunks N    # a chunked body of N one-byte chunks, all of it in one
                                        # write (tiny_chunks.sh): what the client reads is N
                                        # chunks, however the kernel cut it
Any path answers the same.
"""
import http.server, os, sys

port, kind = int(sys.argv[1]), sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "..", "bench-fixtures", "body.json"), "rb") as f:
    JSON = f.read()
COUNT = int(sys.argv[3]) if kind == "chunks" else 0
CHUNKED = b"".join(b"1\r\n" + bytes([97 + i % 26]) + b"\r\n" for i in range(COUNT)) + b"0\r\n\r\n"


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        if kind == "json":
            # send_response .. end_headers is one write, the body another: with Nagle on (the
            # default), the body waits for the ACK of the head.
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(JSON)))
            self.end_headers()
            self.wfile.write(JSON)
        else:
            head = (
                "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n"
            ).encode()
            self.wfile.write(head + CHUNKED)

    def log_message(self, *args):
        pass


http.server.ThreadingHTTPServer.daemon_threads = True
http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()
