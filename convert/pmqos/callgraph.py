"""The call graph of one unit: entry points, functions that run once,
atomic context, and what runs after an add.

Each rule is a method of CallGraph; the graph is that of one candidate file
and the headers it includes, so that a function of the same name in
another file never changes an answer.
"""

from typing import Dict, List, Optional, Set, Tuple

from .facts import UnitFacts
# The declarers that run a function once or at exit, the calls that take
# and release a lock, those that initialise an object given by address,
# the callbacks that run in atomic context, the structures a driver gets
# once per device: the table of kernel.txt.
from .kernel import (ATOMIC_CALLBACKS, ATOMIC_CHAINS,  # noqa: F401
                     ATOMIC_OPS, DEVICE_STRUCTS, EXIT_MACROS, INIT_OBJ_FNS,
                     LOCK_CALLS, OP_WRAPPERS, REENTRANT_CALLBACKS,
                     REENTRANT_OPS,
                     RUN_ONCE_MACROS, UNLOCK_CALLS)

# How an entry point that is not static is reached: from any file.
NOT_STATIC = "not static: other files may call it"


class CallGraph:
    """Callers, entry points and atomic functions of one unit."""

    def __init__(self, facts: UnitFacts, core_structs: Set[str]):
        self.f = facts
        self.core = core_structs
        self.callers: Dict[str, List[Tuple[str, int, str]]] = {}
        self.entry: Dict[str, str] = {}
        self.atomic: Dict[str, str] = {}
        self._build()

    def _build(self) -> None:
        F = self.f
        for e in sorted(F.edges.values(), key=lambda e: (e.file, e.line)):
            if e.callee in F.funcs and e.caller in F.funcs:
                self.callers.setdefault(e.callee, []).append(
                    (e.caller, e.line, e.file))
            for i, a in sorted(e.args.items()):
                # (.remove = __devexit_p(f): f is the field's, F.ops)
                if a in F.funcs and a != e.caller and \
                        e.callee not in OP_WRAPPERS:
                    self.entry.setdefault(a, "handed to %s()" % e.callee)
                    if (e.callee, i) in ATOMIC_CALLBACKS:
                        self.atomic.setdefault(
                            a, "a %s() callback" % e.callee)
                if (e.callee, i) in ATOMIC_CHAINS:
                    for fn, ops in sorted(F.ops.items()):
                        if (("notifier_call", a) in ops and
                                fn in F.funcs):
                            self.atomic.setdefault(
                                fn, "a notifier on an atomic chain "
                                "(%s() at %s:%d)" % (e.callee, e.file,
                                                     e.line))
        for f, m in sorted(F.initcalls.items()):
            self.entry[f] = m
        for f, ops in sorted(F.ops.items()):
            if f in F.funcs:
                self.entry.setdefault(f, "." + ops[0][0])
                if {o[0] for o in ops} & ATOMIC_OPS:
                    self.atomic.setdefault(f, "a timer callback (.function)")
        for f in sorted(F.funcs):
            if f not in F.static:
                self.entry.setdefault(f, NOT_STATIC)
            elif f not in self.callers:
                self.entry.setdefault(f, "not called in its file")
        for (file, caller, callee) in sorted(F.locked_calls):
            if callee in F.funcs:
                self.atomic.setdefault(
                    callee, "called from %s() with a lock held" % caller)
        # The callees of atomic functions are atomic too.
        changed = True
        while changed:
            changed = False
            for callee in sorted(self.callers):
                if callee in self.atomic:
                    continue
                for (caller, line, file) in self.callers[callee]:
                    if caller in self.atomic:
                        self.atomic[callee] = "called from %s(), %s" % (
                            caller, self.atomic[caller])
                        changed = True
                        break

    def all_callers(self, fn: str, seen: Optional[Set[str]], test) -> bool:
        """fn is no entry point, has callers in the unit, and every call
        of it passes test(caller, line, seen); a cycle does not."""
        if seen is None:
            seen = set()
        if fn in seen or fn in self.entry or fn not in self.callers:
            return False
        seen.add(fn)
        return all(test(c, ln, seen) for (c, ln, f) in self.callers[fn])

    def runs_once(self, fn: str, seen: Optional[Set[str]] = None) -> bool:
        """fn runs once: an initcall, __init, or only called from such.
        An __init function given as a callback (an __init .probe, run by
        platform_driver_probe() once per device present at boot) does not
        run once."""
        F = self.f
        if F.initcalls.get(fn) in RUN_ONCE_MACROS:
            return True
        if fn in F.init_attr and not self.is_callback(fn):
            return True
        return self.all_callers(fn, seen,
                                lambda c, ln, s: self.runs_once(c, s))

    def probes(self, fn: str, seen: Optional[Set[str]] = None
               ) -> Optional[Set[str]]:
        """The probes that reach fn when every path to fn starts at a
        probe (.probe of a driver structure, or handed to
        platform_driver_probe()) or in a function that runs once; None
        when another entry point reaches it."""
        if seen is None:
            seen = set()
        if fn in seen:
            return set()
        seen.add(fn)
        if self.runs_once(fn):
            return set()
        how = self.entry.get(fn)
        if how in (".probe", "handed to platform_driver_probe()"):
            return {fn}
        if how is not None or fn not in self.callers:
            return None
        out: Set[str] = set()
        for (c, ln, f) in self.callers[fn]:
            r = self.probes(c, seen)
            if r is None:
                return None
            out |= r
        return out

    def file_state(self, probe: str) -> Optional[str]:
        """How probe keeps its device or its state in file scope, or
        None: it stores a structure pointer it holds (a parameter or a
        local: its device, the state it allocated) into a variable that
        is not its own, or into a field of one (the_ui = ui; drv.pdev =
        pdev); it assigns such a variable an allocation or the driver
        data (state = kzalloc(...)); or it initialises such a work item,
        timer or lock (INIT_WORK(&work, f)).  A second probe would
        overwrite that state while the first device still uses it."""
        F = self.f
        held = {v for (v, t, h) in F.svars.get(probe, [])}
        own = set(F.vars.get(probe, {})) | held
        for (fn, x, y) in sorted(F.gstores):
            if fn == probe and x not in own and y in held:
                return "%s() stores %s in %s" % (probe, y, x)
        for (fn, x), how in sorted(F.srcs.items()):
            if fn == probe and x not in own:
                return "%s() stores the result of %s() in %s" % (
                    probe, how, x)
        for (fn, g, x) in sorted(F.addr0):
            if fn == probe and g in INIT_OBJ_FNS and x not in own:
                return "%s() initialises %s with %s()" % (probe, x, g)
        return None

    def singleton(self, fn: str) -> Optional[str]:
        """Why fn runs for one device only, or None: every path to it
        starts at a probe that keeps its state in file scope
        (file_state), or in a function that runs once."""
        ps = self.probes(fn)
        if not ps:
            return None
        why = []
        for p in sorted(ps):
            w = self.file_state(p)
            if w is None:
                return None
            why.append(w)
        return "; ".join(why)

    def per_device(self, fn: str, seen: Optional[Set[str]] = None,
                   one: Set[str] = frozenset()) -> Optional[str]:
        """How fn can run once per device: a device structure, or a
        structure of the driver's own, among its parameters or those of a
        function on a path to it.  one: structures of the driver's own
        that have one instance (Decider.one_instance), whose pointer
        names that instance, not one of many."""
        for (var, s, how) in self.f.svars.get(fn, []):
            if how == "param" and s not in one and \
                    (s in DEVICE_STRUCTS or s not in self.core):
                return "%s() takes struct %s *%s" % (fn, s, var)
        if seen is None:
            seen = set()
        seen.add(fn)
        for (c, ln, f) in self.callers.get(fn, []):
            if c not in seen:
                r = self.per_device(c, seen, one)
                if r:
                    return r
        return None

    def contexts(self, fn: str, seen: Optional[Set[str]] = None
                 ) -> Set[str]:
        """The entry points that reach fn (fn itself when it is one): the
        contexts a call in fn may run in, a work item, a timer, an IRQ
        handler, a callback of the PM or driver core, an unknown caller."""
        if seen is None:
            seen = set()
        if fn in seen:
            return set()
        seen.add(fn)
        out = {fn} if fn in self.entry else set()
        for (c, ln, f) in self.callers.get(fn, []):
            out |= self.contexts(c, seen)
        return out or {fn}

    def driver_of(self, fn: str) -> Optional[Tuple[str, str]]:
        """(role, the driver structure's variable) of a probe or remove
        entry point: .probe or .remove of a driver structure, or the
        probe handed to platform_driver_probe(&drv, ...)."""
        for (field_, var) in self.f.ops.get(fn, []):
            if field_ in ("probe", "remove") and var:
                return (field_, var)
        for e in self.f.edges.values():
            if e.callee == "platform_driver_probe" and \
                    fn in e.args.values() and e.args.get(0):
                return ("probe", e.args[0])
        return None

    def reentrant(self, fn: str) -> Optional[str]:
        """The field of an ops structure through which user space calls
        the entry point fn (kernel.txt's reentrant-op: a sysfs .store, a
        file's .write), so that two of its runs may overlap, or None."""
        for (field_, _) in self.f.ops.get(fn, []):
            if field_ in REENTRANT_OPS:
                return "." + field_
        for e in self.f.edges.values():
            if any(e.args.get(i) == fn
                   for i in REENTRANT_CALLBACKS.get(e.callee, ())):
                return "handed to %s()" % e.callee
        return None

    def ordered(self, a: str, b: str) -> Optional[str]:
        """What runs the entry points a and b one after the other, or
        None when nothing shown does: the driver core (the .probe and
        .remove of one driver), module loading (functions that run once,
        and the module_exit that runs after them)."""
        da, db = self.driver_of(a), self.driver_of(b)
        if da and db and da[1] == db[1] and {da[0], db[0]} == \
                {"probe", "remove"}:
            return "the driver core runs .remove after .probe"
        ka = "exit" if self.f.initcalls.get(a) in EXIT_MACROS else \
            "once" if self.runs_once(a) else None
        kb = "exit" if self.f.initcalls.get(b) in EXIT_MACROS else \
            "once" if self.runs_once(b) else None
        if ka and kb and "once" in (ka, kb):
            return "module_exit runs after the initcalls" if \
                "exit" in (ka, kb) else "the initcalls run one at a time"
        return None

    def is_callback(self, fn: str) -> bool:
        """fn is given in an ops or driver structure (.probe, .store, ...)
        or handed to another function: it may run more than once."""
        how = self.entry.get(fn, "")
        return how.startswith(".") or how.startswith("handed to")

    def callback_entry(self, fn: str, seen: Optional[Set[str]] = None
                       ) -> Optional[str]:
        """A callback that reaches fn and may run more than once: a
        function given in an ops or driver structure (.probe, .open,
        .store, ...) or handed to another function, or fn itself."""
        if seen is None:
            seen = set()
        if fn in seen:
            return None
        seen.add(fn)
        if self.is_callback(fn):
            return "%s() (%s)" % (fn, self.entry[fn])
        for (c, ln, f) in self.callers.get(fn, []):
            r = self.callback_entry(c, seen)
            if r:
                return r
        return None

    def after_add(self, fn: str, line: int, adds, seen=None) -> bool:
        """A call in fn at line runs only after one of adds: an add before
        it in fn, or fn is reached only from calls that follow an add;
        module_exit runs only after module_init succeeded."""
        for a in adds:
            if a.func == fn and a.line < line and a.unit == self.f.unit:
                return True
        mine = [a for a in adds if a.unit == self.f.unit]
        if self.f.initcalls.get(fn) in EXIT_MACROS and mine and \
                len(mine) == len(adds) and \
                all(self.runs_once(a.func) for a in mine):
            return True
        return self.all_callers(fn, seen, lambda c, ln, s:
                                self.after_add(c, ln, adds, s))

    def entry_path(self, fn: str, adds=(), seen: Optional[Set[str]] = None
                   ) -> str:
        """An entry point that reaches fn, for the report: one on a path
        that no add precedes when there is one."""
        if fn in self.entry:
            return "%s() (%s)" % (fn, self.entry[fn])
        if seen is None:
            seen = set()
        seen.add(fn)
        cs = [x for x in self.callers.get(fn, []) if x[0] not in seen]
        cs.sort(key=lambda x: self.after_add(x[0], x[1], adds))
        for (c, ln, f) in cs:
            return self.entry_path(c, adds, seen)
        return fn + "()"
