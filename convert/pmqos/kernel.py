"""The table of kernel knowledge: the lists of kernel.txt beside this
module (the old and the new API, allocators, getters of private data,
frees, locks, initcalls, structures of devices and of the core, where a
device's name is, callbacks run in atomic context), read once.

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
    """The names of a list, without their argument positions."""
    return frozenset(w.split(":")[0] for w in LISTS[name])


def positions(name: str) -> Dict[str, Tuple[int, ...]]:
    """{name: its argument positions} of a list written NAME:N[:M...]."""
    out: Dict[str, Tuple[int, ...]] = {}
    for w in LISTS[name]:
        n, *p = w.split(":")
        out[n] = tuple(int(x) for x in p)
    return out


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

ALLOC_ZEROED = names("alloc-zeroed")
ALLOC_UNZEROED = names("alloc-unzeroed")
ALLOC = ALLOC_ZEROED | ALLOC_UNZEROED
ALLOC_COPY = names("alloc-copy")
GETTERS = names("getter")
EMBEDDED_GETTERS = names("getter-embedded")
FREES = names("free")
# {free: the argument it frees}, -1 for the last (args[FREE_ARG[f]])
FREE_ARG = {n: p[0] if p else -1 for n, p in positions("free").items()}
LOCK_CALLS = names("lock")
UNLOCK_CALLS = names("unlock")
EXCLUSIVE_LOCKS = names("exclusive-lock")
EXCLUSIVE_UNLOCKS = names("exclusive-unlock")
RUN_ONCE_MACROS = names("initcall")
EXIT_MACROS = names("exitcall")
INIT_OBJ_FNS = names("init-obj")
STOP_CALLBACK = names("stop-callback")
OP_WRAPPERS = names("op-wrap")
# Where a handle may live, and what runs once per device.
DEVICE_STRUCTS = names("device-struct")
CORE_STRUCTS = names("core-struct")
# Callbacks run in atomic context: {(function, argument)}, the fields of
# an ops structure, {(registering function, argument)}.
ATOMIC_CALLBACKS = {(n, p[0]) for n, p in positions("atomic-callback").items()}
ATOMIC_OPS = names("atomic-op")
REENTRANT_OPS = names("reentrant-op")
REENTRANT_CALLBACKS = positions("reentrant-callback")
ATOMIC_CHAINS = {(n, p[0]) for n, p in positions("atomic-chain").items()}
# Where a device's name is, and the calls that store or copy names:
# {function: argument}, {function: (destination, source, a format?)},
# {function: the bound} of the copies that take one.
DEV_NAME_FIELDS = names("dev-name-field")
DEV_NAME_OWNERS = names("dev-name-owner")
NAMING_CALLS = {n: p[0] for n, p in positions("naming-call").items()}
BUS_NAMING_CALLS = {n: p[0]
                    for n, p in positions("bus-naming-call").items()}
COPY_CALLS = dict([(n, p[:2] + (False,))
                   for n, p in positions("copy").items()] +
                  [(n, p[:2] + (True,))
                   for n, p in positions("copy-fmt").items()])
COPY_BOUND = {n: p[2] for n, p in positions("copy").items() if len(p) > 2}
DUP_SRC = {n: p[0] for n, p in positions("dup").items()}
API_MACROS = tuple(LISTS["api-macro"])
