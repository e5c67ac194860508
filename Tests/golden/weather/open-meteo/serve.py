#!/usr/bin/env python3
"""A stand-in for Open-Meteo on the loopback interface, for the tests of --provider open-meteo.

    serve.py MODE FILE [--requests N] [--log PATH] [--delay SECONDS] [--status CODE]

Binds 127.0.0.1 on a free port, prints the port on stdout (one line, then stdout is closed), and
answers at most N requests (default 1) with FILE, as MODE says:

    ok        200 and FILE as JSON
    status    --status CODE (default 500) and FILE (an error page or Open-Meteo's error JSON)
    truncate  a Content-Length for all of FILE, then only its first half, then the connection closes
    slow      waits --delay SECONDS (default 5) before answering as ok

It stops by itself after N requests or 20 seconds, whichever comes first, and never listens on
anything but 127.0.0.1. With --log, each request's path (with its query) is appended to PATH.
"""
import http.server
import os
import sys
import time

# Descriptors a test harness may have let through: holding them would keep its pipes open.
os.closerange(3, 1024)
args = sys.argv[1:]
if len(args) < 2 or args[0] not in ("ok", "status", "truncate", "slow"):
    sys.exit(__doc__)
mode, path = args[0], args[1]
options = dict(zip(args[2::2], args[3::2]))
requests = int(options.get("--requests", "1"))
delay = float(options.get("--delay", "5"))
status = int(options.get("--status", "500"))
log = options.get("--log")
with open(path, "rb") as f:
    body = f.read()
deadline = time.monotonic() + 20
served = 0


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        global served
        served += 1
        if log:
            with open(log, "a") as f:
                f.write(self.path + "\n")
        if mode == "slow":
            time.sleep(delay)
        code = status if mode == "status" else 200
        kind = "text/html" if body.lstrip().startswith(b"<") else "application/json; charset=utf-8"
        try:
            self.send_response(code)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(body[: len(body) // 2] if mode == "truncate" else body)
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass  # The client gave up (a timeout test): nothing to do.
        self.close_connection = True

    def log_message(self, *args):
        pass


server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
sys.stdout.close()
while served < requests and time.monotonic() < deadline:
    server.timeout = max(0.1, deadline - time.monotonic())
    server.handle_request()
server.server_close()
