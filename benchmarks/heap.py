"""What a long fuzzing campaign leaves on the heap: live objects, traced memory and the CPU
time of each block of mutants, as the campaign goes on.

Runs ``tests/fuzz_rules.py``'s mutants (validate, load, the CLI's validate on one in eight,
random play of those that load) in this process, in blocks, and after each block prints the
number of objects the garbage collector tracks (``gc.get_objects()``), the memory traced by
``tracemalloc`` (with ``--trace``: it slows every allocation), the entries of the loader's
caches, and the block's CPU time as a ratio to the first block's (the reference: the same
process, the same kind of work). A heap that grows with every file loaded makes each later
collection slower, so late blocks cost more than early ones. Run it from the repository root:

    python benchmarks/heap.py                 # 400 mutants in blocks of 50
    python benchmarks/heap.py 1000 100        # 1,000 mutants in blocks of 100
    python benchmarks/heap.py 400 50 --trace  # with tracemalloc's figures

The figures of a run are in benchmarks/README.md.
"""

from __future__ import annotations

import gc
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]


def _cache_sizes() -> str:
    from playa_rules import rules
    from playa_rules.source import variants

    return f"{len(rules._CACHE):>4} rule sets, {len(variants._DOCS):>4} files cached"


def main(argv: list[str]) -> None:
    """Run the campaign in blocks and print what the heap holds after each."""
    import fuzz_rules

    args = [a for a in argv if not a.startswith("--")]
    count = int(args[0]) if args else 400
    block = int(args[1]) if len(args) > 1 else 50
    trace = "--trace" in argv
    if trace:
        tracemalloc.start()
    reference = None
    print(
        f"{'mutants':>8} {'objects':>10} {'traced MB':>10} {'block CPU s':>12} {'ratio':>6} {'worst s':>8} {'gc ms':>8}  caches"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for start in range(100_000, 100_000 + count, block):
            t0, worst = time.process_time(), 0.0
            for seed in range(start, start + block):
                s0 = time.process_time()
                fuzz_rules.check_one(seed, Path(tmp))
                worst = max(worst, time.process_time() - s0)
            spent = time.process_time() - t0
            reference = reference or spent
            c0 = time.process_time()
            gc.collect()  # a full pass: what each of them costs grows with the objects kept
            collect = time.process_time() - c0
            traced = f"{tracemalloc.get_traced_memory()[0] / 1e6:10.1f}" if trace else f"{'-':>10}"
            print(
                f"{start - 100_000 + block:>8} {len(gc.get_objects()):>10,} {traced} {spent:>12.1f} "
                f"{spent / reference:>6.2f} {worst:>8.2f} {collect * 1000:>8.0f}  {_cache_sizes()}",
                flush=True,
            )


if __name__ == "__main__":
    main(sys.argv[1:])
