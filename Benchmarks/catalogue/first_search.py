"""The first search of a text, counted by the store's search index, against the same counted in SQL.

first_search.py URL LOG ROUNDS: each round renames a product (a rewrite: every kept count and the index go stale);
the next search, of one of TEXTS, counts in SQL and starts a rebuild of the index; once the server's log (LOG, its
standard error at info) says the index was built again, waited for up to 120 s, each other text's next search is its
first on the new index. Prints the medians of both kinds (ms, client side), and the index's build time and size.
"""
import json
import os
import re
import statistics
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scale"))
import scale  # noqa: E402

TEXTS = ["keyboard", "mug", "chair", "backpack", "lamp", "키보드"]  # a fifth of a generated catalogue each
BUILD = re.compile(r"search index: \d+ product names read in (\d+) ms, (\d+) MB")


def builds(log):
    with open(log, encoding="utf-8", errors="replace") as file:
        return [(int(ms), int(mb)) for ms, mb in BUILD.findall(file.read())]


def search(connection, text):
    path = "/api/products?page_no=1&items_per_page=20&search_value=" + urllib.parse.quote(text)
    return scale.timed(connection, "GET", path)[0]


def main(url, log, rounds):
    host = urllib.parse.urlsplit(url)
    connection = scale.http.client.HTTPConnection(host.hostname, host.port, timeout=120)
    headers = {"identifier": scale.IDENTIFIER}
    _, payload = scale.timed(connection, "POST", "/api/products", scale.create_body(0),
                             dict(headers, **{"Content-Type": f"multipart/form-data; boundary={scale.BOUNDARY}"}))
    renamed = json.loads(payload)["id"]
    indexed, counted = [], []
    for n in range(rounds):
        body = json.dumps({"secret": scale.SECRET, "name": f"renamed {n}"})
        scale.timed(connection, "PATCH", f"/api/products/{renamed}", body,
                    dict(headers, **{"Content-Type": "application/json"}))
        before = len(builds(log))
        trigger = TEXTS[n % len(TEXTS)]
        counted.append(search(connection, trigger))
        deadline = time.monotonic() + 120
        while len(builds(log)) == before:
            if time.monotonic() > deadline:
                sys.exit("the search index was not built again within 120 s")
            time.sleep(0.05)
        indexed += [search(connection, text) for text in TEXTS if text != trigger]
    made = builds(log)
    p90 = sorted(indexed)[int(len(indexed) * 0.9)]
    print(f"first search: {statistics.median(indexed):.2f} ms (p90 {p90:.2f}, {len(indexed)} searches) from the index,"
          f" {statistics.median(counted):.1f} ms counted in SQL; index built in"
          f" {statistics.median(ms for ms, _ in made)} ms (median of {len(made)}), {made[-1][1]} MB")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
