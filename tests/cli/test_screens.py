"""What a person at the terminal sees: each seat's screen (rich tables) shows what a player
at the table knows, laid out to be read, following the rule file's display hints; golden
screens are captured from a real terminal session (tmux) and compared line by line."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

import playa_rules as pr
from playa_rules.cli.human import summary
from playa_rules.render.screen import Screen

SCREENS = Path(__file__).parent.parent / "screens"


def _screen(game, seat=None, display="rules"):
    seat = game.current_player if seat is None else seat
    hints = game.rules.spec.get("display") if display == "rules" else display
    return Screen(hints, game.rules.spec.get("variables"), game.m.constants).text(game.view(seat), width=120)


def test_a_lying_pirates_player_sees_their_own_dice_faces_and_not_the_others():
    game = pr.load("lying-pirates").new_game(3, seed=1)
    faces = [d["vars"]["face"] for d in game.view(0)["seats"][0]["zones"]["cup"]]
    text = _screen(game, 0)
    row = next(line for line in text.splitlines() if line.startswith(" you (seat 0)"))
    assert row.split()[-6:] == ["crew:"] + [str(f) for f in faces]
    assert re.search(r"^ seat 1 .*5 hidden \(crew\)", text, re.M)


def test_display_hints_choose_the_variables_and_what_shows_beside_a_component():
    game = pr.load("lying-pirates").new_game(3, seed=1)
    text = _screen(game, 0)
    assert "hand.bid_qty" not in text and "hand.bet_done" not in text  # raw variables stay off
    assert "Starting Captain Token: seat 0" in text  # a status line instead, in the rules' words
    assert "the bet standing" not in text  # told only once there is a bet (when: hand.bid_qty)
    assert "#0 captain (you, tile 0, coins 2)" in text  # variables as the display hints call them
    assert re.search(r"^ bag +45 *$", text, re.M)  # a count, not 45 '?'
    assert "#1-15 none" in text  # equal neighbours as a range
    everything = _screen(game, 0, display=None)  # without hints: every variable
    assert "hand.bet_done false" in everything


def test_playa_pirata_stacks_say_whose_towels_they_are():
    game = pr.load("playa-pirata").new_game(3, seed=1)
    while not any(c.get("zones", {}).get("stack") for c in game.view(0)["zones"]["beach"]):
        game.apply(game.legal_actions()[0])
    view = game.view(0)
    text = Screen().text(view, width=160)
    for c in view["zones"]["beach"]:
        for towel in c["zones"]["stack"]:
            who = "you" if towel["owner"] == 0 else f"seat {towel['owner']}"
            assert f"{who}: " in text
    assert "[stack: " in text


def test_a_stack_reads_from_the_bottom_with_the_top_named_last():
    """Who is on top controls a treasure: the stack is shown in its order, each owner's run
    once, then ', top: OWNER' (the last component of a zone is its top)."""
    import random

    game = pr.load("playa-pirata").new_game(3, seed=1)
    rng = random.Random(2)
    for _ in range(10):
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    view = game.view(0)
    text = Screen().text(view, width=400)
    assert "#0 ? [stack: you: 3(x3) · seat 1: 3 3 2 1, top: seat 1]" in text
    stacks = [c["zones"]["stack"] for c in view["zones"]["beach"] if len(c["zones"]["stack"]) > 1]
    assert len(stacks) >= 3
    for stack in stacks:
        names = ["you" if t["owner"] == 0 else f"seat {t['owner']}" for t in stack]
        runs = [n for i, n in enumerate(names) if i == 0 or names[i - 1] != n]
        assert re.search(
            r"\[stack: "
            + r"[^\]·]*· ".join(f"{re.escape(n)}: " for n in runs)
            + rf"[^\]]*, top: {names[-1]}\]",
            text,
        ), (runs, text)


def test_values_read_as_the_rule_file_spells_them():
    game = pr.load("lying-pirates").new_game(2, seed=1)
    text = _screen(game, 0, display=None)
    assert "false" in text and "False" not in text and "True" not in text


def test_a_display_hint_naming_nothing_is_an_error_at_its_line(tmp_path):
    base = Path(pr.__file__).parent / "spec" / "games" / "lying-pirates.yaml"
    if not base.exists():
        base = Path(__file__).parents[2] / "spec" / "games" / "lying-pirates.yaml"
    text = (
        base.read_text(encoding="utf-8")
        .replace("  round: hand.round_no", "  round: hand.bid_qtty")
        .replace(
            "    captain: {face: Battle Die, pos: tile,",
            "    captain: {face: Battle Die, pos: tile, coin: c,",
        )
        .replace("    bag: {count: true}", "    bags: {count: true}")
    )
    path = tmp_path / "lp.yaml"
    path.write_text(text, encoding="utf-8")
    diags = [d for d in pr.validate(path) if d.code == "unknown-display"]
    messages = sorted(str(d) for d in diags)
    assert len(diags) == 3, messages
    assert any("no variable is named 'hand.bid_qtty'" in m and "hand.bid_qty" in m for m in messages)
    assert any("has no variable or property 'coin'" in m and "coins" in m for m in messages)
    assert any("no zone is named 'bags'" in m and "bag" in m for m in messages)
    assert all(d.line and d.file for d in diags)


def test_summary_is_the_screen_as_lines():
    game = pr.load("pirate-gold-cards").new_game(2, seed=1)
    lines = summary(game.view(0))
    assert lines[0].startswith("seat 0 to play · hand 1 of 3 · phase turns")
    assert any(line.startswith(" you (seat 0)") for line in lines)


# ------------------------------------------------------------------ golden screens in a real terminal
GOLDEN = [
    ("lying-pirates-3p", ["lying-pirates", "-p", "3", "-s", "1", "--human", "0"], "choose 1-15"),
    ("playa-pirata-2p", ["playa-pirata", "-p", "2", "-s", "1", "--human", "0"], "choose 1-"),
    ("pirate-gold-cards-2p", ["pirate-gold-cards", "-p", "2", "-s", "1", "--human", "0"], "choose 1-3"),
    ("maui-2p", ["maui", "-p", "2", "-s", "1", "--human", "0"], "choose 1-"),
    (
        "connect-four",
        [
            str(Path(__file__).resolve().parent.parent / "games" / "connect-four.yaml"),
            "-s",
            "1",
            "--human",
            "0",
        ],
        "choose 1-7",
    ),
]


def _tmux(*args, check=True):
    # a server of this process's own: when another test run's last session ends, its server
    # exits, and a session starting on a shared socket at that moment fails
    socket = f"playa-screens-{os.getpid()}"
    return subprocess.run(["tmux", "-L", socket, *args], capture_output=True, text=True, check=check)


def _wait(session: str, wanted: str, history: bool = False) -> str:
    deadline = time.monotonic() + 60
    pane = ""
    while time.monotonic() < deadline:
        pane = _tmux("capture-pane", "-p", "-t", session, *(["-S", "-"] if history else [])).stdout
        if wanted in pane:  # read once more a moment later: a loaded machine may still be drawing
            time.sleep(0.3)
            again = _tmux("capture-pane", "-p", "-t", session, *(["-S", "-"] if history else [])).stdout
            if again == pane:
                return "\n".join(line.rstrip() for line in pane.rstrip().splitlines()) + "\n"
            continue
        time.sleep(0.2)
    raise AssertionError(f"no '{wanted}' within 60 s; the pane shows:\n{pane}")


def _settled(session: str, wanted: str) -> str:
    """The visible pane once it shows ``wanted`` and ends with a prompt (the screen is drawn)."""
    deadline = time.monotonic() + 60
    pane = ""
    while time.monotonic() < deadline:
        pane = _tmux("capture-pane", "-p", "-t", session).stdout
        if wanted in pane and pane.rstrip().endswith("(? for help)>"):
            time.sleep(0.3)  # nothing more comes after a prompt; read it once more to be sure
            again = _tmux("capture-pane", "-p", "-t", session).stdout
            if again == pane:
                return "\n".join(line.rstrip() for line in pane.rstrip().splitlines()) + "\n"
        time.sleep(0.2)
    raise AssertionError(f"no settled screen with '{wanted}' within 60 s; the pane shows:\n{pane}")


def _start(args: list[str]) -> str:
    session = f"screen{os.getpid()}"
    command = " ".join([sys.executable, "-m", "playa_rules", "play", *args])
    _tmux(
        "new-session",
        "-d",
        "-s",
        session,
        "-x",
        "110",
        "-y",
        "60",
        "env",
        "TERM=xterm-256color",
        "COLUMNS=110",
        "LINES=60",
        "bash",
        "--norc",
        "-c",
        command + "; echo exit $?; sleep 30",
    )
    return session


def _capture(args: list[str], prompt: str) -> str:
    session = _start(args)
    try:
        return _wait(session, prompt)
    finally:
        _tmux("kill-session", "-t", session, check=False)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed (apt-get install tmux)")
@pytest.mark.parametrize("name,args,prompt", GOLDEN, ids=[g[0] for g in GOLDEN])
def test_golden_screen_in_a_real_terminal(name, args, prompt):
    """The first screen of a seat, as a terminal of 110x60 shows it; regenerate with
    PLAYA_UPDATE_SCREENS=1 after a deliberate change and read the diff."""
    got = _capture(args, prompt)
    golden = SCREENS / f"{name}.txt"
    if os.environ.get("PLAYA_UPDATE_SCREENS"):
        golden.write_text(got, encoding="utf-8")
    assert golden.exists(), f"no golden screen {golden.name}: run with PLAYA_UPDATE_SCREENS=1 to write it"
    assert got == golden.read_text(encoding="utf-8")


# A few decisions typed in a real terminal, then the screen as it stands (the last 60 lines):
# (name, play's arguments, [(keys typed, text to wait for after them)], a text of the last screen).
SESSIONS = [
    (  # a Maui turn: the market's prices, the markers' points, the score column now
        "maui-turn",
        ["maui", "-p", "2", "-s", "1", "--human", "0"],
        [("1", "choose 1-10")],
        "choose 1-10",
    ),
    (  # a liar call and the battle that follows, narrated; then the catch-up's choice in context
        "lying-pirates-liar-and-battle",
        ["lying-pirates", "-p", "3", "-s", "1", "--human", "1"],
        [("liar", "choose 1-2")],
        "1. sacrifice 2",
    ),
    (  # a towel choice in a few steps: the treasure, how many towels (letters), which (a number)
        "playa-pirata-towels-step-by-step",
        ["playa-pirata", "-p", "2", "-s", "1", "--human", "0"],
        [
            ("1", "choose 1-10"),
            ("1", "step by step, type a letter"),
            ("b", "124 actions:"),  # the treasure #1
            ("b", "6 actions:"),  # two towels
            ("129", "seat 0 (you): towels 1+2 on #1"),  # the numbers listed are the whole list's
        ],
        "groups of Beach Towel cards placed this turn: 1",
    ),
]


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed (apt-get install tmux)")
@pytest.mark.parametrize("name,args,keys,final", SESSIONS, ids=[s[0] for s in SESSIONS])
def test_golden_session_in_a_real_terminal(name, args, keys, final):
    """What a person sees after typing a few decisions (PLAYA_UPDATE_SCREENS=1 rewrites it)."""
    session = _start(args)
    try:
        _wait(session, "(? for help)>")
        for typed, wanted in keys:
            _tmux("send-keys", "-t", session, typed, "Enter")
            _wait(session, wanted, history=True)
        got = _settled(session, final)
    finally:
        _tmux("kill-session", "-t", session, check=False)
    golden = SCREENS / f"{name}.txt"
    if os.environ.get("PLAYA_UPDATE_SCREENS"):
        golden.write_text(got, encoding="utf-8")
    assert golden.exists(), f"no golden screen {golden.name}: run with PLAYA_UPDATE_SCREENS=1 to write it"
    assert got == golden.read_text(encoding="utf-8")


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed (apt-get install tmux)")
def test_a_person_types_at_the_prompt_in_a_real_terminal():
    """Keys sent to the terminal: a filter, a number from it, then quit."""
    session = _start(["lying-pirates", "-p", "3", "-s", "1", "--human", "0"])
    try:
        _wait(session, "choose 1-15")
        _tmux("send-keys", "-t", session, "bid 2", "Enter")
        listed = _wait(session, "actions match 'bid 2'")
        assert "6. bid 2 x 2" in listed and "4. bid 1 x 5" not in listed.split("match 'bid 2'")[-1]
        _tmux("send-keys", "-t", session, "7", "Enter")
        _wait(session, "seat 0 (you): bid 2 x 3", history=True)
        _wait(session, "(? for help)>", history=True)
        _tmux("send-keys", "-t", session, "q", "Enter")
        done = _wait(session, "exit 130", history=True)
        assert "quit: the game is abandoned" in done and "Traceback" not in done
    finally:
        _tmux("kill-session", "-t", session, check=False)


def test_a_board_shows_as_a_grid_of_symbols():
    game = pr.load(Path(__file__).resolve().parent.parent / "games" / "tic-tac-toe.yaml").new_game(2, seed=1)
    for move in ("place #4", "place #0"):
        game.apply(move)
    lines = _screen(game, 0).splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith("board"))
    assert [line.split()[-3:] for line in lines[at + 1 : at + 4]] == [
        ["O", ".", "."],
        [".", "X", "."],
        [".", ".", "."],
    ]


def test_a_grid_naming_no_cell_variable_is_an_error(tmp_path):
    text = (Path(__file__).resolve().parent.parent / "games" / "tic-tac-toe.yaml").read_text(encoding="utf-8")
    path = tmp_path / "t.yaml"
    path.write_text(text.replace("{grid: mark,", "{grid: marks,"), encoding="utf-8")
    (d,) = [d for d in pr.validate(path) if d.code == "unknown-display"]
    assert "have no variable or property 'marks'" in d.message and "mark" in (d.hint or "")


def test_a_board_of_each_player_shows_as_a_grid_below_the_seats_table():
    """A grid squeezed into a table cell wraps: each seat's board is drawn below the table,
    the seat's own first, at full size; the table says 'below'."""
    game = pr.load(Path(__file__).resolve().parent.parent / "games" / "personal-boards.yaml").new_game(
        2, seed=1
    )
    game.apply("mark #0")
    lines = _screen(game, 1).splitlines()
    row = next(line for line in lines if line.startswith(" seat 0 "))
    assert "below" in row.split()
    at = next(i for i, line in enumerate(lines) if "seat 0: beach" in line)
    assert lines[at].index("seat 0: beach") > lines[at].index("you: beach")  # side by side, yours first
    start = lines[at].index("seat 0: beach")
    assert lines[at + 2][start:].split() == ["0", "#", ".", "."]  # seat 0's row 0: marked, then two empty
    assert lines[at + 3][start:].split() == ["1", ".", ".", "."]


def test_a_cell_with_a_token_on_it_shows_what_the_token_gives():
    """Maui's umbrella tokens read on the beach by what they give (display hint occupied: {by:
    gift, symbols: ...}): a white or black pearl, or the pattern whose marker advances."""
    game = pr.load("maui").new_game(2, seed=1)
    lines = _screen(game, 0).splitlines()
    at = next(i for i, line in enumerate(lines) if "you: beach" in line)
    grid = [line[:42].split() for line in lines[at + 2 : at + 9]]
    symbols = game.rules.spec["display"]["zones"]["beach"]["occupied"]["symbols"]
    shown = {
        (r, c): v for r, cols in enumerate(grid) for c, v in enumerate(cols[1:]) if v in symbols.values()
    }
    beach = game.view(0)["seats"][0]["zones"]["beach"]
    tokens = {(c["row"], c["col"]): c["zones"]["under"][-1]["gift"] for c in beach if c["zones"]["under"]}
    assert sorted(tokens) == sorted(map(tuple, game.rules.spec["assumptions"]["umbrella_cells"]["value"]))
    assert shown == {cell: symbols[gift] for cell, gift in tokens.items()}
    text = " ".join(" ".join(lines).split())
    assert "a token on an empty cell, by its gift: w white · b black" in text
    assert "-1 point" in text and "{" not in text  # the rules' values fill the status lines


def test_a_display_name_for_a_step_the_rules_do_not_have_is_a_warning(tmp_path):
    """A misspelt step in display.names is found, but only warned about: a variant that removes
    the step leaves its display name behind, harmless."""
    text = (Path(__file__).resolve().parents[2] / "spec" / "games" / "playa-pirata.yaml").read_text(
        encoding="utf-8"
    )
    path = tmp_path / "p.yaml"
    path.write_text(text.replace("    bury: bury a Treasure", "    burry: bury a Treasure"), encoding="utf-8")
    (d,) = [d for d in pr.validate(path) if d.code == "unknown-display"]
    assert d.severity == "warning" and "no phase, step or scoring rule is named 'burry'" in d.message
    assert "bury" in (d.hint or "")
