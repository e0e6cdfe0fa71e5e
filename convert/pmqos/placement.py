"""Where a handle may live.

Rule (one handle per request instance): a static handle only for a request
that exists once by construction (every add runs once: module_init, an
initcall, __init, or only called from those; or no device reaches the add
and the request lives in one file; or every add is reached only from
probes of a driver for one device, and the request lives in one file).

A driver is for one device when each probe that reaches the add keeps its
device or its state in file scope (CallGraph.file_state): it stores a
structure pointer it holds into a variable or a field of a variable that
is not its own (the_usb_info = ui; kgsl_driver.pdev = pdev), assigns such
a variable an allocation (state = kzalloc(...)), or initialises such a
work item, timer or lock (INIT_WORK(&work, f)).  A second probe would
overwrite that state while the first device still uses it, so such a
driver does not work with two devices anyway; and with one constant name,
every probe's add made the same name, whose updates and removes reached
the newest entry: that is what one static handle does (a second add
replaces the handle, as the name found only the newest).  Spread over
several files, the handle goes into the structure that the driver's
single global pointer reaches, when every call reaches it.  A probe that
only shares something lazily (if (!wq) wq = create_workqueue(...)) or
counts devices proves nothing: its request stays reported.

Two more shapes exist once by construction (Decider.one_instance,
Decider.flag_gate), each in one file: an add reached only through
pointers to a structure of the driver's own that has one instance, a
file-scope variable that the driver never allocates another of (a
pointer to it can only point to that one); and a request whose every add
runs under if (!F) and every update and remove under if (F), for a
static flag F of the file, zero at first, set right after each add and
cleared right after each remove, and stored nowhere else: it is added at
most once at a time.  Files that each add the same name under a flag of
their own made an entry each with names: one handle per file.

Variants of one driver that the Makefile builds one at a time (each
file in its own branch of one ifeq/else block) are never linked
together, so the same literal in each is a request of each build: one
handle per file (Decider.variants, textfacts.exclusive).

Otherwise a field, and a field only
in the driver's own per-instance structure: one declared in the driver's
directory, that the driver allocates (kzalloc, ...) or reaches through
drvdata, netdev_priv or container_of, or that the single global pointer
to its state points to.  Never in a structure of the kernel core
(kernel.txt's core-struct), nor in the type of a table: a structure
with an initialized, const or array instance (ops and action tables,
tables of resources).  A per-instance name (a field of a structure)
gets the field in that structure itself when it is such an instance,
or else in the instance the driver reaches from the device that owns
the name.
"""

import os
from typing import Dict, List, Optional, Set, Tuple

from . import kernel
from .facts import Call, UnitFacts

# Where a pointer to the driver's per-device instance comes from: the
# getters of kernel.txt, container_of() and hcd->hcd_priv.
PRIV_GETTERS = kernel.GETTERS | {"container_of", "hcd_priv"}


def accessors(units: Dict[str, UnitFacts]) -> Dict[Tuple[str, str], str]:
    """The structures the driver reaches through a private area (facts:
    derive, of its file's own accessor or of an embedded getter): each
    (function, variable) assigned from one (x = hcd_to_foo(hcd)) is
    recorded in its unit's srcs as "hcd_priv" (or the getter the
    accessor wraps), so that the structure counts as the driver's own
    per-instance state.  Returns {(function, variable): the variable it
    was reached from} (hcd for x), whose free frees it too."""
    derived: Dict[Tuple[str, str], str] = {}
    for u, F in sorted(units.items()):
        for k, fn, var, how, arg, at in sorted(F.derives):
            if k[0] == u and at in ("", u):
                F.srcs.setdefault((fn, var), how)
                derived[(fn, var)] = arg
    return derived


# A structure, by its name and the file that defines it.
SKey = Tuple[str, str]


class Placement:
    """The structures each unit may hold a handle in."""

    def __init__(self, units: Dict[str, UnitFacts], any_struct: bool,
                 archdirs: Optional[Dict[str, List[str]]] = None):
        self.units = units
        self.any_struct = any_struct
        self.archdirs = archdirs or {}
        self.core = kernel.CORE_STRUCTS

    def skey(self, unit: str, s: str) -> Optional[SKey]:
        sd = self.units[unit].structs.get(s)
        return (s, sd.file) if sd else None

    def global_ptrs(self, unit: str) -> Dict[str, str]:
        """{struct: var} of the structures the unit has exactly one
        global pointer to (the driver's state)."""
        seen: Dict[str, List[str]] = {}
        for g in self.units[unit].gvars:
            if g.ptr:
                seen.setdefault(g.struct, []).append(g.var)
        return {s: vs[0] for s, vs in seen.items() if len(set(vs)) == 1}

    def reach(self, fn: str, unit: str, globals_too: bool = True
              ) -> Dict[str, str]:
        """{struct: access prefix} of the structures fn holds a pointer
        to, or (globals_too) that the unit has its single global pointer
        to."""
        F = self.units[unit]
        out: Dict[str, str] = {}
        for (var, s, how) in F.svars.get(fn, []):
            out.setdefault(s, var + "->")
        if not globals_too:
            return out
        local = F.vars.get(fn, {})
        for s, var in sorted(self.global_ptrs(unit).items()):
            if s not in out and var not in local:
                out[s] = var + "->"
        return out

    def instance(self, s: str, unit: str, file: str) -> Optional[str]:
        """Why struct s may hold a handle for calls in file of unit, or
        None: the driver's own per-instance structure."""
        F = self.units[unit]
        sd = F.structs.get(s)
        if sd is None or s in self.core:
            return None
        if not self.any_struct and \
                os.path.dirname(os.path.normpath(sd.file)) != \
                os.path.dirname(os.path.normpath(file)) and \
                not self.machine_header(sd.file, file):
            return None
        if s in F.tables:
            return None
        if self.any_struct:
            return "any-struct"
        for (fn, var), how in sorted(F.srcs.items()):
            if how == "container_of" or any(
                    v == var and t == s for (v, t, h) in F.svars.get(fn, [])):
                return how
        if s in self.global_ptrs(unit):
            # a pointer declared in a machine's header (extern struct
            # board_data *x;) is the board's, not the driver's state
            if self.machine_header(sd.file, file) and not any(
                    g.ptr and g.struct == s and
                    not self.machine_header(g.file, file)
                    for g in F.gvars):
                return None
            return "global"
        return None

    def machine_header(self, h: str, file: str) -> bool:
        """h is a header of file's machine or platform (a <mach/...> or
        <plat/...> of its machine include directories, or one of its
        <asm/arch/...> headers before 2.6.26, textfacts.arch_dirs): where
        a vendor driver declares its own structure beside the board code.
        What makes such a structure the driver's own instance is the rest
        of instance(), as for one declared in the driver's directory."""
        h = os.path.normpath(h)
        return any(h == os.path.normpath(d) or
                   h.startswith(os.path.normpath(d) + os.sep)
                   for d in self.archdirs.get(file, ()))

    def getter(self, s: str, unit: str) -> bool:
        """The unit reaches struct s from a device (drvdata, netdev_priv,
        container_of)."""
        F = self.units[unit]
        return any(how in PRIV_GETTERS and any(
            v == var and t == s for (v, t, h) in F.svars.get(fn, []))
            for (fn, var), how in F.srcs.items())

    def holder(self, calls: List[Call], owner: Optional[str],
               shared_ok: bool = True) -> Tuple[Optional[SKey], str]:
        """The structure every call reaches that may hold the handle, or
        (None, why not).  owner: the structure of a per-instance name.
        Without shared_ok (an add that may run more than once), a
        structure reached only through the unit's single global pointer
        does not count: one such instance would hold one handle for
        every run of the add."""
        common: Optional[Set[SKey]] = None
        for c in calls:
            r = set()
            for s in self.reach(c.func, c.unit, shared_ok):
                k = self.skey(c.unit, s)
                if k and self.instance(s, c.unit, c.file):
                    r.add(k)
            common = r if common is None else common & r
        common = common or set()
        if owner is not None:
            mine = {k for k in common if k[0] == owner}
            if mine:
                return sorted(mine)[0], ""
            if owner not in kernel.DEVICE_STRUCTS:
                return None, ("the name is a field of struct %s, which is "
                              "not an instance of the driver's own that "
                              "every call reaches (a table, a core "
                              "structure, or not allocated by the "
                              "driver)" % owner)
            common = {k for k in common
                      if any(self.getter(k[0], c.unit) for c in calls)}
            if not common:
                return None, ("no structure of the driver reached from "
                              "the %s (drvdata, netdev_priv, container_of)"
                              " is held by every call" % owner)
        if not common:
            fns = sorted({"%s()" % c.func for c in calls})
            return None, ("no structure of the driver's own per-instance "
                          "state is held by all of %s" % ", ".join(fns))
        roots = {c.root[1].replace("struct ", "").replace("*", "").strip()
                 for c in calls if c.root}
        pref = sorted(common, key=lambda k: (k[0] not in roots,
                                             k[1] != calls[0].file, k))
        return pref[0], ""

    def prefix(self, c: Call, s: str) -> str:
        return self.reach(c.func, c.unit)[s]
