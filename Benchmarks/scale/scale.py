"""Fills a v2b database with products directly, and measures the server over one kept-alive HTTP connection.

fill DATABASE COUNT: COUNT products of the demo vendor, each with one image; names are "<colour> <item> #<n>",
so a search for one colour and item ("mint keyboard a") matches one product in 1,000.
measure URL COUNT ROUNDS [SEARCH]: prints the median milliseconds of each request kind, the search's total count, and
how many times a cached first page the first page after a write costs, and the median of a create and that page
together (what an app that reloads its list after a write waits for); SEARCH replaces the search text.
"""
import http.client
import json
import random
import sqlite3
import statistics
import sys
import time
import urllib.parse

COLOURS = ["Red", "Blue", "Mint", "Ivory", "Black", "Coral", "Olive", "Navy", "Amber", "Plum"]
ITEMS = [f"{kind} {model}" for model in "ABCDEFGHIJ"
         for kind in ["Keyboard", "Mouse", "Monitor", "Speaker", "Lamp", "Chair", "Desk", "Mug", "Cable", "Bag"]]
SEARCH = "mint keyboard a"  # colour 2, item 0, in another case: one product in len(COLOURS) * len(ITEMS) = 1,000
BOUNDARY = "ScaleBoundary5E1D"
IDENTIFIER = "demo-vendor-identifier"
SECRET = "demo-vendor-secret"


def fill(database, count):
    connection = sqlite3.connect(database)
    vendor_id = connection.execute("SELECT id FROM vendors WHERE identifier = ?", (IDENTIFIER,)).fetchone()[0]
    image = b"\x89PNG\r\n\x1a\n" + bytes(120)
    with connection:
        for first in range(1, count + 1, 10_000):
            ids = range(first, min(first + 10_000, count + 1))
            connection.executemany(
                "INSERT INTO products (id, vendor_id, name, description, price, currency, discounted_price, stock,"
                " registered_at, product_secret) VALUES (?, ?, ?, ?, ?, 'KRW', 0, 10, ?, 'secret')",
                ((n, vendor_id, f"{COLOURS[n % 10]} {ITEMS[n // 10 % 100]} #{n}", f"Product {n}, filled directly",
                  1000 + n % 5000, 1_700_000_000 + n) for n in ids))
            connection.executemany(
                "INSERT INTO images (id, product_id, position, media_type, file_extension, origin_key, thumbnail_key,"
                " byte_count) VALUES (?, ?, 0, 'image/png', 'png', ?, ?, ?)",
                ((n, n, f"scale/{n}_origin.png", f"scale/{n}_thumb.png", len(image)) for n in ids))
            connection.executemany("INSERT INTO image_data (image_id, bytes) VALUES (?, ?)", ((n, image) for n in ids))
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()


def create_body(n):
    params = json.dumps({"name": f"Scale create {n}", "description": "created by the scale benchmark",
                         "price": 1000, "currency": "KRW", "discounted_price": 0, "stock": 1, "secret": SECRET})
    image = b"\x89PNG\r\n\x1a\n" + bytes(1000)
    return (f"--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"params\"\r\n"
            f"Content-Type: application/json\r\n\r\n{params}\r\n"
            f"--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"images\"; filename=\"a.png\"\r\n"
            f"Content-Type: image/png\r\n\r\n").encode() + image + f"\r\n--{BOUNDARY}--\r\n".encode()


def timed(connection, method, path, body=None, headers=None):
    start = time.perf_counter()
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    payload = response.read()
    elapsed = (time.perf_counter() - start) * 1000
    if response.status >= 300:
        sys.exit(f"{method} {path} answered {response.status}: {payload[:200]!r}")
    return elapsed, payload


def measure(url, count, rounds, search_text=SEARCH):
    host = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(host.hostname, host.port, timeout=60)
    kinds = ["create", "after-write", "cached", "page-1000", "search", "detail"]
    times = {kind: [] for kind in kinds}
    first = "/api/products?page_no=1&items_per_page=20"
    deep = "/api/products?page_no=1000&items_per_page=20"
    search = "/api/products?page_no=1&items_per_page=20&search_value=" + urllib.parse.quote(search_text)
    random.seed(7)
    hits = None
    write_then_page = []
    for n in range(rounds + 1):  # round 0 warms up and is not counted
        sample = {}
        sample["create"], _ = timed(connection, "POST", "/api/products", create_body(n),
                                    {"identifier": IDENTIFIER, "Content-Type": f"multipart/form-data; boundary={BOUNDARY}"})
        sample["after-write"], _ = timed(connection, "GET", first)
        sample["cached"], _ = timed(connection, "GET", first)
        sample["page-1000"], _ = timed(connection, "GET", deep)
        sample["search"], payload = timed(connection, "GET", search)
        hits = json.loads(payload)["totalCount"]
        sample["detail"], _ = timed(connection, "GET", f"/api/products/{random.randint(1, count)}")
        if n > 0:
            for kind in kinds:
                times[kind].append(sample[kind])
            write_then_page.append(sample["create"] + sample["after-write"])
    medians = {kind: statistics.median(times[kind]) for kind in kinds}
    ratio = medians["after-write"] / medians["cached"]  # the goal: at most 2
    print(" ".join(f"{medians[kind]:9.2f}" for kind in kinds) + f"   {hits} hits, after-write/cached {ratio:.2f}, "
          f"create and page {statistics.median(write_then_page):.2f}")


if __name__ == "__main__":
    if sys.argv[1] == "fill":
        fill(sys.argv[2], int(sys.argv[3]))
    else:
        measure(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), *sys.argv[5:6])
