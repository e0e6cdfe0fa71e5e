"""The table of kernel knowledge: the lists of kernel.txt beside this
module (the old and the new API, allocators, getters of private data,
frees, locks, initcalls), read once.

This module imports nothing of the package: convert/smpl/facts.cocci's
Python imports it as well as the converter's modules, and
eval/check/pmqos-check reads the same lists where it needs the same
fact.
"""

import os
import re
from typing import Dict, FrozenSet, Tuple

TABLE = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                     "kernel.txt")


def read_table(path: str = TABLE) -> Dict[str, Tuple[str, ...]]:
    """{list: its names in the order written}: the lines LIST NAME...,
    a list on several lines their union; # starts a comment line."""
    lists: Dict[str, Tuple[str, ...]] = {}
    with open(path) as fh:
        for line in fh:
            words = line.split()
            if not words or words[0].startswith("#"):
                continue
            lists[words[0]] = lists.get(words[0], ()) + tuple(words[1:])
    return lists


LISTS = read_table()


def names(name: str) -> FrozenSet[str]:
    return frozenset(LISTS[name])


def one(name: str) -> str:
    (n,) = LISTS[name]
    return n


# The string-named API and the handle-based one.
ADD, UPDATE, REMOVE, READER = (one("api-" + k)
                               for k in ("add", "update", "remove", "read"))
OLD_API = (ADD, UPDATE, REMOVE, READER)
NEW_ADD, NEW_UPDATE, NEW_REMOVE, NEW_READER = (
    one("new-" + k) for k in ("add", "update", "remove", "read"))
# A call of the old API in C text.
API_CALL = re.compile(r'\b(%s)\s*\(' % "|".join(map(re.escape, OLD_API)))

ALLOC = names("alloc")
ALLOC_COPY = names("alloc-copy")
GETTERS = names("getter")
EMBEDDED_GETTERS = names("getter-embedded")
FREES = names("free")
LOCK_CALLS = names("lock")
UNLOCK_CALLS = names("unlock")
EXCLUSIVE_LOCKS = names("exclusive-lock")
EXCLUSIVE_UNLOCKS = names("exclusive-unlock")
RUN_ONCE_MACROS = names("initcall")
EXIT_MACROS = names("exitcall")
INIT_OBJ_FNS = names("init-obj")
OP_WRAPPERS = names("op-wrap")
