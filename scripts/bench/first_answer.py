#!/usr/bin/env python3
"""Seconds from launching a server to its first answer: starts COMMAND, asks URL every 5 ms until
it answers (any status), prints the time, stops the server (SIGTERM to the pid it started).

  first_answer.py URL COMMAND...
"""
import http.client
import subprocess
import sys
import time
import urllib.parse


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    url = urllib.parse.urlsplit(sys.argv[1])
    started = time.monotonic()
    server = subprocess.Popen(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while time.monotonic() - started < 60:
            if server.poll() is not None:
                sys.exit(f"the server exited ({server.returncode}) before answering")
            try:
                connection = http.client.HTTPConnection(url.hostname, url.port, timeout=1)
                connection.request("GET", url.path or "/")
                connection.getresponse().read()
                print(f"{time.monotonic() - started:.3f}")
                return
            except OSError:
                time.sleep(0.005)
        sys.exit("no answer in 60 s")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
