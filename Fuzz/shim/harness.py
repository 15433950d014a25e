#!/usr/bin/env python3
"""Fuzzes the C shim's head handling from outside: starts an openmarket binary (built with AddressSanitizer, and
UndefinedBehaviorSanitizer for the C, by scripts/test-sanitizers address) and sends it generated request heads and
bodies over loopback, each on its own connection: requests a client could send, mutated byte by byte (flipped,
inserted, deleted and repeated bytes, stretched headers, lying lengths, broken chunks, pipelined requests, bytes
trickled in pieces; /__admin/products bodies among them). Each must get an answer or a close within a second of its last byte (when it got neither, a
half-close, after which it must within another second: a lying Content-Length waits for its body); every 50 inputs
the server must still answer a health check; it must never answer 500 nor print a sanitizer's report. Loopback only.

    Fuzz/shim/harness.py BINARY SECONDS [SEED]

Prints the inputs sent per second, and exits 1 on the first failure, with the input that caused it written to
Fuzz/artifacts/shim/ (replay it with --replay FILE)."""
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import time

REPORTS = re.compile(rb"WARNING: ThreadSanitizer|ERROR: (Address|Thread)Sanitizer|runtime error: |ERROR: LeakSanitizer|Fatal error")
HEALTH = b"GET /healthChecker HTTP/1.1\r\nHost: x\r\n\r\n"
TEMPLATES = [
    HEALTH,
    b"GET /api/products?page_no=1&items_per_page=20&search_value=a+b%20c HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    b"Accept: application/json\r\nConnection: keep-alive\r\n\r\n",
    b"POST /api/products HTTP/1.1\r\nHost: x\r\nidentifier: demo-vendor-identifier\r\n"
    b"Content-Type: multipart/form-data; boundary=B\r\nContent-Length: 120\r\n\r\n"
    b"--B\r\nContent-Disposition: form-data; name=\"params\"\r\nContent-Type: application/json\r\n\r\n{\"name\":\"x\"}\r\n--B--\r\n",
    b"PATCH /api/products/1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
    b"7\r\n{\"a\":1}\r\n0\r\n\r\n",
    b"DELETE /api/products/1/abc HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 0\r\n\r\n",
    b"OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET http://127.0.0.1:1/api/products/%2F%00%ff HTTP/1.1\r\nHost: x\r\nX-A: \x80\xff\r\n folded\r\n\r\n",
]
# POST /__admin/products, whose body the mutations reach as well (a one-pixel PNG in Base64).
PRODUCTS = (b'{"products":[{"name":"Mug","price":9000,"currency":"KRW","discountedPrice":500,"stock":3,'
            b'"vendor":"demo-vendor-identifier","createdAt":"2024-01-02T03:04:05.000Z","images":["iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAA'
            b'fFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="]}]}')
TEMPLATES.append(b"POST /__admin/products HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Content-Length: %d\r\n\r\n%s" % (len(PRODUCTS), PRODUCTS))


def mutate(rng, data):
    data = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        kind = rng.randrange(7)
        at = rng.randrange(len(data) + 1)
        if kind == 0 and data:
            data[min(at, len(data) - 1)] ^= 1 << rng.randrange(8)
        elif kind == 1:
            data[at:at] = bytes([rng.choice([0, 9, 10, 13, 32, 37, 58, 127, 255, rng.randrange(256)])])
        elif kind == 2 and data:
            del data[at:at + rng.randint(1, 16)]
        elif kind == 3:
            data[at:at] = data[at:at + rng.randint(1, 64)] * rng.randint(1, 300)
        elif kind == 4:
            data[at:at] = b"X-Filler: " + b"a" * rng.choice([10, 1000, 8000, 17000]) + b"\r\n"
        elif kind == 5:
            data = bytearray(re.sub(rb"Content-Length: \d+", b"Content-Length: %d" % rng.choice([0, 1, 5, 2**31, 2**64]),
                                    bytes(data)))
        else:
            data += rng.choice(TEMPLATES)  # pipelined
    return bytes(data)


def start(binary, folder):
    """The server, its port and its stderr; its stdout goes to a file, which nobody else reads."""
    log = open(os.path.join(folder, "serve.err"), "wb+")
    output = os.path.join(folder, "serve.out")
    server = subprocess.Popen([binary, "serve", "--port", "0", "--database", ":memory:", "--log-level", "warning"],
                              stdout=open(output, "wb"), stderr=log)
    for _ in range(1200):  # Up to a minute: a sanitized build starts slowly.
        port = re.search(rb"listening on http://127\.0\.0\.1:(\d+)", open(output, "rb").read())
        if port or server.poll() is not None:
            break
        time.sleep(0.05)
    if not port:
        server.kill()
        sys.exit("the server did not start: " + open(log.name, "rb").read().decode(errors="replace"))
    return server, int(port.group(1)), log


def answered_or_closed(connection, seconds):
    """True for an answer or a close, False for neither in time, and the answer's first bytes for a 500."""
    connection.settimeout(seconds)
    try:
        answer = connection.recv(65536)  # Bytes (an answer) or b"" (a close) both end the wait.
        return answer if answer.startswith(b"HTTP/1.1 500") or answer.startswith(b"HTTP/1.0 500") else True
    except ConnectionError:
        return True
    except socket.timeout:
        return False


def send(port, data, rng):
    """True when the input got an answer or a close in time, False when not, the answer when it was a 500."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        pieces = [data] if rng.random() < 0.8 else [data[i:i + 7] for i in range(0, len(data), 7)]
        try:
            for piece in pieces:
                connection.sendall(piece)
        except ConnectionError:
            return True  # Closed while it was still sending.
        if answered_or_closed(connection, 1.0):
            return True
        connection.shutdown(socket.SHUT_WR)
        return answered_or_closed(connection, 1.0)


def failure(message, data):
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "artifacts", "shim")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "input-%d" % time.time_ns())
    with open(path, "wb") as file:
        file.write(data)
    sys.exit("%s; the input is in %s" % (message, path))


def main():
    replay = "--replay" in sys.argv
    arguments = [argument for argument in sys.argv[1:] if argument != "--replay"]
    binary, seconds = arguments[0], float(arguments[1])
    rng = random.Random(int(arguments[2]) if len(arguments) > 2 and not replay else 1)
    with tempfile.TemporaryDirectory() as folder:
        server, port, log = start(binary, folder)
        try:
            inputs = [open(arguments[2], "rb").read()] if replay else None
            started, sent = time.monotonic(), 0
            while (inputs is None and time.monotonic() - started < seconds) or (inputs and sent < len(inputs)):
                data = inputs[sent] if inputs else mutate(rng, rng.choice(TEMPLATES))
                outcome = send(port, data, rng)
                if outcome is False:
                    failure("no answer and no close within a second of the last byte, nor of a half-close", data)
                if outcome is not True:
                    failure("a 500: " + outcome[:300].decode(errors="replace"), data)
                sent += 1
                if sent % 50 == 0 or inputs:
                    if server.poll() is not None or send(port, HEALTH, random.Random(0)) is not True:
                        failure("the server stopped serving", data)
                    log.seek(0)
                    if REPORTS.search(log.read()):
                        failure("the server reported: see below\n" + open(log.name, "rb").read().decode(errors="replace"), data)
            elapsed = time.monotonic() - started
            print("shim harness: %d inputs in %.0f s (%.0f/s), no failure" % (sent, elapsed, sent / max(elapsed, 1e-9)))
        finally:
            server.terminate()
            server.wait(timeout=30)
        log.seek(0)
        if REPORTS.search(log.read()):
            sys.exit("the server reported:\n" + open(log.name, "rb").read().decode(errors="replace"))


if __name__ == "__main__":
    main()
