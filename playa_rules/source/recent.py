"""A cache that keeps what was used last: the compiled rule sets and the files read.

A process that loads many rule files (a fuzzing campaign, a server, an editor's checks) must
not keep every one: each compiled rule set holds thousands of objects, and every object the
process keeps makes each of the garbage collector's full passes longer. The caches keep the
``size`` entries used last and forget the oldest.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

CACHED_RULES = 64
"""Compiled rule sets kept (a game with its variants is one): far more than a program plays
at once. A rule set forgotten is compiled again when next loaded (the same rules, a new object)."""
CACHED_FILES = 256
"""Rule and variant files kept as read (by path and version), for the rule sets compiled from them."""


class Recent:
    """A mapping of at most ``size`` entries, the oldest used forgotten first (an LRU cache);
    safe to share between threads (the web server loads rules from several).

    >>> cache = Recent(2)
    >>> cache.put("a", 1); cache.put("b", 2); cache.get("a"); cache.put("c", 3)
    1
    >>> cache.get("b") is None, len(cache)
    (True, 2)
    """

    def __init__(self, size: int):
        self.size = size
        self._entries: OrderedDict = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key, default=None):
        """The value of ``key`` (now the most recently used), or ``default``."""
        with self._lock:
            if key not in self._entries:
                return default
            self._entries.move_to_end(key)
            return self._entries[key]

    def put(self, key, value) -> None:
        """Keep ``value`` under ``key``, forgetting the least recently used entry past the size."""
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        """Forget every entry."""
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)
