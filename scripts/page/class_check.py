"""The class pages in a real browser: a server with --class, two teams' apps sending requests from their own
addresses, each team's /__admin/me/ (signed in with HTTP Basic) showing its own requests and none of the other's and
drawing its refused body, and the admin page's class panel ranking the mistake. Screenshots go to the same folder
as check.py's."""

import base64
import contextlib
import http.client
import json
import tempfile
import urllib.parse
from pathlib import Path

from selenium.webdriver.common.by import By

from check import Client, Server, browser, multipart, png, row, screenshots, wait

ROSTER = "name,team\n김민수,해오름\n이지은,해오름\n박서준,달빛\n"


class TeamApp:
    """A team's app: its own source address, its vendor credentials."""

    def __init__(self, address, source: str, team: dict):
        self.connection = http.client.HTTPConnection(*address, timeout=10, source_address=(source, 0))
        self.team = team

    def send(self, method: str, target: str, body: bytes = b"", headers=None) -> tuple[int, bytes]:
        self.connection.request(method, target, body=body, headers=headers or {})
        response = self.connection.getresponse()
        return response.status, response.read()

    def create(self, name: str, blank_line_after_headers=True) -> tuple[int, bytes]:
        body = multipart("ClassCheck", {"name": name, "description": "수업", "price": 1200, "currency": "KRW",
                                        "secret": self.team["secret"]}, png(4, 4, (20, 90, 200)),
                         blank_line_after_headers)
        return self.send("POST", "/api/products", body, {
            "identifier": self.team["identifier"], "Content-Type": "multipart/form-data; boundary=ClassCheck"})


def signed_in_url(server: Server, team: dict, path: str) -> str:
    user = urllib.parse.quote(team["identifier"], safe="")
    password = urllib.parse.quote(team["secret"], safe="")
    return f"http://{user}:{password}@{server.address[0]}:{server.address[1]}{path}"


@contextlib.contextmanager
def class_server(binary: Path, roster_text: str):
    """A server with --class ROSTER and the demo seed, and its teams with their secrets, in roster order."""
    with tempfile.TemporaryDirectory() as temporary:
        roster = Path(temporary) / "roster.csv"
        roster.write_text(roster_text, encoding="utf-8")
        with Server(binary, Path(temporary), 1000, ("--class", str(roster))) as server:
            yield server, Client(server.address).json("/__admin/class?secrets=true")["teams"]


def basic(team: dict) -> dict:
    """The header a team's page signs in with."""
    return {"Authorization": "Basic " + base64.b64encode(f"{team['identifier']}:{team['secret']}".encode()).decode()}


def check_class(binary: Path, shots: Path | None):
    with class_server(binary, ROSTER) as (server, teams):
        sun, moon = (TeamApp(server.address, f"127.0.1.{n}", team) for n, team in ((1, teams[0]), (2, teams[1])))
        assert sun.create("해오름 연필")[0] == 201
        refused_status, _ = sun.create("해오름 지우개", blank_line_after_headers=False)
        assert refused_status == 400
        assert sun.send("GET", "/api/products?page_no=1&items_per_page=5")[0] == 200
        assert moon.create("달빛 공책")[0] == 201
        assert moon.send("GET", "/api/products?page_no=1&items_per_page=7&moon-only")[0] == 200
        driver = browser(1280, 860)
        try:
            check_team_page(driver, server, teams, shots)
            check_teacher_panel(driver, server, shots)
        finally:
            driver.quit()
    print("check-page: class pages passed")


def check_team_page(driver, server: Server, teams: list, shots: Path | None):
    mine = Client(server.address)
    own = json.loads(mine.send("GET", "/__admin/me", headers=basic(teams[0]))[1])
    driver.get(signed_in_url(server, teams[0], "/__admin/me/"))
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#request-list li")) == len(own["requests"]),
         f"list the team's {len(own['requests'])} requests")
    listed = driver.find_element(By.ID, "request-list").text
    assert "moon-only" not in listed, "the team's page shows another team's request"
    assert teams[1]["identifier"] not in driver.page_source and teams[1]["secret"] not in driver.page_source
    assert "해오름" in driver.find_element(By.ID, "team-summary").text
    refused = next(entry for entry in own["requests"] if entry["status"] == 400)
    row(driver, refused["id"]).click()
    section = wait(driver, lambda d: (d.find_elements(By.CSS_SELECTOR, "#request-detail section.rejection") or [None])[0],
                   "open the refused body")
    detail = json.loads(mine.send("GET", f"/__admin/me/requests/{refused['id']}", headers=basic(teams[0]))[1])
    offset = detail["request"]["multipart"]["rejection"]["offset"]
    assert section.get_attribute("data-offset") == str(offset), "the refusal is not marked at the server's offset"
    assert not driver.find_element(By.ID, "alert").is_displayed(), driver.find_element(By.ID, "alert").text
    assert "달빛 공책" not in driver.find_element(By.ID, "my-products").text
    assert "해오름 연필" in driver.find_element(By.ID, "my-products").text
    screenshots(driver, shots, "class-student")


def check_teacher_panel(driver, server: Server, shots: Path | None):
    driver.get(f"http://{server.address[0]}:{server.address[1]}/__admin/")
    panel = wait(driver, lambda d: (d.find_elements(By.CSS_SELECTOR, "#class-view .mistakes li") or [None])[0],
                 "show the class's mistakes")
    assert "no blank line after a part's headers: 1 team" in panel.text, panel.text
    assert "해오름" in driver.find_element(By.CSS_SELECTOR, "#class-view table").text
    screenshots(driver, shots, "class-teacher")
