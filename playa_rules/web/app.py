"""The web server: pages, a small JSON API, and one websocket per watching seat (Starlette).

Routes: ``/`` the page to set a table up; ``/t/{token}`` a seat's table (the token is the
seat's secret link); ``/r/{id}`` a replay; ``/api/...`` what the pages ask for; ``/ws/{token}``
a seat's live table. Whatever a page sends is untrusted: bodies are size-capped, JSON is
checked field by field, and a problem comes back as ``{"error": message}`` (the library's
located messages), never a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..errors import PlayaRulesError
from ..render import LANGUAGES
from ..render.progress import end_condition
from ..shared import limits
from . import present, replays
from .setup import bundled, rules_of, rules_summary
from .store import Store
from .tables import MAX_ACTIONS, Hub

STATIC = Path(__file__).parent / "static"
MAX_BODY = 4 * limits.MAX_BYTES + 65536  # a rule file and a few variants, as JSON
MAX_MESSAGE = 4096  # characters of one websocket message from a page
REPLAYS_KEPT = 64  # replays kept loaded in memory (the store keeps them all)
NO_TABLE = "no table has this link: check it was copied whole"
NO_TABLE_CODE = 4404  # the websocket's close code for a link no table has (table.js stops retrying)
log = logging.getLogger("playa_rules.web")
ICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" '
    'fill="#f2c14e" stroke="#8a5a00"/></svg>'
)  # the pages' icon (a sun), served at /favicon.ico as browsers ask for it


class NoSuchLink(PlayaRulesError):
    """A table or replay link that names nothing (HTTP 404)."""


async def _body(request: Request):
    size = request.headers.get("Content-Length")
    if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
        raise PlayaRulesError(f"a request is at most {MAX_BODY} bytes")
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise PlayaRulesError(f"a request is at most {MAX_BODY} bytes")
    try:
        return json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise PlayaRulesError(f"the request is not JSON: {exc}") from None


def _answer(handler):
    """A route whose PlayaRulesError is a 400 with its message (a 404 for a link that names
    nothing), and any other failure a 500 with one line (the details go to the server's log)."""

    async def route(request: Request):
        try:
            return await handler(request)
        except NoSuchLink as exc:
            return JSONResponse({"error": str(exc)}, status_code=404)
        except PlayaRulesError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        except Exception:
            log.exception("internal error")
            return JSONResponse(
                {"error": "internal error: the server's log has the details"}, status_code=500
            )

    return route


def build_app(store_path: str = "playa-tables.sqlite", max_actions: int = MAX_ACTIONS) -> Starlette:
    """The application, its tables kept in the SQLite file ``store_path``; a table not over
    after ``max_actions`` moves stops with an error (tables.Hub)."""
    hub = Hub(Store(store_path), max_actions)

    def page(name: str, known=None):
        """The page ``name``; with ``known``, a 404 (the same page, which says so) for a link
        that names no table or replay."""

        async def serve(request: Request):
            found = known is None or known(request)
            return FileResponse(STATIC / name, status_code=200 if found else 404)

        return serve

    def known_seat(request: Request) -> bool:
        try:
            return hub.seat(request.path_params["token"]) is not None
        except PlayaRulesError:
            return False

    def known_replay(request: Request) -> bool:
        replay_id = request.path_params["replay"]
        return replay_id in replay_cache or hub.store.replay(replay_id) is not None

    async def icon(request: Request):
        return Response(ICON, media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})

    async def check_rules(request: Request):
        return JSONResponse(await asyncio.to_thread(rules_summary, await _body(request)))

    async def games(request: Request):
        return JSONResponse({"games": bundled(), "languages": list(LANGUAGES)})

    async def create(request: Request):
        setup, rules_ = await asyncio.to_thread(hub.prepare, await _body(request))
        table, tokens = hub.create(setup, rules_)
        hub.wake(table)
        return JSONResponse({"table": table.id, "seats": {str(s): f"/t/{t}" for s, t in tokens.items()}})

    def seat_of(request: Request):
        found = hub.seat(request.path_params["token"])
        if found is None:
            raise NoSuchLink(NO_TABLE)
        return found

    async def rules(request: Request):
        lang = request.query_params.get("lang", "en")
        if lang not in LANGUAGES:
            raise PlayaRulesError(f"the rules are in {', '.join(LANGUAGES)}, not {lang[:20]!r}")
        if "token" in request.path_params:
            table, _ = seat_of(request)
            rules_ = table.rules
        else:
            rules_ = hub_replay(request.path_params["replay"])[0]
        return JSONResponse({"html": present.rules_html(rules_, lang)})

    async def table_log(request: Request):
        table, _ = seat_of(request)
        if not table.game.is_over:
            raise PlayaRulesError("the whole log is shown once the match is over")
        return Response(
            json.dumps(table.game.log, indent=1),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{table.rules.id}-{table.id}.json"'},
        )

    async def table_replay(request: Request):
        table, _ = seat_of(request)
        if not table.game.is_over:
            raise PlayaRulesError("a match is saved as a replay once it is over")
        setup = {k: v for k, v in table.setup.items() if k != "seats"}
        replay_id = secrets.token_urlsafe(9)
        hub.store.add_replay(replay_id, setup, table.game.log)
        return JSONResponse({"replay": f"/r/{replay_id}"})

    replay_cache: dict = {}  # the replays opened last, at most REPLAYS_KEPT

    def hub_replay(replay_id: str):
        if replay_id not in replay_cache:
            saved = hub.store.replay(replay_id)
            if saved is None:
                raise NoSuchLink("no replay has this link")
            setup, events = saved
            if len(replay_cache) >= REPLAYS_KEPT:
                replay_cache.pop(next(iter(replay_cache)))
            replay_cache[replay_id] = (rules_of(setup), events, setup)
        return replay_cache[replay_id]

    async def new_replay(request: Request):
        setup, events = await asyncio.to_thread(replays.prepared, await _body(request))
        replay_id = secrets.token_urlsafe(9)
        hub.store.add_replay(replay_id, setup, events)
        return JSONResponse({"replay": f"/r/{replay_id}"})

    async def replay_frame(request: Request):
        rules_, events, setup = hub_replay(request.path_params["replay"])
        q = request.query_params
        out = await asyncio.to_thread(
            replays.frame_for_query, rules_, events, q.get("step", "0"), q.get("seat", "")
        )
        out.update(
            title=rules_.title,
            game=rules_.id,
            display=rules_.spec.get("display") or {},
            ends_early=end_condition(rules_.spec) is not None,
            action_rules=present.action_rules(rules_),
            lang=setup.get("lang", "en"),
        )
        return JSONResponse(out)

    async def seat_socket(ws: WebSocket):
        try:
            found = hub.seat(ws.path_params["token"])
        except PlayaRulesError:
            found = None
        if found is None:  # accepted, then closed with a code and reason the page reads (no retry)
            await ws.accept()
            await ws.close(code=NO_TABLE_CODE, reason=NO_TABLE)
            return
        table, seat = found
        await ws.accept()
        table.watchers.setdefault(seat, set()).add(ws)
        try:
            await ws.send_json(table.intro(seat))
            await hub.broadcast(table)
            hub.wake(table)
            while True:
                text = await ws.receive_text()
                msg = _message(text)
                if msg is None or msg.get("type") != "act":
                    await ws.send_json({"type": "refused", "error": "a page sends moves only"})
                    continue
                error = await hub.act(table, seat, msg.get("id"), msg.get("seen"))
                if error:
                    await ws.send_json({"type": "refused", "error": error})
                    await ws.send_json(table.payload(seat))
        except WebSocketDisconnect:
            pass
        finally:
            table.watchers.get(seat, set()).discard(ws)

    routes = [
        Route("/", page("index.html")),
        Route("/t/{token}", page("table.html", known_seat)),
        Route("/r/{replay}", page("replay.html", known_replay)),
        Route("/favicon.ico", icon),
        Route("/api/games", _answer(games)),
        Route("/api/rules", _answer(check_rules), methods=["POST"]),
        Route("/api/tables", _answer(create), methods=["POST"]),
        Route("/api/seat/{token}/rules", _answer(rules)),
        Route("/api/seat/{token}/log.json", _answer(table_log)),
        Route("/api/seat/{token}/replay", _answer(table_replay), methods=["POST"]),
        Route("/api/replays", _answer(new_replay), methods=["POST"]),
        Route("/api/replays/{replay}", _answer(replay_frame)),
        Route("/api/replays/{replay}/rules", _answer(rules)),
        WebSocketRoute("/ws/{token}", seat_socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app):
        yield
        for task in list(hub.tasks):  # agents thinking: their moves are not written, they play again
            task.cancel()

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hub = hub
    return app


def _message(text: str):
    if len(text) > MAX_MESSAGE:
        return None
    try:
        msg = json.loads(text)
    except json.JSONDecodeError:
        return None
    return msg if isinstance(msg, dict) else None
