"""The web table under load, on loopback only: many tables, many seat connections, agents playing.

    python benchmarks/web_load.py --tables 50 --tabs 2      # 50 tables, 200 seat connections

Starts ``playa-rules serve`` on a free 127.0.0.1 port with a fresh store, opens ``--tables``
Playa Pirata tables of 4 seats (seats 0 and 1 people, seats 2 and 3 agents: ``--agents``,
random and greedy by default) and, for each person, ``--tabs`` connections to the seat's link, as if the person had
the page open that many times. Every tab answers every turn of its seat at once with a
move of its own choosing, so the tabs of one seat race each other: one move is applied, the
others are refused. The run stops when every match is over, or after ``--limit`` seconds.

Then each table's whole log is read and checked against the store: the store holds each
move once, in order, and the log replays (``pr.replay``) to the same end. It prints moves
per second (every decision of every table, agents' too), the server's processor time per
move (its agents' thinking included: on a shared machine, the figure that waiting does not
inflate), the latency of people's moves
(from sending a move to its answer: the table moved on, or the move refused), the refused
racing moves and the checks.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _post(url: str, body: dict) -> dict:
    req = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())


def _cpu_seconds(pid: int) -> float | None:
    """The processor time a process has used so far (user and system), from /proc; None elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def _log(url: str) -> list | None:
    """A finished table's log, or None (a table the time limit stopped has no log to give)."""
    try:
        with urllib.request.urlopen(url, timeout=60) as r:
            return json.loads(r.read())
    except urllib.error.HTTPError:
        return None


async def _tab(url: str, tab: int, stats: dict, deadline: float) -> None:
    """One page of one seat: answer each of its turns at once, until the match is over; a
    connection closed under it (a missed keepalive on a starved machine) is opened again, as
    the table page does."""
    import websockets

    while time.monotonic() < deadline:
        try:
            async with websockets.connect(url, max_size=None) as ws:
                if await _play(ws, tab, stats, deadline):
                    return
        except websockets.ConnectionClosed:
            stats["reconnects"] += 1


async def _play(ws, tab: int, stats: dict, deadline: float) -> bool:
    """Play on one connection; True once the match is over (or the time is up)."""
    sent_at = None
    try:
        while time.monotonic() < deadline:
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=deadline - time.monotonic()))
            except asyncio.TimeoutError:
                return True
            if msg["type"] == "refused":
                stats["refused"] += 1
            answered = msg["type"] == "refused" or (
                msg["type"] == "table" and sent_at and msg["moves"] > sent_at[0]
            )
            if sent_at is not None and answered:  # the move applied (the table moved on) or refused
                stats["latency"].append(time.monotonic() - sent_at[1])
                sent_at = None
            if msg["type"] != "table":
                continue
            if msg["over"]:
                if sent_at is None:
                    return True
                continue  # a move sent as the match ended is answered (refused) first
            if msg["actions"]:
                actions = msg["actions"]
                pick = actions[(msg["moves"] * 7 + tab) % len(actions)]["id"]
                sent_at = (msg["moves"], time.monotonic())
                await ws.send(json.dumps({"type": "act", "id": pick, "seen": msg["moves"]}))
                stats["sent"] += 1
        return True
    finally:
        if sent_at is not None:
            stats["unanswered"] += 1  # its answer (applied or refused) went with the connection


async def _run_tabs(links: list[str], port: int, tabs: int, deadline: float, stats: dict) -> None:
    jobs = [
        _tab(f"ws://127.0.0.1:{port}/ws/{link.rsplit('/', 1)[1]}", t, stats, deadline)
        for link in links
        for t in range(tabs)
    ]
    await asyncio.gather(*jobs)


def run(
    tables: int = 50, tabs: int = 2, limit: float = 600.0, seed: int = 1, agents=("random", "greedy")
) -> dict:
    """Run the load (module doc) and return its figures and checks."""
    import playa_rules as pr
    from playa_rules.web.store import Store

    port = _free_port()
    folder = tempfile.mkdtemp(prefix="playa-web-load-")
    db = os.path.join(folder, "tables.sqlite")
    server = subprocess.Popen(
        [sys.executable, "-m", "playa_rules", "serve", "--port", str(port), "--db", db],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )
    try:
        server.stdout.readline()
        base = f"http://127.0.0.1:{port}"
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        made = []
        seats = [{"kind": "person"}, {"kind": "person"}] + [{"kind": a} for a in agents]
        for t in range(tables):
            made.append(
                _post(
                    f"{base}/api/tables",
                    {"game": "playa-pirata", "players": 4, "seed": seed + t, "seats": seats},
                )
            )
        links = [m["seats"][s] for m in made for s in ("0", "1")]
        stats = {"sent": 0, "refused": 0, "latency": [], "reconnects": 0, "unanswered": 0}
        start = time.monotonic()
        asyncio.run(_run_tabs(links, port, tabs, start + limit, stats))
        wall = time.monotonic() - start
        cpu = _cpu_seconds(server.pid)
        logs = [_log(f"{base}/api/seat/{m['seats']['0'].rsplit('/', 1)[1]}/log.json") for m in made]
    finally:
        server.terminate()
        server.wait(30)
    store = Store(db)
    rules = pr.load("playa-pirata")
    moves_total = people = mismatched = over = 0
    for m, log in zip(made, logs):
        setup, moves = store.table(m["table"])
        if log is None:  # stopped by the time limit: its moves still rebuild the game
            game = rules.new_game(setup["players"], seed=setup["seed"])
            for _, action in moves:
                game.apply(action)
            log = game.log
        logged = [(e["seat"], e["id"]) for e in log if e["event"] == "action"]
        game = pr.replay(rules, log)
        if [tuple(x) for x in moves] != logged:
            mismatched += 1
        over += game.is_over and log[-1]["event"] == "end"
        moves_total += len(moves)
        people += sum(1 for seat, _ in moves if seat in (0, 1))
    lat = sorted(stats["latency"])
    return {
        "tables": tables,
        "connections": tables * 2 * tabs,
        "seconds": round(wall, 2),
        "moves": moves_total,
        "moves_per_second": round(moves_total / wall, 1),
        "server_cpu_seconds": None if cpu is None else round(cpu, 1),
        "server_cpu_ms_per_move": None if cpu is None else round(1000 * cpu / max(moves_total, 1), 2),
        "people_moves": people,
        "answers_timed": len(lat),
        "latency_median_ms": round(statistics.median(lat) * 1000, 1) if lat else None,
        "latency_p95_ms": round(lat[int(0.95 * (len(lat) - 1))] * 1000, 1) if lat else None,
        "latency_max_ms": round(lat[-1] * 1000, 1) if lat else None,
        "moves_sent": stats["sent"],
        "refused": stats["refused"],
        "reconnects": stats["reconnects"],
        "unanswered_at_reconnect": stats["unanswered"],
        "tables_whose_store_and_log_differ": mismatched,
        "tables_over": over,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--tabs", type=int, default=2, help="connections per person seat")
    parser.add_argument("--limit", type=float, default=600.0, help="seconds before the run stops")
    parser.add_argument("--agents", default="random,greedy", help="the agents of seats 2 and 3")
    args = parser.parse_args()
    agents = tuple(args.agents.split(","))
    print(json.dumps(run(args.tables, args.tabs, args.limit, agents=agents), indent=1))


if __name__ == "__main__":
    main()
