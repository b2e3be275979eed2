"""Where tables live between moves and restarts: one SQLite file holding each table as its log.

A table is its setup (the rules asked for, uploaded rule files included, the player count,
the seed, who sits at each seat and each seat's link token) and its moves, one row per
decision, written and committed as the move is applied. The move's number is part of the
row's key, so a move can be written once only; rebuilding a table is ``new_game`` with the
seed and the moves applied in order (the engine gives the same game from the same seed and
the same decisions). Saved replays (a log and the rules it was played with) are kept too.
"""

from __future__ import annotations

import json
import sqlite3
import time

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, created REAL NOT NULL, setup TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS seats (token TEXT PRIMARY KEY, tbl TEXT NOT NULL, seat INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS moves (
  tbl TEXT NOT NULL, n INTEGER NOT NULL, seat INTEGER NOT NULL, action INTEGER NOT NULL,
  at REAL NOT NULL, PRIMARY KEY (tbl, n));
CREATE TABLE IF NOT EXISTS replays (id TEXT PRIMARY KEY, created REAL NOT NULL, setup TEXT NOT NULL,
  log TEXT NOT NULL);
"""


class Store:
    """The SQLite file of a server (``path`` ``:memory:`` for a store that dies with the process)."""

    def __init__(self, path: str):
        self.path = path
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    # ------------------------------------------------------------ tables
    def add_table(self, table_id: str, setup: dict) -> None:
        """A new table and its seats' tokens, in one transaction."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT INTO tables (id, created, setup) VALUES (?, ?, ?)",
                (table_id, time.time(), json.dumps(setup)),
            )
            for seat, entry in enumerate(setup["seats"]):
                if entry.get("token"):
                    self.db.execute(
                        "INSERT INTO seats (token, tbl, seat) VALUES (?, ?, ?)",
                        (entry["token"], table_id, seat),
                    )

    def add_move(self, table_id: str, n: int, seat: int, action: int) -> None:
        """Move ``n`` (from 0) of a table; a second move ``n`` is refused (sqlite3.IntegrityError)."""
        self.db.execute(
            "INSERT INTO moves (tbl, n, seat, action, at) VALUES (?, ?, ?, ?, ?)",
            (table_id, n, seat, action, time.time()),
        )

    def table(self, table_id: str) -> tuple[dict, list[tuple[int, int]]] | None:
        """``(setup, [(seat, action id)] in order)`` of a table, or None."""
        row = self.db.execute("SELECT setup FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            return None
        moves = self.db.execute(
            "SELECT seat, action FROM moves WHERE tbl = ? ORDER BY n", (table_id,)
        ).fetchall()
        return json.loads(row[0]), [(s, a) for s, a in moves]

    def seat_of(self, token: str) -> tuple[str, int] | None:
        """``(table id, seat)`` of a seat's link token, or None."""
        row = self.db.execute("SELECT tbl, seat FROM seats WHERE token = ?", (token,)).fetchone()
        return (row[0], row[1]) if row else None

    def table_ids(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT id FROM tables ORDER BY created")]

    def move_count(self, table_id: str) -> int:
        return self.db.execute("SELECT COUNT(*) FROM moves WHERE tbl = ?", (table_id,)).fetchone()[0]

    # ------------------------------------------------------------ replays
    def add_replay(self, replay_id: str, setup: dict, log: list) -> None:
        self.db.execute(
            "INSERT INTO replays (id, created, setup, log) VALUES (?, ?, ?, ?)",
            (replay_id, time.time(), json.dumps(setup), json.dumps(log)),
        )

    def replay(self, replay_id: str) -> tuple[dict, list] | None:
        row = self.db.execute("SELECT setup, log FROM replays WHERE id = ?", (replay_id,)).fetchone()
        return (json.loads(row[0]), json.loads(row[1])) if row else None
