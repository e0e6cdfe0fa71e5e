"""The rules a request must pass to be converted.

A request (the calls that may name one string-named requirement, see
naming.group_names) is converted only when the tool can show all of:

- every call that may name it is found (naming: no name computed at run
  time or passed in shares its class in the files given, no name read
  from another field shares its class in its directory, unless they are
  all one field of one structure, one request per instance);
- no call is in a file with unresolved merge-conflict markers (it does
  not build, and which side is meant is not known);
- every call that may name it was seen by pass 1: a call in a function
  spatch could not parse cannot be rewritten, so its request stays on the
  old API whole (check_unseen);
- it is added somewhere in the files given (an update of a request added
  elsewhere cannot find the handle);
- its calls keep building on every branch of the kernel version guards
  around them (a call under #if LINUX_VERSION_CODE is reported);
- no add runs in atomic context (pm_qos_add_request() allocates and may
  sleep; update and remove may run in any context with the v3 core);
- each call is a statement, an assignment, a return or an if test that
  pass 2 can rewrite;
- it has exactly one handle per instance (placement), and no add runs
  again, in a loop or after another add, with no remove between
  (check_again);
- a static handle can be declared where every call sees it, outside
  the #if blocks that not all its calls are in (check_anchor);
- the holder of a field handle is alive at every converted call: no call
  after a kfree() (or another free) of the holder in the same function,
  except a remove after the free with nothing between that uses the
  request, which is moved before it
  (check_alive).

Every call of a request that fails one of these is reported with the
reason and the file:line of its other calls.  An update that can run
before the add is guarded with if (handle), as the old API ignored an
unknown name; a remove clears the handle.
"""

import os
import re
from dataclasses import dataclass, field
from enum import Enum
from typing import Dict, List, Optional, Tuple

from .callgraph import NOT_STATIC, CallGraph
from .facts import ADD, REMOVE, UPDATE, Call, UnitFacts
from .naming import (CONST, INST, PARAM, RUNTIME, UNRESOLVED, DevNames,
                     Name, Values, aliases, group_names, is_dev_key,
                     name_of, owner_struct)
from .kernel import DEVICE_STRUCTS, RUN_ONCE_MACROS
from .placement import Placement, accessors
from .rewrite import API_HEADER
from .textfacts import (blank_comments, call_args, cond_blocks, cpp_apart,
                        exclusive, grep_files, includes_header)


def the_name(shown: str) -> str:
    """How the report speaks of a name argument (never "the name
    name")."""
    return "the string %s" % shown if shown == "name" else \
        "the name %s" % shown


def atom_text(a: tuple) -> str:
    """What an atom of naming.Values stands for, for the report."""
    if a[0] == "devlit":
        return "%s, stored into a device's name" % a[2]
    return {"lit": lambda: a[1], "fmt": lambda: "a string printed by %s" % a[1],
            "dev": lambda: "a device name of %s" % (
                "driver %s" % a[1] if a[1] != "." else "this driver"),
            "any": lambda: "any string",
            "ident": lambda: a[1].split(":", 1)[-1]}[a[0]]()


class Reason(Enum):
    """Why a call is not converted (the JSON's "reason" is the name)."""
    RUNTIME_NAME = "a name computed at run time may name it"
    PARAM_NAME = "a name passed in as a parameter may name it"
    ALIASED_NAME = "names read from different fields may name it"
    NO_ADD = "no add in the files given"
    SHARED_ACROSS_FILES = "request shared across files"
    NO_HOLDER = "no per-instance structure of the driver holds the handle"
    ATOMIC_ADD = "added in atomic context"
    RESULT_USED = "result used in an expression"
    USE_AFTER_FREE = "a call after its holder is freed"
    ADDED_AGAIN = "added again while it is live"
    NO_PLACE = "no place for its static handle that every call sees"
    VERSION_GUARD = "under a kernel version guard"
    OLD_KERNEL = "in a branch only kernels before 2.6.35 build"
    NOT_PARSED = "its function could not be parsed"
    NOT_BUILT = "in a block no build compiles"
    OUTSIDE_CALL = "a call outside the files given names it"
    UNPARSED_CALL = "a call in a function that could not be parsed may name it"
    CONFLICT = "in a file with unresolved merge-conflict markers"


@dataclass
class Request:
    calls: List[Call]
    names: Dict[tuple, Name]
    reason: Optional[Reason] = None
    detail: str = ""
    # ("static", file) or ("field", (S, file))
    place: Optional[Tuple[str, object]] = None
    one_instance: str = ""      # why it has one instance, when a rule showed it
    handle: str = ""
    guard: Dict[tuple, bool] = field(default_factory=dict)
    early: Dict[tuple, bool] = field(default_factory=dict)
    handles: Dict[tuple, str] = field(default_factory=dict)
    outside: List[str] = field(default_factory=list)
    unseen: List[str] = field(default_factory=list)
    moved: Dict[tuple, str] = field(default_factory=dict)
    nonull: Dict[tuple, bool] = field(default_factory=dict)
    gaps: Dict[tuple, Tuple[int, List[str]]] = field(default_factory=dict)
    variants: List[str] = field(default_factory=list)
    gated: str = ""                               # Decider.flag_gate
    # the proof of the exception that makes a static handle (or a field
    # of a structure with one instance) one request: the rule's name and
    # the lines it rests on (report.py's JSON, which pmqos-check verifies)
    proof: Dict[str, object] = field(default_factory=dict)
    one_at_a_time: bool = False                   # flag_gate or replaced
    flag_peers: List[str] = field(default_factory=list)
    freed_by: str = ""                            # USE_AFTER_FREE: the free
    # the entry points that reach a remove and that nothing shown runs
    # one after the other, what orders the others, and whether removes
    # run from entry points that neither the driver core nor module
    # loading orders (Decider.remove_contexts)
    race: List[str] = field(default_factory=list)
    orders: List[str] = field(default_factory=list)
    unordered_entries: bool = False
    adds_apart: str = ""                          # Decider.adds_apart
    # a static handle's declaration goes before this function of its
    # file, or after its #include of the API's header: "#include"
    # (check_anchor)
    anchor: str = ""

    @property
    def adds(self) -> List[Call]:
        return [c for c in self.calls if c.fn == ADD]

    @property
    def ok(self) -> bool:
        return self.reason is None and self.place is not None

    @property
    def shown(self) -> str:
        return self.names[self.calls[0].key].shown


class Decider:
    """Groups the calls of all units into requests and decides each."""

    def __init__(self, units: Dict[str, UnitFacts], any_struct: bool,
                 guarded: Dict[str, Dict[int, int]], outside=None,
                 values: Optional[Values] = None,
                 archdirs: Optional[Dict[str, List[str]]] = None,
                 unseen: Optional[List[Call]] = None,
                 conflicts: Optional[Dict[str, int]] = None,
                 old: Optional[Dict[str, Dict[int, int]]] = None,
                 older: Optional[Dict[str, Dict[int, int]]] = None):
        """outside: when a part of a tree is given, a function of
        {request index: {(class, name)}} that returns {request index:
        [file:line of the calls outside the files given that name it]}
        (naming.siblings).  values: what fields may hold, from the
        stores of the files given (naming.Values); without it a name read
        from a field may name any request of its class.  archdirs: the
        machine include directories of each file (textfacts.arch_dirs),
        whose headers may declare the driver's own structure.  unseen: the
        calls of the old API in the files given that pass 1 did not see
        (a function spatch could not parse), as Calls without a
        function (check_unseen).  old: {file: {line: line of its #if}}
        of the lines only kernels before 2.6.35 build
        (textfacts.old_kernel_lines); older: those only kernels before
        2.6.34 build, which this series never is."""
        self.unseen = unseen or []
        self.old = old or {}
        self.older = older or {}
        # {file: line of its first merge-conflict marker} (check_conflict)
        self.conflicts = conflicts or {}
        self.outside = outside
        self.units = units
        self.place = Placement(units, any_struct, archdirs)
        self.graphs = {u: CallGraph(F, self.place.core)
                       for u, F in units.items()}
        self.guarded = guarded
        self.calls: Dict[tuple, Call] = {}
        self.readers: Dict[tuple, Call] = {}
        # A call in a header is seen from every unit that includes it:
        # the first unit by name decides, whatever the order given.
        for u in sorted(units):
            for k, c in units[u].calls.items():
                if c.fn and k not in self.calls:
                    self.calls[k] = c
            for k, c in units[u].readers.items():
                self.readers.setdefault(k, c)
        self.names = {k: name_of(c, units[c.unit])
                      for k, c in self.calls.items()}
        self.values = values
        self.derived = {} if values is None else accessors(units)
        self.devname = self.device_names()
        self.atoms = None if values is None else {
            k: values.atoms(c, self.names[k])
            for k, c in self.calls.items()}
        self.requests: List[Request] = []
        # {first call: the other files} of the requests per_file_flags split
        self.peers: Dict[tuple, List[str]] = {}
        # {(identifier, file): other files of the tree naming it}
        self._named: Dict[tuple, Optional[List[str]]] = {}
        # {file: its text with comments and literals blanked}; {(unit,
        # function): body()}
        self._blanked: Dict[str, str] = {}
        self._bodies: Dict[tuple, object] = {}
        # the evidence of the last rule of check_place that held
        # (flag_gate, replaced, paired_locked, one_mutex, held_lock)
        self.evidence: Dict[str, object] = {}
        self.lock_lines: Tuple[int, int] = (0, 0)

    def device_names(self) -> Dict[tuple, Tuple[Name, str, str]]:
        """A name read from a field of the driver's own structure that
        holds a device's own name (naming.DevNames), where a call of its
        class names that device's name directly: the name becomes that
        device's name, one request per device.  {call key: (the name as
        read, the stores that show it, the structure)}."""
        out: Dict[tuple, Tuple[Name, str, str]] = {}
        if self.values is None:
            return out
        dn = DevNames(self.values, self.values.texts)
        direct = {(c.cls, self.names[k].key) for k, c in self.calls.items()
                  if self.names[k].kind == INST}
        for k, c in sorted(self.calls.items()):
            nm = self.names[k]
            h = dn.holds(c, nm)
            if h and (c.cls, h[0]) in direct:
                out[k] = (nm, h[1], h[2])
                self.names[k] = Name(INST, h[0], nm.shown)
        return out

    def graph(self, c: Call) -> CallGraph:
        return self.graphs[c.unit]

    def decide_all(self) -> List[Request]:
        calls = [self.calls[k] for k in sorted(self.calls)]
        reqs = []
        for g, others in self.variants(self.per_file_flags(
                group_names(calls, self.names, self.atoms))):
            reqs.append(Request(sorted(g, key=lambda c: c.key), self.names))
            reqs[-1].variants = others
            reqs[-1].flag_peers = self.peers.get(reqs[-1].calls[0].key, [])
        found: Dict[int, List[str]] = {}
        if self.outside is not None:
            want = {}
            for i, r in enumerate(reqs):
                ns = set()
                for c in r.calls:
                    nm = self.names[c.key]
                    if nm.kind in (CONST, UNRESOLVED):
                        ns.add((c.cls, nm.shown))
                        ns.add((c.cls, nm.key))
                if ns:
                    want[i] = ns
            found = self.outside(want) if want else {}
        for i, r in enumerate(reqs):
            if found.get(i):
                found[i] = self.built_with(r, found[i])
            if found.get(i):
                r.outside = found[i]
                self.report(r, Reason.OUTSIDE_CALL, "%s (class %s) is "
                            "also named at %s, outside the files given: "
                            "give that file too, or convert it by hand" % (
                                r.shown, r.calls[0].cls,
                                ", ".join(found[i])))
            else:
                self.decide(r)
            self.requests.append(r)
        self.moved_beside()
        return self.requests

    def moved_beside(self) -> None:
        """A request reported as used after a free that this conversion
        moves another request's remove before: its report says so, and
        that this call needs the same move by hand (the tool moves a
        remove only when nothing between the free and it uses a request,
        and the other's remove lies between)."""
        for r in self.requests:
            if r.reason != Reason.USE_AFTER_FREE or not r.freed_by:
                continue
            sib = sorted("%s (%s)" % (x.shown, c.where)
                         for x in self.requests if x.ok
                         for c in x.calls if x.moved.get(c.key) == r.freed_by)
            if sib:
                r.detail = r.detail.replace(
                    ": move the call before the free",
                    "; this conversion moves the remove of %s before that "
                    "free: move this call there too, by hand" %
                    " and ".join(sib))

    def variants(self, groups: List[List[Call]]
                 ) -> List[Tuple[List[Call], List[str]]]:
        """A group of calls in files that the Makefile builds one at a
        time (each file in its own branch of one ifeq/else block, so no
        two of them are linked together, textfacts.exclusive) is one
        request per file: the name of one build's file never reaches
        another build's.  Files that may be built together stay one
        group.  With each group, the files of the other builds."""
        if self.values is None:
            return [(g, []) for g in groups]
        out = []
        for g in groups:
            files = sorted({c.file for c in g})
            if len(files) > 1 and all(
                    exclusive(self.values.top, a, b)
                    for i, a in enumerate(files) for b in files[i + 1:]):
                out += [([c for c in g if c.file == f],
                         [x for x in files if x != f]) for f in files]
            else:
                out.append((g, []))
        return out

    def per_file_flags(self, groups: List[List[Call]]) -> List[List[Call]]:
        """A group of calls of one constant name in several files, where
        each file adds and removes its own under a flag of its own
        (flag_gate), is one request per file: with names, each file's add
        made an entry of its own (two adds of one name made two entries,
        and each remove dropped one); a handle per file keeps one entry per
        file."""
        out = []
        for g in groups:
            files = sorted({c.file for c in g})
            if len(files) > 1 and all(
                    self.names[c.key].kind == CONST for c in g) and all(
                    self.flag_gate([c for c in g if c.file == f])
                    for f in files):
                for f in files:
                    mine = [c for c in g if c.file == f]
                    self.peers[mine[0].key] = [x for x in files if x != f]
                    out.append(mine)
            else:
                out.append(g)
        return out

    def one_instance(self, a: Call) -> Dict[str, str]:
        """{struct: its variable} of the structures of the driver's own
        (declared in the directory of a's file) that the parameters of
        a's function and of the functions on a path to it point to, and
        that have one instance: one file-scope variable that is not an
        array or const (struct S s; or struct S s = { ... };), and in the
        unit no allocation of one (kzalloc(...); container_of is no
        allocation), no local one, and none inside another structure.
        A pointer to such a structure can only point to that variable."""
        F = self.units[a.unit]
        out: Dict[str, str] = {}
        fns, todo = set(), [a.func]
        while todo:
            fn = todo.pop()
            if fn in fns:
                continue
            fns.add(fn)
            todo += [c for (c, ln, f) in self.graph(a).callers.get(fn, [])]
        here = os.path.dirname(os.path.normpath(a.file))
        for fn in sorted(fns):
            for (var, s, how) in F.svars.get(fn, []):
                if how != "param" or s in out or s in self.place.core:
                    continue
                sd = F.structs.get(s)
                if sd is None or os.path.dirname(
                        os.path.normpath(sd.file)) != here:
                    continue
                ones = F.one_instance_vars.get(s, set())
                inst = {g.var for g in F.gvars
                        if g.struct == s and not g.ptr} | ones
                if len(inst) != 1 or \
                        not F.table_vars.get(s, set()) <= ones:
                    continue
                v = sorted(inst)[0]
                if any(h != "container_of" and any(
                        x == var2 and t == s for (x, t, hh) in
                        F.svars.get(f2, []))
                       for (f2, var2), h in F.srcs.items()):
                    continue
                # nor one on a stack, nor one inside another structure
                if s in F.stack_types or any(
                        re.match(r'^struct %s(\s*\[.*)?$' % re.escape(s),
                                 t.strip())
                        for sd2 in F.structs.values()
                        for t in sd2.fields.values()):
                    continue
                out[s] = v
        return out

    ZERO = {"0", "false", "NULL", "0U", "0u"}
    NONZERO = re.compile(r'^(true|[1-9][0-9]*[uUlL]*|0[xX][0-9a-fA-F]*'
                         r'[1-9a-fA-F][0-9a-fA-F]*[uUlL]*)$')

    def flag_gate(self, calls: List[Call]) -> str:
        """Why the calls (of one file) keep their request added at most
        once at a time, or "": a static variable F of the file, zero at
        first, tells whether it is added.  Every add runs under if (!F)
        (or the else of if (F)) and is followed, in that branch, by a store
        of a non-zero constant into F; every update and remove runs under
        if (F), each remove followed in that branch by F = 0 (or false);
        F is written nowhere else, and by nothing but a constant (no ++,
        no |=, no value computed, no address taken).  So an add runs only
        while the request
        is not added, and F is set only after one: one request of the file
        by construction, as long as the callers do not run these functions
        at once (as the old API, which then added two entries or removed
        one twice, needed too)."""
        files = {c.file for c in calls}
        adds = [c for c in calls if c.fn == ADD]
        if len(files) != 1 or not adds:
            return ""
        file = calls[0].file
        F = self.units[calls[0].unit]

        def span(c, var, st):
            return [g for g in F.gates if g.file == file and g.var == var
                    and g.func == c.func and g.set == st and
                    g.line <= c.line <= g.end]

        for var in sorted({g.var for g in F.gates if g.file == file}):
            if not self.zero_at_first(F.sflags.get(var), file):
                continue
            if any(var in F.vars.get(c.func, {}) for c in calls):
                continue
            stores = [x for x in F.fstores if x[3] == var]
            ok = True
            for c in calls:
                sp = span(c, var, c.fn != ADD)
                if not sp:
                    ok = False
                    break
                if c.fn == UPDATE:
                    continue
                # a store after the call, in the branch, sets/clears F
                want = self.NONZERO.match if c.fn == ADD \
                    else (lambda v: v in self.ZERO)
                if not any(x[0] == file and x[1] == c.func and
                           c.line < x[2] and want(x[4]) and
                           any(g.line <= x[2] <= g.end for g in sp)
                           for x in stores):
                    ok = False
                    break
            if not ok:
                continue

            # every store of F is one of those: set after an add, cleared
            # after a remove, in the gated branch
            def owned(x):
                zero = x[4] in self.ZERO
                if not zero and not self.NONZERO.match(x[4]):
                    return False    # not a constant: F's value unknown
                return any(c.fn == (REMOVE if zero else ADD) and
                           x[0] == file and x[1] == c.func and
                           c.line < x[2] and
                           any(g.line <= x[2] <= g.end
                               for g in span(c, var, c.fn != ADD))
                           for c in calls)
            # and F is used nowhere but in those tests and stores
            if self.used_only(F, var, file, stores) and \
                    all(owned(x) for x in stores):
                ev = []
                for c in sorted(calls, key=lambda c: c.line):
                    sp = span(c, var, c.fn != ADD)
                    e = {"call": c.kind, "line": c.line,
                         "test": sp[0].at[0] or sp[0].line}
                    if c.fn != UPDATE:
                        e["store"] = min(
                            x[2] for x in stores if x[1] == c.func and
                            c.line < x[2] and
                            any(g.line <= x[2] <= g.end for g in sp) and
                            (x[4] in self.ZERO) == (c.fn == REMOVE))
                    ev.append(e)
                self.evidence = {"file": file, "flag": var, "calls": ev,
                                 "stores": sorted({x[2] for x in stores})}
                return ("one at a time by construction: the static %s of "
                        "%s, tested before every call, is set after the add "
                        "and cleared after the remove" % (var, file))
        return ""

    def named_elsewhere(self, var: str, file: str) -> Optional[List[str]]:
        """The .c and .h files of the tree given, other than file, that
        name the identifier var (a whole word), or None when the tree is
        not known."""
        if self.values is None:
            return None
        top = self.values.top
        key = (var, file)
        if key not in self._named:
            found = grep_files(top, var, ["*.c", "*.h"], word=True)
            own = os.path.normpath(file)
            self._named[key] = None if found is None else sorted(
                os.path.normpath(x) for x in found
                if os.path.normpath(x) != own)
        return self._named[key]

    def clear_flag(self, adds: List[Call], var: str) -> str:
        """How the flag var of the adds' file tells whether their request
        is live, or "": it is a file-scope variable, zero at first, that
        every add sets at once (the next statement stores a non-zero
        constant into it), that is cleared only by the statements
        if (var) { remove(C, N); var = 0; } of the request, written
        nowhere else and used in nothing but if tests and those stores.
        So whenever the request is live, var is set.  A variable that is
        not static counts only when no other file of the tree names it."""
        file = adds[0].file
        F = self.units[adds[0].unit]
        how = "the static %s of %s" % (var, file)
        decl = F.sflags.get(var)
        if decl is None:
            decl = F.gflags.get(var)
            if decl is None or decl[0] != file:
                return ""
            others = self.named_elsewhere(var, file)
            if others is None or others:
                return ""
            how = "the global %s of %s (not static, and no other file of " \
                  "the tree names it)" % (var, file)
        if not self.zero_at_first(decl, file):
            return ""
        sets = set()
        for a in adds:
            st = [x for x in F.setafter.get(a.key, [])
                  if x[0] == var and self.NONZERO.match(x[1])]
            if not st:
                return ""
            sets.add(st[0][2])
        a0 = adds[0]
        clears = {cl[8] for cl in F.clears if cl[0] == file and
                  cl[4] == var and cl[5] == a0.cls and cl[6] == a0.name and
                  cl[7] in self.ZERO}
        stores = [x for x in F.fstores if x[3] == var]
        funcs = {a.func for a in adds} | {x[1] for x in stores}
        if any(var in F.vars.get(fn, {}) for fn in funcs):
            return ""
        for x in stores:
            at = (x[2], x[5])
            if x[0] != file or not (at in sets or at in clears):
                return ""
        return how if self.used_only(F, var, file, stores) else ""

    def zero_at_first(self, decl, file: str) -> bool:
        """The flag declared as decl (F.sflags, F.gflags) is of file and
        zero at first."""
        return decl is not None and decl[0] == file and \
            (decl[1] == "" or decl[1] in self.ZERO)

    @staticmethod
    def used_only(F: UnitFacts, var: str, file: str, stores) -> bool:
        """The flag var is used nowhere but in the if tests of file and
        in stores."""
        known = {(file,) + g.at for g in F.gates if g.var == var} | \
            {(x[0], x[2], x[5]) for x in stores}
        return F.fuses.get(var, set()) <= known

    def first_add(self, a: Call, others: List[Call]) -> List[str]:
        """The variables that hand over the callbacks the adds of others
        run in, when the add a runs once, before every add of others, or
        []: its function
        is an initcall that nothing in the unit calls, and no add of its
        name precedes it there (no bad path but from the entry); every
        other add runs only in static functions reached from callbacks
        that file-scope variables hand over (T v = __ATTR(..., f); or
        T v = { .store = f };), each such variable named by no other file
        of the tree and, in the unit, only in a's function, after a on
        every path (facts.cocci: callback_var, callback_ref,
        callback_use_first)."""
        F = self.units[a.unit]
        g = self.graph(a)
        if F.initcalls.get(a.func) not in RUN_ONCE_MACROS or \
                g.callers.get(a.func) or a.key not in F.add_reached or \
                not F.add_bad_path_from.get(a.key, {"entry"}) <= {"entry"} or \
                not others:
            return []
        svs = set()
        for b in others:
            todo, seen = [b.func], set()
            while todo:
                fn = todo.pop()
                if fn in seen:
                    continue
                seen.add(fn)
                if fn not in F.static or fn == a.func:
                    return []
                how = g.entry.get(fn)
                if how is not None and not g.is_callback(fn):
                    return []
                if how is not None:
                    hand = [e.caller for e in F.edges.values()
                            if fn in e.args.values()]
                    if any(c in F.funcs for c in hand):
                        return []
                    svs |= set(hand)
                    for (fl, v) in F.ops.get(fn, []):
                        if not v:
                            return []
                        svs.add(v)
                    # named nowhere else: its definition, the calls of
                    # it, those variables' initialisers
                    calls = {(e.file, e.caller, e.line)
                             for e in F.edges.values() if e.callee == fn}
                    if not F.frefs.get(fn) or any(
                            x[1] != fn and x[1] not in svs and x not in calls
                            for x in F.frefs[fn]):
                        return []
                todo += [c for (c, ln, f) in g.callers.get(fn, [])]
        for sv in sorted(svs):
            if sv not in F.cbvars or \
                    self.named_elsewhere(sv, a.file) != [] or \
                    not F.cbrefs.get(sv) or any(
                        (f, fn) != (a.file, a.func)
                        for (f, fn, ln) in F.cbrefs[sv]):
                return []
            if (sv, a.file, a.func, a.cls, a.name) in F.callback_use_first \
                    and not self.cpp_skip_only(a, [ln for (f, fn, ln)
                                                   in F.cbrefs[sv]]):
                return []
        return sorted(svs)

    CPP_ANY = re.compile(r'^\s*#\s*(\w+)(.*)$')

    def body(self, unit: str, fn: str) -> Optional[Tuple[
            List[str], int, int, Dict[int, Tuple[int, List[tuple]]]]]:
        """The function fn of unit, in the file that defines it, as lines
        (comments and the text of
        literals blanked), the lines of its head and of its closing
        brace, and {line: (brace depth at its start, the conditionals it
        is under inside the function)} for each line of code; each
        conditional is the directives that lead to its branch (its #if,
        each #elif or #else up to it).  None when the text is not known,
        a branch of a conditional opens or closes a block it does not
        close or open itself, or the function #defines or #undefs
        something: then depths and branches do not tell the paths."""
        if (unit, fn) not in self._bodies:
            self._bodies[(unit, fn)] = self._body(unit, fn)
        return self._bodies[(unit, fn)]

    def blanked(self, file: str) -> Optional[str]:
        """The text of file with its comments and the text of its string
        and character literals blanked (line by line as it is)."""
        if file not in self._blanked:
            t = self.text(file)
            self._blanked[file] = None if t is None else re.sub(
                r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'', '""',
                blank_comments(t))
        return self._blanked[file]

    def _body(self, unit: str, fn: str):
        F = self.units[unit]
        if fn not in F.funcs:
            return None
        text = self.blanked(F.funcs[fn][0])
        if text is None:
            return None
        src = text.split("\n")
        start = F.funcs[fn][1]
        depth, stack, seen_open = 0, [], False
        at: Dict[int, Tuple[int, List[tuple]]] = {}
        for i in range(start - 1, len(src)):
            ln = i + 1
            m = self.CPP_ANY.match(src[i])
            if m:
                d = m.group(1)
                if not seen_open:
                    continue
                what = " ".join(src[i].split()).lstrip("# ")
                if d in ("if", "ifdef", "ifndef"):
                    stack.append([(what,), depth])
                elif d in ("else", "elif", "endif"):
                    if not stack or stack[-1][1] != depth:
                        return None
                    if d == "endif":
                        stack.pop()
                    else:
                        stack[-1][0] += (what,)
                elif d in ("define", "undef"):
                    return None
                continue
            at[ln] = (depth, [b for b, dp in stack])
            for ch in src[i]:
                if ch == "{":
                    depth += 1
                    seen_open = True
                elif ch == "}":
                    depth -= 1
            if seen_open and depth == 0:
                return (None if stack else (src, start, ln, at))
        return None

    def own_statement(self, b, line: int, col: int = -1) -> bool:
        """The statement that starts at line (at col, or as its first
        code) is one of the function's own block (b, from body()): at
        depth 1, and the code before it ends a statement or opens the
        function's block (it is not the body of an if, else or loop,
        nor after a label)."""
        src, start, end, at = b
        if line not in at or at[line][0] != 1 or not start < line <= end:
            return False
        if col >= 0 and src[line - 1][:col].strip():
            return False
        before = [x for x in src[start - 1:line - 1]
                  if x.strip() and not self.CPP_ANY.match(x)]
        return bool(before) and \
            before[-1].rstrip()[-1:] in (";", "{", "}")

    def cpp_skip_only(self, a: Call, lines: List[int]) -> List[str]:
        """The conditionals (#ifdef X, ...) that the add a is under in
        its function, when a path from the function's entry reaches each
        of lines without passing a only by skipping them, or []: a is a
        statement of the function's own block (own_statement, and no
        goto precedes it in the function), each line comes after it
        under every one of those conditionals (the same directives up
        to its branch: #if, each #elif, #else), and the function's
        conditionals keep its blocks whole (body()).  So a build that
        compiles one of lines compiles a, on every path to that line.
        (Spatch follows both sides of an #ifdef: the path that skips
        the add is a path of the build that also leaves out the
        line.)"""
        if self.units[a.unit].funcs.get(a.func, ("", 0))[0] != a.file:
            return []
        b = self.body(a.unit, a.func)
        if b is None or not self.own_statement(b, a.line, a.col):
            return []
        src, start, end, at = b
        if any(re.search(r'\bgoto\b', x) for x in src[start - 1:a.line - 1]):
            return []
        if not all(a.line < ln <= end and ln in at for ln in lines):
            return []
        conds = at[a.line][1]
        if not conds or any(c not in at[ln][1] for ln in lines
                            for c in conds):
            return []
        return [c[0] if len(c) == 1 else "%s of #%s" % (c[-1], c[0])
                for c in conds]

    ERR = re.compile(r'^\(?\s*-\s*E[A-Z0-9]+\s*\)?$')

    def always_passes(self, unit: str, fn: str, line: int,
                      err_returns: bool) -> bool:
        """Every run of fn that gets past its start passes the statement
        at line: a statement of fn's own block (own_statement), under no
        conditional inside fn, with no goto and no return before it
        (with err_returns, but return -EXXX;: a run that fails)."""
        b = self.body(unit, fn)
        if b is None or not self.own_statement(b, line):
            return False
        src, start, end, at = b
        if at[line][1]:
            return False
        for x in src[start:line - 1]:
            if re.search(r'\bgoto\b', x):
                return False
            for m in re.finditer(r'\breturn\b([^;]*)(;?)', x):
                if not (err_returns and m.group(2) and
                        self.ERR.match(m.group(1).strip())):
                    return False
        return True

    @staticmethod
    def statement(src: List[str], line: int) -> str:
        """The text of the statement that starts at line, up to its ;
        (ten lines at most)."""
        out = ""
        for x in src[line - 1:line + 9]:
            out += " " + x.strip()
            if ";" in x:
                break
        return out.split(";", 1)[0].strip() + ";"

    def params(self, unit: str, fn: str) -> List[str]:
        """The names of fn's parameters, from its definition's head."""
        from .naming import split_args
        b = self.body(unit, fn)
        if b is None:
            return []
        src, start, end, at = b
        head = " ".join(src[start - 1:end])
        m = re.search(r'\b%s\s*\(' % re.escape(fn), head)
        if not m:
            return []
        out = []
        for p in split_args(call_args(head, m.end())):
            w = re.findall(r'\w+', p)
            out.append(w[-1] if w else "")
        return out

    def keeps_resource(self, unit: str, probe: str) -> Optional[str]:
        """How probe keeps a resource of its device in file scope, or
        None: it (or a function of its file it calls handing it the
        device, and so on) stores the result of a call handed that
        device into a file-scope structure pointer (usb_clk =
        clk_get(&pdev->dev, "usb");), in a statement that every run
        of probe that succeeds passes (always_passes: in the probe,
        after nothing but returns of an error; in a function it calls,
        at a call the probe always makes, after no return at all).  A
        second probe would replace the first device's resource while
        that device uses it (its remove would release the second's):
        such a driver works with one device only."""
        from .naming import split_args
        F = self.units[unit]
        if probe not in F.funcs:
            return None
        file = F.funcs[probe][0]
        ptrs = {g.var for g in F.gvars if g.ptr}
        todo = [(probe, v) for (v, t, h) in F.svars.get(probe, [])
                if h == "param" and t in DEVICE_STRUCTS]
        done = set()
        while todo:
            fn, dev = todo.pop(0)
            if (fn, dev) in done or F.funcs.get(fn, ("", 0))[0] != file:
                continue
            done.add((fn, dev))
            b = self.body(unit, fn)
            if b is None:
                continue
            src, start, end, at = b
            mine = F.vars.get(fn, {})
            for ln in range(start + 1, end + 1):
                if ln not in at or at[ln][0] != 1 or \
                        not re.match(r'^\s*\w', src[ln - 1]):
                    continue
                st = self.statement(src, ln)
                m = re.match(r'^(\w+)\s*=\s*(\w+)\s*\(', st)
                if m and m.group(1) in ptrs and m.group(1) not in mine:
                    args = split_args(call_args(st, m.end()))
                    if any(re.search(r'\b%s\b' % re.escape(dev), x)
                           for x in args) and \
                            self.always_passes(unit, fn, ln, fn == probe):
                        return ("%s() stores the result of %s(), handed "
                                "its %s, in the file-scope %s" % (
                                    fn, m.group(2), dev, m.group(1)))
                m = re.match(r'^(?:(?:return|\w+\s*=)\s*)?(\w+)\s*\(', st)
                if m and m.group(1) in F.funcs and m.group(1) != fn:
                    args = split_args(call_args(st, m.end()))
                    ps = self.params(unit, m.group(1))
                    if dev in args and len(ps) == len(args) and \
                            self.always_passes(unit, fn, ln, fn == probe):
                        todo.append((m.group(1), ps[args.index(dev)]))
        return None

    def calls_seen(self, unit: str, fn: str) -> bool:
        """Every place of fn's file that names fn is its definition, a
        prototype or a call the call graph holds: no call of it lies in
        a function that spatch could not parse, and its address is taken
        nowhere."""
        F = self.units[unit]
        if fn not in F.funcs:
            return False
        file, head = F.funcs[fn]
        if self.blanked(file) is None:
            return False
        seen = {ln for (c, ln, fl) in self.graph(
            Call(file=file, line=0, col=0, unit=unit)).callers.get(fn, [])
            if fl == file}
        proto = re.compile(r'^\s*(?:static\s+)?(?:inline\s+)?[\w\s*]+\b%s'
                           r'\s*\([^;{}]*\)\s*;' % re.escape(fn))
        depth = 0
        for i, x in enumerate(self.blanked(file).split("\n")):
            if re.search(r'\b%s\b' % re.escape(fn), x) and not (
                    i + 1 == head or i + 1 in seen or
                    depth == 0 and proto.match(x)):
                return False
            depth += x.count("{") - x.count("}")
        return True

    def probes_of(self, a: Call, fn: str, seen: set) -> Optional[set]:
        """CallGraph.probes, but a function that is not static, that
        nothing hands over and that no other file of the tree names
        counts as called only by its callers in the unit."""
        g = self.graph(a)
        F = self.units[a.unit]
        if fn in seen:
            return set()
        seen.add(fn)
        if g.runs_once(fn):
            return set()
        how = g.entry.get(fn)
        if how in (".probe", "handed to platform_driver_probe()"):
            return {fn}
        if how == NOT_STATIC and g.callers.get(fn) and \
                fn in F.funcs and \
                self.named_elsewhere(fn, F.funcs[fn][0]) == [] and \
                self.calls_seen(a.unit, fn):
            how = None
        if how is not None or fn not in g.callers:
            return None
        out: set = set()
        for (c, ln, f) in g.callers[fn]:
            r = self.probes_of(a, c, seen)
            if r is None:
                return None
            out |= r
        return out

    STATE = (re.compile(r'^(\w+)\(\) stores (\w+) in (\w+)'),
             re.compile(r'^(\w+)\(\) stores the result of (\w+)\(\)'
                        r'(?:, handed its \w+,)? in (?:the file-scope )?'
                        r'(\w+)'),
             re.compile(r'^(\w+)\(\) initialises (\w+) with (\w+)\(\)'))

    def state_proof(self, unit: str, probe: str, why: str
                    ) -> Dict[str, object]:
        """The evidence of CallGraph.file_state or keeps_resource (why,
        their text) for probe: the function that stores into file scope
        (probe or one it calls), the file-scope variable and the line of
        the store (of INIT_WORK(&var, ...) and the like): its first line
        in that function that stores into var; line None when it is not
        found.  (pmqos-check verifies what that line stores.)"""
        fn, var, init, value = probe, "", "", ""
        for k, rx in enumerate(self.STATE):
            m = rx.match(why)
            if m:
                fn = m.group(1)
                if k == 2:
                    var, init = m.group(2), m.group(3)
                else:
                    var = m.group(3)
                    value = (r'%s\s*;' if k == 0 else
                             r'(?:\([^()]*\)\s*)?%s\s*\(') % \
                        re.escape(m.group(2))
                break
        line = None
        b = self.body(unit, fn) if var else None
        if b is not None:
            src, start, end, at = b
            store = r'(?<![\w>.])%s\s*(?:(?:\.|->)\s*\w+\s*)*=(?!=)\s*' % \
                re.escape(var)
            # the store of what why says, else the first store of var
            wants = [re.compile(r'\b%s\s*\(\s*&\s*%s\b' % (
                re.escape(init), re.escape(var)))] if init else \
                [re.compile(store + value), re.compile(store)]
            for want in wants:
                line = next((ln for ln in range(start + 1, end + 1)
                             if ln in at and want.search(src[ln - 1])),
                            None)
                if line:
                    break
        return {"probe": probe, "file": self.units[unit].funcs.get(
            fn, (None,))[0], "func": fn, "var": var, "line": line}

    def device_proof(self, a: Call) -> Dict[str, object]:
        """The evidence of singleton or one_device for the add a: each
        probe that reaches it and how that probe keeps its device in file
        scope (state_proof)."""
        g = self.graph(a)
        if g.singleton(a.func):
            ps = g.probes(a.func) or set()
        else:
            ps = self.probes_of(a, a.func, set()) or set()
        return {"line": a.line, "func": a.func, "probes": [
            self.state_proof(a.unit, p, g.file_state(p) or
                             self.keeps_resource(a.unit, p) or "")
            for p in sorted(ps)]}

    def one_device(self, a: Call) -> Optional[str]:
        """Why a's function runs for one device only, where
        CallGraph.singleton cannot tell: every path to it starts at a
        probe (probes_of), and each such probe keeps its state in file
        scope (CallGraph.file_state) or a resource of its device
        (keeps_resource)."""
        ps = self.probes_of(a, a.func, set())
        if not ps:
            return None
        why = []
        for p in sorted(ps):
            w = self.graph(a).file_state(p) or \
                self.keeps_resource(a.unit, p)
            if w is None:
                return None
            why.append(w)
        return "; ".join(why)

    LOCK = re.compile(r'^\s*mutex_lock(?:_nested)?\s*\(\s*&\s*([^;]*?)'
                      r'\s*(?:,[^;]*)?\)\s*;\s*$')
    UNLOCK = re.compile(r'\bmutex_unlock\s*\(\s*&\s*([^;]*?)\s*\)')
    LABEL = re.compile(r'^\s*(?!default\b)[A-Za-z_]\w*\s*:(?!:)')

    def held_lock(self, unit: str, caller: str, line: int) -> str:
        """The mutex (the expression of its address, without &) that
        caller holds at its call at line, or "": a mutex_lock(&M);
        before it and the first mutex_unlock(&M); after that lock after
        it, both statements of caller's own block under no conditional
        (own_statement), no unlock of M, goto or label between the lock
        and the call.  Every path to the call passes the lock, and the
        call (in a loop or not) lies before the unlock."""
        b = self.body(unit, caller)
        if b is None:
            return ""
        src, start, end, at = b
        lock = None
        for ln in range(line - 1, start, -1):
            if ln not in at:
                continue
            m = self.LOCK.match(src[ln - 1])
            if m:
                lock = (ln, " ".join(m.group(1).split()))
                break
        if lock is None or at[lock[0]][1] or \
                not self.own_statement(b, lock[0]):
            return ""
        ln0, mx = lock
        for x in src[ln0:line - 1]:
            if re.search(r'\bgoto\b', x) or self.LABEL.match(x) or \
                    self.UNLOCK.search(x):
                return ""
        for ln in range(line, end + 1):
            m = self.UNLOCK.search(src[ln - 1]) if ln in at else None
            if m:
                if " ".join(m.group(1).split()) != mx or \
                        at[ln][1] or not self.own_statement(b, ln):
                    return ""
                self.lock_lines = (ln0, ln)
                return mx
        return ""

    def one_mutex(self, unit: str, mx: str) -> str:
        """How the mutex mx names one object, or "": a file-scope
        variable (G, G.f), or a field of the object of a file-scope
        pointer (G->f) that only probes that keep their device in file
        scope store a pointer into (CallGraph.file_state: one device by
        construction), or NULL."""
        F = self.units[unit]
        m = re.match(r'^([A-Za-z_]\w*)\s*(?:(->|\.)\s*\w+)?$', mx)
        if not m:
            return ""
        g, op = m.group(1), m.group(2)
        decl = [x for x in F.gvars if x.var == g]
        if op != "->":
            t = self.text(F.unit) or ""
            if (decl and not any(x.ptr for x in decl)) or re.search(
                    r'^\s*(?:static\s+)?DEFINE_MUTEX\s*\(\s*%s\s*\)'
                    % re.escape(g), t, re.M):
                return "the mutex %s of file scope" % mx
            return ""
        if not decl or not all(x.ptr for x in decl):
            return ""
        g_ = self.graph(Call(file=unit, line=0, col=0, unit=unit))
        why, ev = [], []
        for fn in sorted(F.funcs):
            if self.text(F.funcs[fn][0]) is None:
                continue        # a header of the kernel: not the driver's
            b = self.body(unit, fn)
            if b is None:
                return ""
            src, start, end, at = b
            stores = [(start + 1 + i, x) for i, x in enumerate(src[start:end])
                      if re.search(r'(?<![\w>.])%s\s*=(?!=)' % re.escape(g),
                                   x)]
            if not stores or all(re.search(r'=\s*NULL\s*;', x)
                                 for ln, x in stores):
                continue
            fs = g_.file_state(fn) if g_.entry.get(fn) in (
                ".probe", "handed to platform_driver_probe()") else None
            if not fs:
                return ""
            why.append(fs)
            ev.append(dict(self.state_proof(unit, fn, fs),
                           stores=[ln for ln, x in stores
                                   if not re.search(r'=\s*NULL\s*;', x)]))
        if not why:
            return ""
        self.evidence["pointer"] = {"var": g, "probes": ev}
        return "%s, of the one object of %s (%s)" % (mx, g, "; ".join(why))

    def one_spelling_adds(self, calls: List[Call]) -> List[Call]:
        """The adds of calls that are all of one file and name one
        constant spelled one way (class and name: the graph rules match
        a remove and another add spelled as the add itself), else []."""
        if len({c.file for c in calls}) != 1 or any(
                self.names[c.key].kind != CONST for c in calls) or \
                len({(c.cls, c.name) for c in calls}) != 1:
            return []
        return [c for c in calls if c.fn == ADD]

    def paired_locked(self, calls: List[Call]) -> str:
        """Why the calls (of one file) keep their request added at most
        once at a time, or "": every add is followed, in its function f,
        by a remove of the same (class, name) that every run of f passes
        after it (both statements of f's own block under no conditional,
        with no return, goto, label or other add of the request between,
        and no function between that may add it), and every call of f is
        made with one same mutex held (held_lock), of one object
        (one_mutex): f is static, called only from functions of its file,
        never handed over.  Updates, if any, lie between such an add and
        its remove.  So the request is live only inside one run of f,
        and the mutex lets one run at a time."""
        adds = self.one_spelling_adds(calls)
        if not adds:
            return ""
        unit = adds[0].unit
        F = self.units[unit]
        g = self.graph(adds[0])
        adders = {a.func for a in adds}
        mutex, pairs, held_by = None, [], set()
        callers: List[Dict[str, object]] = []
        for a in adds:
            f = a.func
            if F.funcs.get(f, ("", 0))[0] != a.file or f in g.entry or \
                    f not in F.static or not g.callers.get(f) or \
                    not self.calls_seen(unit, f):
                return ""
            b = self.body(unit, f)
            if b is None or not self.own_statement(b, a.line, a.col) or \
                    b[3][a.line][1]:
                return ""
            src, start, end, at = b
            rms = sorted(c.line for c in calls if c.fn == REMOVE and
                         c.func == f and c.line > a.line)
            if not rms:
                return ""
            rm = [c for c in calls if c.fn == REMOVE and c.func == f and
                  c.line == rms[0]][0]
            if not self.own_statement(b, rm.line, rm.col) or \
                    at[rm.line][1]:
                return ""
            if any(x.fn == ADD and x.func == f and a.line < x.line < rm.line
                   for x in calls):
                return ""
            for x in src[a.line:rm.line - 1]:
                if re.search(r'\b(?:return|goto)\b', x) or \
                        self.LABEL.match(x):
                    return ""
            if any(e.caller == f and a.line < e.line < rm.line and
                   (e.callee in F.funcs and
                    self.reaches(F, e.callee, adders) or
                    any(v in F.funcs and self.reaches(F, v, adders)
                        for v in e.args.values()))
                   for e in F.edges.values()):
                return ""
            for (c, ln, fl) in g.callers[f]:
                if c == f or fl != a.file:
                    return ""
                mx = self.held_lock(unit, c, ln)
                if not mx or mutex not in (None, mx):
                    return ""
                mutex = mx
                held_by.add(c)
                callers.append({"func": c, "call": ln,
                                "lock": self.lock_lines[0],
                                "unlock": self.lock_lines[1]})
            pairs.append((a, rm))
        for c in calls:
            if c.fn == UPDATE and not any(
                    c.func == a.func and a.line < c.line < rm.line
                    for a, rm in pairs):
                return ""
        self.evidence = {}
        one = self.one_mutex(unit, mutex)
        if not one:
            return ""
        self.evidence.update({
            "file": adds[0].file, "mutex": mutex,
            "pairs": [{"func": a.func, "line": a.line, "remove": rm.line}
                      for a, rm in pairs],
            "callers": sorted(callers, key=lambda x: x["call"])})
        return ("one at a time by construction: %s; and every call of %s "
                "holds %s" % (
                    "; ".join("the add at %s is removed at line %d before "
                              "%s() returns" % (a.where, rm.line, a.func)
                              for a, rm in pairs),
                    ", ".join(sorted("%s()" % a.func for a, rm in pairs)),
                    one))

    def replaced(self, calls: List[Call]) -> str:
        """Why the calls (of one file) keep their request added at most
        once at a time, with adds that need no flag around them, or "":
        at every add, on every path from its function's entry, the last
        call of the request before it is a remove of the same (class,
        name) (a replacement: remove, then add), or the statement
        if (F) { remove; F = 0; } of a flag F that is set whenever the
        request is live (clear_flag); or the add runs under if (!F) of
        such a flag.  No add of the name comes between (from one add to
        another, loops included, there is a remove).  The paths are those
        of the function's control flow graph (facts.cocci: add_reached,
        add_bad_path, add_flag_bad_paths); no function the add's function
        calls adds the name.  As
        flag_gate, this holds as long as callers do not run these
        functions at once."""
        adds = self.one_spelling_adds(calls)
        if not adds:
            return ""
        file = adds[0].file
        F = self.units[adds[0].unit]
        # no function called from an add's function adds the name
        adders = {a.func for a in adds}
        grown = True
        while grown:
            grown = False
            for e in F.edges.values():
                if e.callee in adders and e.caller not in adders and \
                        e.caller in F.funcs:
                    adders.add(e.caller)
                    grown = True
        for a in adds:
            if any(e.caller == a.func and e.callee in adders
                   for e in F.edges.values()):
                return ""
        once = []
        flags = sorted({cl[4] for cl in F.clears if cl[0] == file} |
                       {g.var for g in F.gates if g.file == file})
        flag = {v: self.clear_flag(adds, v) for v in flags}
        plain, cleared, gated = [], [], []
        ev: List[Dict[str, object]] = []
        for a in adds:
            if a.key not in F.add_reached:
                return ""
            if a.key not in F.add_bad_path:
                plain.append(a)
                rm = [c.line for c in calls if c.fn == REMOVE and
                      c.func == a.func and c.line < a.line]
                ev.append({"line": a.line, "how": "remove",
                           "remove": max(rm) if rm else None})
                continue
            ok = [cl for cl in F.clears
                  if cl[0] == file and cl[1] == a.func and flag.get(cl[4])
                  and cl[5] == a.cls and cl[6] == a.name and
                  (cl[2], cl[3]) not in F.add_flag_bad_paths.get(a.key, set())]
            if ok:
                cleared.append((a, ok[0][4]))
                ev.append({"line": a.line, "how": "cleared",
                           "flag": ok[0][4], "test": ok[0][2],
                           "clear": ok[0][8][0]})
                continue
            g = [g for g in F.gates if g.file == file and
                 flag.get(g.var) and g.func == a.func and not g.set and
                 g.line <= a.line <= g.end]
            if g:
                gated.append((a, g[0].var))
                ev.append({"line": a.line, "how": "gated", "flag": g[0].var,
                           "test": g[0].at[0] or g[0].line})
                continue
            once.append(a)
        cbvars = []
        if once:
            cbvars = self.first_add(once[0], [a for a in adds
                                              if a is not once[0]])
            if len(once) > 1 or not cbvars:
                return ""
            ev.append({"line": once[0].line, "how": "first",
                       "func": once[0].func, "callbacks": cbvars})
        fl = {}
        for v in sorted({v for a, v in cleared + gated}):
            fl[v] = sorted({x[2] for x in F.fstores if x[3] == v})
        self.evidence = {"file": file, "adds": ev, "flags": fl}
        why = []
        if once:
            a = once[0]
            why.append("the add at %s runs once, in %s() (%s), before any "
                       "other: the others run only in callbacks that %s "
                       "hand%s over, which %s() registers after the add" % (
                           a.where, a.func, F.initcalls[a.func],
                           ", ".join(cbvars), "s" if
                           len(cbvars) == 1 else "", a.func))
            conds = sorted({c for sv in cbvars
                            if (sv, a.file, a.func, a.cls, a.name) in
                            F.callback_use_first
                            for c in self.cpp_skip_only(
                                a, [ln for (f, fn, ln) in F.cbrefs[sv]])})
            if conds:
                why[-1] += " (the add and the registration both under " \
                    "#%s)" % " and #".join(conds)
        if plain:
            why.append("a remove of the same name precedes %s on every "
                       "path, with no add between" % (
                           "the add" if len(plain) == 1 else
                           "the adds at %s" % ", ".join(
                               "%s:%d" % (a.file, a.line) for a in plain)))
        for v in sorted({v for a, v in cleared + gated}):
            cl = [a for a, x in cleared if x == v]
            gt = [a for a, x in gated if x == v]
            part = []
            if cl:
                part.append("if (%s) { remove; %s = 0; } precedes the "
                            "add%s at %s on every path, with no add between"
                            % (v, v, "s" if len(cl) > 1 else "",
                               ", ".join(str(a.line) for a in cl)))
            if gt:
                part.append("the add%s at %s run%s under if (!%s)" % (
                    "s" if len(gt) > 1 else "",
                    ", ".join(str(a.line) for a in gt),
                    "" if len(gt) > 1 else "s", v))
            why.append("%s; %s is set after every add and cleared only "
                       "there" % (" and ".join(part), flag[v]))
        return "one at a time by construction: " + "; ".join(why)

    def built_with(self, r: Request, where: List[str]) -> List[str]:
        """Of the calls outside the files given that name r (file:line),
        those that a build of r's files may link with them.  A file that
        the Makefile builds only instead of each of r's files (its own
        branch of one ifeq/else block, textfacts.exclusive) holds another
        build's request, as when both are given (variants()): it is
        left out, and named as r's other variant."""
        if self.values is None:
            return where
        files = sorted({c.file for c in r.calls})
        keep, other = [], []
        for w in where:
            f = w.rsplit(":", 1)[0]
            if all(exclusive(self.values.top, f, g) for g in files):
                if f not in other:
                    other.append(f)
            else:
                keep.append(w)
        if other and len(files) == 1:
            r.variants = sorted(set(r.variants) | set(other))
        return keep

    def report(self, r: Request, why: Reason, detail: str) -> None:
        r.reason, r.detail, r.place = why, detail, None
        dn = [c for c in r.calls if c.key in self.devname]
        if dn:
            read, wheres, st = self.devname[dn[0].key]
            r.detail += " (%s holds the device's name: %s)" % (
                read.shown, "the stores into struct %s's %s copy it (%s)"
                % (st, read.key.split(":")[-1], wheres) if st else
                "%s names the bus by it" % wheres)

    def decide(self, r: Request) -> None:
        for check in (self.check_conflict, self.check_unseen,
                      self.check_guard,
                      self.check_names, self.check_add,
                      self.check_atomic, self.check_form,
                      self.check_place, self.check_again,
                      self.check_anchor, self.check_alive):
            check(r)
            if r.reason is not None:
                return
        for c in r.calls:
            r.guard[c.key] = False
            if c.fn == ADD:
                continue
            if not self.graph(c).after_add(c.func, c.line, r.adds):
                r.guard[c.key] = c.fn == UPDATE
                r.early[c.key] = True
        self.remove_contexts(r)
        r.adds_apart = self.adds_apart(r)

    def remove_contexts(self, r: Request) -> None:
        """The entry points (CallGraph.contexts) from which the removes of
        r may run at once.  The string API made a second remove a no-op;
        a second remove of a handle frees it twice, unless each takes the
        handle out (rewrite.takes_handle).  Two runs from one entry point
        follow each other, and so do two from entry points that the
        driver core or module loading orders (CallGraph.ordered).  Others
        may run at once (r.unordered_entries) unless no build has both
        removes (textfacts.cpp_apart) or each holds one exclusive lock
        (locks): what orders them goes to r.orders, and the entry points
        of two runs that nothing orders to r.race, as "f() (how)"."""
        runs = sorted({(c.key, e): c for c in r.calls if c.fn == REMOVE
                       for e in self.graph(c).contexts(c.func)}.items())
        # an entry point that user space calls (.store, .write) may run
        # alongside itself: its remove may run twice at once
        for ((_, e), c) in runs:
            how = self.graph(c).reentrant(e)
            if how:
                r.unordered_entries = True
                what = "%s() (%s, which may run at once with itself)" % (
                    e, how)
                if what not in r.race:
                    r.race.append(what)
        for i, ((ka, a), ca) in enumerate(runs):
            for ((kb, b), cb) in runs[i + 1:]:
                g = self.graph(ca)
                why = None
                if ca.unit == cb.unit:
                    why = "%s() runs them one after the other" % a \
                        if a == b else g.ordered(a, b)
                if why is None:
                    r.unordered_entries = True
                    why = self.removes_apart(ca, cb)
                if why is None:
                    for (c, e) in ((ca, a), (cb, b)):
                        g = self.graph(c)
                        how = "%s() (%s)" % (e, g.entry[e]) \
                            if e in g.entry else "%s()" % e
                        if not any(x.split(" (")[0] == "%s()" % e
                                   for x in r.race):
                            r.race.append(how)
                elif why not in r.orders:
                    r.orders.append(why)

    def removes_apart(self, a: Call, b: Call) -> Optional[str]:
        """What keeps the removes a and b from running at once, each from
        its own entry point, or None: no build has both (an #if and its
        #else), or both run with one exclusive lock held."""
        t = self.text(a.file) if a.file == b.file else None
        ln = cpp_apart(t, a.line, b.line) if t else 0
        if ln:
            return "no build has both: the #if at %s:%d" % (a.file, ln)
        common = sorted(self.locks(a) & self.locks(b)) \
            if a.unit == b.unit else []
        if common:
            return "each runs with %s held" % common[0]
        return None

    def locks(self, c: Call) -> set:
        """The exclusive locks held at the call c on every path: taken in
        its function before it, or held at every call of its function,
        which no entry point reaches but through those calls."""
        F, g = self.units[c.unit], self.graph(c)

        def always(fn, seen):
            if fn in seen or fn in g.entry or not g.callers.get(fn):
                return set()
            seen = seen | {fn}
            out = None
            for (caller, ln, f) in g.callers[fn]:
                mine = F.held_locks(f, ln, fn) | always(caller, seen)
                out = mine if out is None else out & mine
            return out or set()
        return F.held_locks(c.file, c.line, c.fn, c.col) | \
            always(c.func, frozenset())

    def adds_apart(self, r: Request) -> str:
        """Why no two adds of r run in one build and one run, or "": each
        two are in different branches of one #if (textfacts.cpp_apart), or
        in the two arms of one if/else (facts: arms)."""
        adds = r.adds
        why = []
        for i, a in enumerate(adds):
            for b in adds[i + 1:]:
                w = self.add_pair_apart(a, b)
                if not w:
                    return ""
                if w not in why:
                    why.append(w)
        return "; ".join(why)

    def add_pair_apart(self, a: Call, b: Call) -> str:
        if a.file != b.file:
            return ""
        t = self.text(a.file)
        ln = cpp_apart(t, a.line, b.line) if t else 0
        if ln:
            return "in branches of the #if at %s:%d, of which a build " \
                "has one" % (a.file, ln)
        if a.unit != b.unit or a.func != b.func:
            return ""
        for (f, ln, col, arms) in self.units[a.unit].arms:
            inside = [i for i, (l0, c0, l1, c1) in enumerate(arms)
                      for c in (a, b) if f == c.file and
                      (l0, c0) <= (c.line, c.col) <= (l1, c1)]
            if sorted(inside) == [0, 1]:
                return "in the two arms of the if at %s:%d, of which a " \
                    "run takes one" % (f, ln)
        return ""

    def check_conflict(self, r: Request) -> None:
        """A file with unresolved merge-conflict markers does not build,
        and which side of each conflict is meant is not known: its
        requests are reported until the conflict is resolved."""
        for c in r.calls:
            ln = self.conflicts.get(c.file)
            if ln:
                self.report(r, Reason.CONFLICT, "%s has an unresolved "
                            "merge conflict (marker at %s:%d): resolve it, "
                            "then convert" % (c.file, c.file, ln))
                return

    def check_unseen(self, r: Request) -> None:
        """A call of the old API that pass 1 did not see (spatch could not
        parse its function) and that may name the request blocks it: pass
        2 cannot rewrite that call either, and converted without it, it
        would name a request that no longer exists.  It may name the
        request when its name may hold one of the request's names (the
        rules of check_names: a literal, a macro that is one, or else any
        string of its class)."""
        cls = r.calls[0].cls
        hit = []
        for u in self.unseen:
            if u.cls != cls:
                continue
            un = name_of(u, self.units[u.unit])
            if self.values is not None:
                ua = self.values.atoms(u, un)
                if any(aliases(self.atoms[c.key], ua) for c in r.calls):
                    hit.append(u)
            elif un.kind not in (CONST, UNRESOLVED) or any(
                    self.names[c.key].kind not in (CONST, UNRESOLVED) or
                    self.names[c.key].key == un.key for c in r.calls):
                hit.append(u)
        if hit:
            r.unseen = [u.where for u in hit]
            self.report(r, Reason.UNPARSED_CALL, "%s (class %s) may also "
                        "be named at %s, whose function could not be "
                        "parsed either: converted without %s, the request "
                        "%s names would be gone; convert all its calls by "
                        "hand" % (
                            r.shown, cls, ", ".join(r.unseen),
                            "it" if len(hit) == 1 else "them",
                            "it" if len(hit) == 1 else "they"))

    def check_guard(self, r: Request) -> None:
        """Calls under #if LINUX_VERSION_CODE are reported: converted, the
        branch for old kernels no longer builds there.  When every call
        is in a branch that only kernels before 2.6.35 build, the old API
        is the one upstream's kernels of that branch have, but 2.6.34
        with the series builds that branch too and has handles only:
        reported apart (OLD_KERNEL), with what to change."""
        for tests, before, why in (
                (self.older, "2.6.34", ", whose API is the string one: right "
                 "as it is"),
                (self.old, "2.6.35", ": upstream's kernels of the string API, "
                 "but also 2.6.34 with the request API backported, which "
                 "has handles only; for such a kernel, have the test tell "
                 "it apart or convert that branch by hand (the driver's "
                 "branch for 2.6.35 on, if it has one, shows how)")):
            lns = [tests.get(c.file, {}).get(c.line) for c in r.calls]
            if all(lns):
                c = min(r.calls, key=lambda x: (x.file, x.line, x.col))
                self.report(r, Reason.OLD_KERNEL,
                            "%s under a test of the kernel version (the "
                            "first at %s:%d) that only kernels before %s "
                            "pass%s" % (
                                "every call is" if len(lns) > 1 else
                                "the call is", c.file,
                                tests[c.file][c.line], before, why))
                return
        for c in r.calls:
            ln = self.guarded.get(c.file, {}).get(c.line)
            if ln:
                self.report(r, Reason.VERSION_GUARD,
                            "%s at %s is under the kernel version test at "
                            "%s:%d; convert the branch for new kernels by "
                            "hand" % (c.fn, c.where, c.file, ln))
                return

    def check_names(self, r: Request) -> None:
        """A name that is not constant may alias every name of its class;
        only one field of one structure, alone in its class, is one
        request per instance."""
        nm = [self.names[c.key] for c in r.calls]
        nonconst = [(c, n) for c, n in zip(r.calls, nm)
                    if n.kind not in (CONST, UNRESOLVED)]
        if not nonconst:
            return
        keys = {(n.kind, n.key) for c, n in nonconst}
        if len(keys) == 1 and len(nonconst) == len(r.calls) and \
                nonconst[0][1].kind == INST:
            return
        cls = r.calls[0].cls
        if self.atoms is not None and not any(
                n.kind in (RUNTIME, PARAM) for c, n in nonconst):
            for c, n in nonconst:
                for x in r.calls:
                    if self.names[x.key].key == n.key:
                        continue
                    al = aliases(self.atoms[c.key], self.atoms[x.key])
                    if al:
                        a, wa, b, wb = al
                        xn = self.names[x.key]
                        other = "%s at %s names it" % (xn.shown, x.where) \
                            if xn.kind == CONST else \
                            "%s at %s may hold %s (%s)" % (
                                xn.shown, x.where, atom_text(b), wb)
                        self.report(r, Reason.ALIASED_NAME, "%s in "
                                    "%s() at %s may hold %s (%s), and %s: "
                                    "they may name one request of %s" % (
                                        the_name(n.shown), c.func, c.where,
                                        atom_text(a),
                                        wa, other, cls))
                        # a field that would hold a device's name but
                        # for one store: that store
                        why = ""
                        if xn.kind == INST and is_dev_key(xn.key):
                            why = self.values.dn.why_not(c, n)
                        elif is_dev_key(n.key):
                            why = self.values.dn.why_not(x, xn)
                        if why:
                            r.detail += " (%s)" % why
                        return
        for kind, why, what in ((RUNTIME, Reason.RUNTIME_NAME,
                                 "is built at run time"),
                                (PARAM, Reason.PARAM_NAME,
                                 "is a parameter"),
                                (INST, Reason.ALIASED_NAME,
                                 "is read from a field")):
            for c, n in nonconst:
                if n.kind == kind:
                    others = sorted({self.names[x.key].shown for x in r.calls
                                     if self.names[x.key].key != n.key})
                    self.report(r, why, "%s in %s() at %s %s and "
                                "may hold any string, so it may name any "
                                "request of %s%s: pass a handle instead" % (
                                    the_name(n.shown), c.func, c.where, what,
                                    cls,
                                    " (here also %s)" % ", ".join(others)
                                    if others else ""))
                    return

    def check_add(self, r: Request) -> None:
        """An update or remove of a name that no file given adds: its
        handle would be found nowhere.  With names, such a call was a
        no-op unless a file not given added the name."""
        if not r.adds:
            self.report(r, Reason.NO_ADD, "no file given adds %s (class "
                        "%s); deleting %s keeps the behaviour only if no "
                        "other file adds it" % (
                            r.shown, r.calls[0].cls,
                            "the call" if len(r.calls) == 1 else
                            "the calls"))

    def check_atomic(self, r: Request) -> None:
        """pm_qos_add_request() may sleep: an add in atomic context is
        reported.  Updates and removes may run in any context (v3 core)."""
        for c in r.adds:
            g = self.graph(c)
            why = None
            if c.key in self.units[c.unit].locked:
                why = "called with a spinlock held or interrupts off"
            elif c.func in g.atomic:
                why = "%s() is %s" % (c.func, g.atomic[c.func])
            if why:
                self.report(r, Reason.ATOMIC_ADD, "%s at %s: the new add "
                            "allocates and may sleep; add the request in "
                            "process context" % (why, c.where))
                return

    def check_form(self, r: Request) -> None:
        for c in r.calls:
            if c.fn == REMOVE and c.form != "stmt" or \
                    c.fn != REMOVE and c.form is None:
                self.report(r, Reason.RESULT_USED, "the result of %s() at "
                            "%s is used in an expression: convert by hand"
                            % (c.fn, c.where))
                return

    def check_place(self, r: Request) -> None:
        """See placement: a static handle only for a request that exists
        once by construction (an add that runs once, no device reaching
        it, or only probes of a driver for one device: CallGraph.singleton),
        else a field of the driver's own instance."""
        kinds = {self.names[c.key].kind for c in r.calls}
        files = sorted({c.file for c in r.calls})
        adds = r.adds
        if kinds == {INST}:
            owner = owner_struct(self.names[r.calls[0].key].key)
            s, why = self.place.holder(r.calls, owner)
            if s is None:
                self.report(r, Reason.NO_HOLDER, "%s differs per "
                            "instance, so needs a handle per instance; %s"
                            % (the_name(r.shown), why))
                return
            own = sorted({self.devname[c.key][2] for c in r.calls
                          if c.key in self.devname and
                          self.devname[c.key][2]})
            if own and own != [s[0]]:
                c = [c for c in r.calls if c.key in self.devname and
                     self.devname[c.key][2]][0]
                self.report(r, Reason.NO_HOLDER, "the name %s holds the "
                            "device's name in struct %s (its stores: %s), "
                            "so the handle belongs there, and not every "
                            "call reaches it" % (self.devname[c.key][0].shown,
                                                 own[0],
                                                 self.devname[c.key][1]))
                return
            r.place = ("field", s)
            return
        once = all(self.graph(a).runs_once(a.func) for a in adds)
        if once and len(files) == 1:
            r.place = ("static", files[0])
            return
        s, why = self.place.holder(r.calls, None, shared_ok=False)
        if s is not None:
            r.place = ("field", s)
            return
        if len(files) == 1:
            for rule, how in (("flag", self.flag_gate),
                              ("replaced", self.replaced),
                              ("locked", self.paired_locked)):
                self.evidence = {}
                r.gated = how(r.calls)
                if r.gated:
                    r.proof = dict(self.evidence, rule=rule)
                    break
            r.one_at_a_time = bool(r.gated)
            if r.gated:
                # Added at most once at a time by its file's flag.
                r.place = ("static", files[0])
                return
        one = [self.graph(a).singleton(a.func) or self.one_device(a)
               for a in adds]
        if all(one):
            # Added only from probes that keep their state in file
            # scope: one device by construction.
            r.proof = {"rule": "one_device", "file": adds[0].file,
                       "adds": [self.device_proof(a) for a in adds]}
            if len(files) == 1:
                r.place = ("static", files[0])
                r.one_instance = "one device by construction: " + \
                    "; ".join(sorted(set(one)))
                return
            s, _ = self.place.holder(r.calls, None, shared_ok=True)
            if s is not None:
                r.place = ("field", s)
                r.one_instance = "one device by construction: " + \
                    "; ".join(sorted(set(one)))
                return
            r.proof = {}
        dev = [a for a in adds if self.graph(a).per_device(a.func)]
        cb = [(a, self.graph(a).callback_entry(a.func)) for a in adds]
        cb = [(a, how) for (a, how) in cb if how]
        if not dev and not cb and len(files) == 1:
            # No device reaches the adds, and no callback that may run
            # more than once (a .probe, a .store): one instance by
            # construction.
            r.place = ("static", files[0])
            r.one_instance = "one instance by construction: " \
                "no device reaches the add"
            r.proof = {"rule": "no_device", "file": files[0],
                       "adds": [a.line for a in adds]}
            return
        if dev and not cb and len(files) == 1:
            # Reached only through structures that have one instance.
            one = {}
            for a in adds:
                one.update(self.one_instance(a))
            if not [a for a in adds if self.graph(a).per_device(
                    a.func, one=set(one))]:
                r.place = ("static", files[0])
                r.proof = {"rule": "one_instance", "file": files[0],
                           "structs": [{"struct": k, "var": v} for k, v
                                       in sorted(one.items())]}
                r.gated = "one instance by construction: %s" % "; ".join(
                    "struct %s has one instance, %s, and the driver "
                    "allocates none" % (k, v) for k, v in sorted(one.items()))
                return
        if not dev and cb:
            a, how = cb[0]
            self.report(r, Reason.NO_HOLDER, "added at %s in %s(), reached "
                        "from %s, which may run more than once, and no "
                        "structure of the driver holds the handle; %s"
                        % (a.where, a.func, how, why))
            return
        if once:
            other = [c for c in r.calls if c.file != adds[0].file]
            self.report(r, Reason.SHARED_ACROSS_FILES, "added at %s and "
                        "used at %s: declare one handle for both files" %
                        (adds[0].where, other[0].where))
            return
        a = dev[0] if dev else adds[0]
        arg = self.instance_arg(a)
        self.report(r, Reason.NO_HOLDER, "added at %s in %s(), which may "
                    "run more than once%s; %s" % (
                        a.where, a.func, " (%s)" % arg if arg else "", why))

    def check_again(self, r: Request) -> None:
        """An add that a path of its function reaches from an add of the
        same class and name, itself (a loop) or another, with no remove
        between (facts.cocci: add_bad_path) makes a second request while
        the first is live: the string API kept both under the name, and
        each remove dropped one; one handle would keep only the last, and
        the first would never be removed.  For a field handle, only a
        path that takes no structure pointer from an allocator, a getter
        or container_of (add_stale_path): a loop that allocates or looks
        up the holder of each run adds into a new one each time.  Not
        when the adds are shown to run one at a time (flag_gate,
        replaced)."""
        if r.one_at_a_time:
            return
        for a in r.adds:
            F = self.units[a.unit]
            froms = F.add_stale_from if r.place and \
                r.place[0] == "field" else F.add_bad_path_from
            again = sorted(s for s in froms.get(a.key, ()) if s != "entry")
            if again:
                self.report(r, Reason.ADDED_AGAIN, "the add at %s runs "
                            "again %s with no remove of %s between: each "
                            "run made a request of that name, which one "
                            "handle cannot hold; keep a handle for each, "
                            "or remove before adding again" % (
                                a.where, "in a loop" if again == [a.line]
                                else "after the add at %s:%d" % (
                                    a.file, [s for s in again
                                             if s != a.line][0]),
                                r.shown))
                return

    def check_anchor(self, r: Request) -> None:
        """Where a static handle is declared: before the first function of
        its file that uses it, when the #if blocks around that function
        are around every call of the request too; else before the
        nearest function above it that they are; else after the file's
        one #include of the API's header, if they are around it (a file
        whose first function is under an #if that not all calls are in).
        Declared inside a block that a call is outside of, the handle
        would not build where that block is left out; blocks of the same
        conditions count as one (textfacts.cond_blocks)."""
        if r.place is None or r.place[0] != "static":
            return
        file = r.place[1]
        F = self.units[r.calls[0].unit]
        first = min((F.funcs[c.func][1], c.func) for c in r.calls
                    if c.func in F.funcs and c.file == file)
        text = self.text(file)
        if text is None:
            r.anchor = first[1]
            return
        text = blank_comments(text)
        blocks = cond_blocks(text)

        def around(line: int) -> tuple:
            return blocks[line - 1] if line <= len(blocks) else ()

        def sees(line: int) -> bool:
            b = around(line)
            return all(around(c.line)[:len(b)] == b for c in r.calls
                       if c.file == file)

        for ln, fn in sorted(((ln, fn) for fn, (f, ln) in F.funcs.items()
                              if f == file and ln <= first[0]),
                             reverse=True):
            if sees(ln):
                r.anchor = fn
                return
        inc = includes_header(text, API_HEADER)
        if len(inc) == 1 and inc[0] < first[0] and sees(inc[0]):
            r.anchor = "#include"
            return
        self.report(r, Reason.NO_PLACE, "%s() at %s:%d is under an #if "
                    "that not every call is in, and no function above it "
                    "nor an #include <%s> of %s is outside it: declare "
                    "the handle by hand" % (first[1], file, first[0],
                                            API_HEADER, file))

    # Structures of operations, not of an instance: a function that
    # takes one (a probe helper given the struct hc_driver to create
    # the host with) is not told apart by it.
    OPS_STRUCT = re.compile(r'(?:_driver|_ops|_operations|_desc)$')

    def instance_arg(self, a: Call, fn: str = "",
                     seen: Optional[set] = None) -> str:
        """For the report: the parameter by which a's function (or one
        on a path to it) can run for more than one instance, as
        CallGraph.per_device finds it, but never a table of operations
        (OPS_STRUCT)."""
        g = self.graph(a)
        fn = fn or a.func
        seen = set() if seen is None else seen
        seen.add(fn)
        for (var, s, how) in self.units[a.unit].svars.get(fn, []):
            if how == "param" and not self.OPS_STRUCT.search(s) and \
                    (s in DEVICE_STRUCTS or s not in self.place.core):
                return "%s() takes struct %s *%s" % (fn, s, var)
        for (c, ln, f) in g.callers.get(fn, []):
            if c not in seen:
                t = self.instance_arg(a, c, seen)
                if t:
                    return t
        return ""

    def text(self, f: str) -> Optional[str]:
        return self.values.texts.get(f) if self.values else None

    def returns_after(self, fr) -> bool:
        """The free's statement is followed by a return: what comes after
        in the function does not run after this free."""
        t = self.text(fr.file)
        if t is None:
            return False
        lines = t.split("\n")
        rest = "\n".join(lines[fr.line - 1:fr.line + 8])
        m = re.match(r'[^;]*;\s*return\b', rest)
        return bool(m) and fr.callee in m.group(0)

    def gap(self, r: Request, c: Call, fr) -> Optional[List[str]]:
        """The calls between the free of a remove's holder and the remove,
        when the remove can move before the free: both are statements of
        one block, only simple statements lie between (calls and
        assignments: no branch, block, label, return or goto), and none
        of them calls, or hands on, a function of the unit that reaches
        a call of the request.  None when it cannot."""
        t = self.text(c.file)
        if t is None:
            return None
        lines = blank_comments(t).split("\n")
        head = lines[fr.line - 1]
        i = head.find(fr.callee + "(")
        if i < 0 or head[:i].strip():
            return None
        if lines[c.line - 1][:max(0, c.col)].strip():
            return None
        between = "\n".join([head[i:]] + lines[fr.line:c.line - 1])
        j = between.find(";")
        if j < 0:
            return None
        between = between[j + 1:]
        if re.search(r'[{}#:?]|\b(?:if|else|for|while|do|switch|return|'
                     r'goto|break|continue|case|default)\b', between):
            return None
        # a call of the old API, or through a pointer, may be the request's
        if re.search(r'\bpm_qos_\w+\s*\(|(?:->|\.)\s*\w+\s*\(|\)\s*\(',
                     between):
            return None
        F = self.units[c.unit]
        mine = {x.func for x in r.calls if x.unit == c.unit}
        calls = []
        for m in re.finditer(r'\b([A-Za-z_]\w*)\b(\s*\()?', between):
            fn = m.group(1)
            if fn in F.funcs and self.reaches(F, fn, mine):
                return None
            if fn not in F.funcs and any(fn in G.funcs for G in
                                         self.units.values()):
                return None   # a function of another file given
            if m.group(2):
                calls.append(fn + "()")
        return calls

    def reaches(self, F: UnitFacts, fn: str, targets: set,
                seen: Optional[set] = None) -> bool:
        """fn calls, or hands on, a function of targets, directly or
        through the functions of the unit."""
        if fn in targets:
            return True
        seen = seen if seen is not None else set()
        seen.add(fn)
        for e in F.edges.values():
            if e.caller != fn:
                continue
            for g in [e.callee] + list(e.args.values()):
                if g in F.funcs and g not in seen and \
                        self.reaches(F, g, targets, seen):
                    return True
        return False

    def check_alive(self, r: Request) -> None:
        """No converted call reads a field handle after the function freed
        its holder (kfree(x); remove(...) becomes a read of x->h).

        Except a remove that is the statement right after the only free
        of its holder before it, in the same block (kfree(x); remove(...);
        adjacent, so nothing runs between them and nothing there uses the
        request): it is moved before the free, the order the handle needs,
        and the report says so.  So is a remove a few statements after
        the only free of its holder, in the same block, when what runs
        between uses no call of the request (gap).  A free followed by a
        return ends its path: it does not count for what comes after.
        The holder's free is the free of it or of the object whose
        private area it is (usb_put_hcd(hcd) for hcd_to_foo(hcd),
        free_netdev(ndev) for netdev_priv(ndev)).  A remove right before
        the free of its holder (remove(...); kfree(x);) does not clear
        the handle: the holder is gone next, and nothing can read it."""
        if r.place is None or r.place[0] != "field":
            return
        s = r.place[1][0]
        for c in r.calls:
            pre = self.place.prefix(c, s)
            var = re.split(r'->|\.', pre)[0]
            F = self.units[c.unit]
            adj = F.free_beside_remove.get(c.key, []) if c.fn == REMOVE else []
            # the holder, and the object whose private area it is
            # (hcd for hcd_to_foo(hcd), ndev for netdev_priv(ndev))
            held = {var, self.derived.get((c.func, var), var)}
            before = []
            for fr in F.frees:
                arg = re.sub(r'^\([^()]*\)', '', fr.arg).lstrip("&")
                if fr.func == c.func and fr.file == c.file and arg in held:
                    if fr.line < c.line and not self.returns_after(fr):
                        before.append(fr)
                    elif any(not b and ln == fr.line and fc == fr.callee
                             and x == fr.arg for (fc, x, ln, b) in adj):
                        r.nonull[c.key] = True
            if not before:
                continue
            fr = before[0]
            if len(before) == 1 and any(
                    b and ln == fr.line and fc == fr.callee and x == fr.arg
                    for (fc, x, ln, b) in adj):
                r.moved[c.key] = "%s() at %s:%d" % (fr.callee, fr.file,
                                                    fr.line)
                r.nonull[c.key] = True
                continue
            gap = self.gap(r, c, fr) if len(before) == 1 and \
                c.fn == REMOVE else None
            if gap is not None:
                r.moved[c.key] = "%s() at %s:%d" % (fr.callee, fr.file,
                                                    fr.line)
                r.gaps[c.key] = (fr.line, gap)
                r.nonull[c.key] = True
                continue
            self.report(r, Reason.USE_AFTER_FREE, "%s() at %s:%d "
                        "frees %s before %s at %s, which would "
                        "read the handle from it: move the call "
                        "before the free" % (
                            fr.callee, fr.file, fr.line, var, c.fn,
                            c.where))
            r.freed_by = "%s() at %s:%d" % (fr.callee, fr.file, fr.line)
            return
