"""A real ``playa-rules serve`` in a subprocess on a free loopback port, for the tests that need
one (browser tests, restarts, load): started, waited for, killed."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``python -m playa_rules serve`` on 127.0.0.1 with its store at ``db``."""

    def __init__(self, db: str, port: int | None = None):
        self.db = db
        self.port = port or free_port()
        self.proc = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "playa_rules", "serve", "--port", str(self.port), "--db", self.db],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=dict(os.environ, PYTHONPATH=str(ROOT)),
        )
        first = self.proc.stdout.readline().decode()
        assert "serving on http://127.0.0.1:" in first, first
        for _ in range(200):
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self
            except OSError:
                time.sleep(0.05)
        raise AssertionError("the server did not start listening")

    def kill(self) -> None:
        """Kill the server at once (SIGKILL): nothing is flushed that was not already written."""
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def post(self, path: str, body: dict | None = None) -> dict:
        data = json.dumps(body or {}).encode()
        req = urllib.request.Request(self.url + path, data=data, headers={"content-type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return json.loads(r.read())
        except urllib.error.HTTPError as exc:
            return json.loads(exc.read())

    def get(self, path: str):
        with urllib.request.urlopen(self.url + path, timeout=30) as r:
            return json.loads(r.read())

    def ws(self, link: str):
        from websockets.sync.client import connect

        return connect(f"ws://127.0.0.1:{self.port}/ws/{link.rsplit('/', 1)[1]}", open_timeout=10)
