"""The web board in headless Chromium against a real ``fourchess serve``: four seats play by
clicking squares, see the legal targets, each other's moves, a reload that keeps the seat, the
partner's arrows and chat; names are text; the lobby creates a game. Expected targets are counted
from the start position by the rules (RULES.md section 4), not taken from the server."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_pages import GamePage, api, require_browser, start_chromium, temporary_profile

SEATS = ("RED", "BLUE", "YELLOW", "GREEN")
SCREENSHOT = Path(__file__).resolve().parents[2] / "docs" / "images" / "board.png"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``fourchess serve`` on a free loopback port with a fresh SQLite file; yields its base URL."""
    require_browser()
    folder = tmp_path_factory.mktemp("site")
    port = _free_port()
    command = [sys.executable, "-m", "fourchess", "serve", "--host", "127.0.0.1", "--port", str(port)]
    command += ["--db", f"sqlite:///{folder / 'games.sqlite3'}"]
    log = open(folder / "server.log", "w+b")
    server = subprocess.Popen(command, cwd=folder, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=2) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                log.seek(0)
                pytest.fail(f"fourchess serve did not come up: {log.read()[-2000:].decode(errors='replace')}")
            time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


@pytest.fixture(scope="module")
def driver(site: str) -> Iterator[Any]:
    chromium, chromedriver = require_browser()
    with temporary_profile() as profile:
        browser = start_chromium(chromium, chromedriver, profile)
        try:
            yield browser
        finally:
            browser.quit()


@pytest.fixture
def pages(driver: Any) -> Iterator[list[GamePage]]:
    """The windows a test opens; closed afterwards, leaving the driver's first window."""
    opened: list[GamePage] = []
    yield opened
    for page in opened:
        page.close()
    driver.switch_to.window(driver.window_handles[0])


def open_page(driver: Any, pages: list[GamePage], url: str) -> GamePage:
    page = GamePage(driver, url)
    pages.append(page)
    return page


def play(mover: GamePage, watchers: list[GamePage], ply: int, tail: str, head: str, targets: set[str]) -> None:
    """Click ``tail`` (its legal targets must be exactly ``targets``), then ``head``; every page
    then shows the state after the move, with the move at the end of its list."""
    mover.wait_ready(ply)
    mover.click(tail)
    mover.wait(lambda: mover.targets() == targets, f"the targets {sorted(targets)} of {tail}")
    mover.click(head)
    for page in [mover, *watchers]:
        page.wait_ready(ply + 1)
        page.wait(lambda page=page: page.moves()[-1:] == [f"{tail}-{head}"], f"{tail}-{head} in the move list")


def test_four_seats_play_by_clicking(site: str, driver: Any, pages: list[GamePage]) -> None:
    names = {"RED": "Ann", "BLUE": "Bo", "YELLOW": "Cy", "GREEN": "Di"}
    game = api(site, "/api/games", {"mode": "teams", "seats": {seat: {"player": "human", "name": names[seat]} for seat in SEATS}})
    seat_pages = {seat: open_page(driver, pages, site + game["seats"][seat]["url"]) for seat in SEATS}
    spectator = open_page(driver, pages, site + game["url"])
    for seat, page in seat_pages.items():
        assert page.wait_ready(0) == {"ply": "0", "turn": "RED", "seat": seat, "status": "playing", "mode": "teams"}
        assert "#" not in page.focus().driver.current_url  # the token left the address bar
        assert page.css(f'#seats .seat-row[data-seat="{seat}"] .player-name')[0].text == names[seat]
        assert page.css("#chat")[0].is_displayed()  # Teams: a seat has its team chat
    assert spectator.wait_ready(0)["seat"] == ""
    assert not spectator.css("#chat")[0].is_displayed()

    red, blue, yellow, green = (seat_pages[seat] for seat in SEATS)
    everyone = [red, blue, yellow, green, spectator]

    # Not Blue's turn: its pawn does not light up; a spectator cannot select at all.
    blue.click("b7")
    spectator.click("h2")
    assert blue.targets() == set() and blue.css("#board")[0].get_attribute("data-selected") == ""
    assert spectator.targets() == set()

    def others(mover: GamePage) -> list[GamePage]:
        return [page for page in everyone if page is not mover]

    # Round 1: each seat's pawn on its home line has one and two steps forward.
    play(red, others(red), 0, "h2", "h4", {"h3", "h4"})
    play(blue, others(blue), 1, "b7", "c7", {"c7", "d7"})
    play(yellow, others(yellow), 2, "g13", "g11", {"g12", "g11"})
    play(green, others(green), 3, "m8", "l8", {"l8", "k8"})
    # Red's knight j1: i3, k3, and h2 now that the h-pawn has gone (l2 is a removed corner).
    play(red, others(red), 4, "j1", "i3", {"h2", "i3", "k3"})

    # Blue reloads: the address has no token any more, the stored one takes the seat back.
    blue.focus().driver.refresh()
    assert blue.wait_ready(5)["seat"] == "BLUE"
    # (b8 would not do: Yellow's queen on h14 pins it to Blue's king a7 since g13 moved)
    play(blue, others(blue), 5, "b5", "d5", {"c5", "d5"})
    play(yellow, others(yellow), 6, "j14", "i12", {"i12", "k12"})
    play(green, others(green), 7, "n10", "l9", {"l9", "l11", "m8"})  # m8: the pawn went to l8

    # Red's bishop i1 runs up the opened diagonal to Blue's pawn on c7 (a capture ring there).
    red.wait_ready(8)
    red.click("i1")
    bishop = {"h2", "g3", "f4", "e5", "d6", "c7"}
    red.wait(lambda: red.targets() == bishop, "the bishop's targets")
    assert {mark.get_attribute("data-square") for mark in red.css("#board .legal-target.capture")} == {"c7"}

    # An arrow for the partner only; the screenshot shows the selection and the arrow.
    red.right_drag("i1", "c7")
    yellow.wait(lambda: yellow.arrows() == {("RED", "i1", "c7")}, "Red's arrow on Yellow's board")
    assert red.arrows() == {("RED", "i1", "c7")}
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    assert red.focus().driver.save_screenshot(str(SCREENSHOT))

    red.css("#chat-text")[0].send_keys("Take c7 <b>now</b>")
    red.css("#chat-form button")[0].click()
    yellow.wait(lambda: [line.text for line in yellow.css("#chat-log .chat-text")] == ["Take c7 <b>now</b>"], "the chat line")
    assert yellow.css("#chat-log b") == []
    red.click("h8")  # a left click on the board clears the arrows (and the selection)
    yellow.wait(lambda: yellow.arrows() == set(), "the arrow cleared on Yellow's board")
    play(red, others(red), 8, "i1", "c7", bishop)
    for opponent in (blue, green, spectator):
        assert opponent.arrows() == set()
        assert opponent.css("#chat-log li") == []

    state = api(site, f"/api/games/{game['id']}")
    assert state["moves"][:9] == ["h2-h4", "b7-c7", "g13-g11", "m8-l8", "j1-i3", "b5-d5", "j14-i12", "n10-l9", "i1-c7"]


def test_lobby_creates_a_game_names_are_text_and_ffa_has_no_chat(site: str, driver: Any, pages: list[GamePage]) -> None:
    from selenium.webdriver.common.by import By

    hostile = "<img src=x onerror=window.pwned=1>"
    lobby = open_page(driver, pages, site + "/")
    lobby.wait(lambda: lobby.css("#name-red"), "the lobby form")
    lobby.css('input[name="mode"][value="ffa"]')[0].click()
    lobby.css("#name-red")[0].send_keys(hostile)
    lobby.css("#player-blue option[value='cpu']")[0].click()
    lobby.css("#create-button")[0].click()
    rows = lobby.wait(lambda: lobby.css("#links .link-row"), "the seat links")
    assert [row.get_attribute("data-seat") for row in rows] == [*SEATS, "SPECTATOR"]
    assert rows[1].get_attribute("data-cpu") == "true" and rows[1].find_elements(By.TAG_NAME, "input") == []
    assert rows[0].find_element(By.CSS_SELECTOR, ".seat-label").text == f"Red: {hostile}"
    red_link = rows[0].find_element(By.TAG_NAME, "input").get_attribute("value")
    assert red_link.startswith(site + "/games/") and "?seat=RED#t=" in red_link

    red = open_page(driver, pages, red_link)
    assert red.wait_ready(0) == {"ply": "0", "turn": "RED", "seat": "RED", "status": "playing", "mode": "ffa"}
    assert red.css('#seats .seat-row[data-seat="RED"] .player-name')[0].text == hostile
    assert red.css('#seats .seat-row[data-seat="BLUE"]')[0].get_attribute("data-player") == "cpu"
    assert red.css("#seats img") == [] and red.focus().driver.execute_script("return window.pwned") is None
    assert not red.css("#chat")[0].is_displayed()  # FFA has no private channel
    assert red.css('#seats .seat-row[data-seat="RED"] .points')[0].text == "0 points"
    red.click("h2")
    red.wait(lambda: red.targets() == {"h3", "h4"}, "Red's pawn targets in FFA")
    red.right_drag("h2", "h4")
    assert red.arrows() == set()  # no arrows in FFA
