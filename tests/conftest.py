"""The tests are grouped in folders by pipeline stage (CONTRIBUTING.md, "Where the tests are").
Their helpers (scenarios, fuzzers, backend_switch, cpu, play_digests, web_server) are modules
of this folder, and a few tests share a table or a function with a test of another folder
(test_backends reads test_limits' probe game): this folder and each of its test folders are on
the path, so any of them imports by name whichever tests are collected."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
for folder in [HERE, *sorted(p for p in HERE.iterdir() if p.is_dir() and any(p.glob("test_*.py")))]:
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
