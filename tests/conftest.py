"""The tests are grouped in folders by pipeline stage (CONTRIBUTING.md, "Where the tests are");
their helpers (scenarios, fuzzers, backend_switch, cpu, play_digests, web_server) are modules
of this folder, imported by name from the tests of every folder."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
