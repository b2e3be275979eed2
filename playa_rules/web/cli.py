"""``playa-rules serve``: the web table, bound to this machine unless told otherwise."""

from __future__ import annotations

import argparse
import socket

from ..shared.limits import MAX_GAME_ACTIONS

DEFAULT_STORE = "playa-tables.sqlite"


def register(sub) -> None:
    """Add the ``serve`` command to the command line's subparsers."""
    p = sub.add_parser(
        "serve",
        help="serve tables in the browser: play any rule set with people and agents, replay logs",
        description="Serve a web page to set up tables of any rule set (bundled or uploaded), "
        "play them in the browser with people (one secret link per seat) and agents, read the "
        "rules beside the table and replay saved logs. Needs the web extra: "
        "pip install 'playa-rules[web]'.",
    )
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0 opens it "
        "to the local network)",
    )
    p.add_argument("--port", type=_port, default=8000, help="the port (default 8000)")
    p.add_argument(
        "--db",
        default=DEFAULT_STORE,
        metavar="FILE",
        help=f"the SQLite file that keeps every table and replay (default {DEFAULT_STORE})",
    )
    p.add_argument(
        "--max-actions",
        type=_max_actions,
        default=MAX_GAME_ACTIONS,  # (tables.MAX_ACTIONS)
        metavar="M",
        help="stop a table with an error, shown on its pages, if its match is not over after M "
        "moves of people and agents (default 100000)",
    )
    p.set_defaults(run_command=cmd_serve)


def _port(text: str) -> int:
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 1 to 65535, not {text!r}")
    return int(text)


def _max_actions(text: str) -> int:
    if not text.strip().isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"--max-actions is a whole number from 1, not {text!r}")
    return int(text)


def cmd_serve(args) -> int:
    from ..errors import PlayaRulesError

    try:
        import uvicorn

        from .app import MAX_MESSAGE, build_app
    except ImportError as exc:
        raise PlayaRulesError(
            f"serve needs the web extra ({exc.name} is missing): pip install 'playa-rules[web]'"
        ) from None
    try:
        app = build_app(args.db, args.max_actions)
    except Exception as exc:  # sqlite3 cannot open the file
        raise PlayaRulesError(f"cannot open the store {args.db}: {exc}") from None
    with socket.socket() as probe:  # a port in use is one line, before uvicorn's own log
        try:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((args.host, args.port))
        except OSError as exc:
            raise PlayaRulesError(
                f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}"
            ) from None
    where = "this machine only" if args.host in ("127.0.0.1", "localhost", "::1") else "other machines too"
    print(
        f"playa-rules: serving on http://{args.host}:{args.port}/ ({where}); tables kept in {args.db}",
        flush=True,
    )
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws="auto", ws_max_size=MAX_MESSAGE)
    return 0
