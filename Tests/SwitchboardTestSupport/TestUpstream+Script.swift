extension TestUpstream {
    /// The upstream itself, in Python: a server that shares no code with
    /// Switchboard's NIO stack, so a proxy bug cannot hide behind the same
    /// bug on the other side. Kept here rather than as a resource file so the
    /// test-support target needs no resources; written to a temporary file
    /// when an upstream starts.
    static let script = #"""
        # A real HTTP/1.1 upstream for Switchboard's proxy tests: Python's own
        # http.server, so the proxy is checked against a server that shares no code
        # with it. Prints its port on the first line of stdout, then serves until
        # killed, or until the process that started it is gone.
        # Usage: upstream.py [--port N] [--cert FILE --key FILE]
        import base64
        import gzip
        import hashlib
        import http.server
        import json
        import os
        import random
        import socket
        import ssl
        import struct
        import sys
        import threading
        import time
        import urllib.parse

        JSON_BODY = json.dumps(
            {"episodes": [{"id": 1, "title": "Pilot"}, {"id": 2, "title": "Second"}], "source": "upstream"},
            separators=(",", ":"),
        ).encode()
        # mtime=0: the same compressed bytes on every run, so a test can know them.
        GZIP_PLAIN = json.dumps({"compressed": True, "items": list(range(200))}).encode()
        GZIP_BODY = gzip.compress(GZIP_PLAIN, mtime=0)
        # A JPEG's markers around every byte value, NULs and CR/LF included.
        JPEG_BODY = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + bytes(range(256)) * 64 + b"\xff\xd9"
        CHUNKS = [b'{"chunked":', b"true,", b'"parts":[1,2,3]', b"}"]
        DOWNLOAD_DEFAULT = 100 * 1024 * 1024
        BLOCK = 64 * 1024
        # Random-looking but fixed: each 64 KiB block is this with its index in the
        # first 8 bytes, so a dropped, repeated or reordered block changes the checksum.
        BASE_BLOCK = random.Random(11).randbytes(BLOCK)
        connections = 0
        connections_lock = threading.Lock()
        # What the last /upload/sha256 saw: whether its body was complete, and how much came.
        last_upload = {"complete": None, "received": 0, "error": None}


        def download_blocks(size):
            index = 0
            left = size
            while left > 0:
                block = struct.pack(">Q", index) + BASE_BLOCK[8:]
                yield block[: min(left, BLOCK)]
                left -= BLOCK
                index += 1


        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            server_version = "TestUpstream/1"

            def setup(self):
                super().setup()
                global connections
                with connections_lock:
                    connections += 1
                    self.connection_number = connections

            def log_message(self, format, *args):
                pass

            def handle(self):
                try:
                    super().handle()
                except (ConnectionError, ssl.SSLError, OSError):
                    pass

            def do_GET(self):
                self.route()

            def do_HEAD(self):
                self.route()

            def do_POST(self):
                self.route()

            def do_PUT(self):
                self.route()

            def do_PATCH(self):
                self.route()

            def do_DELETE(self):
                self.route()

            def do_OPTIONS(self):
                self.route()

            def read_body(self):
                if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
                    body = b""
                    while True:
                        size = int(self.rfile.readline().split(b";")[0].strip(), 16)
                        if size == 0:
                            while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                                pass
                            return body
                        body += self.rfile.read(size)
                        self.rfile.readline()
                length = int(self.headers.get("Content-Length") or 0)
                return self.rfile.read(length) if length else b""

            def body_blocks(self):
                # The body as it arrives, never kept whole; an early end raises EOFError.
                if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
                    while True:
                        line = self.rfile.readline()
                        if not line:
                            raise EOFError("connection closed in a chunk header")
                        size = int(line.split(b";")[0].strip(), 16)
                        if size == 0:
                            while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                                pass
                            return
                        while size > 0:
                            block = self.rfile.read1(min(size, BLOCK))
                            if not block:
                                raise EOFError("connection closed mid-chunk")
                            size -= len(block)
                            yield block
                        self.rfile.readline()
                left = int(self.headers.get("Content-Length") or 0)
                while left > 0:
                    block = self.rfile.read1(min(left, BLOCK))
                    if not block:
                        raise EOFError("connection closed with %d bytes to come" % left)
                    left -= len(block)
                    yield block

            def upload(self, query):
                # Hashes the body as it reads it, at ?rate= bytes a second if given.
                global last_upload
                rate = int(query.get("rate", ["0"])[0])
                digest = hashlib.sha256()
                received = 0
                started = time.monotonic()
                last_upload = {"complete": False, "received": 0, "error": None}
                try:
                    for block in self.body_blocks():
                        digest.update(block)
                        received += len(block)
                        last_upload["received"] = received
                        if rate:
                            ahead = received / rate - (time.monotonic() - started)
                            if ahead > 0:
                                time.sleep(ahead)
                except (EOFError, ConnectionError, OSError) as error:
                    last_upload["error"] = type(error).__name__
                    self.close_connection = True
                    return
                last_upload["complete"] = True
                self.send(200, json.dumps({"bodyLength": received, "bodySHA256": digest.hexdigest()}).encode())

            def send(self, status, body=b"", content_type="application/json", headers=()):
                self.send_response(status)
                if content_type and status not in (204, 304):
                    self.send_header("Content-Type", content_type)
                for name, value in headers:
                    self.send_header(name, value)
                if status not in (204, 304):
                    self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if self.command != "HEAD" and status not in (204, 304):
                    self.wfile.write(body)

            def route(self):
                url = urllib.parse.urlsplit(self.path)
                query = urllib.parse.parse_qs(url.query)
                if url.path == "/upload/sha256":
                    return self.upload(query)
                if url.path == "/upload/refuse":
                    # Answers before reading any of the body, as a server over its limit does,
                    # then drops what still comes until the client closes (closing at once
                    # would reset the connection, and the reset could destroy the answer).
                    self.close_connection = True
                    self.send(413, b'{"error":"too large"}', headers=[("Connection", "close")])
                    self.wfile.flush()
                    self.connection.shutdown(socket.SHUT_WR)
                    self.connection.settimeout(5)
                    try:
                        while self.rfile.read1(BLOCK):
                            pass
                    except OSError:
                        pass
                    return
                if url.path == "/upload/last":
                    return self.send(200, json.dumps(last_upload).encode())
                body = self.read_body()
                path = url.path
                if path == "/json":
                    self.send(200, JSON_BODY, headers=[("Cache-Control", "max-age=60"), ("ETag", '"v1"')])
                elif path == "/gzip":
                    self.send(200, GZIP_BODY, headers=[("Content-Encoding", "gzip"), ("Vary", "Accept-Encoding")])
                elif path == "/jpeg":
                    self.send(200, JPEG_BODY, "image/jpeg")
                elif path == "/chunked":
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Transfer-Encoding", "chunked")
                    self.end_headers()
                    if self.command != "HEAD":
                        for chunk in CHUNKS:
                            self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                            self.wfile.flush()
                        self.wfile.write(b"0\r\n\r\n")
                elif path == "/download":
                    size = int(query.get("bytes", [DOWNLOAD_DEFAULT])[0])
                    self.send_response(200)
                    self.send_header("Content-Type", "application/octet-stream")
                    self.send_header("Content-Length", str(size))
                    self.end_headers()
                    if self.command != "HEAD":
                        for block in download_blocks(size):
                            self.wfile.write(block)
                elif path == "/download/sha256":
                    size = int(query.get("bytes", [DOWNLOAD_DEFAULT])[0])
                    digest = hashlib.sha256()
                    for block in download_blocks(size):
                        digest.update(block)
                    self.send(200, digest.hexdigest().encode(), "text/plain")
                elif path == "/redirect":
                    target = query.get("to", ["/json"])[0]
                    self.send(302, b"", None, headers=[("Location", target)])
                elif path == "/cookie":
                    self.send(200, b'{"cookies":2}', headers=[
                        ("Set-Cookie", "session=abc123; Path=/; HttpOnly"),
                        ("Set-Cookie", "theme=dark; Max-Age=3600"),
                    ])
                elif path == "/no-content":
                    self.send(204)
                elif path == "/etag":
                    if self.headers.get("If-None-Match") == '"v1"':
                        self.send(304, headers=[("ETag", '"v1"')])
                    else:
                        self.send(200, JSON_BODY, headers=[("ETag", '"v1"')])
                elif path.startswith("/status/"):
                    status = int(path.rsplit("/", 1)[1])
                    self.send(status, json.dumps({"status": status}).encode(), headers=[("Retry-After", "7")])
                elif path == "/echo":
                    self.send(200, json.dumps({
                        "method": self.command,
                        "path": url.path,
                        "query": url.query,
                        "target": self.path,
                        "headers": [[name, value] for name, value in self.headers.items()],
                        "bodyLength": len(body),
                        "bodySHA256": hashlib.sha256(body).hexdigest(),
                        "bodyBase64": base64.b64encode(body[: 1024 * 1024]).decode(),
                        "connection": self.connection_number,
                    }).encode())
                elif path == "/slow":
                    # Waits before the head (stage=head) or between head and body
                    # (stage=body): a proxy's timeout for either is tested.
                    delay = int(query.get("ms", ["5000"])[0]) / 1000
                    if query.get("stage", ["head"])[0] == "body":
                        self.send_response(200)
                        self.send_header("Content-Type", "application/json")
                        self.send_header("Content-Length", str(len(JSON_BODY)))
                        self.end_headers()
                        self.wfile.flush()
                        time.sleep(delay)
                        if self.command != "HEAD":
                            self.wfile.write(JSON_BODY)
                    else:
                        time.sleep(delay)
                        self.send(200, JSON_BODY)
                elif path == "/reset":
                    # SO_LINGER 0 makes close() send RST instead of FIN.
                    self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                    self.connection.close()
                    self.close_connection = True
                elif path == "/connections":
                    with connections_lock:
                        count = connections
                    self.send(200, json.dumps({"accepted": count}).encode())
                else:
                    self.send(404, json.dumps({"error": "no such test route", "path": path}).encode())


        class Server(http.server.ThreadingHTTPServer):
            daemon_threads = True
            request_queue_size = 128


        def exit_with_parent():
            # A test runner that crashes cannot stop its upstreams; they stop themselves.
            parent = os.getppid()
            while os.getppid() == parent:
                time.sleep(0.5)
            os._exit(0)


        def main(argv):
            options = dict(zip(argv[1::2], argv[2::2]))
            server = Server(("127.0.0.1", int(options.get("--port", "0"))), Handler)
            if "--cert" in options:
                context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
                context.load_cert_chain(options["--cert"], options["--key"])
                # The handshake runs on the connection's own thread (its first read),
                # so a client that refuses the certificate cannot stall accept().
                server.socket = context.wrap_socket(server.socket, server_side=True, do_handshake_on_connect=False)
            threading.Thread(target=exit_with_parent, daemon=True).start()
            print(server.server_address[1], flush=True)
            server.serve_forever()


        if __name__ == "__main__":
            main(sys.argv)
        """#
}
