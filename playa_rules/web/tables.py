"""Live tables: a game, who sits where, the pages watching each seat, and agents playing on the server.

A :class:`Hub` holds the tables of one server and its :class:`~.store.Store`. A move is
applied under its table's lock, written to the store before anyone is told of it, and then
each page watching the table gets its own seat's payload (``present``). A page's move names
the number of moves it has seen; a move sent for an older table (a double click, a resent
message) is refused, so no move is applied twice. Agents think in a worker thread, holding
the table's lock, so the server keeps answering pages meanwhile.
"""

from __future__ import annotations

import asyncio
import random
import secrets
import sqlite3

from ..agents import LazyLog, LazyView, Worlds, make_agent
from ..errors import IllegalAction, PlayaRulesError
from ..render.progress import end_condition
from ..shared.limits import MAX_GAME_ACTIONS
from . import present
from .setup import checked, rules_of
from .store import Store


class Table:
    """One match: its setup, its rules, its game, and the sockets of the pages watching it."""

    def __init__(self, table_id: str, setup: dict, rules, moves=()):
        self.id = table_id
        self.setup = setup
        self.rules = rules
        self.game = rules.new_game(setup["players"], seed=setup["seed"])
        for seat, action in moves:
            self.game.apply(action, seat=seat)  # (a simultaneous step's choices come in any order)
        self.moves = len(moves)
        self.lock = asyncio.Lock()
        self.watchers: dict[int, set] = {}
        self.agents: dict[int, object] = {}
        self.error: str | None = None  # the rules failed at a move: the table stops there
        self.busy = False  # an agent loop is running

    def agent(self, seat: int):
        if seat not in self.agents:
            spec = self.setup["seats"][seat]["agent"]
            self.agents[seat] = make_agent(spec, random.Random(f"web:{self.id}:{seat}:{self.moves}"))
        return self.agents[seat]

    def kind(self, seat: int) -> str:
        if seat in self.game.automata:
            return "rules"
        entry = self.setup["seats"][seat]
        return entry.get("agent", "person") if entry["kind"] == "agent" else "person"

    def agent_to_play(self) -> int | None:
        g = self.game
        if g.is_over or self.error:
            return None
        for seat in g.acting:  # the seat to act, or each seat still to choose in a simultaneous step
            if self.setup["seats"][seat]["kind"] == "agent":
                return seat
        return None

    def payload(self, seat: int) -> dict:
        """What the page of ``seat`` is sent after each move: its view, its actions, its log."""
        g = self.game
        mine = not g.is_over and seat in g.acting and not self.error
        actions, total = present.actions_of(g, seat) if mine else ([], 0)
        result = present.result_text(g, seat) if g.is_over else None
        return {
            "type": "table",
            "table": self.id,
            "seat": seat,
            "moves": self.moves,
            "players": [
                {"seat": s, "who": self.kind(s), "watching": bool(self.watchers.get(s))}
                for s in range(g.players)
            ],
            "view": present.view_of(g, seat),
            "actions": actions,
            "total_actions": total,
            "log": present.log_lines(g.log_for(seat), seat, result),
            "over": g.is_over,
            "winners": g.winners() if g.is_over else [],
            "result": result,
            "error": self.error,
        }

    def intro(self, seat: int) -> dict:
        """What a page is sent once, when it connects: the rules and the display hints."""
        return {
            "type": "intro",
            "title": self.rules.title,
            "game": self.rules.id,
            "variants": list(self.rules.variants),
            "seat": seat,
            "display": self.rules.spec.get("display") or {},
            "ends_early": end_condition(self.rules.spec) is not None,  # "hand 1 (at most 50)", not "of 50"
            "action_rules": present.action_rules(self.rules),
            "lang": self.setup.get("lang", "en"),
        }


MAX_ACTIONS = (
    MAX_GAME_ACTIONS  # moves of one table (people's and agents'), unless serve --max-actions says otherwise
)


class Hub:
    """The tables of one server, kept in its store; tables load from the store when first asked for.

    A table not over after ``max_actions`` moves stops there with an error every page shows
    (as ``playa-rules play --max-actions``): agents playing a game that cannot finish (a
    stranger's rule file) would otherwise play on for as long as the server runs."""

    def __init__(self, store: Store, max_actions: int = MAX_ACTIONS):
        self.store = store
        self.max_actions = max_actions
        self.tables: dict[str, Table] = {}
        self.tasks: set = set()

    # ------------------------------------------------------------ making and finding tables
    @staticmethod
    def prepare(request) -> tuple[dict, object]:
        """A page's request checked and its rules loaded (slow for a large rule file: the
        server runs this in a worker thread)."""
        setup = checked(request)
        return setup, rules_of(setup)

    def create(self, setup: dict, rules) -> tuple[Table, dict]:
        """A new table from a prepared setup, and each person's seat token."""
        players = setup["players"]
        if players not in rules.player_counts:
            raise PlayaRulesError(rules.not_for(players))
        table_id = secrets.token_urlsafe(9)
        table = Table(table_id, setup, rules)
        for seat, entry in enumerate(setup["seats"]):
            if entry["kind"] == "person" and seat not in table.game.automata:
                entry["token"] = secrets.token_urlsafe(16)
        self.store.add_table(table_id, setup)
        self.tables[table_id] = table
        return table, {s: e["token"] for s, e in enumerate(setup["seats"]) if e.get("token")}

    def table(self, table_id: str) -> Table | None:
        if table_id not in self.tables:
            saved = self.store.table(table_id)
            if saved is None:
                return None
            setup, moves = saved
            self.tables[table_id] = Table(table_id, setup, rules_of(setup), moves)
            self._bound(self.tables[table_id])
        return self.tables[table_id]

    def seat(self, token: str) -> tuple[Table, int] | None:
        found = self.store.seat_of(token) if isinstance(token, str) and len(token) < 100 else None
        if found is None:
            return None
        table = self.table(found[0])
        return (table, found[1]) if table else None

    # ------------------------------------------------------------ moves
    async def act(self, table: Table, seat: int, action_id, seen) -> str | None:
        """Apply a page's move; None when applied, else why not (the page shows it)."""
        if isinstance(action_id, bool) or not isinstance(action_id, int) or not isinstance(seen, int):
            return "a move names an action id and the number of moves the page has seen"
        async with table.lock:
            g = table.game
            if seen != table.moves and not _sealed_since(table, seat, seen):
                return "the table has moved on since: your page is up to date again, choose again"
            if table.error:
                return table.error
            if g.is_over or seat not in g.acting:
                return "it is not your turn"
            try:
                self._apply(table, seat, action_id)
            except PlayaRulesError as exc:
                return str(exc)
        await self.broadcast(table)
        self.wake(table)
        return None

    def _apply(self, table: Table, seat: int, action_id: int) -> None:
        """Apply, then write the move: an illegal move raises before anything is written; a
        move the store already holds (it cannot be, under the lock) would raise, not repeat."""
        try:
            table.game.apply(action_id, seat=seat)
        except IllegalAction:
            raise
        except PlayaRulesError as exc:
            table.error = f"the rules failed at move {table.moves + 1}: {exc}"
            raise PlayaRulesError(table.error) from None
        try:
            self.store.add_move(table.id, table.moves, seat, action_id)
        except sqlite3.IntegrityError:
            table.error = "this table's moves were written by another server on the same store"
            raise PlayaRulesError(table.error) from None
        table.moves += 1
        self._bound(table)

    def _bound(self, table: Table) -> None:
        """Stop ``table`` with an error when it is not over after the server's ``max_actions``
        moves, quoting the rules' ``endless-phase`` warning when they have one."""
        if table.error or table.game.is_over or table.moves < self.max_actions:
            return
        table.error = (
            f"the match did not end within {self.max_actions:,} move{'' if self.max_actions == 1 else 's'}: "
            "stopped (the server's bound: playa-rules serve --max-actions)"
        )
        endless = [d for d in table.rules.warnings if d.code == "endless-phase"]
        if endless:
            table.error += f"; {endless[0].location()}: the rules cannot finish: {endless[0].message}"

    def wake(self, table: Table) -> None:
        """Let the agents play their turns (in the background) if one is to play."""
        if table.busy or table.agent_to_play() is None:
            return
        table.busy = True
        task = asyncio.get_running_loop().create_task(self._agents(table))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _agents(self, table: Table) -> None:
        try:
            while (seat := table.agent_to_play()) is not None:
                async with table.lock:
                    if table.agent_to_play() != seat:
                        continue
                    try:
                        action_id = await asyncio.to_thread(self._choose, table, seat)
                        self._apply(table, seat, action_id)
                    except PlayaRulesError as exc:
                        table.error = table.error or f"seat {seat}'s agent failed: {exc}"
                await self.broadcast(table)
        finally:
            table.busy = False

    @staticmethod
    def _choose(table: Table, seat: int) -> int:
        g = table.game
        agent = table.agent(seat)
        legal = g.legal_actions(seat)
        view = LazyView(lambda: g.view(seat))
        log = LazyLog(lambda: g.log_for(seat))
        rng = getattr(agent, "rng", None) or random.Random(f"web:{table.id}:{seat}:{table.moves}")
        worlds = Worlds(lambda r: g.sample_world(seat, r), seat, rng)
        choice = agent.act(view, legal, log, worlds)
        view.close()
        log.close()
        if isinstance(choice, int):
            return choice
        if isinstance(choice, str):
            return next(a.id for a in legal if str(a) == choice)
        return choice.id

    # ------------------------------------------------------------ pages
    async def broadcast(self, table: Table) -> None:
        """Each watching page its own seat's payload."""
        for seat, sockets in list(table.watchers.items()):
            if not sockets:
                continue
            payload = table.payload(seat)
            for ws in list(sockets):
                try:
                    await ws.send_json(payload)
                except Exception:  # a page gone mid-send: it is dropped when its socket closes
                    sockets.discard(ws)

    async def drain(self) -> None:
        """Wait for the agents' loops to settle (tests, shutdown)."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks), return_exceptions=True)


def _sealed_since(table: Table, seat: int, seen: int) -> bool:
    """Whether every move since the page's ``seen`` is another seat's sealed choice in the
    simultaneous step ``seat`` still chooses in: those change nothing the page shows but who
    has chosen, so its choice stands."""
    g = table.game
    if not g.chosen or seat not in g.acting or seen > table.moves:
        return False
    auto = set(g.automata)
    sealed = sum(1 for s in g.chosen if s not in auto)  # the people's and agents' choices: stored moves
    return table.moves - seen <= sealed
