"""Plays a class against a running emulator: TEAMS apps at once, each doing what an app does at 10x a person's pace,
and optionally one team flooding the server with a loop. Prints, per request kind, the count, errors and p50/p99
latency, the flooder's answers, and the server's memory through the run.

classroom.py URL PID SECONDS CREDENTIALS.json [--flood]
classroom.py vendors N | roster N | credentials < CLASS.json | teacher < CLASS.json   (the run script's helpers)
CREDENTIALS.json: a list of {"name", "identifier", "secret"}, one per team (the last one floods with --flood).

Each team talks from a loopback address of its own (127.0.1.N), as each student's machine would on a LAN, over one
kept-alive connection (as URLSession keeps one per host). A person does something every 5 seconds or so: opens
the list (the page and its 20 thumbnails), a product (the detail and its images), registers a product with three
photos, edits it, deletes it. Ten times that pace is one action every 0.5 s per team.
"""
import http.client
import json
import statistics
import sys
import threading
import time
import urllib.parse
import zlib
import struct

ACTION_INTERVAL = 0.5  # seconds between a team's actions: 10x a person's one every 5 s
PHOTO_BYTES = 60_000   # each of the three photos; the course's limit was 300 KB


def photo(seed, size=PHOTO_BYTES):
    """A PNG of about `size` bytes whose pixels are noise, so it does not compress."""
    width = 128
    rows = size // (width * 3) + 1
    state = seed * 2654435761 % 2**32 or 1
    raw = bytearray()
    for _ in range(rows):
        raw.append(0)
        for _ in range(width * 3):
            state ^= (state << 13) & 0xFFFFFFFF
            state ^= state >> 17
            state ^= (state << 5) & 0xFFFFFFFF
            raw.append(state & 0xFF)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, rows, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw), 0)) + chunk(b"IEND", b"")


PHOTOS = [photo(seed) for seed in (1, 2, 3)]


class Recorder:
    def __init__(self):
        self.lock = threading.Lock()
        self.latencies = {}
        self.errors = {}
        self.gone = {}
        self.samples = []

    def add(self, kind, seconds, ok, gone=False):
        with self.lock:
            self.latencies.setdefault(kind, []).append(seconds)
            if not ok:
                self.errors[kind] = self.errors.get(kind, 0) + 1
            if gone:
                self.gone[kind] = self.gone.get(kind, 0) + 1


class App:
    """One team's app: one connection from its own address, the team's vendor credentials."""

    def __init__(self, host, port, index, team, recorder):
        self.host, self.port = host, port
        self.source = f"127.0.1.{index + 1}"
        self.team = team
        self.recorder = recorder
        self.connection = None
        self.counter = 0
        self.failures = []

    def request(self, kind, method, path, body=None, headers=None, may_be_gone=False):
        """`may_be_gone`: a product seen in the list that its team deleted since (every team deletes what it
        registers) answers 404, as it would to an app on a shared server; counted apart, not as an error."""
        headers = dict(headers or {})
        for attempt in range(2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=30,
                                                             source_address=(self.source, 0))
            started = time.perf_counter()
            try:
                self.connection.request(method, path, body=body, headers=headers)
                response = self.connection.getresponse()
                data = response.read()
            except (http.client.HTTPException, OSError) as error:
                self.connection.close()
                self.connection = None
                if attempt == 0:
                    continue  # a kept-alive connection the server closed between requests: reconnect, as URLSession does
                self.recorder.add(kind, time.perf_counter() - started, False)
                self.failures.append(f"{kind} {method} {path}: {error}")
                return None, b""
            elapsed = time.perf_counter() - started
            gone = may_be_gone and response.status == 404
            ok = response.status < 400 or gone
            self.recorder.add(kind, elapsed, ok, gone)
            if not ok:
                self.failures.append(f"{kind} {method} {path}: {response.status} {data[:200]!r}")
            return response.status, data

    def list_page(self):
        status, data = self.request("list", "GET", "/api/products?page_no=1&items_per_page=20")
        if status != 200:
            return []
        page = json.loads(data)
        for product in page["pages"]:
            self.request("thumbnail", "GET", urllib.parse.urlsplit(product["thumbnail"]).path, may_be_gone=True)
        return [product["id"] for product in page["pages"]]

    def open_product(self, product_id):
        status, data = self.request("detail", "GET", f"/api/products/{product_id}", may_be_gone=True)
        if status == 200:
            for image in json.loads(data).get("images", [])[:3]:
                self.request("image", "GET", urllib.parse.urlsplit(image["url"]).path, may_be_gone=True)

    def register(self):
        self.counter += 1
        boundary = f"ClassBench{self.counter:08d}"
        params = json.dumps({"name": f"{self.team['name']} 상품 {self.counter}", "description": "수업 중 등록",
                             "price": 1000 + self.counter, "currency": "KRW", "stock": 3,
                             "secret": self.team["secret"]}, ensure_ascii=False).encode()
        parts = [f"--{boundary}\r\nContent-Disposition: form-data; name=\"params\"\r\n"
                 f"Content-Type: application/json\r\n\r\n".encode() + params + b"\r\n"]
        for number, image in enumerate(PHOTOS):
            parts.append(f"--{boundary}\r\nContent-Disposition: form-data; name=\"images\"; filename=\"photo{number}.png\"\r\n"
                         f"Content-Type: image/png\r\n\r\n".encode() + image + b"\r\n")
        body = b"".join(parts) + f"--{boundary}--\r\n".encode()
        status, data = self.request("register", "POST", "/api/products", body=body, headers={
            "identifier": self.team["identifier"], "Content-Type": f"multipart/form-data; boundary={boundary}"})
        return json.loads(data)["id"] if status == 201 else None

    def edit(self, product_id):
        body = json.dumps({"stock": 7, "secret": self.team["secret"]}).encode()
        self.request("edit", "PATCH", f"/api/products/{product_id}", body=body, headers={
            "identifier": self.team["identifier"], "Content-Type": "application/json"})

    def delete(self, product_id):
        body = json.dumps({"secret": self.team["secret"]}).encode()
        status, data = self.request("archive", "POST", f"/api/products/{product_id}/archived", body=body, headers={
            "identifier": self.team["identifier"], "Content-Type": "application/json"})
        if status == 200:
            self.request("delete", "DELETE", data.decode().strip(), headers={"identifier": self.team["identifier"]})

    def run(self, deadline):
        actions = 0
        next_action = time.monotonic()
        mine = None
        listed = []
        while time.monotonic() < deadline:
            step = actions % 5
            if step == 0:
                listed = self.list_page()
            elif step == 1 and listed:
                self.open_product(listed[actions % len(listed)])
            elif step == 2:
                mine = self.register()
            elif step == 3 and mine:
                self.edit(mine)
            elif step == 4 and mine:
                self.delete(mine)
                mine = None
            actions += 1
            next_action += ACTION_INTERVAL
            time.sleep(max(0.0, next_action - time.monotonic()))


def flood(host, port, team, deadline, counts):
    """A loop that sends the list request as fast as one connection goes, as a runaway `while true` would."""
    connection = http.client.HTTPConnection(host, port, timeout=30, source_address=("127.0.2.1", 0))
    headers = {"identifier": team["identifier"]}
    while time.monotonic() < deadline:
        try:
            connection.request("GET", "/api/products?page_no=1&items_per_page=20", headers=headers)
            response = connection.getresponse()
            response.read()
            counts[response.status] = counts.get(response.status, 0) + 1
        except (http.client.HTTPException, OSError):
            connection.close()
            connection = http.client.HTTPConnection(host, port, timeout=30, source_address=("127.0.2.1", 0))
            counts["broken"] = counts.get("broken", 0) + 1


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def setup(mode, argument):
    """The run script's helpers: the teams as --vendor flags, a roster, the credentials and the teacher's summary."""
    if mode == "vendors":
        for n in range(1, int(argument) + 1):
            print(json.dumps({"name": f"team{n:02d}", "identifier": f"bench-team-{n:02d}", "secret": f"bench-secret-{n:02d}"}))
    elif mode == "roster":
        print("name,team")
        for n in range(1, int(argument) + 1):
            print(f"학생{n:02d},team{n:02d}")
    elif mode == "credentials":
        teams = json.load(sys.stdin)["teams"]
        print(json.dumps([{key: team[key] for key in ("name", "identifier", "secret")} for team in teams]))
    elif mode == "teacher":
        view = json.load(sys.stdin)
        teams = view["teams"]
        requests = sum(team["requests"] for team in teams)
        errors = sum(team["errors"] for team in teams[:-1])
        mistakes = "; ".join(f"{mistake['message']}: {', '.join(mistake['teams'])}" for mistake in view["mistakes"])
        print(f"teacher's view: {requests} requests; {errors} errors among the {len(teams) - 1} working teams; "
              f"mistakes: {mistakes or 'none'}")


def main():
    if sys.argv[1] in ("vendors", "roster", "credentials", "teacher"):
        setup(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None)
        return
    url, pid, seconds, credentials = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
    flooding = "--flood" in sys.argv[5:]
    parts = urllib.parse.urlsplit(url)
    teams = json.load(open(credentials))
    flooder = teams.pop() if flooding else None
    recorder = Recorder()
    deadline = time.monotonic() + seconds
    apps = [App(parts.hostname, parts.port, index, team, recorder) for index, team in enumerate(teams)]
    threads = [threading.Thread(target=app.run, args=(deadline,)) for app in apps]
    flood_counts = {}
    if flooder:
        threads.append(threading.Thread(target=flood, args=(parts.hostname, parts.port, flooder, deadline, flood_counts)))
    for index, thread in enumerate(threads):
        thread.start()
        time.sleep(ACTION_INTERVAL / len(threads))  # the class does not click in step
    started = time.monotonic()
    while any(thread.is_alive() for thread in threads):
        recorder.samples.append((time.monotonic() - started, rss_kib(pid)))
        time.sleep(5)
    for thread in threads:
        thread.join()

    total = sum(len(values) for values in recorder.latencies.values())
    print(f"{len(apps)} teams for {seconds:.0f} s{' + 1 flooding team' if flooder else ''}: "
          f"{total} requests, {total / seconds:.0f}/s from the apps")
    print(f"{'kind':<10} {'count':>7} {'errors':>6} {'gone':>5} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for kind in ["list", "thumbnail", "detail", "image", "register", "edit", "archive", "delete"]:
        values = sorted(recorder.latencies.get(kind, []))
        if not values:
            continue
        p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
        print(f"{kind:<10} {len(values):>7} {recorder.errors.get(kind, 0):>6} {recorder.gone.get(kind, 0):>5} "
              f"{statistics.median(values) * 1000:>8.1f} "
              f"{p99 * 1000:>8.1f} {values[-1] * 1000:>8.1f}")
    if flooder:
        answered = sum(value for key, value in flood_counts.items() if key != "broken")
        print(f"flooding team: {answered} answers ({answered / seconds:.0f}/s): " +
              ", ".join(f"{key}: {value}" for key, value in sorted(flood_counts.items(), key=lambda item: str(item[0]))))
    quarters = [recorder.samples[int((len(recorder.samples) - 1) * q / 4)] for q in range(5)] if recorder.samples else []
    print("server memory (RSS): " + ", ".join(f"{kib / 1024:.0f} MB at {at:.0f} s" for at, kib in quarters))
    if recorder.gone:
        print("gone: 404 for a product listed, then deleted by its team before this app opened it (not an error)")
    failures = [failure for app in apps for failure in app.failures]
    for failure in failures[:10]:
        print(f"  error: {failure}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
