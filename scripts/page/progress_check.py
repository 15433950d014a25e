"""The class's way through the course in a real browser: five teams' apps, each from its own address, at different
steps of v2b's course (one all done with a search, one with the two secrets confused, one posting without its
identifier, one past the networking step, one just started); the admin page's progress table must show each team
on its step, sort by a column, and open a step's request; two teams' own pages must show their steps, what is left
and the last mistake. Screenshots go to the same folder as check.py's."""

import json
from pathlib import Path

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By

from check import Client, Server, browser, screenshots, wait
from class_check import TeamApp, basic, class_server, signed_in_url

ROSTER = "name,team\n김민수,해오름\n이지은,해오름\n박서준,달빛\n최유나,별빛\n정하늘,새싹\n한결,바람\n"
ON = {"해오름": "I-1", "달빛": "I-2", "별빛": "II-1", "새싹": "II-2", "바람": "all done"}


class CourseApp(TeamApp):
    """A course app at work: the list with its thumbnails, a detail, the next page, a registration, an edit, v2b's
    delete flow."""

    def get(self, target: str) -> tuple[int, bytes]:
        return self.send("GET", target)

    def page(self, number: int, size: int = 4, search: str = "") -> dict:
        status, body = self.get(f"/api/products?page_no={number}&items_per_page={size}{search}")
        assert status == 200, (status, body[:200])
        return json.loads(body)

    def networking(self):
        assert self.get("/healthChecker")[0] == 200
        listed = self.page(1)
        assert self.get(f"/api/products/{listed['pages'][0]['id']}")[0] == 200

    def list_and_grid(self):
        first = self.page(1)
        for product in first["pages"]:
            self.get("/" + product["thumbnail"].split("/", 3)[3])
        assert first["hasNext"]
        self.page(2)

    def register_and_edit(self, name: str) -> int:
        status, body = self.create(name)
        assert status == 201, (status, body[:200])
        product = json.loads(body)["id"]
        self.page(1)
        assert self.send("PATCH", f"/api/products/{product}", json.dumps({"stock": 9, "secret": self.team["secret"]}).encode(),
                         {"identifier": self.team["identifier"], "Content-Type": "application/json"})[0] == 202
        return product

    def archive(self, product: int) -> str:
        status, body = self.send("POST", f"/api/products/{product}/archived", json.dumps({"secret": self.team["secret"]}).encode(),
                                 {"identifier": self.team["identifier"], "Content-Type": "application/json"})
        assert status == 200, (status, body[:200])
        return body.decode()

    def delete(self, path: str) -> int:
        return self.send("DELETE", path, headers={"identifier": self.team["identifier"]})[0]


def play(server: Server, teams: list) -> list:
    apps = [CourseApp(server.address, f"127.0.1.{20 + n}", team) for n, team in enumerate(teams)]
    for app in apps:  # each team opens its page once from its app's machine, as the handout says
        assert app.send("GET", "/__admin/me", headers=basic(app.team))[0] == 200
    sunrise, moon, star, sprout, wind = apps
    sunrise.get("/healthChecker")
    sunrise.page(1)
    moon.networking()
    for app in (star, sprout, wind):
        app.networking()
        app.list_and_grid()
    assert star.send("POST", "/api/products", b"--x--\r\n", {"Content-Type": "multipart/form-data; boundary=x"})[0] == 400
    sprout.register_and_edit("새싹 화분")
    assert sprout.delete(f"/api/products/{sprout.team['secret']}") == 404  # the vendor's secret: the mistake
    wind_product = wind.register_and_edit("바람 연")
    assert wind.delete(wind.archive(wind_product)) == 200
    wind.page(1, search="&search_value=%EC%97%B0")
    return apps


def check_progress(binary: Path, shots: Path | None):
    with class_server(binary, ROSTER) as (server, teams):
        play(server, teams)
        progress = Client(server.address).json("/__admin/class/progress")
        assert [team["on"] or "all done" for team in progress["teams"]] == list(ON.values()), progress["teams"]
        driver = browser(1440, 900)
        try:
            check_teacher_table(driver, server, shots)
            check_team_steps(driver, server, teams[2], "II-1", shots, "class-progress-team-star")
            check_team_steps(driver, server, teams[4], None, shots, "class-progress-team-wind")
        finally:
            driver.quit()
    print("check-page: class progress passed")


def settled(read):
    """`read` of a table the page redraws every poll: None while an element it found was just replaced."""
    def attempt(driver):
        try:
            return read(driver)
        except StaleElementReferenceException:
            return None
    return attempt


def click(driver, selector: str, what: str):
    wait(driver, settled(lambda d: d.find_element(By.CSS_SELECTOR, selector).click() or True), what)


def rows(driver) -> list:
    return driver.find_elements(By.CSS_SELECTOR, "#class-progress tbody tr")


def check_teacher_table(driver, server: Server, shots: Path | None):
    driver.get(f"http://{server.address[0]}:{server.address[1]}/__admin/")
    on_column = settled(lambda d: {row.get_attribute("data-team"): row.find_element(By.CSS_SELECTOR, "td.on").text
                                   for row in rows(d)})
    wait(driver, lambda d: on_column(d) == ON, f"show each team on its step ({ON})")
    wait(driver, settled(lambda d: "secretsConfused" in d.find_element(
        By.CSS_SELECTOR, '#class-progress tr[data-team="새싹"]').text), "show 새싹's last mistake")
    # Sorting by the step each team is on puts the one just started first and the one all done last.
    click(driver, '#class-progress button.sort[data-column="on"]', "sort by the step")
    wait(driver, settled(lambda d: [row.get_attribute("data-team") for row in rows(d)]
                         == ["해오름", "달빛", "별빛", "새싹", "바람"]), "sort the teams by the step they are on")
    # A step's request opens in the request view.
    click(driver, '#class-progress tr[data-team="달빛"] td.step.done a', "open a step's request")
    wait(driver, lambda d: d.find_element(By.ID, "request-detail").is_displayed(), "open the request that showed a step")
    assert "/api/products/" in driver.find_element(By.ID, "detail-title").text
    driver.find_element(By.CSS_SELECTOR, "#request-detail .detail-head button").click()
    assert not driver.find_element(By.ID, "alert").is_displayed(), driver.find_element(By.ID, "alert").text
    driver.execute_script("window.scrollTo(0, 0)")
    screenshots(driver, shots, "class-progress-teacher")


def check_team_steps(driver, server: Server, team: dict, on: str | None, shots: Path | None, name: str):
    driver.get(signed_in_url(server, team, "/__admin/me/"))
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#step-list li.step")) == 5, "list the team's 5 steps")
    here = driver.find_elements(By.CSS_SELECTOR, "#step-list li.step.here")
    assert [item.get_attribute("data-step") for item in here] == ([on] if on else []), [h.text for h in here]
    text = driver.find_element(By.ID, "step-list").text
    assert ("남은 것" in text) == (on is not None), text
    if on:
        assert "missingIdentifier" in driver.find_element(By.CSS_SELECTOR, "#step-list li.step.here").text
    assert not driver.find_element(By.ID, "alert").is_displayed(), driver.find_element(By.ID, "alert").text
    screenshots(driver, shots, name)
