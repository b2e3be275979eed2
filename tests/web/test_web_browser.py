"""The web table in a real browser: Debian's Chromium, headless, driven by Playwright for Python.

A person's clicks play a whole Playa Pirata match against agents, a Maui turn on its board,
step a replay back and forth, and open a table of every bundled game and (with ``-m slow``)
every test game.
Screenshots of each screen are saved in build/web-screenshots/ for people to look at.
Skipped (with the reason) where Chromium or Playwright is missing.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright (pip install playwright) is missing")

from web_server import ROOT, Server  # noqa: E402

import playa_rules as pr  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SHOTS = ROOT / "build" / "web-screenshots"
TEST_GAMES = sorted((ROOT / "tests" / "games").glob("*.yaml"))

pytestmark = pytest.mark.skipif(
    not os.path.exists(CHROMIUM), reason=f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(str(tmp_path_factory.mktemp("web") / "tables.sqlite")).start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    pg = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.errors = errors
    yield pg
    pg.close()
    assert not errors, errors


def shot(page, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def open_table(server, page, body: dict) -> str:
    made = server.post("/api/tables", body)
    assert "seats" in made, made
    link = made["seats"]["0"]
    page.goto(server.url + link)
    page.wait_for_selector("[data-testid=table] .seat-panel")
    return link


def my_turn_or_over(page) -> bool:
    """Wait until this seat is to choose or the match is over; True if over."""
    page.wait_for_function(
        "document.body.dataset.over === 'true' || !!document.querySelector('[data-testid=chooser] button.kind')",
        timeout=60_000,
    )
    return page.evaluate("document.body.dataset.over === 'true'")


def choose_by_clicks(page, kind_index: int = 0) -> int:
    """Click one legal action, kind first, then each parameter (the first possible value; a group
    one item at a time), then play. Returns the clicks it took."""
    clicks = 0
    kinds = page.locator("[data-testid=chooser] button.kind")
    kinds.nth(min(kind_index, kinds.count() - 1)).click()
    clicks += 1
    while True:
        chooser = page.locator("[data-testid=chooser]")
        if chooser.locator("[data-testid=play]").count():
            chooser.locator("[data-testid=play]").click()
            return clicks + 1
        if chooser.locator("[data-testid=take]").count():
            chooser.locator("[data-testid=take]").click()
        elif chooser.locator("[data-testid=add]:enabled").count():
            chooser.locator("[data-testid=add]:enabled").first.click()
        else:
            chooser.locator("[data-testid=option]").first.click()
        clicks += 1
        assert clicks < 60, "a choice took too many clicks"


# ---------------------------------------------------------------- the setup page
def test_the_setup_page_opens_a_table_and_shows_a_bad_upload_located(server, page, tmp_path):
    page.goto(server.url + "/")
    page.wait_for_selector("[data-testid=game] option", state="attached")
    page.select_option("[data-testid=game]", "maui")
    page.select_option("[data-testid=players]", "3")
    page.select_option("[data-testid=seat-1]", "ismcts")
    page.select_option("[data-testid=seat-2]", "greedy")
    shot(page, "setup")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=link-0]")
    page.click("[data-testid=link-0]")
    page.wait_for_selector("[data-testid=table] .board .cell")
    page.goto(server.url + "/")
    bad = tmp_path / "broken.yaml"
    bad.write_text("game: broken\ntitle: Broken\nplayers: [2]\ncomponents: 3\n")
    page.wait_for_selector("[data-testid=game] option", state="attached")
    page.set_input_files("#upload", str(bad))  # read at once: no need to open the table first
    error = page.wait_for_selector("[data-testid=error]:not([hidden])")
    assert "broken.yaml:4:13: error schema" in error.inner_text()
    assert "broken.yaml (has problems)" in page.locator("[data-testid=game] option:checked").inner_text()
    shot(page, "setup-error")


def test_an_uploaded_rule_file_s_player_counts_and_title_show_at_once(server, page):
    """docs/examples/my-rules.yaml is for 2 to 4 players: the Players menu offers those, the Game
    menu names the file, and a playouts box shows only for an ismcts seat."""
    page.goto(server.url + "/")
    page.wait_for_selector("[data-testid=game] option", state="attached")
    page.select_option("[data-testid=game]", "maui")
    page.set_input_files("#upload", str(ROOT / "docs" / "examples" / "my-rules.yaml"))
    # the file is read by the server: its title replaces "(reading…)" once the answer came
    # (maui's own Players menu already offers three counts, so that menu cannot tell)
    page.wait_for_function(
        "document.querySelector('[data-testid=game]').selectedOptions[0].textContent.includes('High card')"
    )
    assert page.locator("[data-testid=players] option").all_inner_texts() == ["2", "3", "4"]
    assert (
        page.locator("[data-testid=game] option:checked").inner_text()
        == "uploaded: High card (my-rules.yaml)"
    )
    assert page.locator("[data-testid=error]").is_hidden()
    budgets = page.locator(".seat .budget")
    assert [budgets.nth(k).is_visible() for k in range(budgets.count())] == [False, False]  # a person, random
    page.select_option("[data-testid=seat-1]", "ismcts")
    assert [budgets.nth(k).is_visible() for k in range(budgets.count())] == [False, True]
    shot(page, "setup-upload")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=link-0]")
    page.select_option("[data-testid=game]", "pirate-gold-cards")  # a game from the menu replaces the file
    assert page.locator("[data-testid=game] option.uploaded").count() == 0
    counts = [str(n) for n in pr.load("pirate-gold-cards").player_counts]
    assert page.locator("[data-testid=players] option").all_inner_texts() == counts
    assert page.eval_on_selector("#upload", "e => e.files.length") == 0


def _players(page) -> list[str]:
    return page.locator("[data-testid=players] option").all_inner_texts()


def _game_menu_says(page, text: str) -> None:
    page.wait_for_function(
        "t => document.querySelector('[data-testid=game]').selectedOptions[0].textContent.includes(t)",
        arg=text,
    )


def test_a_bad_upload_offers_no_player_count_until_a_good_file_is_chosen(server, page, tmp_path):
    """A good file, then a broken one: the Players menu empties (it offered 1 to 8 before) and
    the error shows; a good file again brings its counts back."""
    page.goto(server.url + "/")
    page.wait_for_selector("[data-testid=game] option", state="attached")
    page.set_input_files("#upload", str(ROOT / "docs" / "examples" / "my-rules.yaml"))
    _game_menu_says(page, "High card")
    assert _players(page) == ["2", "3", "4"]
    bad = tmp_path / "broken.yaml"
    bad.write_text("game: broken\ntitle: Broken\nplayers: [2]\ncomponents: 3\n")
    page.set_input_files("#upload", str(bad))
    _game_menu_says(page, "broken.yaml (has problems)")
    assert "broken.yaml:4:13: error schema" in page.locator("[data-testid=error]").inner_text()
    assert _players(page) == []
    assert page.locator("#seats .seat").count() == 0
    page.set_input_files("#upload", str(ROOT / "tests" / "games" / "hearts.yaml"))
    _game_menu_says(page, "Hearts (test game)")
    assert _players(page) == ["4"] and page.locator("[data-testid=error]").is_hidden()


def test_the_answer_about_a_file_chosen_before_another_is_dropped(server, page):
    """Two files chosen quickly, the first one's answer held back until the second's came: the
    page keeps the second file's title and counts (the first's late answer overwrote them)."""
    held = []

    def hold_the_first(route):
        if held:
            route.continue_()
        else:
            held.append(route)

    page.goto(server.url + "/")
    page.wait_for_selector("[data-testid=game] option", state="attached")
    page.route("**/api/rules", hold_the_first)
    page.set_input_files("#upload", str(ROOT / "docs" / "examples" / "my-rules.yaml"))
    for _ in range(100):  # the first check is asked: its request is held
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page never asked the server about the first file"
    page.set_input_files("#upload", str(ROOT / "tests" / "games" / "hearts.yaml"))
    _game_menu_says(page, "Hearts (test game)")
    with page.expect_response("**/api/rules") as late:
        held[0].continue_()  # now the first file's answer comes, last
    assert "High card" in late.value.text()
    page.wait_for_timeout(300)  # time for the page to (wrongly) use it
    assert (
        page.locator("[data-testid=game] option:checked").inner_text()
        == "uploaded: Hearts (test game) (hearts.yaml)"
    )
    assert _players(page) == ["4"]


def test_no_request_of_a_page_is_not_found(server, page):
    """The setup page, a table and a replay load without a 404 (the icon included)."""
    missing = []
    page.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)
    page.goto(server.url + "/")
    page.wait_for_selector("[data-testid=game] option", state="attached")
    link = open_table(
        server,
        page,
        {"game": "playa-pirata", "players": 2, "seats": [{"kind": "person"}, {"kind": "random"}]},
    )
    page.wait_for_timeout(300)
    assert missing == [], missing
    assert link


# ---------------------------------------------------------------- playing
@pytest.mark.slow
def test_a_person_plays_a_whole_playa_pirata_match_by_clicks_against_agents(server, page):
    open_table(
        server,
        page,
        {
            "game": "playa-pirata",
            "players": 3,
            "seed": 21,
            "seats": [{"kind": "person"}, {"kind": "random"}, {"kind": "ismcts", "playouts": 20}],
        },
    )
    page.wait_for_selector("[data-testid=rules] h1")
    decisions, most = 0, 0
    towel_shot = False
    while not my_turn_or_over(page):
        kinds = page.locator("[data-testid=chooser] button.kind").all_inner_texts()
        if decisions == 0:
            shot(page, "pirata-first-decision")
        # place towels when the rules allow it (the many-combination decision), else the first kind
        towels = next((i for i, k in enumerate(kinds) if k.startswith("place_towels")), None)
        index = towels or 0
        if towels is not None and not towel_shot:
            page.locator("[data-testid=chooser] button.kind").nth(index).click()
            page.locator("[data-testid=chooser] [data-testid=option]").first.click()
            page.locator("[data-testid=chooser] [data-testid=add]:enabled").first.click()
            shot(page, "pirata-towels")
            towel_shot = True
            page.locator("[data-testid=back]").click()
        most = max(most, choose_by_clicks(page, index))
        decisions += 1
    assert decisions >= 10
    assert most <= 16, "a decision takes a few clicks, not a list of hundreds"
    log = page.locator("[data-testid=log]").inner_text()
    assert "the end: scores" in log
    shot(page, "pirata-end")
    page.click("[data-testid=save-replay]")
    page.wait_for_selector("[data-testid=replay-link]")


def test_a_maui_turn_on_its_board(server, page):
    open_table(
        server,
        page,
        {"game": "maui", "players": 2, "seed": 3, "seats": [{"kind": "person"}, {"kind": "greedy"}]},
    )
    assert page.locator("[data-seat='0'] .board .cell").count() == 7 * 13
    assert page.locator("[data-seat='1'] .board .cell").count() == 7 * 13
    assert not my_turn_or_over(page)
    shot(page, "maui-turn")
    before = int(page.evaluate("document.body.dataset.moves"))
    kinds = page.locator("[data-testid=chooser] button.kind").all_inner_texts()
    choose_by_clicks(page, next(i for i, k in enumerate(kinds) if k.startswith("place")))
    page.wait_for_function(f"+document.body.dataset.moves > {before}")
    page.wait_for_function("document.querySelector('[data-testid=log]').innerText.includes('you: place')")
    shot(page, "maui-after-turn")


def test_a_replay_stepped_forward_and_back_as_a_seat_and_as_a_spectator(server, page):
    game = pr.load("lying-pirates").new_game(players=3, seed=5)
    import random

    rng = random.Random(5)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    made = server.post("/api/replays", {"game": "lying-pirates", "log": game.log})
    assert "replay" in made, made
    page.goto(server.url + made["replay"])
    page.wait_for_selector("[data-testid=table] .seat-panel")
    assert page.evaluate("document.body.dataset.step") == "0"
    for _ in range(3):
        page.click("[data-testid=step-forward]")
    page.wait_for_function("document.body.dataset.step === '3'")
    page.click("[data-testid=step-back]")
    page.wait_for_function("document.body.dataset.step === '2'")
    assert "decision 2 of" in page.inner_text("[data-testid=where]")
    assert page.locator(".card.back").count() == 0  # a spectator of a finished match sees every face
    shot(page, "replay-spectator")
    page.select_option("[data-testid=as-seat]", "1")
    page.wait_for_function("document.querySelectorAll('.card.back').length > 0")
    page.click("[data-testid=last]")
    page.wait_for_function("document.querySelector('[data-testid=log]').innerText.includes('the end')")
    shot(page, "replay-seat-1-end")


def test_a_mistyped_link_shows_the_servers_words_and_does_not_retry(server, page):
    sockets = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    response = page.goto(server.url + "/t/notatoken")  # a link cut short when copied
    assert response.status == 404
    page.wait_for_function(
        "document.querySelector('[data-testid=status]').textContent.includes('copied whole')"
    )
    page.wait_for_timeout(2500)  # the page retried every second when it did not read the close
    assert page.inner_text("[data-testid=status]") == "no table has this link: check it was copied whole"
    assert len(sockets) == 1
    shot(page, "mistyped-link")


def test_a_table_gone_while_its_page_is_open_is_said_once_the_server_is_back(page, tmp_path):
    """The server restarted on another store: the page retries while the server is away, then
    reads the websocket's close (4404, the server's words) and stops there."""
    first = Server(str(tmp_path / "a.sqlite")).start()
    try:
        open_table(first, page, {"game": "playa-pirata", "players": 2, "seats": [{"kind": "person"}] * 2})
    finally:
        first.stop()
    page.wait_for_function(
        "document.querySelector('[data-testid=status]').textContent.includes('trying again')"
    )
    other = Server(str(tmp_path / "b.sqlite"), port=first.port).start()
    try:
        sockets = []
        page.on("websocket", lambda ws: sockets.append(ws.url))
        page.wait_for_function(
            "document.querySelector('[data-testid=status]').textContent.includes('copied whole')",
            timeout=10_000,
        )
        tried = len(sockets)
        page.wait_for_timeout(2500)  # the page retried every second when it did not read the close
        assert len(sockets) == tried
        assert page.inner_text("[data-testid=status]") == "no table has this link: check it was copied whole"
    finally:
        other.stop()


# ---------------------------------------------------------------- every game drawn
# The bundled games in every run; the test games (uploaded files, a page each) with -m slow.
GAMES = [("bundled", g) for g in pr.games()] + [
    pytest.param("file", p.name, marks=pytest.mark.slow) for p in TEST_GAMES
]


@pytest.mark.parametrize("source, name", GAMES)
def test_every_game_is_drawn_from_its_view(server, page, source, name):
    if source == "bundled":
        rules = pr.load(name)
        body = {"game": name}
    else:
        path = ROOT / "tests" / "games" / name
        rules = pr.load(path)
        body = {"upload": {"name": name, "text": path.read_text()}}
    players = rules.player_counts[0] if rules.player_counts[0] > 1 else rules.player_counts[-1]
    body.update(players=players, seed=1, seats=[{"kind": "person"}] + [{"kind": "random"}] * (players - 1))
    open_table(server, page, body)
    seats = rules.new_game(players, seed=1).players  # a dummy seat the rules play counts too
    assert page.locator("[data-testid=table] .seat-panel").count() == seats
    page.wait_for_function(
        "document.body.dataset.over === 'true' || !!document.querySelector('[data-testid=chooser] button.kind')"
        " || document.querySelector('[data-testid=chooser]').innerText.includes('waiting')"
    )
    shot(page, f"game-{Path(name).stem}")


def test_screenshots_are_kept_for_people():
    assert shutil.which("chromium") or os.path.exists(CHROMIUM)
