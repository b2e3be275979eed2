"""The ismcts benchmark (benchmarks/ismcts.py) plays the README's example and counts what it claims."""

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _bench():
    spec = importlib.util.spec_from_file_location("bench_ismcts", ROOT / "benchmarks" / "ismcts.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_benchmark_compares_two_settings_on_the_same_games(capsys):
    bench = _bench()
    assert bench.main(["--games", "2", "--agents", "ismcts:playouts=6", "ismcts:playouts=6,reuse=0"]) == 0
    out = capsys.readouterr().out
    rows = re.findall(
        r"^(ismcts\S*) +([\d.]+) s CPU a game \(x([\d.]+)\), wins (\d)/2 .* (\d+) reused$", out, re.M
    )
    assert [r[0] for r in rows] == ["ismcts:playouts=6", "ismcts:playouts=6,reuse=0"]
    assert rows[0][2] == "1.00" and rows[1][4] == "0"  # the first is the reference; no reuse when off


def test_the_fixed_positions_are_searched_with_every_setting(capsys):
    bench = _bench()
    assert bench.main(["--positions", "3", "--agents", "ismcts:playouts=5", "ismcts:playouts=5,c=2"]) == 0
    rows = re.findall(
        r"^(\S+) +(\d+) positions: [\d.]+ s CPU, (\d+) iterations$", capsys.readouterr().out, re.M
    )
    assert [(spec, n) for spec, n, _ in rows] == [("ismcts:playouts=5", "3"), ("ismcts:playouts=5,c=2", "3")]
    assert all(6 <= int(it) <= 15 for _, _, it in rows)  # 5 a search, fewer once the choice is settled
