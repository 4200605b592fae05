#!/usr/bin/env python3
"""A loopback HTTP server that plays a CDN for the hosted-asset tests and the
benchmark. Usage: hosted-asset-server.py ROUTES.json LOG [--ipv6]

Prints the port it listens on (127.0.0.1, or ::1 with --ipv6) as the first line of standard output,
and exits when its standard input ends (so it never outlives the test that started it).
Every request is appended to LOG as one JSON line {"line", "path", "headers"} (line: the
request line as received). ROUTES is
read again whenever it changes:

  {"delay_ms": 0,                      wait before every answer
   "folder": "/some/dir",              GET /NAME answers 200 with dir/NAME when it exists;
                                       PUT /NAME stores the body there (201, or 200 when it was
                                       there); DELETE /NAME removes it (204, or 404 when absent)
   "paths": {"/uuid": [REPLY, ...]}}   the n-th GET of a path gets the n-th reply; the last repeats;
                                       "PUT /uuid" and "DELETE /uuid" script the other methods

  REPLY: {"status": 200, "headers": {...}, "delay_ms": 0,
          "body_text": "..." | "body_file": "/path" | "png_bytes": N,   (N bytes starting with a PNG signature and IHDR)
          "content_length": N,         declared length, when it should differ from the body's
          "omit_length": true,         send no Content-Length (the body ends when the connection closes)
          "chunk_bytes": N, "chunk_delay_ms": M,   send the body N bytes at a time, M ms apart
          "raw_head": "HTTP/1.1 200 OK\r\n..."}   send this text as the whole head, as it is (no header
                                        added, the blank line included), then the body; for framing tests
Anything else answers 404.
"""
import json
import os
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# The PNG signature and a 1x1 IHDR chunk, so that a png_bytes body has a readable header.
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n" + bytes.fromhex("0000000d49484452000000010000000108060000001f15c489")
CHUNK = 1 << 20


class State:
    def __init__(self, routes_path, log_path):
        self.routes_path = routes_path
        self.log_path = log_path
        self.lock = threading.Lock()
        self.mtime = None
        self.routes = {}
        self.counts = {}

    def reply_for(self, path, method="GET", body=b""):
        key = path if method == "GET" else method + " " + path
        with self.lock:
            mtime = os.stat(self.routes_path).st_mtime_ns
            if mtime != self.mtime:
                with open(self.routes_path) as routes:
                    self.routes = json.load(routes)
                self.mtime = mtime
            index = self.counts.get(key, 0)
            self.counts[key] = index + 1
            routes = self.routes
        replies = routes.get("paths", {}).get(key)
        if replies:
            return routes.get("delay_ms", 0), replies[min(index, len(replies) - 1)]
        folder = routes.get("folder")
        name = path.lstrip("/")
        if method != "GET":
            return routes.get("delay_ms", 0), self.change(folder, name, method, body)
        if folder and name and "/" not in name and os.path.isfile(os.path.join(folder, name)):
            return routes.get("delay_ms", 0), {"status": 200, "body_file": os.path.join(folder, name)}
        return routes.get("delay_ms", 0), {"status": 404, "body_text": "not found"}

    def change(self, folder, name, method, body):
        """Stores `body` as folder/NAME (PUT) or removes it (DELETE), under the lock."""
        if not folder or not name or "/" in name:
            return {"status": 404, "body_text": "not found"}
        target = os.path.join(folder, name)
        with self.lock:
            existed = os.path.isfile(target)
            if method == "PUT":
                with open(target + ".part", "wb") as part:
                    part.write(body)
                os.replace(target + ".part", target)
                return {"status": 200 if existed else 201, "body_text": ""}
            if method == "DELETE" and existed:
                os.remove(target)
                return {"status": 204, "body_text": ""}
        return {"status": 404, "body_text": "not found"}

    def log(self, request_line, path, headers):
        line = json.dumps({"line": request_line, "path": path, "headers": dict(headers.items())}) + "\n"
        with self.lock:
            with open(self.log_path, "a") as log:
                log.write(line)


def body_size(reply):
    if "png_bytes" in reply:
        return reply["png_bytes"]
    if "body_file" in reply:
        return os.path.getsize(reply["body_file"])
    return len(reply.get("body_text", "").encode())


def paced(reply):
    size = reply.get("chunk_bytes")
    if not size:
        yield from body_chunks(reply)
        return
    for piece in body_chunks(reply):
        for start in range(0, len(piece), size):
            yield piece[start:start + size]
            time.sleep(reply.get("chunk_delay_ms", 0) / 1000)


def body_chunks(reply):
    if "png_bytes" in reply:
        remaining = reply["png_bytes"]
        first = PNG_SIGNATURE[:remaining]
        yield first
        remaining -= len(first)
        zeros = bytes(CHUNK)
        while remaining > 0:
            piece = zeros[:min(CHUNK, remaining)]
            yield piece
            remaining -= len(piece)
    elif "body_file" in reply:
        with open(reply["body_file"], "rb") as body:
            while True:
                piece = body.read(CHUNK)
                if not piece:
                    break
                yield piece
    else:
        yield reply.get("body_text", "").encode()


class Handler(BaseHTTPRequestHandler):
    def do_PUT(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.answer("PUT", body)

    def do_DELETE(self):
        self.answer("DELETE", b"")

    def do_GET(self):
        self.answer("GET", b"")

    def answer(self, method, body):
        state = self.server.state
        state.log(self.requestline, self.path, self.headers)
        delay, reply = state.reply_for(self.path, method, body)
        time.sleep((delay + reply.get("delay_ms", 0)) / 1000)
        if "raw_head" in reply:
            self.send_raw(reply)
            return
        self.send_response(reply.get("status", 200))
        for name, value in reply.get("headers", {}).items():
            self.send_header(name, str(value))
        if not reply.get("omit_length") and reply.get("status", 200) != 204:
            self.send_header("Content-Length", str(reply.get("content_length", body_size(reply))))
        self.send_header("Connection", "close")
        self.end_headers()
        self.send_body(reply, head=b"")

    def send_raw(self, reply):
        self.send_body(reply, head=reply["raw_head"].encode("latin-1"))

    def send_body(self, reply, head):
        """Writes `head` as it is, then the reply's body as paced, then closes the connection."""
        try:
            self.wfile.write(head)
            for piece in paced(reply):
                self.wfile.write(piece)
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True

    def log_message(self, format, *args):
        pass


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128


class IPv6Server(Server):
    address_family = socket.AF_INET6


def main():
    if "--ipv6" in sys.argv[3:]:
        server = IPv6Server(("::1", 0), Handler)
    else:
        server = Server(("127.0.0.1", 0), Handler)
    server.state = State(sys.argv[1], sys.argv[2])
    print(server.server_address[1], flush=True)
    threading.Thread(target=serve, args=(server,), daemon=True).start()
    sys.stdin.read()
    os._exit(0)


def serve(server):
    server.serve_forever()


if __name__ == "__main__":
    main()
