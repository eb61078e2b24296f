"""Headless Chromium driving the web board: the driver, and one game page per browser window."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest

WAIT_SECONDS = 15


def require_browser() -> tuple[str, str]:
    """The chromium and chromedriver executables; the test is skipped without them, or fails
    when FOURCHESS_REQUIRE_BROWSER=1 (CI, which installs them)."""
    found = {name: shutil.which(name) for name in ("chromium", "chromedriver")}
    missing = [name for name, path in found.items() if path is None]
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("the selenium package")
    if missing:
        reason = f"the browser test needs {', '.join(missing)} (Debian: apt-get install chromium chromium-driver)"
        if os.environ.get("FOURCHESS_REQUIRE_BROWSER") == "1":
            pytest.fail(reason + "; FOURCHESS_REQUIRE_BROWSER=1 asks for it")
        pytest.skip(reason)
    return found["chromium"], found["chromedriver"]  # type: ignore[return-value]


def start_chromium(chromium: str, chromedriver: str, profile: str) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in (
        "--headless=new",
        "--no-sandbox",  # the CI runs as root, where Chromium's sandbox cannot start
        "--disable-dev-shm-usage",
        "--disable-gpu",
        f"--user-data-dir={profile}",
        "--window-size=1280,900",
        "--disable-background-timer-throttling",
        "--disable-renderer-backgrounding",
    ):
        options.add_argument(argument)
    return webdriver.Chrome(options=options, service=Service(chromedriver))


def api(base: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """GET (or POST ``body`` as JSON to) the server's API and return the decoded answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


class GamePage:
    """One game page in its own window of the shared driver."""

    def __init__(self, driver: Any, url: str) -> None:
        self.driver = driver
        driver.switch_to.new_window("window")
        self.handle = driver.current_window_handle
        driver.get(url)

    def focus(self) -> GamePage:
        self.driver.switch_to.window(self.handle)
        return self

    def close(self) -> None:
        self.focus().driver.close()

    def wait(self, condition: Callable[[], Any], what: str) -> Any:
        from selenium.common.exceptions import TimeoutException
        from selenium.webdriver.support.ui import WebDriverWait

        self.focus()
        try:
            return WebDriverWait(self.driver, WAIT_SECONDS, poll_frequency=0.05).until(lambda _: condition())
        except TimeoutException:
            raise AssertionError(f"timed out waiting for {what}; the page shows {self.describe()}") from None

    def describe(self) -> dict[str, Any]:
        """What a failed wait reports: the status line, selection, targets and any error shown."""
        return self.focus().driver.execute_script(
            "const board = document.getElementById('board');"
            "return {url: location.href, status: Object.assign({}, document.getElementById('status').dataset),"
            " board: Object.assign({}, board.dataset),"
            " targets: [...board.querySelectorAll('.legal-target')].map((mark) => mark.dataset.square),"
            " error: document.getElementById('error').textContent,"
            " focused: document.activeElement && document.activeElement.getAttribute('aria-label'),"
            " moves: [...document.querySelectorAll('#moves .step')].map((item) => item.dataset.step)};"
        )

    def css(self, selector: str) -> list[Any]:
        from selenium.webdriver.common.by import By

        return self.focus().driver.find_elements(By.CSS_SELECTOR, selector)

    def status(self) -> dict[str, str]:
        """The data- attributes of the status line: ply, turn, seat, status, mode."""
        return self.focus().driver.execute_script(
            "return Object.assign({}, document.getElementById('status').dataset);"
        )

    def wait_ready(self, ply: int) -> dict[str, str]:
        """Wait until the page has the state after ``ply`` steps and its board picture drawn."""

        def ready() -> dict[str, str] | None:
            shown = self.status()
            board = self.css(f'#board[data-board-ply="{ply}"] rect.square')
            return shown if shown.get("ply") == str(ply) and board else None

        return self.wait(ready, f"ply {ply} on {self.driver.current_url}")

    def click(self, square: str, shift: bool = False) -> None:
        target = self.css(f'#board rect.square[data-square="{square}"]')[0]
        if not shift:
            target.click()
            return
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        ActionChains(self.driver).key_down(Keys.SHIFT).click(target).key_up(Keys.SHIFT).perform()

    def targets(self) -> set[str]:
        return {mark.get_attribute("data-square") for mark in self.css("#board .legal-target")}

    def moves(self) -> list[str]:
        """The steps in the move list as the server sent them (``h2-h4``, ``resign:B``)."""
        return self.focus().driver.execute_script(
            "return [...document.querySelectorAll('#moves .step')].map((item) => item.dataset.step);"
        )

    def shown_moves(self) -> list[str]:
        """The steps as the move list shows them (``Blue resigns``)."""
        return self.focus().driver.execute_script(
            "return [...document.querySelectorAll('#moves .step')].map((item) => item.textContent);"
        )

    def error(self) -> str:
        """The refusal shown under the board, or "" when none is shown."""
        shown = self.css("#error")[0]
        return shown.text if shown.is_displayed() else ""

    def square(self, square: str) -> Any:
        return self.css(f'#board rect.square[data-square="{square}"]')[0]

    def drag(self, tail: str, head: str) -> None:
        """Press the left button on ``tail``, move to ``head`` and release there."""
        from selenium.webdriver.common.action_chains import ActionChains

        start, end = self.square(tail), self.square(head)
        ActionChains(self.driver).click_and_hold(start).move_to_element(end).release().perform()

    def keys(self, *keys: str) -> None:
        """Type ``keys`` to whatever has the focus."""
        from selenium.webdriver.common.action_chains import ActionChains

        actions = ActionChains(self.focus().driver)
        for key in keys:
            actions.send_keys(key)
        actions.perform()

    def focused(self) -> dict[str, str | None]:
        """The focused element: its id, data-square and accessible name (aria-label)."""
        return self.focus().driver.execute_script(
            "const at = document.activeElement;"
            "return {id: at.id || null, square: at.getAttribute('data-square'), label: at.getAttribute('aria-label')};"
        )

    def tab_to_board(self) -> dict[str, str | None]:
        """Press Tab from the top of the page until a square of the board has the focus; that
        square (as ``focused`` gives it)."""
        from selenium.webdriver.common.keys import Keys

        for _ in range(4):
            self.keys(Keys.TAB)
            if self.focused()["square"]:
                return self.focused()
        raise AssertionError(f"four Tabs did not reach the board; the focus is on {self.focused()}")

    def newest_move_in_view(self) -> bool:
        """The current (newest) step is marked and lies wholly inside the move list's visible box."""
        return self.focus().driver.execute_script(
            "const box = document.getElementById('moves').getBoundingClientRect();"
            "const current = document.querySelectorAll('#moves .step[aria-current=\"step\"]');"
            "const steps = document.querySelectorAll('#moves .step');"
            "if (current.length !== 1 || current[0] !== steps[steps.length - 1]) return false;"
            "const step = current[0].getBoundingClientRect();"
            "return step.height > 0 && step.top >= box.top && step.bottom <= box.bottom"
            " && step.left >= box.left && step.right <= box.right;"
        )

    def right_drag(self, tail: str, head: str) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.mouse_button import MouseButton

        start, end = (self.css(f'#board rect.square[data-square="{square}"]')[0] for square in (tail, head))
        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to(start).pointer_down(MouseButton.RIGHT).move_to(end).pointer_up(MouseButton.RIGHT)
        actions.perform()

    def arrows(self) -> set[tuple[str, str, str]]:
        return {
            (line.get_attribute("data-seat"), line.get_attribute("data-from"), line.get_attribute("data-to"))
            for line in self.css("#board line.fc-arrow")
        }


def open_page(driver: Any, pages: list[GamePage], url: str) -> GamePage:
    """Open ``url`` in a new window of ``driver``, kept in ``pages`` (the fixture closes them)."""
    page = GamePage(driver, url)
    pages.append(page)
    return page


def temporary_profile() -> tempfile.TemporaryDirectory[str]:
    return tempfile.TemporaryDirectory(prefix="fourchess-chromium-")
