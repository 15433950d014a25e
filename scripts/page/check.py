"""A real browser on the admin page: headless Chromium (through chromedriver) loads /__admin/ of a real openmarket,
an HTTP client outside the browser makes requests, and the page must show them without a reload, open them, draw a
multipart body's parts, mark a refused body's error at the offset the server's reading gives, show the store's
grid, reset the server, and stay usable at 2,000 journal entries. Screenshots in light and dark mode go to
--screenshots. With --idle-seconds N it instead measures what the open page's polling costs an idle server.

Every server it starts listens on a free loopback port with a temporary database and is stopped on the way out.
"""

import argparse
import ctypes
import http.client
import json
import re
import signal
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

LISTENING = re.compile(r"listening on (http://\S+)")
VENDOR = ("demo-vendor-identifier", "demo-vendor-secret")
WAIT_SECONDS = 15
ENTRIES = 2000


def stop_with_parent():
    """In a child (the server, chromedriver) before exec: Linux sends it SIGTERM if this script dies without stopping
    it (kill -9)."""
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


class Server:
    """`openmarket serve --api v2b` with the demo seed on a free loopback port; stopped when the block ends."""

    def __init__(self, binary: Path, directory: Path, journal: int, extra: tuple[str, ...] = ()):
        arguments = [str(binary), "serve", "--api", "v2b", "--host", "127.0.0.1", "--port", "0", "--seed", "demo",
                     "--journal", str(journal), "--database", str(directory / "market.sqlite"),
                     "--log-level", "warning", *extra]
        self.log = open(directory / "server.log", "wb")
        self.process = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=self.log, text=True,
                                        preexec_fn=stop_with_parent)
        deadline = time.monotonic() + 30
        self.url = None
        while self.url is None and time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            match = LISTENING.search(line)
            self.url = match.group(1) if match else None
        if self.url is None:
            self.stop()
            raise RuntimeError(f"openmarket printed no 'listening on' line; see {directory / 'server.log'}")
        host, port = self.url.removeprefix("http://").rsplit(":", 1)
        self.address = (host, int(port))

    def cpu_seconds(self) -> float:
        """User plus system CPU time so far, from /proc/PID/stat (fields 14 and 15, in clock ticks)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = int(fields[11]) + int(fields[12])
        return ticks / float(subprocess.check_output(["getconf", "CLK_TCK"]).strip())

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


class Client:
    """An app's HTTP client: one keep-alive connection, outside the browser."""

    def __init__(self, address):
        self.connection = http.client.HTTPConnection(*address, timeout=10)

    def send(self, method: str, target: str, body: bytes = b"", headers=None) -> tuple[int, bytes]:
        self.connection.request(method, target, body=body, headers=headers or {})
        response = self.connection.getresponse()
        return response.status, response.read()

    def json(self, target: str):
        status, body = self.send("GET", target)
        assert status == 200, f"GET {target}: {status} {body[:200]!r}"
        return json.loads(body)


def png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A small solid PNG, so the client uploads a real image."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def multipart(boundary: str, params: dict, image: bytes, blank_line_after_headers=True) -> bytes:
    """A v2b create body; without the blank line after the params part's headers it is the classic mistake."""
    after_headers = b"\r\n\r\n" if blank_line_after_headers else b"\r\n"
    return (f"--{boundary}\r\n".encode()
            + b'Content-Disposition: form-data; name="params"\r\nContent-Type: application/json' + after_headers
            + json.dumps(params, ensure_ascii=False).encode() + b"\r\n"
            + f"--{boundary}\r\n".encode()
            + b'Content-Disposition: form-data; name="images"; filename="blue.png"\r\nContent-Type: image/png\r\n\r\n'
            + image + b"\r\n" + f"--{boundary}--\r\n".encode())


def create(client: Client, body: bytes, boundary: str) -> tuple[int, bytes]:
    return client.send("POST", "/api/products", body, {
        "identifier": VENDOR[0], "Content-Type": f"multipart/form-data; boundary={boundary}"})


def browser(width: int, height: int) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--disable-extensions", "--no-first-run", f"--window-size={width},{height}", "--lang=ko-KR"]:
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    service = Service("/usr/bin/chromedriver", popen_kw={"preexec_fn": stop_with_parent})
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(WAIT_SECONDS)
    driver.set_script_timeout(WAIT_SECONDS)
    return driver


def wait(driver, condition, what: str, seconds: float = WAIT_SECONDS):
    try:
        return WebDriverWait(driver, seconds, poll_frequency=0.05).until(lambda d: condition(d))
    except TimeoutException:
        raise AssertionError(f"the page did not {what} within {seconds} s") from None


def text(driver, selector: str) -> str:
    return driver.find_element(By.CSS_SELECTOR, selector).text


def row(driver, entry_id: int):
    found = driver.find_elements(By.CSS_SELECTOR, f'#request-list button[data-id="{entry_id}"]')
    return found[0] if found else None


def screenshots(driver, directory: Path | None, name: str):
    if directory is None:
        return
    for scheme in ("light", "dark"):
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        time.sleep(0.2)
        driver.save_screenshot(str(directory / f"{name}-{scheme}.png"))
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def latest_id(client: Client) -> int:
    return client.json("/__admin/requests?limit=1")["latestId"]


def check(binary: Path, shots: Path | None):
    with tempfile.TemporaryDirectory() as temporary, Server(binary, Path(temporary), ENTRIES) as server:
        client = Client(server.address)
        driver = browser(1280, 860)
        try:
            check_page(driver, server, client, shots)
        finally:
            driver.quit()


def check_page(driver, server: Server, client: Client, shots: Path | None):
    started = time.monotonic()
    driver.get(f"{server.url}/__admin/")
    wait(driver, lambda d: "v2b" in text(d, "#server-summary"), "show the server's generation")
    driver.execute_script("window.sameDocument = true")

    # Requests made by an app arrive without a reload.
    client.send("GET", "/api/products?page_no=1&items_per_page=10")
    params = {"name": "파란 머그 Blue mug", "description": "A mug.\n두 줄.", "price": 12000, "currency": "KRW",
              "discounted_price": 1000, "stock": 3, "secret": VENDOR[1]}
    boundary = "Boundary-OpenMarket-Check"
    status, body = create(client, multipart(boundary, params, png(160, 120, (30, 90, 200))), boundary)
    assert status == 201, f"the good create was refused: {status} {body[:300]!r}"
    good = latest_id(client)
    status, _ = create(client, multipart(boundary, params, png(8, 8, (200, 30, 30)), False), boundary)
    assert status == 400, f"the broken body got {status}, not 400"
    broken = latest_id(client)
    client.send("GET", "/api/products/999999")
    wait(driver, lambda d: row(d, broken + 1) is not None, "show the new requests")
    assert driver.execute_script("return window.sameDocument === true"), "the page reloaded"
    statuses = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#request-list .status")]
    assert statuses == ["404", "400", "201", "200"], f"the list shows statuses {statuses}"
    assert "s4" in row(driver, broken).find_element(By.CSS_SELECTOR, ".status").get_attribute("class")

    # The good multipart body: its parts drawn from the server's reading, the image previewed.
    row(driver, good).click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#request-detail .segment.content img"),
         "draw the image part of the multipart body")
    reading = client.json(f"/__admin/requests/{good}")["request"]["multipart"]
    drawn = [(e.get_attribute("data-kind"), int(e.get_attribute("data-start")))
             for e in driver.find_elements(By.CSS_SELECTOR, "#request-detail .segment")]
    assert drawn == [(s["kind"], s["start"]) for s in reading["segments"]], f"segments drawn: {drawn}"
    labels = text(driver, "#request-detail .segments")
    assert "“params”" in labels and "“images”" in labels and "blue.png" in labels, labels
    assert "\\r\\n" in text(driver, "#request-detail .segment.delimiter").replace("\n", ""), "CRLF not visible"
    assert "201" in text(driver, "#request-detail"), "the response is not shown"
    headers = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#request-detail .header-list dd")]
    assert VENDOR[0] in headers, f"the request headers shown: {headers}"
    assert "null" not in text(driver, "#request-detail").split("\n"), "a stray null in the detail"
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})",
                          driver.find_elements(By.CSS_SELECTOR, "#request-detail .segment")[2])
    screenshots(driver, shots, "requests-multipart")

    # The refused body: the error at the server's offset, the message the app got, the advice.
    row(driver, broken).click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#request-detail .rejection"), "show the refusal")
    rejection = client.json(f"/__admin/requests/{broken}")["request"]["multipart"]["rejection"]
    shown = driver.find_element(By.CSS_SELECTOR, "#request-detail .rejection")
    assert shown.get_attribute("data-offset") == str(rejection["offset"]), (shown.get_attribute("data-offset"), rejection)
    assert f"at byte {rejection['offset']}" in text(driver, ".rejection-where")
    assert driver.find_element(By.CSS_SELECTOR, "mark.error-at").get_attribute("title") == f"byte {rejection['offset']}"
    assert rejection["message"] in shown.text, "the message the app got is missing"
    assert "How to fix it" in shown.text
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", shown)
    screenshots(driver, shots, "requests-refused")

    # Keyboard: j/k move, Enter opens, Escape closes and gives focus back to the row.
    row(driver, good).send_keys(Keys.ESCAPE)
    wait(driver, lambda d: d.find_element(By.ID, "request-detail").get_attribute("hidden") is not None, "close on Escape")
    row(driver, broken + 1).send_keys("j")
    assert driver.switch_to.active_element.get_attribute("data-id") == str(broken), "j did not move down"
    driver.switch_to.active_element.send_keys("k")
    assert driver.switch_to.active_element.get_attribute("data-id") == str(broken + 1), "k did not move up"
    driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN, Keys.ENTER)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#request-detail .rejection"), "open on Enter")
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait(driver, lambda d: d.switch_to.active_element.get_attribute("data-id") == str(broken), "refocus the row")

    # Filters.
    Select = webdriver.support.ui.Select
    Select(driver.find_element(By.ID, "filter-status")).select_by_value("4")
    assert text(driver, "#request-count") == "2 of 4 requests", text(driver, "#request-count")
    Select(driver.find_element(By.ID, "filter-status")).select_by_value("")
    driver.find_element(By.ID, "filter-path").send_keys("/api/products/999")
    assert text(driver, "#request-count") == "1 of 4 requests", text(driver, "#request-count")
    driver.find_element(By.ID, "filter-path").clear()
    driver.find_element(By.ID, "filter-path").send_keys(" ", Keys.BACKSPACE)

    # A body the server never read (an unknown identifier is answered 401 first): the page says so and shows both
    # messages, instead of passing the body's reading off as what the app got.
    status, _ = client.send("POST", "/api/products", multipart(boundary, params, png(8, 8, (200, 30, 30)), False),
                            {"identifier": "nobody", "Content-Type": f"multipart/form-data; boundary={boundary}"})
    assert status == 401, f"the unknown identifier got {status}, not 401"
    unread = latest_id(client)
    wait(driver, lambda d: row(d, unread) is not None, "show the unknown identifier's request")
    row(driver, unread).click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#request-detail .rejection"), "show the body's reading")
    shown = text(driver, "#request-detail .rejection")
    assert "answered 401 before reading the body" in shown and "no vendor has the identifier" in shown, shown
    assert "The body would be refused" in shown, shown
    row(driver, unread).send_keys(Keys.ESCAPE)

    # The store: the grid as an app shows it, one product with all its images; never through the API. Reached
    # from the tabs by keyboard.
    before = latest_id(client)
    driver.find_element(By.ID, "tab-requests").send_keys(Keys.ARROW_RIGHT)
    assert driver.switch_to.active_element.get_attribute("id") == "tab-store", "the right arrow did not reach Store"
    wait(driver, lambda d: d.execute_script(
        "return [...document.querySelectorAll('#product-grid .card img')]"
        ".filter((img) => img.complete && img.naturalWidth > 0).length") == 24, "show 24 loaded thumbnails")
    total = client.json("/__admin/products?size=1")["total"]
    assert text(driver, "#store-page").startswith(f"{total} products"), text(driver, "#store-page")
    first = driver.find_element(By.CSS_SELECTOR, "#product-grid .card")
    assert "파란 머그" in first.text and "₩" in first.text, first.text
    assert driver.find_elements(By.XPATH, "//*[@id='product-grid']//*[contains(., '품절')]"), "no sold-out product"
    screenshots(driver, shots, "store")
    first.click()
    wait(driver, lambda d: d.execute_script(
        "const images = [...document.querySelectorAll('#product-detail .product-images img')];"
        "return images.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0)"),
         "show the product's images")
    assert latest_id(client) == before, "looking at the store went through the API (the journal grew)"

    # Controls: a fault added, listed and removed; latency set and cleared; the admin API's refusal shown; the
    # network's switches.
    driver.find_element(By.ID, "tab-controls").click()
    wait(driver, lambda d: d.find_element(By.ID, "faults-empty").is_displayed(), "say no faults are set")
    driver.find_element(By.ID, "fault-path").send_keys("/api/products/*")
    driver.find_element(By.ID, "fault-status").send_keys("503")
    driver.find_element(By.ID, "fault-times").send_keys("2")
    driver.find_element(By.CSS_SELECTOR, "#fault-form button[type=submit]").click()
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#fault-list li")) == 1, "list the added fault")
    faults = client.json("/__admin/faults")["faults"]
    assert [(f["path"], f["status"], f["times"]) for f in faults] == [("/api/products/*", 503, 2)], faults
    driver.find_element(By.ID, "fault-status").clear()
    driver.find_element(By.ID, "fault-status").send_keys("200")
    driver.find_element(By.ID, "fault-action").send_keys("drop")
    driver.find_element(By.CSS_SELECTOR, "#fault-form button[type=submit]").click()
    wait(driver, lambda d: d.find_element(By.ID, "alert").is_displayed(), "show the admin API's refusal")
    assert "goes with action \"respond\" only" in text(driver, "#alert-text"), text(driver, "#alert-text")
    driver.find_element(By.ID, "alert-close").click()
    driver.find_element(By.CSS_SELECTOR, "#fault-list li button").click()
    wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "#fault-list li"), "remove the fault")
    assert client.json("/__admin/faults")["faults"] == []
    for field, value in (("latency-min", "5"), ("latency-max", "20")):
        driver.find_element(By.ID, field).clear()
        driver.find_element(By.ID, field).send_keys(value)
    driver.find_element(By.CSS_SELECTOR, "#latency-form button[type=submit]").click()
    wait(driver, lambda d: "5–20 ms" in text(d, "#latency-now"), "show the latency set")
    assert client.json("/__admin/latency") == {"minMs": 5, "maxMs": 20}
    driver.find_element(By.ID, "latency-clear").click()
    wait(driver, lambda d: "none" in text(d, "#latency-now"), "show latency cleared")
    # Network: a profile's switch sets its rates and latency; rates typed in set those alone.
    driver.find_element(By.XPATH, "//div[@id='network-profiles']/button[text()='3G']").click()
    pressed = "return document.querySelector('#network-profiles button[aria-pressed=\"true\"]')?.textContent"
    wait(driver, lambda d: d.execute_script(pressed) == "3G", "press the 3G switch")
    network = client.json("/__admin/network")
    assert (network["profile"], network["downloadBytesPerSecond"], network["latency"]) == (
        "3g", 97500, {"minMs": 200, "maxMs": 200}), network
    for field, value in (("network-download", "50000"), ("network-upload", "")):
        driver.find_element(By.ID, field).clear()
        driver.find_element(By.ID, field).send_keys(value)
    driver.find_element(By.CSS_SELECTOR, "#network-form button[type=submit]").click()
    wait(driver, lambda d: "down 50 KB/s, up unlimited" in text(d, "#network-now"), "show the rates set")
    screenshots(driver, shots, "controls")
    driver.find_element(By.XPATH, "//div[@id='network-profiles']/button[text()='Unlimited']").click()
    wait(driver, lambda d: "down unlimited" in text(d, "#network-now"), "show the network unlimited")

    # Reset: confirmed first; the journal empties and the created product goes.
    driver.find_element(By.ID, "reset").click()
    driver.switch_to.alert.dismiss()
    assert client.json("/__admin/products?size=1")["total"] == total, "reset ran without a confirmation"
    driver.find_element(By.ID, "reset").click()
    driver.switch_to.alert.accept()
    wait(driver, lambda d: client.json("/__admin/products?size=1")["total"] == total - 1, "reset the store")
    driver.find_element(By.ID, "tab-requests").click()
    wait(driver, lambda d: text(d, "#request-count") == "0 requests", "empty the list after the reset")
    driver.find_element(By.ID, "tab-store").click()
    wait(driver, lambda d: text(d, "#store-page").startswith(f"{total - 1} products"), "show the store after reset")

    # 2,000 entries: all arrive, the list stays quick to filter and to move in.
    driver.find_element(By.ID, "tab-requests").click()
    sent = time.monotonic()
    for index in range(ENTRIES):
        client.send("GET", "/healthChecker" if index % 4 else f"/no/such/{index}")
    wait(driver, lambda d: text(d, "#request-count") == f"{ENTRIES} requests", f"list {ENTRIES} requests", 30)
    arrived = time.monotonic() - sent
    timing = driver.execute_script("""
        const started = performance.now();
        const select = document.getElementById('filter-status');
        select.value = '4'; select.dispatchEvent(new Event('change'));
        const filtered = performance.now() - started;
        const count = document.getElementById('request-count').textContent;
        select.value = ''; select.dispatchEvent(new Event('change'));
        return [filtered, count];""")
    assert timing[1] == f"{ENTRIES // 4} of {ENTRIES} requests", timing
    newest = journal_newest(client)
    row(driver, newest).send_keys(Keys.END)
    assert driver.switch_to.active_element.get_attribute("data-id") == str(newest - ENTRIES + 1)
    started_open = time.monotonic()
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    wait(driver, lambda d: "/no/such/0" in text(d, "#detail-title") or "healthChecker" in text(d, "#detail-title"),
         "open the oldest of 2,000")
    opened = time.monotonic() - started_open
    print(f"check-page: {ENTRIES} requests listed {arrived:.1f} s after the first was sent; filtering them took "
          f"{timing[0]:.0f} ms; opening one {opened * 1000:.0f} ms; whole check {time.monotonic() - started:.0f} s")


def journal_newest(client: Client) -> int:
    return client.json("/__admin/requests?limit=1")["requests"][0]["id"]


def measure_idle(binary: Path, seconds: int):
    """The server's CPU over `seconds` idle without a page, then as long again with the page open and polling."""
    with tempfile.TemporaryDirectory() as temporary, Server(binary, Path(temporary), 1000) as server:
        client = Client(server.address)
        for index in range(200):
            client.send("GET", "/healthChecker" if index % 2 else "/api/products?page_no=1&items_per_page=20")
        client.connection.close()
        before = server.cpu_seconds()
        time.sleep(seconds)
        alone = server.cpu_seconds() - before
        driver = browser(1280, 860)
        try:
            driver.get(f"{server.url}/__admin/")
            wait(driver, lambda d: text(d, "#request-count") == "200 requests", "list the requests")
            time.sleep(2)
            before = server.cpu_seconds()
            time.sleep(seconds)
            polled = server.cpu_seconds() - before
        finally:
            driver.quit()
    share = lambda used: used / seconds * 100
    print(f"check-page: an idle server used {alone:.2f} s of CPU in {seconds} s alone ({share(alone):.3f} % of one core), "
          f"{polled:.2f} s with the page open and polling ({share(polled):.3f} %)")
    if share(polled) >= 1:
        sys.exit("check-page: with the page open, the idle server uses 1 % of a core or more")


def main():
    # `timeout` (scripts/check-page) ends a run that hangs with SIGTERM: leave through the with-blocks, which stop
    # the server and the browser.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("check-page: stopped by SIGTERM (the time limit?)"))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary", type=Path)
    parser.add_argument("--screenshots", type=Path, help="write PNG screenshots (light and dark) into this directory")
    parser.add_argument("--idle-seconds", type=int, help="measure the CPU the open page costs an idle server")
    arguments = parser.parse_args()
    if arguments.idle_seconds:
        measure_idle(arguments.binary, arguments.idle_seconds)
        return
    if arguments.screenshots:
        arguments.screenshots.mkdir(parents=True, exist_ok=True)
    check(arguments.binary, arguments.screenshots)
    # Imported here: it uses this module's helpers.
    from class_check import check_class
    from progress_check import check_progress
    check_class(arguments.binary, arguments.screenshots)
    check_progress(arguments.binary, arguments.screenshots)
    print("check-page: passed")


if __name__ == "__main__":
    main()
