"""The web board in headless Chromium against a real ``fourchess serve`` (conftest's live_server):
four seats play by clicking squares, see the legal targets, each other's moves, a reload that
keeps the seat, the partner's arrows and chat, a promotion chooser, the turn clock, resignation and
rematch, reconnecting after the server is killed; names are text; the lobby creates a game. The
expected targets are worked out by hand from the rules (docs/rules.md section 4), not asked of the server."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from support.browser_pages import GamePage, api

SEATS = ("RED", "BLUE", "YELLOW", "GREEN")
# The README's picture: written only when asked (FOURCHESS_SCREENSHOT=1), so a test run leaves the
# checkout as it was; otherwise the screenshot is still taken, into the test's own directory.
README_SCREENSHOT = Path(__file__).resolve().parents[2] / "docs" / "images" / "board.png"


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
        page.wait(lambda page=page: shown_squares(page.moves()[-1:]) == [tail, head], f"{tail}-{head} in the move list")


def shown_squares(moves: list[str]) -> list[str]:
    """The squares a move in the list goes between: it is written in the record's notation
    ("Nj1-i3", "Bi1xc7", "h10-h11=N")."""
    return re.findall(r"[a-n](?:1[0-4]|[1-9])", moves[0])[:2] if moves else []


def test_four_seats_play_by_clicking(driver: Any, pages: list[GamePage], live_server: Any, tmp_path: Path) -> None:
    site = live_server.url
    names = {"RED": "Ann", "BLUE": "Bo", "YELLOW": "Cy", "GREEN": "Di"}
    game = api(
        site,
        "/api/games",
        {"mode": "teams", "seats": {seat: {"player": "human", "name": names[seat]} for seat in SEATS}},
    )
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

    # Arrows for the partner only; the screenshot shows the selection and both partners' arrows.
    red.right_drag("i1", "c7")
    yellow.wait(lambda: yellow.arrows() == {("RED", "i1", "c7")}, "Red's arrow on Yellow's board")
    yellow.right_drag("g11", "g8")
    both = {("RED", "i1", "c7"), ("YELLOW", "g11", "g8")}
    red.wait(lambda: red.arrows() == both, "Yellow's arrow on Red's board")
    assert yellow.arrows() == both
    screenshot = README_SCREENSHOT if os.environ.get("FOURCHESS_SCREENSHOT") == "1" else tmp_path / "board.png"
    screenshot.parent.mkdir(parents=True, exist_ok=True)
    assert red.focus().driver.save_screenshot(str(screenshot))

    red.css("#chat-text")[0].send_keys("Take c7 <b>now</b>")
    red.css("#chat-form button")[0].click()
    yellow.wait(
        lambda: [line.text for line in yellow.css("#chat-log .chat-text")] == ["Take c7 <b>now</b>"], "the chat line"
    )
    assert yellow.css("#chat-log b") == []
    red.click("h8", shift=True)  # shift+click clears only one's own arrows
    yellow.wait(lambda: yellow.arrows() == {("YELLOW", "g11", "g8")}, "Red's arrow cleared on Yellow's board")
    assert red.arrows() == {("YELLOW", "g11", "g8")}
    assert red.css("#board")[0].get_attribute("data-selected") == "i1"
    red.click("h8")  # a plain click clears every arrow shown (and the selection)
    assert red.arrows() == set() and red.css("#board")[0].get_attribute("data-selected") == ""
    for opponent in (blue, green, spectator):
        assert opponent.arrows() == set()
        assert opponent.css("#chat-log li") == []
    play(red, others(red), 8, "i1", "c7", bishop)
    state = api(site, f"/api/games/{game['id']}")
    assert state["moves"][:9] == ["h2-h4", "b7-c7", "g13-g11", "m8-l8", "j1-i3", "b5-d5", "j14-i12", "n10-l9", "i1-c7"]


def test_lobby_creates_a_game_names_are_text_and_ffa_has_no_chat(
    driver: Any, pages: list[GamePage], live_server: Any
) -> None:
    site = live_server.url
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


def test_timer_without_highlights_resign_abort_and_rematch(
    driver: Any, pages: list[GamePage], live_server: Any
) -> None:
    site = live_server.url
    game = api(site, "/api/games", {"mode": "teams", "turn_seconds": 30, "show_legal_moves": False})
    red = open_page(driver, pages, site + game["seats"]["RED"]["url"])
    blue = open_page(driver, pages, site + game["seats"]["BLUE"]["url"])
    red.wait_ready(0)
    blue.wait_ready(0)

    # The turn clock counts down locally from the state's remaining seconds.
    first = float(red.wait(lambda: red.css("#clock")[0].get_attribute("data-remaining"), "the clock"))
    assert 0 < first <= 30
    red.wait(lambda: float(red.css("#clock")[0].get_attribute("data-remaining")) < first - 0.3, "the clock ticking")

    # No highlights: a selected piece shows no targets; the server refuses an illegal move.
    red.click("d2")
    red.wait(lambda: red.css("#board")[0].get_attribute("data-selected") == "d2", "d2 selected")
    assert red.targets() == set()
    red.click("d6")
    red.wait(lambda: red.css("#error")[0].get_attribute("data-error") == "illegal_move", "the refusal shown")
    assert "d6" in red.css("#error")[0].text and red.status()["ply"] == "0"
    assert not blue.css("#resign")[0].is_enabled()  # a seat leaves on its own turn or right after its move
    red.click("h2")
    red.click("h4")
    for page in (red, blue):
        page.wait_ready(1)
        assert page.css("#resign")[0].is_enabled()

    # Blue resigns on its first move: chess.com aborts the game instead of scoring it.
    resign = blue.css("#resign")[0]
    resign.click()
    assert blue.css("#resign")[0].get_attribute("data-armed") == "true"  # a second click confirms
    blue.css("#resign")[0].click()
    for page in (red, blue):
        page.wait(lambda page=page: page.status()["status"] == "aborted", "the abort")
        assert page.css("#status")[0].text.startswith("Aborted: Blue resigned")
        assert not page.css("#resign")[0].is_displayed() and page.css("#rematch")[0].is_displayed()
    red.css("#pgn4-show")[0].click()
    red.wait(lambda: "h2-h4" in (red.css("#pgn4")[0].get_attribute("value") or ""), "the PGN4 in its box")
    assert red.css("#pgn4-link")[0].get_attribute("href") == f"{site}/api/games/{game['id']}/record"

    # Rematch: every player moves one seat on (docs/server.md): Red's player is Green now and
    # Blue's moves first as Red; each page takes its new seat's token and drops it from the address.
    red.css("#rematch")[0].click()
    assert red.wait_ready(0)["seat"] == "GREEN"
    rematch = red.focus().driver.current_url
    assert game["id"] not in rematch and "#" not in rematch and rematch.endswith("?seat=GREEN")
    blue.wait(lambda: blue.css("#rematch")[0].text == "Join the rematch", "the rematch offered to Blue")
    blue.css("#rematch")[0].click()
    assert blue.wait_ready(0)["seat"] == "RED"
    assert blue.focus().driver.current_url.split("?")[0] == rematch.split("?")[0]
    red.focus().driver.refresh()
    assert red.wait_ready(0)["seat"] == "GREEN"


def test_teams_promotion_offers_the_four_pieces(driver: Any, pages: list[GamePage], live_server: Any) -> None:
    site = live_server.url
    game = api(site, "/api/games", {"mode": "teams"})
    tokens = {seat: game["seats"][seat]["token"] for seat in SEATS}
    # Red's h-pawn walks to h10 while the others move a knight out and back (never the same
    # position twice: the pawn moves every round); Red's promotion line is rank 11 in Teams.
    pawn = ["h2-h4", "h4-h5", "h5-h6", "h6-h7", "h7-h8", "h8-h9", "h9-h10"]
    knights = {"BLUE": ("a10-c11", "c11-a10"), "YELLOW": ("j14-i12", "i12-j14"), "GREEN": ("n10-l9", "l9-n10")}
    ply = 0
    for round_number, push in enumerate(pawn):
        for seat in SEATS:
            move = push if seat == "RED" else knights[seat][round_number % 2]
            api(site, f"/api/games/{game['id']}/moves", {"token": tokens[seat], "move": move, "ply": ply})
            ply += 1
    red = open_page(driver, pages, site + game["seats"]["RED"]["url"])
    red.wait_ready(ply)
    red.click("h10")
    red.wait(lambda: red.targets() == {"h11"}, "the pawn's one step")
    red.click("h11")
    choices = red.wait(lambda: red.css("#promotion-choices button"), "the promotion chooser")
    assert [(button.text, button.get_attribute("data-move")) for button in choices] == [
        (name, f"h10-h11={letter}")
        for name, letter in (("Queen", "Q"), ("Rook", "R"), ("Bishop", "B"), ("Knight", "N"))
    ]
    choices[3].click()
    red.wait_ready(ply + 1)
    assert red.moves()[-1] == "h10-h11=N"
    assert red.css('#board use.piece.red.knight[data-square="h11"]') and not red.css("#promotion-choices button")


def test_pages_reconnect_when_the_server_comes_back(driver: Any, pages: list[GamePage], live_server: Any) -> None:
    site = live_server.url
    game = api(site, "/api/games", {"mode": "teams"})
    red = open_page(driver, pages, site + game["seats"]["RED"]["url"])
    blue = open_page(driver, pages, site + game["seats"]["BLUE"]["url"])
    blue.wait_ready(0)
    play(red, [blue], 0, "h2", "h4", {"h3", "h4"})

    def connection(page: GamePage) -> str:
        return page.css("#connection")[0].get_attribute("data-connection")

    live_server.kill()  # SIGKILL: the sockets drop without a goodbye
    for page in (red, blue):
        page.wait(lambda page=page: connection(page) != "open", "the page noticing the drop")
    live_server.start()  # the same port and database
    for seat, page in (("RED", red), ("BLUE", blue)):
        page.wait(lambda page=page: connection(page) == "open", "the page reconnected")
        assert page.wait_ready(1)["seat"] == seat  # the move stored before the kill is there
    play(blue, [red], 1, "b7", "c7", {"c7", "d7"})
